import { spawn } from 'node:child_process';
import { type AddressInfo, createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import t, { type Test } from 'tap';
import WebSocket from 'ws';
import { REALTIME_CLOSE, REALTIME_PATH, REALTIME_PROTOCOL, type RealtimeEvent, TOKEN_PROTOCOL_PREFIX } from '../../common/realtime.js';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { tokyoDate } from '../../server/driver-app/rules.js';
import { InProcessBus } from '../../server/realtime/bus.js';
import { MAX_PAYLOAD_BYTES, type Message, payloads, type PostgresBus } from '../../server/realtime/postgres-bus.js';
import { companyId, fleetOf, makeTrip, userId } from './allocation-fixtures.js';
import { dayAfterDemo, departmentId, freshDemoDatabase, JWT_SECRET, login } from './helpers.js';

// One application for the file. On PostgreSQL it is configured with DATABASE_URL, so its events go
// through LISTEN/NOTIFY (the bus every process of a deployment shares); on PGlite, the in-process bus.
const database = await freshDemoDatabase();
const { db } = database;
const app = await buildApp({
  config: loadConfig({ LOG_LEVEL: 'silent', ...(database.url ? { DATABASE_URL: database.url } : {}) }),
  db,
  jwtSecret: JWT_SECRET,
  logger: false,
});
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
t.teardown(async () => {
  await app.close();
  await db.destroy();
  await database.drop();
});

const api = async (loginId: string) => {
  const token = await login(app, loginId);
  return {
    token,
    get: (url: string) => app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } }),
    post: (url: string, payload: object) => app.inject({ method: 'POST', url, payload, headers: { authorization: `Bearer ${token}` } }),
  };
};

/** A websocket client of `/api/ws`: the events it received, in order, and its close code. */
interface Client {
  socket: WebSocket;
  events: RealtimeEvent[];
  /** resolves at the server's first ping: the socket is authenticated and subscribed */
  subscribed: Promise<void>;
  closed: Promise<number>;
  next(match: (event: RealtimeEvent) => boolean): Promise<RealtimeEvent>;
}

const clients: WebSocket[] = [];
/** How long a test waits for an event it expects (a loaded machine delivers one in well under a second). */
const EVENT_WAIT_MS = 20_000;
t.teardown(() => clients.forEach((c) => c.terminate()));

function connect(server: string, options: { token?: string; origin?: string | null; protocols?: string[]; autoPong?: boolean } = {}): Client {
  const protocols = options.protocols ?? [REALTIME_PROTOCOL, ...(options.token ? [`${TOKEN_PROTOCOL_PREFIX}${options.token}`] : [])];
  const origin = options.origin === null ? undefined : (options.origin ?? server);
  const socket = new WebSocket(`${server.replace(/^http/, 'ws')}${REALTIME_PATH}`, protocols, { autoPong: options.autoPong ?? true, ...(origin ? { origin } : {}) });
  clients.push(socket);
  const events: RealtimeEvent[] = [];
  const waiting: { match: (event: RealtimeEvent) => boolean; resolve: (event: RealtimeEvent) => void }[] = [];
  socket.on('message', (data) => {
    const event = JSON.parse(String(data)) as RealtimeEvent;
    events.push(event);
    for (const w of waiting.filter((w) => w.match(event))) {
      waiting.splice(waiting.indexOf(w), 1);
      w.resolve(event);
    }
  });
  socket.on('error', () => {});
  return {
    socket,
    events,
    subscribed: new Promise((resolve) => socket.once('ping', () => resolve())),
    closed: new Promise((resolve) => socket.once('close', (code) => resolve(code))),
    next: (match) => {
      const seen = events.find(match);
      if (seen) return Promise.resolve(seen);
      // A missed event fails the test by name, rather than holding its process until tap's time-out.
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(entry), 1);
          reject(new Error(`no such event within ${EVENT_WAIT_MS / 1000} s; this socket received ${JSON.stringify(events)}`));
        }, EVENT_WAIT_MS);
        const entry = { match, resolve: (event: RealtimeEvent) => (clearTimeout(timer), resolve(event)) };
        waiting.push(entry);
      });
    },
  };
}

