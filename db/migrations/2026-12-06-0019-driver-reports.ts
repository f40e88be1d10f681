import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here.

/**
 * Reports the driver's screen sends again after a lost signal: each carries an id the phone made, and a
 * report whose id the driver already sent is not applied twice. The second alcohol check (退勤) has its
 * own checker beside the first's (`checker`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('driver_reports')
    .addColumn('driver_id', 'integer', (c) => c.notNull().references('drivers.id').onDelete('cascade'))
    .addColumn('report_id', 'uuid', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('driver_reports_pkey', ['driver_id', 'report_id'])
    .execute();
  await db.schema.alterTable('driver_work_records').addColumn('checker_after', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('driver_work_records').dropColumn('checker_after').execute();
  await db.schema.dropTable('driver_reports').execute();
}
