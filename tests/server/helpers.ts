import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { Kysely, PGliteDialect, sql } from 'kysely';
import pg from 'pg';
import { addDays, tokyoToday } from '../../common/deliveries.js';
import { tokyoInstant } from '../../common/time.js';
import { createDb, type Db } from '../../db/index.js';
import type { Database } from '../../db/types.js';
import { migrateToLatest } from '../../db/migrate.js';
import { DEMO_PASSWORD, seedDemo } from '../../db/seed/demo.js';
import { DAYS_AROUND } from '../../db/seed/operations.js';
import { buildApp } from '../../server/app.js';
import { hashPassword, usePasswordCost } from '../../server/auth/password.js';
import { loadConfig } from '../../server/config.js';

export const JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

interface Teardown {
  teardown(fn: () => unknown): void;
}

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * The day in Tokyo that the demo data of this process's databases lies around: today when the process
 * started, kept for its whole life. A file that runs across midnight in Tokyo (15:00 UTC) still reads
 * the demo it was given (its databases come from one snapshot, seeded for this day), not tomorrow's.
 */
export const demoDay = tokyoToday();

/**
 * The moment the tests' demo tells its day at, whatever the hour a test runs: 07:05 in Tokyo, when each
 * center's first trip is loading and the others are not started (the demo started by `npm start` tells
 * it at the time it is seeded: db/seed/operations.ts).
 */
export const demoMoment = tokyoInstant(demoDay, '07:05');

/**
 * A test's own day: `n` days after a day past the demo's deliveries and trips (demoDay ± DAYS_AROUND),
 * so that no demo trip of the same vehicle, driver or center shares it.
 */
export const dayAfterDemo = (n = 0) => addDays(demoDay, DAYS_AROUND + 30 + n);

/**
 * What the template is built from: the schema, the demo data, this file and the database engine, hashed
 * as this process loaded them. A file edited while a run is under way (a browser suite takes minutes)
 * must not give the code already loaded the new content's key: its snapshot would hold the old seed.
 */
const loadedSources = (() => {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(entry.name).update(readFileSync(full));
    }
  };
  walk(path.join(ROOT, 'db'));
  hash.update(readFileSync(import.meta.filename));
  hash.update(readFileSync(path.join(ROOT, 'node_modules/@electric-sql/pglite/package.json')));
  return hash.digest('hex');
})();

/** Changes whenever the loaded sources or the demo's day do: then the template is rebuilt. */
function templateKey(): string {
  // The demo's deliveries and trips lie around the seed day: a template of yesterday is stale.
  return createHash('sha256').update(loadedSources).update(demoDay).digest('hex').slice(0, 12);
}

/**
 * Every password hashed in a test process (the demo accounts', new users' and drivers', the unknown-account
 * hash) is argon2id at its lowest cost, so that the suite's hundreds of sign-ins take milliseconds rather
 * than a third of a second each. The application keeps the recommended cost (server/auth/password.ts,
 * checked by the config tests); the server verifies whatever cost a hash says.
 */
usePasswordCost('minimal');

/** Migrates and seeds a database: what every test starts from, done once and copied. */
async function prepare(db: Db) {
  await migrateToLatest(db);
  await seedDemo(db, await hashPassword(DEMO_PASSWORD), demoMoment);
}

/**
 * A PGlite cluster for tests, dumped as a data-folder tarball: initdb with 1 MB WAL segments, only two
 * of them kept (PGlite's default is one 16 MB segment, dumped whole), without the template databases,
 * which PGlite never uses, and checkpointed, so that nothing is replayed at start. Every test database
 * loads a copy: 13 MB rather than 44 MB opens in about half the time.
 */
async function buildSnapshot(fill: (db: Db) => Promise<void>): Promise<Blob> {
  const pglite = new PGlite('memory://', {
    initDbStartParams: ['--wal-segsize=1'],
    startParams: [...PGlite.defaultStartParams, '-c', 'min_wal_size=2MB', '-c', 'max_wal_size=2MB'],
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  await fill(db);
  await pglite.exec("update pg_database set datistemplate = false where datname in ('template0', 'template1')");
  await pglite.exec('drop database template0');
  await pglite.exec('drop database template1');
  // The second checkpoint, in a new segment, removes the segments the first one left.
  await pglite.exec('checkpoint');
  await pglite.exec('select pg_switch_wal()');
  await pglite.exec('checkpoint');
  const dump = await pglite.dumpDataDir('none');
  await db.destroy();
  return dump;
}

const snapshots = new Map<string, Promise<Blob>>();

/** A snapshot built once per key and kept in the system's temp folder: the demo database, or an empty one. */
function snapshot(kind: 'demo' | 'empty'): Promise<Blob> {
  let cached = snapshots.get(kind);
  if (!cached) {
    cached = (async () => {
      const file = path.join(tmpdir(), `haisha-test-${kind}-${templateKey()}.tar`);
      if (!existsSync(file)) {
        const dump = await buildSnapshot(kind === 'demo' ? prepare : async () => {});
        // Written aside then renamed, so that a parallel test file never reads half a file.
        const partial = `${file}.${process.pid}`;
        writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
        renameSync(partial, file);
      }
      return new Blob([readFileSync(file)]);
    })();
    snapshots.set(kind, cached);
  }
  return cached;
}

/**
 * Builds what the test files copy their databases from, once, before tap starts them
 * (`npm run test:server`, tests/server/prepare-databases.ts): the PGlite snapshots and, when
 * TEST_DATABASE_URL is set, the PostgreSQL template. Without it the first files, started two at a
 * time, each migrated and seeded the same database on a fresh machine.
 */
export async function prepareDatabases(): Promise<void> {
  await snapshot('demo');
  await snapshot('empty');
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) await demoTemplate(serverUrl);
}

/** Opens a PGlite copy of a snapshot; PGlite opens lazily and closing one that never finished opening hangs, so open it now. */
async function openCopy(kind: 'demo' | 'empty'): Promise<Db> {
  const db = createDb({ dataDir: 'memory://', snapshot: await snapshot(kind), sharedBuffers: '16MB' });
  await sql`select 1`.execute(db);
  return db;
}

/** An embedded database with nothing in it, not even the schema; closed when the test ends. */
export async function emptyDb(t: Teardown): Promise<Db> {
  const db = await openCopy('empty');
  t.teardown(() => db.destroy());
  return db;
}

/** The demo database's PGlite data folder as a tarball, for a test that opens it in a folder of its own. */
export const demoSnapshot = () => snapshot('demo');

async function adminQuery(serverUrl: string, statement: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await client.query(statement, params);
  } finally {
    await client.end();
  }
}

