import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * Who a token speaks for (the user, their department's level, whether the token was logged out) is
 * remembered by each server process between requests (server/auth/actor-cache.ts). Any write to the
 * tables it is read from says so on the channel `haisha_actors`, once per statement, delivered when
 * the transaction commits: every process listening forgets what it remembered.
 */
export const ACTOR_CHANNEL = 'haisha_actors';
const TABLES = ['users', 'departments', 'revoked_tokens'];

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(`create function notify_actor_change() returns trigger language plpgsql as $$
begin
  perform pg_notify('${ACTOR_CHANNEL}', '');
  return null;
end $$`).execute(db);
  for (const table of TABLES) {
    await sql.raw(`create trigger ${table}_actor_change after insert or update or delete or truncate on ${table}
      for each statement execute function notify_actor_change()`).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) await sql.raw(`drop trigger ${table}_actor_change on ${table}`).execute(db);
  await sql.raw('drop function notify_actor_change()').execute(db);
}
