import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './types.js';

export type Db = Kysely<Database>;

export interface DbOptions {
  /** postgres://… switches to a PostgreSQL server; otherwise the embedded PGlite database. */
  databaseUrl?: string;
  /** Folder of the embedded database; `memory://` keeps it in memory (tests). */
  dataDir: string;
  /** An embedded database's data folder as PGlite dumped it: the new database starts as its copy (tests). */
  snapshot?: Blob;
}

/** pg returns int8 and numeric as strings; our counts and sums are numbers. */
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));
/** A calendar date stays the text YYYY-MM-DD: as a Date it would shift with the time zone. */
const asText = (value: string) => value;
pg.types.setTypeParser(pg.types.builtins.DATE, asText);

export function createDb(options: DbOptions): Db {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection dropped by the server (restart, failover) is replaced on next use, not fatal.
    pool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  if (!options.dataDir.startsWith('memory://')) mkdirSync(options.dataDir, { recursive: true });
  const pglite = new PGlite(options.dataDir, { parsers: { [pg.types.builtins.DATE]: asText }, loadDataDir: options.snapshot });
  return new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
}
