/**
 * Drivers' working time under the 2024 rules (改善基準告示, in force since 2024-04-01), applied by
 * the server (pages, reports, assignment warnings) and the screens (inline edits) alike.
 */
import { formatMinutes } from './time.js';

/** One working day of one driver, as recorded (or planned, for an assignment check). ISO timestamps. */
export interface WorkDay {
  /** the calendar day the work started on, YYYY-MM-DD (Asia/Tokyo) */
  date: string;
  clockIn: string | null;
  clockOut: string | null;
  /** break intervals; when empty, `breakMinutes` is the day's total break without times */
  breaks: { start: string; end: string }[];
  breakMinutes: number;
  /** driving is the time from departure to return, less the breaks inside it */
  departureAt: string | null;
  returnAt: string | null;
}

/** What one day adds up to, in minutes. */
export interface DayFigures {
  /** 拘束時間: clock out − clock in */
  binding: number;
  /** 実働: binding − breaks */
  worked: number;
  /** over 8 h of worked time */
  overtime: number;
  /** worked minutes between 22:00 and 05:00 Asia/Tokyo */
  lateNight: number;
  /** 運転時間 */
  driving: number;
}

export type WorkRule =
  | 'dailyBinding'
  | 'dailyBindingOver14'
  | 'restBetweenShifts'
  | 'monthlyBinding'
  | 'annualBinding'
  | 'twoDayDriving'
  | 'twoWeekDriving'
  | 'continuousDriving';

export type FindingLevel = 'warning' | 'violation';

/** Every rule, in the order the screens list them. */
export const WORK_RULES: readonly WorkRule[] = [
  'dailyBinding',
  'dailyBindingOver14',
  'restBetweenShifts',
  'monthlyBinding',
  'annualBinding',
  'twoDayDriving',
  'twoWeekDriving',
  'continuousDriving',
];

/** What the trip form asks before saving (POST /api/vehicle_allocation/work_rules); instants as ISO text. */
export interface WorkRulesPreview {
  date: string;
  driver_id: number;
  /** the trip being edited: left out of the driver's other trips */
  trip_id?: number | null;
  planned_loading_start?: string | null;
  planned_departure?: string | null;
  planned_arrival?: string | null;
}

/** A trip's stored warning from the assignment check: code `workRules.<rule>`, params `{level, date, ...figures}`. */
export const WORK_RULE_CODE_PREFIX = 'workRules.';

/** The finding a stored warning carries, or null when it is not a working-time warning. */
export function findingOfWarning(warning: { code: string; params?: Record<string, string | number> }): RuleFinding | null {
  if (!warning.code.startsWith(WORK_RULE_CODE_PREFIX)) return null;
  const rule = warning.code.slice(WORK_RULE_CODE_PREFIX.length) as WorkRule;
  if (!WORK_RULES.includes(rule)) return null;
  const { level, date, ...rest } = warning.params ?? {};
  const figures: Record<string, number> = {};
  for (const [key, value] of Object.entries(rest)) if (typeof value === 'number') figures[key] = value;
  return { rule, level: level === 'warning' ? 'warning' : 'violation', date: typeof date === 'string' ? date : '', figures };
}

/** One rule broken on one day: the screens colour it (amber, red) and name the rule (`workRules.<rule>`). */
export interface RuleFinding {
  rule: WorkRule;
  level: FindingLevel;
  /** the day it is reported on */
  date: string;
  /** the figures the message shows, in minutes (e.g. { binding: 790, limit: 780 }) */
  figures: Record<string, number>;
}

export interface DriverRuleOptions {
  /** 労使協定: monthly binding up to 310 h instead of 284 h */
  bindingExtensionAgreement: boolean;
}

/** The limits, in minutes (改善基準告示 for truck drivers, 2024). */
export const WORK_LIMITS = {
  dailyBindingWarning: 13 * 60,
  dailyBindingViolation: 15 * 60,
  /** over 14 h more than `dailyOver14PerWeek` times in a week (Mon-Sun) warns */
  dailyBindingLong: 14 * 60,
  dailyOver14PerWeek: 2,
  restWarning: 11 * 60,
  restViolation: 9 * 60,
  monthlyBinding: 284 * 60,
  monthlyBindingAgreement: 310 * 60,
  annualBinding: 3300 * 60,
  twoDayDrivingAverage: 9 * 60,
  twoWeekDrivingPerWeek: 44 * 60,
  continuousDriving: 4 * 60,
  continuousBreak: 30,
  breakBlockMin: 10,
  overtimeAfter: 8 * 60,
} as const;

