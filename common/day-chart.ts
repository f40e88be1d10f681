/**
 * A day's chart by vehicle (the board's 配車表 and its print): each trip a bar from planned loading
 * start to arrival, over whole hours that cover every bar (at least 04:00 – 22:00), in minutes since
 * the day's midnight in Asia/Tokyo.
 */
import { PLAN_STEP_MINUTES } from './allocation.js';

const MINUTE_MS = 60_000;
/** The chart's default span when no trip says otherwise: 04:00 – 22:00. */
const CHART_DEFAULT = { from: 4 * 60, to: 22 * 60 };

interface PlannedTimes {
  planned_loading_start: string | Date | null;
  planned_departure: string | Date | null;
  planned_arrival: string | Date | null;
}

/** Minutes since the day's Tokyo midnight; null for no time. */
export function minuteOfDay(date: string, instant: string | Date | null): number | null {
  if (!instant) return null;
  const ms = instant instanceof Date ? instant.getTime() : Date.parse(instant);
  return Number.isNaN(ms) ? null : Math.round((ms - Date.parse(`${date}T00:00:00+09:00`)) / MINUTE_MS);
}

/** A trip's bar: planned loading start → planned arrival (departure, or an hour, when missing). */
export function barSpan(date: string, trip: PlannedTimes) {
  const start = minuteOfDay(date, trip.planned_loading_start) ?? minuteOfDay(date, trip.planned_departure);
  if (start === null) return null;
  const end = minuteOfDay(date, trip.planned_arrival) ?? minuteOfDay(date, trip.planned_departure) ?? start + 60;
  return { start, end: Math.max(end, start + PLAN_STEP_MINUTES) };
}

/** Whole hours covering every bar, at least the default span. */
export function chartRange(spans: ({ start: number; end: number } | null)[]): { from: number; to: number } {
  let { from, to } = CHART_DEFAULT;
  for (const span of spans) {
    if (!span) continue;
    from = Math.min(from, Math.floor(span.start / 60) * 60);
    to = Math.max(to, Math.ceil(span.end / 60) * 60);
  }
  return { from, to };
}

/** Left and width of a bar in percent of the chart. */
export function barPosition(span: { start: number; end: number }, range: { from: number; to: number }) {
  const total = range.to - range.from;
  const left = ((span.start - range.from) / total) * 100;
  const width = ((span.end - span.start) / total) * 100;
  return { left, width };
}
