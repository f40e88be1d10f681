import t, { type Test } from 'tap';
import { EARTH_RADIUS_KM, ROAD_FACTOR } from '../../common/places.js';
import {
  fuelEconomyEmission,
  fuelPerTonKm,
  improvedTonKm,
  loadEfficiency,
  loadedShare,
  loadRate,
  runHandlingMinutes,
  withinTargetShare,
} from '../../common/records.js';
import { drivenKms } from '../../server/reports/trip-costs.js';
import { at, makeDelivery, makeTrip, reportCast } from './allocation-fixtures.js';
import { dayAfterDemo, demoApp, signedIn } from './helpers.js';
import { csvRecords, pdfPages, xlsxSheets } from './report-files.js';

/** 荷待ち・荷役記録, 積載効率 and CO2: their figures against hand-computed ones, their scope, their files in both languages. */

const capacity = { pallet_capacity: 10, cage_cart_capacity: 20, max_loading_capacity: 2000, volume_capacity: 10 };
const close = (t: Test, actual: number | null | undefined, expected: number, message: string) => t.ok(actual !== null && actual !== undefined && Math.abs(actual - expected) < 1e-6, `${message}: ${actual} ≈ ${expected}`);

t.test('load rate: each measure at its capacity is 100 %, the highest measure counts, one without a capacity is left out', async (t) => {
  t.same(loadRate({ load_unit: 0, quantity: 10, weight: 0, volume: 0 }, capacity), { rate: 1, measure: 'pallets' });
  t.same(loadRate({ load_unit: 1, quantity: 20, weight: 0, volume: 0 }, capacity), { rate: 1, measure: 'cage_carts' });
  t.same(loadRate({ load_unit: 1, quantity: 0, weight: 2000, volume: 0 }, capacity), { rate: 1, measure: 'weight' });
  t.same(loadRate({ load_unit: 1, quantity: 0, weight: 0, volume: 10 }, capacity), { rate: 1, measure: 'volume' });
  t.same(loadRate({ load_unit: 1, quantity: 10, weight: 1200, volume: 4 }, capacity), { rate: 0.6, measure: 'weight' }, '50 % carts, 60 % kg, 40 % m³');
  t.same(loadRate({ load_unit: 1, quantity: 10, weight: 1200, volume: 4 }, { ...capacity, max_loading_capacity: null }), { rate: 0.5, measure: 'cage_carts' });
  t.same(loadRate({ load_unit: 0, quantity: 5, weight: 100, volume: 1 }, { pallet_capacity: null, cage_cart_capacity: null, max_loading_capacity: null, volume_capacity: null }), {
    rate: null,
    measure: null,
  });
});

t.test('実車率 and 積載効率: loaded km over km; over many runs the load rate weighs by loaded km', async (t) => {
  t.equal(loadedShare(50, 100), 0.5);
  t.equal(loadedShare(null, 100), null);
  t.equal(loadedShare(10, 0), null);
  t.same(loadEfficiency([{ rate: 0.6, loadedKm: 50, totalKm: 100 }]), { rate: 0.6, loadedShare: 0.5, efficiency: 0.3 });
  // (0.6 × 50 + 1.0 × 30) / 80 = 0.75 load rate; 80 / 160 實車率 0.5; 0.375 = (30 + 30) / 160.
  const two = loadEfficiency([
    { rate: 0.6, loadedKm: 50, totalKm: 100 },
    { rate: 1, loadedKm: 30, totalKm: 60 },
    { rate: null, loadedKm: 10, totalKm: 10 },
  ]);
  close(t, two.rate, 0.75, 'load rate');
  close(t, two.loadedShare, 0.5, '実車率');
  close(t, two.efficiency, 0.375, '積載効率');
  t.same(loadEfficiency([]), { rate: null, loadedShare: null, efficiency: null });
});

t.test('荷待ち + 荷役 a run and the share of runs within 2 hours', async (t) => {
  const stop = (wait: number | null, from: string | null, to: string | null) => ({ wait_minutes: wait, work_started_at: from && `2030-01-01T${from}:00+09:00`, work_ended_at: to && `2030-01-01T${to}:00+09:00` });
  t.equal(runHandlingMinutes([stop(45, '10:45', '11:15'), stop(10, '12:00', '12:15')]), 100);
  t.equal(runHandlingMinutes([stop(null, null, null)]), 0);
  t.equal(withinTargetShare([100, 120, 121, 140]), 50, 'exactly 2 hours is within');
  t.equal(withinTargetShare([30, 60, 90]), 100);
  t.equal(withinTargetShare([]), null);
});

