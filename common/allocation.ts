/**
 * Trips' load rules both sides apply: the server refuses an overloaded trip with these figures, and
 * the allocation board draws its capacity bars with the same ratio and colours.
 */

import { tokyoToday } from './deliveries.js';
import { LOAD_UNIT } from './enums.js';
import { formatDateTime, tokyoInstant } from './time.js';
import type { MessageKey } from './locales/index.js';

/** What a trip's load is measured in: its quantity as pallets or cage carts (by load_unit), and kilograms. */
export type Measure = 'pallets' | 'cage_carts' | 'weight';

/** A trip's status (vehicle_allocations.status): 計画, 積込中, 配送中, 完了, 取消. */
export const TRIP_STATUS = { planned: 0, loading: 1, inTransit: 2, completed: 3, cancelled: 9 } as const;

/**
 * Why a trip cannot be confirmed (確定) or, with `confirm` false, go back to a draft (確定解除), as the
 * message the server answers, or null: never once cancelled or completed; back to a draft only while
 * loading has not started (drivers may already be on it).
 */
export function confirmationRefusal(trip: { status: number }, confirm: boolean) {
  if (trip.status === TRIP_STATUS.cancelled) return 'allocation.cancelled' as const satisfies MessageKey;
  if (trip.status === TRIP_STATUS.completed) return 'allocation.completed' as const satisfies MessageKey;
  if (!confirm && trip.status !== TRIP_STATUS.planned) return 'allocation.startedCannotUnconfirm' as const satisfies MessageKey;
  return null;
}

/**
 * Why a trip can no longer change (its fields; with `stops`, its deliveries and their order too), as the
 * message the server answers, or null: never once cancelled or completed, and its stops not once it has
 * left (the driver is on the round). The board turns 近い順 off with it; the server refuses with it.
 */
export function closedRefusal(trip: { status: number }, stops: boolean) {
  if (trip.status === TRIP_STATUS.cancelled) return 'allocation.cancelled' as const satisfies MessageKey;
  if (trip.status === TRIP_STATUS.completed) return 'allocation.completed' as const satisfies MessageKey;
  if (stops && trip.status === TRIP_STATUS.inTransit) return 'allocation.notPlanned' as const satisfies MessageKey;
  return null;
}

/**
 * Why a trip cannot start loading (積込開始), as the message the server answers, or null when it can:
 * cancelled, completed, a draft (not confirmed), or already started. The board disables its button
 * with this reason; the server refuses with it.
 */
export function loadingStartRefusal(trip: { status: number; confirmed_at: Date | string | null }) {
  if (trip.status === TRIP_STATUS.cancelled) return 'allocation.cancelled' as const satisfies MessageKey;
  if (trip.status === TRIP_STATUS.completed) return 'allocation.completed' as const satisfies MessageKey;
  if (trip.confirmed_at === null) return 'allocation.notConfirmed' as const satisfies MessageKey;
  if (trip.status !== TRIP_STATUS.planned) return 'allocation.alreadyStarted' as const satisfies MessageKey;
  return null;
}

/** How long before a trip's planned loading start its loading may start (積込開始): 12 hours. */
export const LOADING_START_LEAD_HOURS = 12;

/**
 * The earliest instant a trip's loading may start: 12 hours before its planned loading start (積込開始予定),
 * else before its planned departure, else before the start of its day in Asia/Tokyo. A trip days ahead
 * cannot be started (and everyone notified) by a slip of the mouse.
 */
export function loadingOpensAt(trip: { date: string; planned_loading_start: Date | string | null; planned_departure: Date | string | null }): Date {
  const planned = trip.planned_loading_start ?? trip.planned_departure;
  const start = planned === null ? tokyoInstant(trip.date, '00:00') : new Date(planned);
  return new Date(start.getTime() - LOADING_START_LEAD_HOURS * 3_600_000);
}

/**
 * Why a trip's loading cannot start yet at `at`, with from when it can (YYYY/MM/DD HH:mm, Asia/Tokyo),
 * or null once it may. The server refuses with it after `loadingStartRefusal`; the board disables its button.
 */
