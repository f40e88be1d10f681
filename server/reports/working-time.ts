import { formatDate } from '../../common/time.js';
import type { Translate } from '../i18n.js';
import { landscapeRecord } from './files.js';
import type { Cell, Heading, ReportContext } from './report.js';
import { reportHeading } from './rules.js';
import {
  COLUMNS,
  driverFacts,
  driverSheets,
  type DriverPeriod,
  driversWithDays,
  excelClock,
  excelMinutes,
  findingText,
  hours,
  weekdayOf,
  type WorkDayLine,
  type WorkTotals,
} from './work-days.js';

/**
 * 勤務時間記録表: per driver, each recorded day of the range (at most 31 days) with its clock times,
 * breaks, binding, worked, overtime, late night, driving and distance, the 2024 rules' findings dated on
 * it (注意 amber, 違反 red), and the driver's totals. PDF: a section per driver (A4 landscape) with
 * sign-off boxes; XLSX: a row per driver-day, and the drivers' totals on a sheet of their own, so that
 * the days' sheet stays a plain list to filter and sort (totals rows among the days would break both).
 *
 * Days without a record are left out: the record is of the days worked (31 empty days per driver would
 * hide them), and a missing day shows in the dates. A driver in scope with no record at all in the range
 * keeps one line saying so, so that a missing record reads as such rather than as a missing driver.
 */

const N = 'reports.workingTime';
/** The day's figures, on the days' sheet and, added up, on the totals' sheet. */
const FIGURE_COLUMNS = [COLUMNS.binding, COLUMNS.worked, COLUMNS.overtime, COLUMNS.lateNight, COLUMNS.driving, COLUMNS.distance];
const DAY_COLUMNS = [COLUMNS.date, COLUMNS.weekday, COLUMNS.clockIn, COLUMNS.clockOut, COLUMNS.breaks, ...FIGURE_COLUMNS, COLUMNS.findings, COLUMNS.note];
const TOTAL_COLUMNS = [COLUMNS.daysWorked, ...FIGURE_COLUMNS, COLUMNS.warnings, COLUMNS.violations];

function dayCells(t: Translate, day: WorkDayLine): Cell[] {
  const figures = day.figures;
  return [
    formatDate(day.date),
    weekdayOf(t, day.date).name,
    excelClock(day.clockIn),
    day.open ? t(`${N}.noClockOut`) : excelClock(day.clockOut),
    excelMinutes(day.breaks),
    excelMinutes(figures?.binding),
    excelMinutes(figures?.worked),
    excelMinutes(figures?.overtime),
    excelMinutes(figures?.late_night),
    excelMinutes(figures?.driving),
    figures?.distance ?? null,
    day.findings.map((finding) => findingText(t, finding)).join(' ／ ') || null,
    day.note,
  ];
}

const totalCells = (totals: WorkTotals): Cell[] => [
  totals.days,
  excelMinutes(totals.binding),
  excelMinutes(totals.worked),
  excelMinutes(totals.overtime),
  excelMinutes(totals.late_night),
  excelMinutes(totals.driving),
  totals.distance,
  totals.warnings,
  totals.violations,
];

function sheets(context: ReportContext, heading: Heading, drivers: DriverPeriod[]) {
  const { t } = context.request;
  return driverSheets(t, heading, drivers, {
    daysSheet: t(`${N}.daysSheet`),
    dayColumns: DAY_COLUMNS,
    dayRows: (driver) => (driver.days.length === 0 ? [[t(`${N}.noRecords`)]] : driver.days.map((day) => dayCells(t, day))),
    totalColumns: TOTAL_COLUMNS,
    totalCells,
  });
}

/** A section per driver: the days' table with its totals row, the findings in colour, the sign-off boxes. */
function printed(context: ReportContext, heading: Heading, drivers: DriverPeriod[]) {
  const { t } = context.request;
  return landscapeRecord(context, 'working-time-record', heading, N, {
    drivers: drivers.map((driver) => ({
      ...driverFacts(driver),
      days: driver.days.map((day) => {
        const weekday = weekdayOf(t, day.date);
        return {
          date: formatDate(day.date).slice(5),
          weekday: weekday.name,
          weekend: weekday.weekend,
          clockIn: day.clockIn,
          clockOut: day.open ? t(`${N}.noClockOut`) : day.clockOut,
          breaks: hours(day.breaks),
          binding: hours(day.figures?.binding),
          worked: hours(day.figures?.worked),
          overtime: hours(day.figures?.overtime),
          lateNight: hours(day.figures?.late_night),
          driving: hours(day.figures?.driving),
          distance: day.figures?.distance?.toLocaleString('ja-JP') ?? '',
          findings: day.findings.map((finding) => ({ level: finding.level, text: findingText(t, finding) })),
          note: day.note ?? '',
        };
      }),
      totals: {
        ...driver.totals,
        breaks: hours(driver.totals.binding - driver.totals.worked),
        binding: hours(driver.totals.binding),
        worked: hours(driver.totals.worked),
        overtime: hours(driver.totals.overtime),
        lateNight: hours(driver.totals.late_night),
        driving: hours(driver.totals.driving),
        distance: driver.totals.distance.toLocaleString('ja-JP'),
      },
    })),
  });
}

export async function workingTimeRecord(context: ReportContext) {
  const drivers = await driversWithDays(context, true);
  const heading = reportHeading(context, context.request.t(`${N}.title`));
  return context.query.format === 'pdf' ? printed(context, heading, drivers) : sheets(context, heading, drivers);
}
