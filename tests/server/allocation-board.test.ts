import t from 'tap';
import { tokyoToday } from '../../common/deliveries.js';
import { findActor } from '../../server/auth/actor.js';
import { addDays } from '../../common/allocation.js';
import { centerProposalTimes } from '../../server/allocation/board.js';
import { calculator } from '../../server/allocation/calculator.js';
import { formatDateTime } from '../../common/time.js';
import { allocationWorld, at, iso, makeDelivery, makeTrip, putStops, storesOf, userId } from './allocation-fixtures.js';
import { dayAfterDemo } from './helpers.js';

// The store-direct board and the planned window of the trips it makes.

// What the tests share, set once before they run (allocation-fixtures.ts).
let { db, center, fleet, stores, newTrip, deliveriesFor } = {} as Awaited<ReturnType<typeof allocationWorld>>;
t.before(async () => {
  ({ db, center, fleet, stores, newTrip, deliveriesFor } = await allocationWorld(t));
});

t.test('the board: unallocated deliveries by direction, trips with stops, vehicles with busy, drivers', async (t) => {
  const date = dayAfterDemo(12);
  const trip = await newTrip(center, date, { vehicle_id: fleet.vehicles[0]!.id, driver_id: fleet.drivers[0]!.id });
  const [a, b, c] = await deliveriesFor(date, [{ store: 0 }, { store: 1 }, { store: 20 }]);
  await putStops(center, trip, [a!.id]);
  const response = await center({ method: 'GET', url: `/api/vehicle_allocation/board?department_id=${fleet.center}&date=${date}` });
  t.equal(response.statusCode, 200, response.body);
  const body = response.json();
  t.same(body.unallocated.map((g: { direction_id: number }) => g.direction_id), [stores[1]!.direction_id, stores[20]!.direction_id].filter((v, i, all) => all.indexOf(v) === i));
  t.same(body.unallocated.flatMap((g: { deliveries: { id: number }[] }) => g.deliveries.map((d) => d.id)), [b!.id, c!.id]);
  t.same(body.trips.map((x: { id: number }) => x.id), [trip.id]);
  t.equal(body.trips[0].stops[0].deliveries[0].id, a!.id);
  // The map's figures: the center's coordinates, each pool store's, the vehicle's m³ (平均容積) beside the trip's m³.
  const centerRow = await db.selectFrom('departments').select(['name', 'latitude', 'longitude']).where('id', '=', fleet.center).executeTakeFirstOrThrow();
  t.same(body.center, centerRow);
  const storeOf = await db.selectFrom('delivery_destinations').select(['latitude', 'longitude']).where('id', '=', stores[1]!.id).executeTakeFirstOrThrow();
  t.match(body.unallocated.flatMap((g: { deliveries: unknown[] }) => g.deliveries)[0], storeOf);
  const vehicle = await db.selectFrom('vehicles').select('average_volume').where('id', '=', fleet.vehicles[0]!.id).executeTakeFirstOrThrow();
  t.equal(body.trips[0].volume_capacity, vehicle.average_volume);
  t.equal(body.vehicles.find((v: { id: number }) => v.id === fleet.vehicles[0]!.id).busy, true);
  t.equal(body.vehicles.find((v: { id: number }) => v.id === fleet.vehicles[1]!.id).busy, false);
  t.equal(body.vehicles.length, fleet.vehicles.length);
  t.equal(body.drivers.length, fleet.drivers.length);
  const driverOf = (id: number) => body.drivers.find((d: { id: number }) => d.id === id);
  t.match([driverOf(fleet.drivers[0]!.id), driverOf(fleet.drivers[1]!.id)], [{ busy: true }, { busy: false }], 'a driver on a live trip that day is busy');
  const regular = await db.selectFrom('drivers').select(['id', 'default_vehicle_id']).where('id', 'in', fleet.drivers.map((d) => d.id)).execute();
  t.same(
    regular.map((d) => driverOf(d.id).default_vehicle_id),
    regular.map((d) => d.default_vehicle_id),
    'each driver with the regular vehicle (担当車両) a new trip fills them in for',
  );
  t.ok(regular.some((d) => d.default_vehicle_id !== null), 'the demo gives drivers regular vehicles');
  t.ok(body.unallocated.every((g: { transfer_to: string | null }) => g.transfer_to === null), 'the center’s own directions');
  // Shipped by 品川 to a store served by 板橋: its direction is marked as a transfer to 板橋.
  const itabashiStore = (await storesOf(db, 'CT-ITABASHI'))[0]!;
  await makeDelivery(db, { date, department_id: fleet.center, delivery_destination_id: itabashiStore.id, quantity: 2 });
  const withTransfer = (await center({ method: 'GET', url: `/api/vehicle_allocation/board?department_id=${fleet.center}&date=${date}` })).json();
  t.match(withTransfer.unallocated.find((g: { direction_id: number }) => g.direction_id === itabashiStore.direction_id), { transfer_to: '板橋センター' });
  // A new trip starts at the center's 稼働時間 for store delivery, else at 07:00 / 09:00.
  const newTripTimes = async () => (await center({ method: 'GET', url: `/api/vehicle_allocation/board?department_id=${fleet.center}&date=${date}` })).json().new_trip;
  const storeTimes = db.updateTable('operation_times').where('department_id', '=', fleet.center).where('delivery_type', '=', 1);
  await storeTimes.set({ loading_start: '06:30', departure: '08:15' }).execute();
  t.same(await newTripTimes(), { planned_loading_start: iso(date, '06:30'), planned_departure: iso(date, '08:15') });
  await storeTimes.set({ deleted_at: new Date() }).execute();
  t.same(await newTripTimes(), { planned_loading_start: iso(date, '07:00'), planned_departure: iso(date, '09:00') }, 'no times kept: the defaults');
});

