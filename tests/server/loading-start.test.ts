import t from 'tap';
import { AppError } from '../../server/errors.js';
import { LOADING_START_NOTIFICATION, startLoading } from '../../server/allocation/loading.js';
import { companyId, fleetOf, makeTrip, userId } from './allocation-fixtures.js';
import { translator } from '../../server/i18n.js';
import { addDays } from '../../common/deliveries.js';
import { dayAfterDemo, demoApp, departmentId } from './helpers.js';

// Loading start (server/allocation/loading.ts): a confirmed trip's status and time, and one notification
// per user whose scope holds the trip; what it refuses. Each test on a demo application of its own (how
// the notifications reach the sockets: realtime.test.ts).
const DATE = dayAfterDemo(24);
const NOW = new Date(`${DATE}T06:30:00+09:00`);

/** The status and message key a promise was refused with. */
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: unknown) => (error instanceof AppError ? [error.statusCode, error.messageKey] : error),
  );

t.test('loading start: status, time and one notification per user whose scope holds the trip', async (t) => {
  const { db } = await demoApp(t);
  const { center, vehicles, drivers } = await fleetOf(db, 'CT-SHINAGAWA');
  const vehicle = vehicles[0]!;
  const toto = await companyId(db, 'DC-TOTO');
  const hash = (await db.selectFrom('users').select('password_hash').where('login_id', '=', 'super').executeTakeFirstOrThrow()).password_hash;
  const add = async (login_id: string, values: { type: number; department_id?: number; delivery_company_id?: number; deleted_at?: Date }) =>
    (await db.insertInto('users').values({ login_id, name: login_id, password_hash: hash, ...values }).returning('id').executeTakeFirstOrThrow()).id;
  // Users who must not hear about a 品川 trip: a sibling center, another division, another carrier, a deleted super admin.
  await add('itabashi-user', { type: 3, department_id: await departmentId(db, 'CT-ITABASHI') });
  await add('kansai-user', { type: 2, department_id: await departmentId(db, 'DV-KANSAI') });
  await add('wangan-user', { type: 2, delivery_company_id: await companyId(db, 'DC-WANGAN') });
  await add('gone-super', { type: 1, department_id: await departmentId(db, 'HQ'), deleted_at: new Date() });
  // Users who must: a second Toto user, a Kanto division user, a second super admin in a branch.
  const expected = [
    await userId(db, 'super'),
    await userId(db, 'hq'),
    await userId(db, 'branch'),
    await userId(db, 'center'),
    await userId(db, 'carrier'),
    await add('toto-2', { type: 2, delivery_company_id: toto }),
    await add('kanto-user', { type: 2, department_id: await departmentId(db, 'DV-KANTO') }),
    await add('osaka-super', { type: 1, department_id: await departmentId(db, 'BR-OSAKA') }),
  ].sort((a, b) => a - b);

  const trip = await makeTrip(db, {
    date: DATE,
    department_id: center,
    trip_no: 903,
    vehicle_id: vehicle.id,
    driver_id: drivers[0]!.id,
    delivery_company_id: toto,
    confirmed_at: new Date(),
  });
  await db.transaction().execute((trx) => startLoading(trx, trip.id, NOW, expected[0]));

  const after = await db.selectFrom('vehicle_allocations').selectAll().where('id', '=', trip.id).executeTakeFirstOrThrow();
  t.equal(after.status, 1, 'status 1 (積込中)');
  t.equal(after.loading_started_at?.toISOString(), NOW.toISOString(), 'loading_started_at is now');
  t.equal(after.version, trip.version + 1, 'the version moves on');
  t.equal(after.updated_by, expected[0], 'updated_by is the caller');

  const notes = await db.selectFrom('notifications').selectAll().orderBy('user_id').execute();
  t.same(notes.map((n) => n.user_id), expected, 'exactly the users whose scope contains the trip, once each');
  const title = `品川センター ${DATE.slice(5, 7)}/${DATE.slice(8)} 積込開始 便903 ${vehicle.vehicle_number.replace(/\s+/g, '')}`;
  t.ok(notes.every((n) => n.type === LOADING_START_NOTIFICATION && n.title === title && n.read_at === null), `title ${title}`);
  t.notMatch(title, / \d+ /, 'the 車番 has no spaces');

  t.same(await refusal(db.transaction().execute((trx) => startLoading(trx, trip.id, NOW))), [409, 'allocation.alreadyStarted'], 'a second start: 409');
  t.equal(await db.selectFrom('notifications').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow().then((r) => Number(r.n)), expected.length, 'no second round of notifications');
});

