/**
 * The board's pure rules: a trip's stops as an editable plan, the new full list after a drop,
 * the undo stack, totals and the time chart's geometry. No React here: tests/client/allocation-board.test.ts.
 */
import { minuteOfDay } from '../../../../common/day-chart.js';
import {
  capacityColour,
  capacityRatio,
  closedRefusal,
  confirmationRefusal,
  loadByMeasure,
  PLAN_STEP_MINUTES,
  type CapacityColour,
  type Measure,
  type MeasureLoad,
} from '../../../../common/allocation.js';
import { isLocated, type Point } from '../../../../common/places.js';
import { bestRound, type RoundStop } from '../../../../common/rounds.js';
import type { Board, BoardDelivery, CalculatorDirection, CalculatorProposal, DirectionGroup, StopEntry, Trip, TripDetail } from '../../shared/trips/types.js';

/** One stop of a trip as the board edits it: a store and the deliveries carried there. */
export interface PlanStop {
  destinationId: number;
  deliveryIds: number[];
}

export type Plan = PlanStop[];

/** What is dragged onto a trip: a delivery and the store it goes to. */
export interface Dropped {
  id: number;
  delivery_destination_id: number;
}

export function planOf(trip: Pick<TripDetail, 'stops'>): Plan {
  return [...trip.stops]
    .sort((a, b) => a.seq - b.seq)
    .map((stop) => ({ destinationId: stop.delivery_destination_id, deliveryIds: stop.deliveries.map((d) => d.id) }))
    .filter((stop) => stop.deliveryIds.length > 0);
}

/** The `PUT …/stops` body: seq 1, 2, … in plan order; the deliveries of one stop share its seq. */
export function entriesOf(plan: Plan): StopEntry[] {
  return plan.flatMap((stop, index) => stop.deliveryIds.map((delivery_id) => ({ delivery_id, seq: index + 1 })));
}

export function deliveryIdsOf(plan: Plan): number[] {
  return plan.flatMap((stop) => stop.deliveryIds);
}

/**
 * Deliveries dropped on a trip: one for a store the trip already stops at joins that stop; the
 * others become new stops at the end, one per store, in the order they came. Ones already on the
 * trip are left where they are.
 */
export function addToPlan(plan: Plan, dropped: Dropped[]): Plan {
  const next = plan.map((stop) => ({ ...stop, deliveryIds: [...stop.deliveryIds] }));
  const onTrip = new Set(deliveryIdsOf(plan));
  for (const delivery of dropped) {
    if (onTrip.has(delivery.id)) continue;
    onTrip.add(delivery.id);
    const stop = next.find((s) => s.destinationId === delivery.delivery_destination_id);
    if (stop) stop.deliveryIds.push(delivery.id);
    else next.push({ destinationId: delivery.delivery_destination_id, deliveryIds: [delivery.id] });
  }
  return next;
}

/** The plan without these deliveries; a stop left empty disappears. */
export function removeFromPlan(plan: Plan, deliveryIds: Iterable<number>): Plan {
  const gone = new Set(deliveryIds);
  return plan
    .map((stop) => ({ ...stop, deliveryIds: stop.deliveryIds.filter((id) => !gone.has(id)) }))
    .filter((stop) => stop.deliveryIds.length > 0);
}

/** A stop moved from one place in the order to another (drag or keyboard). */
export function moveStop(plan: Plan, from: number, to: number): Plan {
  if (from === to || from < 0 || from >= plan.length || to < 0 || to >= plan.length) return plan;
  const next = [...plan];
  const [stop] = next.splice(from, 1);
  next.splice(to, 0, stop!);
  return next;
}

/** 近い順: the trip's stops reordered as a round from its center, or why not. */
export type RoundResult = { plan: Plan } | { refusal: 'roundClosed' | 'roundPinned' | 'roundUnlocated' | 'roundInOrder' };

