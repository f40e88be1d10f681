/**
 * Drivers' working days (出退勤) as the screens edit them and the server checks them: the same rules
 * on both sides. A time of a working day is written HH:mm from the day's midnight (Asia/Tokyo), with
 * hours past 24 for the next morning (25:30 = 01:30 the next day), as Japanese time cards do, so a
 * night shift stays one row and "end after start" compares two numbers.
 */
import { fiscalYearOf, type WorkDay } from './work-rules.js';

const MINUTE = 60_000;
const DAY_MS = 86_400_000;
const TOKYO_OFFSET = '+09:00';

/** 00:00 to 47:59: the day and the next morning. */
export const WORK_TIME_PATTERN = /^([0-3]\d|4[0-7]):([0-5]\d)$/;

/** アルコール検知 (mg/L): 0 to 5 accepted (0.15 and over is drunk driving; 5 is beyond any reading). */
export const ALCOHOL_RANGE = { min: 0, max: 5 } as const;
export const ODOMETER_MAX = 9_999_999;
export const BREAK_MINUTES_MAX = 24 * 60;
export const BREAKS_MAX = 10;
/** A departure up to this many minutes after the plan counts as on time. */
export const DEPARTURE_GRACE_MINUTES = 5;

export type DepartureState = 'on_time' | 'late' | 'waiting' | 'overdue' | 'unplanned';

/**
 * A trip's departure against its plan: the delay in minutes once departed; late beyond the grace
 * (DEPARTURE_GRACE_MINUTES); not departed yet and already past the plan and the grace: overdue.
 */
export function departureState(planned: Date | null, departed: Date | null, now: Date): { state: DepartureState; delay_minutes: number | null } {
  if (!planned) return { state: 'unplanned', delay_minutes: null };
  if (departed) {
    const delay = Math.round((departed.getTime() - planned.getTime()) / 60_000);
    return { state: delay > DEPARTURE_GRACE_MINUTES ? 'late' : 'on_time', delay_minutes: delay };
  }
  const overdue = Math.floor((now.getTime() - planned.getTime()) / 60_000);
  return overdue > DEPARTURE_GRACE_MINUTES ? { state: 'overdue', delay_minutes: overdue } : { state: 'waiting', delay_minutes: null };
}

/** The editable times of a working day, by field name. */
export const TIME_FIELDS = ['clock_in', 'clock_out', 'departure_at', 'return_at'] as const;
export type TimeField = (typeof TIME_FIELDS)[number];
/** Start → end pairs that must be in order (終了時間が開始時間以降ではありません). */
export const TIME_PAIRS: readonly (readonly [TimeField, TimeField])[] = [
  ['clock_in', 'clock_out'],
  ['departure_at', 'return_at'],
];

/** A recorded day's figures as the API answers them, in minutes (`dayFigures`), and the km driven. */
export interface WorkFigures {
  binding: number;
  worked: number;
  overtime: number;
  late_night: number;
  driving: number;
  /** odometer end − start */
  distance: number | null;
}

/** The times of a working day as instants (ISO text or Date), as the API and the database carry them. */
export interface WorkTimes {
  clock_in: string | Date | null;
  clock_out: string | Date | null;
  departure_at: string | Date | null;
  return_at: string | Date | null;
  breaks: { start: string | Date; end: string | Date }[];
}

const ms = (value: string | Date | null | undefined): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const time = value instanceof Date ? value.getTime() : Date.parse(value);
  return Number.isNaN(time) ? null : time;
};

/** Midnight of a calendar day in Tokyo, as epoch milliseconds. */
export const tokyoMidnight = (date: string) => Date.parse(`${date}T00:00:00${TOKYO_OFFSET}`);

/** HH:mm (00:00-47:59) → minutes after the day's midnight, or null when the text is not such a time. */
export function workTimeMinutes(text: string): number | null {
  const match = WORK_TIME_PATTERN.exec(text.trim());
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** HH:mm of the working day → an ISO instant; '' → null; undefined when the text is not a time. */
export function instantOfWorkTime(date: string, text: string): string | null | undefined {
  if (text.trim() === '') return null;
  const minutes = workTimeMinutes(text);
  if (minutes === null) return undefined;
  return new Date(tokyoMidnight(date) + minutes * MINUTE).toISOString();
}

/** An instant → HH:mm of the working day (25:30 for 01:30 the next morning); '' for none. */
export function workTimeOf(date: string, instant: string | Date | null | undefined): string {
  const at = ms(instant);
  if (at === null) return '';
  const minutes = Math.round((at - tokyoMidnight(date)) / MINUTE);
  if (minutes < 0) return '';
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Is the instant within the working day's window (its midnight to 47:59)? */
export function withinWorkDay(date: string, instant: string | Date): boolean {
  const at = ms(instant);
  if (at === null) return false;
  const start = tokyoMidnight(date);
  return at >= start && at < start + 2 * DAY_MS;
}

/**
 * The specification's rule on a working day: each end after its start (clock out after clock in,
 * return after departure, each break's end after its start). Answers the fields whose end is wrong:
 * `clock_out`, `return_at`, `breaks.0.end`, …
 */
export function endBeforeStartFields(times: WorkTimes): string[] {
  const wrong: string[] = [];
  for (const [start, end] of TIME_PAIRS) {
    const s = ms(times[start]);
    const e = ms(times[end]);
    if (s !== null && e !== null && e <= s) wrong.push(end);
  }
  times.breaks.forEach((b, i) => {
    const s = ms(b.start);
    const e = ms(b.end);
    if (s !== null && e !== null && e <= s) wrong.push(`breaks.${i}.end`);
  });
  return wrong;
}

/** Breaks outside the clocked span (before clock in or after clock out): `breaks.0.start`, … */
export function breaksOutsideWork(times: WorkTimes): string[] {
  const clockIn = ms(times.clock_in);
  const clockOut = ms(times.clock_out);
  const wrong: string[] = [];
  times.breaks.forEach((b, i) => {
    const s = ms(b.start);
    const e = ms(b.end);
    if (s !== null && clockIn !== null && s < clockIn) wrong.push(`breaks.${i}.start`);
    else if (e !== null && clockOut !== null && e > clockOut) wrong.push(`breaks.${i}.end`);
  });
  return wrong;
}

/** The minutes of break intervals, added up. */
export function breakTotal(breaks: { start: string | Date; end: string | Date }[]): number {
  return breaks.reduce((sum, b) => {
    const s = ms(b.start);
    const e = ms(b.end);
    return s !== null && e !== null && e > s ? sum + Math.round((e - s) / MINUTE) : sum;
  }, 0);
}

const iso = (value: string | Date | null): string | null => {
  const at = ms(value);
  return at === null ? null : new Date(at).toISOString();
};

/** A recorded day as the 2024 rules read it (common/work-rules.ts). */
export function toWorkDay(record: WorkTimes & { date: string; break_minutes: number }): WorkDay {
  return {
    date: record.date,
    clockIn: iso(record.clock_in),
    clockOut: iso(record.clock_out),
    breaks: record.breaks.map((b) => ({ start: iso(b.start)!, end: iso(b.end)! })),
    breakMinutes: record.break_minutes,
    departureAt: iso(record.departure_at),
    returnAt: iso(record.return_at),
  };
}

/** The first day of the fiscal year (April 1) a day belongs to: the annual binding limit counts from it. */
export const fiscalYearStart = (date: string) => `${fiscalYearOf(date)}-04-01`;
