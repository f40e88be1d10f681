import type { InjectOptions } from 'light-my-request';
import t, { type Test } from 'tap';
import { addDays } from '../../common/deliveries.js';
import { LOADING_START_NOTIFICATION } from '../../server/allocation/loading.js';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { tokyoDate } from '../../server/driver-app/rules.js';
import { tokyoInstant } from '../../common/time.js';
import { fleetOf, makeDelivery, makeTrip, storesOf } from './allocation-fixtures.js';
import { dayAfterDemo, demoApp, emptyDb, JWT_SECRET, signedIn } from './helpers.js';

// One app for the file; each test makes its own trips. Three failed sign-ins lock a login id.
const { app, db } = await demoApp(t, { LOGIN_MAX_FAILURES_PER_ID: '3' });

const DATE = dayAfterDemo(10);
const at = (hhmm: string, date = DATE) => tokyoInstant(date, hhmm).toISOString();
const END_BEFORE_START = '終了時間が開始時間以降ではありません';

const { center, vehicles, drivers } = await fleetOf(db, 'CT-SHINAGAWA');
const loginOf = async (id: number) => (await db.selectFrom('drivers').select('login_id').where('id', '=', id).executeTakeFirstOrThrow()).login_id;
const [me, other, locked] = [drivers[0]!, drivers[1]!, drivers[5]!];

// Three stores with windows closing at 10:00, 11:00 and (specified time) 11:30.
const [storeA, storeB, storeC] = await storesOf(db, 'CT-SHINAGAWA');
await db.updateTable('delivery_destinations').set({ start_time: '08:00', ending_time: '10:00', specified_time: null }).where('id', '=', storeA!.id).execute();
await db.updateTable('delivery_destinations').set({ start_time: '08:00', ending_time: '11:00', specified_time: null }).where('id', '=', storeB!.id).execute();
await db.updateTable('delivery_destinations').set({ start_time: '08:00', ending_time: '13:00', specified_time: '11:30' }).where('id', '=', storeC!.id).execute();

async function driverLogin(loginId: string, password = 'demo1234') {
  return app.inject({ method: 'POST', url: '/api/driver/auth/login', payload: { login_id: loginId, password } });
}

/** An API client signed in to the driver app as one demo driver. */
async function asDriver(driverId: number) {
  const response = await driverLogin(await loginOf(driverId));
  if (response.statusCode !== 200) throw new Error(response.body);
  const token = response.json().access_token as string;
  return (options: InjectOptions) => app.inject({ ...options, headers: { authorization: `Bearer ${token}`, ...options.headers } });
}

interface TripOptions {
  driverId?: number;
  date?: string;
  confirmed?: boolean;
  status?: number;
  /** the planned departure (HH:mm) */
  departure?: string;
  /** stores in stop order with their planned arrival (HH:mm) */
  stops?: [number, string][];
}

/** A trip with its stops and one delivery per stop (配車済), as the allocation screens would leave it. */
async function tripWith({ driverId = me.id, date = DATE, confirmed = true, status = 0, departure, stops = [] }: TripOptions) {
  const trip = await makeTrip(db, {
    date,
    department_id: center,
    vehicle_id: vehicles[0]!.id,
    driver_id: driverId,
    delivery_company_id: vehicles[0]!.delivery_company_id,
    confirmed_at: confirmed ? new Date() : null,
    status,
    planned_loading_start: at('07:00', date),
    planned_departure: departure ? at(departure, date) : null,
  });
  const deliveries = [];
  for (const [i, [store, planned]] of stops.entries()) {
    await db
      .insertInto('allocation_stops')
      .values({ vehicle_allocation_id: trip.id, seq: i + 1, delivery_destination_id: store, planned_arrival: at(planned, date), quantity: 2 })
      .execute();
    deliveries.push(
      await makeDelivery(db, { date, department_id: center, delivery_destination_id: store, vehicle_allocation_id: trip.id, stop_seq: i + 1, status: 1, quantity: 2 }),
    );
  }
  return { trip, deliveries };
}

