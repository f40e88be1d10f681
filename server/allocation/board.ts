import type { Actor } from '../auth/actor.js';
import { LOAD_UNIT } from '../../common/enums.js';
import { centerDrivers, centerInScope, centerVehicles, operationTimes, storeTripIds, unallocatedDeliveries, vehiclesDayTrips } from './day-repository.js';
import { byDirection, nextRound, proposalTimes, type ProposalTimes, runningRounds, transferTo } from './proposal.js';
import { usualLoadUnit } from './rules.js';
import type { Executor } from '../../db/executor.js';
import { tripDetails } from './repository.js';
import { boardBindings } from './work-rules.js';

/** GET /vehicle_allocation/board: the store-direct board of a center and day, in one call. */
export async function board(db: Executor, actor: Actor, centerId: number, date: string, now: Date) {
  const center = await centerInScope(db, actor, centerId);
  const unallocated = await unallocatedDeliveries(db, centerId, date);
  const tripIds = await storeTripIds(db, centerId, date);
  const drivers = await centerDrivers(db, actor, centerId, date);
  const bindings = await boardBindings(db, drivers, date, tripIds);
  const times = await centerProposalTimes(db, centerId, date, now);
  return {
    center: { name: center.name, latitude: center.latitude, longitude: center.longitude },
    // A direction of another center: these stores' goods are a transfer (the transfers' demand).
    unallocated: byDirection(unallocated).map((group) => ({ ...group, transfer_to: transferTo(group.deliveries[0]!, centerId) })),
    trips: await tripDetails(db, tripIds),
    vehicles: await vehiclesWithRounds(db, actor, centerId, date, times),
    // Each driver's binding budget of the day (the chart's 残拘束): the board's trips are counted on the screen.
    drivers: drivers.map((driver) => ({ ...driver, binding: bindings.get(driver.id)! })),
    // What a trip made on the board starts with: the center's store-delivery loading start and departure
    // that day, or from now (proposalTimes), counted in the unit most of the day's deliveries come in.
    new_trip: { planned_loading_start: times.loadingStart, planned_departure: times.departure, load_unit: usualLoadUnit(unallocated, LOAD_UNIT.pallet) },
  };
}

/**
 * The center's vehicles; one already out that day whose rounds may be followed by another (the
 * calculator's rule: `runningRounds`, `nextRound`) comes with that round: its number, when it loads and
 * leaves (its return, then the center's loading time), and the driver of its rounds.
 */
async function vehiclesWithRounds(db: Executor, actor: Actor, centerId: number, date: string, times: ProposalTimes) {
  const fleet = await centerVehicles(db, actor, centerId, date);
  const running = runningRounds(fleet.filter((v) => v.busy), await vehiclesDayTrips(db, fleet.filter((v) => v.busy).map((v) => v.id), date));
  return fleet.map((vehicle) => {
    const last = running.find((trip) => trip.vehicle === vehicle);
    const round = last && nextRound(last, null, times);
    return {
      ...vehicle,
      next_round: round ? { round: round.round, planned_loading_start: round.loadingStart, planned_departure: round.departure, driver_id: last.planned!.driver_id } : null,
    };
  });
}

/** The planned window of the trips a center makes that day (proposalTimes), from its store-delivery times. */
export async function centerProposalTimes(db: Executor, centerId: number, date: string, now: Date) {
  return proposalTimes(await operationTimes(db, centerId, 1), date, now);
}