/** What 近い順 reads of a trip, as text: the same text, the same answer (a reloaded board's unchanged trips are not weighed again). */
export function roundInputs(trip: Pick<TripDetail, 'stops' | 'pinned' | 'origin_latitude' | 'origin_longitude' | 'planned_departure' | 'status'>): string {
  const stops = trip.stops.map((s) => [s.seq, s.delivery_destination_id, s.latitude, s.longitude, s.start_time, s.ending_time, s.specified_time, s.deliveries.map((d) => d.id)]);
  return JSON.stringify([trip.status, trip.pinned, trip.origin_latitude, trip.origin_longitude, trip.planned_departure, stops]);
}

/**
 * 近い順: the located stops in the order that keeps the most stores' times, then misses the fewest
 * minutes, then drives the fewest km from the trip's center and back (common/rounds.ts `bestRound`,
 * arrivals from the trip's planned departure), then the stops without coordinates in their current
 * order. A pinned trip is never reordered, nor one that has left, is completed or cancelled (the server
 * refuses its stops: common/allocation.ts `closedRefusal`).
 */
export function roundPlan(trip: Pick<TripDetail, 'stops' | 'pinned' | 'origin_latitude' | 'origin_longitude' | 'planned_departure' | 'status'>): RoundResult {
  if (closedRefusal(trip, true)) return { refusal: 'roundClosed' };
  if (trip.pinned) return { refusal: 'roundPinned' };
  if (!isLocated(trip.origin_latitude, trip.origin_longitude)) return { refusal: 'roundUnlocated' };
  const plan = planOf(trip);
  const stopOf = new Map(trip.stops.map((stop) => [stop.delivery_destination_id, stop]));
  const located = plan.filter((stop) => isLocated(stopOf.get(stop.destinationId)?.latitude, stopOf.get(stop.destinationId)?.longitude));
  const unlocated = plan.filter((stop) => !located.includes(stop));
  const start: Point = { latitude: trip.origin_latitude!, longitude: trip.origin_longitude! };
  const departure = trip.planned_departure ? new Date(trip.planned_departure) : null;
  const round = bestRound(start, departure, located.map((stop) => stopOf.get(stop.destinationId) as RoundStop)).map((i) => located[i]!);
  const next = [...round, ...unlocated];
  return next.every((stop, i) => stop === plan[i]) ? { refusal: 'roundInOrder' } : { plan: next };
}

/** 全便を近い順: every trip that 近い順 would reorder (not pinned, not already in the best order), with its plan now and after. */
export function roundAllPlans<T extends Parameters<typeof roundPlan>[0] & { id: number }>(trips: T[]): { trip: T; before: Plan; after: Plan }[] {
  return trips.flatMap((trip) => {
    const result = roundPlan(trip);
    return 'plan' in result ? [{ trip, before: planOf(trip), after: result.plan }] : [];
  });
}

/**
 * The deliveries a drag carries: the whole selection when the dragged one is selected (in the
 * board's order), else the dragged one alone.
 */
export function draggedDeliveries<T extends { id: number }>(dragged: T, selected: ReadonlySet<number>, all: T[]): T[] {
  if (!selected.has(dragged.id)) return [dragged];
  return all.filter((d) => selected.has(d.id));
}

/** What a drag carries or a drop lands on: the `data` of a dnd-kit item (a delivery, a direction group, a stop, a trip card). */
export type DragData = Record<string, unknown>;

/** What a drop on the store-direct board does. */
export type DropDecision =
  | { kind: 'unassign'; tripId: number; deliveryIds: number[] }
  | { kind: 'reorder'; tripId: number; from: number; to: number }
  | { kind: 'move'; fromTripId: number; toTripId: number; deliveryIds: number[] }
  | { kind: 'assign'; tripId: number; deliveries: BoardDelivery[] };

/**
 * A drop on the board: a stop back to the unallocated side (unassign), within its trip (reorder, only
 * onto another stop), onto another trip (move); deliveries or a direction onto a trip (assign, the
 * whole selection when the dragged delivery is selected). Null when it lands nowhere a write follows,
 * or on a trip the board no longer shows.
 */
