// The realtime fan-out on PostgreSQL: CLIENTS websocket clients connected to /api/ws (as USERS users
// of 品川センター, so every one of them is in the trip's scope), one loading start through the API, and
// the time from sending that request until each client has its `start_center_loading_start`; ROUNDS
// rounds, every client's time pooled. Beside it, in the same run, the baseline: the same sockets fed by
// a plain in-process EventEmitter (no database, no LISTEN/NOTIFY, no audience query). The application
// and the clients share this process (and its event loop), on a fresh database dropped afterwards.
// BENCH_DATABASE_URL: the admin connection that creates the bench database; CLIENTS=…, USERS=…, ROUNDS=….
import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { REALTIME_PATH, REALTIME_PROTOCOL, type RealtimeEvent, TOKEN_PROTOCOL_PREFIX } from '../common/realtime.js';
import { createDb } from '../db/index.js';
import { migrateToLatest } from '../db/migrate.js';
import { DEMO_PASSWORD, seedDemo } from '../db/seed/demo.js';
import { buildApp } from '../server/app.js';
import { hashPassword } from '../server/auth/password.js';
import { loadConfig } from '../server/config.js';
import { percentile } from './bench-allocation.js';
import { scratchDatabase } from './bench-lists.js';

const CLIENTS = Number(process.env.CLIENTS ?? 1000);
const USERS = Number(process.env.USERS ?? 10);
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const AIM_P99_MS = 500;
const DATE = '2027-03-02';

const ms = (value: number) => `${value.toFixed(1)} ms`;
const summary = (timings: number[]) => {
  const sorted = [...timings].sort((a, b) => a - b);
  return `p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}, max ${ms(sorted.at(-1)!)}`;
};

/** A connected, subscribed client that reports the arrival time of each message matching `until`. */
function client(base: string, token: string) {
  const socket = new WebSocket(`${base.replace(/^http/, 'ws')}${REALTIME_PATH}`, [REALTIME_PROTOCOL, `${TOKEN_PROTOCOL_PREFIX}${token}`], { origin: base });
  let waiting: { match: (e: RealtimeEvent | { type: 'baseline'; round: number }) => boolean; resolve: (at: number) => void } | undefined;
  socket.on('message', (data) => {
    const at = performance.now();
    const event = JSON.parse(String(data));
    if (waiting?.match(event)) {
      const { resolve } = waiting;
      waiting = undefined;
      resolve(at);
    }
  });
  const subscribed = new Promise<void>((resolve, reject) => {
    socket.once('ping', () => resolve());
    socket.once('close', (code) => reject(new Error(`refused: ${code}`)));
  });
  return {
    socket,
    subscribed,
    arrival: (match: (e: RealtimeEvent | { type: 'baseline'; round: number }) => boolean) => new Promise<number>((resolve) => (waiting = { match, resolve })),
  };
}

