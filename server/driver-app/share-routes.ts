import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import * as repo from '../destination-shares/repository.js';
import type { Viewer } from '../destination-shares/repository.js';
import {
  commentsSchema,
  driverCommentCreateSchema,
  driverCreateSchema,
  driverListSchema,
  shareLabels,
  showSchema,
} from '../destination-shares/schemas.js';
import { addComment, createShare } from '../destination-shares/service.js';
import { notFound } from '../errors.js';
import { firstReceipt } from './repository.js';

/**
 * Address sharing from the driver app: a driver reads and writes shares about the stores on their own
 * published trips, and posts comments with where they were. Driver tokens only (`config.driver`).
 */
const driverShareRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const config = { driver: true, labels: shareLabels } as const;
  const driverOf = (request: FastifyRequest) => ({ kind: 'driver', driver: request.driver }) satisfies Viewer;

  app.get('/driver/shares', { schema: driverListSchema, config }, async (request, reply) => {
    const { rows, total } = await repo.listShares(app.db, driverOf(request), request.query);
    reply.header('x-total-count', total);
    return rows;
  });

  /** A note posted once: sent again with the same `report_id` (its answer lost with the signal), it answers the note the first made. */
  app.post('/driver/shares', { schema: driverCreateSchema, config }, async (request, reply) => {
    const { report_id: reportId, ...body } = request.body;
    const viewer = driverOf(request);
    const answer = await app.db.transaction().execute(async (trx) => {
      if (reportId !== undefined && !(await firstReceipt(trx, viewer.driver.id, reportId))) {
        return { status: 200, share: await repo.latestDriverShare(trx, viewer, body.delivery_destination_id) };
      }
      return { status: 201, share: await createShare(trx, viewer, request.t, body) };
    });
    if (!answer.share) throw notFound();
    return reply.status(answer.status).send(answer.share);
  });

  app.get('/driver/shares/:id', { schema: showSchema, config }, async (request) => {
    const share = await repo.findShare(app.db, driverOf(request), request.params.id);
    if (!share) throw notFound();
    return share;
  });

  app.get('/driver/shares/:id/comments', { schema: commentsSchema, config }, async (request) => {
    if (!(await repo.findShare(app.db, driverOf(request), request.params.id))) throw notFound();
    return repo.listComments(app.db, driverOf(request), request.params.id);
  });

  app.post('/driver/shares/:id/comments', { schema: driverCommentCreateSchema, config }, async (request, reply) => {
    const comment = await app.db.transaction().execute((trx) => addComment(trx, driverOf(request), request.t, request.params.id, request.body));
    return reply.status(201).send(comment);
  });
};

export default driverShareRoutes;
