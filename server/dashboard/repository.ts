import { sql } from 'kysely';
import { TRIP_STATUS } from '../../common/allocation.js';
import type { Executor } from '../../db/executor.js';
import type { Actor } from '../auth/actor.js';
import { companyScope, tripScope } from '../auth/scope.js';

/** The home page's own counts, scoped in SQL as the lists are; the other figures are the reports'. */

/** Today's live trips in scope by status (cancelled ones left out), and the vehicles they use. */
export async function tripsOfDay(db: Executor, actor: Actor, date: string) {
  const scope = tripScope(actor);
  const rows = await db
    .selectFrom('vehicle_allocations as va')
    .select(['va.status', sql<number>`count(*)::int`.as('trips'), sql<number[]>`array_remove(array_agg(distinct va.vehicle_id), null)`.as('vehicles')])
    .where('va.deleted_at', 'is', null)
    .where('va.status', '<>', TRIP_STATUS.cancelled)
    .where('va.date', '=', date)
    .$if(scope !== undefined, (query) => query.where(scope!))
    .groupBy('va.status')
    .execute();
  return rows;
}

/** The vehicles in scope a trip can take: live and approved (not 仮登録). */
export async function availableVehicles(db: Executor, actor: Actor): Promise<number> {
  const scope = companyScope(actor, 'vehicles.delivery_company_id', 'vehicles.base_department_id');
  const row = await db
    .selectFrom('vehicles')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('vehicles.deleted_at', 'is', null)
    .where('vehicles.temporary_registration_date', 'is', null)
    .$if(scope !== undefined, (query) => query.where(scope!))
    .executeTakeFirstOrThrow();
  return row.n;
}
