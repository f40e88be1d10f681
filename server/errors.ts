import type { MessageKey } from '../common/locales/index.js';

/** A failure the caller can act on: a status, a message key and, for forms, one message per field. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messageKey: MessageKey,
    readonly params: Record<string, unknown> = {},
    /** field → already-translated message */
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(messageKey);
  }
}

export type FieldErrors = Record<string, string>;

export const notFound = () => new AppError(404, 'errors.notFound');
export const forbidden = () => new AppError(403, 'errors.forbidden');
export const unauthorized = (key: MessageKey = 'auth.unauthorized') => new AppError(401, key);
export const invalid = (fieldErrors: FieldErrors) => new AppError(400, 'errors.validation', {}, fieldErrors);
export const conflict = () => new AppError(409, 'errors.conflict');