/** Figures that are counts, not minutes (the screens show them as they are, not as H:mm). */
export const COUNT_FIGURES: ReadonlySet<string> = new Set(['count', 'limitCount']);

/**
 * A finding's figures as its message shows them (`workRules.<rule>.<level>`): minutes as H:mm, counts
 * as they are, and `limitHours`, the limit in hours. Other entries (a stored warning's `level`,
 * `date`) pass through.
 */
export function findingMessageParams(figures: Record<string, number | string>): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(figures)) {
    params[key] = typeof value === 'number' && !COUNT_FIGURES.has(key) ? formatMinutes(value) : value;
  }
  if (typeof figures.limit === 'number') params.limitHours = (figures.limit / 60).toLocaleString('en-US');
  return params;
}

const MINUTE = 60_000;
const DAY = 1440;
/** Asia/Tokyo is UTC+9 all year (no daylight saving). */
const TOKYO_OFFSET = 9 * 60;
const LATE_NIGHT_START = 22 * 60;
const LATE_NIGHT_END = 5 * 60;

/** An instant as whole minutes since the epoch (seconds dropped), or null. */
const minuteOf = (iso: string | null): number | null => {
  if (!iso) return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : Math.floor(ms / MINUTE);
};

interface Span {
  start: number;
  end: number;
}

const overlap = (a: Span, b: Span) => Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));

/** Minutes of [start, end) inside 22:00-05:00 Asia/Tokyo, over as many nights as it spans. */
function lateNightMinutes(span: Span): number {
  if (span.end <= span.start) return 0;
  const firstDay = Math.floor((span.start + TOKYO_OFFSET) / DAY) - 1;
  const lastDay = Math.floor((span.end + TOKYO_OFFSET) / DAY);
  let total = 0;
  for (let day = firstDay; day <= lastDay; day++) {
    const midnight = day * DAY - TOKYO_OFFSET;
    total += overlap(span, { start: midnight + LATE_NIGHT_START, end: midnight + DAY + LATE_NIGHT_END });
  }
  return total;
}

/** The break intervals with times, as minute spans (unreadable or empty ones dropped). */
function breakSpans(day: WorkDay): Span[] {
  return day.breaks
    .map((b) => ({ start: minuteOf(b.start), end: minuteOf(b.end) }))
    .filter((b): b is Span => b.start !== null && b.end !== null && b.end > b.start)
    .sort((a, b) => a.start - b.start);
}

function workSpan(day: WorkDay): Span | null {
  const start = minuteOf(day.clockIn);
  const end = minuteOf(day.clockOut);
  return start !== null && end !== null && end > start ? { start, end } : null;
}

function drivingSpan(day: WorkDay): Span | null {
  const start = minuteOf(day.departureAt);
  const end = minuteOf(day.returnAt);
  return start !== null && end !== null && end > start ? { start, end } : null;
}

/**
 * Driving minutes: departure → return less the breaks inside it. Breaks without times (only
 * `breakMinutes`) are taken as inside the driving, up to its length.
 */
function drivingMinutes(day: WorkDay): number {
  const span = drivingSpan(day);
  if (!span) return 0;
  const length = span.end - span.start;
  const spans = breakSpans(day);
  const breaks = spans.length ? spans.reduce((sum, b) => sum + overlap(span, b), 0) : Math.min(day.breakMinutes, length);
  return Math.max(0, length - breaks);
}

/**
 * What one day adds up to. Breaks with times count where they overlap the shift; without times,
 * `breakMinutes` is the total, and for late night the breaks are taken as outside 22:00-05:00 as far
 * as the day's other hours allow.
 */
export function dayFigures(day: WorkDay): DayFigures {
  const work = workSpan(day);
  const driving = drivingMinutes(day);
  if (!work) return { binding: 0, worked: 0, overtime: 0, lateNight: 0, driving };
  const binding = work.end - work.start;
  const spans = breakSpans(day);
  const breaks = spans.length ? spans.reduce((sum, b) => sum + overlap(work, b), 0) : Math.min(day.breakMinutes, binding);
  const worked = Math.max(0, binding - breaks);
  const nightBinding = lateNightMinutes(work);
  const lateNight = spans.length
    ? Math.max(0, nightBinding - spans.reduce((sum, b) => sum + lateNightMinutes({ start: Math.max(b.start, work.start), end: Math.min(b.end, work.end) }), 0))
    : Math.min(nightBinding, worked);
  return { binding, worked, overtime: Math.max(0, worked - WORK_LIMITS.overtimeAfter), lateNight, driving };
}

