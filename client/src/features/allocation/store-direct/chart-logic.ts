/**
 * The board's 配車表 (the day by vehicle): its rows (every vehicle of the center, with the driver who
 * runs it that day), a drag's result (the trip's new vehicle, driver and times) and each driver's
 * remaining binding time (残拘束) under the 2024 rules. No React here: tests/client/board-chart.test.ts.
 */
import type { Board, TripDetail } from '../../../shared/trips/types.js';
import { regularDriver } from '../labels.js';
import { MINUTE_MS, shiftInstant } from '../board-logic.js';

export type BoardDriver = Board['drivers'][number];

export interface DayRow {
  vehicleId: number | null;
  vehicleNumber: string;
  vehicleType: string | null;
  /** who drives it that day: the driver of its first trip, else the one whose regular vehicle it is */
  driver: BoardDriver | null;
}

type Timed = Pick<TripDetail, 'planned_loading_start' | 'planned_departure' | 'planned_arrival'>;
type Placed = Timed & Pick<TripDetail, 'id' | 'vehicle_id' | 'driver_id'>;

/** Where a trip binds its driver (as the server's check counts it): planned loading start (else departure) to arrival; null when incomplete. */
export function bindingSpan(trip: Timed): { start: number; end: number } | null {
  const from = trip.planned_loading_start ?? trip.planned_departure;
  if (!from || !trip.planned_arrival) return null;
  const [start, end] = [Date.parse(from), Date.parse(trip.planned_arrival)];
  return end > start ? { start, end } : null;
}

/** The trips by vehicle, each vehicle's by planned start: a trip's round (回転) is its place among its vehicle's. */
export function roundsOf(trips: readonly Placed[]): Map<number, number> {
  const rounds = new Map<number, number>();
  const byVehicle = new Map<number, Placed[]>();
  for (const trip of trips) if (trip.vehicle_id !== null) byVehicle.set(trip.vehicle_id, [...(byVehicle.get(trip.vehicle_id) ?? []), trip]);
  const startOf = (trip: Placed) => Date.parse(trip.planned_loading_start ?? trip.planned_departure ?? '') || 0;
  for (const own of byVehicle.values()) {
    [...own].sort((a, b) => startOf(a) - startOf(b) || a.id - b.id).forEach((trip, index) => rounds.set(trip.id, index + 1));
  }
  return rounds;
}

/** One row per vehicle of the center (those without trips too), then any other vehicle a trip uses, then 車両未定 when a trip has none. */
export function dayRows(board: Pick<Board, 'vehicles' | 'drivers'>, trips: readonly TripDetail[]): DayRow[] {
  const driverById = new Map(board.drivers.map((d) => [d.id, d]));
  const firstDriver = (vehicleId: number) => {
    const own = trips.filter((trip) => trip.vehicle_id === vehicleId && trip.driver_id !== null);
    const rounds = roundsOf(own);
    const first = [...own].sort((a, b) => rounds.get(a.id)! - rounds.get(b.id)!)[0];
    return first ? (driverById.get(first.driver_id!) ?? null) : (regularDriver(board.drivers, vehicleId) ?? null);
  };
  const rows: DayRow[] = board.vehicles.map((v) => ({ vehicleId: v.id, vehicleNumber: v.vehicle_number, vehicleType: v.vehicle_type_name, driver: firstDriver(v.id) }));
  for (const trip of trips) {
    if (trip.vehicle_id !== null && !rows.some((row) => row.vehicleId === trip.vehicle_id)) {
      rows.push({ vehicleId: trip.vehicle_id, vehicleNumber: trip.vehicle_number ?? '', vehicleType: trip.vehicle_type_name, driver: firstDriver(trip.vehicle_id) });
    }
  }
  if (trips.some((trip) => trip.vehicle_id === null)) rows.push({ vehicleId: null, vehicleNumber: '', vehicleType: null, driver: null });
  return rows;
}

/** A bar moved on the chart: `minutes` later (earlier when negative), onto the row of `vehicleId`. */
export interface DayMove {
  trip: TripDetail;
  minutes: number;
  vehicleId: number | null;
}

/** What a move writes: the row's vehicle, the row's driver when it has one (else the trip keeps its own), every planned time shifted. */
export function moveChanges(move: DayMove, rows: readonly DayRow[]) {
  const { trip, minutes, vehicleId } = move;
  const row = rows.find((r) => r.vehicleId === vehicleId);
  const driverId = vehicleId !== trip.vehicle_id && row?.driver ? row.driver.id : trip.driver_id;
  return {
    ...(vehicleId !== trip.vehicle_id ? { vehicle_id: vehicleId } : {}),
    ...(driverId !== trip.driver_id ? { driver_id: driverId } : {}),
    ...(minutes !== 0
      ? {
          planned_loading_start: shiftInstant(trip.planned_loading_start, minutes),
          planned_departure: shiftInstant(trip.planned_departure, minutes),
          planned_arrival: shiftInstant(trip.planned_arrival, minutes),
        }
      : {}),
  };
}

/** What a move's write changed, as it was: what undo sends back. */
export function movedFields(trip: TripDetail, changes: ReturnType<typeof moveChanges>) {
  const before: Record<string, unknown> = {};
  for (const key of Object.keys(changes) as (keyof typeof changes)[]) before[key] = trip[key];
  return before;
}

/**
 * The driver's remaining binding time that day, in minutes (negative: over): his limit less the day's
 * binding, first start to last end of his work besides the board (`binding.start`/`end`) and his
 * trips on the board. `trips` are the board's trips as they would be (a move applied).
 */
export function remainingBinding(driver: BoardDriver, trips: readonly Placed[]): number {
  const spans = trips.filter((trip) => trip.driver_id === driver.id).flatMap((trip) => bindingSpan(trip) ?? []);
  if (driver.binding.start && driver.binding.end) spans.push({ start: Date.parse(driver.binding.start), end: Date.parse(driver.binding.end) });
  if (spans.length === 0) return driver.binding.minutes;
  const bound = (Math.max(...spans.map((s) => s.end)) - Math.min(...spans.map((s) => s.start))) / MINUTE_MS;
  return Math.floor(driver.binding.minutes - bound);
}

/** The board's trips with a move applied (the trip's vehicle, driver and times as the write would leave them). */
export function tripsAfter(trips: readonly TripDetail[], move: DayMove, rows: readonly DayRow[]): TripDetail[] {
  const changes = moveChanges(move, rows);
  return trips.map((trip) => (trip.id === move.trip.id ? { ...trip, ...changes } : trip));
}

/** The driver a move leaves the trip with, and his remaining binding after it (null: no driver, or one the board does not list). */
export function bindingAfterMove(trips: readonly TripDetail[], move: DayMove, rows: readonly DayRow[], drivers: readonly BoardDriver[]) {
  const after = tripsAfter(trips, move, rows);
  const driverId = after.find((trip) => trip.id === move.trip.id)?.driver_id ?? null;
  const driver = drivers.find((d) => d.id === driverId);
  return driver ? { driver, remaining: remainingBinding(driver, after) } : null;
}
