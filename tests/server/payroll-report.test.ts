import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import t from 'tap';
import { instantOfWorkTime } from '../../common/driver-time.js';
import { isPublicHoliday, publicHolidayName } from '../../common/holidays.js';
import { monthHours, monthPay } from '../../server/reports/payroll.js';
import { demoApp, signedIn } from './helpers.js';
import { csvRecords, xlsxSheets } from './report-files.js';

/**
 * 給与計算 on November 2025, a month far before the demo's days: 文化の日 (Mon 3rd) and 勤労感謝の日's
 * 振替休日 (Mon 24th) fall on weekdays.
 */

type Api = (options: InjectOptions) => Promise<LightMyRequestResponse>;

const { app, db } = await demoApp(t);
const [center, carrier, superAdmin] = await Promise.all(['center', 'carrier', 'super'].map((login) => signedIn(app, login)));
const drivers = await db.selectFrom('drivers').select(['id', 'login_id', 'name']).orderBy('login_id').execute();
const driver = (login: string) => drivers.find((row) => row.login_id === login)!;
const [d01, d02, wangan] = [driver('toto-d01'), driver('toto-d02'), driver('wangan-d01')];
await db.updateTable('drivers').set({ hourly_wage: 1500 }).where('id', '=', d01.id).execute();
await db.updateTable('drivers').set({ hourly_wage: 1111 }).where('id', '=', d02.id).execute();
await db.updateTable('drivers').set({ hourly_wage: null }).where('id', '=', wangan.id).execute();

const MONTH = '2025-11';
const day = (n: number) => `${MONTH}-${String(n).padStart(2, '0')}`;
const at = (date: string, hhmm: string) => instantOfWorkTime(date, hhmm)!;
async function record(driverId: number, date: string, from: string, to: string, break_minutes = 60) {
  const payload = { clock_in: at(date, from), clock_out: at(date, to), break_minutes };
  const response = await superAdmin({ method: 'PUT', url: `/api/driver_time/${driverId}/${date}`, payload });
  if (response.statusCode !== 200) throw new Error(`record: ${response.statusCode} ${response.body}`);
}
const get = (api: Api, path: string, language = 'ja') => api({ method: 'GET', url: `/api/report/${path}`, headers: { 'accept-language': language } });

// toto-d01: twelve long weekdays (13 h worked: 5 h overtime each, 60 h in all), a night shift (9 h, 1 h
// overtime, 7 h late night: the month's overtime now 61 h) and 文化の日 (8 h on a public holiday).
const LONG_DAYS = [4, 5, 6, 7, 10, 11, 12, 13, 14, 17, 18, 19];
for (const n of LONG_DAYS) await record(d01.id, day(n), '08:00', '22:00');
await record(d01.id, day(20), '20:00', '29:00', 0);
await record(d01.id, day(3), '08:00', '17:00');
// toto-d02: one day of 8 h 10 min; wangan-d01 (no wage): one day of 8 h.
await record(d02.id, day(25), '09:00', '18:10');
await record(wangan.id, day(25), '09:00', '18:00');

t.test('public holidays: the list’s, with 振替休日; a Sunday or an ordinary day is not one', async (t) => {
  t.equal(publicHolidayName('2025-11-03'), '文化の日');
  t.equal(publicHolidayName('2025-11-24'), '勤労感謝の日 振替休日');
  t.equal(isPublicHoliday('2026-05-06'), true, 'こどもの日’s substitute');
  t.equal(isPublicHoliday('2025-11-25'), false);
  t.equal(isPublicHoliday('2025-11-30'), false, 'a Sunday is not a public holiday');
});

t.test('the pay: regular ×1, overtime ×1.25 and beyond 60 h ×1.5, late night +0.25, holidays ×1.35, each rounded once', async (t) => {
  const hours = { days: 14, worked: 10380, regular: 6240, overtime: 3660, beyond60: 60, lateNight: 420, holiday: 480 };
  t.same(monthPay(hours, 1500), { base: 156000, overtime: 112500 + 2250, lateNight: 2625, holiday: 16200, total: 289575 });
  t.same(monthPay({ ...hours, regular: 480, overtime: 10, beyond60: 0, lateNight: 0, holiday: 0 }, 1111), { base: 8888, overtime: 231, lateNight: 0, holiday: 0, total: 9119 }, '231.46 yen → 231');
  t.same(monthPay({ ...hours, regular: 0, overtime: 0, beyond60: 0, lateNight: 1, holiday: 0 }, 1002), { base: 0, overtime: 0, lateNight: 4, holiday: 0, total: 4 }, '4.175 yen → 4');
  t.same(monthPay({ ...hours, regular: 0, overtime: 0, beyond60: 0, lateNight: 0, holiday: 1 }, 1000), { base: 0, overtime: 0, lateNight: 0, holiday: 23, total: 23 }, '22.5 yen → 23: half up');
  const holidayOnly = monthHours({ days: [{ date: '2025-11-24', figures: { binding: 660, worked: 600, overtime: 120, late_night: 0, driving: 0, distance: null } }] as never, totals: { days: 1 } as never });
  t.same(holidayOnly, { days: 1, worked: 600, regular: 0, overtime: 0, beyond60: 0, lateNight: 0, holiday: 600 }, 'a public holiday’s hours are all holiday hours, none overtime');
});

