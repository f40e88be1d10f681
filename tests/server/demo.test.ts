import t from 'tap';
import { LOAD_UNIT } from '../../common/enums.js';
import { departureState } from '../../common/driver-time.js';
import { tokyoInstant } from '../../common/time.js';
import type { Db } from '../../db/index.js';
import { seedOperations } from '../../db/seed/operations.js';
import { demoLoadedOn } from '../../db/seed/demo.js';
import { addDays } from '../../common/deliveries.js';
import { loadConfig } from '../../server/config.js';
import { staleDemoNotice } from '../../server/runtime.js';
import { demoApp, demoDay, departmentId, signedIn } from './helpers.js';

// The demo a new installation starts with tells its day as it stands at the hour it is seeded
// (db/seed/operations.ts): opened at half past nine, today's rounds are on the road, not all 未出発.
const { app, db } = await demoApp(t);
const center = await signedIn(app, 'center');
const shinagawa = await departmentId(db, 'CT-SHINAGAWA');
const today = demoDay;
const asOf = tokyoInstant(today, '09:30');

/** Every day's store rounds (the transfers' deliveries go by pallet), their deliveries and working records but today's, as rows to compare. */
async function otherDays(db: Db) {
  const trips = await db.selectFrom('vehicle_allocations').selectAll().where('date', '<>', today).where('kind', '=', 'store_direct').orderBy('date').orderBy('department_id').orderBy('trip_no').execute();
  const deliveries = await db.selectFrom('deliveries').selectAll().where('date', '<>', today).where('load_unit', '=', LOAD_UNIT.cageCart).orderBy('slip_number').execute();
  const records = await db.selectFrom('driver_work_records').selectAll().where('date', '<>', today).orderBy('date').orderBy('driver_id').execute();
  const strip = <R extends { id: number }>(rows: R[]) => rows.map(({ id: _id, ...row }) => ({ ...row, vehicle_allocation_id: undefined, created_at: undefined, updated_at: undefined }));
  return { trips: strip(trips), deliveries: strip(deliveries), records: strip(records) };
}

/** The demo's store rounds and working records seeded again, told at `moment`. */
async function tellDayAt(moment: Date) {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('driver_work_records').execute();
    await trx.deleteFrom('allocation_stops').execute();
    await trx.deleteFrom('deliveries').where('load_unit', '=', LOAD_UNIT.cageCart).execute();
    await trx.deleteFrom('vehicle_allocations').where('kind', '=', 'store_direct').execute();
    await seedOperations(trx, moment);
  });
}

t.test('the demo seeded at 09:30: today’s rounds as far as they have got, nothing after that moment, the other days as at any hour', async (t) => {
  const before = await otherDays(db);
  await tellDayAt(asOf);
  t.same(await otherDays(db), before, 'the other days are the same whatever the hour');

  const trips = (await center({ method: 'GET', url: `/api/vehicle_allocation?date_from=${today}&date_to=${today}&department_id=${shinagawa}&kind=store_direct&_start=0&_end=100` })).json() as {
    status: number;
    confirmed_at: string | null;
    planned_departure: string;
    departed_at: string | null;
  }[];
  t.ok(trips.length >= 3, `${trips.length} rounds today`);
  t.same(trips.filter((trip) => trip.status === 0 || trip.status === 1), [], 'every round due by 09:30 has left');
  const notLeft = trips.filter((trip) => departureState(new Date(trip.planned_departure), trip.departed_at ? new Date(trip.departed_at) : null, asOf).state === 'overdue');
  t.same(notLeft, [], 'none reads 未出発 at that moment');
  t.ok(trips.every((trip) => trip.confirmed_at !== null), 'published to the drivers');

  const list = await center({ method: 'GET', url: `/api/delivery?date_from=${today}&date_to=${today}&department_id=${shinagawa}&_start=0&_end=500` });
  t.equal(list.statusCode, 200);
  const deliveries = list.json() as { status: number; report_time: string | null; estimated_arrival_time: string | null; delivery_delay_status: number }[];
  const delivered = deliveries.filter((d) => d.status === 3);
  const onTheRoad = deliveries.filter((d) => d.status === 2);
  t.ok(delivered.length > 0 && onTheRoad.length > 0, `${delivered.length} delivered, ${onTheRoad.length} on the road`);
  t.ok(delivered.every((d) => d.report_time !== null && new Date(d.report_time) <= asOf), 'reported before the moment');
  t.ok(onTheRoad.every((d) => d.report_time === null && d.estimated_arrival_time !== null), 'expected, not reported');

  // Nothing recorded after the moment: no arrival, departure, return or clocking to come.
  const stops = await db
    .selectFrom('allocation_stops as s')
    .innerJoin('vehicle_allocations as va', 'va.id', 's.vehicle_allocation_id')
    .select(['s.arrived_at', 's.departed_at', 's.work_started_at', 'va.loading_started_at', 'va.departed_at as left_center', 'va.completed_at'])
    .where('va.date', '=', today)
    .execute();
  const times = stops.flatMap((stop) => Object.values(stop)).filter((at): at is Date => at instanceof Date);
  t.ok(times.length > stops.length, `${times.length} times recorded`);
  t.same(times.filter((at) => at > asOf), [], 'no time after 09:30');
  t.ok(stops.some((stop) => stop.arrived_at === null), 'stops still ahead');
  const records = await db.selectFrom('driver_work_records').select(['clock_in', 'clock_out']).where('date', '=', today).execute();
  t.ok(records.length > 0 && records.every((r) => r.clock_in! <= asOf && r.clock_out === null), 'today’s drivers clocked in, none out yet');
});

