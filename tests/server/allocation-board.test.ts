import t from 'tap';
import { tokyoToday } from '../../common/deliveries.js';
import { findActor } from '../../server/auth/actor.js';
import { addDays } from '../../common/allocation.js';
import { centerProposalTimes } from '../../server/allocation/board.js';
import { calculator } from '../../server/allocation/calculator.js';
import { LOAD_UNIT, TRIP_MODE } from '../../common/enums.js';
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
  t.same(await newTripTimes(), { planned_loading_start: iso(date, '06:30'), planned_departure: iso(date, '08:15'), load_unit: LOAD_UNIT.pallet });
  await storeTimes.set({ deleted_at: new Date() }).execute();
  t.same(await newTripTimes(), { planned_loading_start: iso(date, '07:00'), planned_departure: iso(date, '09:00'), load_unit: LOAD_UNIT.pallet }, 'no times kept: the defaults');
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

t.test('a new trip is counted in the unit the day’s deliveries come in; what is put on it brings its 荷姿, 方面 and 便形態', async (t) => {
  const date = dayAfterDemo(15);
  const boardOf = async () => (await center({ method: 'GET', url: `/api/vehicle_allocation/board?department_id=${fleet.center}&date=${date}` })).json();
  const sameDirection = stores.findIndex((s, i) => i > 0 && s.direction_id === stores[0]!.direction_id);
  const otherDirection = stores.findIndex((s) => s.direction_id !== stores[0]!.direction_id);
  const [a, b, c, pallet] = await deliveriesFor(date, [
    { store: 0, quantity: 6, load_unit: LOAD_UNIT.cageCart },
    { store: sameDirection, quantity: 6, load_unit: LOAD_UNIT.cageCart },
    { store: otherDirection, quantity: 2, load_unit: LOAD_UNIT.cageCart },
    { store: otherDirection, quantity: 1, load_unit: LOAD_UNIT.pallet },
  ]);
  t.equal((await boardOf()).new_trip.load_unit, LOAD_UNIT.cageCart, 'most of the day’s deliveries are cage carts: a new trip is counted in カゴ車');

  // A 4t truck takes 16 cage carts but 8 pallets: 12 cage carts fit, even on a trip made in pallets.
  const truck = fleet.vehicles.find((v) => (v.cage_cart_capacity ?? 0) >= 16 && (v.pallet_capacity ?? 0) < 12)!;
  t.ok(truck, 'the demo has a truck of 16 cage carts and fewer than 12 pallets');
  const trip = await newTrip(center, date, { vehicle_id: truck.id, load_unit: LOAD_UNIT.pallet });
  const put = await putStops(center, trip, [a!.id, b!.id]);
  t.equal(put.statusCode, 200, put.body);
  const carried = async () => db.selectFrom('vehicle_allocations').select(['id', 'load_unit', 'direction_id', 'trip_mode', 'quantity', 'version']).where('id', '=', trip.id).executeTakeFirstOrThrow();
  t.match(await carried(), { load_unit: LOAD_UNIT.cageCart, direction_id: stores[0]!.direction_id, trip_mode: TRIP_MODE.single, quantity: 12 }, 'cage carts dropped on it: counted in カゴ車, of their one direction');

  // A store of another direction: 混載, the direction most of its deliveries go to kept; back to one direction, 単独便 again.
  const mixed = await putStops(center, await carried(), [a!.id, b!.id, c!.id]);
  t.equal(mixed.statusCode, 200, mixed.body);
  t.match(await carried(), { load_unit: LOAD_UNIT.cageCart, direction_id: stores[0]!.direction_id, trip_mode: TRIP_MODE.withConsolidation });
  t.equal((await boardOf()).trips[0].trip_mode, TRIP_MODE.withConsolidation, 'the board shows it 混載');
  t.equal((await putStops(center, await carried(), [a!.id, b!.id])).statusCode, 200);
  t.match(await carried(), { direction_id: stores[0]!.direction_id, trip_mode: TRIP_MODE.single });
  // Emptied and filled again: an empty trip keeps what it has.
  t.equal((await putStops(center, await carried(), [])).statusCode, 200);
  t.match(await carried(), { load_unit: LOAD_UNIT.cageCart, direction_id: stores[0]!.direction_id, trip_mode: TRIP_MODE.single, quantity: 0 });
  t.equal((await putStops(center, await carried(), [a!.id, b!.id])).statusCode, 200);

  // Over the vehicle's cage carts: refused in カゴ車, with its figures.
  const more = await deliveriesFor(date, [{ store: 0, quantity: 5, load_unit: LOAD_UNIT.cageCart }]);
  const over = await putStops(center, await carried(), [a!.id, b!.id, more[0]!.id]);
  t.equal(over.statusCode, 400);
  t.equal(over.json().message, `積載上限を超えています（カゴ車：17 / 上限 ${truck.cage_cart_capacity}）。`);
  t.match(await carried(), { load_unit: LOAD_UNIT.cageCart, quantity: 12 }, 'nothing changed');

  // A pallet on its own trip: that trip is counted in パレット.
  const palletTrip = await newTrip(center, date, { load_unit: LOAD_UNIT.cageCart });
  t.equal((await putStops(center, palletTrip, [pallet!.id])).statusCode, 200);
  t.equal((await db.selectFrom('vehicle_allocations').select('load_unit').where('id', '=', palletTrip.id).executeTakeFirstOrThrow()).load_unit, LOAD_UNIT.pallet);
});

