import { sql } from 'kysely';
import type { Db } from '../../db/index.js';

/** A limit's count for one key: attempts in the window under way, and the milliseconds left of it. */
export interface AttemptCount {
  current: number;
  ttl: number;
}

const msLeft = sql<number>`(extract(epoch from window_ends_at - now()) * 1000)::float8`;
const windowOver = sql<boolean>`login_attempts.window_ends_at <= now()`;

/**
 * Counts one attempt of `key` in one statement, whichever process makes it: the row's lock orders
 * concurrent attempts. A window that has ended starts again at this attempt. Rows of ended windows go.
 */
export async function countAttempt(db: Db, scope: string, key: string, windowMs: number): Promise<AttemptCount> {
  const row = await db
    .insertInto('login_attempts')
    .values({ scope, key, attempts: 1, window_ends_at: sql<Date>`now() + ${windowMs} * interval '1 millisecond'` })
    .onConflict((oc) =>
      oc.columns(['scope', 'key']).doUpdateSet({
        attempts: sql<number>`case when ${windowOver} then 1 else login_attempts.attempts + 1 end`,
        window_ends_at: sql<Date>`case when ${windowOver} then excluded.window_ends_at else login_attempts.window_ends_at end`,
      }),
    )
    .returning(['attempts', msLeft.as('ttl')])
    .executeTakeFirstOrThrow();
  await db.deleteFrom('login_attempts').where('window_ends_at', '<', sql<Date>`now()`).execute();
  return { current: row.attempts, ttl: row.ttl };
}

/** The count of `key` without counting: none when its window has ended. */
export async function readAttempts(db: Db, scope: string, key: string): Promise<AttemptCount> {
  const row = await db
    .selectFrom('login_attempts')
    .select(['attempts', msLeft.as('ttl')])
    .where('scope', '=', scope)
    .where('key', '=', key)
    .where('window_ends_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row ? { current: row.attempts, ttl: row.ttl } : { current: 0, ttl: 0 };
}
