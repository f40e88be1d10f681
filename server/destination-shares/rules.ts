import { can, isCarrier } from '../../common/permissions.js';
import { addressProblem, correctionProblem, CORRECTION_FIELDS, CORRECTION_MESSAGES, halfLocation, type CorrectionInput } from '../../common/shares.js';
import { AppError } from '../errors.js';
import type { Translate } from '../i18n.js';
import type { LockedShare, Viewer } from './repository.js';

/** Did the viewer write this share or comment? */
export function isAuthor(viewer: Viewer, row: { author_user_id: number | null; author_driver_id: number | null }): boolean {
  return viewer.kind === 'user' ? row.author_user_id === viewer.actor.id : row.author_driver_id === viewer.driver.id;
}

/** A share's words are its author's to change. */
export function mayEditContent(viewer: Viewer, share: LockedShare): boolean {
  return isAuthor(viewer, share);
}

/**
 * Its status (open ↔ closed) may also be changed by the department staff who see it (they follow
 * the store up); a delivery company's staff change only their own shares' status.
 */
export function mayChangeStatus(viewer: Viewer, share: LockedShare): boolean {
  if (isAuthor(viewer, share)) return true;
  return viewer.kind === 'user' && !isCarrier(viewer.actor);
}

/** Applying a correction writes the destination master: only who may edit that master. */
export function mayApply(viewer: Viewer): boolean {
  return viewer.kind === 'user' && can(viewer.actor, 'delivery_destination', 'edit');
}

/** The specification's refusal for a correction's first problem (common/shares.ts decides the order). */
export function correctionError(t: Translate, input: CorrectionInput, beforeGeocoding = false): AppError | undefined {
  const problem = beforeGeocoding ? addressProblem(input) : correctionProblem(input);
  if (!problem) return undefined;
  const status = problem === 'addressNotFound' ? 422 : 400;
  return new AppError(status, CORRECTION_MESSAGES[problem], {}, { [CORRECTION_FIELDS[problem]]: t(CORRECTION_MESSAGES[problem]) });
}

/** A location is both coordinates or neither (400 naming the missing one). */
export function locationError(t: Translate, latitude: number | null | undefined, longitude: number | null | undefined): AppError | undefined {
  if (!halfLocation(latitude, longitude)) return undefined;
  const field = latitude === null || latitude === undefined ? 'latitude' : 'longitude';
  return new AppError(400, 'shares.errors.halfLocation', {}, { [field]: t('shares.errors.halfLocation') });
}
