import type { MessageKey } from '../common/locales/index.js';
import { AppError } from './errors.js';
import type { Translate } from './i18n.js';
import { MASTERS } from './masters/index.js';
import { fieldLabel } from './masters/fields.js';

/** What pg and PGlite report about a failed statement (SQLSTATE and the object involved). */
interface PgError {
  code?: unknown;
  table?: string;
  column?: string;
  constraint?: string;
  message?: unknown;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

/** Messages pg gives, without a SQLSTATE, when its connection is gone or cannot be made. */
const CONNECTION_LOST =
  /Connection terminated|not queryable|timeout exceeded when trying to connect|connection timeout|Postgres connection has been discarded/i;
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** Server gone, starting or shutting down, connection failure, or out of connections: worth a retry. */
function isUnavailable(code: string | undefined, message: string) {
  if (code === undefined) return CONNECTION_LOST.test(message);
  return NETWORK_CODES.has(code) || code.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(code);
}

/**
 * A column of a master named by PostgreSQL (`table` + `column`, or a constraint named the default way,
 * `<table>_<column>_fkey` / `_check`), as the field the client sends and its label.
 */
function masterField(t: Translate, error: PgError, suffix: string) {
  const def = MASTERS.find((master) => master.table === error.table);
  if (!def) return undefined;
  const name = error.column ?? error.constraint?.match(new RegExp(`^${def.table}_(.+)_${suffix}$`))?.[1];
  const field = def.fields.find((f) => f.name === name);
  return field && { name: field.name, label: fieldLabel(t, def, field.name) };
}

/** Unique violation: the business key of a master (every unique index on a master is its live key). */
function duplicate(t: Translate, error: PgError) {
  const def = MASTERS.find((master) => master.table === error.table);
  const field = def?.key[0];
  if (!def || !field) return new AppError(409, 'errors.conflict');
  return onField(t, 409, 'errors.duplicateKey', { name: field, label: fieldLabel(t, def, field) });
}

/** The refusal, with the field's own message when PostgreSQL named a field the client knows. */
function onField(t: Translate, status: number, key: MessageKey, field: { name: string; label: string } | undefined, fallbackKey: MessageKey = key) {
  if (!field) return new AppError(status, fallbackKey);
  const params = { field: field.label };
  return new AppError(status, key, params, { [field.name]: t(key, params) });
}

/**
 * PostgreSQL's refusals as the 4xx the caller deserves (a race past our own checks, a value beyond a
 * column's range) and lost connections as 503; undefined for anything else, which stays a 500.
 */
export function fromDatabaseError(error: unknown, t: Translate): AppError | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const pgError = error as PgError;
  const code = typeof pgError.code === 'string' ? pgError.code : undefined;
  if (isUnavailable(code, String(pgError.message ?? ''))) return new AppError(503, 'errors.databaseUnavailable');
  if (!code || !SQLSTATE.test(code)) return undefined;
  switch (code) {
    case '23505':
      return duplicate(t, pgError);
    case '23503':
      return onField(t, 409, 'errors.referenceGone', masterField(t, pgError, 'fkey'));
    case '23514':
      return onField(t, 400, 'errors.notAllowedValue', masterField(t, pgError, 'check'), 'errors.invalidValue');
    case '23502':
      return onField(t, 400, 'errors.required', masterField(t, pgError, 'not_null'), 'errors.invalidValue');
    case '22003':
      return new AppError(400, 'errors.numberTooLarge');
    case '40001':
    case '40P01':
      return new AppError(409, 'errors.busy');
  }
  // Class 22, data exceptions: invalid text representation, too long, bad bytes, bad dates.
  return code.startsWith('22') ? new AppError(400, 'errors.invalidValue') : undefined;
}
