import { minutesOf, tokyoMinutes } from './time.js';

/** A store's receiving window (受入時間) and specified time (指定時刻), HH:mm or HH:mm:ss as the masters keep them. */
export interface StoreTimes {
  start_time: string | null;
  ending_time: string | null;
  specified_time: string | null;
}

/** By how many minutes a planned arrival misses a store's times; all 0 when it keeps them. */
export interface WindowMiss {
  /** before the receiving window opens (the plan does not wait) */
  early: number;
  /** after the receiving window closes */
  late: number;
  /** after the specified time */
  afterSpecified: number;
}

const clock = (time: string | null) => (time ? minutesOf(time.slice(0, 5)) : null);

/** A store's times as minutes of the day (null: none), read once for many arrivals. */
export interface Clocks {
  start: number | null;
  end: number | null;
  specified: number | null;
}

export const clocksOf = (store: StoreTimes): Clocks => ({ start: clock(store.start_time), end: clock(store.ending_time), specified: clock(store.specified_time) });

const before = (minutes: number, limit: number | null) => (limit !== null && minutes < limit ? limit - minutes : 0);
const after = (minutes: number, limit: number | null) => (limit !== null && minutes > limit ? minutes - limit : 0);

/** How an arrival at `minutes` of the day misses the store's clocks. */
export function missAt(minutes: number, clocks: Clocks): WindowMiss {
  return { early: before(minutes, clocks.start), late: after(minutes, clocks.end), afterSpecified: after(minutes, clocks.specified) };
}

/** The minutes an arrival at `minutes` of the day misses the store's clocks by, all kinds together (nothing allocated: 近い順 asks often). */
export const minutesMissedAt = (minutes: number, clocks: Clocks) => before(minutes, clocks.start) + after(minutes, clocks.end) + after(minutes, clocks.specified);

/** How an arrival at `at` misses the store's times, compared as the day's clock in Asia/Tokyo. */
export const windowMiss = (at: Date, store: StoreTimes): WindowMiss => missAt(tokyoMinutes(at), clocksOf(store));