export function loadingStartTooEarly(
  trip: { date: string; planned_loading_start: Date | string | null; planned_departure: Date | string | null },
  at: Date,
) {
  const opens = loadingOpensAt(trip);
  if (at.getTime() >= opens.getTime()) return null;
  return { key: 'allocation.loadingTooEarly' as const satisfies MessageKey, from: formatDateTime(opens) };
}

/**
 * Why a day's plan cannot be copied (前日コピー) onto `toDate`, as the message the server answers, or
 * null: not onto the day it comes from, and not onto a day already past in Asia/Tokyo (its trips would
 * never run). The board disables its button with this reason; the server refuses with it.
 */
export function copyRefusal(fromDate: string, toDate: string, today: string) {
  if (fromDate === toDate) return 'allocation.sameDate' as const satisfies MessageKey;
  if (toDate < today) return 'allocation.copyToPast' as const satisfies MessageKey;
  return null;
}

/**
 * A trip's name as people read it: its route name (便名) when the planner gave one, else its number in
 * the reader's language (便3, Trip 3). The list, the export and the screens name trips this one way.
 */
export function tripLabel(trip: { route_name: string | null; trip_no: number }, t: (key: 'allocationScreens.trip.tripNo', options: { no: number }) => string) {
  return trip.route_name || t('allocationScreens.trip.tripNo', { no: trip.trip_no });
}

/** Where a trip runs: 品川センター → 横浜センター between centers, its direction (方面) for store direct. The list, its export and the detail say it this one way. */
export function routeText(trip: {
  kind: string;
  origin_department_name: string | null;
  destination_department_name: string | null;
  direction_name: string | null;
}): string {
  if (trip.kind === 'store_direct') return trip.direction_name ?? '';
  const ends = [trip.origin_department_name, trip.destination_department_name];
  return ends.some(Boolean) ? ends.map((end) => end ?? '—').join(' → ') : '';
}

/** Above this share of a capacity the bar turns amber; above the capacity itself, red (and the server refuses). */
export const CAPACITY_AMBER_ABOVE = 0.9;
export const CAPACITY_RED_ABOVE = 1;

export type CapacityColour = 'green' | 'amber' | 'red';

export interface Capacities {
  pallet_capacity: number | null;
  cage_cart_capacity: number | null;
  /** the vehicle's own, else its type's */
  max_loading_capacity: number | null;
}

export interface Load {
  load_unit: number;
  quantity: number;
  weight: number;
}

/** The measure a trip's quantity is counted in. */
export const quantityMeasure = (loadUnit: number): Measure => (loadUnit === LOAD_UNIT.cageCart ? 'cage_carts' : 'pallets');

/** load / capacity, or null when the capacity is unknown (no bar, no refusal). */
export function capacityRatio(load: number, capacity: number | null | undefined): number | null {
  if (capacity === null || capacity === undefined || capacity <= 0) return null;
  return load / capacity;
}

/** green up to 90 %, amber above 90 % up to 100 %, red above 100 %. */
export function capacityColour(ratio: number | null): CapacityColour {
  if (ratio === null || ratio <= CAPACITY_AMBER_ABOVE) return 'green';
  return ratio <= CAPACITY_RED_ABOVE ? 'amber' : 'red';
}

export interface MeasureLoad {
  measure: Measure;
  load: number;
  capacity: number | null;
  ratio: number | null;
  colour: CapacityColour;
}

/** The two bars of a trip: its quantity against the capacity of its load unit, its weight against the weight limit. */
export function loadByMeasure(load: Load, capacities: Capacities): MeasureLoad[] {
  const measure = quantityMeasure(load.load_unit);
  const quantityCapacity = measure === 'pallets' ? capacities.pallet_capacity : capacities.cage_cart_capacity;
  return [
    { measure, load: load.quantity, capacity: quantityCapacity },
    { measure: 'weight' as const, load: load.weight, capacity: capacities.max_loading_capacity },
  ].map((entry) => {
    const ratio = capacityRatio(entry.load, entry.capacity);
    return { ...entry, ratio, colour: capacityColour(ratio) };
  });
}

