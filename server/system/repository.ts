import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.js';
import { RECORD_TABLES, type RecordTable } from './schemas.js';

/** What the database is and how far it is migrated (kysely's migration table). */
export async function databaseFacts(db: Kysely<Database>) {
  const { rows } = await sql<{ version: string; migrations: number; latest: string | null }>`
    select version() as version, count(*)::int as migrations, max(name) as latest from kysely_migration`.execute(db);
  const [facts] = rows as [(typeof rows)[number]];
  // PGlite is PostgreSQL compiled to WebAssembly with Emscripten: its version() names the compiler.
  const kind = /emcc|emscripten|wasm/i.test(facts.version) ? ('pglite' as const) : ('postgresql' as const);
  return { kind, version: facts.version, migrations: facts.migrations, latest_migration: facts.latest };
}

/** The live rows of the main tables, in one statement. */
export async function recordCounts(db: Kysely<Database>): Promise<Record<RecordTable, number>> {
  const counts = RECORD_TABLES.map((table) => sql`(select count(*)::int from ${sql.table(table)} where deleted_at is null) as ${sql.ref(table)}`);
  const { rows } = await sql<Record<RecordTable, number>>`select ${sql.join(counts)}`.execute(db);
  return rows[0]!;
}
