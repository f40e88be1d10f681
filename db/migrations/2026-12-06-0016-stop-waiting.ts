import type { Kysely } from 'kysely';

// Frozen in time: never import application code here.

/**
 * 荷待ち as an interval, not only its length: since 2025-04 a carrier records, for a wait of 30 minutes
 * or more, when it started and when it ended (貨物自動車運送事業輸送安全規則). The driver reports both;
 * `wait_minutes` stays the length the records and the figures read.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('allocation_stops')
    .addColumn('wait_started_at', 'timestamptz')
    .addColumn('wait_ended_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('allocation_stops').dropColumn('wait_started_at').dropColumn('wait_ended_at').execute();
}
