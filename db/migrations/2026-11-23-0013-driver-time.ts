import { type Kysely } from 'kysely';

// Frozen in time: never import application code here.

/**
 * A working day (出退勤) records who last changed it, so that a stale edit's 409 names them. Null
 * means the driver, through the driver app (or the demo data).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('driver_work_records')
    .addColumn('updated_by', 'integer', (c) => c.references('users.id'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('driver_work_records').dropColumn('updated_by').execute();
}
