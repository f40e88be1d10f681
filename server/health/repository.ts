import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.js';

/** How long the readiness probe waits for the database before it says the database does not answer. */
export const READY_TIMEOUT_MS = 3_000;

/** True when the database answers a trivial query within `READY_TIMEOUT_MS`. */
export async function databaseAnswers(db: Kysely<Database>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS);
  });
  const answer = sql<{ one: number }>`select 1 as one`.execute(db).then(
    ({ rows }) => rows[0]?.one === 1,
    () => false,
  );
  try {
    return await Promise.race([answer, late]);
  } finally {
    clearTimeout(timer);
  }
}
