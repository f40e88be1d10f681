import { tokyoToday } from '../../common/deliveries.js';
import { isPublicHoliday } from '../../common/holidays.js';
import { formatMinutes } from '../../common/time.js';
import { columnsOf } from './files.js';
import { type Cell, type ColumnSpec, type ReportContext, type Table, tableFile } from './report.js';
import { reportHeading } from './rules.js';
import { COLUMNS as WORK_COLUMNS, driverCells, driverColumns, type DriverPeriod, driversWithDays, excelMinutes } from './work-days.js';

/**
 * 給与計算: per driver who worked in the month, the hours by kind and the pay at their hourly wage
 * (時給, the driver master). The figures are the 出退勤 screen's (server/driver-time/rules.ts, as the
 * working-time reports show them): worked hours net of breaks, overtime beyond 8 worked hours a day,
 * late night 22:00-05:00; a day counts on its clock-in date.
 *
 * - 所定内 (regular): a working day's hours up to 8 h, paid ×1.00 (基本給).
 * - 時間外 (overtime): beyond 8 h a day, ×1.25; the part of the month's overtime beyond 60 h ×1.50
 *   (Labour Standards Act art. 37, for every company since April 2023).
 * - 休日 (holiday): every hour of a day worked on a public holiday, ×1.35 (none of it overtime, nor
 *   counted towards the 60 h).
 * - 深夜 (late night): 22:00-05:00, a further ×0.25 on top of the above.
 * Each kind's amount for the month is rounded to the yen once (under 50 sen down, from 50 sen up: the
 * rounding 昭和63年基発150号 allows), overtime's two rates together. A driver without an hourly wage
 * gets their hours and no amounts, and the sheet says so.
 */

/** The rates in percent of the hourly wage: the amounts stay integers until the one rounding. */
export const PAY_RATES = { regular: 100, overtime: 125, overtimeBeyond60: 150, holiday: 135, lateNight: 25 } as const;
/** The month's overtime paid ×1.25; beyond it, ×1.50 (minutes). */
export const OVERTIME_60_HOURS = 60 * 60;

/** A driver's month in minutes, and its days. */
export interface MonthHours {
  days: number;
  /** days before today clocked in without a clock out: no hours, to be put right before paying */
  open: number;
  /** 1 when today's shift is under way (勤務中): clocked in, not yet out, its hours still to come */
  onDuty: number;
  worked: number;
  regular: number;
  overtime: number;
  beyond60: number;
  lateNight: number;
  holiday: number;
}

export interface MonthPay {
  base: number;
  overtime: number;
  lateNight: number;
  holiday: number;
  total: number;
}

const noHours = (): MonthHours => ({ days: 0, open: 0, onDuty: 0, worked: 0, regular: 0, overtime: 0, beyond60: 0, lateNight: 0, holiday: 0 });
const noPay = (): MonthPay => ({ base: 0, overtime: 0, lateNight: 0, holiday: 0, total: 0 });

/** The month's hours by kind from the driver's recorded days (a day open or without times adds nothing). */
export function monthHours({ days, totals }: Pick<DriverPeriod, 'days' | 'totals'>, today = tokyoToday()): MonthHours {
  const open = days.filter((day) => day.open);
  const hours: MonthHours = {
    ...noHours(),
    days: totals.days,
    open: open.filter((day) => day.date < today).length,
    onDuty: open.some((day) => day.date >= today) ? 1 : 0,
  };
  for (const { date, figures } of days) {
    if (!figures) continue;
    hours.worked += figures.worked;
    hours.lateNight += figures.late_night;
    if (isPublicHoliday(date)) hours.holiday += figures.worked;
    else {
      hours.regular += figures.worked - figures.overtime;
      hours.overtime += figures.overtime;
    }
  }
  hours.beyond60 = Math.max(0, hours.overtime - OVERTIME_60_HOURS);
  return hours;
}

/** Minutes at their rates (percent) and an hourly wage, in yen rounded once, half up: an integer over 6,000, exact until then. */
const yenOf = (wage: number, ...parts: [minutes: number, percent: number][]) =>
  Math.round((parts.reduce((sum, [minutes, percent]) => sum + minutes * percent, 0) * wage) / 6000);

