import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * The driver app signs drivers in with their own tokens (DOMAIN.md section 4):
 * - a revoked token belongs to a user or to a driver, exactly one of the two;
 * - drivers get a token version, raised when their password changes, so older tokens stop opening anything.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('revoked_tokens').alterColumn('user_id', (c) => c.dropNotNull()).execute();
  await db.schema
    .alterTable('revoked_tokens')
    .addColumn('driver_id', 'integer', (c) => c.references('drivers.id'))
    .execute();
  await sql`alter table revoked_tokens add constraint revoked_tokens_owner check ((user_id is null) <> (driver_id is null))`.execute(db);
  await db.schema
    .alterTable('drivers')
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('drivers').dropColumn('token_version').execute();
  await db.deleteFrom('revoked_tokens').where('user_id', 'is', null).execute();
  await sql`alter table revoked_tokens drop constraint revoked_tokens_owner`.execute(db);
  await db.schema.alterTable('revoked_tokens').dropColumn('driver_id').execute();
  await db.schema.alterTable('revoked_tokens').alterColumn('user_id', (c) => c.setNotNull()).execute();
}
