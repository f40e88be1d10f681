import ExcelJS from 'exceljs';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import t from 'tap';
import { instantOfWorkTime } from '../../common/driver-time.js';
import { isPublicHoliday, publicHolidayName } from '../../common/holidays.js';
import { monthHours, monthPay } from '../../server/reports/payroll.js';
import { demoApp, signedIn } from './helpers.js';
import { csvRecords, xlsxSheets } from './report-files.js';

/**
 * 給与計算 on November 2025, a month far before the demo's days (their records would change the
 * figures): 文化の日 (Mon 3rd) and 勤労感謝の日's 振替休日 (Mon 24th) fall on weekdays.
 */

type Api = (options: InjectOptions) => Promise<LightMyRequestResponse>;

const { app, db } = await demoApp(t);
const [center, carrier, superAdmin] = await Promise.all(['center', 'carrier', 'super'].map((login) => signedIn(app, login)));
const drivers = await db.selectFrom('drivers').select(['id', 'login_id', 'delivery_company_id']).orderBy('login_id').execute();
const driver = (login: string) => drivers.find((row) => row.login_id === login)!;
const [d01, d02, wangan] = [driver('toto-d01'), driver('toto-d02'), driver('wangan-d01')];
await db.updateTable('drivers').set({ hourly_wage: 1111 }).where('id', 'in', [d01.id, d02.id]).execute();
await db.updateTable('drivers').set({ hourly_wage: null }).where('id', '=', wangan.id).execute();

const MONTH = '2025-11';
const day = (n: number) => `${MONTH}-${String(n).padStart(2, '0')}`;
const at = (date: string, hhmm: string) => instantOfWorkTime(date, hhmm)!;
async function record(driverId: number, date: string, from: string, to: string | null, break_minutes = 60) {
  const payload = { clock_in: at(date, from), ...(to ? { clock_out: at(date, to) } : {}), break_minutes };
  const response = await superAdmin({ method: 'PUT', url: `/api/driver_time/${driverId}/${date}`, payload });
  if (response.statusCode !== 200) throw new Error(`record: ${response.statusCode} ${response.body}`);
}
const get = (api: Api, path: string, language = 'ja') => api({ method: 'GET', url: `/api/report/${path}`, headers: { 'accept-language': language } });
const report = `payroll-accounting?month=${MONTH}`;

// toto-d01 (1,111 yen an hour):
// - twelve long weekdays, 08:00-22:00 less 1 h: 13 h worked, 8 h regular and 5 h overtime each (60 h);
// - a night shift on the 20th, 20:00-05:00 without a break: 9 h, 1 h overtime (61 h in the month: 1 h
//   beyond 60), 7 h late night;
// - 文化の日 (3rd), 08:00-17:00 less 1 h: 8 h of holiday work;
// - the 振替休日 (24th), 13:00-23:30 less 1 h: 9 h 30 of holiday work (none of it overtime), 1 h 30 late night;
// - the 26th clocked in, never out: a day worked, no hours.
// Month: 16 days, worked 182:30, regular 104:00, overtime 61:00 (1:00 beyond 60 h), late night 8:30, holiday 17:30.
const LONG_DAYS = [4, 5, 6, 7, 10, 11, 12, 13, 14, 17, 18, 19];
for (const n of LONG_DAYS) await record(d01.id, day(n), '08:00', '22:00');
await record(d01.id, day(20), '20:00', '29:00', 0);
await record(d01.id, day(3), '08:00', '17:00');
await record(d01.id, day(24), '13:00', '23:30');
await record(d01.id, day(26), '08:00', null);
// toto-d02 (1,111 yen): one day of 8 h 10 min. wangan-d01 (another company, no wage): one day of 8 h.
await record(d02.id, day(25), '09:00', '18:10');
await record(wangan.id, day(25), '09:00', '18:00');

/**
 * toto-d01's pay at 1,111 yen, each kind rounded once:
 * base 104 h × 1,111 = 115,544; overtime (60 h × 1.25 + 1 h × 1.5) × 1,111 = 84,991.5 → 84,992;
 * late night 8.5 h × 0.25 × 1,111 = 2,360.875 → 2,361; holiday 17.5 h × 1.35 × 1,111 = 26,247.375 → 26,247.
 */
const D01_PAY = [115544, 84992, 2361, 26247, 229144];
/** toto-d02: base 8 h × 1,111 = 8,888; overtime 10 min × 1.25 × 1,111 = 231.46 → 231. */
const D02_PAY = [8888, 231, 0, 0, 9119];
const minutesOf = (h: number, m = 0) => h * 60 + m;
/** An Excel time in minutes: exceljs reads a cell formatted as a time as a Date on Excel's day zero. */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const excelTime = (cell: unknown) => (cell instanceof Date ? Math.round((cell.getTime() - EXCEL_EPOCH) / 60_000) : cell);