t.test('CO2: 改良トンキロ法 by the official formula, 燃費法 by km and economy, 2.58 kg a litre', async (t) => {
  // ln y = 2.67 − 0.927 ln(0.5) − 0.648 ln(2000) = −1.61283…: y = 0.199321 L/t·km.
  close(t, Math.round(fuelPerTonKm(50, 2000) * 1e6) / 1e6, 0.199321, 'y at 50 % of 2 t');
  // Below 10 % the formula is read at 10 %: ln y = 2.67 + 0.927 ln 10 − 0.648 ln 4000 → 0.565498.
  close(t, Math.round(fuelPerTonKm(3, 4000) * 1e6) / 1e6, 0.565498, 'y at 3 % read at 10 %');
  const tonKm = improvedTonKm(1000, 2000, 100)!;
  close(t, tonKm.tonKm, 100, 't·km = 1 t × 100 km');
  close(t, Math.round(tonKm.litres * 1e4) / 1e4, 19.9321, 'fuel');
  close(t, Math.round(tonKm.co2Kg * 1e3) / 1e3, 51.425, 'CO2');
  t.equal(improvedTonKm(1000, null, 100), null, 'no payload limit: not computed');
  t.same(fuelEconomyEmission(100, 5), { litres: 20, co2Kg: 51.6 });
  t.equal(fuelEconomyEmission(100, null), null);
  t.equal(fuelEconomyEmission(null, 5), null);
});

t.test('km driven: the odometer of the driver’s day shared by planned km, else the planned km', async (t) => {
  const planned = new Map([
    [1, { km: 30, loadedKm: 15 }],
    [2, { km: 10, loadedKm: 8 }],
    [3, { km: 20, loadedKm: 10 }],
  ]);
  const trips = [
    { id: 1, driver_id: 7, date: '2030-01-01' },
    { id: 2, driver_id: 7, date: '2030-01-01' },
    { id: 3, driver_id: 8, date: '2030-01-01' },
  ];
  const kms = drivenKms(trips, planned, new Map([['7:2030-01-01', { start: 1000, end: 1080 }]]));
  t.same(kms.get(1), { km: 60, loadedKm: 30, source: 'meter' }, '80 km shared 3 : 1');
  t.same(kms.get(2), { km: 20, loadedKm: 16, source: 'meter' });
  t.same(kms.get(3), { km: 20, loadedKm: 10, source: 'planned' });
});

