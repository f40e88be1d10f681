import { sql, type UpdateObject } from 'kysely';
import type { Executor } from './executor.js';
import type { Database } from './types.js';

/**
 * What a user's write sets on a versioned row beside its values: who wrote it, when, and the next
 * version, which the next writer's optimistic check compares with the version it read.
 */
export const writtenBy = (actorId: number | null) => ({ updated_by: actorId, updated_at: sql<Date>`now()`, version: sql<number>`version + 1` });

/** The tables whose rows a screen edits under an optimistic lock on their `version`. */
type VersionedTable = 'deliveries' | 'destination_shares';

/** Writes the changed columns if the row is still at the version its writer read; false when it moved on. */
export async function updateAtVersion<T extends VersionedTable>(
  db: Executor,
  table: T,
  row: { id: number; version: number },
  actorId: number | null,
  values: UpdateObject<Database, T>,
) {
  const result = await db
    .updateTable<VersionedTable>(table)
    .set({ ...values, ...writtenBy(actorId) })
    .where('id', '=', row.id)
    .where('version', '=', row.version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