/** A client that must be accepted: resolves once subscribed. */
async function subscribed(server: string, token: string) {
  const client = connect(server, { token });
  await client.subscribed;
  return client;
}

const isNotification = (tripId: number) => (e: RealtimeEvent) => e.type === 'start_center_loading_start' && e.vehicle_allocation_id === tripId;
const isTripChange = (tripId: number) => (e: RealtimeEvent) => e.type === 'vehicle_allocation_changed' && e.ids.includes(tripId);

const shinagawa = await fleetOf(db, 'CT-SHINAGAWA');
const toto = await companyId(db, 'DC-TOTO');
const hash = (await db.selectFrom('users').select('password_hash').where('login_id', '=', 'super').executeTakeFirstOrThrow()).password_hash;
// A user who must never hear of a 品川 trip: a sibling center's.
await db.insertInto('users').values({ login_id: 'itabashi-rt', name: 'itabashi-rt', password_hash: hash, type: 3, department_id: await departmentId(db, 'CT-ITABASHI') }).execute();

/** A confirmed 品川 trip of 東都運輸, ready to start loading. */
const confirmedTrip = (fields: { date?: string; driver_id?: number } = {}) =>
  makeTrip(db, {
    date: fields.date ?? dayAfterDemo(20),
    department_id: shinagawa.center,
    vehicle_id: shinagawa.vehicles[0]!.id,
    driver_id: fields.driver_id ?? null,
    delivery_company_id: toto,
    confirmed_at: new Date(),
    // Its loading planned within the hour, so it may start now (loading opens 12 hours before it).
    planned_loading_start: new Date(Date.now() + 30 * 60_000),
  });

t.test('the notification list answers the specification body, per caller', async (t) => {
  const center = await api('center');
  const carrier = await api('carrier');
  const trip = await confirmedTrip();
  const started = await center.post(`/api/vehicle_allocation/${trip.id}/loading_start`, { version: trip.version });
  t.equal(started.statusCode, 200, started.body);

  const list = await center.get('/api/notification/get_notification_submit_loading_center?page=1&per_page=15');
  t.equal(list.statusCode, 200, list.body);
  const body = list.json();
  t.same(Object.keys(body).sort(), ['data', 'status_read'], 'status_read and data at the top of the body, no extra wrapper');
  t.same(Object.keys(body.data).sort(), ['data', 'page', 'per_page', 'total']);
  t.equal(body.data.page, 1);
  t.equal(body.data.per_page, 15);
  const item = body.data.data[0];
  t.same(Object.keys(item).sort(), ['date_create', 'id', 'read_at', 'title', 'type', 'vehicle_allocation_id']);
  t.equal(item.type, 'start_center_loading_start');
  t.equal(item.vehicle_allocation_id, trip.id, 'the item names its trip');
  t.equal(item.read_at, null);
  t.ok(body.status_read > 0, 'status_read is nonzero while unread ones exist');
  t.equal(body.status_read, await unreadOf('center'));

  const shown = await center.get(`/api/notification/show/${item.id}`);
  t.equal(shown.statusCode, 200, shown.body);
  t.same(Object.keys(shown.json()).sort(), ['date_create', 'id', 'read_at', 'title', 'type', 'vehicle_allocation_id'], 'the notification itself, no wrapper');
  t.ok(shown.json().read_at, 'read_at is set');
  t.equal(shown.json().vehicle_allocation_id, trip.id);
  const again = await center.get(`/api/notification/show/${item.id}`);
  t.equal(again.json().read_at, shown.json().read_at, 'reading again keeps the first read_at');

  // Each user has their own: the carrier's notification of the same trip is still unread, and the
  // center's id is not theirs to read.
  const carrierList = (await carrier.get('/api/notification/get_notification_submit_loading_center')).json();
  const carrierItem = carrierList.data.data.find((n: { vehicle_allocation_id: number }) => n.vehicle_allocation_id === trip.id);
  t.ok(carrierItem, 'the carrier got one too');
  t.not(carrierItem.id, item.id, 'a row of their own');
  t.equal(carrierItem.read_at, null, "the center's reading left the carrier's unread");
  t.equal((await carrier.get(`/api/notification/show/${item.id}`)).statusCode, 404, "another user's notification: 404");

  const all = (await center.get('/api/notification/get_notification_submit_loading_center?per_page=1000')).json();
  t.equal(all.status_read, all.data.data.filter((n: { read_at: string | null }) => n.read_at === null).length, 'status_read counts the unread');
});