t.test('the reports through the API: figures, scope, files in Japanese and English', async (t) => {
  const { app, db } = await demoApp(t);
  const [center, carrier] = await Promise.all(['center', 'carrier'].map((login) => signedIn(app, login)));
  // Runs of 品川: one by 東都 (the carrier's company), one by another company's vehicle.
  const { fleet, stores, toto, totoVehicle, totoDriver, otherVehicle, otherDriver } = await reportCast(db);
  t.not(otherVehicle.delivery_company_id, toto);
  const date = dayAfterDemo(600);
  const month = date.slice(0, 7);
  // The center at 35.0 N 139.0 E; 東都's stores 0.1° north, the other's 0.2° north: km along a meridian are R × Δφ.
  await db.updateTable('departments').set({ latitude: 35, longitude: 139 }).where('id', '=', fleet.center).execute();
  const place = (id: number, latitude: number) => db.updateTable('delivery_destinations').set({ latitude, longitude: 139 }).where('id', '=', id).execute();
  await Promise.all([place(stores[0]!.id, 35.1), place(stores[1]!.id, 35.1), place(stores[2]!.id, 35.2)]);
  const plannedOther = 2 * EARTH_RADIUS_KM * ((0.2 * Math.PI) / 180) * ROAD_FACTOR;
  // Both vehicles' types: 10 pallets, 20 cage carts, 2 t, and 10 m³ each vehicle.
  for (const vehicle of [totoVehicle, otherVehicle]) {
    const row = await db.updateTable('vehicles').set({ max_loading_capacity: null, average_volume: 10, avg_fuel_economy: vehicle === totoVehicle ? 5 : null }).where('id', '=', vehicle.id).returning('vehicle_type_id').executeTakeFirstOrThrow();
    await db.updateTable('vehicle_types').set({ pallet_capacity: 10, cage_cart_capacity: 20, max_loading_capacity: 2000 }).where('id', '=', row.vehicle_type_id).execute();
  }
  const customers = await db.selectFrom('customers').select(['id', 'name']).orderBy('code').limit(2).execute();
  const [shipperA, shipperB] = customers as [{ id: number; name: string }, { id: number; name: string }];

  async function run(vehicle: { id: number; delivery_company_id: number }, driverId: number, load: { quantity: number; weight: number; volume: number }, stops: { store: number; customer: number; weight: number; wait: [string, string] | null; work: [string, string] }[]) {
    const trip = await makeTrip(db, { date, department_id: fleet.center, vehicle_id: vehicle.id, driver_id: driverId, delivery_company_id: vehicle.delivery_company_id, status: 3, load_unit: 1 });
    await db.updateTable('vehicle_allocations').set(load).where('id', '=', trip.id).execute();
    for (const [index, stop] of stops.entries()) {
      const minutes = stop.wait ? (Date.parse(at(date, stop.wait[1])) - Date.parse(at(date, stop.wait[0]))) / 60_000 : 0;
      await db
        .insertInto('allocation_stops')
        .values({
          vehicle_allocation_id: trip.id,
          seq: index + 1,
          delivery_destination_id: stores[stop.store]!.id,
          arrived_at: at(date, stop.wait?.[0] ?? stop.work[0]),
          departed_at: at(date, stop.work[1]),
          wait_started_at: stop.wait && at(date, stop.wait[0]),
          wait_ended_at: stop.wait && at(date, stop.wait[1]),
          wait_minutes: minutes,
          work_started_at: at(date, stop.work[0]),
          work_ended_at: at(date, stop.work[1]),
          work_content: 'カゴ車荷降ろし',
          consignee_confirmed: true,
        })
        .execute();
      const delivery = await makeDelivery(db, { date, department_id: fleet.center, delivery_destination_id: stores[stop.store]!.id, vehicle_allocation_id: trip.id, stop_seq: index + 1, weight: stop.weight, status: 3 });
      await db.updateTable('deliveries').set({ customer_id: stop.customer }).where('id', '=', delivery.id).execute();
      await db.updateTable('delivery_destinations').set({ customer_id: stop.customer }).where('id', '=', stores[stop.store]!.id).execute();
    }
    return trip;
  }
  // 東都: 50 % carts, 60 % kg, 40 % m³; 45 + 30 + 10 + 15 = 100 minutes of 荷待ち + 荷役; the odometer read 100 km.
  await run(totoVehicle, totoDriver.id, { quantity: 10, weight: 1200, volume: 4 }, [
    { store: 0, customer: shipperA.id, weight: 800, wait: ['10:00', '10:45'], work: ['10:45', '11:15'] },
    { store: 1, customer: shipperB.id, weight: 400, wait: ['11:30', '11:40'], work: ['11:40', '11:55'] },
  ]);
  await db.insertInto('driver_work_records').values({ driver_id: totoDriver.id, date, clock_in: at(date, '07:00'), clock_out: at(date, '16:00'), odometer_start: 5000, odometer_end: 5100 }).execute();
  // The other company: 20 cage carts (100 %), 80 + 60 = 140 minutes; planned km only.
  await run(otherVehicle, otherDriver.id, { quantity: 20, weight: 1000, volume: 5 }, [{ store: 2, customer: shipperA.id, weight: 1000, wait: ['09:00', '10:20'], work: ['10:20', '11:20'] }]);

  const get = (api: typeof center, path: string, language = 'ja') => api({ method: 'GET', url: `/api/report/${path}`, headers: { 'accept-language': language } });

  await t.test('荷待ち・荷役記録: the waits of 30 minutes or more, every stop on request; a carrier sees its own', async (t) => {
    const range = `date_from=${date}&date_to=${date}`;
    const csv = await get(center, `waiting-loading-record?${range}&format=csv&encoding=utf8`);
    t.equal(csv.statusCode, 200, csv.body.slice(0, 300));
    const records = csvRecords(csv.rawPayload, 'utf8');
    t.same(records[0], ['日付', 'センター', '配送会社', 'ドライバー', '車番', '便', '荷主', '場所（店舗）', '住所', '到着', '出発', '荷待ち開始', '荷待ち終了', '荷待ち(分)', '荷役開始', '荷役終了', '荷役(分)', '荷役内容', '荷主確認', '荷待ち+荷役(分)']);
    const lines = records.slice(1, -1);
    t.same(
      lines.map((line) => [line[4], ...line.slice(6, 7), ...line.slice(9)]),
      [
        [totoVehicle.vehicle_number, shipperA.name, '10:00', '11:15', '10:00', '10:45', '45', '10:45', '11:15', '30', 'カゴ車荷降ろし', '済', '75'],
        [otherVehicle.vehicle_number, shipperA.name, '09:00', '11:20', '09:00', '10:20', '80', '10:20', '11:20', '60', 'カゴ車荷降ろし', '済', '140'],
      ],
      'by trip: each long wait with its times, work, content and 荷主確認',
    );
    t.equal(lines.length, 2, 'the 10-minute wait is not recorded');
    t.same(records.at(-1)!.slice(0, 1).concat(records.at(-1)![13]!, records.at(-1)![16]!), ['合計', '125', '90']);
    const all = csvRecords((await get(center, `waiting-loading-record?${range}&format=csv&all_stops=true`)).rawPayload, 'utf8');
    t.equal(all.length - 2, 3, 'every stop reached');
    const own = csvRecords((await get(carrier, `waiting-loading-record?${range}&format=csv`)).rawPayload, 'utf8');
    t.same(
      own.slice(1, -1).map((line) => [line[4], line[13]]),
      [[totoVehicle.vehicle_number, '45']],
      'the carrier: its own company’s stop only',
    );
    const english = csvRecords((await get(center, `waiting-loading-record?${range}&format=csv`, 'en')).rawPayload, 'utf8');
    t.same(english[0]!.slice(9, 14), ['Arrived', 'Departed', 'Wait started', 'Wait ended', 'Waiting (min)']);
    const sheets = await xlsxSheets((await get(center, `waiting-loading-record?${range}&format=xlsx`)).rawPayload);
    t.same(
      sheets.map((sheet) => sheet.name),
      ['荷待ち・荷役記録', '荷主別集計', '場所別集計'],
    );
    const byCustomer = sheets[1]!.rows;
    t.same(byCustomer[3], ['荷主', '停車数', '30分以上の荷待ち', '荷待ち(分)', '平均荷待ち(分)', '最長荷待ち(分)', '荷役(分)', '荷主確認済']);
    t.same(byCustomer[4], [shipperA.name, 2, 2, 125, 63, 80, 90, 2], 'per customer: both long waits were at A’s stores');
    const pdf = await get(center, `waiting-loading-record?${range}&format=pdf`);
    if (pdf.statusCode === 200) {
      const [page] = await pdfPages(pdf.rawPayload);
      t.match(page, '荷待ち・荷役記録');
      t.match(page, '荷主別集計');
    } else t.equal(JSON.parse(pdf.body).message, 'PDFを作成できません（サーバーにChromiumがありません）。管理者に連絡してください。');
  });

  await t.test('積載効率: per run and per month, hand-computed; a carrier sees its own', async (t) => {
    const csv = csvRecords((await get(center, `load-efficiency?month=${month}&format=csv`)).rawPayload, 'utf8');
    t.same(csv[0], [
      '日付', 'センター', '配送会社', '車番', '車種', 'ドライバー', '便', '数量', '重量(kg)', '容積(m³)', '積載率(%)', '積載率の基準', '走行距離(km)', '実車距離(km)', '距離の根拠', '実車率(%)', '積載効率(%)', '荷待ち+荷役(分)', '2時間以内',
    ]);
    const byVehicle = new Map(csv.slice(1, -1).map((line) => [line[3], line]));
    t.same(byVehicle.get(totoVehicle.vehicle_number)!.slice(10), ['60', '重量', '100', '50', 'メーター', '50', '30', '100', '○']);
    const round1 = (value: number) => String(Math.round(value * 10) / 10);
    t.same(byVehicle.get(otherVehicle.vehicle_number)!.slice(10), ['100', 'カゴ車', round1(plannedOther), round1(plannedOther / 2), '計画ルート', '50', '50', '140', '×']);
    // The month: (0.6 × 50 + 1 × K/2) / (50 + K/2) load rate, 実車率 50 %, 2 runs of which 1 within 2 hours.
    const rate = (0.6 * 50 + plannedOther / 2) / (50 + plannedOther / 2);
    const totals = csv.at(-1)!;
    t.same([totals[0], totals[6], totals[10], totals[15], totals[16], totals[18]], ['合計', '2', round1(rate * 100), '50', round1(rate * 50), '50']);
    const own = csvRecords((await get(carrier, `load-efficiency?month=${month}&format=csv`)).rawPayload, 'utf8');
    t.same(
      own.slice(1, -1).map((line) => line[3]),
      [totoVehicle.vehicle_number],
    );
    t.same([own.at(-1)![16], own.at(-1)![18]], ['30', '100']);
    const english = csvRecords((await get(center, `load-efficiency?month=${month}&format=csv`, 'en')).rawPayload, 'utf8');
    t.same(english[0]!.slice(10, 17), ['Load rate (%)', 'Load rate by', 'Km driven', 'Loaded km', 'Km from', 'Loaded-km ratio (%)', 'Load efficiency (%)']);
    const sheets = await xlsxSheets((await get(center, `load-efficiency?month=${month}&format=xlsx`)).rawPayload);
    t.same(
      sheets.map((sheet) => sheet.name),
      ['積載効率', '車両別', '配送会社別'],
    );
    t.equal(sheets[2]!.rows.length - 5, 2, 'two companies and the total');
  });

  await t.test('CO2: per customer by both methods, the method printed; a carrier sees its own', async (t) => {
    const csv = csvRecords((await get(carrier, `co2-emissions?month=${month}&format=csv`)).rawPayload, 'utf8');
    t.same(csv[0], [
      '月',
      '荷主',
      '運行数',
      '輸送量(t)',
      '輸送トンキロ(t·km)',
      '燃料使用原単位(L/t·km)',
      '燃料(L)・改良トンキロ法',
      'CO2(kg)・改良トンキロ法（2.58kg-CO2/L）',
      '走行距離(km)・燃費法',
      '燃料(L)・燃費法',
      'CO2(kg)・燃費法（2.58kg-CO2/L）',
      '燃費不明の運行',
    ]);
    // 東都's run: 1.2 t over 50 loaded km = 60 t·km at 60 % of 2 t; 100 km at 5 km/L = 20 L; A had 2/3 of the weight, B 1/3.
    const y = Math.exp(2.67 - 0.927 * Math.log(0.6) - 0.648 * Math.log(2000));
    const round = (value: number, digits: number) => String(Math.round(value * 10 ** digits) / 10 ** digits);
    const lines = new Map(csv.slice(1, -1).map((line) => [line[1], line]));
    t.same(lines.get(shipperA.name)!.slice(2), ['1', '0.8', '40', round(y, 4), round(40 * y, 1), round(40 * y * 2.58, 1), round(200 / 3, 1), round(40 / 3, 1), round((40 / 3) * 2.58, 1), '0']);
    t.same(lines.get(shipperB.name)!.slice(2, 5), ['1', '0.4', '20']);
    t.equal(lines.get(shipperB.name)![10], round((20 / 3) * 2.58, 1));
    t.equal(csv.length, 4, 'the carrier: its two customers and the total');
    const all = csvRecords((await get(center, `co2-emissions?month=${month}&format=csv`)).rawPayload, 'utf8');
    t.equal(all.find((line) => line[1] === shipperA.name)![11], '1', 'the other company’s vehicle has no fuel economy');
    const english = csvRecords((await get(center, `co2-emissions?month=${month}&format=csv`, 'en')).rawPayload, 'utf8');
    t.equal(english[0]![7], 'CO2 (kg), improved ton-km method (2.58 kg-CO2/L)');
    const sheets = await xlsxSheets((await get(center, `co2-emissions?month=${month}&format=xlsx`)).rawPayload);
    t.same(
      sheets.map((sheet) => sheet.name),
      ['CO2排出量', '算定方法'],
    );
    t.match(String(sheets[0]!.rows[1]![0]), 'ln y＝2.67−0.927×ln(積載率%/100)−0.648×ln(最大積載量kg)', 'the formula heads the figures');
  });
});
