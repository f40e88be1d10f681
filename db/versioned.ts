import { sql, type UpdateResult } from 'kysely';

/**
 * What a user's write sets on a versioned row beside its values: who wrote it, when, and the next
 * version, which the next writer's optimistic check compares with the version it read.
 */
export const writtenBy = (actorId: number | null) => ({ updated_by: actorId, updated_at: sql<Date>`now()`, version: sql<number>`version + 1` });

/** Whether an update guarded by the version read found its row still at that version. */
export const versionMatched = (result: UpdateResult) => Number(result.numUpdatedRows) === 1;
