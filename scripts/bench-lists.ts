// The vehicle list under load on PostgreSQL: the application (signed in as `hq`) beside a bare
// Fastify + pg route that runs the very SQL the application runs, both in this run, on a fresh
// database seeded with thousands of vehicles and dropped afterwards. Each server runs in its own
// process, so that neither shares its event loop with the load generator.
// BENCH_DATABASE_URL: the admin connection that creates the bench database; VEHICLES=… to change.
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Result } from 'autocannon';
import Fastify, { type FastifyReply } from 'fastify';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { createDb, PLAN_ONCE_OPTIONS } from '../db/index.js';
import { PreparingClient } from '../db/prepared.js';
import { migrateToLatest } from '../db/migrate.js';
import { DEMO_PASSWORD, seedDemo } from '../db/seed/demo.js';
import { seedVehicles } from '../db/seed/generate-vehicles.js';
import type { Database } from '../db/types.js';
import { buildApp } from '../server/app.js';
import { findActor } from '../server/auth/actor.js';
import { hashPassword } from '../server/auth/password.js';
import { loadConfig } from '../server/config.js';
import { translator } from '../server/i18n.js';
import { listRecords, type ListQuery } from '../server/masters/service.js';
import { vehicleMaster } from '../server/masters/vehicle.js';
import { countingCpu, cpuLine, type CpuPerRequest, type ServerProcess } from './bench-cpu.js';

const VEHICLES = Number(process.env.VEHICLES ?? 5_000);
const CONNECTIONS = 50;
const SECONDS = 10;
const WARM_UP_SECONDS = 2;
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const QUERY: ListQuery = { _start: 0, _end: 50, _sort: 'delivery_company_name' };
const LIST_PATH = '/api/vehicle?_start=0&_end=50&_sort=delivery_company_name';
const JWT_SECRET = randomBytes(32).toString('hex');
/** The application's pool size (db/index.ts), given to the bare route too. */
const POOL_SIZE = 10;

interface Statement {
  sql: string;
  parameters: readonly unknown[];
}

