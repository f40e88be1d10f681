import { LOAD_UNIT } from '../../common/enums.js';
import type { Actor } from '../auth/actor.js';
import { centerProposalTimes } from './board.js';
import { blockedOn, centerDrivers, centerInScope, centerVehicles, dayLoads, deliveriesInOrder, directionBases, unallocatedDeliveries, vehicleTypes, vehiclesDayTrips } from './day-repository.js';
import {
  type Base,
  byDirection,
  fleetTypes,
  pointOf,
  proposalRows,
  proposeTrips,
  runningRounds,
  transferTo,
  tripPlan,
  vehiclesFor,
  vehiclesNeeded,
  vehiclesOfType,
} from './proposal.js';
import type { Executor } from '../../db/executor.js';
import { createTrip, setStops, type WriteContext } from './service.js';
import { assignmentCheck } from './work-rules.js';

/** The calculator: what it reads of a center's day for its proposal (proposal.ts), and accepting the proposal. */

/**
 * GET /vehicle_allocation/calculator: per direction the day's load and the vehicles it needs (by type, at
 * the base's rounds a day), and a greedy proposal (`proposeTrips`) onto the center's vehicles that have no
 * pinned or overlapping trip; each trip's stores then in 近い順's order.
 */
export async function calculator(db: Executor, actor: Actor, centerId: number, date: string, now: Date) {
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

  const times = await centerProposalTimes(db, centerId, date, now);
  const busy = await blockedOn(db, date, { start: times.loadingStart, end: times.workEnd });
  const free = fleet.filter((v) => !busy.vehicles.has(v.id));
  const drivers = (await centerDrivers(db, actor, centerId, date)).filter((d) => !busy.drivers.has(d.id));
  const groups = byDirection(await unallocatedDeliveries(db, centerId, date));
  // Only vehicles busy in the day's window: a free one starts its own first round.
  const busyFleet = fleet.filter((v) => busy.vehicles.has(v.id));
  const running = runningRounds(busyFleet, await vehiclesDayTrips(db, busyFleet.map((v) => v.id), date));
  const { proposal, unassigned } = proposeTrips(groups, free, baseOf, times, pointOf(center), running);
  return {
    vehicle_types: columns.map(({ id, name, vehicles }) => ({ id, name, vehicles })),
    directions,
    proposal: proposalRows(proposal, drivers, pointOf(center), running, { date, findingsOf: await assignmentCheck(db, drivers, date) }),
    unassigned_delivery_ids: unassigned.map((left) => left.delivery_id),
    unassigned,
  };
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