async function unreadOf(loginId: string) {
  const row = await db
    .selectFrom('notifications')
    .select(db.fn.countAll<number>().as('n'))
    .where('user_id', '=', await userId(db, loginId))
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

t.test('per_page: 1 to 1000, otherwise 400 naming the field', async (t) => {
  const center = await api('center');
  const url = '/api/notification/get_notification_submit_loading_center?page=1&per_page=';
  t.equal((await center.get(`${url}1000`)).statusCode, 200);
  for (const wrong of ['1001', '0', '-1', 'x']) {
    const response = await center.get(`${url}${wrong}`);
    t.equal(response.statusCode, 400, `per_page=${wrong}`);
    t.ok(response.json().errors?.per_page, `per_page=${wrong} names per_page`);
  }
  const defaults = (await center.get('/api/notification/get_notification_submit_loading_center')).json();
  t.equal(defaults.data.per_page, 15, 'the specification page size by default');
});

t.test('websocket authentication', async (t) => {
  const center = await api('center');
  const accepted = await subscribed(base, center.token);
  t.equal(accepted.socket.protocol, REALTIME_PROTOCOL, 'accepted with haisha.v1, never echoing the token');

  t.equal(await connect(base).closed, REALTIME_CLOSE.unauthorized, 'no token: closed 4401');
  t.equal(await connect(base, { token: 'not-a-jwt' }).closed, REALTIME_CLOSE.unauthorized, 'a wrong token');
  const driver = await app.inject({ method: 'POST', url: '/api/driver/auth/login', payload: { login_id: await driverLogin(shinagawa.drivers[0]!.id), password: 'demo1234' } });
  t.equal(await connect(base, { token: driver.json().access_token }).closed, REALTIME_CLOSE.unauthorized, "a driver's token");
  t.equal(await connect(base, { token: center.token, origin: 'https://evil.example' }).closed, REALTIME_CLOSE.unauthorized, 'a foreign origin');
  t.equal(await connect(base, { token: center.token, origin: null }).closed, REALTIME_CLOSE.unauthorized, 'no origin');
  // Offered no haisha.v1, the server picks no subprotocol, which a client that asked for one must fail (1006).
  const unversioned = await connect(base, { token: center.token, protocols: [`${TOKEN_PROTOCOL_PREFIX}${center.token}`] }).closed;
  t.ok([1006, REALTIME_CLOSE.unauthorized].includes(unversioned), `a token without the protocol version: ${unversioned}`);
  const leaving = await api('center');
  t.equal((await leaving.post('/api/auth/logout', {})).statusCode, 200);
  t.equal(await connect(base, { token: leaving.token }).closed, REALTIME_CLOSE.unauthorized, 'a revoked (logged out) token');

  const plain = await app.inject({ method: 'GET', url: REALTIME_PATH });
  t.equal(plain.statusCode, 426, 'a plain request: 426');
  t.equal(plain.json().message, 'このアドレスは WebSocket 専用です（/api/ws）。');

  // A second app on the same database: an allow-list, a fast heartbeat, and one to close.
  const listed = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent', ALLOWED_ORIGINS: 'https://haisha.example.com' }),
    db,
    jwtSecret: JWT_SECRET,
    logger: false,
    realtime: { heartbeatMs: 500 },
  });
  t.teardown(() => listed.close());
  await listed.listen({ port: 0, host: '127.0.0.1' });
  const listedBase = `http://127.0.0.1:${(listed.server.address() as AddressInfo).port}`;
  const fromListed = connect(listedBase, { token: center.token, origin: 'https://haisha.example.com' });
  await fromListed.subscribed;
  t.pass('an origin of ALLOWED_ORIGINS is accepted');
  t.equal(await connect(listedBase, { token: center.token, origin: 'https://other.example.com' }).closed, REALTIME_CLOSE.unauthorized, 'one not listed is refused');
  fromListed.socket.close();
  // A client that never answers pings (a dead peer) is dropped by the heartbeat.
  const silent = connect(listedBase, { token: center.token, origin: 'https://haisha.example.com', autoPong: false });
  await silent.subscribed;
  t.equal(await silent.closed, 1006, 'a socket that answers no ping is terminated');
  const staying = connect(listedBase, { token: center.token, origin: 'https://haisha.example.com' });
  await staying.subscribed;
  const closing = listed.close();
  t.equal(await staying.closed, REALTIME_CLOSE.restarting, 'the server closing says 4503: reconnect later');
  await closing;
  accepted.socket.close();
});

