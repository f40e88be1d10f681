import t from 'tap';
import { tokyoToday } from '../../common/deliveries.js';
import { addDays } from '../../common/allocation.js';
import { allocationWorld, at, iso, makeTrip, putStops } from './allocation-fixtures.js';
import { dayAfterDemo } from './helpers.js';

// 前日コピー: a day’s trips copied onto another day.

// What the tests share, set once before they run (allocation-fixtures.ts).
let { db, center, fleet, newTrip, deliveriesFor } = {} as Awaited<ReturnType<typeof allocationWorld>>;
t.before(async () => {
  ({ db, center, fleet, newTrip, deliveriesFor } = await allocationWorld(t));
});

t.test('copy of a day: drafts with vehicle, driver, route and times shifted; no deliveries; a busy vehicle left off and said so; twice creates nothing more', async (t) => {
  const from = dayAfterDemo(8);
  const to = dayAfterDemo(9);
  const vehicle = fleet.vehicles[6]!;
  const source = await newTrip(center, from, {
    vehicle_id: vehicle.id,
    driver_id: fleet.drivers[3]!.id,
    route_name: '城南1便',
    planned_loading_start: at(from, '06:00'),
    planned_departure: at(from, '07:00'),
    planned_arrival: at(from, '12:00'),
  });
  const [a] = await deliveriesFor(from, [{ store: 0 }]);
  const loaded = (await putStops(center, source, [a!.id])).json();
  await center({ method: 'POST', url: `/api/vehicle_allocation/${source.id}/confirm`, payload: { version: loaded.version } });
  const cancelled = await newTrip(center, from);
  await center({ method: 'DELETE', url: `/api/vehicle_allocation/${cancelled.id}?version=${cancelled.version}` });
  // A second round whose vehicle is already out at that hour on the day copied onto.
  const busyVehicle = fleet.vehicles[7]!;
  const second = await newTrip(center, from, { vehicle_id: busyVehicle.id, planned_loading_start: at(from, '13:00'), planned_arrival: at(from, '15:00') });
  await makeTrip(db, { date: to, department_id: fleet.center, vehicle_id: busyVehicle.id, planned_loading_start: at(to, '14:00'), planned_arrival: at(to, '16:00') });
  const copy = await center({ method: 'POST', url: '/api/vehicle_allocation/copy', payload: { from_date: from, to_date: to, department_id: fleet.center } });
  t.equal(copy.statusCode, 200, copy.body);
  t.same(copy.json(), { created: 2, skipped: 0, without_vehicle_or_driver: 1 }, 'the cancelled trip is not copied; the busy vehicle’s is, without it, and said so');
  const secondCopy = await db.selectFrom('vehicle_allocations').select('vehicle_id').where('date', '=', to).where('trip_no', '=', second.trip_no).where('kind', '=', 'store_direct').executeTakeFirstOrThrow();
  t.equal(secondCopy.vehicle_id, null, 'the second round copied without its busy vehicle');
  const [copied] = (await center({ method: 'GET', url: `/api/vehicle_allocation?date_from=${to}&date_to=${to}&_sort=trip_no` })).json();
  t.match(copied, { trip_no: source.trip_no, route_name: '城南1便', vehicle_id: vehicle.id, driver_id: fleet.drivers[3]!.id, status: 0, confirmed_at: null, quantity: 0, stop_count: 0 });
  t.equal(copied.planned_loading_start, iso(to, '06:00'));
  t.equal(copied.planned_arrival, iso(to, '12:00'));
  t.same((await center({ method: 'POST', url: '/api/vehicle_allocation/copy', payload: { from_date: from, to_date: to, department_id: fleet.center } })).json(), { created: 0, skipped: 2, without_vehicle_or_driver: 0 });
  const same = await center({ method: 'POST', url: '/api/vehicle_allocation/copy', payload: { from_date: from, to_date: from, department_id: fleet.center } });
  t.equal(same.statusCode, 400);
  const yesterday = addDays(tokyoToday(), -1);
  const tripCount = async (date: string) =>
    Number((await db.selectFrom('vehicle_allocations').select((eb) => eb.fn.countAll().as('n')).where('date', '=', date).executeTakeFirstOrThrow()).n);
  const tripsYesterday = await tripCount(yesterday);
  const past = await center({ method: 'POST', url: '/api/vehicle_allocation/copy', payload: { from_date: addDays(yesterday, -1), to_date: yesterday, department_id: fleet.center } });
  t.equal(past.statusCode, 400, 'not onto a past day');
  t.match(past.json(), { errors: { to_date: '過去の日付にはコピーできません。今日以降の日付を選択してください。' } });
  t.equal(await tripCount(yesterday), tripsYesterday, 'nothing copied onto it');
});

