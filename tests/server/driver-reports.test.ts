import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'light-my-request';
import t from 'tap';
import { tokyoInstant } from '../../common/time.js';
import { tokyoDate } from '../../server/driver-app/rules.js';
import { RECEIPT_RETENTION_DAYS } from '../../server/driver-app/repository.js';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { fleetOf, makeDelivery, makeTrip, storesOf } from './allocation-fixtures.js';
import { dayAfterDemo, demoApp, JWT_SECRET, signedIn } from './helpers.js';

// What the driver's screen reports beyond the trip events: the steps at a stop (荷待ち, 荷役, 荷主確認),
// clocking with the alcohol checks, and reports sent again after a lost signal (the phone's report id).
const { app, db } = await demoApp(t);

const DATE = dayAfterDemo(20);
const at = (hhmm: string) => tokyoInstant(DATE, hhmm).toISOString();
const { center, vehicles, drivers } = await fleetOf(db, 'CT-SHINAGAWA');
const [me, other] = [drivers[3]!, drivers[4]!];
const [store] = await storesOf(db, 'CT-SHINAGAWA');

/** An API client signed in to the driver app as one demo driver. */
async function asDriver(driverId: number) {
  const { login_id } = await db.selectFrom('drivers').select('login_id').where('id', '=', driverId).executeTakeFirstOrThrow();
  const response = await app.inject({ method: 'POST', url: '/api/driver/auth/login', payload: { login_id, password: 'demo1234' } });
  const token = response.json().access_token as string;
  return (options: InjectOptions) => app.inject({ ...options, headers: { authorization: `Bearer ${token}` } });
}

/** A confirmed trip of the driver's with one stop and its delivery, on the road and arrived at the stop at 09:00. */
async function arrivedTrip(driverId = me.id) {
  const trip = await makeTrip(db, {
    date: DATE,
    department_id: center,
    vehicle_id: vehicles[0]!.id,
    driver_id: driverId,
    delivery_company_id: vehicles[0]!.delivery_company_id,
    confirmed_at: new Date(),
    status: 2,
    planned_loading_start: at('07:00'),
  });
  await db.updateTable('vehicle_allocations').set({ loading_started_at: new Date(at('07:30')), departed_at: new Date(at('08:00')) }).where('id', '=', trip.id).execute();
  await db.insertInto('allocation_stops').values({ vehicle_allocation_id: trip.id, seq: 1, delivery_destination_id: store!.id, planned_arrival: at('09:00'), quantity: 2 }).execute();
  await makeDelivery(db, { date: DATE, department_id: center, delivery_destination_id: store!.id, vehicle_allocation_id: trip.id, stop_seq: 1, status: 2, quantity: 2 });
  const driver = await asDriver(driverId);
  const post = (url: string, payload: Record<string, unknown> = {}) => driver({ method: 'POST', url: `/api/driver/trips/${trip.id}${url}`, payload });
  return { trip, driver, post };
}

const stopRow = (tripId: number) => db.selectFrom('allocation_stops').selectAll().where('vehicle_allocation_id', '=', tripId).executeTakeFirstOrThrow();

t.test('at a stop: 荷待ち start and end (its minutes), 荷役 with its content, 荷主確認, in order, once each; the departure keeps them', async (t) => {
  const { trip, post } = await arrivedTrip();
  const workedTooEarly = await post('/stops/1/wait_start', { at: at('09:10') });
  t.equal(workedTooEarly.statusCode, 400, 'no step before the arrival');
  t.equal(workedTooEarly.json().message, '1番目の配送先に到着していないため登録できません。');

  const arrival = await post('/stops/1/arrival', { at: at('09:05') });
  t.equal(arrival.statusCode, 200, 'an arrival without the position (the phone may not tell it)');
  t.equal(new Date(arrival.json().stops[0].arrived_at).toISOString(), at('09:05'));
  const half = await post('/stops/1/arrival', { at: at('09:05'), latitude: 35.6 });
  t.equal(half.statusCode, 400, 'a position is both coordinates');
  t.equal(half.json().errors.longitude, '緯度と経度は両方とも指定するか、両方とも省略してください。');
  t.equal((await post('/stops/1/arrival', { at: at('09:06') })).statusCode, 409, 'already arrived');

  const waitEndFirst = await post('/stops/1/wait_end', { at: at('09:20') });
  t.same([waitEndFirst.statusCode, waitEndFirst.json().message], [400, '1番目の配送先は荷待ち開始が登録されていません。']);
  const beforeArrival = await post('/stops/1/wait_start', { at: at('09:00') });
  t.equal(beforeArrival.statusCode, 400);
  t.match(beforeArrival.json().errors.at, /到着（2026|到着（\d{4}/, 'names the arrival it precedes');

  t.equal((await post('/stops/1/wait_start', { at: at('09:10') })).statusCode, 200);
  t.equal((await post('/stops/1/wait_start', { at: at('09:12') })).statusCode, 409, 'not twice');
  const open = await post('/stops/1/departure', { at: at('10:30') });
  t.same([open.statusCode, open.json().message], [400, '1番目の配送先の荷待ち終了を登録してから出発してください。']);
  const waited = await post('/stops/1/wait_end', { at: at('09:55') });
  t.equal(waited.statusCode, 200);
  t.match(waited.json().stops[0], { wait_minutes: 45, wait_started_at: String, wait_ended_at: String });

  t.equal((await post('/stops/1/work_start', { at: at('09:58') })).statusCode, 200);
  const workEnd = await post('/stops/1/work_end', { at: at('10:20'), work_content: '  手荷役（カゴ車4台） ' });
  t.equal(workEnd.statusCode, 200);
  const confirmed = await post('/stops/1/confirmation', { consignee_confirmed: true });
  t.equal(confirmed.statusCode, 200);
  t.equal(confirmed.json().stops[0].consignee_confirmed, true);
  const tooEarly = await post('/stops/1/departure', { at: at('10:10') });
  t.equal(tooEarly.statusCode, 400, 'the departure comes after the last step');

  t.equal((await post('/stops/1/departure', { at: at('10:30') })).statusCode, 200);
  const stop = await stopRow(trip.id);
  t.same(
    [stop.wait_started_at, stop.wait_ended_at, stop.work_started_at, stop.work_ended_at, stop.departed_at].map((time) => time?.toISOString()),
    [at('09:10'), at('09:55'), at('09:58'), at('10:20'), at('10:30')],
  );
  t.same([stop.wait_minutes, stop.work_content, stop.consignee_confirmed, stop.arrival_latitude], [45, '手荷役（カゴ車4台）', true, null]);
  t.equal((await post('/stops/1/work_start', { at: at('10:40') })).statusCode, 409, 'no step after the departure');
});