/** The month's pay by kind at an hourly wage. */
export function monthPay(hours: MonthHours, wage: number): MonthPay {
  const base = yenOf(wage, [hours.regular, PAY_RATES.regular]);
  const overtime = yenOf(wage, [hours.overtime - hours.beyond60, PAY_RATES.overtime], [hours.beyond60, PAY_RATES.overtimeBeyond60]);
  const lateNight = yenOf(wage, [hours.lateNight, PAY_RATES.lateNight]);
  const holiday = yenOf(wage, [hours.holiday, PAY_RATES.holiday]);
  return { base, overtime, lateNight, holiday, total: base + overtime + lateNight + holiday };
}

const P = 'reports.payroll';
/** Hours as the working-time reports show them: Excel times, `[h]:mm`. */
const HOURS = WORK_COLUMNS.worked[2];
const YEN = '#,##0';
const COLUMNS: ColumnSpec[] = [
  [`${P}.wage`, 8, YEN],
  [`${P}.days`, 8, '0'],
  [`${P}.worked`, 9, HOURS],
  [`${P}.regular`, 9, HOURS],
  [`${P}.overtime`, 9, HOURS],
  [`${P}.beyond60`, 11, HOURS],
  [`${P}.lateNight`, 9, HOURS],
  [`${P}.holiday`, 11, HOURS],
  [`${P}.basePay`, 11, YEN],
  [`${P}.overtimePay`, 11, YEN],
  [`${P}.lateNightPay`, 11, YEN],
  [`${P}.holidayPay`, 11, YEN],
  [`${P}.totalPay`, 12, YEN],
  [`${P}.note`, 24],
];

interface Line {
  driver: DriverPeriod;
  wage: number | null;
  hours: MonthHours;
  pay: MonthPay | null;
}

function lineOf(driver: DriverPeriod): Line {
  const hours = monthHours(driver);
  const wage = driver.driver.hourly_wage;
  return { driver, wage, hours, pay: wage === null ? null : monthPay(hours, wage) };
}

/** Minutes as an Excel time in the workbook, as H:mm text in the CSV (a fraction of a day would read as nonsense there). */
const hourCellOf = (csv: boolean) => (minutes: number): Cell => (csv ? formatMinutes(minutes) : excelMinutes(minutes));

function sum<T extends object>(rows: T[], total: T): T {
  for (const row of rows) for (const key of Object.keys(total) as (keyof T)[]) (total[key] as number) += row[key] as number;
  return total;
}

/** A table whose rows are the lines: the hours in the format's cells, the amounts (empty without a wage), the notes. */
function payrollTable(context: ReportContext, title: string, lines: Line[]): Table {
  const { t } = context.request;
  const hour = hourCellOf(context.query.format === 'csv');
  const hourCells = (hours: MonthHours): Cell[] => [hours.days, ...[hours.worked, hours.regular, hours.overtime, hours.beyond60, hours.lateNight, hours.holiday].map(hour)];
  const payCells = (pay: MonthPay | null): Cell[] => (pay ? [pay.base, pay.overtime, pay.lateNight, pay.holiday, pay.total] : [null, null, null, null, null]);
  const note = ({ wage, hours }: Line) =>
    [wage === null ? t(`${P}.noWage`) : '', hours.open ? t(`${P}.openDays`, { days: hours.open }) : '', hours.onDuty ? t(`${P}.onDuty`) : '']
      .filter(Boolean)
      .join(' ／ ') || null;
  return {
    sheet: title,
    columns: [...driverColumns(t), ...columnsOf(t, COLUMNS)],
    rows: lines.map((line) => [...driverCells(line.driver), line.wage, ...hourCells(line.hours), ...payCells(line.pay), note(line)]),
    totals: () => {
      const hours = sum(lines.map((line) => line.hours), noHours());
      const pay = sum(lines.flatMap((line) => (line.pay ? [line.pay] : [])), noPay());
      return [t('reports.common.total'), '', '', '', null, ...hourCells(hours), ...payCells(pay), ''];
    },
  };
}

export async function payrollAccounting(context: ReportContext) {
  const { t } = context.request;
  const lines = (await driversWithDays(context, false)).filter((driver) => driver.totals.days > 0).map(lineOf);
  const title = t(`${P}.title`);
  const heading = reportHeading(context, title);
  const withoutWage = lines.filter((line) => line.wage === null).length;
  // Under the period: the rates, and the drivers whose amounts are left out (the CSV says it in their rows' note).
  heading.lines.splice(1, 0, t(`${P}.rates`), ...(withoutWage ? [t(`${P}.noWageNote`, { drivers: withoutWage })] : []));
  return tableFile(heading, payrollTable(context, title, lines));
}
