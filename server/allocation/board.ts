import type { Actor } from '../auth/actor.js';
import { centerDrivers, centerInScope, centerVehicles, operationTimes, storeTripIds, unallocatedDeliveries } from './day-repository.js';
import { byDirection, proposalTimes, transferTo } from './proposal.js';
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
  return {
    center: { name: center.name, latitude: center.latitude, longitude: center.longitude },
    // A direction of another center: these stores' goods are a transfer (the transfers' demand).
    unallocated: byDirection(unallocated).map((group) => ({ ...group, transfer_to: transferTo(group.deliveries[0]!, centerId) })),
    trips: await tripDetails(db, tripIds),
    vehicles: await centerVehicles(db, actor, centerId, date),
    // Each driver's binding budget of the day (the chart's 残拘束): the board's trips are counted on the screen.
    drivers: drivers.map((driver) => ({ ...driver, binding: bindings.get(driver.id)! })),
    new_trip: await newTripTimes(db, centerId, date, now),
  };
}

/** What a trip made on the board starts with: the center's store-delivery loading start and departure that day, or from now (proposalTimes). */
async function newTripTimes(db: Executor, centerId: number, date: string, now: Date) {
  const times = await centerProposalTimes(db, centerId, date, now);
  return { planned_loading_start: times.loadingStart, planned_departure: times.departure };
}

/** The planned window of the trips a center makes that day (proposalTimes), from its store-delivery times. */
export async function centerProposalTimes(db: Executor, centerId: number, date: string, now: Date) {
  return proposalTimes(await operationTimes(db, centerId, 1), date, now);
}