t.test("a delivery's list row carries its stop's 荷待ち, 荷役 and 荷主確認 as the driver reports them", async (t) => {
  const { trip, post } = await arrivedTrip();
  const planner = await signedIn(app, 'center');
  const row = async () => {
    const response = await planner({ method: 'GET', url: `/api/delivery?date_from=${DATE}&date_to=${DATE}&vehicle_allocation_id=${trip.id}` });
    t.equal(response.statusCode, 200, response.body);
    const rows = response.json() as Record<string, unknown>[];
    t.equal(rows.length, 1);
    const { wait_started_at, wait_ended_at, work_started_at, work_ended_at, consignee_confirmed } = rows[0]!;
    return { wait_started_at, wait_ended_at, work_started_at, work_ended_at, consignee_confirmed };
  };
  const none = { wait_started_at: null, wait_ended_at: null, work_started_at: null, work_ended_at: null, consignee_confirmed: null };
  t.same(await row(), none, 'nothing before the driver reports');
  await post('/stops/1/arrival', { at: at('09:05') });
  await post('/stops/1/wait_start', { at: at('09:10') });
  t.same(await row(), { ...none, wait_started_at: at('09:10') }, 'waiting');
  await post('/stops/1/wait_end', { at: at('09:55') });
  await post('/stops/1/work_start', { at: at('09:58') });
  t.same(await row(), { ...none, wait_started_at: at('09:10'), wait_ended_at: at('09:55'), work_started_at: at('09:58') }, 'at work');
  await post('/stops/1/confirmation', { consignee_confirmed: true });
  t.equal((await row()).consignee_confirmed, true, 'confirmed by the consignee');
});

t.test('a report sent again with its report id is applied once and answered with what the first left', async (t) => {
  const { trip, post } = await arrivedTrip();
  const reportId = randomUUID();
  const first = await post('/stops/1/arrival', { at: at('09:05'), latitude: 35.61, longitude: 139.71, report_id: reportId });
  t.equal(first.statusCode, 200);
  const versionAfterFirst = (await db.selectFrom('vehicle_allocations').select('version').where('id', '=', trip.id).executeTakeFirstOrThrow()).version;
  const again = await post('/stops/1/arrival', { at: at('09:05'), latitude: 35.61, longitude: 139.71, report_id: reportId });
  t.equal(again.statusCode, 200, 'the repeat is not an error');
  t.same(again.json().stops[0].arrived_at, first.json().stops[0].arrived_at);
  t.equal((await db.selectFrom('vehicle_allocations').select('version').where('id', '=', trip.id).executeTakeFirstOrThrow()).version, versionAfterFirst, 'nothing written');
  t.equal((await post('/stops/1/arrival', { at: at('09:05'), latitude: 35.61, longitude: 139.71, report_id: randomUUID() })).statusCode, 409, 'a new report of the same arrival is refused');

  // A report refused keeps no trace of its id: sent again once it can pass, it is applied.
  const failedId = randomUUID();
  t.equal((await post('/stops/1/wait_end', { at: at('09:20'), report_id: failedId })).statusCode, 400);
  t.equal((await post('/stops/1/wait_start', { at: at('09:10'), report_id: randomUUID() })).statusCode, 200);
  t.equal((await post('/stops/1/wait_end', { at: at('09:20'), report_id: failedId })).statusCode, 200);
  t.equal((await stopRow(trip.id)).wait_minutes, 10);

  // The id is the driver's own: another driver's report with the same id is theirs to apply.
  const theirs = await arrivedTrip(other.id);
  const theirArrival = await theirs.post('/stops/1/arrival', { at: at('09:07'), report_id: reportId });
  t.equal(theirArrival.statusCode, 200);
  t.equal((await stopRow(theirs.trip.id)).arrived_at?.toISOString(), at('09:07'));

  const malformed = await post('/stops/1/work_start', { report_id: 'not-a-uuid' });
  t.equal(malformed.statusCode, 400);
  t.ok(malformed.json().errors.report_id.includes('報告ID'), 'names the field');
});

