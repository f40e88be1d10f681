import { AppError, invalid, notFound } from '../errors.js';
import type { Translate } from '../i18n.js';
import * as repo from './repository.js';
import type { Executor } from '../../db/executor.js';
import type { Viewer } from './repository.js';
import { locationError } from './rules.js';
import type { ShareCreate } from './schemas.js';

/**
 * The writes users and drivers share (the screens' routes and the driver app's), each inside the
 * route's transaction.
 */

/** A share about a store the viewer sees (400 naming the store otherwise); answers the share as listed. */
export async function createShare(trx: Executor, viewer: Viewer, t: Translate, body: ShareCreate) {
  const location = locationError(t, body.latitude, body.longitude);
  if (location) throw location;
  if (!(await repo.visibleDestination(trx, viewer, body.delivery_destination_id))) {
    throw invalid({ delivery_destination_id: t('errors.refNotFound', { field: t('shares.fields.delivery_destination_id') }) });
  }
  const title = body.title.trim();
  if (!title) throw invalid({ title: t('errors.required', { field: t('shares.fields.title') }) });
  const id = await repo.insertShare(trx, viewer, body.delivery_destination_id, {
    title,
    body: body.body ?? '',
    category: body.category,
    corrected_address: body.corrected_address?.trim() || null,
    latitude: body.latitude ?? null,
    longitude: body.longitude ?? null,
  });
  return (await repo.findShare(trx, viewer, id))!;
}

/** A comment at the end of the thread, numbered under the share's lock; 404 for a share the viewer does not see. */
export async function addComment(trx: Executor, viewer: Viewer, t: Translate, shareId: number, values: { body: string; latitude?: number | null; longitude?: number | null }) {
  const location = locationError(t, values.latitude, values.longitude);
  if (location) throw location;
  if (!values.body.trim()) throw invalid({ body: t('errors.required', { field: t('shares.fields.comment') }) });
  const share = await repo.lockShare(trx, viewer, shareId);
  if (!share) throw notFound();
  const idx = await repo.insertComment(trx, viewer, share.id, { body: values.body, latitude: values.latitude ?? null, longitude: values.longitude ?? null });
  return (await repo.findComment(trx, viewer, share.id, idx))!;
}

/** A stale version: 409 naming who changed the row last, asking to reload. */
export async function staleError(db: Executor, updatedBy: number | null, keys: { named: 'shares.errors.stale' | 'shares.errors.destinationStale'; unknown: 'shares.errors.staleUnknown' | 'shares.errors.destinationStaleUnknown' }) {
  const name = await repo.userName(db, updatedBy);
  return name ? new AppError(409, keys.named, { name }) : new AppError(409, keys.unknown);
}
