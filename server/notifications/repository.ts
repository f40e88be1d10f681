import type { Db } from '../../db/index.js';

/** Notifications are rows per user: each user's read state is their own row's `read_at`. */
const columns = ['id', 'title', 'type', 'read_at', 'created_at as date_create', 'vehicle_allocation_id'] as const;

const mine = (db: Db, userId: number) => db.selectFrom('notifications').where('user_id', '=', userId);

/** A page of the user's notifications, newest first, with their total and unread counts. */
export async function notificationPage(db: Db, userId: number, page: number, perPage: number) {
  const rows = await mine(db, userId)
    .select(columns)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  const counts = await mine(db, userId)
    .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.count<number>('id').filterWhere('read_at', 'is', null).as('unread')])
    .executeTakeFirstOrThrow();
  return { rows, total: Number(counts.total), unread: Number(counts.unread) };
}

/** Marks the user's notification read (the first reading's time stays); undefined when it is not theirs. */
export function markRead(db: Db, userId: number, id: number) {
  return db
    .updateTable('notifications')
    .set((eb) => ({ read_at: eb.fn.coalesce('read_at', eb.fn<Date>('now')) }))
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(columns)
    .executeTakeFirst();
}
