import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Action } from '../../common/permissions.js';
import { AppError, conflict, forbidden, invalid, notFound } from '../errors.js';
import { createGeocoder, GeocoderUnavailable } from '../geocoding/index.js';
import type { Executor } from '../../db/executor.js';
import * as repo from './repository.js';
import type { Viewer } from './repository.js';
import { correctionError, isAuthor, locationError, mayApply, mayChangeStatus, mayEditContent } from './rules.js';
import {
  applySchema,
  commentCreateSchema,
  commentDeleteSchema,
  commentPatchSchema,
  commentSchema,
  commentsSchema,
  createSchema,
  destinationsSchema,
  listSchema,
  patchSchema,
  shareLabels,
  showSchema,
} from './schemas.js';
import { addComment, createShare, staleError } from './service.js';

const permission = (action: Action) => ({ permission: { area: 'destination_share' as const, action }, labels: shareLabels });
const userOf = (request: FastifyRequest): Viewer => ({ kind: 'user', actor: request.actor });
const SHARE_STALE = { named: 'shares.errors.stale', unknown: 'shares.errors.staleUnknown' } as const;
const DESTINATION_STALE = { named: 'shares.errors.destinationStale', unknown: 'shares.errors.destinationStaleUnknown' } as const;

/**
 * Address sharing (配送先情報共有, DOMAIN.md section 6) for users of the screens: shares about the
 * stores the caller sees, their numbered comment threads, and applying a corrected address to the
 * destination master with the specification's four messages in their order.
 */
const destinationShareRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const geocoder = createGeocoder(app.config);
  const inTransaction = <T>(work: (trx: Executor) => Promise<T>) => app.db.transaction().execute(work);

  app.get('/destination_share', { schema: listSchema, config: permission('list') }, async (request, reply) => {
    const { rows, total } = await repo.listShares(app.db, userOf(request), request.query);
    reply.header('x-total-count', total).header('access-control-expose-headers', 'x-total-count');
    return rows;
  });

  app.get('/destination_share/destinations', { schema: destinationsSchema, config: permission('list') }, async (request) =>
    repo.listDestinations(app.db, userOf(request), request.query),
  );

  app.get('/destination_share/:id', { schema: showSchema, config: permission('show') }, async (request) => {
    const share = await repo.findShare(app.db, userOf(request), request.params.id);
    if (!share) throw notFound();
    return share;
  });

  app.post('/destination_share', { schema: createSchema, config: permission('create') }, async (request, reply) => {
    const share = await inTransaction((trx) => createShare(trx, userOf(request), request.t, request.body));
    return reply.status(201).send(share);
  });

  app.patch('/destination_share/:id', { schema: patchSchema, config: permission('edit') }, async (request) =>
    inTransaction(async (trx) => {
      const viewer = userOf(request);
      const { version, status, ...content } = request.body;
      const share = await repo.lockShare(trx, viewer, request.params.id);
      if (!share) throw notFound();
      const changesContent = Object.keys(content).length > 0;
      if (changesContent && !mayEditContent(viewer, share)) throw new AppError(403, 'shares.errors.notShareAuthor');
      if (status !== undefined && !mayChangeStatus(viewer, share)) throw new AppError(403, 'shares.errors.notShareAuthor');
      if (share.version !== version) throw await staleError(trx, share.updated_by, SHARE_STALE);
      const location = locationError(request.t, content.latitude, content.longitude);
      if ((content.latitude !== undefined || content.longitude !== undefined) && location) throw location;
      const set: Parameters<typeof repo.updateShare>[4] = { ...content };
      if (content.title !== undefined) {
        set.title = content.title.trim();
        if (!set.title) throw invalid({ title: request.t('errors.required', { field: request.t('shares.fields.title') }) });
      }
      if (content.corrected_address !== undefined) set.corrected_address = content.corrected_address?.trim() || null;
      if (status !== undefined) set.status = status;
      if (!(await repo.updateShare(trx, request.actor.id, share.id, version, set))) throw conflict();
      return (await repo.findShare(trx, viewer, share.id))!;
    }),
  );

  /**
   * Applies the share's corrected address to the destination master: the caller must be allowed to
   * edit that master (403), the store be in their scope (404), the share's and the store's versions
   * current (409 naming who changed it); then the specification's checks in their order (the first,
   * "select a row", is the screen's: a request names its share). The geocoder must know the address.
   */
  app.post('/destination_share/:id/apply', { schema: applySchema, config: permission('edit') }, async (request) => {
    const viewer = userOf(request);
    if (!mayApply(viewer)) throw forbidden();
    const { t } = request;
    const body = request.body;
    const address = body.corrected_address?.trim() ?? '';
    const base = { selected: true, address, latitude: body.latitude, longitude: body.longitude };
    // Checked before asking the geocoder: which share, and an address at all (the coordinates' turn comes after the geocoder's).
    const visible = await repo.findShare(app.db, viewer, request.params.id);
    if (!visible) throw notFound();
    const early = correctionError(t, base, true);
    if (early) throw early;
    let found: boolean;
    try {
      found = (await geocoder.geocode(address)) !== null;
    } catch (error) {
      if (!(error instanceof GeocoderUnavailable)) throw error;
      request.log.warn(error.message);
      throw new AppError(503, 'errors.geocoderUnavailable');
    }
    const problem = correctionError(t, { ...base, addressFound: found });
    if (problem) throw problem;
    return inTransaction(async (trx) => {
      const share = await repo.lockShare(trx, viewer, request.params.id);
      if (!share) throw notFound();
      if (body.version !== undefined && share.version !== body.version) throw await staleError(trx, share.updated_by, SHARE_STALE);
      const destination = await repo.lockDestinationForWrite(trx, request.actor, share.delivery_destination_id);
      if (!destination) throw forbidden();
      if (destination.version !== body.delivery_destination_version) throw await staleError(trx, destination.updated_by, DESTINATION_STALE);
      const coordinates = { latitude: body.latitude!, longitude: body.longitude! };
      await repo.writeDestinationAddress(trx, request.actor.id, destination.id, { customer_address: address, ...coordinates });
      await repo.updateShare(trx, request.actor.id, share.id, share.version, { status: 'applied', corrected_address: address, ...coordinates });
      return (await repo.findShare(trx, viewer, share.id))!;
    });
  });

  // ---- Comments ----------------------------------------------------------------------------------

  /** The share must be one the caller sees (404 otherwise), for reads and writes alike. */
  const visibleShare = async (db: Executor, request: FastifyRequest, id: number) => {
    const share = await repo.findShare(db, userOf(request), id);
    if (!share) throw notFound();
    return share;
  };

  app.get('/destination_share/:id/comments', { schema: commentsSchema, config: permission('show') }, async (request) => {
    await visibleShare(app.db, request, request.params.id);
    return repo.listComments(app.db, userOf(request), request.params.id);
  });

  app.get('/destination_share/:id/comments/:idx', { schema: commentSchema, config: permission('show') }, async (request) => {
    await visibleShare(app.db, request, request.params.id);
    const comment = await repo.findComment(app.db, userOf(request), request.params.id, request.params.idx);
    if (!comment) throw notFound();
    return comment;
  });

  app.post('/destination_share/:id/comments', { schema: commentCreateSchema, config: permission('create') }, async (request, reply) => {
    const comment = await inTransaction((trx) => addComment(trx, userOf(request), request.t, request.params.id, { body: request.body.body }));
    return reply.status(201).send(comment);
  });

  /** A comment of the caller's own, locked; someone else's is a 403, a missing one a 404. */
  const ownComment = async (trx: Executor, request: FastifyRequest, id: number, idx: number, version: number | undefined) => {
    const viewer = userOf(request);
    const share = await repo.lockShare(trx, viewer, id);
    if (!share) throw notFound();
    const comment = await repo.lockComment(trx, share.id, idx);
    if (!comment) throw notFound();
    if (!isAuthor(viewer, comment)) throw new AppError(403, 'shares.errors.notCommentAuthor');
    if (version !== undefined && comment.version !== version) throw conflict();
    return comment;
  };

  app.patch('/destination_share/:id/comments/:idx', { schema: commentPatchSchema, config: permission('edit') }, async (request) =>
    inTransaction(async (trx) => {
      const { id, idx } = request.params;
      const comment = await ownComment(trx, request, id, idx, request.body.version);
      if (!request.body.body.trim()) throw invalid({ body: request.t('errors.required', { field: request.t('shares.fields.comment') }) });
      await repo.updateComment(trx, comment.id, request.body.body);
      return (await repo.findComment(trx, userOf(request), id, idx))!;
    }),
  );

  app.delete('/destination_share/:id/comments/:idx', { schema: commentDeleteSchema, config: permission('delete') }, async (request) =>
    inTransaction(async (trx) => {
      const { id, idx } = request.params;
      const comment = await ownComment(trx, request, id, idx, request.body?.version ?? request.query.version);
      await repo.deleteComment(trx, comment.id);
      return { ok: true };
    }),
  );
};

export default destinationShareRoutes;