/** The first measure over its capacity (exactly at the capacity is accepted), or null. */
export function overCapacity(load: Load, capacities: Capacities): { measure: Measure; load: number; capacity: number } | null {
  const over = loadByMeasure(load, capacities).find((entry) => entry.capacity !== null && entry.ratio !== null && entry.ratio > CAPACITY_RED_ABOVE);
  return over ? { measure: over.measure, load: Math.round(over.load * 100) / 100, capacity: over.capacity! } : null;
}

/** Lists of trips cover at most this many days (date_from..date_to inclusive). */
export const TRIP_RANGE_MAX_DAYS = 31;

/** Planned times move in steps of this many minutes: a bar dragged on the time chart, a trip planned from the time now. */
export const PLAN_STEP_MINUTES = 15;

/**
 * A store trip planned now for `date` (the calculator, the board's 新規便, the trip form): at the
 * center's loading start and departure, or, today once that loading start has passed (an order added
 * during the day), loading from the next step after now and leaving after the center's usual loading
 * time. A trip planned at 11:00 does not leave at 09:00.
 */
export function plannedFromNow(center: { loadingStart: Date; departure: Date }, date: string, now: Date): { loadingStart: Date; departure: Date } {
  if (date !== tokyoToday(now) || now <= center.loadingStart) return center;
  const loadingStart = nextPlanStep(now);
  return { loadingStart, departure: new Date(center.departure.getTime() + loadingStart.getTime() - center.loadingStart.getTime()) };
}

/** The first step of PLAN_STEP_MINUTES at or after `now`: the earliest a trip planned now can load. */
export function nextPlanStep(now: Date): Date {
  const step = PLAN_STEP_MINUTES * 60_000;
  return new Date(Math.ceil(now.getTime() / step) * step);
}

export interface PlannedTimes {
  planned_loading_start: Date | null;
  planned_departure: Date | null;
  planned_arrival: Date | null;
}

/**
 * 前日コピー onto today: a copied trip whose times have already passed (`earliest`, the next step after
 * now) is put back to start at it, its loading, departure and return kept as far apart as they were; a
 * later trip of the same vehicle (else driver) follows the one before it as it did, moved only if it
 * would now start before that one returns. Trips come in and go out in the same order; on any other day
 * (`earliest` null) their times stay as copied.
 */
export function timesFromNow<T extends PlannedTimes & { vehicle_id: number | null; driver_id: number | null }>(trips: T[], earliest: Date | null): PlannedTimes[] {
  if (!earliest) return trips.map(({ planned_loading_start, planned_departure, planned_arrival }) => ({ planned_loading_start, planned_departure, planned_arrival }));
  const startOf = (trip: PlannedTimes) => trip.planned_loading_start ?? trip.planned_departure ?? trip.planned_arrival;
  const endOf = (trip: PlannedTimes) => trip.planned_arrival ?? trip.planned_departure ?? trip.planned_loading_start;
  const freeFrom = new Map<string, Date>();
  const resourceOf = (trip: T) => (trip.vehicle_id !== null ? `v${trip.vehicle_id}` : trip.driver_id !== null ? `d${trip.driver_id}` : null);
  const byStart = [...trips.keys()].sort((a, b) => (startOf(trips[a]!)?.getTime() ?? 0) - (startOf(trips[b]!)?.getTime() ?? 0));
  const result: PlannedTimes[] = [];
  for (const index of byStart) {
    const trip = trips[index]!;
    const start = startOf(trip);
    const resource = resourceOf(trip);
    const from = resource && freeFrom.has(resource) ? new Date(Math.max(earliest.getTime(), freeFrom.get(resource)!.getTime())) : earliest;
    const shift = start && start < from ? from.getTime() - start.getTime() : 0;
    const moved = (at: Date | null) => (at ? new Date(at.getTime() + shift) : null);
    const times = { planned_loading_start: moved(trip.planned_loading_start), planned_departure: moved(trip.planned_departure), planned_arrival: moved(trip.planned_arrival) };
    const end = endOf(times);
    if (resource && end) freeFrom.set(resource, end);
    result[index] = times;
  }
  return result;
}

/** Days from one calendar date (YYYY-MM-DD) to another; negative when `to` is before `from`. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** A calendar date moved by whole days: the one in common/deliveries.ts. */
export { addDays } from './deliveries.js';