t.test('a socket is told "subscribed" (its first ping) only once its process hears every publish', async (t) => {
  // A bus whose listening connection is still opening (on PostgreSQL: LISTEN not yet run).
  let open!: () => void;
  const opening = new Promise<void>((resolve) => (open = resolve));
  class OpeningBus extends InProcessBus {
    override ready() {
      return opening;
    }
  }
  const bus = new OpeningBus();
  const opened = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent' }), db, jwtSecret: JWT_SECRET, logger: false, realtime: { bus } });
  t.teardown(() => opened.close());
  await opened.listen({ port: 0, host: '127.0.0.1' });
  const center = await api('center');
  const client = connect(`http://127.0.0.1:${(opened.server.address() as AddressInfo).port}`, { token: center.token });
  let subscribed = false;
  void client.subscribed.then(() => (subscribed = true));
  while (!bus.mayHaveSubscribers()) await sleep(10);
  // An event sent now travels behind any ping already sent on the socket.
  await bus.publish([await userId(db, 'center')], { type: 'vehicle_allocation_changed', ids: [-7] });
  await client.next(isTripChange(-7));
  t.notOk(subscribed, 'no "subscribed" while the bus cannot yet hear other processes');
  open();
  await client.subscribed;
  t.pass('"subscribed" once it can');
  client.socket.close();
});

const driverLogin = async (id: number) => (await db.selectFrom('drivers').select('login_id').where('id', '=', id).executeTakeFirstOrThrow()).login_id;

t.test('a loading start reaches exactly the users whose scope holds the trip', async (t) => {
  const [center, carrier, outsider] = [await api('center'), await api('carrier'), await api('itabashi-rt')];
  const [centerWs, carrierWs, outsiderWs] = [await subscribed(base, center.token), await subscribed(base, carrier.token), await subscribed(base, outsider.token)];
  const trip = await confirmedTrip();
  const started = await center.post(`/api/vehicle_allocation/${trip.id}/loading_start`, { version: trip.version });
  t.equal(started.statusCode, 200, started.body);

  for (const [loginId, client] of [['center', centerWs], ['carrier', carrierWs]] as const) {
    const event = await client.next(isNotification(trip.id));
    const row = await db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', await userId(db, loginId))
      .where('vehicle_allocation_id', '=', trip.id)
      .executeTakeFirstOrThrow();
    t.same(event, { type: 'start_center_loading_start', notification_id: row.id, vehicle_allocation_id: trip.id }, `${loginId}: their own notification's id`);
    t.ok(await client.next(isTripChange(trip.id)), `${loginId}: the trip changed`);
  }

  // Events to one socket arrive in order: once a later one is in, an earlier one would be too.
  const outsiderId = await userId(db, 'itabashi-rt');
  await app.realtime.bus.publish([outsiderId], { type: 'vehicle_allocation_changed', ids: [-1] });
  await outsiderWs.next(isTripChange(-1));
  t.same(outsiderWs.events, [{ type: 'vehicle_allocation_changed', ids: [-1] }], 'a user of another center heard nothing of the trip');
});

t.test("the driver app's loading start notifies too", async (t) => {
  const center = await api('center');
  const centerWs = await subscribed(base, center.token);
  const me = shinagawa.drivers[0]!;
  const trip = await confirmedTrip({ date: tokyoDate(new Date()), driver_id: me.id });
  const driver = await app.inject({ method: 'POST', url: '/api/driver/auth/login', payload: { login_id: await driverLogin(me.id), password: 'demo1234' } });
  const started = await app.inject({
    method: 'POST',
    url: `/api/driver/trips/${trip.id}/loading_start`,
    headers: { authorization: `Bearer ${driver.json().access_token}` },
    payload: {},
  });
  t.equal(started.statusCode, 200, started.body);
  const event = await centerWs.next(isNotification(trip.id));
  t.equal(event.type, 'start_center_loading_start');
  t.ok(await centerWs.next(isTripChange(trip.id)));
});