t.test('loading start refuses drafts, cancelled and completed trips and leaves them untouched', async (t) => {
  const { db } = await demoApp(t);
  const { center } = await fleetOf(db, 'CT-SHINAGAWA');
  const cases = [
    { status: 0, confirmed_at: null, key: 'allocation.notConfirmed' },
    { status: 9, confirmed_at: new Date(), key: 'allocation.cancelled' },
    { status: 3, confirmed_at: new Date(), key: 'allocation.completed' },
  ] as const;
  for (const { key, ...state } of cases) {
    const trip = await makeTrip(db, { date: DATE, department_id: center, ...state });
    t.same(await refusal(db.transaction().execute((trx) => startLoading(trx, trip.id, NOW))), [409, key], key);
    const after = await db.selectFrom('vehicle_allocations').select(['status', 'loading_started_at']).where('id', '=', trip.id).executeTakeFirstOrThrow();
    t.same(after, { status: state.status, loading_started_at: null }, `${key}: unchanged`);
  }
  t.equal(Number((await db.selectFrom('notifications').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n), 0, 'nobody notified');
  t.same(await refusal(db.transaction().execute((trx) => startLoading(trx, 999_999, NOW))), [404, 'errors.notFound'], 'an unknown trip: 404');
  const trip = await makeTrip(db, { date: DATE, department_id: center, confirmed_at: new Date() });
  await db.updateTable('vehicle_allocations').set({ deleted_at: new Date() }).where('id', '=', trip.id).execute();
  t.same(await refusal(db.transaction().execute((trx) => startLoading(trx, trip.id, NOW))), [404, 'errors.notFound'], 'a deleted trip: 404');
});

t.test('a trip without a vehicle or carrier: the title has no 車番 and no carrier users are notified', async (t) => {
  const { db } = await demoApp(t);
  const center = await departmentId(db, 'CT-ITABASHI');
  const trip = await makeTrip(db, { date: DATE, department_id: center, trip_no: 907, confirmed_at: new Date() });
  await startLoading(db, trip.id, NOW);
  const notes = await db.selectFrom('notifications').innerJoin('users', 'users.id', 'notifications.user_id').select(['users.login_id', 'notifications.title']).orderBy('users.login_id').execute();
  t.same(notes.map((n) => n.login_id), ['branch', 'hq', 'super'], 'the users above 板橋 (東京支店, 本社) and the super admin; not 品川 or its carrier');
  t.equal(notes[0]!.title, `板橋センター ${DATE.slice(5, 7)}/${DATE.slice(8)} 積込開始 便907`);
});

t.test('two days\' 便1 read apart in the bell: each title carries its trip\'s day (MM/DD)', async (t) => {
  const { db } = await demoApp(t);
  const center = await departmentId(db, 'CT-ITABASHI');
  const next = dayAfterDemo(25);
  const today = await makeTrip(db, { date: DATE, department_id: center, trip_no: 1, confirmed_at: new Date() });
  const tomorrow = await makeTrip(db, { date: next, department_id: center, trip_no: 1, confirmed_at: new Date() });
  await startLoading(db, today.id, NOW);
  await startLoading(db, tomorrow.id, new Date(`${next}T06:30:00+09:00`));
  const titles = await db.selectFrom('notifications').innerJoin('users', 'users.id', 'notifications.user_id').select('title').where('users.login_id', '=', 'hq').orderBy('notifications.id').execute();
  const mmdd = (day: string) => `${day.slice(5, 7)}/${day.slice(8)}`;
  t.same(titles.map((row) => row.title), [`板橋センター ${mmdd(DATE)} 積込開始 便1`, `板橋センター ${mmdd(next)} 積込開始 便1`]);
});

t.test('loading cannot start more than 12 hours before the planned loading start: 409 saying from when', async (t) => {
  const { db } = await demoApp(t);
  const center = await departmentId(db, 'CT-ITABASHI');
  const planned = new Date(`${DATE}T07:00:00+09:00`);
  const trip = await makeTrip(db, { date: DATE, department_id: center, confirmed_at: new Date(), planned_loading_start: planned, planned_departure: new Date(`${DATE}T08:00:00+09:00`) });
  const fiveDaysAhead = new Date(planned.getTime() - 5 * 24 * 3_600_000);
  const justBefore = new Date(planned.getTime() - 12 * 3_600_000 - 60_000);
  for (const at of [fiveDaysAhead, justBefore]) {
    const error = await db.transaction().execute((trx) => startLoading(trx, trip.id, at)).then(() => null, (e: unknown) => e);
    t.ok(error instanceof AppError, `${at.toISOString()}: refused`);
    const refused = error as AppError;
    t.same([refused.statusCode, refused.messageKey, refused.params], [409, 'allocation.loadingTooEarly', { from: `${addDays(DATE, -1).replaceAll('-', '/')} 19:00` }]);
  }
  const untouched = await db.selectFrom('vehicle_allocations').select(['status', 'loading_started_at']).where('id', '=', trip.id).executeTakeFirstOrThrow();
  t.same(untouched, { status: 0, loading_started_at: null }, 'the trip stays planned');
  t.equal(Number((await db.selectFrom('notifications').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n), 0, 'nobody notified');

  // The message the caller reads, in both languages.
  const message = (lang: 'ja' | 'en') => translator(lang)('allocation.loadingTooEarly', { from: '2026/12/10 19:00' });
  t.equal(message('ja'), 'この便の積込開始は 2026/12/10 19:00 以降に行えます（積込開始予定の12時間前から）。');
  t.equal(message('en'), 'Loading of this trip can start from 2026/12/10 19:00 (12 hours before its planned loading start).');

  // Exactly 12 hours ahead it may.
  await startLoading(db, trip.id, new Date(planned.getTime() - 12 * 3_600_000));
  t.equal((await db.selectFrom('vehicle_allocations').select('status').where('id', '=', trip.id).executeTakeFirstOrThrow()).status, 1, '12 hours ahead: started');
});

t.test('without a planned loading start the planned departure counts, without either the start of the trip\'s day', async (t) => {
  const { db } = await demoApp(t);
  const center = await departmentId(db, 'CT-ITABASHI');
  const byDeparture = await makeTrip(db, { date: DATE, department_id: center, confirmed_at: new Date(), planned_departure: new Date(`${DATE}T20:00:00+09:00`) });
  const refused = await db.transaction().execute((trx) => startLoading(trx, byDeparture.id, NOW)).then(() => null, (e: unknown) => e as AppError);
  t.same([refused?.messageKey, refused?.params], ['allocation.loadingTooEarly', { from: `${DATE.replaceAll('-', '/')} 08:00` }], 'departure 20:00: from 08:00');
  const bare = await makeTrip(db, { date: DATE, department_id: center, confirmed_at: new Date() });
  const dayBefore = (hhmm: string) => new Date(new Date(`${DATE}T${hhmm}:00+09:00`).getTime() - 24 * 3_600_000);
  const early = await db.transaction().execute((trx) => startLoading(trx, bare.id, dayBefore('11:59'))).then(() => null, (e: unknown) => e as AppError);
  t.equal(early?.messageKey, 'allocation.loadingTooEarly', 'the day before at 11:59: too early');
  await startLoading(db, bare.id, dayBefore('12:00'));
  t.pass('the day before at 12:00: started');
});
