// The import part of `npm run bench`: ROWS (100,000) delivery destinations from a Shift_JIS CSV,
// beside a plain COPY of the same rows into the same table, with the p99 of profile requests sent
// while the import runs, then the same import with the audit log's triggers off and on (its cost as a
// ratio); on embedded PGlite, and on PostgreSQL when BENCH_DATABASE_URL is set.
import { createReadStream, createWriteStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import iconv from 'iconv-lite';
import { Kysely, PGliteDialect, sql } from 'kysely';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { createDb, type Db } from '../db/index.js';
import { migrateToLatest } from '../db/migrate.js';
import { DEMO_PASSWORD, seedDemo } from '../db/seed/demo.js';
import { destinationCsvLines } from '../db/seed/generate-destinations.js';
import type { Database } from '../db/types.js';
import { buildApp } from '../server/app.js';
import { findActor } from '../server/auth/actor.js';
import { auditCost, timingTransactions, withoutAudit } from './bench-audit.js';
import { hashPassword } from '../server/auth/password.js';
import { loadConfig } from '../server/config.js';
import { translator } from '../server/i18n.js';
import { importMaster } from '../server/imports/import-master.js';
import { deliveryDestinationMaster } from '../server/masters/delivery-destination.js';

const ROWS = Number(process.env.ROWS ?? 100_000);
/** A folder: the import alone (not the set-up around it) is CPU-profiled into `import-<database>.cpuprofile` there. */
const PROFILE_DIR = process.env.BENCH_CPU_PROFILE;
const PROFILE_EVERY_MS = 50;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const rate = (rows: number, seconds: number) => `${Math.round(rows / seconds).toLocaleString()} rows/s`;

/** The benchmark file, as planners' Excel saves it: Shift_JIS, CRLF. */
async function writeShiftJis(file: string) {
  const out = createWriteStream(file);
  for (const line of destinationCsvLines(ROWS)) {
    if (!out.write(iconv.encode(`${line}\r\n`, 'cp932'))) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

const COPY_COLUMNS =
  'delivery_code, customer_company_name, customer_store_name, customer_address, shipping_fee, direction_id, "order", delivery_type, latitude, longitude, start_time, ending_time';

/** The same rows in the table's own columns (direction codes already ids), for COPY. */
function* copyLines(directionIds: Map<string, number>) {
  let header = true;
  for (const line of destinationCsvLines(ROWS)) {
    if (header) {
      header = false;
      continue;
    }
    const cells = line.split(',');
    cells[5] = String(directionIds.get(cells[5]!));
    yield `${cells.join(',')}\n`;
  }
}

interface Target {
  name: string;
  db: Db;
  /** COPY of the rows into delivery_destinations, as the database's own fastest load */
  copy(lines: Iterable<string>): Promise<void>;
  close(): Promise<void>;
}

async function pgliteTarget(dir: string): Promise<Target> {
  const pglite = new PGlite(path.join(dir, 'pglite'));
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  return {
    name: 'PGlite',
    db,
    copy: async (lines) => {
      await pglite.query(`copy delivery_destinations (${COPY_COLUMNS}) from '/dev/blob' with (format csv)`, [], { blob: new Blob([...lines]) });
    },
    close: () => db.destroy(),
  };
}

async function postgresTarget(serverUrl: string): Promise<Target> {
  const name = `haisha_bench_${Date.now()}`;
  // One connection to the server's maintenance database creates the scratch database and drops it.
  const server = new pg.Client({ connectionString: serverUrl });
  await server.connect();
  await server.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = createDb({ databaseUrl: url.toString(), dataDir: '' });
  return {
    name: 'PostgreSQL',
    db,
    copy: async (lines) => {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      await pipeline(Readable.from(lines), client.query(copyFrom(`copy delivery_destinations (${COPY_COLUMNS}) from stdin with (format csv)`)));
      await client.end();
    },
    close: async () => {
      await db.destroy();
      await server.query(`drop database if exists ${name}`);
      await server.end();
    },
  };
}

/** `work`, CPU-profiled into PROFILE_DIR when it is set. */
async function profiled<T>(name: string, work: () => Promise<T>): Promise<T> {
  if (!PROFILE_DIR) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(path.join(PROFILE_DIR, `import-${name}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}

/** Peak memory while `work` runs. */
async function measured<T>(work: () => Promise<T>) {
  global.gc?.();
  const baseline = process.memoryUsage();
  const peak = { rss: baseline.rss, heap: baseline.heapUsed };
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peak.rss = Math.max(peak.rss, now.rss);
    peak.heap = Math.max(peak.heap, now.heapUsed);
  }, 50);
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  try {
    const result = await work();
    const cpu = process.cpuUsage(cpuBefore);
    return { result, seconds: (performance.now() - started) / 1000, cpuSeconds: (cpu.user + cpu.system) / 1e6, baseline, peak };
  } finally {
    clearInterval(sampler);
  }
}

/**
 * Sends a profile request every PROFILE_EVERY_MS until stopped; resolves with every latency in ms,
 * each counted from when it was due: a request the blocked event loop could not even send waited too.
 */
function profileLoad(request: () => Promise<unknown>) {
  const latencies: Promise<number>[] = [];
  const started = performance.now();
  let sent = 0;
  const timer = setInterval(() => {
    for (; started + sent * PROFILE_EVERY_MS <= performance.now(); sent++) {
      const due = started + sent * PROFILE_EVERY_MS;
      latencies.push(request().then(() => performance.now() - due));
    }
  }, PROFILE_EVERY_MS);
  return async () => {
    clearInterval(timer);
    return (await Promise.all(latencies)).sort((a, b) => a - b);
  };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;

/** The benchmark's rows removed; the import then meets the table as COPY did, not indexes full of dead entries. */
/** The imported table, whose audit triggers the run without the audit log switches off. */
const AUDITED = ['delivery_destinations'];

async function clearImported(db: Db) {
  await db.deleteFrom('delivery_destinations').where('delivery_code', 'like', 'B%').execute();
  if (process.env.BENCH_VACUUM !== '0') await sql`vacuum delivery_destinations`.execute(db);
}

async function benchOne(target: Target, file: string) {
  const { db } = target;
  await migrateToLatest(db);
  await seedDemo(db, await hashPassword(DEMO_PASSWORD));
  const directions = await db.selectFrom('directions').select(['id', 'code']).execute();
  const copy = await measured(() => target.copy(copyLines(new Map(directions.map((d) => [d.code, d.id])))));
  await withoutAudit(db, AUDITED, () => clearImported(db));

  const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent' }), db, jwtSecret: 'bench-secret-that-is-long-enough-0123456789', logger: false });
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { login_id: 'super', password: DEMO_PASSWORD } });
  const headers = { authorization: `Bearer ${login.json().access_token}` };
  const user = await db.selectFrom('users').select('id').where('login_id', '=', 'super').executeTakeFirstOrThrow();
  const actor = (await findActor(db, user.id))!;

  const importOnce = () => importMaster(db, deliveryDestinationMaster, actor, translator('ja'), createReadStream(file), { commit: true });
  const stopLoad = profileLoad(() => app.inject({ method: 'GET', url: '/api/auth/profile', headers }));
  const run = await measured(() => profiled(target.name, importOnce));
  const latencies = await stopLoad();
  if (!run.result.ok) throw new Error(`import failed: ${JSON.stringify(run.result.errors.slice(0, 5))}`);
  await app.close();
  // The audit log's cost: the same import with its triggers off, then on again, both without the
  // profile requests (the first run had them) and after the first run warmed the code up.
  // The merge's own time is its transaction's (timingTransactions).
  const mergeTimed = async () => {
    const timed = timingTransactions(db);
    const whole = await measured(() => importMaster(timed.db, deliveryDestinationMaster, actor, translator('ja'), createReadStream(file), { commit: true }));
    return { ...whole, merge: timed.seconds() };
  };
  const unaudited = await withoutAudit(db, AUDITED, async () => {
    await clearImported(db);
    return mergeTimed();
  });
  await withoutAudit(db, AUDITED, () => clearImported(db));
  const audited = await mergeTimed();

  const importRate = ROWS / run.seconds;
  const copyRate = ROWS / copy.seconds;
  console.log(`bench import delivery_destination on ${target.name}: ${ROWS.toLocaleString()} rows, ${run.result.encoding}`);
  console.log(`  import          ${run.seconds.toFixed(1)} s (${rate(ROWS, run.seconds)}), CPU of this process ${run.cpuSeconds.toFixed(1)} s`);
  console.log(`  audit log       import on ${audited.seconds.toFixed(1)} s, off ${unaudited.seconds.toFixed(1)} s: on ÷ off ${auditCost(audited.seconds, unaudited.seconds)}`);
  console.log(`                  its merge on ${audited.merge.toFixed(1)} s, off ${unaudited.merge.toFixed(1)} s: on ÷ off ${auditCost(audited.merge, unaudited.merge)}`);
  console.log(`  plain COPY      ${copy.seconds.toFixed(1)} s (${rate(ROWS, copy.seconds)}), CPU of this process ${copy.cpuSeconds.toFixed(1)} s`);
  console.log(`  import / COPY   ${((importRate / copyRate) * 100).toFixed(0)} % (aim ≥ 50 %)`);
  console.log(`  peak heap used  ${mib(run.peak.heap)} (baseline ${mib(run.baseline.heapUsed)})`);
  console.log(`  peak RSS        ${mib(run.peak.rss)} (baseline ${mib(run.baseline.rss)})`);
  console.log(
    `  profile during import: ${latencies.length} requests, p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms, max ${(latencies.at(-1) ?? NaN).toFixed(0)} ms (aim p99 ≤ 1000 ms)`,
  );
}

export async function benchImports() {
  const workDir = mkdtempSync(path.join(tmpdir(), 'haisha-bench-'));
  try {
    const file = path.join(workDir, 'destinations-sjis.csv');
    await writeShiftJis(file);
    const targets = [() => pgliteTarget(workDir)];
    const serverUrl = process.env.BENCH_DATABASE_URL;
    if (serverUrl) targets.push(() => postgresTarget(serverUrl));
    else console.log('bench import: set BENCH_DATABASE_URL=postgres://… to run it on PostgreSQL as well');
    for (const open of targets) {
      const target = await open();
      try {
        await benchOne(target, file);
      } finally {
        await target.close();
      }
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}