t.test('a vehicle back from its round is offered for the next (2回転目): from its return, after the center’s loading time, with its driver', async (t) => {
  const date = dayAfterDemo(14);
  const boardOf = async () => (await center({ method: 'GET', url: `/api/vehicle_allocation/board?department_id=${fleet.center}&date=${date}` })).json();
  const [vehicle, other] = [fleet.vehicles[0]!, fleet.vehicles[1]!];
  const first = await newTrip(center, date, {
    vehicle_id: vehicle.id,
    driver_id: fleet.drivers[0]!.id,
    planned_loading_start: at(date, '07:00'),
    planned_departure: at(date, '09:00'),
    planned_arrival: at(date, '12:30'),
  });
  const offered = async (id: number) => (await boardOf()).vehicles.find((v: { id: number }) => v.id === id);
  const { planned_loading_start, planned_departure } = (await boardOf()).new_trip;
  const loading = Date.parse(planned_departure) - Date.parse(planned_loading_start);
  t.match(await offered(vehicle.id), {
    busy: true,
    next_round: { round: 2, planned_loading_start: iso(date, '12:30'), planned_departure: new Date(Date.parse(iso(date, '12:30')) + loading).toISOString(), driver_id: fleet.drivers[0]!.id },
  });
  t.match(await offered(other.id), { busy: false, next_round: null }, 'a free vehicle has no next round');

  // The second round made at those times: no overlap with the first.
  const round = (await offered(vehicle.id)).next_round;
  const second = await center({
    method: 'POST',
    url: '/api/vehicle_allocation',
    payload: { date, kind: 'store_direct', department_id: fleet.center, vehicle_id: vehicle.id, driver_id: round.driver_id, planned_loading_start: round.planned_loading_start, planned_departure: round.planned_departure },
  });
  t.equal(second.statusCode, 201, second.body);
  t.match(await offered(vehicle.id), { busy: true, next_round: null }, 'a round without its return yet: no round offered after it');

  // A pinned round is left alone, as the calculator leaves it.
  const pinned = await newTrip(center, date, { vehicle_id: other.id, planned_loading_start: at(date, '07:00'), planned_departure: at(date, '09:00'), planned_arrival: at(date, '11:00'), pinned: true });
  t.ok(pinned.id);
  t.match(await offered(other.id), { busy: true, next_round: null });
  t.ok(first.id);
});
