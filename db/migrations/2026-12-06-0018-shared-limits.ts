import type { Kysely } from 'kysely';

// Frozen in time: never import application code here.

/**
 * The sign-in limits' counters (server/auth/login-limit.ts), in the database every server process
 * shares: attempts through one process count against the limits of all. One row per limit and key (an
 * address, a login ID), its attempts since the window began and when the window ends.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('login_attempts')
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('window_ends_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('login_attempts_pkey', ['scope', 'key'])
    .execute();
  await db.schema.createIndex('login_attempts_window_ends_at').on('login_attempts').column('window_ends_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('login_attempts').execute();
}