t.test('the board gives each driver his binding budget of the day: the limit, and his work besides the board’s trips', async (t) => {
  const date = dayAfterDemo(13);
  const [driver, other] = fleet.drivers;
  // On the board: a store trip 09:00-12:00. Elsewhere: a transfer 05:00-07:30 the same day, and a recorded day before.
  await newTrip(center, date, {
    vehicle_id: fleet.vehicles[0]!.id,
    driver_id: driver!.id,
    planned_loading_start: at(date, '09:00'),
    planned_departure: at(date, '09:30'),
    planned_arrival: at(date, '12:00'),
  });
  await makeTrip(db, {
    date,
    department_id: fleet.center,
    kind: 'between_centers_today',
    driver_id: driver!.id,
    planned_loading_start: at(date, '05:00'),
    planned_departure: at(date, '05:30'),
    planned_arrival: at(date, '07:30'),
  });
  const body = (await center({ method: 'GET', url: `/api/vehicle_allocation/board?department_id=${fleet.center}&date=${date}` })).json();
  const bindingOf = (id: number) => body.drivers.find((d: { id: number }) => d.id === id).binding;
  t.same(bindingOf(driver!.id), { minutes: 13 * 60, start: iso(date, '05:00'), end: iso(date, '07:30') }, 'the transfer counts; the board’s own trip is left to the screen');
  t.same(bindingOf(other!.id), { minutes: 13 * 60, start: null, end: null }, 'a driver with nothing else that day: the whole 13 h');
});

t.test('a trip planned today after the center’s loading start loads from the next quarter hour and leaves after its usual loading time; any other day at the center’s times', async (t) => {
  // 品川's store delivery: loading 07:00, departure 09:00, work end 18:00.
  const day = tokyoToday();
  const shown = (date: string, ...clocks: string[]) => clocks.map((clock) => `${date.replaceAll('-', '/')} ${clock}`);
  const times = async (date: string, now: string, nowDay = day) => {
    const planned = await centerProposalTimes(db, fleet.center, date, new Date(at(nowDay, now)));
    return [planned.loadingStart, planned.departure, planned.workEnd].map((instant) => formatDateTime(instant));
  };
  t.same(await times(day, '06:40'), shown(day, '07:00', '09:00', '18:00'), 'before the loading start: the center’s times');
  t.same(await times(day, '07:00'), shown(day, '07:00', '09:00', '18:00'), 'at it');
  t.same(await times(day, '11:05'), shown(day, '11:15', '13:15', '18:00'), 'after it: from the next quarter hour, with two hours of loading');
  t.same(await times(day, '11:15'), shown(day, '11:15', '13:15', '18:00'), 'on a quarter hour: from it');
  t.same(await times(day, '19:05'), shown(day, '19:15', '21:15', '21:15'), 'after the work end: the day closes at the departure');
  const tomorrow = addDays(day, 1);
  t.same(await times(tomorrow, '11:05'), shown(tomorrow, '07:00', '09:00', '18:00'), 'tomorrow: the center’s times');
  t.same(await times(day, '11:05', tomorrow), shown(day, '07:00', '09:00', '18:00'), 'a day gone by, planned after the fact: the center’s times');

  // Through the board, at whatever hour this runs: today's 新規便 never starts loading before the request.
  const before = Date.now();
  const { new_trip } = (await center({ method: 'GET', url: `/api/vehicle_allocation/board?department_id=${fleet.center}&date=${day}` })).json();
  t.ok(Date.parse(new_trip.planned_loading_start) >= before, `not in the past: ${new_trip.planned_loading_start}`);
  t.equal(Date.parse(new_trip.planned_departure) - Date.parse(new_trip.planned_loading_start), 2 * 3_600_000, 'two hours of loading');

  // The calculator at noon (the demo's day as seeded at 07:05): its unallocated deliveries go on trips loading from 12:00.
  const actor = (await findActor(db, await userId(db, 'center')))!;
  const { proposal } = await calculator(db, actor, fleet.center, day, new Date(at(day, '12:00')), { seconds: 1, seed: 1 });
  t.ok(proposal.length > 0, 'the demo leaves deliveries to plan today');
  t.same(
    proposal.map((trip) => formatDateTime(trip.planned_loading_start)),
    proposal.map((trip) => (trip.round === 1 ? shown(day, '12:00')[0] : formatDateTime(trip.planned_loading_start))),
    'first rounds load at 12:00',
  );
  t.ok(proposal.every((trip) => trip.planned_loading_start.getTime() >= Date.parse(at(day, '12:00'))), 'no trip loads before noon');
});
