import { sql } from 'kysely';
import { hashPassword } from '../auth/password.js';
import type { MasterContext, Row, Values } from './definition.js';

/**
 * Accounts that sign in (users of the screens, drivers of the app): a new password is hashed with
 * argon2id and invalidates every token issued before it.
 */
export async function passwordColumns(_ctx: MasterContext, values: Values, existing: Row | undefined) {
  const { password, ...columns } = values;
  if (typeof password !== 'string' || !password) return columns;
  return {
    ...columns,
    password_hash: await hashPassword(password),
    // The CSV import stages plain values and knows the row's token_version (its merge refuses a row
    // changed since); the screens, which do not read it, raise it in SQL.
    ...(existing ? { token_version: typeof existing.token_version === 'number' ? existing.token_version + 1 : sql`token_version + 1` } : {}),
  };
}
