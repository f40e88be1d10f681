import {
  ALCOHOL_RANGE,
  breaksOutsideWork,
  endBeforeStartFields,
  fiscalYearStart,
  TIME_FIELDS,
  toWorkDay,
  withinWorkDay,
  type WorkFigures,
  type WorkTimes,
} from '../../common/driver-time.js';
import { addDays } from '../../common/deliveries.js';
import { checkWorkRules, dayFigures, type RuleFinding, type WorkDay } from '../../common/work-rules.js';
import type { FieldErrors } from '../errors.js';
import type { Translate } from '../i18n.js';

/** The area's pure rules: a record's fields, its figures and the 2024 rules' findings for a day. */

/** A working day as it will be stored: the stored one with the body's fields over it. */
export interface MergedRecord extends WorkTimes {
  date: string;
  break_minutes: number;
  odometer_start: number | null;
  odometer_end: number | null;
  alcohol_check_before: number | null;
  alcohol_check_after: number | null;
}

const label = (t: Translate, field: string) => t(`driverTime.fields.${field}`);

/** Which label a (possibly nested) field shows: `breaks.0.end` is the break's end. */
const labelOf = (t: Translate, field: string) => {
  const nested = /^breaks\.\d+\.(start|end)$/.exec(field);
  return nested ? label(t, `break_${nested[1]}`) : label(t, field);
};

/**
 * Every wrong field of a record at once: times within the working day (00:00 to 47:59), each end
 * after its start (the specification's message), breaks within the clocked span, odometer in order,
 * alcohol readings within 0..5 mg/L.
 */
export function recordErrors(t: Translate, record: MergedRecord): FieldErrors {
  const errors: FieldErrors = {};
  const put = (field: string, message: string) => {
    if (!(field in errors)) errors[field] = message;
  };
  for (const field of TIME_FIELDS) {
    const value = record[field];
    if (value !== null && !withinWorkDay(record.date, value)) put(field, t('driverTime.outsideDay', { field: labelOf(t, field) }));
  }
  record.breaks.forEach((b, i) => {
    for (const end of ['start', 'end'] as const) {
      const field = `breaks.${i}.${end}`;
      if (!withinWorkDay(record.date, b[end])) put(field, t('driverTime.outsideDay', { field: labelOf(t, field) }));
    }
  });
  for (const field of endBeforeStartFields(record)) put(field, t('errors.endAfterStart'));
  for (const field of breaksOutsideWork(record)) put(field, t('driverTime.breakOutside'));
  if (record.odometer_start !== null && record.odometer_end !== null && record.odometer_end < record.odometer_start) {
    put('odometer_end', t('driverTime.odometerOrder'));
  }
  for (const field of ['alcohol_check_before', 'alcohol_check_after'] as const) {
    const value = record[field];
    if (value !== null && (value < ALCOHOL_RANGE.min || value > ALCOHOL_RANGE.max)) put(field, t('driverTime.alcoholRange', { field: label(t, field) }));
  }
  return errors;
}

/**
 * The days the rules need around `date` (or the days from `date` to `to`): from the start of its
 * fiscal year (annual binding) or five weeks before (two-week driving, weekly counts, whichever is
 * earlier) to two weeks after the last (the pair with the next day, the two weeks a day belongs to).
 */
export function contextRange(date: string, to = date): { from: string; to: string } {
  const yearStart = fiscalYearStart(date);
  const weeksBefore = addDays(date, -35);
  return { from: weeksBefore < yearStart ? weeksBefore : yearStart, to: addDays(to, 14) };
}

export interface DayRecordLike extends WorkTimes {
  date: string;
  break_minutes: number;
  odometer_start?: number | null;
  odometer_end?: number | null;
}


/**
 * A recorded day's figures (common/work-rules.ts), with the distance from the odometer; none while the
 * driver is clocked in and not out (the day is not over, or its clock-out is missing: 0:00 would be wrong).
 */
export function figuresOf(record: DayRecordLike): WorkFigures | null {
  if (record.clock_in && !record.clock_out) return null;
  const day = dayFigures(toWorkDay(record));
  const distance =
    record.odometer_start !== null && record.odometer_start !== undefined && record.odometer_end !== null && record.odometer_end !== undefined
      ? record.odometer_end - record.odometer_start
      : null;
  return { binding: day.binding, worked: day.worked, overtime: day.overtime, late_night: day.lateNight, driving: day.driving, distance };
}

/** What a sheet's days add up to: their figures (minutes, km) and their findings by level. */
export const emptyFigureTotals = () => ({ binding: 0, worked: 0, overtime: 0, late_night: 0, driving: 0, distance: 0, warnings: 0, violations: 0 });
export type FigureTotals = ReturnType<typeof emptyFigureTotals>;

/** Adds one recorded day (its figures, none while it is open, and its findings) to the totals. */
export function addToTotals(totals: FigureTotals, figures: WorkFigures | null, findings: RuleFinding[]) {
  if (figures) {
    totals.binding += figures.binding;
    totals.worked += figures.worked;
    totals.overtime += figures.overtime;
    totals.late_night += figures.late_night;
    totals.driving += figures.driving;
    totals.distance += figures.distance ?? 0;
  }
  for (const finding of findings) totals[finding.level === 'violation' ? 'violations' : 'warnings']++;
}

/** The findings dated on `date` (or from `date` to `to`) for one driver, from their recorded days around it. */
export function findingsOn(days: WorkDay[], date: string, bindingExtensionAgreement: boolean, to = date): RuleFinding[] {
  if (days.length === 0) return [];
  return checkWorkRules(days, date, to, { bindingExtensionAgreement });
}

