import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import t from 'tap';
import { translator } from '../../server/i18n.js';
import { TRIP_STATUS } from '../../common/allocation.js';
import { addDays, DELAY_STATUS, DELIVERY_STATUS } from '../../common/deliveries.js';
import { tripKm } from '../../common/places.js';
import { reportHtml } from '../../server/reports/files.js';
import { invoiceTotals } from '../../server/reports/invoices.js';
import { tripCharge } from '../../server/reports/trip-costs.js';
import { makeDelivery, reportCast } from './allocation-fixtures.js';
import { dayAfterDemo, demoApp, departmentId, signedIn } from './helpers.js';
import { compact, csvRecords, pdfFonts, pdfLines, pdfPages, xlsxSheets } from './report-files.js';

type Api = (options: InjectOptions) => Promise<LightMyRequestResponse>;

// One application for the file; the trips and deliveries of each test are on days of their own, after
// the demo's, so that the figures are exactly the test's.
const { app, db } = await demoApp(t);
const [center, branch, carrier, hq, superAdmin] = await Promise.all(['center', 'branch', 'carrier', 'hq', 'super'].map((login) => signedIn(app, login)));
const { fleet, stores, toto, totoVehicle, totoDriver, otherVehicle, otherDriver } = await reportCast(db);

const get = (api: Api, path: string, language = 'ja') => api({ method: 'GET', url: `/api/report/${path}`, headers: { 'accept-language': language } });

async function newTrip(api: Api, date: string, vehicle: { id: number; delivery_company_id: number }, driverId: number) {
  const payload = { date, kind: 'store_direct', department_id: fleet.center, vehicle_id: vehicle.id, driver_id: driverId };
  const response = await api({ method: 'POST', url: '/api/vehicle_allocation', payload });
  if (response.statusCode !== 201) throw new Error(`create: ${response.statusCode} ${response.body}`);
  return response.json() as { id: number; version: number; trip_no: number };
}

async function putStops(trip: { id: number; version: number }, ids: number[]) {
  const payload = { version: trip.version, stops: ids.map((delivery_id, index) => ({ delivery_id, seq: index + 1 })) };
  const response = await center({ method: 'PUT', url: `/api/vehicle_allocation/${trip.id}/stops`, payload });
  if (response.statusCode !== 200) throw new Error(`stops: ${response.statusCode} ${response.body}`);
}

const delivery = (date: string, store: number, quantity: number, weight: number, load_unit = 0) =>
  makeDelivery(db, { date, department_id: fleet.center, delivery_destination_id: stores[store]!.id, quantity, weight, load_unit, volume: 1.5 });

/**
 * A day of the center: a trip of 東都運輸 with three deliveries at two stores (one delivered on time,
 * one delivered late), a trip of another company with one cage-cart delivery, and one delivery not
 * yet on a trip.
 */
async function dayOfTrips(date: string) {
  const [a1, a2, a3, b1, loose] = [
    await delivery(date, 0, 1, 300),
    await delivery(date, 0, 1, 150),
    await delivery(date, 1, 2, 450),
    await delivery(date, 2, 2, 200, 1),
    await delivery(date, 3, 1, 50),
  ];
  const totoTrip = await newTrip(center, date, totoVehicle, totoDriver.id);
  await putStops(totoTrip, [a1!.id, a2!.id, a3!.id]);
  const otherTrip = await newTrip(superAdmin, date, otherVehicle, otherDriver.id);
  await putStops(otherTrip, [b1!.id]);
  await db.updateTable('deliveries').set({ status: DELIVERY_STATUS.delivered, delivery_delay_status: DELAY_STATUS.onTime }).where('id', '=', a1!.id).execute();
  await db.updateTable('deliveries').set({ status: DELIVERY_STATUS.delivered, delivery_delay_status: DELAY_STATUS.delayed }).where('id', '=', a2!.id).execute();
  const all = [a1, a2, a3, b1, loose].map((made) => made!.slip_number);
  return { totoTrip, otherTrip, slips: { a1: a1!.slip_number, b1: b1!.slip_number, loose: loose!.slip_number, all } };
}

