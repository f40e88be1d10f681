import ExcelJS from 'exceljs';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import t from 'tap';
import { addDays } from '../../common/deliveries.js';
import { instantOfWorkTime } from '../../common/driver-time.js';
import { dayAfterDemo, demoApp, departmentId, signedIn } from './helpers.js';
import { compact, pdfPages, xlsxSheets } from './report-files.js';

type Api = (options: InjectOptions) => Promise<LightMyRequestResponse>;

// The drivers' working-time reports (勤務時間記録表, 出勤簿), on months of their own: the working-time
// record on a month after the demo's days, the attendance record on a past month far before them (its
// absences count only days already over), so that the figures are exactly the test's records.
const { app, db } = await demoApp(t);
const [center, carrier, superAdmin] = await Promise.all(['center', 'carrier', 'super'].map((login) => signedIn(app, login)));
const drivers = await db.selectFrom('drivers').select(['id', 'login_id', 'name']).orderBy('login_id').execute();
const driver = (login: string) => drivers.find((row) => row.login_id === login)!;
const totoDrivers = drivers.filter((row) => row.login_id.startsWith('toto-'));
const [d01, d02, wangan] = [driver('toto-d01'), driver('toto-d02'), driver('wangan-d01')];

/** The first day of the n-th month after the one holding the first day after the demo's. */
function monthAfterDemo(n: number) {
  const [year, month] = dayAfterDemo().split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1 + n, 1)).toISOString().slice(0, 10);
}

const at = (date: string, hhmm: string) => instantOfWorkTime(date, hhmm)!;
async function record(api: Api, driverId: number, date: string, payload: Record<string, unknown>) {
  const response = await api({ method: 'PUT', url: `/api/driver_time/${driverId}/${date}`, payload });
  if (response.statusCode !== 200) throw new Error(`record: ${response.statusCode} ${response.body}`);
}
const get = (api: Api, path: string, language = 'ja') => api({ method: 'GET', url: `/api/report/${path}`, headers: { 'accept-language': language } });
/** An Excel time in minutes: exceljs reads a cell formatted as a time as a Date on Excel's day zero. */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const minutes = (cell: unknown) => (cell instanceof Date ? Math.round((cell.getTime() - EXCEL_EPOCH) / 60_000) : cell);
/** Cells `from` to `to` (excluded) of a row, empty ones as null, times in minutes. */
const cells = (row: unknown[], from: number, to: number) => Array.from({ length: to - from }, (_, i) => minutes(row[from + i] ?? null));
const HEADER_ROWS = 4;
/** The rows under the header whose first cell (the login ID) is the driver's. */
const rowsOf = (sheet: { rows: unknown[][] }, login: string) => sheet.rows.slice(HEADER_ROWS).filter((row) => row[0] === login);

// 勤務時間記録表 over a week: toto-d01 works three days (one of them a night shift, one over 15 h) and is
// clocked in without a clock-out on a fourth; toto-d02 works one day after a late day before the range.
const first = monthAfterDemo(1);
const day = (n: number) => addDays(first, n - 1);
const range = `date_from=${day(2)}&date_to=${day(8)}`;
await record(center, d01.id, day(2), {
  clock_in: at(day(2), '07:00'),
  clock_out: at(day(2), '17:30'),
  breaks: [{ start: at(day(2), '12:00'), end: at(day(2), '13:00') }],
  departure_at: at(day(2), '08:00'),
  return_at: at(day(2), '16:30'),
  odometer_start: 12000,
  odometer_end: 12110,
});
await record(center, d01.id, day(3), { clock_in: at(day(3), '05:00'), clock_out: at(day(3), '20:01'), break_minutes: 60, note: '休日出勤' });
await record(center, d01.id, day(4), { clock_in: at(day(4), '20:00'), clock_out: at(day(4), '29:30') });
await record(center, d01.id, day(6), { clock_in: at(day(6), '08:00') });
await record(center, d02.id, day(1), { clock_in: at(day(1), '10:00'), clock_out: at(day(1), '23:00') });
await record(center, d02.id, day(2), { clock_in: at(day(2), '06:00'), clock_out: at(day(2), '15:00'), break_minutes: 60 });
await record(superAdmin, wangan.id, day(2), { clock_in: at(day(2), '08:00'), clock_out: at(day(2), '17:00') });