export async function adminQuery(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A fresh database for one bench on the server of BENCH_DATABASE_URL; `drop()` removes it. */
export async function scratchDatabase() {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `haisha_bench_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { databaseUrl: url.toString(), drop: () => adminQuery(adminUrl, `drop database if exists ${name}`) };
}

interface Statements {
  /** the authentication hook's statement, run before every request (for a token's id) */
  actor: Statement;
  /** the page with its total summed from `vehicles_counts`, in one statement */
  list: Statement;
  /** the same page with its total as the list counted it before the counts table: every row in scope */
  rowCounted: Statement;
}

/** The SQL the list runs for `hq`, as Kysely compiled and executed it for the application. */
async function listStatements(databaseUrl: string): Promise<Statements> {
  const statements: Statement[] = [];
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => void statements.push({ sql: event.query.sql, parameters: event.query.parameters }),
  });
  try {
    const hq = await db.selectFrom('users').select('id').where('login_id', '=', 'hq').executeTakeFirstOrThrow();
    statements.length = 0;
    const actor = (await findActor(db, hq.id, randomUUID()))!;
    const [actorStatement] = statements.splice(0);
    await listRecords({ db, actor, t: translator('ja') }, vehicleMaster, QUERY);
    await listRecords({ db, actor, t: translator('ja') }, { ...vehicleMaster, counted: false }, QUERY);
    if (statements.length !== 2) throw new Error(`a full page of the list is one statement, not ${statements.length / 2}`);
    return { actor: actorStatement!, list: statements[0]!, rowCounted: statements[1]! };
  } finally {
    await db.destroy();
  }
}

async function prepareDatabase(databaseUrl: string) {
  const db = createDb({ databaseUrl, dataDir: '' });
  try {
    await migrateToLatest(db);
    await seedDemo(db, await hashPassword(DEMO_PASSWORD));
    await seedVehicles(db, VEHICLES);
    // Vacuumed as autovacuum leaves a table after a bulk load: the count reads the index alone (its
    // visibility map set), as it does in steady state (the delivery bench does the same).
    await sql`vacuum analyze`.execute(db);
  } finally {
    await db.destroy();
  }
}

/** The real application, as `server.ts` builds it, on the bench database. */
export async function serveApp(databaseUrl: string) {
  const config = loadConfig({ DATABASE_URL: databaseUrl, DEMO_DATA: 'off', LOG_LEVEL: 'warn' });
  const db = createDb({ databaseUrl, dataDir: '' });
  const app = await buildApp({ config, db, jwtSecret: process.env.BENCH_JWT_SECRET!, logger: false });
  app.addHook('onClose', () => db.destroy());
  return app;
}

/**
 * A pool of clients that prepare their statements (db/prepared.ts), queried as Kysely queries it: on
 * a client taken from the pool, without a callback. pg-pool's own `query` passes its client a
 * callback, which PreparingClient leaves unnamed (planned at every run, as the unprepared pool).
 */
export function preparingQuery(databaseUrl: string, max: number) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max, Client: PreparingClient, options: PLAN_ONCE_OPTIONS });
  const query = async (text: string, parameters: unknown[]) => {
    const client = await pool.connect();
    try {
      return await client.query(text, parameters);
    } finally {
      client.release();
    }
  };
  return { query, end: () => pool.end() };
}

/**
 * The same statement straight through pg, without authentication, scope building or Kysely;
 * `/vehicle-and-actor` runs the authentication hook's statement first, as every application request did before the actor cache (server/auth/actor-cache.ts);
 * `/vehicle-prepared` sends it as a named statement planned once, as the application's pool does (db/prepared.ts);
 * `/vehicle-row-count` counts the rows in scope for the total, as the list did before `vehicles_counts`.
 */
async function serveBare(databaseUrl: string, { actor, list: page, rowCounted }: Statements) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: POOL_SIZE });
  const preparing = preparingQuery(databaseUrl, POOL_SIZE);
  const app = Fastify();
  const unprepared = { query: (text: string, parameters: unknown[]) => pool.query(text, parameters) };
  const list = async (reply: FastifyReply, through = unprepared, statement = page) => {
    const { rows } = await through.query(statement.sql, statement.parameters as unknown[]);
    reply.header('x-total-count', rows[0].total);
    return rows;
  };
  app.get('/vehicle', async (_request, reply) => list(reply));
  app.get('/vehicle-and-actor', async (_request, reply) => {
    const { rows } = await pool.query(actor.sql, actor.parameters as unknown[]);
    if (rows.length !== 1) throw new Error('the actor was not found');
    return list(reply);
  });
  app.get('/vehicle-prepared', async (_request, reply) => list(reply, preparing));
  app.get('/vehicle-row-count', async (_request, reply) => list(reply, unprepared, rowCounted));
  app.addHook('onClose', () => Promise.all([pool.end(), preparing.end()]));
  return app;
}

/** In a forked process: serve, tell the parent the port, and stop when told. */
export async function serveInChild(role: string) {
  const databaseUrl = process.env.BENCH_DATABASE!;
  const app = role === 'app' ? await serveApp(databaseUrl) : await serveBare(databaseUrl, JSON.parse(process.env.BENCH_STATEMENTS!));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  process.send!({ port: typeof address === 'object' && address ? address.port : 0 });
  process.once('disconnect', () => void app.close().then(() => process.exit(0)));
}

/**
 * The Node.js options `npm start` runs the server with (package.json), given to every server this
 * benchmark forks, the application's and the bare route's alike.
 */
const START_NODE_OPTIONS = (JSON.parse(readFileSync(path.join(import.meta.dirname, '../package.json'), 'utf8')).scripts.start as string)
  .split(/\s+/)
  .filter((word) => word.startsWith('--'));

/** Forks `module` (this file unless another benchmark's) as a server in the given role; resolves once it listens. */
export async function startChild(role: string, env: Record<string, string>, module = import.meta.url): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(fileURLToPath(module), [], {
    env: { ...process.env, ...env, BENCH_ROLE: role, BENCH_MODULE: module },
    // BENCH_PROFILE=<folder>: each server writes a CPU profile there when it stops (node --cpu-prof).
    execArgv: [...START_NODE_OPTIONS, '--import', 'tsx', ...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [])],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`the ${role} server stopped (exit code ${code}) before it listened`);
  });
  const [message] = (await Promise.race([once(child, 'message'), exited])) as [{ port: number }];
  return { child, port: message.port };
}

export async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = once(child, 'exit');
  child.disconnect();
  await exited;
}

export async function signIn(port: number, loginId = 'hq') {
  const response = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login_id: loginId, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** One measured run, with the CPU it cost per request; any non-2xx answer or error makes the figures worthless. */
export async function load(target: Target, duration = SECONDS): Promise<Run> {
  const result = await countingCpu(target.server, () => autocannon({ url: target.url, connections: CONNECTIONS, duration, headers: target.headers }));
  if (result.non2xx || result.errors || result.timeouts) {
    throw new Error(`${target.url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  }
  return result;
}

export interface Target {
  url: string;
  headers?: Record<string, string>;
  /** the process serving `url`, and whether it uses the local PostgreSQL: its CPU is counted (bench-cpu.ts) */
  server?: ServerProcess;
}

/** autocannon's figures of a run, with the CPU per request when the target named its server. */
export type Run = Result & { cpu?: CpuPerRequest };

/**
 * Warms each up, then measures them in turns, ROUNDS times, and keeps each one's best run: on a
 * shared machine a neighbour's burst then hurts one run, not the comparison.
 */
export async function compare(targets: Target[]): Promise<Run[]> {
  for (const target of targets) await load(target, WARM_UP_SECONDS);
  const runs: Run[][] = targets.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, target] of targets.entries()) runs[i]!.push(await load(target));
  }
  return runs.map((results) => results.reduce((a, b) => (b.requests.average > a.requests.average ? b : a)));
}

