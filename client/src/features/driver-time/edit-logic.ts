/**
 * The inline editor's logic, pure: a working day as the row's text inputs (HH:mm, next morning as
 * 24:00-47:59), back to the API's body, and the checks the server makes too (common/driver-time.ts),
 * so a wrong pair shows its message at the field before anything is sent.
 */
import {
  ALCOHOL_RANGE,
  breaksOutsideWork,
  breakTotal,
  endBeforeStartFields,
  instantOfWorkTime,
  ODOMETER_MAX,
  TIME_FIELDS,
  type TimeField,
  workTimeOf,
} from '../../../../common/driver-time.js';
import { dayFigures, type DayFigures } from '../../../../common/work-rules.js';
import type { Translate } from '../../app/providers/translate.js';
import type { WorkRecord, WorkRecordBody } from './types.js';

export interface Draft {
  clock_in: string;
  clock_out: string;
  departure_at: string;
  return_at: string;
  breaks: { start: string; end: string }[];
  break_minutes: string;
  odometer_start: string;
  odometer_end: string;
  alcohol_check_before: string;
  alcohol_check_after: string;
  checker: string;
  note: string;
}

const text = (value: number | string | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** The row's inputs for a stored record (or an empty day). */
export function draftOf(date: string, record: WorkRecord | null): Draft {
  const time = (field: TimeField) => workTimeOf(date, record?.[field] ?? null);
  return {
    clock_in: time('clock_in'),
    clock_out: time('clock_out'),
    departure_at: time('departure_at'),
    return_at: time('return_at'),
    breaks: (record?.breaks ?? []).map((b) => ({ start: workTimeOf(date, b.start), end: workTimeOf(date, b.end) })),
    break_minutes: record && record.breaks.length === 0 && record.break_minutes > 0 ? String(record.break_minutes) : '',
    odometer_start: text(record?.odometer_start),
    odometer_end: text(record?.odometer_end),
    alcohol_check_before: text(record?.alcohol_check_before),
    alcohol_check_after: text(record?.alcohol_check_after),
    checker: record?.checker ?? '',
    note: record?.note ?? '',
  };
}

const number = (value: string): number | null | undefined => {
  if (value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
};

/** The field names the server answers (`breaks.0.end`) for each input of the row. */
export type FieldErrors = Record<string, string>;

/**
 * The draft as the API's body, or the errors to show at the fields: HH:mm format, each end after
 * its start (終了時間が開始時間以降ではありません), breaks within the clocked span, odometer order,
 * alcohol within 0..5 mg/L.
 */
export function bodyOf(t: Translate, date: string, draft: Draft, version: number): { body?: WorkRecordBody; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const put = (field: string, message: string) => {
    if (!(field in errors)) errors[field] = message;
  };
  const label = (field: string) => t(`driverTime.fields.${field}` as Parameters<Translate>[0]);
  const times = {} as Record<TimeField, string | null>;
  for (const field of TIME_FIELDS) {
    const instant = instantOfWorkTime(date, draft[field]);
    if (instant === undefined) put(field, t('driverTime.timeFormat', { field: label(field) }));
    times[field] = instant ?? null;
  }
  const breaks: { start: string; end: string }[] = [];
  draft.breaks.forEach((b, i) => {
    const start = instantOfWorkTime(date, b.start);
    const end = instantOfWorkTime(date, b.end);
    if (!start) put(`breaks.${i}.start`, t('driverTime.timeFormat', { field: label('break_start') }));
    if (!end) put(`breaks.${i}.end`, t('driverTime.timeFormat', { field: label('break_end') }));
    if (start && end) breaks.push({ start, end });
  });
  const timed = { ...times, breaks };
  for (const field of endBeforeStartFields(timed)) put(field, t('errors.endAfterStart'));
  for (const field of breaksOutsideWork(timed)) put(field, t('driverTime.breakOutside'));

  const numbers = {} as Record<'break_minutes' | 'odometer_start' | 'odometer_end' | 'alcohol_check_before' | 'alcohol_check_after', number | null>;
  for (const field of ['break_minutes', 'odometer_start', 'odometer_end', 'alcohol_check_before', 'alcohol_check_after'] as const) {
    const value = number(draft[field]);
    if (value === undefined) put(field, t('errors.notNumber', { field: label(field) }));
    numbers[field] = value ?? null;
  }
  for (const field of ['odometer_start', 'odometer_end', 'break_minutes'] as const) {
    const value = numbers[field];
    if (value !== null && (!Number.isInteger(value) || value < 0 || value > ODOMETER_MAX)) put(field, t('errors.notInteger', { field: label(field) }));
  }
  if (numbers.odometer_start !== null && numbers.odometer_end !== null && numbers.odometer_end < numbers.odometer_start) {
    put('odometer_end', t('driverTime.odometerOrder'));
  }
  for (const field of ['alcohol_check_before', 'alcohol_check_after'] as const) {
    const value = numbers[field];
    if (value !== null && (value < ALCOHOL_RANGE.min || value > ALCOHOL_RANGE.max)) put(field, t('driverTime.alcoholRange', { field: label(field) }));
  }
  if (Object.keys(errors).length > 0) return { errors };
  return {
    errors,
    body: {
      version,
      ...times,
      breaks,
      break_minutes: breaks.length > 0 ? breakTotal(breaks) : (numbers.break_minutes ?? 0),
      odometer_start: numbers.odometer_start,
      odometer_end: numbers.odometer_end,
      alcohol_check_before: numbers.alcohol_check_before,
      alcohol_check_after: numbers.alcohol_check_after,
      checker: draft.checker.trim() || null,
      note: draft.note.trim() || null,
    },
  };
}

/** The figures the draft would have once saved (the row shows them live while it is edited). */
export function previewFigures(body: WorkRecordBody | undefined, date: string): DayFigures | null {
  if (!body) return null;
  return dayFigures({
    date,
    clockIn: body.clock_in ?? null,
    clockOut: body.clock_out ?? null,
    breaks: body.breaks ?? [],
    breakMinutes: body.break_minutes ?? 0,
    departureAt: body.departure_at ?? null,
    returnAt: body.return_at ?? null,
  });
}