const databaseUrl = (serverUrl: string, name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * The demo database as a PostgreSQL template, built once per key: parallel test files wait on an
 * advisory lock while one of them builds it; older templates are dropped.
 */
async function demoTemplate(serverUrl: string): Promise<string> {
  const name = `haisha_tpl_${templateKey()}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(727001)');
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) {
      const building = `${name}_building`;
      await client.query(`drop database if exists ${building}`);
      await client.query(`create database ${building}`);
      const db = createDb({ databaseUrl: databaseUrl(serverUrl, building), dataDir: '' });
      await prepare(db);
      await db.destroy();
      await client.query(`alter database ${building} rename to ${name}`);
      const old = await client.query("select datname from pg_database where datname like 'haisha\\_tpl\\_%' and datname <> $1", [name]);
      for (const row of old.rows) await client.query(`drop database if exists ${row.datname}`).catch(() => undefined);
    }
  } finally {
    await client.query('select pg_advisory_unlock(727001)').catch(() => undefined);
    await client.end();
  }
  return name;
}

/**
 * A fresh copy of the demo database for one test: embedded PGlite in memory, or, when
 * TEST_DATABASE_URL is set, a new database on that PostgreSQL server made from the template and
 * dropped afterwards (its `url` then names it). Migrating and seeding happen once, not per test.
 */
export async function freshDemoDatabase(): Promise<{ db: Db; drop: () => Promise<void>; url?: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { db: await openCopy('demo'), drop: async () => {} };
  const template = await demoTemplate(serverUrl);
  const name = `haisha_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name} template ${template}`);
  const url = databaseUrl(serverUrl, name);
  return {
    db: createDb({ databaseUrl: url, dataDir: '' }),
    url,
    drop: () => adminQuery(serverUrl, `drop database if exists ${name}`).then(() => undefined),
  };
}

/** The application on a copy of the migrated demo database; closed when the test ends. `env` adds configuration. */
export async function demoApp(t: Teardown, env: NodeJS.ProcessEnv = {}): Promise<{ app: FastifyInstance; db: Db }> {
  const { db, drop } = await freshDemoDatabase();
  const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', ...env }), db, jwtSecret: JWT_SECRET, logger: false });
  t.teardown(async () => {
    await app.close();
    await db.destroy();
    await drop();
  });
  return { app, db };
}

export async function login(app: FastifyInstance, loginId: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { login_id: loginId, password } });
  if (response.statusCode !== 200) throw new Error(`login ${loginId} failed: ${response.body}`);
  return response.json().access_token;
}

/** An API client signed in as one demo account. */
export async function signedIn(app: FastifyInstance, loginId: string) {
  const token = await login(app, loginId);
  return (options: InjectOptions) =>
    app.inject({ ...options, headers: { authorization: `Bearer ${token}`, ...options.headers } });
}

/** A multipart/form-data body with one CSV file, as a browser sends it. */
export function csvUpload(content: string | Buffer, filename = 'upload.csv') {
  const boundary = `----haisha${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function departmentId(db: Db, code: string): Promise<number> {
  const row = await db.selectFrom('departments').select('id').where('code', '=', code).executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The application (on an empty embedded database) serving a client folder made for the test: `files`
 * maps a path inside it to its content; index.html is always there. Removed when the test ends.
 */
export async function appWithClient(t: Teardown, files: Record<string, string | Buffer> = {}) {
  const clientDir = mkdtempSync(path.join(tmpdir(), 'haisha-client-'));
  const all = { 'index.html': '<!doctype html><title>配車管理システム</title>', ...files };
  for (const [file, content] of Object.entries(all)) {
    mkdirSync(path.dirname(path.join(clientDir, file)), { recursive: true });
    writeFileSync(path.join(clientDir, file), content);
  }
  const db = await openCopy('empty');
  const app = await buildApp({ config: loadConfig({}), db, jwtSecret: JWT_SECRET, clientDir, logger: false });
  t.teardown(async () => {
    await app.close();
    await db.destroy();
    rmSync(clientDir, { recursive: true, force: true });
  });
  return { app, clientDir };
}