export const perSecond = (result: Result) => Math.round(result.requests.average);
export const figures = (result: Result) => `${perSecond(result).toLocaleString().padStart(6)} req/s, p99 ${result.latency.p99} ms`;

/** Under a run's figures: its CPU per request and the bound that sets (when its server was named). */
export function printCpu(run: Run) {
  if (run.cpu) console.log(`        ${cpuLine(run.cpu, CONNECTIONS)}`);
}

export async function benchLists() {
  const scratch = await scratchDatabase();
  const { databaseUrl } = scratch;
  const children: ChildProcess[] = [];
  try {
    await prepareDatabase(databaseUrl);
    const statements = await listStatements(databaseUrl);
    const common = { BENCH_DATABASE: databaseUrl, BENCH_JWT_SECRET: JWT_SECRET };
    const app = await startChild('app', common);
    children.push(app.child);
    const bare = await startChild('bare', { ...common, BENCH_STATEMENTS: JSON.stringify(statements) });
    children.push(bare.child);
    const token = await signIn(app.port);
    const [appResult, bareResult, withActorResult, preparedResult, rowCountResult] = (await compare([
      { url: `http://127.0.0.1:${app.port}${LIST_PATH}`, headers: { authorization: `Bearer ${token}` }, server: { pid: app.child.pid!, postgres: true } },
      { url: `http://127.0.0.1:${bare.port}/vehicle`, server: { pid: bare.child.pid!, postgres: true } },
      { url: `http://127.0.0.1:${bare.port}/vehicle-and-actor` },
      { url: `http://127.0.0.1:${bare.port}/vehicle-prepared` },
      { url: `http://127.0.0.1:${bare.port}/vehicle-row-count` },
    ])) as [Run, Run, Run, Run, Run];
    const ratio = (bare: Result) => Math.round((100 * perSecond(appResult)) / perSecond(bare));
    console.log(`bench list vehicle: ${VEHICLES.toLocaleString()} vehicles, ${CONNECTIONS} connections, PostgreSQL, best of ${ROUNDS} runs of ${SECONDS} s each`);
    console.log(`  app   GET ${LIST_PATH} as hq`);
    console.log(`        ${figures(appResult)} (aim p99 ≤ 50 ms)`);
    printCpu(appResult);
    console.log('  bare  Fastify + pg, the same statement');
    console.log(`        ${figures(bareResult)}`);
    printCpu(bareResult);
    console.log(`  ratio ${ratio(bareResult)} % of the bare route (aim ≥ 70 %)`);
    console.log(`  bare  + the authentication hook's statement first, as the application did on every request before its actor cache`);
    console.log(`        ${figures(withActorResult)}; the application reaches ${ratio(withActorResult)} % of it`);
    console.log(`  bare  with its statement prepared and planned once, as the application's are (db/prepared.ts, db/index.ts)`);
    console.log(`        ${figures(preparedResult)}; the application reaches ${ratio(preparedResult)} % of it`);
    console.log(`  bare  counting the rows in scope for the total (as the list did before vehicles_counts)`);
    console.log(`        ${figures(rowCountResult)}`);
  } finally {
    for (const child of children) await stopChild(child);
    await scratch.drop();
  }
}

/** A forked server of this benchmark (another benchmark importing this file forks its own module). */
export const isBenchChild = (module: string) => process.env.BENCH_MODULE === module && Boolean(process.env.BENCH_ROLE);

if (isBenchChild(import.meta.url)) {
  await serveInChild(process.env.BENCH_ROLE!);
} else if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await benchLists();
}