let nextDay = 0;
/** A Wednesday after the demo's days, a week apart for each test (weekly reports stay apart too). */
function freshDay() {
  let day = dayAfterDemo(7 * nextDay++);
  while (new Date(`${day}T00:00:00Z`).getUTCDay() !== 3) day = addDays(day, 1);
  return day;
}

t.test('配送運行指示書: one page per trip with its vehicle, driver, stops and slips; scoped to the caller', async (t) => {
  const date = freshDay();
  const { slips, otherTrip } = await dayOfTrips(date);
  const response = await get(center, `delivery-operation?date=${date}&format=pdf`);
  t.equal(response.statusCode, 200);
  t.equal(response.headers['content-type'], 'application/pdf');
  t.match(response.headers['content-disposition'], `delivery-operation_${date}.pdf`);
  const pages = await pdfPages(response.rawPayload);
  t.equal(pages.length, 2, 'a page per trip');
  const fonts = pdfFonts(response.rawPayload);
  t.same([...fonts.faces].sort(), ['BIZUDPGothic-Bold', 'BIZUDPGothic-Regular'], 'BIZ UDPゴシック, regular and bold, embedded');
  t.same([...fonts.subtypes].sort(), ['CIDFontType2', 'Type0'], 'as TrueType font subsets, no Type 3 glyph drawings');
  const [first, second] = pages;
  t.match(first, '配送運行指示書');
  t.match(first, compact(totoVehicle.vehicle_number));
  t.match(first, compact(totoDriver.name));
  t.match(first, compact(stores[0]!.customer_store_name));
  t.match(first, slips.a1);
  t.match(first, '受領印');
  t.match(first, compact('未確定（下書き）'), 'a trip not confirmed is marked as a draft');
  t.notMatch(first, slips.b1);
  t.match(second, slips.b1);

  const carriers = await pdfPages((await get(carrier, `delivery-operation?date=${date}&format=pdf`)).rawPayload);
  t.equal(carriers.length, 1, 'a delivery company sees its own trips only');
  t.match(carriers[0], compact(totoVehicle.vehicle_number));

  const english = await get(center, `delivery-operation?date=${date}&format=pdf&delivery_company_id=${toto}`, 'en');
  const englishPages = await pdfPages(english.rawPayload);
  t.equal(englishPages.length, 1, 'the company filter');
  t.match(englishPages[0], 'Deliveryoperationinstructions');
  t.match(first, /\d{2}:\d{2}〜\d{2}:\d{2}/, 'a store window in Japanese');
  t.match(englishPages[0], /\d{2}:\d{2}[–‒]\d{2}:\d{2}/, 'and in English, with an en dash (the PDF’s text layer may read it as a figure dash)');
  t.notMatch(englishPages[0], '〜');
  t.match(englishPages[0], '4pallets/900kg', 'the load in English words: 4 pallets, not 4 Pallet');
  t.match(englishPages[0], /2pallets\d/, 'and each stop’s');

  const elsewhere = await departmentId(db, 'CT-NANKO');
  const none = await get(center, `delivery-operation?date=${date}&format=pdf&department_id=${elsewhere}`);
  t.equal(none.statusCode, 404, 'a center outside the scope shows nothing');
  t.equal(none.json().message, '指定した日・条件に該当する便がありません。');
  t.equal((await get(branch, `delivery-operation?date=${date}&format=pdf`)).statusCode, 200, 'the branch above the center sees its trips');

  const oneTrip = await pdfPages((await get(center, `delivery-operation?date=${date}&vehicle_allocation_id=${otherTrip.id}&format=pdf`)).rawPayload);
  t.equal(oneTrip.length, 1, 'one trip, printed from its page');
  t.match(oneTrip[0], slips.b1);
  t.equal((await get(carrier, `delivery-operation?date=${date}&vehicle_allocation_id=${otherTrip.id}&format=pdf`)).statusCode, 404, 'another company’s trip is not printed');
});