const deliveryRow = (id: number) => db.selectFrom('deliveries').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const clearHandled = (id: number) => db.updateTable('vehicle_allocations').set({ handled_at: null }).where('id', '=', id).execute();
const tripRow = (id: number) => db.selectFrom('vehicle_allocations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

type Post = (url: string, payload?: Record<string, unknown>) => Promise<{ statusCode: number }>;

/** A trip event answered 200 that moved the trip to `status`, recorded the time in `column` and set `handled_at`. */
async function eventRecorded(t: Test, post: Post, tripId: number, url: string, time: string, status: number, column: 'departed_at' | 'completed_at') {
  await clearHandled(tripId);
  t.equal((await post(url, { at: time })).statusCode, 200, url);
  const row = await tripRow(tripId);
  t.equal(row.status, status);
  t.equal(row[column]?.toISOString(), time);
  t.ok(row.handled_at, `${url} sets handled_at`);
  return row;
}

t.test('login: a driver token and profile, login_flag; wrong password; the rate limit; logout revokes', async (t) => {
  const loginId = await loginOf(me.id);
  const good = await driverLogin(loginId);
  t.equal(good.statusCode, 200);
  const body = good.json();
  t.type(body.access_token, 'string');
  t.same(Object.keys(body.driver).sort(), ['default_vehicle_id', 'delivery_company_id', 'delivery_company_name', 'id', 'name']);
  t.equal(body.driver.id, me.id);
  t.equal(body.driver.delivery_company_name, '東都運輸株式会社');
  const claims = JSON.parse(Buffer.from(body.access_token.split('.')[1], 'base64url').toString());
  t.equal(claims.typ, 'driver');
  t.equal((await db.selectFrom('drivers').select('login_flag').where('id', '=', me.id).executeTakeFirstOrThrow()).login_flag, 1);

  const wrong = await driverLogin(loginId, 'wrong-password');
  t.equal(wrong.statusCode, 401);
  t.equal(wrong.json().message, 'ログインIDまたはパスワードが正しくありません。');
  t.equal((await driverLogin('no-such-driver')).statusCode, 401, 'an unknown id answers the same');
  t.equal((await driverLogin('center')).statusCode, 401, 'a user of the screens is not a driver');

  const lockedId = await loginOf(locked.id);
  for (let i = 0; i < 3; i++) t.equal((await driverLogin(lockedId, 'guess')).statusCode, 401);
  const limited = await driverLogin(lockedId);
  t.equal(limited.statusCode, 429, 'locked after the failures, even with the right password');
  t.ok(Number(limited.headers['retry-after']) > 0);
  t.match(limited.json(), { code: 429, message: /ログインの試行回数が多すぎます/ });

  const headers = { authorization: `Bearer ${body.access_token}` };
  const logout = await app.inject({ method: 'POST', url: '/api/driver/auth/logout', headers });
  t.equal(logout.statusCode, 200);
  t.equal((await db.selectFrom('drivers').select('login_flag').where('id', '=', me.id).executeTakeFirstOrThrow()).login_flag, 0);
  t.equal((await app.inject({ method: 'GET', url: `/api/driver/trips?date=${DATE}`, headers })).statusCode, 401, 'the revoked token opens nothing');
  const revoked = await db.selectFrom('revoked_tokens').select(['user_id', 'driver_id']).where('jti', '=', claims.jti).executeTakeFirstOrThrow();
  t.same(revoked, { user_id: null, driver_id: me.id });
});

t.test("a new password from the driver master ends the driver's sessions", async (t) => {
  const driverId = drivers[2]!.id;
  const driver = await asDriver(driverId);
  t.equal((await driver({ method: 'GET', url: `/api/driver/trips?date=${DATE}` })).statusCode, 200);
  const admin = await signedIn(app, 'center');
  t.equal((await admin({ method: 'PATCH', url: `/api/driver/${driverId}`, payload: { password: 'new-password-1' } })).statusCode, 200);
  t.equal((await driver({ method: 'GET', url: `/api/driver/trips?date=${DATE}` })).statusCode, 401, 'the old token');
  t.equal((await driverLogin(await loginOf(driverId), 'new-password-1')).statusCode, 200, 'the new password signs in');
});

t.test('a driver token never opens an admin route, an admin token never a driver route', async (t) => {
  const driver = await asDriver(me.id);
  t.equal((await driver({ method: 'GET', url: '/api/auth/profile' })).statusCode, 401);
  t.equal((await driver({ method: 'GET', url: '/api/vehicle' })).statusCode, 401);
  t.equal((await driver({ method: 'GET', url: '/api/notification/get_notification_submit_loading_center' })).statusCode, 401);
  const admin = await signedIn(app, 'center');
  t.equal((await admin({ method: 'GET', url: `/api/driver/trips?date=${DATE}` })).statusCode, 401);
  t.equal((await admin({ method: 'POST', url: '/api/driver/clock_in', payload: {} })).statusCode, 401);
  const superAdmin = await signedIn(app, 'super');
  t.equal((await superAdmin({ method: 'POST', url: '/api/driver/auth/logout' })).statusCode, 401);
  t.equal((await app.inject({ method: 'GET', url: `/api/driver/trips?date=${DATE}` })).statusCode, 401, 'no token');
});

t.test('driver routes declare themselves; one cannot also name a user permission', async (t) => {
  const db = await emptyDb(t);
  const bare = await buildApp({ config: loadConfig({}), db, jwtSecret: JWT_SECRET, logger: false });
  t.teardown(() => bare.close());
  const schema = { response: { 200: { type: 'string' } } };
  t.doesNotThrow(() => bare.get('/api/driver/own', { config: { driver: true }, schema }, async () => 'ok'));
  t.throws(() => bare.get('/api/driver/mixed', { config: { driver: true, anyUser: true } }, async () => 'ok'), /driver route/);
  t.throws(() => bare.get('/api/driver/leaky', async () => 'secret'), /declares no permission/);
});

t.test("the day's trips: confirmed, not cancelled, the driver's own, stops in order with their deliveries", async (t) => {
  // Not a demo day: the demo's trips would be this driver's too.
  const date = dayAfterDemo();
  const { trip, deliveries } = await tripWith({ date, stops: [[storeB!.id, '09:30'], [storeA!.id, '09:00']] });
  await tripWith({ date, confirmed: false, stops: [[storeA!.id, '09:00']] });
  await tripWith({ date, status: 9, stops: [[storeA!.id, '09:00']] });
  await tripWith({ date, driverId: other.id, stops: [[storeA!.id, '09:00']] });
  await tripWith({ date: addDays(date, 1), stops: [[storeA!.id, '09:00']] });

  const driver = await asDriver(me.id);
  const response = await driver({ method: 'GET', url: `/api/driver/trips?date=${date}` });
  t.equal(response.statusCode, 200);
  const trips = response.json();
  t.same(trips.map((x: { id: number }) => x.id), [trip.id], 'only the confirmed, live trip of this driver and day');
  const [first, second] = trips[0].stops;
  t.same([first.seq, second.seq], [1, 2]);
  t.equal(first.store_name, storeB!.customer_store_name);
  t.match(first, { delivery_destination_id: storeB!.id, start_time: '08:00', ending_time: '11:00', latitude: Number, longitude: Number, address: String });
  t.equal(new Date(first.planned_arrival).toISOString(), at('09:30', date));
  t.same(
    first.deliveries.map((d: { id: number; slip_number: string; quantity: number; load_unit: number }) => [d.id, d.slip_number, d.quantity, d.load_unit]),
    [[deliveries[0]!.id, deliveries[0]!.slip_number, 2, 0]],
  );
  t.equal(first.deliveries[0].item_name, 'テスト商品');
  t.equal(second.deliveries[0].id, deliveries[1]!.id);

  const bad = await driver({ method: 'GET', url: '/api/driver/trips?date=2026-13-01' });
  t.equal(bad.statusCode, 400);
  t.ok(bad.json().errors.date.includes('日付'));
});

t.test("a driver touching another driver's trip (or a draft) gets 404", async (t) => {
  const { trip: others } = await tripWith({ driverId: other.id, stops: [[storeA!.id, '09:00']] });
  const { trip: draft } = await tripWith({ confirmed: false, stops: [[storeA!.id, '09:00']] });
  const driver = await asDriver(me.id);
  for (const id of [others.id, draft.id]) {
    for (const url of [`/api/driver/trips/${id}/loading_start`, `/api/driver/trips/${id}/departure`, `/api/driver/trips/${id}/complete`]) {
      t.equal((await driver({ method: 'POST', url, payload: {} })).statusCode, 404, url);
    }
    const arrival = await driver({ method: 'POST', url: `/api/driver/trips/${id}/stops/1/arrival`, payload: { at: at('09:00'), latitude: 35.6, longitude: 139.7 } });
    t.equal(arrival.statusCode, 404);
  }
  t.equal((await tripRow(others.id)).status, 0, 'nothing changed');
  t.equal((await tripRow(others.id)).handled_at, null);
});

t.test('the driver app’s 積込開始 follows the board’s rule: not more than 12 hours before the planned loading start', async (t) => {
  const { trip } = await tripWith({ stops: [[storeA!.id, '09:00']] });
  const driver = await asDriver(me.id);
  const post = (payload: Record<string, unknown>) => driver({ method: 'POST', url: `/api/driver/trips/${trip.id}/loading_start`, payload });
  // Planned 07:00: the evening before at 18:00 is 13 hours ahead.
  const early = await post({ at: at('18:00', addDays(DATE, -1)) });
  t.same([early.statusCode, early.json().message], [409, `この便の積込開始は ${addDays(DATE, -1).replaceAll('-', '/')} 19:00 以降に行えます（積込開始予定の12時間前から）。`]);
  t.same([(await tripRow(trip.id)).status, (await tripRow(trip.id)).loading_started_at], [0, null], 'the trip stays planned');
  t.equal((await post({ at: at('19:00', addDays(DATE, -1)) })).statusCode, 200, 'from 19:00 it may');
});

t.test('a trip from loading to completion: order, reports, delays, estimates, work times, handled_at', async (t) => {
  // Stop 1 (window to 10:00) planned 09:00; stop 2 (to 11:00) planned 10:00; stop 3 (specified 11:30) planned 10:30.
  const { trip, deliveries } = await tripWith({ stops: [[storeA!.id, '09:00'], [storeB!.id, '10:00'], [storeC!.id, '10:30']] });
  const driver = await asDriver(me.id);
  const post = (url: string, payload: Record<string, unknown> = {}) => driver({ method: 'POST', url: `/api/driver/trips/${trip.id}${url}`, payload });

  const unloaded = await post('/departure', { at: at('08:00') });
  t.same([unloaded.statusCode, unloaded.json().message], [400, 'この便は積込開始されていないため出発できません。'], 'no departure before loading');
  const notOnTheRoad = await post('/stops/1/arrival', { at: at('09:00'), latitude: 35.6, longitude: 139.7 });
  t.same([notOnTheRoad.statusCode, notOnTheRoad.json().message], [400, 'この便は出発していないため到着・完了を登録できません。'], 'no arrival before departure');

  const versionBefore = (await tripRow(trip.id)).version;
  const loading = await post('/loading_start', { at: at('07:30') });
  t.equal(loading.statusCode, 200);
  t.match(loading.json(), { id: trip.id, status: 1 });
  let row = await tripRow(trip.id);
  t.ok(row.loading_started_at && row.handled_at, 'loading start sets the time and handled_at');
  t.ok(row.version > versionBefore, 'version bumped');
  const notified = await db.selectFrom('notifications').select('title').where('type', '=', LOADING_START_NOTIFICATION).where('title', 'like', `%便${trip.trip_no} %`).execute();
  t.ok(notified.length > 0, 'the centers heard about it');
  t.equal((await post('/loading_start', { at: at('07:40') })).statusCode, 409, 'not twice');

  const early = await post('/departure', { at: new Date(row.loading_started_at!.getTime() - 60_000).toISOString() });
  t.equal(early.statusCode, 400);
  t.ok(early.json().errors.at.includes('積込開始'), 'the departure names the loading start it precedes');
  const farAway = await post('/departure', { at: at('08:00', addDays(DATE, 3)) });
  t.equal(farAway.statusCode, 400);
  t.equal(farAway.json().errors.at, '時刻は便の日付の前後1日以内で指定してください。');

  await eventRecorded(t, post, trip.id, '/departure', at('08:15'), 2, 'departed_at');
  t.same((await Promise.all(deliveries.map((d) => deliveryRow(d.id)))).map((d) => d.status), [2, 2, 2], 'deliveries 配送中');

  t.equal((await post('/stops/1/departure', { at: at('09:30') })).statusCode, 400, 'no departure from a stop before arriving');
  t.equal((await post('/stops/9/arrival', { at: at('09:30'), latitude: 35.6, longitude: 139.7 })).statusCode, 404, 'no such stop');

  // 45 minutes behind the plan at stop 1, still inside its window (to 10:00): 定刻; the following stops shift by 45 minutes.
  await clearHandled(trip.id);
  const arrival = await post('/stops/1/arrival', { at: at('09:45'), latitude: 35.61234, longitude: 139.74321 });
  t.equal(arrival.statusCode, 200);
  const rows = await Promise.all(deliveries.map((d) => deliveryRow(d.id)));
  const d1 = rows[0];
  let [, d2, d3] = rows;
  t.equal(d1!.status, 3, '配達完了');
  t.equal(d1!.report_time?.toISOString(), at('09:45'));
  t.equal(d1!.report_location, '35.61234,139.74321');
  t.equal(d1!.delivery_delay_status, 0, 'before the window closes: 定刻');
  t.equal(d2!.estimated_arrival_time?.toISOString(), at('10:45'));
  t.equal(d2!.delivery_delay_status, 0, '10:45 is within the 11:00 window');
  t.equal(d3!.estimated_arrival_time?.toISOString(), at('11:15'));
  t.equal(d3!.delivery_delay_status, 0, '11:15 is before the specified 11:30');
  t.ok((await tripRow(trip.id)).handled_at, 'an arrival sets handled_at');
  const stop1 = (await db.selectFrom('allocation_stops').selectAll().where('vehicle_allocation_id', '=', trip.id).where('seq', '=', 1).executeTakeFirstOrThrow());
  t.same([stop1.arrived_at?.toISOString(), stop1.arrival_latitude, stop1.arrival_longitude], [at('09:45'), 35.61234, 139.74321]);
  t.equal((await post('/stops/1/arrival', { at: at('09:50'), latitude: 35.6, longitude: 139.7 })).statusCode, 409, 'one arrival per stop');

  // Work times at stop 1: the end before the start is the specification's message.
  const backwards = await post('/stops/1/departure', { at: at('10:10'), wait_minutes: 5, work_started_at: at('10:05'), work_ended_at: at('09:55') });
  t.equal(backwards.statusCode, 400);
  t.equal(backwards.json().errors.work_ended_at, END_BEFORE_START);
  const beforeArrival = await post('/stops/1/departure', { at: at('09:40') });
  t.equal(beforeArrival.statusCode, 400);
  t.ok(beforeArrival.json().errors.at.includes('到着'), 'no departure before the arrival');
  const outside = await post('/stops/1/departure', { at: at('10:10'), work_started_at: at('09:00'), work_ended_at: at('10:00') });
  t.equal(outside.statusCode, 400);
  t.ok(outside.json().errors.work_started_at, 'work before the arrival is refused');
  await clearHandled(trip.id);
  const leave = await post('/stops/1/departure', {
    at: at('10:10'),
    wait_minutes: 10,
    work_started_at: at('09:55'),
    work_ended_at: at('10:05'),
    work_content: '荷降ろし（カゴ車2台）',
    consignee_confirmed: true,
  });
  t.equal(leave.statusCode, 200);
  t.match(leave.json().stops[0], { wait_minutes: 10, work_content: '荷降ろし（カゴ車2台）', consignee_confirmed: true });
  t.equal(new Date(leave.json().stops[0].work_ended_at).toISOString(), at('10:05'));
  t.ok(leave.json().handled_at, 'a stop departure sets handled_at');
  t.equal((await post('/stops/1/departure', { at: at('10:20') })).statusCode, 409, 'one departure per stop');

  // 60 minutes behind at stop 2, as its window closes (11:00): 定刻; stop 3 now 10:30 + 60 = 11:30, not after its specified 11:30.
  await post('/stops/2/arrival', { at: at('11:00'), latitude: 35.6, longitude: 139.7 });
  [, d2, d3] = await Promise.all(deliveries.map((d) => deliveryRow(d.id)));
  t.equal(d2!.delivery_delay_status, 0, 'arriving as the window closes is on time');
  t.equal(d3!.estimated_arrival_time?.toISOString(), at('11:30'));
  t.equal(d3!.delivery_delay_status, 0);

  t.equal((await post('/complete', { at: at('12:00') })).statusCode, 400, 'a stop without arrival blocks completion');
  // Stop 3 arrives after its specified 11:30 (its window runs to 13:00): 遅延.
  await post('/stops/3/arrival', { at: at('11:40'), latitude: 35.6, longitude: 139.7 });
  d3 = await deliveryRow(deliveries[2]!.id);
  t.equal(d3.delivery_delay_status, 1, 'after the specified time: 遅延');
  const versionBeforeDone = (await tripRow(trip.id)).version;
  row = await eventRecorded(t, post, trip.id, '/complete', at('12:30'), 3, 'completed_at');
  t.equal(row.version, versionBeforeDone + 1, 'completion bumps the version');
  t.equal((await post('/stops/3/departure', { at: at('12:40') })).statusCode, 409, 'a completed trip takes no more events');
});

t.test("an event without a body takes the server's time", async (t) => {
  const { trip } = await tripWith({ date: tokyoDate(new Date()), stops: [[storeA!.id, '09:00']] });
  const driver = await asDriver(me.id);
  const before = Date.now();
  const loading = await driver({ method: 'POST', url: `/api/driver/trips/${trip.id}/loading_start` });
  t.equal(loading.statusCode, 200);
  const started = (await tripRow(trip.id)).loading_started_at!.getTime();
  t.ok(started >= before - 1000 && started <= Date.now() + 1000, 'loading started now');
});

t.test('a late arrival marks the following stops at risk (遅延見込) and itself 遅延', async (t) => {
  const { trip, deliveries } = await tripWith({ status: 0, stops: [[storeA!.id, '09:00'], [storeB!.id, '10:00'], [storeC!.id, '12:00']] });
  const driver = await asDriver(me.id);
  const post = (url: string, payload: Record<string, unknown> = {}) => driver({ method: 'POST', url: `/api/driver/trips/${trip.id}${url}`, payload });
  await post('/loading_start', { at: at('07:00') });
  await post('/departure', { at: at('08:00') });
  // 90 minutes late at stop 1 (10:30 > 10:00): stop 2 now 11:30 (> 11:00), stop 3 13:30 (> 11:30 specified).
  t.equal((await post('/stops/1/arrival', { at: at('10:30'), latitude: 35.6, longitude: 139.7 })).statusCode, 200);
  const [d1, d2, d3] = await Promise.all(deliveries.map((d) => deliveryRow(d.id)));
  t.equal(d1!.delivery_delay_status, 1, '遅延');
  t.same([d2!.delivery_delay_status, d3!.delivery_delay_status], [2, 2], '遅延見込');
  t.same([d2!.estimated_arrival_time?.toISOString(), d3!.estimated_arrival_time?.toISOString()], [at('11:30'), at('13:30')]);
  t.equal(d2!.status, 2, 'still 配送中');
});

t.test('leaving late moves every stop’s 到着予定 by as much, 遅延見込 where that passes its deadline; leaving early moves none', async (t) => {
  // Planned to leave at 08:00; stop 1 (window to 10:00) at 09:00, stop 2 (window to 11:00) at 10:30.
  const stops: [number, string][] = [[storeA!.id, '09:00'], [storeB!.id, '10:30']];
  const departures = [
    { driverId: me.id, loading: '08:10', leaves: '08:45', expected: [[at('09:45'), 0, 2], [at('11:15'), 2, 2]], says: '45 minutes late: 09:45 is inside its window (定刻), 11:15 past 11:00 (遅延見込); both 配送中' },
    { driverId: other.id, loading: '07:20', leaves: '07:50', expected: [[at('09:00'), 0, 2], [at('10:30'), 0, 2]], says: 'ten minutes early: the plan stands (the truck keeps its times)' },
  ];
  for (const { driverId, loading, leaves, expected, says } of departures) {
    const { trip, deliveries } = await tripWith({ driverId, departure: '08:00', stops });
    const driver = await asDriver(driverId);
    const post = (url: string, time: string) => driver({ method: 'POST', url: `/api/driver/trips/${trip.id}${url}`, payload: { at: at(time) } });
    t.equal((await post('/loading_start', loading)).statusCode, 200);
    t.equal((await post('/departure', leaves)).statusCode, 200);
    const rows = await Promise.all(deliveries.map((d) => deliveryRow(d.id)));
    t.same(rows.map((d) => [d.estimated_arrival_time?.toISOString(), d.delivery_delay_status, d.status]), expected, says);
  }
});

t.test("a planner's new departure time re-plans the stops and keeps what the driver reported at a store", async (t) => {
  const { trip } = await tripWith({ stops: [[storeA!.id, '09:00'], [storeB!.id, '10:00']] });
  const driver = await asDriver(me.id);
  const post = (url: string, payload: Record<string, unknown>) => driver({ method: 'POST', url: `/api/driver/trips/${trip.id}${url}`, payload });
  await post('/loading_start', { at: at('07:30') });
  await post('/departure', { at: at('08:00') });
  t.equal((await post('/stops/1/arrival', { at: at('09:10'), latitude: 35.61234, longitude: 139.74321 })).statusCode, 200);
  const work = { at: at('09:40'), wait_minutes: 12, work_started_at: at('09:22'), work_ended_at: at('09:38'), work_content: '荷降ろし', consignee_confirmed: true };
  t.equal((await post('/stops/1/departure', work)).statusCode, 200);
  const stopsOf = () => db.selectFrom('allocation_stops').selectAll().where('vehicle_allocation_id', '=', trip.id).orderBy('seq').execute();
  const before = await stopsOf();
  const planner = await signedIn(app, 'center');
  const later = await planner({
    method: 'PATCH',
    url: `/api/vehicle_allocation/${trip.id}`,
    payload: { version: (await tripRow(trip.id)).version, planned_departure: at('08:30') },
  });
  t.equal(later.statusCode, 200, later.body);
  const after = await stopsOf();
  t.notSame(after.map((s) => s.planned_arrival), before.map((s) => s.planned_arrival), 'the stops were planned again');
  t.same([after[0]!.delivery_destination_id, after[0]!.arrived_at?.toISOString(), after[0]!.arrival_latitude, after[0]!.arrival_longitude], [storeA!.id, at('09:10'), 35.61234, 139.74321], 'the arrival stays with its store');
  const { departed_at, wait_minutes, work_started_at, work_ended_at, work_content, consignee_confirmed } = after[0]!;
  t.same(
    { at: departed_at?.toISOString(), wait_minutes, work_started_at: work_started_at?.toISOString(), work_ended_at: work_ended_at?.toISOString(), work_content, consignee_confirmed },
    work,
    'and so do its departure, waiting and work',
  );
});

t.test('clock in and out: one clock-in a day, no clock-out before it, never twice', async (t) => {
  const driver = await asDriver(other.id);
  // The demo has working days around today (db/seed/work-records.ts): this driver starts without any.
  await db.deleteFrom('driver_work_records').where('driver_id', '=', other.id).execute();
  const now = Date.now();
  // On today's Asia/Tokyo day, whatever the hour: a clock-in 3 h ago would be yesterday's between 00:00 and 03:00 JST.
  const tokyoMidnight = Date.parse(`${tokyoDate(new Date(now))}T00:00:00+09:00`);
  const inAtMs = Math.min(Math.max(now - 3 * 3600_000, tokyoMidnight + 30 * 60_000), now - 120_000);
  const inAt = new Date(inAtMs).toISOString();
  const outAt = new Date(now - 60_000).toISOString();
  const early = await driver({ method: 'POST', url: '/api/driver/clock_out', payload: { at: outAt } });
  t.equal(early.statusCode, 409, 'no clock-out before a clock-in');
  t.equal(early.json().message, '出勤が登録されていないため退勤できません。');

  const clockIn = await driver({ method: 'POST', url: '/api/driver/clock_in', payload: { at: inAt } });
  t.equal(clockIn.statusCode, 200);
  t.equal(clockIn.json().date, tokyoDate(new Date(inAt)), 'the Asia/Tokyo day of the clock-in');
  t.equal(new Date(clockIn.json().clock_in).toISOString(), inAt);
  // A second clock-in on the clock-in's own day (not `now`'s: a run across midnight in Tokyo is on the next day).
  const twice = await driver({ method: 'POST', url: '/api/driver/clock_in', payload: { at: inAt } });
  t.equal(twice.statusCode, 409);
  t.equal(twice.json().message, 'この日は既に出勤済みです。');

  // Before the clock-in, on its own Asia/Tokyo day.
  const inDayMidnight = Date.parse(`${tokyoDate(new Date(inAtMs))}T00:00:00+09:00`);
  const backwards = await driver({ method: 'POST', url: '/api/driver/clock_out', payload: { at: new Date(Math.max(inDayMidnight, inAtMs - 15 * 60_000)).toISOString() } });
  t.equal(backwards.statusCode, 400);
  t.ok(backwards.json().errors.at.startsWith('退勤時刻は出勤時刻'));
  t.equal((await driver({ method: 'POST', url: '/api/driver/clock_in', payload: { at: new Date(now - 5 * 86_400_000).toISOString() } })).statusCode, 400, 'days away from now');

  const clockOut = await driver({ method: 'POST', url: '/api/driver/clock_out', payload: { at: outAt } });
  t.equal(clockOut.statusCode, 200);
  t.equal(new Date(clockOut.json().clock_out).toISOString(), outAt);
  const record = await db.selectFrom('driver_work_records').selectAll().where('driver_id', '=', other.id).executeTakeFirstOrThrow();
  t.same([record.clock_in?.toISOString(), record.clock_out?.toISOString()], [inAt, outAt]);
  const again = await driver({ method: 'POST', url: '/api/driver/clock_out', payload: { at: outAt } });
  t.equal(again.statusCode, 409);
});

t.test('仮登録: a vehicle and a store from the app are temporary rows the approval screens list', async (t) => {
  const driver = await asDriver(me.id);
  const admin = await signedIn(app, 'center');
  const vehicleTypeId = (await db.selectFrom('vehicle_types').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  const created = await driver({ method: 'POST', url: '/api/driver/vehicles', payload: { vehicle_number: '品川 400 か 77-01', vehicle_type_id: vehicleTypeId } });
  t.equal(created.statusCode, 201);
  const vehicle = created.json();
  t.ok(vehicle.temporary_registration_date, 'temporary');
  t.equal(vehicle.delivery_company_id, me.delivery_company_id, "the driver's company");
  t.equal(vehicle.base_department_id, center, "the driver's base center");
  const listed = await admin({ method: 'GET', url: '/api/vehicle?temporary=1&_end=100' });
  t.ok(listed.json().some((v: { id: number }) => v.id === vehicle.id), 'the center sees it among temporary vehicles');
  t.ok((await admin({ method: 'GET', url: `/api/vehicle/${vehicle.id}` })).json().temporary_registration_date);

  const duplicate = await driver({ method: 'POST', url: '/api/driver/vehicles', payload: { vehicle_number: '品川 400 か 77-01', vehicle_type_id: vehicle.vehicle_type_id } });
  t.equal(duplicate.statusCode, 409, 'the master key rule');
  t.ok(duplicate.json().errors.vehicle_number);
  const blank = await driver({ method: 'POST', url: '/api/driver/vehicles', payload: { vehicle_number: ' ', vehicle_type_id: 2147483647 } });
  t.equal(blank.statusCode, 400);
  t.same(Object.keys(blank.json().errors).sort(), ['vehicle_number', 'vehicle_type_id'], 'the master field checks, each named');

  const store = await driver({
    method: 'POST',
    url: '/api/driver/delivery_destinations',
    payload: { customer_company_name: '株式会社テスト', customer_store_name: '新店舗', customer_address: '東京都品川区1-1', latitude: 35.62, longitude: 139.74, phone: '03-1234-5678' },
  });
  t.equal(store.statusCode, 201);
  const destination = store.json();
  t.ok(destination.temporary_registration_date);
  t.match(destination.delivery_code, /^TMP-[0-9A-F]{10}$/, 'a temporary code when the driver has none');
  const shown = await admin({ method: 'GET', url: `/api/delivery_destination/${destination.id}` });
  t.equal(shown.statusCode, 200);
  t.ok(shown.json().temporary_registration_date, 'the approval screen reads it as temporary');
  t.equal(shown.json().delivery_type, 1);

  const wrong = await driver({
    method: 'POST',
    url: '/api/driver/delivery_destinations',
    payload: { delivery_code: 'bad code!', customer_company_name: '', customer_store_name: '店', customer_address: '住所', latitude: 95, longitude: 139.74 },
  });
  t.equal(wrong.statusCode, 400);
  t.same(Object.keys(wrong.json().errors).sort(), ['customer_company_name', 'delivery_code', 'latitude']);
});