t.test('seeded before the day begins and after it ends: nothing started, then every round back', async (t) => {
  await tellDayAt(tokyoInstant(today, '05:00'));
  const early = await db.selectFrom('vehicle_allocations').select(['status', 'confirmed_at']).where('date', '=', today).where('kind', '=', 'store_direct').execute();
  t.ok(early.length > 0 && early.every((trip) => trip.status === 0), 'every round still planned');
  t.equal(early.filter((trip) => trip.confirmed_at === null).length, 4, 'each center’s last round a draft');
  t.same(await db.selectFrom('driver_work_records').select('id').where('date', '=', today).execute(), [], 'nobody clocked in');

  await tellDayAt(tokyoInstant(today, '21:00'));
  const late = await db.selectFrom('vehicle_allocations').select(['status', 'toll']).where('date', '=', today).where('kind', '=', 'store_direct').execute();
  t.ok(late.every((trip) => trip.status === 3 && trip.toll !== null), 'every round completed, its expenses recorded');
  const open = await db.selectFrom('deliveries').select('id').where('date', '=', today).where('vehicle_allocation_id', 'is not', null).where('status', '<>', 3).execute();
  t.same(open, [], 'every delivery on a round delivered');
  const records = await db.selectFrom('driver_work_records').select('clock_out').where('date', '=', today).execute();
  t.ok(records.length > 0 && records.every((r) => r.clock_out !== null), 'every driver clocked out');
});

t.test('a start on demo data loaded another day says when it was loaded and how to load it around today; not on its day, nor without demo data', async (t) => {
  const loaded = (await demoLoadedOn(db))!;
  t.match(loaded, /^\d{4}-\d{2}-\d{2}$/, 'the day is read from the demo');
  const onThatDay = tokyoInstant(loaded, '23:59');
  const nextDay = tokyoInstant(addDays(loaded, 1), '00:00');
  const pglite = loadConfig({ DATA_DIR: '/tmp/haisha-demo-data' });
  t.equal(await staleDemoNotice(db, pglite, onThatDay), null, 'the day it was loaded: nothing to say');
  const notice = await staleDemoNotice(db, pglite, nextDay);
  t.match(notice, `loaded on ${loaded.replaceAll('-', '/')}`, 'the next day: when it was loaded');
  t.match(notice, 'delete /tmp/haisha-demo-data and start again', 'and what to delete');
  t.match(await staleDemoNotice(db, loadConfig({ DATABASE_URL: 'postgres://localhost/haisha' }), nextDay), 'empty that database', 'on PostgreSQL: the database');
  t.equal(await staleDemoNotice(db, loadConfig({ DEMO_DATA: 'off' }), nextDay), null, 'without demo data: nothing');
});

t.test('every past day a driver completed a round has their working record: 出勤簿 never shows 欠勤 beside a trip', async (t) => {
  const driven = await db
    .selectFrom('vehicle_allocations')
    .select(['driver_id', 'date'])
    .distinct()
    .where('date', '<', today)
    .where('kind', '=', 'store_direct')
    .where('status', '=', 3)
    .where('driver_id', 'is not', null)
    .where('deleted_at', 'is', null)
    .execute();
  const recorded = new Set((await db.selectFrom('driver_work_records').select(['driver_id', 'date']).execute()).map((r) => `${r.driver_id} ${r.date}`));
  const days = new Set(driven.map((trip) => trip.date));
  t.ok(days.size >= 14, `rounds on each of the demo's past days (${days.size})`);
  t.same(driven.filter((trip) => !recorded.has(`${trip.driver_id} ${trip.date}`)), [], 'each with the driver’s record');
});
