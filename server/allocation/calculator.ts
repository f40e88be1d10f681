import { LOAD_UNIT } from '../../common/enums.js';
import type { Actor } from '../auth/actor.js';
import { centerProposalTimes } from './board.js';
import { blockedOn, centerDrivers, centerInScope, centerVehicles, dayLoads, deliveriesInOrder, directionBases, unallocatedDeliveries, vehicleTypes, vehiclesDayTrips } from './day-repository.js';
import { type Base, byDirection, fleetTypes, pointOf, proposalRows, proposeTrips, type ProposalVehicle, runningRounds, transferTo, tripPlan, vehiclesFor, vehiclesNeeded, vehiclesOfType } from './proposal.js';
import { type DayProgress, proposeDay } from './day-plan.js';
import { currentFigures, proposalFigures } from './day-figures.js';
import { tokyoInstant } from '../../common/time.js';
import { roundTripKm } from '../../common/places.js';
import type { Executor } from '../../db/executor.js';
import { createTrip, setStops, type WriteContext } from './service.js';
import { assignmentCheck, bindingLimits } from './work-rules.js';

/** The calculator: what it reads of a center's day for its proposal (proposal.ts), and accepting the proposal. */

/** How the calculator runs the optimizer: its time budget in seconds (or in steps), its seed, and the request's end. */
export interface CalculatorRun {
  seconds: number;
  /** A budget in search steps instead of `seconds`: the same plan on any machine, however loaded. */
  iterations?: number;
  seed: number;
  signal?: AbortSignal;
  /** Called about four times a second while the optimizer runs. */
  onProgress?: (progress: DayProgress) => void;
}

/**
 * What the center's day gives a proposal to plan: its times, the free drivers, the rounds its vehicles
 * already run, the unallocated deliveries, and the vehicles it may use (busy ones left out), each with
 * its rounds, its trips of the day and its driver's binding limit.
 */
async function dayToPlan(
  db: Executor,
  actor: Actor,
  centerId: number,
  date: string,
  now: Date,
  { fleet, roundsOf }: { fleet: ProposalVehicle[]; roundsOf: (directionId: number | null) => number },
  replanned: number[] = [],
) {
  const times = await centerProposalTimes(db, centerId, date, now);
  const busy = await blockedOn(db, date, { start: times.loadingStart, end: times.workEnd }, replanned);
  const centerStaff = await centerDrivers(db, actor, centerId, date);
  const drivers = centerStaff.filter((d) => !busy.drivers.has(d.id));
  const limits = await bindingLimits(db, centerStaff, date);
  const dayTrips = await vehiclesDayTrips(db, fleet.map((v) => v.id), date, replanned);
  // A busy vehicle runs another round after the rounds it already runs only when each is an unpinned store trip with its times.
  const running = runningRounds(fleet.filter((v) => busy.vehicles.has(v.id)), dayTrips);
  const usable = fleet.filter((v) => !busy.vehicles.has(v.id) || running.some((trip) => trip.vehicle === v));
  const deliveries = await unallocatedDeliveries(db, centerId, date, replanned);
  // A vehicle runs as many rounds a day as the most-run direction of the day's deliveries (its base's 回転数).
  const rounds = Math.max(1, ...deliveries.map((d) => roundsOf(d.direction_id)));
  // A vehicle's driver, as the proposal will name him: the one of the round it already runs, else its regular driver when free.
  const driverOfVehicle = (vehicleId: number) =>
    dayTrips.find((trip) => trip.vehicle_id === vehicleId && trip.driver_id !== null)?.driver_id ?? drivers.find((d) => d.default_vehicle_id === vehicleId)?.id;
  const bindingOf = (vehicleId: number) => limits.get(driverOfVehicle(vehicleId) ?? 0);
  const vehicles = usable.map((vehicle) => {
    const trips = dayTrips.flatMap((trip) =>
      trip.vehicle_id === vehicle.id && trip.planned_arrival ? [{ start: trip.planned_loading_start ?? trip.planned_departure ?? trip.planned_arrival, end: trip.planned_arrival }] : [],
    );
    return { vehicle, rounds: Math.max(1, rounds - trips.length), trips, binding: bindingOf(vehicle.id) };
  });
  return { times, busy, drivers, running, deliveries, vehicles };
}