t.test('copy onto today: trips whose times have passed start from the next quarter hour, a vehicle’s second trip after its first returns, a later one as it was', async (t) => {
  const today = tokyoToday();
  const yesterday = addDays(today, -1);
  const busyToday = await db.selectFrom('vehicle_allocations').select('vehicle_id').where('date', '=', today).where('vehicle_id', 'is not', null).execute();
  const [vehicle, other] = fleet.vehicles.filter((v) => !busyToday.some((trip) => trip.vehicle_id === v.id));
  const source = (vehicle_id: number, start: string, departure: string, arrival: string) =>
    makeTrip(db, { date: yesterday, department_id: fleet.center, vehicle_id, planned_loading_start: at(yesterday, start), planned_departure: at(yesterday, departure), planned_arrival: at(yesterday, arrival) });
  const first = await source(vehicle!.id, '00:15', '00:30', '01:00');
  const second = await source(vehicle!.id, '01:00', '01:15', '02:00');
  const late = await source(other!.id, '23:30', '23:40', '23:55');
  const before = Date.now();
  const copy = await center({ method: 'POST', url: '/api/vehicle_allocation/copy', payload: { from_date: yesterday, to_date: today, department_id: fleet.center } });
  const after = Date.now();
  t.equal(copy.statusCode, 200, copy.body);
  const copied = await db.selectFrom('vehicle_allocations').selectAll().where('date', '=', today).where('trip_no', 'in', [first.trip_no, second.trip_no, late.trip_no]).orderBy('trip_no').execute();
  const [a, b, c] = copied;
  const step = 15 * 60_000;
  const nextStep = (ms: number) => Math.ceil(ms / step) * step;
  const startAt = (time: string) => Date.parse(at(today, time));
  t.same(copied.map((trip) => trip.vehicle_id), [vehicle!.id, vehicle!.id, other!.id], 'every trip keeps its vehicle');
  const expectedFirst = [nextStep(before), nextStep(after)].map((from) => Math.max(from, startAt('00:15')));
  t.ok(expectedFirst.includes(a!.planned_loading_start!.getTime()), `the first loads from the next quarter hour, not before: ${a!.planned_loading_start!.toISOString()}`);
  t.ok(a!.planned_loading_start!.getTime() >= Math.min(before, startAt('00:15')), 'never in the past');
  t.equal(a!.planned_departure!.getTime() - a!.planned_loading_start!.getTime(), 15 * 60_000, 'its loading time kept');
  t.equal(a!.planned_arrival!.getTime() - a!.planned_loading_start!.getTime(), 45 * 60_000, 'its length kept');
  t.equal(b!.planned_loading_start!.getTime(), Math.max(startAt('01:00'), a!.planned_arrival!.getTime()), 'the same vehicle’s second trip: after the first returns');
  t.equal(b!.planned_arrival!.getTime() - b!.planned_loading_start!.getTime(), 60 * 60_000, 'its length kept');
  t.equal(c!.planned_loading_start!.getTime(), Math.max(startAt('23:30'), a!.planned_loading_start!.getTime()), 'a trip still ahead keeps its time');
});