/** Calendar arithmetic on YYYY-MM-DD (UTC noon-free: dates only). */
const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
const dateOf = (n: number) => new Date(n * 86_400_000).toISOString().slice(0, 10);
/** Monday of the date's week, as a day number (1970-01-01 was a Thursday). */
const mondayOf = (n: number) => n - ((n + 3) % 7);
/** The Japanese fiscal year (April-March) a date belongs to: 2024-04-01..2025-03-31 → 2024. */
export const fiscalYearOf = (date: string) => Number(date.slice(0, 4)) - (Number(date.slice(5, 7)) < 4 ? 1 : 0);
/** Two-week driving periods run from Monday 2024-04-01 (the day the rules took effect), every 14 days. */
const TWO_WEEK_ORIGIN = dayNumber('2024-04-01');
const twoWeekPeriodOf = (n: number) => Math.floor((n - TWO_WEEK_ORIGIN) / 14);

/** One working day as the rules see it: the entries of one date taken together. */
interface Shift {
  date: string;
  day: number;
  start: number;
  end: number;
  /** clock out − clock in of the day (from its earliest start to its latest end) */
  binding: number;
  /** the 24 h binding: this day plus the next days' work starting within 24 h of this start */
  binding24: number;
}

/**
 * The days of one driver as shifts: entries sharing a date are one working day (e.g. a recorded day
 * and a planned trip), from the earliest clock in to the latest clock out. Days without both times
 * give no shift (still in progress, or not worked).
 */
function shiftsOf(days: WorkDay[]): Shift[] {
  const byDate = new Map<string, Span>();
  for (const day of days) {
    const span = workSpan(day);
    if (!span) continue;
    const known = byDate.get(day.date);
    byDate.set(day.date, known ? { start: Math.min(known.start, span.start), end: Math.max(known.end, span.end) } : span);
  }
  const shifts = [...byDate]
    .map(([date, span]) => ({ date, day: dayNumber(date), ...span, binding: span.end - span.start, binding24: 0 }))
    .sort((a, b) => a.start - b.start);
  shifts.forEach((shift, i) => {
    // Work of the next days that starts within 24 h of this start counts toward this day too.
    const window: Span = { start: shift.start, end: shift.start + DAY };
    let counted = shift.end;
    let binding = shift.binding;
    for (const next of shifts.slice(i + 1)) {
      if (next.start >= window.end) break;
      const from = Math.max(next.start, counted);
      const to = Math.min(next.end, window.end);
      if (to > from) binding += to - from;
      counted = Math.max(counted, to);
    }
    shift.binding24 = binding;
  });
  return shifts;
}

/** Driving minutes per date (entries of one date added up). */
function drivingByDay(days: WorkDay[]): Map<number, number> {
  const driving = new Map<number, number>();
  for (const day of days) {
    const minutes = drivingMinutes(day);
    if (minutes > 0) driving.set(dayNumber(day.date), (driving.get(dayNumber(day.date)) ?? 0) + minutes);
  }
  return driving;
}

/**
 * The longest continuous driving of a day: departure → return cut by its breaks; a break counts only
 * if it lasts at least 10 minutes, and the count starts again once such breaks add up to 30 minutes.
 * Returns the driving at the moment 4 h is first exceeded and the breaks counted so far, or null.
 * Days whose breaks have no times cannot be judged (null).
 */
function continuousDrivingOver(day: WorkDay): { driving: number; breaks: number } | null {
  const span = drivingSpan(day);
  if (!span) return null;
  const spans = breakSpans(day);
  if (!spans.length && day.breakMinutes > 0) return null;
  let driving = 0;
  let rested = 0;
  let worst: { driving: number; breaks: number } | null = null;
  let clock = span.start;
  const cuts = spans.map((b) => ({ start: Math.max(b.start, span.start), end: Math.min(b.end, span.end) })).filter((b) => b.end > b.start);
  for (const cut of [...cuts, { start: span.end, end: span.end }]) {
    if (cut.start > clock) driving += cut.start - clock;
    if (driving > WORK_LIMITS.continuousDriving && (!worst || driving > worst.driving)) worst = { driving, breaks: rested };
    const length = cut.end - Math.max(cut.start, clock);
    if (length >= WORK_LIMITS.breakBlockMin) rested += length;
    if (rested >= WORK_LIMITS.continuousBreak) {
      driving = 0;
      rested = 0;
    }
    clock = Math.max(clock, cut.end);
  }
  return worst;
}

/**
 * Every finding over the given days of one driver (any order; days outside the checked period give
 * context, e.g. the previous day's clock out for the rest rule). Only findings dated within
 * [from, to] are returned.
 *
 * Where a finding is dated: the daily rules on the day the work started; rest on the day whose
 * clock in ends it; the monthly, annual and two-week totals on every working day on which the
 * period's running total is over its limit; the two-day driving average on the day judged.
 */
