import { USER_TYPE } from '../../common/enums.js';
import type { Executor } from '../../db/executor.js';

/**
 * The users whose scope contains each trip, as (user_id, trip_id) pairs: live super admins, the
 * users of the trip's center or of any department above it, and the users of the trip's delivery
 * company. One query for both the loading-start notifications and the realtime events of any trip
 * write, so that nobody hears of a trip they could not open. Deleted trips are included: their
 * deletion is news to the same people.
 */
export function tripAudience(db: Executor, tripIds: readonly number[]) {
  return db
    .selectFrom('vehicle_allocations as va')
    .innerJoin('users', (join) =>
      join.on((eb) =>
        eb.or([
          eb('users.type', '=', USER_TYPE.superAdmin),
          eb('users.department_id', 'in', eb.selectFrom('department_closure').select('ancestor_id').whereRef('descendant_id', '=', 'va.department_id')),
          eb('users.delivery_company_id', '=', eb.ref('va.delivery_company_id')),
        ]),
      ),
    )
    .where('users.deleted_at', 'is', null)
    .where('va.id', 'in', [...tripIds]);
}
