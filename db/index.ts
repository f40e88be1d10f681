import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { CompiledQuery, type DatabaseConnection, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { namingWriters } from './audit.js';
import { TurnTakingPGliteDialect } from './fair-turns.js';
import { PreparingClient } from './prepared.js';
import { parseTimestamptz } from './timestamps.js';
import type { Database } from './types.js';

export type Db = Kysely<Database>;

export interface DbOptions {
  /** postgres://… switches to a PostgreSQL server; otherwise the embedded PGlite database. */
  databaseUrl?: string;
  /**
   * The PostgreSQL address for the connections that LISTEN (one per listener, held open), when
   * `databaseUrl` goes through a pool that cannot hold one (PgBouncer in transaction mode): `databaseUrl` when unset.
   */
  listenUrl?: string;
  /** Folder of the embedded database; `memory://` keeps it in memory (tests). */
  dataDir: string;
  /** An embedded database's data folder as PGlite dumped it: the new database starts as its copy (tests). */
  snapshot?: Blob;
  /**
   * The embedded database's `shared_buffers` (PostgreSQL's 128MB when unset). PGlite sets that memory up
   * at every start, half the cost of opening a test's small copy: tests ask for less.
   */
  sharedBuffers?: string;
}

/** pg returns int8 and numeric as strings; our counts and sums are numbers. */
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));
/** A calendar date stays the text YYYY-MM-DD: as a Date it would shift with the time zone. */
const asText = (value: string) => value;
pg.types.setTypeParser(pg.types.builtins.DATE, asText);
pg.types.setTypeParser(pg.types.builtins.TIMESTAMPTZ, parseTimestamptz);

/**
 * Both engines plan a prepared statement once per connection and keep that plan. PostgreSQL's default
 * plans each of a statement's first five runs for its parameters, then keeps planning them whenever
 * its generic plan looks costlier, which the list pages' statements always do (a date range, a page
 * `limit $n`): planning was about a third of the delivery page's time on both engines (on PGlite a plan
 * also reads every relation's size through the emulated file system). Every list and lookup reads
 * through an index chosen for it and within a bounded range (31 days at most for deliveries), so one
 * plan serves every parameter (docs/performance.md, "One plan per statement on PostgreSQL too").
 */
export const PLAN_ONCE = 'force_generic_plan';
/** The same, as a pg pool's connection `options`: set when each connection starts, no statement of its own. */
export const PLAN_ONCE_OPTIONS = `-c plan_cache_mode=${PLAN_ONCE}`;

const connectionLost = (error: Error) => console.error(`PostgreSQL connection lost: ${error.message}`);

/**
 * A pool whose lost connections are never fatal. pg-pool listens for a client's 'error' only while the
 * client is idle; a connection dropped while a request holds it (pg_terminate_backend, a restart, a
 * failover in the middle of a transaction) would emit 'error' with no listener and end the process.
 * Every client therefore gets its own listener for its whole life: the request's next query fails
 * instead (answered 503), Kysely's failed rollback discards the client, and the pool opens a new one.
 * Its clients prepare the statements they run (db/prepared.ts), and idle ones are kept
 * (`idleTimeoutMillis: 0`): pg closes them after 10 s by default, and each planner's move after a
 * pause would pay a new connection and the preparing of every statement again (`npm run bench --
 * allocation`, docs/performance.md). A connection the server drops
 * while idle is removed by the pool ('error' below) and replaced on demand.
 */
function postgresPool(connectionString: string) {
  const pool = new pg.Pool({ connectionString, max: 10, idleTimeoutMillis: 0, Client: PreparingClient, options: PLAN_ONCE_OPTIONS });
  pool.on('connect', (client) => client.on('error', connectionLost));
  // Idle clients: pg-pool removes them itself; the event only needs a listener.
  pool.on('error', connectionLost);
  return pool;
}

const planOnce = async (connection: DatabaseConnection) => {
  await connection.executeQuery(CompiledQuery.raw(`set plan_cache_mode = ${PLAN_ONCE}`));
};

export function createDb(options: DbOptions): Db {
  if (options.databaseUrl) {
    const db = new Kysely<Database>({ dialect: namingWriters(new PostgresDialect({ pool: postgresPool(options.databaseUrl) })) });
    servers.set(db, options.listenUrl ?? options.databaseUrl);
    return db;
  }
  if (!options.dataDir.startsWith('memory://')) mkdirSync(options.dataDir, { recursive: true });
  const pglite = new PGlite(options.dataDir, {
    parsers: { [pg.types.builtins.DATE]: asText, [pg.types.builtins.TIMESTAMPTZ]: parseTimestamptz },
    loadDataDir: options.snapshot,
    ...(options.sharedBuffers ? { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${options.sharedBuffers}`] } : {}),
  });
  const db = new Kysely<Database>({ dialect: namingWriters(new TurnTakingPGliteDialect({ pglite, onCreateConnection: planOnce })) });
  embedded.set(db, pglite);
  return db;
}

const embedded = new WeakMap<Db, PGlite>();
const servers = new WeakMap<Db, string>();

/** The PostgreSQL address for a connection of `db`'s own that LISTENs (none when embedded): its `listenUrl`, else its `databaseUrl`. */
export function listenUrlOf(db: Db): string | undefined {
  return servers.get(db);
}

/**
 * The embedded database under `db` (none on PostgreSQL), for what Kysely does not offer: LISTEN. PGlite
 * calls its listeners when the notifying transaction commits, before that statement's promise resolves.
 */
export function embeddedOf(db: Db): PGlite | undefined {
  return embedded.get(db);
}
