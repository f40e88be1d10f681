import { addDays } from '../../common/allocation.js';
import type { Actor } from '../auth/actor.js';
import { centerInScope } from './day-repository.js';
import type { Executor } from '../../db/executor.js';
import { busyVehicles, departmentNames, otherTransferTrips, ownTransferTrips, transferCoverage, transferDemand, type TransferKind } from './transfers-repository.js';

/**
 * GET /vehicle_allocation/transfers: demand between centers and the trips covering it. A delivery is a
 * transfer when its shipping center (deliveries.department_id) is not the center of its store's direction:
 * origin = the shipping center, destination = the direction's center. 前日受け (between_centers_before)
 * trips on `date` carry the next day's deliveries; 当日受け (between_centers_today) the same day's.
 * Covered = the quantities of every live trip of that kind and date between the same two centers, whoever
 * plans it (a lane's other center may have covered it); `trips` are the caller's own, `others` the rest
 * of the lanes' trips (another center's, read only).
 */
export async function transfers(db: Executor, actor: Actor, date: string, kind: TransferKind, departmentId?: number) {
  if (departmentId !== undefined) await centerInScope(db, actor, departmentId);
  const deliveryDate = kind === 'between_centers_before' ? addDays(date, 1) : date;
  const demand = await transferDemand(db, actor, deliveryDate, departmentId);
  const trips = await ownTransferTrips(db, actor, date, kind, departmentId);
  const others = await otherTransferTrips(db, actor, date, kind, departmentId, trips);
  const busy = await busyVehicles(db, actor, date, departmentId, [...trips, ...others]);
  const coverage = await transferCoverage(db, actor, date, kind, departmentId);
  const key = (origin: number, destination: number) => `${origin}:${destination}`;
  const pairs = new Map<string, { origin: number; destination: number; pallets: number; cage_carts: number; weight: number; covered_pallets: number; covered_cage_carts: number }>();
  for (const row of demand) pairs.set(key(row.origin, row.destination), { ...row, covered_pallets: 0, covered_cage_carts: 0 });
  for (const { origin, destination, ...covered } of coverage) {
    if (origin === null || destination === null) continue;
    const pair = pairs.get(key(origin, destination)) ?? { origin, destination, pallets: 0, cage_carts: 0, weight: 0 };
    pairs.set(key(origin, destination), { ...pair, ...covered });
  }
  const names = await departmentNames(db, [...new Set([...pairs.values()].flatMap((p) => [p.origin, p.destination]))]);
  return {
    demand: [...pairs.values()]
      .sort((a, b) => a.origin - b.origin || a.destination - b.destination)
      .map(({ origin, destination, ...figures }) => ({
        origin_department_id: origin,
        origin_department_name: names.get(origin) ?? '',
        destination_department_id: destination,
        destination_department_name: names.get(destination) ?? '',
        ...figures,
      })),
    trips,
    others,
    busy,
  };
}
