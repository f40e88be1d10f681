/**
 * Compile-time test (checked by `npm run typecheck`, not run): message keys written in server code
 * are checked against the Japanese catalogue, so a typo does not compile.
 */
import { AppError, unauthorized } from '../../server/errors.js';

export const knownKeys = [new AppError(409, 'errors.deleteSelf'), unauthorized('auth.invalidCredentials')];

// @ts-expect-error a misspelt key
export const misspelt = new AppError(409, 'errors.deleteSelff');

// @ts-expect-error a namespace is not a message
export const namespace = unauthorized('auth');
