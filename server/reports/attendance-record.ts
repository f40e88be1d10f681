import { addDays, tokyoToday } from '../../common/deliveries.js';
import { isPublicHoliday } from '../../common/holidays.js';
import { formatDate } from '../../common/time.js';
import type { Translate } from '../i18n.js';
import { reportHtml } from './files.js';
import { type Cell, type Heading, type Period, pdfFile, type ReportContext } from './report.js';
import { reportHeading } from './rules.js';
import {
  COLUMNS,
  type ColumnSpec,
  driverFacts,
  driverSheets,
  type DriverPeriod,
  driversWithDays,
  excelClock,
  excelMinutes,
  hours,
  weekdayOf,
  type WorkDayLine,
  type WorkTotals,
} from './work-days.js';

/**
 * 出勤簿: per driver, every calendar day of the month (its weekday, Saturdays and Sundays marked) with
 * the clock times, break, worked, overtime and late night where worked, and the month's totals: days
 * worked, absences, worked, overtime, late night. PDF: a portrait page per driver, to sign and file.
 * XLSX: one sheet with a row per driver-day (the driver's columns on each row), and the drivers' totals
 * on a sheet of their own: a clerk filters one driver to print or correct, sorts, or pivots, which
 * neither a sheet per driver (hundreds of tabs in a big company) nor blocks with their own headings
 * (which break filters and sorting) would let them do.
 *
 * Absence (欠勤): a weekday, Monday to Friday, without a clock in, up to today: a day still to come is
 * not missed yet, and Saturdays, Sundays and Japan's public holidays (common/holidays.ts, marked 祝日
 * and printed red) are taken as days off. Paid leave is the clerk's to mark: the day's note (有給) is
 * printed beside it.
 */

const N = 'reports.workingTime';
const A = 'reports.attendance';
const DAY_COLUMNS: ColumnSpec[] = [COLUMNS.date, COLUMNS.weekday, [`${A}.status`, 6], COLUMNS.clockIn, COLUMNS.clockOut, COLUMNS.breaks, COLUMNS.worked, COLUMNS.overtime, COLUMNS.lateNight, COLUMNS.note];
const TOTAL_COLUMNS: ColumnSpec[] = [COLUMNS.daysWorked, [`${A}.absences`, 8, '0'], COLUMNS.worked, COLUMNS.overtime, COLUMNS.lateNight];

type Status = 'attended' | 'absent' | 'holiday' | '';

interface CalendarDay {
  date: string;
  weekday: ReturnType<typeof weekdayOf>;
  status: Status;
  line: WorkDayLine | undefined;
}

interface DriverMonth extends DriverPeriod {
  calendar: CalendarDay[];
  absences: number;
}

function monthOf(t: Translate, period: Period, today: string, driver: DriverPeriod): DriverMonth {
  const lines = new Map(driver.days.map((line) => [line.date, line]));
  const calendar: CalendarDay[] = [];
  for (let date = period.from; date <= period.to; date = addDays(date, 1)) {
    const line = lines.get(date);
    const calendarDay = weekdayOf(t, date);
    const holiday = isPublicHoliday(date);
    const status: Status = line?.clockIn ? 'attended' : holiday ? 'holiday' : calendarDay.weekday && date <= today ? 'absent' : '';
    // A public holiday is printed red, as a Sunday is on Japanese calendars.
    const weekday = holiday ? { ...calendarDay, weekend: 'sun' as const } : calendarDay;
    calendar.push({ date, weekday, status, line });
  }
  return { ...driver, calendar, absences: calendar.filter((day) => day.status === 'absent').length };
}

const statusText = (t: Translate, status: Status) => (status === '' ? '' : t(`${A}.${status}`));

function dayCells(t: Translate, day: CalendarDay): Cell[] {
  const { line } = day;
  return [
    formatDate(day.date),
    day.weekday.name,
    statusText(t, day.status) || null,
    line ? excelClock(line.clockIn) : null,
    line?.open ? t(`${N}.noClockOut`) : line ? excelClock(line.clockOut) : null,
    excelMinutes(line?.breaks),
    excelMinutes(line?.figures?.worked),
    excelMinutes(line?.figures?.overtime),
    excelMinutes(line?.figures?.late_night),
    line?.note ?? null,
  ];
}

const totalCells = (totals: WorkTotals, absences: number): Cell[] => [
  totals.days,
  absences,
  excelMinutes(totals.worked),
  excelMinutes(totals.overtime),
  excelMinutes(totals.late_night),
];

function sheets(context: ReportContext, heading: Heading, months: DriverMonth[]) {
  const { t } = context.request;
  return driverSheets(t, heading, months, {
    daysSheet: t(`${A}.daysSheet`),
    dayColumns: DAY_COLUMNS,
    dayRows: (month) => month.calendar.map((day) => dayCells(t, day)),
    totalColumns: TOTAL_COLUMNS,
    totalCells: (totals, drivers) => totalCells(totals, drivers.reduce((sum, month) => sum + month.absences, 0)),
  });
}

/** A portrait page per driver: the month's days, the totals, the sign-off boxes. */
function printed(context: ReportContext, heading: Heading, months: DriverMonth[]) {
  const { t } = context.request;
  const [year, month] = context.period.from.split('-').map(Number);
  const html = reportHtml('attendance-record', {
    lang: context.request.locale,
    title: heading.title,
    heading: { ...heading, lines: heading.lines.slice(1) },
    month: t(`${A}.month`, { year, month }),
    labels: { ...t(N, { returnObjects: true }), ...t(A, { returnObjects: true }) },
    common: t('reports.common', { returnObjects: true }),
    drivers: months.map((driver) => ({
      ...driverFacts(driver),
      days: driver.calendar.map(({ date, weekday, status, line }) => ({
        day: Number(date.slice(8)),
        weekday: weekday.name,
        weekend: weekday.weekend,
        status,
        statusText: statusText(t, status),
        clockIn: line?.clockIn ?? '',
        clockOut: line?.open ? t(`${N}.noClockOut`) : (line?.clockOut ?? ''),
        breaks: hours(line?.breaks),
        worked: hours(line?.figures?.worked),
        overtime: hours(line?.figures?.overtime),
        lateNight: hours(line?.figures?.late_night),
        note: line?.note ?? '',
      })),
      totals: {
        days: driver.totals.days,
        absences: driver.absences,
        breaks: hours(driver.totals.binding - driver.totals.worked),
        worked: hours(driver.totals.worked),
        overtime: hours(driver.totals.overtime),
        lateNight: hours(driver.totals.late_night),
      },
    })),
  });
  return pdfFile(html);
}

export async function attendanceRecord(context: ReportContext) {
  const { t } = context.request;
  const today = tokyoToday();
  const months = (await driversWithDays(context, false)).map((driver) => monthOf(t, context.period, today, driver));
  const heading = reportHeading(context, t(`${A}.title`));
  return context.query.format === 'pdf' ? printed(context, heading, months) : sheets(context, heading, months);
}
