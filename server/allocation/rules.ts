import { TRIP_MODE } from '../../common/enums.js';
import { clockOf, tokyoMinutes } from '../../common/time.js';
import { type StoreTimes, windowMiss } from '../../common/windows.js';
import type { StoredWarning } from '../../db/types.js';

/** Pure rules of trips: time-window warnings, overlapping windows, stop building (travel estimates: common/places.ts). */

export interface StoreWindow extends StoreTimes {
  store: string;
}

/**
 * Warnings (never refusals) for a stop planned at `planned`: before the store's receiving window,
 * after it, or after its specified time (common/windows.ts `windowMiss`).
 */
export function windowWarnings(planned: Date | null, store: StoreWindow): StoredWarning[] {
  if (!planned) return [];
  const miss = windowMiss(planned, store);
  const at = clockOf(tokyoMinutes(planned));
  const window = { store: store.store, planned: at, start: store.start_time?.slice(0, 5) ?? '', end: store.ending_time?.slice(0, 5) ?? '' };
  const warnings: StoredWarning[] = [];
  if (miss.early > 0) warnings.push({ code: 'allocation.warnings.earlyForWindow', params: window });
  if (miss.late > 0) warnings.push({ code: 'allocation.warnings.lateForWindow', params: window });
  if (miss.afterSpecified > 0) {
    warnings.push({ code: 'allocation.warnings.missesSpecifiedTime', params: { store: store.store, planned: at, specified: store.specified_time!.slice(0, 5) } });
  }
  return warnings;
}

/** The trip's summary of its stops' warnings: one entry counting the stops that have any. */
export function tripWarnings(stopWarnings: StoredWarning[][]): StoredWarning[] {
  const count = stopWarnings.filter((w) => w.length > 0).length;
  return count === 0 ? [] : [{ code: 'allocation.warnings.stopsWithWarnings', params: { count } }];
}

/** Less than a minute past the planned return is on time (arrivals are planned to the second). */
const RETURN_SLACK_MS = 60_000;

/**
 * A trip's warning when its round, as planned, brings it back to the center after the return the planner
 * set (帰着予定): the stops take longer than the trip's window says. None without both times.
 */
export function returnWarnings(estimated: Date | null, planned: Date | null): StoredWarning[] {
  if (!estimated || !planned || estimated.getTime() - planned.getTime() < RETURN_SLACK_MS) return [];
  return [{ code: 'allocation.warnings.returnsAfterPlanned', params: { estimated: clockOf(tokyoMinutes(estimated)), planned: clockOf(tokyoMinutes(planned)) } }];
}

/** A trip's planned window [start, end): from loading start (else departure) to arrival; null when incomplete. */
export function plannedWindow(trip: { planned_loading_start: Date | null; planned_departure: Date | null; planned_arrival: Date | null }) {
  const start = trip.planned_loading_start ?? trip.planned_departure;
  return start && trip.planned_arrival ? { start, end: trip.planned_arrival } : null;
}

/** Half-open windows overlap when each starts before the other ends (back-to-back trips do not). */
export function windowsOverlap(a: { start: Date; end: Date }, b: { start: Date; end: Date }): boolean {
  return a.start.getTime() < b.end.getTime() && b.start.getTime() < a.end.getTime();
}

export interface StopInput {
  delivery_id: number;
  seq: number;
}

/**
 * The stops of a trip from its deliveries in seq order (ties keep the given order): one stop per
 * destination, at the place its first delivery comes; stops numbered 1..n.
 */
export function buildStops<T extends StopInput>(entries: T[], destinationOf: (entry: T) => number): { destinationId: number; entries: T[] }[] {
  const ordered = entries.map((entry, index) => ({ entry, index })).sort((a, b) => a.entry.seq - b.entry.seq || a.index - b.index);
  const stops = new Map<number, T[]>();
  for (const { entry } of ordered) {
    const destination = destinationOf(entry);
    const stop = stops.get(destination);
    if (stop) stop.push(entry);
    else stops.set(destination, [entry]);
  }
  return [...stops].map(([destinationId, list]) => ({ destinationId, entries: list }));
}

/** The next trip number of a day: one above the highest (1..999), else the first gap; null when none is left. */
export function nextTripNo(taken: number[]): number | null {
  const highest = Math.max(0, ...taken);
  if (highest < 999) return highest + 1;
  const used = new Set(taken);
  for (let n = 1; n <= 999; n++) if (!used.has(n)) return n;
  return null;
}

/** What a store trip carries, as its 荷姿, 方面 and 便形態 follow it (`carriedBy`). */
export interface Carried {
  load_unit: number;
  direction_id: number | null;
  trip_mode: number;
}

/** The value most of these take (the first to reach that count on a tie); undefined for none. */
function mostCommon<T>(values: T[]): T | undefined {
  const counts = new Map<T, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best: T | undefined;
  for (const [value, count] of counts) if (best === undefined || count > counts.get(best)!) best = value;
  return best;
}

/**
 * The unit most of these deliveries come in (パレット or カゴ車), `fallback` without any: a trip and
 * a center's new trip are counted in it (the capacity check counts a trip's quantity in one unit).
 */
export function usualLoadUnit(deliveries: { load_unit: number }[], fallback: number): number {
  const units = deliveries.map((d) => d.load_unit);
  // On a tie the fallback (the trip's own unit) stays.
  const best = mostCommon(units);
  if (best === undefined) return fallback;
  const count = (unit: number) => units.filter((u) => u === unit).length;
  return count(fallback) === count(best) ? fallback : best;
}

/**
 * A store trip's 荷姿, 方面 and 便形態 from its deliveries: the unit most of them come in; the direction
 * most of its stores' deliveries belong to; 混載あり once they belong to two directions or more, and back
 * to 単独便 when a 混載 trip is left with one. A trip without deliveries keeps what it has.
 */
export function carriedBy(deliveries: { load_unit: number; direction_id: number | null }[], current: Carried): Carried {
  if (deliveries.length === 0) return { load_unit: current.load_unit, direction_id: current.direction_id, trip_mode: current.trip_mode };
  const directions = new Set(deliveries.map((d) => d.direction_id));
  const mixed = directions.size > 1;
  return {
    load_unit: usualLoadUnit(deliveries, current.load_unit),
    direction_id: mostCommon(deliveries.map((d) => d.direction_id)) ?? null,
    trip_mode: mixed ? TRIP_MODE.withConsolidation : current.trip_mode === TRIP_MODE.withConsolidation ? TRIP_MODE.single : current.trip_mode,
  };
}