export function dropDecision(
  source: DragData,
  target: DragData,
  toUnallocated: boolean,
  board: { hasTrip: (tripId: number) => boolean; selected: ReadonlySet<number>; deliveries: BoardDelivery[] },
): DropDecision | null {
  const targetTripId = target.tripId as number | undefined;
  if (source.type === 'stop') {
    const fromTripId = source.tripId as number;
    if (!board.hasTrip(fromTripId)) return null;
    const deliveryIds = source.deliveryIds as number[];
    if (toUnallocated) return { kind: 'unassign', tripId: fromTripId, deliveryIds };
    if (targetTripId === undefined) return null;
    if (targetTripId === fromTripId) {
      return target.type === 'stop' ? { kind: 'reorder', tripId: fromTripId, from: source.index as number, to: target.index as number } : null;
    }
    return board.hasTrip(targetTripId) ? { kind: 'move', fromTripId, toTripId: targetTripId, deliveryIds } : null;
  }
  if (targetTripId === undefined || !board.hasTrip(targetTripId)) return null;
  const deliveries =
    source.type === 'group' ? (source.deliveries as BoardDelivery[]) : draggedDeliveries(source.delivery as BoardDelivery, board.selected, board.deliveries);
  return { kind: 'assign', tripId: targetTripId, deliveries };
}

/**
 * The drafts 全便確定 publishes to the drivers: not confirmed yet, not cancelled or completed, and ready to
 * run, with a vehicle, a driver and at least one stop. A draft missing one of them stays a draft.
 */
export function readyToConfirm<T extends Pick<TripDetail, 'confirmed_at' | 'status' | 'vehicle_id' | 'driver_id' | 'stops'>>(trips: readonly T[]): T[] {
  return trips.filter(
    (trip) => trip.confirmed_at === null && confirmationRefusal(trip, true) === null && trip.vehicle_id !== null && trip.driver_id !== null && trip.stops.length > 0,
  );
}

/** Text as the board's search compares it: full- and half-width alike (NFKC), any case. */
const searchable = (text: string) => text.normalize('NFKC').toLowerCase();

/**
 * The board's search over the unallocated deliveries: each word (spaces between) found in the delivery's
 * slip, store or item, or its direction's name; a direction left without a delivery drops out. Without
 * words, the groups as they are.
 */
