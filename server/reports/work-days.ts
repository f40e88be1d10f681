import { toWorkDay, type WorkFigures, workTimeMinutes, workTimeOf } from '../../common/driver-time.js';
import { formatMinutes } from '../../common/time.js';
import { findingMessageParams, type RuleFinding } from '../../common/work-rules.js';
import { type ContextRecord, type DriverQuery, driversOfDays, recordsOfDrivers } from '../driver-time/repository.js';
import { addToTotals, contextRange, emptyFigureTotals, type FigureTotals, figuresOf, findingsOn } from '../driver-time/rules.js';
import { AppError } from '../errors.js';
import type { Translate } from '../i18n.js';
import { columnsOf } from './files.js';
import { type Cell, type Column, type ColumnSpec, type Heading, type ReportContext, sheetsFile } from './report.js';

/**
 * The drivers' recorded days of a report's period, for 勤務時間記録表 and 出勤簿: read through the
 * driver-time area's queries and figured by its rules, as the 出退勤 screen shows each day.
 *
 * Scope: the 出退勤 screen's, over the period (server/driver-time/repository.ts driverDayScope): a
 * delivery company's staff their company's drivers, department users the drivers based in their
 * subtree and those on a trip planned there on a day of the period, super admins all. A driver lent
 * for a day comes with all their days of the period: whether that day kept the 2024 rules (rest,
 * two-day driving) is judged from the days around it, which the screen's findings read too.
 */

export type DriverOfPeriod = Awaited<ReturnType<typeof driversOfDays>>[number];

/** A recorded day as the reports show it. */
export interface WorkDayLine {
  date: string;
  /** HH:mm from the day's midnight, the next morning as 24:00-47:59; '' for none */
  clockIn: string;
  clockOut: string;
  /** clocked in and not out: no figures yet */
  open: boolean;
  figures: WorkFigures | null;
  /** the break counted (binding − worked), in minutes */
  breaks: number | null;
  findings: RuleFinding[];
  note: string | null;
}

/** The figures' totals and the days with a clock in. */
export type WorkTotals = FigureTotals & { days: number };

export interface DriverPeriod {
  driver: DriverOfPeriod;
  /** the recorded days of the period, in date order */
  days: WorkDayLine[];
  totals: WorkTotals;
}

const emptyTotals = (): WorkTotals => ({ days: 0, ...emptyFigureTotals() });

/** The drivers' totals added up (the sheets' last row). */
export function sumTotals(all: WorkTotals[]): WorkTotals {
  const sum = emptyTotals();
  for (const totals of all) for (const key of Object.keys(sum) as (keyof WorkTotals)[]) sum[key] += totals[key];
  return sum;
}

function dayLine(record: ContextRecord, findings: RuleFinding[]): WorkDayLine {
  // A day without a clock in (a note only, e.g. 有給) was not worked: no figures rather than 0:00.
  const figures = record.clock_in ? figuresOf(record) : null;
  return {
    date: record.date,
    clockIn: workTimeOf(record.date, record.clock_in),
    clockOut: workTimeOf(record.date, record.clock_out),
    open: record.clock_in !== null && record.clock_out === null,
    figures,
    breaks: figures ? figures.binding - figures.worked : null,
    findings: findings.filter((finding) => finding.date === record.date),
    note: record.note,
  };
}

/**
 * Every driver in scope (with the report's filters) and their recorded days of the period, each with
 * its figures and, when `withFindings`, the 2024 rules' findings dated on it (read from the days around
 * the period: the fiscal year for the annual limit, two weeks after for rest and driving). 404 when no
 * driver is in scope.
 */
export async function driversWithDays(context: ReportContext, withFindings: boolean): Promise<DriverPeriod[]> {
  const { db, request, period, filters } = context;
  const query: DriverQuery = { date: period.from, date_to: period.to, department_id: filters.department_id, delivery_company_id: filters.delivery_company_id };
  const driverId = context.query.driver_id;
  const read = withFindings ? contextRange(period.from, period.to) : period;
  const [drivers, records] = await Promise.all([
    driversOfDays(db, request.actor, query, driverId),
    recordsOfDrivers(db, request.actor, query, read.from, read.to, driverId),
  ]);
  if (drivers.length === 0) throw new AppError(404, 'reports.workingTime.noDrivers');
  const byDriver = new Map<number, ContextRecord[]>();
  for (const record of records) {
    const own = byDriver.get(record.driver_id) ?? [];
    own.push(record);
    byDriver.set(record.driver_id, own);
  }
  return drivers.map((driver) => {
    const own = byDriver.get(driver.driver_id) ?? [];
    const findings = withFindings ? findingsOn(own.map(toWorkDay), period.from, driver.binding_extension_agreement, period.to) : [];
    const days = own.filter((record) => record.date >= period.from && record.date <= period.to).map((record) => dayLine(record, findings));
    const totals = emptyTotals();
    for (const day of days) {
      if (day.clockIn) totals.days++;
      addToTotals(totals, day.figures, day.findings);
    }
    return { driver, days, totals };
  });
}

/* How the files show them. */