t.test('public holidays: the list’s, with 振替休日 and 国民の休日, whatever the process’s time zone', async (t) => {
  t.equal(publicHolidayName('2025-11-03'), '文化の日');
  t.equal(publicHolidayName('2025-11-24'), '勤労感謝の日 振替休日');
  t.equal(publicHolidayName('2026-09-22'), '休日', '国民の休日 between 敬老の日 and 秋分の日');
  t.equal(isPublicHoliday('2026-11-23'), true, '勤労感謝の日 2026');
  t.equal(isPublicHoliday('2025-11-25'), false);
  t.equal(isPublicHoliday('2025-11-30'), false, 'a Sunday is not a public holiday');
  t.equal(isPublicHoliday('toString'), false, 'not a date');
  const zone = process.env.TZ;
  process.env.TZ = 'America/Los_Angeles';
  t.teardown(() => (zone === undefined ? delete process.env.TZ : (process.env.TZ = zone)));
  t.same([isPublicHoliday('2025-11-03'), isPublicHoliday('2025-11-04')], [true, false], 'west of UTC, not a day early');
});

t.test('the hours: over 8 h a day is overtime, a public holiday’s hours are all holiday hours, late night apart', async (t) => {
  const figures = (worked: number, overtime: number, late_night: number) => ({ binding: worked, worked, overtime, late_night, driving: 0, distance: null });
  const days = [
    { date: '2025-11-21', open: false, figures: figures(600, 120, 60) },
    { date: '2025-11-24', open: false, figures: figures(600, 120, 30) },
    { date: '2025-11-25', open: true, figures: null },
  ];
  t.same(monthHours({ days, totals: { days: 3 } } as never), { days: 3, open: 1, onDuty: 0, worked: 1200, regular: 480, overtime: 120, beyond60: 0, lateNight: 90, holiday: 600 });
  // On the day itself the open shift is under way (勤務中), not a clock-out to put right.
  t.match(monthHours({ days, totals: { days: 3 } } as never, '2025-11-25'), { open: 0, onDuty: 1 }, 'today: on duty');
  t.match(monthHours({ days, totals: { days: 3 } } as never, '2025-11-26'), { open: 1, onDuty: 0 }, 'the day after: no clock-out');
});

t.test('the pay: regular ×1, overtime ×1.25 and beyond 60 h ×1.5, late night +0.25, holidays ×1.35, each kind rounded once half up', async (t) => {
  const hours = { days: 16, open: 0, onDuty: 0, worked: 10950, regular: 6240, overtime: 3660, beyond60: 60, lateNight: 510, holiday: 1050 };
  t.same(Object.values(monthPay(hours, 1111)), D01_PAY);
  const only = (kind: Partial<typeof hours>) => ({ ...hours, regular: 0, overtime: 0, beyond60: 0, lateNight: 0, holiday: 0, ...kind });
  t.equal(monthPay(only({ overtime: 3601, beyond60: 1 }), 1000).overtime, 75025, '60 h × 1.25 + 1 min × 1.5');
  t.equal(monthPay(only({ lateNight: 1 }), 1002).lateNight, 4, '4.175 yen → 4');
  t.equal(monthPay(only({ holiday: 1 }), 1000).holiday, 23, '22.5 yen → 23: half up');
  t.equal(monthPay(only({ regular: 1 }), 1001).base, 17, '16.68 yen → 17');
});

t.test('XLSX: a row per driver who worked, hours as Excel times, yen, the no-wage driver’s hours without amounts, the totals', async (t) => {
  const response = await get(superAdmin, `${report}&format=xlsx`);
  t.equal(response.statusCode, 200, response.statusCode === 200 ? '' : response.body);
  t.match(response.headers['content-disposition'], `payroll-accounting_${MONTH}-01_${MONTH}-30.xlsx`);
  const [sheet] = await xlsxSheets(response.rawPayload);
  t.equal(sheet!.rows[0]![0], '給与計算');
  t.match(sheet!.rows[1]![0], '時間外×1.25（月60時間超の部分×1.50）', 'the rates, under the title');
  t.match(sheet!.rows[1]![0], '※時給未設定のドライバー 1名：時間のみ記載し、金額は空欄（合計に含みません）', 'the sheet says a driver has no wage');
  t.same(sheet!.rows[3], [
    'ログインID', 'ドライバー', '配送会社', '所属センター',
    '時給(円)', '出勤日数', '実働(時間)', '所定内(時間)', '時間外(時間)', 'うち月60時間超', '深夜(時間)', '休日（祝日）(時間)',
    '基本給(円)', '時間外手当(円)', '深夜手当(円)', '休日手当(円)', '総支給額(円)', '備考',
  ]);
  const rows = new Map(sheet!.rows.slice(4, -1).map((row) => [row[0], row.slice(4).map(excelTime)]));
  t.same([...rows.keys()], ['toto-d01', 'toto-d02', 'wangan-d01'], 'only the drivers who worked, by company');
  const D01_HOURS = [minutesOf(182, 30), minutesOf(104), minutesOf(61), minutesOf(1), minutesOf(8, 30), minutesOf(17, 30)];
  t.same(rows.get('toto-d01'), [1111, 16, ...D01_HOURS, ...D01_PAY, '退勤未記録 1日（時間に含まず）'], 'the long month');
  t.same(rows.get('toto-d02'), [1111, 1, 490, 480, 10, 0, 0, 0, ...D02_PAY], 'no note');
  t.same(rows.get('wangan-d01'), [null, 1, 480, 480, 0, 0, 0, 0, null, null, null, null, null, '時給未設定'], 'no wage: hours, no amounts (not 0 yen), a note');
  const totals = sheet!.rows.at(-1)!.map(excelTime);
  t.equal(totals[0], '合計');
  t.same(totals.slice(5, 17), [18, minutesOf(198, 40), minutesOf(120), minutesOf(61, 10), 60, 510, 1050, 124432, 85223, 2361, 26247, 238263], 'the amounts of the drivers with a wage');

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const d01Row = workbook.worksheets[0]!.getRow(5);
  t.same([d01Row.getCell(7).numFmt, d01Row.getCell(13).numFmt, d01Row.getCell(17).numFmt], ['[h]:mm', '#,##0', '#,##0'], 'hours [h]:mm, yen #,##0');
});