export async function benchRealtime() {
  const scratch = await scratchDatabase();
  const { databaseUrl } = scratch;
  const db = createDb({ databaseUrl, dataDir: '' });
  const app = await buildApp({ config: loadConfig({ DATABASE_URL: databaseUrl, DEMO_DATA: 'off', LOG_LEVEL: 'warn' }), db, jwtSecret: randomBytes(32).toString('hex'), logger: false });
  const clients: ReturnType<typeof client>[] = [];
  try {
    await migrateToLatest(db);
    await seedDemo(db, await hashPassword(DEMO_PASSWORD));
    const center = await db.selectFrom('departments').select('id').where('code', '=', 'CT-SHINAGAWA').executeTakeFirstOrThrow();
    const { password_hash } = await db.selectFrom('users').select('password_hash').where('login_id', '=', 'center').executeTakeFirstOrThrow();
    // The audience: USERS users of the center (they share the CLIENTS sockets), made in SQL.
    await db
      .insertInto('users')
      .values(Array.from({ length: USERS }, (_, i) => ({ login_id: `rt-bench-${i}`, name: `rt-bench-${i}`, password_hash, type: 2, department_id: center.id })))
      .execute();
    const trips = await db
      .insertInto('vehicle_allocations')
      // Loading planned within the hour: 積込開始 opens 12 hours before it.
      .values(Array.from({ length: ROUNDS + 1 }, (_, i) => ({ date: DATE, kind: 'store_direct' as const, department_id: center.id, trip_no: i + 1, confirmed_at: new Date(), planned_loading_start: new Date(Date.now() + 30 * 60_000) })))
      .returning(['id', 'version'])
      .execute();

    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const loginAs = async (login_id: string) => {
      const response = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login_id, password: DEMO_PASSWORD }) });
      return ((await response.json()) as { access_token: string }).access_token;
    };
    const tokens: string[] = [];
    for (let i = 0; i < USERS; i++) tokens.push(await loginAs(`rt-bench-${i}`));
    const planner = await loginAs('center');

    const connectStarted = performance.now();
    for (let i = 0; i < CLIENTS; i += 100) {
      const batch = Array.from({ length: Math.min(100, CLIENTS - i) }, (_, j) => client(base, tokens[(i + j) % USERS]!));
      clients.push(...batch);
      await Promise.all(batch.map((c) => c.subscribed));
    }
    const connectMs = performance.now() - connectStarted;

    const fanOut: number[] = [];
    const requestMs: number[] = [];
    const baseline: number[] = [];
    const emitter = new EventEmitter();
    emitter.setMaxListeners(0);
    for (const socket of app.websocketServer.clients) emitter.on('event', (json: string) => socket.send(json));

    // Round 0 warms up (first statements, JIT) and is not counted.
    for (let round = 0; round <= ROUNDS; round++) {
      const trip = trips[round]!;
      // The loading start: from sending the request to each client's notification.
      const arrivals = clients.map((c) => c.arrival((e) => e.type === 'start_center_loading_start' && e.vehicle_allocation_id === trip.id));
      const started = performance.now();
      const response = await fetch(`${base}/api/vehicle_allocation/${trip.id}/loading_start`, {
        method: 'POST',
        headers: { authorization: `Bearer ${planner}`, 'content-type': 'application/json' },
        body: JSON.stringify({ version: trip.version }),
      });
      const answered = performance.now() - started;
      if (response.status !== 200) throw new Error(`loading start: ${response.status} ${await response.text()}`);
      const times = (await Promise.all(arrivals)).map((at) => at - started);
      if (round > 0) {
        requestMs.push(answered);
        fanOut.push(...times);
      }

      // The baseline: the same sockets, one plain in-process emit.
      const plain = clients.map((c) => c.arrival((e) => e.type === 'baseline' && 'round' in e && e.round === round));
      const emitted = performance.now();
      emitter.emit('event', JSON.stringify({ type: 'baseline', round }));
      const plainTimes = (await Promise.all(plain)).map((at) => at - emitted);
      if (round > 0) baseline.push(...plainTimes);
      if (process.env.VERBOSE) console.log(`  round ${round}: request ${ms(answered)}, last client ${ms(Math.max(...times))}, baseline last ${ms(Math.max(...plainTimes))}`);
    }

    console.log(`bench realtime: ${CLIENTS} websocket clients (${USERS} users of the trip's center), one loading start × ${ROUNDS} rounds after a warm-up, PostgreSQL LISTEN/NOTIFY, clients in the same process`);
    console.log(`  connecting ${CLIENTS} clients: ${ms(connectMs)}`);
    console.log(`  loading start until each client has its notification: ${summary(fanOut)} (aim p99 ≤ ${AIM_P99_MS} ms); the request itself ${summary(requestMs)}`);
    console.log(`  baseline, a plain EventEmitter to the same ${CLIENTS} sockets: ${summary(baseline)}`);
  } finally {
    for (const c of clients) c.socket.terminate();
    await app.close();
    await db.destroy();
    await scratch.drop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await benchRealtime();
}
