import { USER_TYPE } from '../../common/enums.js';
import type { Executor } from '../../db/executor.js';
import { afterCommit, type Committed } from '../realtime/after-commit.js';

/** A notification row a write inserted: whom it is for and which trip it names. */
export interface NotificationWritten {
  id: number;
  user_id: number;
  vehicle_allocation_id: number;
}

/** What one transaction changed that screens should hear about, published once it has committed. */
interface Outbox {
  trips: Set<number>;
  notifications: NotificationWritten[];
}

const outboxes = new WeakMap<Executor, Outbox>();

/** The transaction's outbox, published after its commit; none outside a `Realtime.transaction`. */
function outboxOf(trx: Executor): Outbox | undefined {
  const known = outboxes.get(trx);
  if (known) return known;
  const outbox: Outbox = { trips: new Set(), notifications: [] };
  if (!afterCommit(trx, (committed) => publish(committed, outbox))) return undefined;
  outboxes.set(trx, outbox);
  return outbox;
}

/**
 * Records that this transaction writes these trips. Called where trips are locked for a write or
 * inserted (allocation and driver-app repositories), so that no route has to remember it; outside a
 * `Realtime.transaction` (a script, a test's own transaction) it does nothing.
 */
export function tripsChanged(trx: Executor, ids: readonly number[]) {
  const outbox = outboxOf(trx);
  if (outbox) for (const id of ids) outbox.trips.add(id);
}

/** Records the notifications this transaction inserted (the loading start). */
export function notificationsWritten(trx: Executor, rows: readonly NotificationWritten[]) {
  outboxOf(trx)?.notifications.push(...rows);
}

/** Groups (user, trip) pairs into one event per distinct set of trips. */
function byTripSet(pairs: { user_id: number; trip_id: number }[]) {
  const perUser = new Map<number, number[]>();
  for (const { user_id, trip_id } of pairs) {
    const ids = perUser.get(user_id) ?? [];
    ids.push(trip_id);
    perUser.set(user_id, ids);
  }
  const perSet = new Map<string, { ids: number[]; users: number[] }>();
  for (const [user, ids] of perUser) {
    ids.sort((a, b) => a - b);
    const key = ids.join(',');
    const group = perSet.get(key) ?? { ids, users: [] };
    group.users.push(user);
    perSet.set(key, group);
  }
  return [...perSet.values()];
}

/** Each notification to its user; each changed trip to everyone whose scope contains it, one event per set of trips. */
async function publish({ db, bus }: Committed, outbox: Outbox) {
  const groups =
    outbox.trips.size > 0 && bus.mayHaveSubscribers()
      ? byTripSet(await tripAudience(db, [...outbox.trips]).select(['users.id as user_id', 'va.id as trip_id']).execute())
      : [];
  await Promise.all([
    ...outbox.notifications.map((n) =>
      bus.publish([n.user_id], { type: 'start_center_loading_start', notification_id: n.id, vehicle_allocation_id: n.vehicle_allocation_id }),
    ),
    ...groups.map((g) => bus.publish(g.users, { type: 'vehicle_allocation_changed', ids: g.ids })),
  ]);
}

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
