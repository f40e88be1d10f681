// The delivery list under load: one day of one center (品川), a page of 50 sorted by slip number,
// signed in as `center`, beside a bare Fastify route running the very SQL the application runs
// (pg on PostgreSQL, the PGlite API on PGlite), over DELIVERIES generated rows (default 1,000,000).
// PostgreSQL: BENCH_DATABASE_URL (admin connection; a scratch database is created and dropped).
// PGlite: PGLITE_DELIVERIES rows (default DELIVERIES; 0 skips it) in a scratch data folder; its two
// servers run one after the other, since one PGlite folder opens in one process at a time.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import Fastify, { type FastifyReply } from 'fastify';
import { Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { addDays, tokyoToday } from '../common/deliveries.js';
import { createDb, type Db } from '../db/index.js';
import { migrateToLatest } from '../db/migrate.js';
import { DEMO_PASSWORD, seedDemo } from '../db/seed/demo.js';
import { generateDeliveries } from '../db/seed/generate-deliveries.js';
import type { Database } from '../db/types.js';
import { buildApp } from '../server/app.js';
import { findActor } from '../server/auth/actor.js';
import { hashPassword } from '../server/auth/password.js';
import { loadConfig } from '../server/config.js';
import { listDeliveries } from '../server/deliveries/repository.js';
import { countingCpu } from './bench-cpu.js';
import { compare, figures, isBenchChild, perSecond, preparingQuery, printCpu, type Run, scratchDatabase, serveApp, signIn, startChild, stopChild, type Target } from './bench-lists.js';

const DELIVERIES = Number(process.env.DELIVERIES ?? 1_000_000);
const PGLITE_DELIVERIES = Number(process.env.PGLITE_DELIVERIES ?? DELIVERIES);
const CONNECTIONS = 50;
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const POOL_SIZE = 10;
/** A past day: every center has its generated rows and the demo's delivered trips on it. */
const DAY = addDays(tokyoToday(), -3);
const QUERY = { date_from: DAY, date_to: DAY, _start: 0, _end: 50, _sort: 'slip_number' as const };
const LIST_PATH = `/api/delivery?date_from=${DAY}&date_to=${DAY}&_start=0&_end=50&_sort=slip_number`;
const JWT_SECRET = 'bench-deliveries-secret-0123456789-0123456789';

interface Statement {
  sql: string;
  parameters: readonly unknown[];
}

async function prepare(db: Db, count: number) {
  await migrateToLatest(db);
  await seedDemo(db, await hashPassword(DEMO_PASSWORD));
  await generateDeliveries(db, count);
  // A bulk-loaded table is vacuumed by autovacuum within a minute or so; measure the steady state, not that transient.
  await sql`vacuum analyze`.execute(db);
}

/** The statements the list runs for `center`, as Kysely compiled them. */
async function listStatements(dialect: PostgresDialect | PGliteDialect): Promise<Statement[]> {
  const statements: Statement[] = [];
  const db = new Kysely<Database>({ dialect, log: (event) => void statements.push({ sql: event.query.sql, parameters: event.query.parameters }) });
  try {
    const user = await db.selectFrom('users').select('id').where('login_id', '=', 'center').executeTakeFirstOrThrow();
    const actor = (await findActor(db, user.id))!;
    statements.length = 0;
    await listDeliveries(db, actor, QUERY);
    return statements;
  } finally {
    await db.destroy();
  }
}

/** The application on the PGlite folder, as `npm start` opens it. */
async function servePgliteApp(dataDir: string) {
  const db = createDb({ dataDir });
  const app = await buildApp({ config: loadConfig({ DEMO_DATA: 'off', LOG_LEVEL: 'warn' }), db, jwtSecret: JWT_SECRET, logger: false });
  app.addHook('onClose', () => db.destroy());
  return app;
}

/**
 * The same statements straight through pg or PGlite: no authentication, scope building or Kysely;
 * on PostgreSQL `/delivery-prepared` sends them as named statements planned once, as the application's pool does,
 * and `/delivery-floor` too, but asks for the page's JSON as text and sends that text as it comes: no parsing,
 * no response schema, no serialisation. No server that runs this statement can answer for less.
 */
async function serveBare(statements: Statement[], target: { databaseUrl?: string; dataDir?: string }) {
  const app = Fastify();
  let query: (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;
  if (target.databaseUrl) {
    const pool = new pg.Pool({ connectionString: target.databaseUrl, max: POOL_SIZE });
    const preparing = preparingQuery(target.databaseUrl, POOL_SIZE);
    query = async (text, params) => (await pool.query(text, params)).rows;
    const prepared = async (text: string, params: unknown[]) => (await preparing.query(text, params)).rows;
    app.get('/delivery-prepared', async (_request, reply) => listPage(reply, prepared));
    const [page] = statements;
    const pageAsText = `select (${page!.sql})::text as rows`;
    app.get('/delivery-floor', async (_request, reply) => {
      const [{ rows }] = (await prepared(pageAsText, [...page!.parameters])) as [{ rows: string }];
      return reply.header('content-type', 'application/json; charset=utf-8').send(rows);
    });
    app.addHook('onClose', () => Promise.all([pool.end(), preparing.end()]));
  } else {
    const pglite = new PGlite(target.dataDir!);
    query = async (text, params) => (await pglite.query<Record<string, unknown>>(text, params)).rows;
    app.addHook('onClose', () => pglite.close());
  }
  /** The page's one statement answers its rows as one JSON array, each carrying the total (server/deliveries/repository.ts). */
  async function listPage(reply: FastifyReply, run = query) {
    const [page] = statements;
    const [{ rows }] = (await run(page!.sql, [...page!.parameters])) as [{ rows: Record<string, unknown>[] }];
    reply.header('x-total-count', rows[0]!.total);
    return rows;
  }
  app.get('/delivery', async (_request, reply) => listPage(reply));
  return app;
}

async function serveInChild(role: string) {
  const env = process.env;
  const statements = env.BENCH_STATEMENTS ? (JSON.parse(env.BENCH_STATEMENTS) as Statement[]) : [];
  const app =
    role === 'app'
      ? await serveApp(env.BENCH_DATABASE!)
      : role === 'pglite-app'
        ? await servePgliteApp(env.BENCH_DATA_DIR!)
        : await serveBare(statements, role === 'bare' ? { databaseUrl: env.BENCH_DATABASE } : { dataDir: env.BENCH_DATA_DIR });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  process.send!({ port: typeof address === 'object' && address ? address.port : 0 });
  process.once('disconnect', () => void app.close().then(() => process.exit(0)));
}

function report(engine: string, count: number, statements: number, app: Run, bare: Run, prepared?: Run, floor?: Run) {
  const ratio = Math.round((100 * perSecond(app)) / perSecond(bare));
  console.log(`bench list delivery: ${count.toLocaleString()} deliveries, one center-day, page of 50 by slip number, ${CONNECTIONS} connections, ${engine}, best of ${ROUNDS}`);
  console.log(`  app   GET ${LIST_PATH} as center`);
  console.log(`        ${figures(app)} (aim p99 ≤ 50 ms)`);
  printCpu(app);
  console.log(`  bare  Fastify + ${engine === 'PostgreSQL' ? 'pg' : 'PGlite'}, the same ${statements} statements`);
  console.log(`        ${figures(bare)}`);
  printCpu(bare);
  console.log(`  ratio ${ratio} % of the bare route; p99 ${app.latency.p99} ms vs ${bare.latency.p99} ms`);
  if (prepared) {
    console.log(`  bare  with its ${statements} statements prepared and planned once, as the application's are (db/prepared.ts, db/index.ts)`);
    console.log(`        ${figures(prepared)}; the application reaches ${Math.round((100 * perSecond(app)) / perSecond(prepared))} % of it`);
    printCpu(prepared);
  }
  if (floor) {
    console.log(`  floor the prepared statement's JSON sent as text, nothing parsed or serialised: what any server costs at least`);
    console.log(`        ${figures(floor)}`);
    printCpu(floor);
  }
}

async function benchPostgres() {
  const scratch = await scratchDatabase();
  const { databaseUrl } = scratch;
  const children = [];
  try {
    const db = createDb({ databaseUrl, dataDir: '' });
    await prepare(db, DELIVERIES).finally(() => db.destroy());
    const statements = await listStatements(new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 1 }) }));
    const common = { BENCH_DATABASE: databaseUrl, BENCH_JWT_SECRET: JWT_SECRET };
    const app = await startChild('app', common, import.meta.url);
    children.push(app.child);
    const bare = await startChild('bare', { ...common, BENCH_STATEMENTS: JSON.stringify(statements) }, import.meta.url);
    children.push(bare.child);
    const token = await signIn(app.port, 'center');
    const [appResult, bareResult, preparedResult, floorResult] = (await compare([
      { url: `http://127.0.0.1:${app.port}${LIST_PATH}`, headers: { authorization: `Bearer ${token}` }, server: { pid: app.child.pid!, postgres: true } },
      { url: `http://127.0.0.1:${bare.port}/delivery`, server: { pid: bare.child.pid!, postgres: true } },
      { url: `http://127.0.0.1:${bare.port}/delivery-prepared`, server: { pid: bare.child.pid!, postgres: true } },
      { url: `http://127.0.0.1:${bare.port}/delivery-floor`, server: { pid: bare.child.pid!, postgres: true } },
    ])) as [Run, Run, Run, Run];
    report('PostgreSQL', DELIVERIES, statements.length, appResult, bareResult, preparedResult, floorResult);
  } finally {
    for (const child of children) await stopChild(child);
    await scratch.drop();
  }
}

