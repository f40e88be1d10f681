import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { Db } from '../../db/index.js';
import type { Database } from '../../db/types.js';
import { tripAudience } from '../allocation/audience.js';
import type { RealtimeBus } from './bus.js';

/** A notification row a write inserted: whom it is for and which trip it names. */
export interface NotificationWritten {
  id: number;
  user_id: number;
  vehicle_allocation_id: number;
}

/** What one transaction changed that screens should hear about, published once it has committed. */
class Outbox {
  readonly trips = new Set<number>();
  readonly notifications: NotificationWritten[] = [];
}

const outboxes = new WeakMap<Transaction<Database>, Outbox>();

/**
 * Records that this transaction writes these trips. Called where trips are locked for a write or
 * inserted (allocation and driver-app repositories), so that no route has to remember it; outside a
 * `Realtime.transaction` (a script, a test's own transaction) it does nothing.
 */
export function tripsChanged(db: Db | Transaction<Database>, ids: readonly number[]) {
  const outbox = outboxes.get(db as Transaction<Database>);
  if (outbox) for (const id of ids) outbox.trips.add(id);
}

/** Records the notifications this transaction inserted (the loading start). */
export function notificationsWritten(db: Db | Transaction<Database>, rows: readonly NotificationWritten[]) {
  outboxes.get(db as Transaction<Database>)?.notifications.push(...rows);
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

/** The application's writes with their realtime events: `app.realtime`. */
export class Realtime {
  constructor(
    private readonly db: Db,
    readonly bus: RealtimeBus,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * The one write path that speaks: runs `work` in a transaction and, after it committed, publishes
   * what it recorded (`tripsChanged`, `notificationsWritten`). A rolled-back write publishes nothing;
   * a failure to publish is logged and never fails the committed write.
   */
  async transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    const outbox = new Outbox();
    const result = await this.db.transaction().execute((trx) => {
      outboxes.set(trx, outbox);
      return work(trx);
    });
    await this.publish(outbox).catch((error: Error) => this.log.error({ err: error }, 'realtime: publishing a write failed'));
    return result;
  }

  private async publish(outbox: Outbox) {
    const groups =
      outbox.trips.size > 0 && this.bus.mayHaveSubscribers()
        ? byTripSet(await tripAudience(this.db, [...outbox.trips]).select(['users.id as user_id', 'va.id as trip_id']).execute())
        : [];
    await Promise.all([
      ...outbox.notifications.map((n) =>
        this.bus.publish([n.user_id], { type: 'start_center_loading_start', notification_id: n.id, vehicle_allocation_id: n.vehicle_allocation_id }),
      ),
      ...groups.map((g) => this.bus.publish(g.users, { type: 'vehicle_allocation_changed', ids: g.ids })),
    ]);
  }
}