t.test('trip writes tell the users who see the trip; a refused write tells nobody', async (t) => {
  const [center, outsider] = [await api('center'), await api('itabashi-rt')];
  const [centerWs, outsiderWs] = [await subscribed(base, center.token), await subscribed(base, outsider.token)];
  const created = await center.post('/api/vehicle_allocation', { date: dayAfterDemo(21), kind: 'store_direct', department_id: shinagawa.center });
  t.equal(created.statusCode, 201, created.body);
  const trip = created.json();
  t.ok(await centerWs.next(isTripChange(trip.id)), 'create');
  const stale = await center.post(`/api/vehicle_allocation/${trip.id}/confirm`, { version: trip.version + 5 });
  t.equal(stale.statusCode, 409);
  const confirmed = await center.post(`/api/vehicle_allocation/${trip.id}/confirm`, { version: trip.version });
  t.equal(confirmed.statusCode, 200, confirmed.body);
  await centerWs.next((e) => e.type === 'vehicle_allocation_changed' && centerWs.events.filter(isTripChange(trip.id)).length >= 2);
  t.equal(centerWs.events.filter(isTripChange(trip.id)).length, 2, 'create and confirm: two events, none for the refused write');
  const pinned = await app.inject({
    method: 'PATCH',
    url: `/api/vehicle_allocation/${trip.id}`,
    payload: { version: confirmed.json().version, pinned: true },
    headers: { authorization: `Bearer ${center.token}` },
  });
  t.equal(pinned.statusCode, 200, pinned.body);
  await centerWs.next(() => centerWs.events.filter(isTripChange(trip.id)).length >= 3);
  const deleted = await app.inject({
    method: 'DELETE',
    url: `/api/vehicle_allocation/${trip.id}?version=${pinned.json().version}`,
    headers: { authorization: `Bearer ${center.token}` },
  });
  t.equal(deleted.statusCode, 200, deleted.body);
  await centerWs.next(() => centerWs.events.filter(isTripChange(trip.id)).length >= 4);
  t.pass('pin and delete');

  const [copyFrom, copyTo] = [dayAfterDemo(22), dayAfterDemo(23)];
  await confirmedTrip({ date: copyFrom });
  const copied = await center.post('/api/vehicle_allocation/copy', { from_date: copyFrom, to_date: copyTo, department_id: shinagawa.center });
  t.equal(copied.statusCode, 200, copied.body);
  const copy = await db.selectFrom('vehicle_allocations').select('id').where('date', '=', copyTo).where('department_id', '=', shinagawa.center).executeTakeFirstOrThrow();
  t.ok(await centerWs.next(isTripChange(copy.id)), "a day's copy names the trips it made");

  const outsiderId = await userId(db, 'itabashi-rt');
  await app.realtime.bus.publish([outsiderId], { type: 'vehicle_allocation_changed', ids: [-2] });
  await outsiderWs.next(isTripChange(-2));
  t.notOk(outsiderWs.events.some(isTripChange(trip.id)), 'the other center heard nothing');
});

t.test('NOTIFY payloads: every one under 8000 bytes, nothing lost or duplicated', async (t) => {
  const users = Array.from({ length: 3000 }, (_, i) => i + 1);
  const messages: Message[] = [
    [users, { type: 'vehicle_allocation_changed', ids: [1, 2, 3] }],
    [[7], { type: 'vehicle_allocation_changed', ids: Array.from({ length: 5000 }, (_, i) => 100_000 + i) }],
    ...users.slice(0, 500).map((u): Message => [[u], { type: 'start_center_loading_start', notification_id: 9_000_000 + u, vehicle_allocation_id: 42 }]),
  ];
  const texts = payloads(messages);
  t.ok(texts.length > 1, 'split into several payloads');
  t.ok(texts.every((p) => Buffer.byteLength(p) <= MAX_PAYLOAD_BYTES), 'each under the limit');
  const delivered = texts.flatMap((p) => JSON.parse(p) as Message[]);
  const pairs = (list: Message[]) => list.flatMap(([us, e]) => us.flatMap((u) => (e.type === 'vehicle_allocation_changed' ? e.ids.map((id) => `${u}:c${id}`) : e.type === 'start_center_loading_start' ? [`${u}:n${e.notification_id}`] : []))).sort();
  t.same(pairs(delivered), pairs(messages), 'the same (user, event) pairs');
});