/**
 * PGlite answers one query at a time: 50 connections queue behind each other, so a request may wait
 * past autocannon's default 10 s on a busy machine. Its runs allow 60 s and count errors instead of
 * throwing; any non-2xx answer still makes the figures worthless.
 */
async function loadPglite(target: Target, duration = 10): Promise<Run> {
  const result = await countingCpu(target.server, () => autocannon({ url: target.url, connections: CONNECTIONS, duration, timeout: 60, headers: target.headers }));
  if (result.non2xx) throw new Error(`${target.url}: ${result.non2xx} non-2xx answers`);
  if (result.errors || result.timeouts) console.log(`  (${target.url}: ${result.errors} errors, ${result.timeouts} timeouts)`);
  return result;
}

/** Best of ROUNDS runs of one server (after a warm-up); the servers take turns, not the runs. */
async function measure(target: Target) {
  await loadPglite(target, 2);
  let best: Run | undefined;
  for (let round = 0; round < ROUNDS; round++) {
    const result = await loadPglite(target);
    if (!best || result.requests.average > best.requests.average) best = result;
  }
  return best!;
}

async function benchPglite() {
  if (PGLITE_DELIVERIES <= 0) return;
  const folder = mkdtempSync(path.join(tmpdir(), 'haisha-bench-'));
  const dataDir = path.join(folder, 'pglite');
  try {
    const db = createDb({ dataDir });
    await prepare(db, PGLITE_DELIVERIES).finally(() => db.destroy());
    const statements = await listStatements(new PGliteDialect({ pglite: new PGlite(dataDir) }));
    const env = { BENCH_DATA_DIR: dataDir, BENCH_STATEMENTS: JSON.stringify(statements) };
    const app = await startChild('pglite-app', env, import.meta.url);
    let appResult: Run;
    try {
      const token = await signIn(app.port, 'center');
      appResult = await measure({ url: `http://127.0.0.1:${app.port}${LIST_PATH}`, headers: { authorization: `Bearer ${token}` }, server: { pid: app.child.pid!, postgres: false } });
    } finally {
      await stopChild(app.child);
    }
    const bare = await startChild('pglite-bare', env, import.meta.url);
    try {
      report('PGlite', PGLITE_DELIVERIES, statements.length, appResult, await measure({ url: `http://127.0.0.1:${bare.port}/delivery`, server: { pid: bare.child.pid!, postgres: false } }));
    } finally {
      await stopChild(bare.child);
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

export async function benchDeliveries() {
  await benchPostgres();
  await benchPglite();
}

if (isBenchChild(import.meta.url)) {
  await serveInChild(process.env.BENCH_ROLE!);
} else if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await benchDeliveries();
}
