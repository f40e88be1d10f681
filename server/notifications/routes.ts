import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound } from '../errors.js';
import { markRead, notificationPage } from './repository.js';
import { notificationPageSchema, notificationShowSchema, PER_PAGE_DEFAULT } from './schemas.js';

const config = { permission: { area: 'notification', action: 'list' } } as const;

/** The caller's own notifications, in the shapes the specification's client reads (docs/realtime.md). */
const notificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/notification/get_notification_submit_loading_center', { schema: notificationPageSchema, config }, async (request) => {
    const page = request.query.page ?? 1;
    const perPage = request.query.per_page ?? PER_PAGE_DEFAULT;
    const { rows, total, unread } = await notificationPage(app.db, request.actor.id, page, perPage);
    return { status_read: unread, data: { data: rows, total, page, per_page: perPage } };
  });

  app.get('/notification/show/:id', { schema: notificationShowSchema, config }, async (request) => {
    const row = await markRead(app.db, request.actor.id, request.params.id);
    if (!row) throw notFound();
    return row;
  });
};

export default notificationRoutes;