/** Excel keeps times as fractions of a day: shown as H:mm (`[h]:mm`), they still add up. */
const TIME_FORMAT = '[h]:mm';
const CLOCK_FORMAT = '[hh]:mm';
export const excelMinutes = (minutes: number | null | undefined): Cell => (minutes === null || minutes === undefined ? null : minutes / 1440);
export const excelClock = (clock: string): Cell => excelMinutes(workTimeMinutes(clock));
export const hours = (minutes: number | null | undefined) => (minutes === null || minutes === undefined ? '' : formatMinutes(minutes));

const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

/** 月 … 日 of a calendar day; `weekend` 'sat' or 'sun' (the printed row's class); `weekday` Monday to Friday. */
export function weekdayOf(t: Translate, date: string) {
  const day = WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()]!;
  return { name: t(`reports.workingTime.weekdays.${day}`), weekend: day === 'sat' || day === 'sun' ? day : '', weekday: day !== 'sat' && day !== 'sun' };
}

/** 「違反：1日の拘束時間が15時間を超えています（15:01）」: a finding as the screens word it. */
export function findingText(t: Translate, finding: RuleFinding): string {
  const message = t(`workRules.${finding.rule}.${finding.level}`, findingMessageParams(finding.figures));
  return t('workRules.tagText', { level: t(`workRules.level.${finding.level}`), message });
}

export { type ColumnSpec, columnsOf };

const C = 'reports.workingTime';
/** The columns of both reports' sheets. */
export const COLUMNS = {
  date: [`${C}.date`, 11],
  weekday: [`${C}.weekday`, 5],
  clockIn: [`${C}.clockIn`, 7, CLOCK_FORMAT],
  clockOut: [`${C}.clockOut`, 7, CLOCK_FORMAT],
  breaks: [`${C}.breaks`, 7, TIME_FORMAT],
  binding: [`${C}.binding`, 9, TIME_FORMAT],
  worked: [`${C}.worked`, 9, TIME_FORMAT],
  overtime: [`${C}.overtime`, 9, TIME_FORMAT],
  lateNight: [`${C}.lateNight`, 9, TIME_FORMAT],
  driving: [`${C}.driving`, 9, TIME_FORMAT],
  distance: [`${C}.distance`, 10, '#,##0'],
  findings: [`${C}.findings`, 70],
  note: [`${C}.note`, 24],
  daysWorked: [`${C}.daysWorked`, 8, '0'],
  warnings: [`${C}.warnings`, 6, '0'],
  violations: [`${C}.violations`, 6, '0'],
} as const satisfies Record<string, ColumnSpec>;

/** The driver's columns leading each row of the sheets, and their cells. */
export const driverColumns = (t: Translate): Column[] => [
  { header: t('reports.workingTime.login'), width: 12 },
  { header: t('reports.workingTime.driver'), width: 14 },
  { header: t('reports.workingTime.company'), width: 18 },
  { header: t('reports.workingTime.center'), width: 14 },
];
export const driverCells = ({ driver }: DriverPeriod): Cell[] => [driver.login_id, driver.driver_name, driver.delivery_company_name, driver.base_department_name];

/** The facts above a driver's printed table. */
export const driverFacts = ({ driver }: DriverPeriod) => ({
  name: driver.driver_name,
  login: driver.login_id,
  company: driver.delivery_company_name ?? '',
  center: driver.base_department_name ?? '',
});

/** A report's sheets of driver-days: what each report puts on them. */
interface DriverSheets<D extends DriverPeriod> {
  daysSheet: string;
  dayColumns: ColumnSpec[];
  /** a driver's rows on the days' sheet, without the driver's columns */
  dayRows: (driver: D) => Cell[][];
  totalColumns: ColumnSpec[];
  /** the totals' cells of these drivers (one driver's row, or all of them under the sheet) */
  totalCells: (totals: WorkTotals, drivers: D[]) => Cell[];
}

/**
 * Both reports' XLSX: a row per driver-day with the driver's columns on each row, and the drivers'
 * totals on a sheet of their own with the grand total under them, so that the days' sheet stays a plain
 * list to filter and sort (totals rows or headings among the days would break both).
 */
export function driverSheets<D extends DriverPeriod>(t: Translate, heading: Heading, drivers: D[], sheets: DriverSheets<D>) {
  const driverBlanks = driverColumns(t).slice(1).map(() => '');
  return sheetsFile(heading, [
    {
      sheet: sheets.daysSheet,
      columns: [...driverColumns(t), ...columnsOf(t, sheets.dayColumns)],
      rows: drivers.flatMap((driver) => sheets.dayRows(driver).map((cells) => [...driverCells(driver), ...cells])),
    },
    {
      sheet: t('reports.workingTime.totalsSheet'),
      columns: [...driverColumns(t), ...columnsOf(t, sheets.totalColumns)],
      rows: drivers.map((driver) => [...driverCells(driver), ...sheets.totalCells(driver.totals, [driver])]),
      totals: () => [t('reports.common.total'), ...driverBlanks, ...sheets.totalCells(sumTotals(drivers.map((driver) => driver.totals)), drivers)],
    },
  ]);
}
