import { isPublicHoliday } from '../../common/holidays.js';
import type { ReportContext } from './context.js';
import { type Cell, type ColumnSpec, columnsOf, sendTable, type Table } from './files.js';
import { reportHeading } from './rules.js';
import { driverCells, driverColumns, type DriverPeriod, driversWithDays } from './work-days.js';

/**
 * 給与計算: per driver who worked in the month, the hours by kind and the pay at their hourly wage
 * (時給, the driver master). The figures are the 出退勤 screen's (server/driver-time/rules.ts): worked
 * hours net of breaks, overtime beyond 8 hours a day, late night 22:00-05:00.
 *
 * - 所定内 (regular): a working day's hours up to 8 h, paid ×1.00 (基本給).
 * - 時間外 (overtime): beyond 8 h a day, ×1.25; the part of the month's overtime beyond 60 h ×1.50
 *   (Labour Standards Act art. 37, for every company since April 2023).
 * - 休日 (holiday): every hour of a day worked on a public holiday, ×1.35 (no overtime on that day).
 * - 深夜 (late night): 22:00-05:00, a further ×0.25 on top of the above.
 * Each kind's amount for the month is rounded to the yen once (under 50 sen down, from 50 sen up: the
 * rounding 昭和63年基発150号 allows). A driver without an hourly wage gets their hours and no amounts.
 */

export const PAY_RATES = { overtime: 1.25, overtimeBeyond60: 1.5, holiday: 1.35, lateNight: 0.25 } as const;
/** The month's overtime paid ×1.25; beyond it, ×1.50 (minutes). */
export const OVERTIME_60_HOURS = 60 * 60;

/** A driver's month in minutes. */
export interface MonthHours {
  days: number;
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

/** The month's hours by kind from the driver's recorded days (a day open or without times adds nothing). */
export function monthHours({ days, totals }: Pick<DriverPeriod, 'days' | 'totals'>): MonthHours {
  const hours: MonthHours = { days: totals.days, worked: 0, regular: 0, overtime: 0, beyond60: 0, lateNight: 0, holiday: 0 };
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

/** Minutes at an hourly wage and a rate, in yen rounded half up (amounts are never negative). */
const yenOf = (minutes: number, wage: number, rate: number) => Math.round((minutes * wage * rate) / 60);

/** The month's pay by kind at an hourly wage. */
export function monthPay(hours: MonthHours, wage: number): MonthPay {
  const base = yenOf(hours.regular, wage, 1);
  const overtime = yenOf(hours.overtime - hours.beyond60, wage, PAY_RATES.overtime) + yenOf(hours.beyond60, wage, PAY_RATES.overtimeBeyond60);
  const lateNight = yenOf(hours.lateNight, wage, PAY_RATES.lateNight);
  const holiday = yenOf(hours.holiday, wage, PAY_RATES.holiday);
  return { base, overtime, lateNight, holiday, total: base + overtime + lateNight + holiday };
}

const P = 'reports.payroll';
const HOURS = '#,##0.00';
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
  [`${P}.note`, 16],
];

/** Minutes as decimal hours to 0.01, as payroll software takes them. */
const decimalHours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

const hourCells = (hours: MonthHours): Cell[] => [
  hours.days,
  ...[hours.worked, hours.regular, hours.overtime, hours.beyond60, hours.lateNight, hours.holiday].map(decimalHours),
];
const payCells = (pay: MonthPay | null): Cell[] => (pay ? [pay.base, pay.overtime, pay.lateNight, pay.holiday, pay.total] : [null, null, null, null, null]);

function sum<T extends object>(rows: T[], empty: T): T {
  const total = { ...empty };
  for (const row of rows) for (const key of Object.keys(total) as (keyof T)[]) (total[key] as number) += row[key] as number;
  return total;
}

export async function payrollAccounting(context: ReportContext) {
  const { t } = context.request;
  const drivers = (await driversWithDays(context, false)).filter((driver) => driver.days.some((day) => day.figures));
  const lines = drivers.map((driver) => {
    const hours = monthHours(driver);
    const wage = driver.driver.hourly_wage;
    return { driver, hours, wage, pay: wage === null ? null : monthPay(hours, wage) };
  });
  const title = t(`${P}.title`);
  const table: Table = {
    sheet: title,
    columns: [...driverColumns(t), ...columnsOf(t, COLUMNS)],
    rows: lines.map((line) => [...driverCells(line.driver), line.wage, ...hourCells(line.hours), ...payCells(line.pay), line.wage === null ? t(`${P}.noWage`) : '']),
    totals: () => {
      const hours = sum(lines.map((line) => line.hours), { days: 0, worked: 0, regular: 0, overtime: 0, beyond60: 0, lateNight: 0, holiday: 0 });
      const pay = sum(lines.flatMap((line) => (line.pay ? [line.pay] : [])), { base: 0, overtime: 0, lateNight: 0, holiday: 0, total: 0 });
      return [t('reports.common.total'), '', '', '', null, ...hourCells(hours), ...payCells(pay), ''];
    },
  };
  const heading = reportHeading(context, title);
  heading.lines.splice(1, 0, t(`${P}.rates`));
  return sendTable(context, heading, table);
}