t.test('勤務時間記録表 (XLSX): a row per recorded day with exact figures and findings, a driver’s totals on their own sheet', async (t) => {
  const response = await get(center, `working-time-record?${range}&format=xlsx`);
  t.equal(response.statusCode, 200, response.body);
  t.equal(response.headers['content-type'], 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  t.match(response.headers['content-disposition'], `working-time-record_${day(2)}_${day(8)}.xlsx`);
  const [days, totals] = await xlsxSheets(response.rawPayload);
  t.equal(days!.name, '勤務時間');
  t.equal(days!.rows[0]![0], '勤務時間記録表');
  t.same(days!.rows[3], ['ログインID', 'ドライバー', '配送会社', '所属センター', '日付', '曜日', '出勤', '退勤', '休憩', '拘束時間', '実働', '残業', '深夜', '運転', '走行距離(km)', '改善基準', '備考']);

  const slash = (date: string) => date.replaceAll('-', '/');
  const own = rowsOf(days!, 'toto-d01').map((row) => [row[4], ...cells(row, 6, 17)]);
  t.same(
    own,
    [
      [slash(day(2)), 7 * 60, 17 * 60 + 30, 60, 630, 570, 90, 0, 450, 110, null, null],
      [slash(day(3)), 5 * 60, 20 * 60 + 1, 60, 901, 841, 361, 0, 0, null, '違反：1日の拘束時間が15時間を超えています（15:01）', '休日出勤'],
      [slash(day(4)), 20 * 60, 29 * 60 + 30, 0, 570, 570, 90, 420, 0, null, null, null],
      [slash(day(6)), 8 * 60, '未打刻', null, null, null, null, null, null, null, null, null],
    ],
    'per day: in, out (the next morning as 29:30), break, binding, worked, overtime, late night, driving, km, findings, note; days without a record left out',
  );
  t.same(
    rowsOf(days!, 'toto-d02').map((row) => [row[4], row[15]]),
    [[slash(day(2)), '違反：勤務終了後の休息期間が9時間を下回っています（7:00）']],
    'the day before the range is not shown, but its late end makes the rest too short',
  );
  t.same(rowsOf(days!, 'toto-d03').map((row) => row.slice(4)), [['この期間の勤務記録はありません。']], 'a driver without any record keeps one line saying so');
  t.notOk(days!.rows.some((row) => row[0] === 'wangan-d01'), 'a center does not see another center’s drivers');

  t.equal(totals!.name, 'ドライバー別集計');
  t.same(totals!.rows[3]!.slice(4), ['出勤日数', '拘束時間', '実働', '残業', '深夜', '運転', '走行距離(km)', '注意', '違反']);
  t.same(rowsOf(totals!, 'toto-d01')[0]!.slice(4).map(minutes), [4, 2101, 1981, 541, 420, 450, 110, 0, 1], 'toto-d01: 4 days, 35:01 binding, 33:01 worked, 9:01 overtime, 7:00 late night, one violation');
  t.same(rowsOf(totals!, 'toto-d02')[0]!.slice(4).map(minutes), [1, 540, 480, 0, 0, 0, 0, 0, 1]);
  t.equal(totals!.rows.length, HEADER_ROWS + totoDrivers.length + 1, 'a row per driver in scope, then the total');
  t.same(totals!.rows.at(-1)!.slice(0, 5), ['合計', '', '', '', 5]);
  t.same(totals!.rows.at(-1)!.slice(11), [0, 2], 'warnings and violations of all');

  // The times are Excel times shown as H:mm, so that a clerk may add them up.
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const row = workbook.worksheets[0]!.getRow(days!.rows.findIndex((cells) => cells[0] === 'toto-d01') + 1);
  t.equal(row.getCell(10).numFmt, '[h]:mm', 'binding as hours and minutes');
  t.equal(row.getCell(7).numFmt, '[hh]:mm', 'a clock time as HH:mm');
});

t.test('勤務時間記録表 (PDF): a landscape section per driver with the days, totals, findings and sign-off boxes', async (t) => {
  const response = await get(center, `working-time-record?${range}&format=pdf`);
  t.equal(response.statusCode, 200);
  t.equal(response.headers['content-type'], 'application/pdf');
  const pages = await pdfPages(response.rawPayload);
  t.equal(pages.length, totoDrivers.length, 'a page per driver of the center');
  const [page] = pages;
  for (const expected of ['勤務時間記録表', d01.name, 'toto-d01', '東都運輸株式会社', '品川センター', '29:30', '未打刻', '休日出勤', '違反：1日の拘束時間が15時間を超えています（15:01）', '本人確認', '運行管理者']) {
    t.match(page, compact(expected));
  }
  t.match(page, compact('合計 2:00 35:01 33:01 9:01 7:00 7:30 110 注意 0'), 'the totals row: breaks, binding, worked, overtime, late night, driving, km, warnings');
  t.match(page, compact('違反 1 改善基準告示'), 'and violations');
  t.match(pages[1], compact(d02.name));
  t.match(pages[2], compact('この期間の勤務記録はありません。'));

  const one = await pdfPages((await get(center, `working-time-record?${range}&format=pdf&driver_id=${d01.id}`)).rawPayload);
  t.equal(one.length, 1, 'one driver');
  const english = await pdfPages((await get(center, `working-time-record?${range}&format=pdf&driver_id=${d01.id}`, 'en')).rawPayload);
  t.match(english[0], 'Workingtimerecord');
  t.match(english[0], compact('Violation: Binding time of the day is over 15 h (15:01)'));
});

t.test('勤務時間記録表: scope and filters; a range over 31 days refused naming date_to', async (t) => {
  const logins = async (api: Api, query: string) => {
    const response = await get(api, `working-time-record?${query}&format=xlsx`);
    if (response.statusCode !== 200) return response.statusCode;
    const [, totals] = await xlsxSheets(response.rawPayload);
    return totals!.rows.slice(HEADER_ROWS, -1).map((row) => row[0]);
  };
  t.same(await logins(carrier, range), totoDrivers.map((row) => row.login_id), 'a delivery company sees its own drivers');
  t.same(((await logins(superAdmin, range)) as string[]).sort(), drivers.map((row) => row.login_id).sort(), 'super admins see all');
  t.same(await logins(superAdmin, `${range}&department_id=${await departmentId(db, 'CT-YOKOHAMA')}`), drivers.filter((row) => row.login_id.startsWith('wangan-')).map((row) => row.login_id), 'a center filter');
  t.same(await logins(center, `${range}&driver_id=${wangan.id}`), 404, 'another center’s driver is not found');
  t.same(await logins(carrier, `${range}&driver_id=${d02.id}`), ['toto-d02'], 'one driver');

  // Lent for a day of the range: an Itabashi-based driver on a Shinagawa trip is in Shinagawa's report.
  const johoku = driver('johoku-d01');
  await db.insertInto('vehicle_allocations').values({ date: day(5), kind: 'store_direct', department_id: await departmentId(db, 'CT-SHINAGAWA'), trip_no: 1, driver_id: johoku.id }).execute();
  t.ok(((await logins(center, range)) as string[]).includes('johoku-d01'), 'a driver on the center’s trip in the range');
  t.notOk(((await logins(center, `date_from=${day(6)}&date_to=${day(8)}`)) as string[]).includes('johoku-d01'), 'and not in a range without it');

  const tooLong = await get(center, `working-time-record?date_from=${day(1)}&date_to=${addDays(day(1), 31)}&format=xlsx`);
  t.equal(tooLong.statusCode, 400);
  t.same(Object.keys(tooLong.json().errors), ['date_to'], '32 days: date_to is named');
  t.equal((await get(center, `working-time-record?date_from=${day(1)}&date_to=${addDays(day(1), 30)}&format=xlsx`)).statusCode, 200, '31 days are fine');
  t.equal((await get(center, `working-time-record?${range}&format=csv`)).statusCode, 400, 'no CSV');
});

// 出勤簿 of June 2025 (long over; it starts on a Sunday and has 21 weekdays): toto-d01 works Monday to
// Wednesday and a Saturday; Thursday has a note and no clock in.
const june = (n: number) => `2025-06-${String(n).padStart(2, '0')}`;
await record(superAdmin, d01.id, june(2), { clock_in: at(june(2), '08:00'), clock_out: at(june(2), '17:00'), break_minutes: 60 });
await record(superAdmin, d01.id, june(3), { clock_in: at(june(3), '08:00'), clock_out: at(june(3), '19:30'), break_minutes: 60 });
await record(superAdmin, d01.id, june(4), { clock_in: at(june(4), '21:00'), clock_out: at(june(4), '30:00'), break_minutes: 60 });
await record(superAdmin, d01.id, june(5), { note: '有給' });
await record(superAdmin, d01.id, june(7), { clock_in: at(june(7), '09:00'), clock_out: at(june(7), '13:00') });

t.test('出勤簿 (XLSX): every day of the month per driver, days worked and absences, the totals', async (t) => {
  const response = await get(center, 'attendance-record?month=2025-06&format=xlsx');
  t.equal(response.statusCode, 200, response.body);
  t.match(response.headers['content-disposition'], 'attendance-record_2025-06-01_2025-06-30.xlsx');
  const [days, totals] = await xlsxSheets(response.rawPayload);
  t.equal(days!.name, '出勤簿');
  t.same(days!.rows[3]!.slice(4), ['日付', '曜日', '区分', '出勤', '退勤', '休憩', '実働', '残業', '深夜', '備考']);
  const own = rowsOf(days!, 'toto-d01');
  t.equal(own.length, 30, 'every day of June');
  t.same(
    own.slice(0, 8).map((row) => cells(row, 4, 14)),
    [
      ['2025/06/01', '日', null, null, null, null, null, null, null, null],
      ['2025/06/02', '月', '出勤', 480, 1020, 60, 480, 0, 0, null],
      ['2025/06/03', '火', '出勤', 480, 1170, 60, 630, 150, 0, null],
      ['2025/06/04', '水', '出勤', 1260, 1800, 60, 480, 0, 420, null],
      ['2025/06/05', '木', '欠勤', null, null, null, null, null, null, '有給'],
      ['2025/06/06', '金', '欠勤', null, null, null, null, null, null, null],
      ['2025/06/07', '土', '出勤', 540, 780, 0, 240, 0, 0, null],
      ['2025/06/08', '日', null, null, null, null, null, null, null, null],
    ],
    'weekdays in Japanese; a weekday without a clock in is an absence (its note shown), a weekend day is not',
  );
  t.same(rowsOf(totals!, 'toto-d01')[0]!.slice(4).map(minutes), [4, 18, 1830, 150, 420], 'toto-d01: 4 days worked, 18 of 21 weekdays absent, 30:30 worked, 2:30 overtime, 7:00 late night');
  t.same(rowsOf(totals!, 'toto-d02')[0]!.slice(4).map(minutes), [0, 21, 0, 0, 0], 'no record at all: every weekday absent');
  t.same(totals!.rows.at(-1)!.slice(0, 6), ['合計', '', '', '', 4, 18 + 21 * (totoDrivers.length - 1)]);

  // A month still to come: its weekdays are not missed yet.
  const future = monthAfterDemo(2);
  await record(center, d01.id, future, { clock_in: at(future, '08:00'), clock_out: at(future, '16:00') });
  const coming = await xlsxSheets((await get(center, `attendance-record?month=${future.slice(0, 7)}&format=xlsx&driver_id=${d01.id}`)).rawPayload);
  t.same(rowsOf(coming[1]!, 'toto-d01')[0]!.slice(4, 6), [1, 0], 'a day worked, no absences before the days have come');

  const carriers = await xlsxSheets((await get(carrier, 'attendance-record?month=2025-06&format=xlsx')).rawPayload);
  t.ok(carriers[1]!.rows.slice(HEADER_ROWS, -1).every((row) => String(row[0]).startsWith('toto-')), 'a delivery company: its own drivers');
  t.equal((await get(center, `attendance-record?month=2025-06&format=xlsx&driver_id=${wangan.id}`)).statusCode, 404, 'another center’s driver');
  t.equal((await get(center, 'attendance-record?month=2025-13&format=xlsx')).statusCode, 400);
});

t.test('出勤簿 (PDF): a portrait page per driver with the days, the absences and the totals', async (t) => {
  const response = await get(center, 'attendance-record?month=2025-06&format=pdf');
  t.equal(response.statusCode, 200);
  const pages = await pdfPages(response.rawPayload);
  t.equal(pages.length, totoDrivers.length, 'one page per driver');
  const [page] = pages;
  for (const expected of ['出勤簿', '2025年6月', d01.name, '東都運輸株式会社', '有給', '30:00', '本人確認']) t.match(page, compact(expected));
  t.match(page, compact('出勤日数 欠勤日数 実働 残業 深夜 4 18 30:30 2:30 7:00'), 'the month’s totals');
  t.match(pages[1], compact(d02.name));
  t.match(pages[1], compact('0 21 0:00 0:00 0:00'));
});