t.test('配送日報（全体）: the trips and every delivery with its outcome, as PDF and as a workbook', async (t) => {
  const date = freshDay();
  const { slips } = await dayOfTrips(date);
  const pdf = await get(center, `dalivery-daily-report-all?date=${date}&format=pdf`);
  t.equal(pdf.statusCode, 200);
  const text = (await pdfPages(pdf.rawPayload)).join('');
  for (const expected of ['配送日報（全体）', '便の一覧', slips.a1, slips.b1, slips.loose, '未配車', '遅延', '配達完了']) t.match(text, compact(expected));

  const xlsx = await get(center, `dalivery-daily-report-all?date=${date}&format=xlsx`);
  t.equal(xlsx.statusCode, 200);
  t.equal(xlsx.headers['content-type'], 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const [trips, deliveries] = await xlsxSheets(xlsx.rawPayload);
  t.equal(trips!.name, '便');
  t.equal(trips!.rows[0]![0], '配送日報（全体）');
  t.same(trips!.rows.slice(4).map((row) => [row[3], row[7], row[8], row[14], row[15]]), [
    [totoVehicle.vehicle_number, 2, 4, 2, 1],
    [otherVehicle.vehicle_number, 1, 2, 0, 0],
  ], 'per trip: vehicle, stops, quantity, delivered, delayed');
  t.equal(deliveries!.name, '配送');
  const slipColumn = deliveries!.rows[3]!.indexOf('伝票番号');
  t.same(deliveries!.rows.slice(4).map((row) => row[slipColumn]).sort(), [...slips.all].sort(), 'every delivery of the day');

  const carriers = await xlsxSheets((await get(carrier, `dalivery-daily-report-all?date=${date}&format=xlsx`)).rawPayload);
  t.equal(carriers[0]!.rows.length - 4, 1, 'a delivery company: its own trip');
  t.equal(carriers[1]!.rows.length - 4, 3, 'and the deliveries on it');
});

t.test('配送日報 and 配送運行指示書 print 便, 車番, slip numbers, 荷姿 and times each on one line, in Japanese and in English', async (t) => {
  const date = freshDay();
  const made = [];
  for (const index of [0, 1, 2, 3]) made.push(await delivery(date, index, 1, 286, 1));
  const trip = await newTrip(center, date, totoVehicle, totoDriver.id);
  await putStops(trip, made.map(({ id }) => id));
  const tripTimes = { loading_started_at: new Date(`${date}T07:05:00+09:00`), departed_at: new Date(`${date}T08:05:00+09:00`), completed_at: new Date(`${date}T10:01:00+09:00`) };
  await db.updateTable('vehicle_allocations').set({ ...tripTimes, status: TRIP_STATUS.completed, route_name: '品川区ルート' }).where('id', '=', trip.id).execute();
  const printed = [];
  for (const [index, minute] of [13, 19, 42, 57].entries()) {
    const values = {
      slip_number: `${date.replaceAll('-', '')}-${1012 + index}`,
      item_name: '冷凍食品（混載）',
      status: DELIVERY_STATUS.delivered,
      delivery_delay_status: DELAY_STATUS.onTime,
      estimated_arrival_time: new Date(`${date}T08:${minute}:00+09:00`),
      report_time: new Date(`${date}T08:${minute + 1}:00+09:00`),
      report_location: '35.612305,139.734976',
    };
    await db.updateTable('deliveries').set(values).where('id', '=', made[index]!.id).execute();
    printed.push({ slip: values.slip_number, arrival: `${date.replaceAll('-', '/')} 08:${minute}` });
  }
  const lines = async (path: string, language = 'ja') => {
    const pdf = await get(center, path, language);
    t.equal(pdf.statusCode, 200, path);
    return (await pdfLines(pdf.rawPayload)).flat();
  };

  const daily = await lines(`dalivery-daily-report-all?date=${date}&format=pdf`);
  for (const { slip, arrival } of printed) {
    t.ok(daily.includes(slip), `配送日報: ${slip} on one line`);
    t.ok(daily.includes(arrival), `配送日報: ${arrival} on one line`);
  }
  // The trip is counted in the unit its deliveries come in: its row says カゴ車 too.
  t.equal(daily.filter((line) => line === 'カゴ車').length, printed.length + 1, '配送日報: 「カゴ車」 whole on every row, the trip’s and its deliveries’');
  t.ok(daily.includes('35.612305,') || daily.includes('35.612305, 139.734976'), '配送日報: the reported place breaks after its comma, if at all');

  // In English the trips' sixteen headings are long: they wrap between words, never the 便, 車番 or 荷姿 under them.
  const english = await lines(`dalivery-daily-report-all?date=${date}&format=pdf`, 'en');
  const tripsTable = english.slice(0, english.indexOf('Deliveries'));
  for (const whole of ['Trip 1', totoVehicle.vehicle_number, 'Cage cart', '07:05']) t.ok(tripsTable.includes(whole), `配送日報 in English, the trips: ${whole} on one line`);

  const operation = await lines(`delivery-operation?date=${date}&format=pdf`);
  for (const { slip } of printed) t.ok(operation.includes(slip), `配送運行指示書: ${slip} on one line`);
});

t.test('配送運行指示書 gives the store name its room: a name that fits is one line, a longer one breaks between its words', async (t) => {
  const ja = translator('ja');
  const stop = (seq: number, store: string) => ({
    seq, code: `S-${1000 + seq}`, store, address: '東京都品川区西大井4-5-6 さくらビル1F', phone: '03-1234-5678', window: ['09:00指定', '08:00〜12:00'],
    plannedArrival: '09:10', warnings: [], quantity: '4 パレット', weight: '1,200', slips: [`SL-0000${seq}`, `SL-0001${seq}`],
  });
  const html = reportHtml('delivery-operation', {
    lang: 'ja',
    title: ja('reports.deliveryOperation.title'),
    labels: ja('reports.deliveryOperation', { returnObjects: true }),
    common: ja('reports.common', { returnObjects: true }),
    printed: '',
    trips: [{
      id: 1, date: '2026/12/06', center: '品川センター', name: '便1', route: '城南方面', vehicle: '品川100あ1234', driver: '山田太郎', company: '東都運輸株式会社',
      load: '12 パレット', capacity: '', loadingStart: '07:00', departure: '08:00', return: '15:00', confirmed: null, warnings: [], totalQuantity: '12', totalWeight: '3,600',
      stops: [stop(1, 'ホームセンターくすのき大井町店'), stop(2, 'ドラッグストアみどり武蔵小山店'), stop(3, 'スーパーマーケットさくら 西大井駅前ショッピングプラザ店')],
    }],
  });
  const lines = (await pdfLines(Buffer.from(await app.pdf.render(html)))).flat();
  for (const name of ['ホームセンターくすのき大井町店', 'ドラッグストアみどり武蔵小山店']) t.ok(lines.includes(name), `${name}: one line (${lines.filter((line) => line.includes(name.slice(0, 4))).join(' | ')})`);
  t.ok(lines.includes('スーパーマーケットさくら') && lines.includes('西大井駅前ショッピングプラザ店'), 'a name too long for one line breaks at its space, each word whole');
});

t.test('printed pages follow 禁則処理: no line starts with ー or a small kana', async (t) => {
  // Between these words a line may break only before ア or ホ; anywhere else it would start with ー, ッ or ョ.
  const body = 'アーーーッーョ ホーーーー'.repeat(60);
  const html = reportHtml('pdf-check', { lang: 'ja', title: '禁則', body, printedBy: '', at: '' });
  const lines = (await pdfLines(Buffer.from(await app.pdf.render(html)))).flat().filter((line) => /[ーッョ]/.test(line));
  t.ok(lines.length > 5, 'the text runs over several lines');
  t.same(lines.filter((line) => /^[ーッョ]/.test(line)), [], 'each line starts with ア or ホ');
});

t.test('日次・週次・月次集計: per center and company, exact figures and the total, CSV and XLSX', async (t) => {
  const date = freshDay();
  await dayOfTrips(date);
  const csv = await get(center, `daily-summary?date=${date}&format=csv`);
  t.equal(csv.statusCode, 200);
  t.equal(csv.headers['content-type'], 'text/csv; charset=utf-8');
  t.equal(csv.rawPayload.subarray(0, 3).toString('hex'), 'efbbbf', 'UTF-8 with a BOM, for Excel');
  const records = csvRecords(csv.rawPayload, 'utf8');
  t.same(records[0], ['センター', '配送会社', '便数', '車両数', 'パレット', 'カゴ車', '重量(kg)', '容積(m³)', '配送数', '配達済', '遅延', '定時率(%)']);
  const totoName = (await db.selectFrom('delivery_companies').select('name').where('id', '=', toto).executeTakeFirstOrThrow()).name;
  const rows = new Map(records.slice(1).map((record) => [record[1], record]));
  t.same(rows.get(totoName), ['品川センター', totoName, '1', '1', '4', '0', '900', '4.5', '3', '2', '1', '50'], '東都: 1 trip, 4 pallets, 2 delivered, 1 late → 50 %');
  t.same(rows.get('未配車')?.slice(2), ['0', '0', '1', '0', '50', '1.5', '1', '0', '0', ''], 'the delivery not yet on a trip');
  t.same(records.at(-1), ['合計', '', '2', '2', '5', '2', '1150', '7.5', '5', '2', '1', '50']);

  const sjis = await get(center, `daily-summary?date=${date}&format=csv&encoding=sjis`);
  t.equal(sjis.headers['content-type'], 'text/csv; charset=shift_jis');
  const sjisRecords = csvRecords(sjis.rawPayload, 'sjis');
  t.same(sjisRecords.at(-1), records.at(-1), 'the same in Shift_JIS');
  t.equal(sjisRecords[0]![7], '容積(m3)', 'Shift_JIS has no ³: the header says m3, not m?');

  // The week from Monday to Sunday holds the day; the next Monday's deliveries are not in it.
  await delivery(addDays(date, 5), 0, 1, 10);
  const weekly = csvRecords((await get(center, `weekly-summary?date=${addDays(date, -2)}&format=csv`)).rawPayload, 'utf8');
  t.equal(weekly.at(-1)![8], '5', 'Monday to Sunday: the day’s five deliveries, not the next Monday’s');
  const sheets = await xlsxSheets((await get(center, `weekly-summary?date=${date}&format=xlsx`)).rawPayload);
  t.equal(sheets[0]!.rows[1]![0]?.toString().startsWith(`期間 ${addDays(date, -2).replaceAll('-', '/')}〜${addDays(date, 4).replaceAll('-', '/')}`), true);
  t.same(sheets[0]!.rows.at(-1)!.slice(0, 4), ['合計', '', 2, 2]);

  const month = date.slice(0, 7);
  const monthly = await get(center, `monthly-summary?month=${month}&format=csv`);
  t.equal(monthly.statusCode, 200);
  t.match(monthly.headers['content-disposition'], `monthly-summary_${month}-01_`);

  const carriers = csvRecords((await get(carrier, `daily-summary?date=${date}&format=csv`)).rawPayload, 'utf8');
  t.same(carriers.slice(1).map((record) => record.slice(0, 3)), [['品川センター', totoName, '1'], ['合計', '', '1']], 'a delivery company sees its own figures only');
});

t.test('refusals name the field, in the caller’s language; every level may download', async (t) => {
  const wrongDay = await get(center, 'daily-summary?date=2026-02-30&format=csv');
  t.equal(wrongDay.statusCode, 400);
  t.ok(wrongDay.json().errors.date, 'the date is named');
  const format = await get(center, 'delivery-operation?date=2026-12-01&format=xlsx', 'en');
  t.equal(format.statusCode, 400);
  t.ok(format.json().errors.format, 'a format the report does not offer');
  for (const month of ['2026-13', '0000-01', '2100-01']) {
    const wrongMonth = await get(center, `monthly-summary?month=${month}&format=csv`);
    t.same([wrongMonth.statusCode, wrongMonth.json().errors], [400, { month: '月は正しい年月（YYYY-MM）で指定してください。' }], month);
  }
  t.equal((await get(center, 'daily-summary?date=2026-12-01&format=csv&department_id=abc')).statusCode, 400);
  t.equal((await get(center, 'daily-summary?date=2026-12-01&format=pdf')).statusCode, 400);
  t.equal((await app.inject({ method: 'GET', url: '/api/report/daily-summary?date=2026-12-01&format=csv' })).statusCode, 401);
  t.equal((await get(hq, 'daily-summary?date=2026-12-01&format=csv')).statusCode, 200, 'headquarters (level 1) too');
});

t.test('without Chromium a PDF answers 503 with a message, and the other formats still work', async (t) => {
  const { app: bare } = await demoApp(t, { CHROMIUM_PATH: '/nonexistent/chromium' });
  const api = await signedIn(bare, 'center');
  const date = freshDay();
  const pdf = await api({ method: 'GET', url: `/api/report/dalivery-daily-report-all?date=${date}&format=pdf` });
  t.equal(pdf.statusCode, 503);
  t.match(pdf.json().message, 'Chromium');
  const xlsx = await api({ method: 'GET', url: `/api/report/dalivery-daily-report-all?date=${date}&format=xlsx` });
  t.equal(xlsx.statusCode, 200);
});

t.test('a trip’s charge and an invoice’s tax: unit price per trip plus per km to 0.1 km, tax 10 % rounded down once', async (t) => {
  t.same(tripCharge({ price_per_trip: 12000, price_per_km: 70 }, 40.26), { km: 40.3, base: 12000, byDistance: 2821, amount: 14821 });
  t.same(tripCharge({ price_per_trip: 12000, price_per_km: null }, 40.26), { km: 40.3, base: 12000, byDistance: 0, amount: 12000 }, 'no charge by distance');
  t.same(tripCharge({ price_per_trip: 12000, price_per_km: 70 }, null), { km: null, base: 12000, byDistance: 0, amount: 12000 }, 'stops without a place');
  t.same(tripCharge({ price_per_trip: null, price_per_km: null }, 10), { km: 10, base: null, byDistance: null, amount: null }, 'no unit price: no amount');
  t.same(invoiceTotals([14821, 12000, null]), { subtotal: 26821, tax: 2682, total: 29503 });
});

t.test('請求書: per delivery company and month, the completed trips at the unit price of their day, tax and total', async (t) => {
  // A month of its own, a year after the demo, with unit prices of its own: 東都's own price of the
  // month (not the one before it, not the one after the day), and the default for the other company.
  const date = dayAfterDemo(400);
  const monthStart = `${date.slice(0, 7)}-01`;
  const totoType = (await db.selectFrom('vehicles').select('vehicle_type_id').where('id', '=', totoVehicle.id).executeTakeFirstOrThrow()).vehicle_type_id;
  const otherType = (await db.selectFrom('vehicles').select('vehicle_type_id').where('id', '=', otherVehicle.id).executeTakeFirstOrThrow()).vehicle_type_id;
  await db
    .insertInto('unit_prices')
    .values([
      { vehicle_type_id: totoType, kind: 1, delivery_company_id: toto, price_per_trip: 1, price_per_km: 1, effective_from: addDays(monthStart, -1) },
      { vehicle_type_id: totoType, kind: 1, delivery_company_id: toto, price_per_trip: 20000, price_per_km: 100, effective_from: monthStart },
      { vehicle_type_id: totoType, kind: 1, delivery_company_id: toto, price_per_trip: 3, price_per_km: 3, effective_from: addDays(date, 1) },
      { vehicle_type_id: otherType, kind: 1, delivery_company_id: null, price_per_trip: 9000, price_per_km: null, effective_from: monthStart },
    ])
    .execute();
  const { totoTrip, otherTrip } = await dayOfTrips(date);
  const planned = await get(center, `invoice-store-directly?month=${date.slice(0, 7)}&format=pdf`);
  t.equal(planned.statusCode, 404, 'trips not completed are not billed');
  t.equal(planned.json().message, '指定した月・条件に請求対象の便（完了した便）がありません。');
  await db.updateTable('vehicle_allocations').set({ status: TRIP_STATUS.completed }).where('id', 'in', [totoTrip.id, otherTrip.id]).execute();

  const centerPoint = await db.selectFrom('departments').select(['latitude', 'longitude']).where('id', '=', fleet.center).executeTakeFirstOrThrow();
  const stops = await db
    .selectFrom('allocation_stops as s')
    .innerJoin('delivery_destinations as dd', 'dd.id', 's.delivery_destination_id')
    .select(['s.seq', 'dd.latitude', 'dd.longitude'])
    .where('s.vehicle_allocation_id', '=', totoTrip.id)
    .execute();
  const km = Math.round(tripKm({ origin_latitude: centerPoint.latitude, origin_longitude: centerPoint.longitude, stops })! * 10) / 10;
  const amount = 20000 + Math.round(100 * km);
  const yen = (value: number) => `¥${value.toLocaleString('ja-JP')}`;

  const response = await get(center, `invoice-store-directly?month=${date.slice(0, 7)}&format=pdf`);
  t.equal(response.statusCode, 200);
  const pages = await pdfPages(response.rawPayload);
  t.equal(pages.length, 2, 'an invoice per company');
  const totoPage = pages.find((page) => page.includes(compact('東都運輸株式会社')))!;
  t.match(totoPage, compact('請求書（店舗直送）'));
  t.match(totoPage, 'T1010401012345', 'the issuer’s registration number');
  t.match(totoPage, compact('本社 御中'));
  t.match(totoPage, `${km.toFixed(1)}${yen(20000)}${yen(100 * km)}${yen(amount)}`, 'the company’s own price of that month, per trip and per km');
  t.match(totoPage, `${compact('小計（10%対象）')}${yen(amount)}${compact('消費税（10%）')}${yen(Math.floor(amount / 10))}`);
  const [year, month] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
  t.match(totoPage, compact(`件名：${year}年${month}月分 運賃`));
  const english = await pdfPages((await get(center, `invoice-store-directly?month=${date.slice(0, 7)}&format=pdf`, 'en')).rawPayload);
  const monthName = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'][month - 1];
  t.match(english.join(''), compact(`Subject: freight charges for ${monthName} ${year}`), 'the month in English words, no 年月');
  const otherPage = pages.find((page) => page !== totoPage)!;
  t.match(otherPage, `${yen(9000)}${yen(0)}${yen(9000)}`, 'the default price without a charge by distance');

  const carriers = await pdfPages((await get(carrier, `invoice-store-directly?month=${date.slice(0, 7)}&format=pdf`)).rawPayload);
  t.equal(carriers.length, 1, 'a delivery company gets its own invoice only');
  t.match(carriers[0], 'T1010401012345');
  t.equal((await get(center, `invoice-between-center?month=${date.slice(0, 7)}&format=pdf`)).statusCode, 404, 'store deliveries are not transfers');
});