export function searchGroups<G extends DirectionGroup>(groups: readonly G[], query: string): readonly G[] {
  const words = searchable(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return groups;
  const matches = (text: string) => words.every((word) => text.includes(word));
  return groups
    .map((group) => ({
      ...group,
      deliveries: group.deliveries.filter((d) => matches(searchable([d.slip_number, d.store_name, d.item_name, group.direction_name].join(' ')))),
    }))
    .filter((group) => group.deliveries.length > 0);
}

/** Shift-click: every delivery between the last clicked and this one (inclusive), in list order. */
export function rangeBetween(ids: number[], anchor: number | undefined, target: number): number[] {
  const to = ids.indexOf(target);
  const from = anchor === undefined ? -1 : ids.indexOf(anchor);
  if (from < 0 || to < 0) return [target];
  const [lo, hi] = from <= to ? [from, to] : [to, from];
  return ids.slice(lo, hi + 1);
}

// ---------------------------------------------------------------------------------------------
// Undo

/** A trip's complete list before a change: what undo sends back. */
export interface TripSnapshot {
  tripId: number;
  entries: StopEntry[];
}

export interface UndoStep {
  /** i18n key describing the change (shown on the undo button) */
  label: string;
  before: TripSnapshot[];
  /** a 再最適化 applied: the server undoes it in one step (its trips and stops as before) */
  reoptimization?: number;
  /** a trip moved on the 配車表: its fields as they were (vehicle, driver, planned times), written back with its current version */
  restore?: { tripId: number; fields: Record<string, unknown> };
}

export const UNDO_LIMIT = 20;

export function pushUndo(stack: UndoStep[], step: UndoStep, limit = UNDO_LIMIT): UndoStep[] {
  return [...stack, step].slice(-limit);
}

export function popUndo(stack: UndoStep[]): { step: UndoStep | undefined; rest: UndoStep[] } {
  return { step: stack.at(-1), rest: stack.slice(0, -1) };
}

/**
 * The order undo re-sends the lists in: trips that must give deliveries back first, so a delivery
 * is free before the trip it came from takes it again.
 */
export function undoOrder(step: UndoStep, currentCount: (tripId: number) => number): TripSnapshot[] {
  return [...step.before].sort(
    (a, b) => a.entries.length - currentCount(a.tripId) - (b.entries.length - currentCount(b.tripId)),
  );
}

// ---------------------------------------------------------------------------------------------
// Capacity and totals

type Loaded = Pick<Trip, 'load_unit' | 'quantity' | 'weight' | 'volume' | 'pallet_capacity' | 'cage_cart_capacity' | 'max_loading_capacity' | 'volume_capacity'>;

/** A bar of a trip card: a measure the server holds a trip to (MeasureLoad), or its m³ against the vehicle's 平均容積. */
export type ShownLoad = MeasureLoad | (Omit<MeasureLoad, 'measure'> & { measure: 'volume' });

/**
 * The trip's bars: its load unit (pallets or cage carts) and its weight (common/allocation.ts), then its
 * m³ when it carries any or its vehicle has a volume; coloured as the others, never refused.
 */
export function capacityOf(trip: Loaded): ShownLoad[] {
  const bars: ShownLoad[] = loadByMeasure(trip, trip);
  if (trip.volume > 0 || trip.volume_capacity !== null) {
    const ratio = capacityRatio(trip.volume, trip.volume_capacity);
    bars.push({ measure: 'volume', load: trip.volume, capacity: trip.volume_capacity, ratio, colour: capacityColour(ratio) });
  }
  return bars;
}

/** The day's 積載率 in one measure: carried over the capacity of the trips' vehicles that have one. */
export interface FleetFill {
  measure: Measure;
  load: number;
  capacity: number;
  ratio: number;
}

/**
 * The day's fleet fill rate (積載率) by the trips' main measure, their load unit: per pallets and cage
 * carts, what the trips carry over what their vehicles hold, trips without a known capacity left out;
 * an empty trip counts (its truck runs empty). Weight is the cards' second bar, not the day's rate.
 */
export function fleetFill(trips: readonly Loaded[]): FleetFill[] {
  const fills: FleetFill[] = [];
  for (const trip of trips) {
    const [main] = loadByMeasure(trip, trip);
    if (!main || main.capacity === null || main.capacity <= 0) continue;
    const fill = fills.find((f) => f.measure === main.measure) ?? fills[fills.push({ measure: main.measure, load: 0, capacity: 0, ratio: 0 }) - 1]!;
    fill.load += main.load;
    fill.capacity += main.capacity;
    fill.ratio = fill.load / fill.capacity;
  }
  return fills.sort((a, b) => Number(a.measure !== 'pallets') - Number(b.measure !== 'pallets'));
}

/**
 * The colour of a trip card: its fullest measure's among those the server holds it to; the m³ bar
 * colours only itself (平均容積 is a guide, and the server takes a trip past it).
 */
export function highestColour(measures: ShownLoad[]): CapacityColour {
  const ratios = measures.flatMap((m) => (m.measure === 'volume' || m.ratio === null ? [] : [m.ratio]));
  return capacityColour(ratios.length > 0 ? Math.max(...ratios) : null);
}

export interface Totals {
  deliveries: number;
  quantity: number;
  weight: number;
}

const EMPTY: Totals = { deliveries: 0, quantity: 0, weight: 0 };

export function totalsOf(deliveries: { quantity: number; weight: number | null }[]): Totals {
  return deliveries.reduce<Totals>(
    (sum, d) => ({ deliveries: sum.deliveries + 1, quantity: sum.quantity + d.quantity, weight: sum.weight + (d.weight ?? 0) }),
    EMPTY,
  );
}

/** The header strip: what is still to allocate and what is on trips. */
export function boardTotals(board: Board): { unallocated: Totals; allocated: Totals } {
  const unallocated = totalsOf(board.unallocated.flatMap((g) => g.deliveries));
  const allocated = totalsOf(board.trips.flatMap((trip) => trip.stops.flatMap((s) => s.deliveries)));
  return { unallocated, allocated };
}

type VehiclesNeeded = CalculatorDirection['vehicles_needed'];

/**
 * The calculator's day in one row: every direction's figures summed; per recommended type its loads, and
 * the vehicles for them: each load takes a vehicle for 1/rounds of its day (a direction run three times a
 * day takes a third), so two such directions share one vehicle.
 */
export function directionTotals(
  directions: readonly CalculatorDirection[],
): Omit<CalculatorDirection, 'direction_id' | 'direction_name' | 'transfer_to' | 'vehicles_by_type' | 'trips_per_day'> {
  const byType = new Map<number, VehiclesNeeded[number] & { days: number }>();
  for (const direction of directions) {
    for (const need of direction.vehicles_needed) {
      const seen = byType.get(need.vehicle_type_id);
      const days = (seen?.days ?? 0) + need.trips / Math.max(1, direction.trips_per_day);
      byType.set(need.vehicle_type_id, { ...need, trips: (seen?.trips ?? 0) + need.trips, days, count: Math.ceil(days - 1e-9) });
    }
  }
  const sum = (measure: 'quantity' | 'weight' | 'pallets' | 'cage_carts') => directions.reduce((total, d) => total + d[measure], 0);
  return {
    quantity: sum('quantity'),
    weight: sum('weight'),
    pallets: sum('pallets'),
    cage_carts: sum('cage_carts'),
    vehicles_needed: [...byType.values()].map(({ days: _days, ...need }) => need).sort((a, b) => a.vehicle_type_id - b.vehicle_type_id),
  };
}

/** The proposal in one row: the vehicles it uses and the deliveries, quantity and weight they carry. */
export function proposalTotals(proposal: readonly CalculatorProposal[]): Totals & { vehicles: number } {
  return {
    vehicles: new Set(proposal.map((p) => p.vehicle_id)).size,
    deliveries: proposal.reduce((total, p) => total + p.delivery_ids.length, 0),
    quantity: proposal.reduce((total, p) => total + p.quantity, 0),
    weight: proposal.reduce((total, p) => total + p.weight, 0),
  };
}

// ---------------------------------------------------------------------------------------------
// Time chart

export const MINUTE_MS = 60_000;
// The geometry the screen's chart and the printed 配車表 share: common/day-chart.ts.
export { barPosition, barSpan, chartRange, minuteOfDay } from '../../../../common/day-chart.js';

/** Where the current time falls on a day's chart, in percent; null when it is not on the chart (another day, or outside its hours). */
export function nowPosition(date: string, now: Date, range: { from: number; to: number }): number | null {
  const minute = minuteOfDay(date, now.toISOString());
  if (minute === null || minute < range.from || minute > range.to) return null;
  return ((minute - range.from) / (range.to - range.from)) * 100;
}

/** A horizontal drag of `dx` pixels on a chart `widthPx` wide, in minutes snapped to the grid. */
export function shiftMinutes(dx: number, widthPx: number, range: { from: number; to: number }, snap = PLAN_STEP_MINUTES): number {
  if (widthPx <= 0) return 0;
  const minutes = (dx / widthPx) * (range.to - range.from);
  return Math.round(minutes / snap) * snap || 0;
}

/** An instant moved by some minutes (ISO), null stays null. */
export function shiftInstant(instant: string | null, minutes: number): string | null {
  if (!instant) return null;
  return new Date(Date.parse(instant) + minutes * MINUTE_MS).toISOString();
}

/** The row a vertical drag lands on: rows of `rowHeight` px, clamped to the chart. */
export function rowAfterDrag(fromRow: number, dy: number, rowHeight: number, rows: number): number {
  const row = fromRow + Math.round(dy / rowHeight);
  return Math.min(Math.max(row, 0), rows - 1);
}