const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

if (!onPostgres) {
  t.test('in-process bus (the embedded database is one process): each user their own sockets, until they leave', async (t) => {
    const bus = new InProcessBus();
    t.notOk(bus.mayHaveSubscribers(), 'nobody listens: writes skip working out who would hear');
    const got: string[] = [];
    const leaveA = bus.subscribe(1, (_e, json) => got.push(`a ${json}`));
    bus.subscribe(1, (_e, json) => got.push(`b ${json}`));
    bus.subscribe(2, (_e, json) => got.push(`c ${json}`));
    await bus.publish([1], { type: 'vehicle_allocation_changed', ids: [5] });
    leaveA();
    await bus.publish([1, 1], { type: 'vehicle_allocation_changed', ids: [6] });
    t.same(got, ['a {"type":"vehicle_allocation_changed","ids":[5]}', 'b {"type":"vehicle_allocation_changed","ids":[5]}', 'b {"type":"vehicle_allocation_changed","ids":[6]}']);
  });
} else {
  t.test('two server processes on one PostgreSQL database', async (t) => {
    const second = await secondProcess(t);
    const [center, outsider] = [await api('center'), await api('itabashi-rt')];
    const [centerOnB, outsiderOnB] = [await subscribed(second.base, center.token), await subscribed(second.base, outsider.token)];

    const trip = await confirmedTrip();
    const started = await center.post(`/api/vehicle_allocation/${trip.id}/loading_start`, { version: trip.version });
    t.equal(started.statusCode, 200, started.body);
    const event = await centerOnB.next(isNotification(trip.id));
    const row = await db.selectFrom('notifications').select('id').where('user_id', '=', await userId(db, 'center')).where('vehicle_allocation_id', '=', trip.id).executeTakeFirstOrThrow();
    t.same(event, { type: 'start_center_loading_start', notification_id: row.id, vehicle_allocation_id: trip.id }, 'written through the first process, heard on the second');
    await app.realtime.bus.publish([await userId(db, 'itabashi-rt')], { type: 'vehicle_allocation_changed', ids: [-3] });
    await outsiderOnB.next(isTripChange(-3));
    t.same(outsiderOnB.events, [{ type: 'vehicle_allocation_changed', ids: [-3] }], 'a user outside the scope heard nothing on the second process');

    // The first process's listening connection is killed; it comes back, and hears the second's writes.
    const centerOnA = await subscribed(base, center.token);
    const bus = app.realtime.bus as PostgresBus;
    const lost = await bus.listening();
    await sql`select pg_terminate_backend(${lost})`.execute(db);
    let pid = await bus.listening();
    while (pid === lost) {
      await sleep(50);
      pid = await bus.listening();
    }
    t.not(pid, lost, 'listening again on a new connection');
    const next = await confirmedTrip();
    const viaB = await fetch(`${second.base}/api/vehicle_allocation/${next.id}/loading_start`, {
      method: 'POST',
      headers: { authorization: `Bearer ${center.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ version: next.version }),
    });
    t.equal(viaB.status, 200, 'a loading start through the second process');
    t.equal((await centerOnA.next(isNotification(next.id))).type, 'start_center_loading_start', 'heard on the first after its listener reconnected');

    second.stop();
    t.equal(await centerOnB.closed, REALTIME_CLOSE.restarting, 'the second process stopping closes its sockets with 4503');
  });
}

/** The server (`server/server.ts`) in a node process of its own, on this file's PostgreSQL database. */
async function secondProcess(t: Test) {
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
  const child = spawn(process.execPath, ['scripts/run.mjs', 'server/server.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: database.url, JWT_SECRET, LOG_LEVEL: 'silent', DEMO_DATA: 'off', NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  t.teardown(async () => {
    child.kill('SIGTERM');
    await exited;
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += String(chunk);
      if (out.includes(`:${port}/`)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the second server exited (${code}): ${out}`)));
  });
  return { base: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}