t.test('scope: a delivery company’s staff get their own drivers, a filter outside their scope nothing; CSV in Shift_JIS', async (t) => {
  const response = await get(carrier, `${report}&format=csv&encoding=sjis`);
  t.equal(response.statusCode, 200);
  t.not(response.rawPayload.subarray(0, 3).toString('hex'), 'efbbbf', 'no UTF-8 BOM');
  t.notOk(response.rawPayload.toString('utf8').includes('総支給額'), 'not UTF-8');
  const records = csvRecords(response.rawPayload, 'sjis');
  t.same(records[0]?.slice(4, 9), ['時給(円)', '出勤日数', '実働(時間)', '所定内(時間)', '時間外(時間)']);
  t.same(
    records.slice(1).map((record) => [record[0], ...record.slice(4)]),
    [
      ['toto-d01', '1111', '16', '182:30', '104:00', '61:00', '1:00', '8:30', '17:30', ...D01_PAY.map(String), '退勤未記録 1日（時間に含まず）'],
      ['toto-d02', '1111', '1', '8:10', '8:00', '0:10', '0:00', '0:00', '0:00', ...D02_PAY.map(String), ''],
      ['合計', '', '17', '190:40', '112:00', '61:10', '1:00', '8:30', '17:30', '124432', '85223', '2361', '26247', '238263', ''],
    ],
    'the hours as H:mm; the other company’s driver left out',
  );
  const otherCompany = await get(carrier, `${report}&format=csv&delivery_company_id=${wangan.delivery_company_id}`);
  t.equal(otherCompany.statusCode, 404, 'another company’s filter');
  t.notMatch(otherCompany.body, 'wangan-d01');
  t.equal((await get(carrier, `${report}&format=csv&driver_id=${wangan.id}`)).statusCode, 404, 'another company’s driver');

  const centers = csvRecords((await get(center, `${report}&format=csv`)).rawPayload, 'utf8');
  t.same(centers.slice(1).map((record) => record[0]), ['toto-d01', 'toto-d02', '合計'], 'a center’s staff: the drivers based there, not another center’s');
  const [centerSheet] = await xlsxSheets((await get(center, `${report}&format=xlsx`)).rawPayload);
  t.notMatch(centerSheet!.rows[1]![0], '時給未設定', 'no note when every driver has a wage');
});

t.test('English: headers, total and notes in English (Accept-Language en)', async (t) => {
  const english = csvRecords((await get(superAdmin, `${report}&format=csv&driver_id=${wangan.id}`, 'en')).rawPayload, 'utf8');
  t.same(english[0]?.slice(4), [
    'Hourly wage (yen)', 'Days worked', 'Worked (h)', 'Regular (h)', 'Overtime (h)', 'of which beyond 60 h', 'Late night (h)', 'Public holidays (h)',
    'Base pay (yen)', 'Overtime pay (yen)', 'Late-night pay (yen)', 'Holiday pay (yen)', 'Gross pay (yen)', 'Note',
  ]);
  t.same(english.slice(1).map((record) => [record[0], record.at(-1)]), [['wangan-d01', 'No hourly wage'], ['Total', '']], 'one driver');
  t.equal((await get(center, `${report}&format=pdf`)).statusCode, 400, 'no PDF');
});

t.test('出勤簿: a public holiday is 祝日, not an absence', async (t) => {
  const [days, totals] = await xlsxSheets((await get(superAdmin, `attendance-record?month=${MONTH}&format=xlsx&driver_id=${d02.id}`)).rawPayload);
  const status = (date: string) => days!.rows.find((row) => row[4] === date.replaceAll('-', '/'))?.[6];
  t.equal(status(day(3)), '祝日', '文化の日');
  t.equal(status(day(24)), '祝日', '勤労感謝の日’s 振替休日');
  t.equal(status(day(4)), '欠勤', 'an ordinary weekday without a clock in');
  t.equal(status(day(25)), '出勤');
  t.same(totals!.rows.at(-1)!.slice(4, 6), [1, 17], '20 weekdays, 2 of them public holidays, 1 worked: 17 absences');
});
