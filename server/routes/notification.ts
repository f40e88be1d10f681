import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound } from '../errors.js';
import { notificationPageSchema, notificationShowSchema } from './notification-schemas.js';

const config = { permission: { area: 'notification', action: 'list' } } as const;

const toNotification = (row: { id: number; title: string; type: string; read_at: Date | null; created_at: Date }) => ({
  id: row.id,
  title: row.title,
  type: row.type,
  read_at: row.read_at,
  date_create: row.created_at,
});

/** The caller's own notifications, in the response shape the specification's client reads. */
const notificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/notification/get_notification_submit_loading_center',
    { schema: notificationPageSchema, config },
    async (request) => {
      const page = request.query.page ?? 1;
      const perPage = request.query.per_page ?? 15;
      const mine = app.db.selectFrom('notifications').where('user_id', '=', request.actor.id);
      const rows = await mine.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(perPage).offset((page - 1) * perPage).execute();
      const counts = await mine
        .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.count<number>('id').filterWhere('read_at', 'is', null).as('unread')])
        .executeTakeFirstOrThrow();
      return { data: { status_read: Number(counts.unread), data: { data: rows.map(toNotification), total: Number(counts.total) } } };
    },
  );

  app.get(
    '/notification/show/:id',
    { schema: notificationShowSchema, config },
    async (request) => {
      const row = await app.db
        .updateTable('notifications')
        .set((eb) => ({ read_at: eb.fn.coalesce('read_at', eb.fn<Date>('now')) }))
        .where('id', '=', request.params.id)
        .where('user_id', '=', request.actor.id)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw notFound();
      return { data: toNotification(row) };
    },
  );
};

export default notificationRoutes;