t.test('clock in and out with the alcohol checks; the day as the app reads it; a clock report sent again', async (t) => {
  const driver = await asDriver(me.id);
  await db.deleteFrom('driver_work_records').where('driver_id', '=', me.id).execute();
  const now = Date.now();
  const today = tokyoDate(new Date(now));
  const inAt = new Date(Math.max(Date.parse(`${today}T00:00:00+09:00`) + 60_000, now - 3600_000)).toISOString();
  const outAt = new Date(now - 10_000).toISOString();
  const read = async () => (await driver({ method: 'GET', url: `/api/driver/work_record?date=${today}` })).json();
  t.same(await read(), { record: null }, 'no day before the clock-in');

  const outOfRange = await driver({ method: 'POST', url: '/api/driver/clock_in', payload: { at: inAt, alcohol_check: 9 } });
  t.equal(outOfRange.statusCode, 400);
  t.ok(outOfRange.json().errors.alcohol_check.includes('アルコールチェック'));

  const reportId = randomUUID();
  const clockIn = { at: inAt, alcohol_check: 0, alcohol_checker: ' 運行管理者 山田 ', report_id: reportId };
  const first = await driver({ method: 'POST', url: '/api/driver/clock_in', payload: clockIn });
  t.equal(first.statusCode, 200);
  t.match(first.json(), { date: today, alcohol_check_before: 0, checker: '運行管理者 山田', clock_out: null });
  const again = await driver({ method: 'POST', url: '/api/driver/clock_in', payload: clockIn });
  t.equal(again.statusCode, 200, 'the same report again is answered, not refused');
  t.same(again.json(), first.json());
  t.equal((await driver({ method: 'POST', url: '/api/driver/clock_in', payload: { at: inAt } })).statusCode, 409, 'a second clock-in of the day is refused');

  const out = await driver({ method: 'POST', url: '/api/driver/clock_out', payload: { at: outAt, alcohol_check: 0.05, alcohol_checker: '運行管理者 佐藤' } });
  t.equal(out.statusCode, 200);
  const { record } = await read();
  t.match(record, { alcohol_check_before: 0, alcohol_check_after: 0.05, checker: '運行管理者 山田', checker_after: '運行管理者 佐藤' });
  t.equal(new Date(record.clock_out).toISOString(), outAt);
});

t.test("the steps reach only the driver's own trips, and a driver token opens no admin route", async (t) => {
  const { trip: others } = await arrivedTrip(other.id);
  const driver = await asDriver(me.id);
  for (const step of ['wait_start', 'wait_end', 'work_start', 'work_end']) {
    const response = await driver({ method: 'POST', url: `/api/driver/trips/${others.id}/stops/1/${step}`, payload: {} });
    t.equal(response.statusCode, 404, step);
  }
  t.equal((await driver({ method: 'POST', url: `/api/driver/trips/${others.id}/stops/1/confirmation`, payload: { consignee_confirmed: true } })).statusCode, 404);
  t.equal((await stopRow(others.id)).consignee_confirmed, null, 'nothing changed');
  const { body } = await driver({ method: 'GET', url: `/api/driver/trips?date=${DATE}` });
  t.notOk(JSON.parse(body).some((trip: { id: number }) => trip.id === others.id), "another driver's trip is not listed");

  // Admin routes, the trip's own among them: a driver token is not a user's, whatever it asks for.
  for (const url of [`/api/vehicle_allocation/${others.id}`, '/api/vehicle_allocation/board', `/api/delivery?date=${DATE}`, '/api/driver_time', '/api/destination_share']) {
    t.equal((await driver({ method: 'GET', url })).statusCode, 401, url);
  }
});

t.test('report receipts older than RECEIPT_RETENTION_DAYS go when a server starts; younger ones stay', async (t) => {
  const ids = { old: randomUUID(), recent: randomUUID() };
  const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);
  await db
    .insertInto('driver_reports')
    .values([
      { driver_id: me.id, report_id: ids.old, received_at: daysAgo(RECEIPT_RETENTION_DAYS + 1) },
      { driver_id: me.id, report_id: ids.recent, received_at: daysAgo(RECEIPT_RETENTION_DAYS - 1) },
    ])
    .execute();
  const other = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent' }), db, jwtSecret: JWT_SECRET, logger: false });
  await other.ready();
  await other.close();
  const kept = await db.selectFrom('driver_reports').select('report_id').where('report_id', 'in', [ids.old, ids.recent]).execute();
  t.same(kept.map((row) => row.report_id), [ids.recent], 'the old receipt went, the recent one stays');
});
