// `npm run soak`: planners and drivers mixed against `npm start`'s server (WORKERS processes, 2 by
// default) on a fresh PostgreSQL database, for SOAK_SECONDS (300) at SOAK_CONNECTIONS (50) connections:
// planners (three in five) read the board, the delivery list and the bell, and move deliveries between
// two trips they share with another planner (409 when the other was first), each with a websocket open;
// drivers clock in once and send the same report again (answered 200, applied once) and read their day.
// Before it, the floor: GET /healthz at the same connections for 10 s. It fails (exit 1) on any error
// (a 5xx, a refusal other than a 409, a lost connection, a websocket closed), on a lost update (a trip's
// version not raised once per write answered 200) or on memory that keeps growing (the processes' RSS in
// the run's last sixth over its second sixth). SOAK_DATABASE_URL: the admin connection that creates the
// scratch database (postgres://postgres@127.0.0.1:5432/test).
import { randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import autocannon from 'autocannon';
import WebSocket from 'ws';
import { tokyoToday } from '../common/deliveries.js';
import { REALTIME_PATH, REALTIME_PROTOCOL, TOKEN_PROTOCOL_PREFIX } from '../common/realtime.js';
import { createDb } from '../db/index.js';
import { migrateToLatest } from '../db/migrate.js';
import { DEMO_PASSWORD, seedDemo } from '../db/seed/demo.js';
import { hashPassword } from '../server/auth/password.js';
import { fleetOf, makeDelivery, makeTrip, storesOf } from '../tests/server/allocation-fixtures.js';
import { spawnServer } from '../tests/server/servers.js';
import { scratchDatabase } from './bench-lists.js';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 300);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 50);
const WORKERS = Number(process.env.WORKERS ?? 2);
const PLANNERS = Math.round((CONNECTIONS * 3) / 5 / 2) * 2;
const DRIVERS = CONNECTIONS - PLANNERS;
const DELIVERIES_PER_PAIR = 6;
const DATE = '2027-03-03';
const MEMORY_GROWTH_LIMIT = 0.25;

interface Tally {
  requests: number;
  conflicts: number;
  errors: string[];
  /** writes answered 200, per trip */
  writes: Map<number, number>;
  messages: number;
  /** moves answered 200 whose trips' versions were not the ones read plus one */
  overwrites: number;
}

const tally: Tally = { requests: 0, conflicts: 0, errors: [], writes: new Map(), messages: 0, overwrites: 0 };

type Call = (method: string, path: string, body?: unknown) => Promise<{ status: number; json: () => unknown }>;

/** An HTTP client with a bearer token that counts what it sends and keeps every unexpected answer (a 409 is one only where none is expected). */
function caller(base: string, token: string, conflictsExpected = true): Call {
  return async (method, path, body) => {
    tally.requests++;
    try {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      if (response.status >= 400 && (response.status !== 409 || !conflictsExpected)) tally.errors.push(`${method} ${path}: ${response.status} ${text.slice(0, 200)}`);
      if (response.status === 409) tally.conflicts++;
      return { status: response.status, json: () => JSON.parse(text) };
    } catch (error) {
      tally.errors.push(`${method} ${path}: ${(error as Error).message}`);
      return { status: 0, json: () => null };
    }
  };
}