export function checkWorkRules(days: WorkDay[], from: string, to: string, options: DriverRuleOptions): RuleFinding[] {
  const findings: RuleFinding[] = [];
  const first = dayNumber(from);
  const last = dayNumber(to);
  const inRange = (n: number) => n >= first && n <= last;
  const shifts = shiftsOf(days);
  const L = WORK_LIMITS;

  // Daily binding over 24 h from the start of work, and days over 14 h per week.
  const longDaysInWeek = new Map<number, number>();
  for (const shift of shifts) {
    const binding = shift.binding24;
    if (binding > L.dailyBindingViolation) {
      findings.push({ rule: 'dailyBinding', level: 'violation', date: shift.date, figures: { binding, limit: L.dailyBindingViolation } });
    } else if (binding > L.dailyBindingWarning) {
      findings.push({ rule: 'dailyBinding', level: 'warning', date: shift.date, figures: { binding, limit: L.dailyBindingWarning } });
    }
    if (binding > L.dailyBindingLong) {
      const week = mondayOf(shift.day);
      const count = (longDaysInWeek.get(week) ?? 0) + 1;
      longDaysInWeek.set(week, count);
      if (count > L.dailyOver14PerWeek) {
        findings.push({ rule: 'dailyBindingOver14', level: 'warning', date: shift.date, figures: { binding, count, limitCount: L.dailyOver14PerWeek } });
      }
    }
  }

  // Rest between the end of one working day and the start of the next.
  shifts.forEach((shift, i) => {
    const before = shifts[i - 1];
    if (!before) return;
    const rest = Math.max(0, shift.start - before.end);
    if (rest < L.restViolation) findings.push({ rule: 'restBetweenShifts', level: 'violation', date: shift.date, figures: { rest, limit: L.restViolation } });
    else if (rest < L.restWarning) findings.push({ rule: 'restBetweenShifts', level: 'warning', date: shift.date, figures: { rest, limit: L.restWarning } });
  });

  // Monthly and annual (April-March) binding: running totals of each day's clock out − clock in.
  const monthly = options.bindingExtensionAgreement ? L.monthlyBindingAgreement : L.monthlyBinding;
  const perMonth = new Map<string, number>();
  const perYear = new Map<number, number>();
  for (const shift of [...shifts].sort((a, b) => a.day - b.day || a.start - b.start)) {
    const month = shift.date.slice(0, 7);
    const monthTotal = (perMonth.get(month) ?? 0) + shift.binding;
    perMonth.set(month, monthTotal);
    if (monthTotal > monthly) findings.push({ rule: 'monthlyBinding', level: 'violation', date: shift.date, figures: { binding: monthTotal, limit: monthly } });
    const year = fiscalYearOf(shift.date);
    const yearTotal = (perYear.get(year) ?? 0) + shift.binding;
    perYear.set(year, yearTotal);
    if (yearTotal > L.annualBinding) findings.push({ rule: 'annualBinding', level: 'violation', date: shift.date, figures: { binding: yearTotal, limit: L.annualBinding } });
  }

  // Driving: the two-day average on both sides of a day, and two-week totals.
  const driving = drivingByDay(days);
  const drivenDays = [...driving.keys()].sort((a, b) => a - b);
  for (const n of drivenDays) {
    const today = driving.get(n)!;
    const before = (today + (driving.get(n - 1) ?? 0)) / 2;
    const after = (today + (driving.get(n + 1) ?? 0)) / 2;
    if (before > L.twoDayDrivingAverage && after > L.twoDayDrivingAverage) {
      findings.push({ rule: 'twoDayDriving', level: 'violation', date: dateOf(n), figures: { driving: today, before, after, limit: L.twoDayDrivingAverage } });
    }
  }
  const perPeriod = new Map<number, number>();
  for (const n of drivenDays) {
    const period = twoWeekPeriodOf(n);
    const total = (perPeriod.get(period) ?? 0) + driving.get(n)!;
    perPeriod.set(period, total);
    if (total > 2 * L.twoWeekDrivingPerWeek) {
      findings.push({ rule: 'twoWeekDriving', level: 'violation', date: dateOf(n), figures: { average: total / 2, driving: total, limit: L.twoWeekDrivingPerWeek } });
    }
  }

  // Continuous driving, each entry on its own (its departure to its return).
  for (const day of days) {
    const over = continuousDrivingOver(day);
    if (over) findings.push({ rule: 'continuousDriving', level: 'violation', date: day.date, figures: { ...over, limit: L.continuousDriving } });
  }

  return findings.filter((f) => inRange(dayNumber(f.date)));
}