/**
 * GET /vehicle_allocation/calculator: per direction the day's load and the vehicles it needs (by type, at
 * the base's rounds a day), and the optimizer's proposal for the center's whole day (day-plan.ts): the
 * unallocated deliveries onto the center's vehicles that have no pinned or overlapping trip, and after
 * the rounds the day already runs, directions mixed where that saves vehicles (混載); its figures beside
 * the day's existing trips'.
 */
export async function calculator(db: Executor, actor: Actor, centerId: number, date: string, now: Date, run: CalculatorRun) {
  const center = await centerInScope(db, actor, centerId);
  const loads = await dayLoads(db, centerId, date);
  const types = await vehicleTypes(db);
  const bases = await directionBases(db, centerId);
  const baseOf = (directionId: number | null): Base | null => bases.find((b) => b.direction_id === directionId) ?? null;
  const roundsOf = (directionId: number | null) => baseOf(directionId)?.trips_per_day ?? 1;
  const needs = loads.map((load) => vehiclesNeeded(types, baseOf(load.direction_id), load));
  const fleet = await centerVehicles(db, actor, centerId, date);
  const columns = fleetTypes(types, fleet, needs.flat().map((need) => need.vehicle_type_id));
  const directions = loads.map(({ direction_center_id, direction_center_name, ...load }, i) => ({
    ...load,
    transfer_to: transferTo({ direction_center_id, direction_center_name }, centerId),
    trips_per_day: roundsOf(load.direction_id),
    vehicles_needed: needs[i]!,
    vehicles_by_type: columns.map((type) => ({ vehicle_type_id: type.id, count: vehiclesFor(vehiclesOfType(type, load), roundsOf(load.direction_id)) })),
  }));

  const { day, rows } = await planCenterDay(db, actor, { center, date, fleet, roundsOf }, now, run);
  return {
    vehicle_types: columns.map(({ id, name, vehicles }) => ({ id, name, vehicles })),
    directions,
    proposal: rows.map((row, i) => ({ ...row, km: roundKm(day.trips[i]!.km), load_rate: day.trips[i]!.loadRate })),
    unassigned_delivery_ids: day.unassigned.map((left) => left.delivery_id),
    unassigned: day.unassigned,
    summary: proposalFigures(day),
    current: await currentFigures(db, centerId, date),
  };
}

const roundKm = (km: number) => Math.round(km * 10) / 10;

/** A center's day as the optimizer plans it: the center, the day, its vehicles, and its directions' rounds a day (their bases' 回転数). */
export interface CenterDay {
  center: { id: number; latitude: number | null; longitude: number | null };
  date: string;
  fleet: Awaited<ReturnType<typeof centerVehicles>>;
  roundsOf: (directionId: number | null) => number;
}

/**
 * The optimizer's plan of a center's day and its rows as the calculator answers them: the unallocated
 * deliveries onto the center's vehicles that have no pinned or overlapping trip, after the rounds the
 * day already runs. `replanned` trips are planned anew (再最適化): as if they were not there, their
 * deliveries in the pool and their vehicles and drivers free.
 */
export async function planCenterDay(db: Executor, actor: Actor, { center, date, fleet, roundsOf }: CenterDay, now: Date, run: CalculatorRun, replanned: number[] = []) {
  const { times, drivers, running, deliveries, vehicles } = await dayToPlan(db, actor, center.id, date, now, { fleet, roundsOf }, replanned);
  const origin = pointOf(center);
  const day = await proposeDay({ deliveries, vehicles, centerFleet: fleet, origin, times, midnight: tokyoInstant(date, '00:00') }, run);
  const rows = proposalRows(day.trips, drivers, origin, running, { date, findingsOf: await assignmentCheck(db, drivers, date) });
  return { day, rows, deliveries };
}