t.test('給与計算: a row per driver who worked, hours and pay at their wage, the totals; scoped; CSV in Shift_JIS', async (t) => {
  const response = await get(superAdmin, `payroll-accounting?month=${MONTH}&format=xlsx`);
  t.equal(response.statusCode, 200, response.statusCode === 200 ? '' : response.body);
  t.match(response.headers['content-disposition'], `payroll-accounting_${MONTH}-01_${MONTH}-30.xlsx`);
  const [sheet] = await xlsxSheets(response.rawPayload);
  t.equal(sheet!.rows[0]![0], '給与計算');
  t.match(sheet!.rows[1]![0], '時間外×1.25（月60時間超×1.50）', 'the rates, under the title');
  t.same(sheet!.rows[3]!.slice(4), [
    '時給(円)', '出勤日数', '実働(時間)', '所定内(時間)', '時間外(時間)', 'うち月60時間超', '深夜(時間)', '休日（祝日）(時間)',
    '基本給(円)', '時間外手当(円)', '深夜手当(円)', '休日手当(円)', '総支給額(円)', '備考',
  ]);
  const rows = new Map(sheet!.rows.slice(4, -1).map((row) => [row[0], row.slice(4)]));
  t.same(rows.get('toto-d01'), [1500, 14, 173, 104, 61, 1, 7, 8, 156000, 114750, 2625, 16200, 289575], 'the long month');
  t.same(rows.get('toto-d02'), [1111, 1, 8.17, 8, 0.17, 0, 0, 0, 8888, 231, 0, 0, 9119]);
  t.same(rows.get('wangan-d01')?.slice(0, 3), [null, 1, 8]);
  t.same(rows.get('wangan-d01')?.slice(8), [null, null, null, null, null, '時給未設定'], 'no wage: hours, no amounts, and a note');
  t.equal(rows.size, 3, 'only the drivers who worked');
  t.same(sheet!.rows.at(-1)!.slice(5), [16, 189.17, 120, 61.17, 1, 7, 8, 164888, 114981, 2625, 16200, 298694]);

  const carriers = csvRecords((await get(carrier, `payroll-accounting?month=${MONTH}&format=csv&encoding=sjis`)).rawPayload, 'sjis');
  t.same(
    carriers.slice(1).map((record) => [record[0], record.at(-2)]),
    [['toto-d01', '289575'], ['toto-d02', '9119'], ['合計', '298694']],
    'a delivery company’s staff get their own drivers',
  );
  const centers = csvRecords((await get(center, `payroll-accounting?month=${MONTH}&format=csv`)).rawPayload, 'utf8');
  t.same(centers.slice(1).map((record) => record[0]), ['toto-d01', 'toto-d02', '合計'], 'a center’s staff: the drivers based there, not another center’s');
  const english = csvRecords((await get(center, `payroll-accounting?month=${MONTH}&format=csv&driver_id=${d02.id}`, 'en')).rawPayload, 'utf8');
  t.same(english[0]?.slice(16), ['Gross pay (yen)', 'Note']);
  t.same(english.slice(1).map((record) => record[0]), ['toto-d02', 'Total'], 'one driver');

  t.equal((await get(center, `payroll-accounting?month=${MONTH}&format=pdf`)).statusCode, 400, 'no PDF');
});

t.test('出勤簿: a public holiday is 祝日, not an absence', async (t) => {
  const [days] = await xlsxSheets((await get(superAdmin, `attendance-record?month=${MONTH}&format=xlsx&driver_id=${d02.id}`)).rawPayload);
  const status = (date: string) => days!.rows.find((row) => row[4] === date.replaceAll('-', '/'))?.[6];
  t.equal(status(day(3)), '祝日', '文化の日');
  t.equal(status(day(24)), '祝日', '勤労感謝の日’s 振替休日');
  t.equal(status(day(4)), '欠勤', 'an ordinary weekday without a clock in');
  t.equal(status(day(25)), '出勤');
  const totals = (await xlsxSheets((await get(superAdmin, `attendance-record?month=${MONTH}&format=xlsx&driver_id=${d02.id}`)).rawPayload))[1]!;
  t.same(totals.rows.at(-1)!.slice(4, 6), [1, 17], '20 weekdays, 2 of them public holidays, 1 worked: 17 absences');
});