async function signIn(base: string, path: string, loginId: string): Promise<string> {
  const response = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login_id: loginId, password: DEMO_PASSWORD }) });
  if (!response.ok) throw new Error(`${loginId}: sign-in ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

interface TripRef {
  id: number;
  version: number;
  stops: { delivery_id: number }[];
}

type TripDetailWire = { stops: { deliveries?: { id: number }[] }[] };
const deliveriesOf = (trip: TripDetailWire) => trip.stops.flatMap((stop) => (stop.deliveries ?? []).map((d) => d.id));

/** A planner: the board, the list, the bell, and moves between the pair's two trips; a websocket open throughout. */
async function planner(base: string, token: string, centerId: number, pair: [number, number], until: number) {
  const call = caller(base, token);
  const socket = new WebSocket(`${base.replace(/^http/, 'ws')}${REALTIME_PATH}`, [REALTIME_PROTOCOL, `${TOKEN_PROTOCOL_PREFIX}${token}`], { origin: base });
  socket.on('message', () => tally.messages++);
  let closing = false;
  socket.on('close', (code) => closing || tally.errors.push(`websocket closed: ${code}`));
  socket.on('error', (error) => tally.errors.push(`websocket: ${error.message}`));
  let turn = 0;
  while (Date.now() < until) {
    turn++;
    if (turn % 10 < 4) await call('GET', `/api/vehicle_allocation/board?department_id=${centerId}&date=${DATE}`);
    else if (turn % 10 < 6) await call('GET', `/api/delivery?date_from=${DATE}&date_to=${DATE}&_start=0&_end=20`);
    else if (turn % 10 < 7) await call('GET', '/api/notification/get_notification_submit_loading_center?page=1');
    else await move(call, pair);
  }
  closing = true;
  socket.close();
}

/** One delivery from the fuller of the two trips to the other, with the versions just read. */
async function move(call: Call, [a, b]: [number, number]) {
  const [one, two] = await Promise.all([call('GET', `/api/vehicle_allocation/${a}`), call('GET', `/api/vehicle_allocation/${b}`)]);
  if (one.status !== 200 || two.status !== 200) return;
  const trips = [one.json(), two.json()] as (TripRef & { stops: { deliveries: { id: number }[] }[] })[];
  const [from, to] = deliveriesOf(trips[0]!).length >= deliveriesOf(trips[1]!).length ? trips : [trips[1]!, trips[0]!];
  const deliveryId = deliveriesOf(from!)[0];
  if (deliveryId === undefined) return;
  const moved = await call('POST', '/api/vehicle_allocation/move', { from: { id: from!.id, version: from!.version }, to: { id: to!.id, version: to!.version }, delivery_ids: [deliveryId] });
  if (moved.status !== 200) return;
  for (const id of [from!.id, to!.id]) tally.writes.set(id, (tally.writes.get(id) ?? 0) + 1);
  // Written on the versions read, not over another planner's write: each trip one version further.
  const answer = moved.json() as { from: TripRef; to: TripRef };
  if (answer.from.version !== from!.version + 1 || answer.to.version !== to!.version + 1) tally.overwrites++;
}

/** A driver: 出勤 sent again and again under its one report id (applied once), and the day read. */
async function driver(base: string, token: string, reportId: string, until: number) {
  const call = caller(base, token, false);
  while (Date.now() < until) {
    await call('POST', '/api/driver/clock_in', { report_id: reportId, alcohol_check: 0, alcohol_checker: '運行管理者' });
    await call('GET', `/api/driver/trips?date=${tokyoToday()}`);
  }
}

/** The RSS in kB of the server's processes: the one started and all its descendants (the supervisor, its workers). */
function serverMemory(pid: number): number {
  const rows = execFileSync('ps', ['-e', '-o', 'pid=,ppid=,rss='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number, number]);
  const tree = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [child, parent] of rows) if (tree.has(parent) && !tree.has(child)) grew = Boolean(tree.add(child));
  }
  return rows.filter(([child]) => tree.has(child)).reduce((sum, [, , rss]) => sum + rss, 0);
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);

async function main() {
  const teardowns: (() => unknown)[] = [];
  const scratch = await scratchDatabase();
  try {
    const db = createDb({ databaseUrl: scratch.databaseUrl, dataDir: '' });
    await migrateToLatest(db);
    await seedDemo(db, await hashPassword(DEMO_PASSWORD));
    const fleet = await fleetOf(db, 'CT-SHINAGAWA');
    const stores = await storesOf(db, 'CT-SHINAGAWA');
    // The pairs' trips, the deliveries on the first of each (stops as the API writes them, below).
    const pairs: [number, number][] = [];
    const loads: { tripId: number; deliveries: number[] }[] = [];
    for (let p = 0; p < PLANNERS / 2; p++) {
      const [a, b] = [await makeTrip(db, { date: DATE, department_id: fleet.center }), await makeTrip(db, { date: DATE, department_id: fleet.center })];
      const deliveries: number[] = [];
      for (let d = 0; d < DELIVERIES_PER_PAIR; d++) {
        deliveries.push((await makeDelivery(db, { date: DATE, department_id: fleet.center, delivery_destination_id: stores[(p * DELIVERIES_PER_PAIR + d) % stores.length]!.id })).id);
      }
      pairs.push([a.id, b.id]);
      loads.push({ tripId: a.id, deliveries });
    }
    const drivers = await db.selectFrom('drivers').select(['id', 'login_id']).where('base_department_id', '=', fleet.center).where('login_id', 'is not', null).execute();
    const driverLogins = drivers.map((d) => d.login_id!);
    // The drivers start the day not clocked in (the demo has their days around today).
    await db.deleteFrom('driver_work_records').where('driver_id', 'in', drivers.map((d) => d.id)).where('date', '=', tokyoToday()).execute();
    await db.destroy();

    const server = await spawnServer({ teardown: (fn) => void teardowns.push(fn) }, scratch.databaseUrl, { LOGIN_MAX_PER_ADDRESS: '100000', LOGIN_MAX_FAILURES_PER_ID: '100000' }, WORKERS);
    const base = server.url;
    const center = await signIn(base, '/api/auth/login', 'center');
    for (const { tripId, deliveries } of loads) {
      const put = await caller(base, center)('PUT', `/api/vehicle_allocation/${tripId}/stops`, { version: 1, stops: deliveries.map((delivery_id, i) => ({ delivery_id, seq: i + 1 })) });
      if (put.status !== 200) throw new Error(`the soak's trips: ${put.status}`);
    }
    const versionsBefore = new Map<number, number>();
    const readVersions = async (target: Map<number, number>) => {
      for (const id of pairs.flat()) target.set(id, ((await caller(base, center)('GET', `/api/vehicle_allocation/${id}`)).json() as TripRef).version);
    };
    await readVersions(versionsBefore);

    const floor = await autocannon({ url: `${base}/healthz`, connections: CONNECTIONS, duration: 10 });
    const plannerTokens = await Promise.all(Array.from({ length: PLANNERS }, () => signIn(base, '/api/auth/login', 'center')));
    const driverTokens = await Promise.all(Array.from({ length: DRIVERS }, (_, i) => signIn(base, '/api/driver/auth/login', driverLogins[i % driverLogins.length]!)));
    const reportIds = new Map(driverLogins.map((login) => [login, randomUUID()]));
    tally.requests = 0;
    tally.conflicts = 0;

    const memory: number[] = [];
    const sampler = setInterval(() => memory.push(serverMemory(server.child.pid!)), 5_000);
    const started = Date.now();
    const until = started + SECONDS * 1000;
    await Promise.all([
      ...plannerTokens.map((token, i) => planner(base, token, fleet.center, pairs[Math.floor(i / 2)]!, until)),
      ...driverTokens.map((token, i) => driver(base, token, reportIds.get(driverLogins[i % driverLogins.length]!)!, until)),
    ]);
    clearInterval(sampler);
    const seconds = (Date.now() - started) / 1000;

    const versionsAfter = new Map<number, number>();
    await readVersions(versionsAfter);
    const lost = pairs.flat().filter((id) => versionsAfter.get(id)! - versionsBefore.get(id)! !== (tally.writes.get(id) ?? 0));
    // Each pair still carries its deliveries, each on one of its two trips once.
    const carried = await Promise.all(pairs.map(async (pair) => (await Promise.all(pair.map(async (id) => deliveriesOf((await caller(base, center)('GET', `/api/vehicle_allocation/${id}`)).json() as TripDetailWire)))).flat().sort((x, y) => x - y)));
    const misplaced = loads.filter((load, i) => JSON.stringify(carried[i]) !== JSON.stringify([...load.deliveries].sort((x, y) => x - y))).length;
    const sixth = Math.max(1, Math.floor(memory.length / 6));
    const early = mean(memory.slice(sixth, 2 * sixth));
    const late = mean(memory.slice(-sixth));
    const growth = early > 0 ? late / early - 1 : 0;
    const writes = [...tally.writes.values()].reduce((a, b) => a + b, 0) / 2;

    console.log(`soak: ${SECONDS} s, ${CONNECTIONS} connections (${PLANNERS} planners with a websocket each, ${DRIVERS} drivers), ${WORKERS} processes on PostgreSQL`);
    console.log(`  floor GET /healthz: ${Math.round(floor.requests.average)} req/s`);
    console.log(`  mixed work: ${Math.round(tally.requests / seconds)} req/s (${(tally.requests / seconds / floor.requests.average).toFixed(2)} of the floor), ${Math.round(tally.requests / seconds / WORKERS)} per process`);
    console.log(`  moves answered 200: ${writes}, 409 (the other planner was first): ${tally.conflicts}, websocket messages: ${tally.messages}`);
    console.log(`  errors: ${tally.errors.length}${tally.errors.length ? ` (first: ${tally.errors[0]})` : ''}`);
    console.log(`  lost updates: ${lost.length} of ${pairs.length * 2} trips' versions off their writes, ${tally.overwrites} writes over another's, ${misplaced} pairs' deliveries not each once`);
    console.log(`  memory (RSS of all processes): ${Math.round(early / 1024)} MB in the second sixth, ${Math.round(late / 1024)} MB in the last (${(growth * 100).toFixed(1)} %)`);
    if (tally.errors.length || lost.length || tally.overwrites || misplaced || growth > MEMORY_GROWTH_LIMIT) process.exitCode = 1;
  } finally {
    for (const teardown of teardowns.reverse()) await teardown();
    await scratch.drop();
  }
}

await main();