/** Whether two plans run the same trips (each the same deliveries), in whatever order: the optimizer's and the rule's alike. */
export function sameTrips(a: number[][], b: number[][]): boolean {
  const key = (trips: number[][]) => trips.map((trip) => [...trip].sort((x, y) => x - y).join(',')).sort().join(' ');
  return key(a) === key(b);
}

/**
 * The rule the optimizer replaced, on the same day (the benchmark compares them): `proposeTrips`, a
 * vehicle per direction on the free vehicles, 混載 once they ran out. Its vehicles used, road km
 * (center, stores in order, center) and trips (their deliveries), beside the optimizer's `summary` of `calculator`.
 */
export async function perDirectionFigures(db: Executor, actor: Actor, centerId: number, date: string, now: Date) {
  const center = await centerInScope(db, actor, centerId);
  const bases = await directionBases(db, centerId);
  const baseOf = (directionId: number | null): Base | null => bases.find((b) => b.direction_id === directionId) ?? null;
  const fleet = await centerVehicles(db, actor, centerId, date);
  const { times, busy, running, deliveries } = await dayToPlan(db, actor, centerId, date, now, { fleet, roundsOf: (id) => baseOf(id)?.trips_per_day ?? 1 });
  const origin = pointOf(center);
  const { proposal } = proposeTrips(byDirection(deliveries), fleet.filter((v) => !busy.vehicles.has(v.id)), baseOf, times, origin, running);
  const trips = proposal.filter((trip) => trip.planned === undefined);
  const km = trips.reduce((sum, trip) => sum + (origin ? roundTripKm(origin, trip.deliveries.map((d) => pointOf(d) ?? origin)) : 0), 0);
  return { vehicles: new Set(trips.map((trip) => trip.vehicle.id)).size, km: roundKm(km), trips: trips.map((trip) => trip.deliveries.map((d) => d.id)) };
}

/**
 * POST /calculator/accept: each proposed trip becomes a draft store trip through the same write path
 * (createTrip, then setStops): the same scope, capacity, overlap and delivery rules. Pinned trips are
 * never touched: only new trips are made, and deliveries already on a trip are refused. A trip starts at
 * the times it was proposed with (a vehicle's later round), else at the center's.
 */
export async function acceptProposal(
  ctx: WriteContext,
  body: {
    department_id: number;
    date: string;
    proposal: { vehicle_id: number; driver_id?: number | null; delivery_ids: number[]; planned_loading_start?: string; planned_departure?: string }[];
  },
) {
  const center = await centerInScope(ctx.db, ctx.actor, body.department_id);
  const times = await centerProposalTimes(ctx.db, body.department_id, body.date, ctx.now);
  let created = 0;
  for (const item of body.proposal) {
    const ids = [...new Set(item.delivery_ids)];
    const departure = item.planned_departure ? new Date(item.planned_departure) : times.departure;
    const plan = tripPlan(center, await deliveriesInOrder(ctx.db, ids), departure);
    const id = await createTrip(ctx, {
      date: body.date,
      kind: 'store_direct',
      department_id: body.department_id,
      vehicle_id: item.vehicle_id,
      driver_id: item.driver_id ?? null,
      direction_id: plan.direction_id,
      load_unit: plan.load_unit === LOAD_UNIT.cageCart ? LOAD_UNIT.cageCart : LOAD_UNIT.pallet,
      planned_loading_start: item.planned_loading_start ?? times.loadingStart.toISOString(),
      planned_departure: departure.toISOString(),
      planned_arrival: plan.planned_arrival.toISOString(),
    });
    await setStops(ctx, id, 1, ids.map((delivery_id, i) => ({ delivery_id, seq: i + 1 })));
    created++;
  }
  return created;
}
