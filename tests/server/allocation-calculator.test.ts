import t from 'tap';
import { haversineKm, type Point } from '../../common/places.js';
import { addDays } from '../../common/allocation.js';
import { allocationWorld, at, makeDelivery, makeTrip, putStops, storesOf } from './allocation-fixtures.js';
import { dayAfterDemo } from './helpers.js';

// The calculator through the API: its figures, its proposal, accepting it (the algorithm alone: allocation-proposal.test.ts).

// What the tests share, set once before they run (allocation-fixtures.ts).
let { db, center, fleet, stores, newTrip, deliveriesFor, roundsOf, deliveryRows } = {} as Awaited<ReturnType<typeof allocationWorld>>;
t.before(async () => {
  ({ db, center, fleet, stores, newTrip, deliveriesFor, roundsOf, deliveryRows } = await allocationWorld(t));
});

type Row = { vehicle_id: number; round: number; delivery_ids: number[]; planned_loading_start: string; planned_departure: string; planned_arrival: string; driver_id: number | null };

t.test('the calculator: totals and vehicles needed per direction; accept makes drafts and never touches pinned trips', async (t) => {
  const date = dayAfterDemo(13);
  const pinnedVehicle = fleet.vehicles[3]!;
  const pinned = await newTrip(center, date, { vehicle_id: pinnedVehicle.id, pinned: true, planned_loading_start: at(date, '05:00'), planned_arrival: at(date, '06:00') });
  const [kept] = await deliveriesFor(date, [{ store: 0 }]);
  const pinnedLoaded = (await putStops(center, pinned, [kept!.id])).json();
  const specs = [
    { store: 0, quantity: 3, weight: 300 },
    { store: 1, quantity: 2, weight: 200 },
    { store: 2, quantity: 1, load_unit: 1, weight: 50 },
    { store: 11, quantity: 4, weight: 800 },
    { store: 20, quantity: 999, weight: 100 },
  ];
  const fresh = await deliveriesFor(date, specs);
  const response = await center({ method: 'GET', url: `/api/vehicle_allocation/calculator?department_id=${fleet.center}&date=${date}` });
  t.equal(response.statusCode, 200, response.body);
  const body = response.json();
  const first = body.directions.find((d: { direction_id: number }) => d.direction_id === stores[0]!.direction_id);
  t.match(first, { quantity: 7, pallets: 6, cage_carts: 1, weight: 650 }, 'the day’s load of the direction (the pinned trip’s delivery included)');
  t.equal(first.vehicles_needed.length, 1);
  t.ok(first.vehicles_needed[0].count >= 1);
  // Per vehicle type: a column for each type of the center's own vehicles, smallest first, with how many it has.
  const own = await db
    .selectFrom('vehicles as v')
    .innerJoin('vehicle_types as vt', 'vt.id', 'v.vehicle_type_id')
    .select(['vt.id', 'vt.max_loading_capacity'])
    .where('v.base_department_id', '=', fleet.center)
    .where('v.deleted_at', 'is', null)
    .where('v.temporary_registration_date', 'is', null)
    .execute();
  const ownTypes = [...new Map(own.map((v) => [v.id, v])).values()].sort((a, b) => (a.max_loading_capacity ?? 0) - (b.max_loading_capacity ?? 0) || a.id - b.id);
  t.same(
    body.vehicle_types.map((type: { id: number; vehicles: number }) => [type.id, type.vehicles]),
    ownTypes.map((type) => [type.id, own.filter((v) => v.id === type.id).length]),
    'the types of the center’s vehicles, smallest first, each with how many the center has',
  );
  t.same(
    first.vehicles_by_type.map((cell: { vehicle_type_id: number }) => cell.vehicle_type_id),
    ownTypes.map((type) => type.id),
    'a count for each of those types, in their order',
  );
  const recommended = first.vehicles_by_type.find((cell: { vehicle_type_id: number }) => cell.vehicle_type_id === first.vehicles_needed[0].vehicle_type_id);
  t.equal(recommended?.count, first.vehicles_needed[0].count, 'the recommended type’s count is among them');
  // The direction base's rounds a day (回転数) divide the loads among fewer vehicles: 999 pallets are many loads.
  const heavy = stores[20]!.direction_id!;
  const setRounds = await roundsOf(t, heavy);
  const calculated = async (trips_per_day: number) => {
    await setRounds(trips_per_day);
    const again = (await center({ method: 'GET', url: `/api/vehicle_allocation/calculator?department_id=${fleet.center}&date=${date}` })).json();
    return again.directions.find((d: { direction_id: number }) => d.direction_id === heavy);
  };
  const oneRound = await calculated(1);
  const loads = oneRound.vehicles_needed[0].trips;
  t.ok(loads > 2, `the direction’s day is many loads of its type (${loads})`);
  t.match(oneRound, { trips_per_day: 1, vehicles_needed: [{ trips: loads, count: loads }] }, 'one round a day: a vehicle per load');
  const threeRounds = await calculated(3);
  t.match(threeRounds, { trips_per_day: 3, vehicles_needed: [{ trips: loads, count: Math.ceil(loads / 3) }] }, 'three rounds a day: a third of the vehicles');
  const cell = threeRounds.vehicles_by_type.find((c: { vehicle_type_id: number }) => c.vehicle_type_id === threeRounds.vehicles_needed[0].vehicle_type_id);
  t.equal(cell.count, Math.ceil(loads / 3), 'the per-type columns count at the same rounds');
  t.ok(body.directions.every((d: { transfer_to: string | null }) => d.transfer_to === null), 'the center’s own directions');
  const proposed = body.proposal.flatMap((p: { delivery_ids: number[] }) => p.delivery_ids).sort((x: number, y: number) => x - y);
  t.same([...proposed, ...body.unassigned_delivery_ids].sort((x: number, y: number) => x - y), fresh.map((d) => d.id).sort((x, y) => x - y), 'every unallocated delivery, once');
  t.notOk(body.proposal.some((p: { vehicle_id: number }) => p.vehicle_id === pinnedVehicle.id), 'the pinned trip’s vehicle is not proposed');
  t.notOk(proposed.includes(kept!.id), 'the pinned trip’s delivery stays');
  t.same(body.unassigned, [{ delivery_id: fresh.at(-1)!.id, reason: 'overCapacity' }], '999 pallets: more than a vehicle of its own carries');
  // Shipped by 品川 to a store served by 板橋: its direction reads as a transfer to 板橋, as on the board.
  const itabashiStore = (await storesOf(db, 'CT-ITABASHI'))[0]!;
  await makeDelivery(db, { date: dayAfterDemo(18), department_id: fleet.center, delivery_destination_id: itabashiStore.id, quantity: 2 });
  const transfer = (await center({ method: 'GET', url: `/api/vehicle_allocation/calculator?department_id=${fleet.center}&date=${dayAfterDemo(18)}` })).json();
  t.match(transfer.directions, [{ direction_id: itabashiStore.direction_id, transfer_to: '板橋センター', quantity: 2 }]);

  const accepted = await center({
    method: 'POST',
    url: '/api/vehicle_allocation/calculator/accept',
    // A vehicle may run several rounds: each trip at the times proposed, as the page sends them.
    payload: { department_id: fleet.center, date, proposal: body.proposal.map(({ vehicle_id, driver_id, delivery_ids, planned_loading_start, planned_departure }: Row) => ({ vehicle_id, driver_id, delivery_ids, planned_loading_start, planned_departure })) },
  });
  t.equal(accepted.statusCode, 200, accepted.body);
  t.same(accepted.json(), { created: body.proposal.length });
  const after = await db.selectFrom('vehicle_allocations').selectAll().where('id', '=', pinned.id).executeTakeFirstOrThrow();
  t.equal(after.version, pinnedLoaded.version, 'the pinned trip is untouched');
  t.same((await deliveryRows([kept!.id]))[0]!.vehicle_allocation_id, pinned.id);
  const trips = (await center({ method: 'GET', url: `/api/vehicle_allocation?date_from=${date}&date_to=${date}` })).json();
  t.equal(trips.length, 1 + body.proposal.length);
  t.ok(trips.filter((x: { id: number }) => x.id !== pinned.id).every((x: { confirmed_at: null; status: number; stop_count: number }) => x.confirmed_at === null && x.status === 0 && x.stop_count > 0), 'drafts with stops');
  t.same((await deliveryRows(proposed)).map((r) => r.status), proposed.map(() => 1), 'the proposed deliveries are 配車済');
  // Accepting the same proposal again: its deliveries are on trips now.
  const twice = await center({ method: 'POST', url: '/api/vehicle_allocation/calculator/accept', payload: { department_id: fleet.center, date, proposal: [{ vehicle_id: fleet.vehicles[7]!.id, delivery_ids: [kept!.id] }] } });
  t.equal(twice.statusCode, 409, 'a pinned trip’s delivery cannot be taken');
  t.equal((await db.selectFrom('vehicle_allocations').select('id').where('date', '=', date).execute()).length, trips.length, 'nothing half-made');
});

t.test('the calculator: once no vehicle is left, a direction’s deliveries ride on a proposed trip with room (混載); too big for any, unassigned', async (t) => {
  const date = dayAfterDemo(17);
  const board = (await center({ method: 'GET', url: `/api/vehicle_allocation/board?department_id=${fleet.center}&date=${date}` })).json();
  const vehicles = [...board.vehicles].sort((a, b) => (b.max_loading_capacity ?? 0) - (a.max_loading_capacity ?? 0));
  const [free, ...others] = vehicles;
  for (const vehicle of others) await newTrip(center, date, { vehicle_id: vehicle.id, pinned: true });
  // Two stores of two directions that any arrival from 09:00 to noon suits.
  const open = await db
    .selectFrom('delivery_destinations as dd')
    .innerJoin('directions as dir', 'dir.id', 'dd.direction_id')
    .select(['dd.id', 'dd.direction_id', 'dd.latitude', 'dd.longitude'])
    .where('dir.department_id', '=', fleet.center)
    .where('dd.specified_time', 'is', null)
    .where((eb) => eb.or([eb('dd.start_time', 'is', null), eb('dd.start_time', '<=', '09:00')]))
    .where((eb) => eb.or([eb('dd.ending_time', 'is', null), eb('dd.ending_time', '>=', '12:00')]))
    .orderBy('dd.direction_id')
    .orderBy('dd.order')
    .execute();
  // A store of one direction (planned first: the lower id, it takes the vehicle) and a store of a later
  // direction nearer to the center.
  const centerPoint = (await db.selectFrom('departments').select(['latitude', 'longitude']).where('id', '=', fleet.center).executeTakeFirstOrThrow()) as Point;
  const fromCenter = (store: Point) => haversineKm(centerPoint, store);
  const pairs = open.flatMap((a) => open.filter((b) => b.direction_id! > a.direction_id! && fromCenter(b) < fromCenter(a)).map((b) => [a, b] as const));
  const [one, other] = pairs[0]!;
  const made = [];
  for (const [store, quantity] of [[one, 1], [other, 1], [other, free.pallet_capacity + 1]] as const) {
    made.push(await makeDelivery(db, { date, department_id: fleet.center, delivery_destination_id: store.id, quantity, weight: 100, load_unit: 0 }));
  }
  const body = (await center({ method: 'GET', url: `/api/vehicle_allocation/calculator?department_id=${fleet.center}&date=${date}` })).json();
  t.equal(body.proposal.length, 1, 'the one free vehicle');
  t.equal(body.proposal[0].vehicle_id, free.id);
  t.same([...body.proposal[0].delivery_ids].sort(), [made[0]!.id, made[1]!.id].sort(), 'both directions on it');
  t.same([...body.proposal[0].direction_ids].sort(), [one.direction_id, other.direction_id].sort(), 'and says so');
  t.equal(body.proposal[0].direction_id, body.proposal[0].direction_ids[0], 'its own direction first');
  // More pallets than the free vehicle carries: no vehicle free for it, or more than any vehicle of the center carries.
  const carriedBySome = vehicles.some((vehicle) => vehicle.pallet_capacity >= free.pallet_capacity + 1);
  t.same(body.unassigned, [{ delivery_id: made[2]!.id, reason: carriedBySome ? 'noVehicle' : 'overCapacity' }], 'more pallets than the trip has room for, and no other vehicle');
  t.same(body.unassigned_delivery_ids, [made[2]!.id]);
});

/** Two stores of one direction of 品川 open until 20:00 with no specified time. */
async function twoOpenStores() {
  const open = await db
    .selectFrom('delivery_destinations as dd')
    .innerJoin('directions as dir', 'dir.id', 'dd.direction_id')
    .select(['dd.id', 'dd.direction_id'])
    .where('dir.department_id', '=', fleet.center)
    .where('dd.specified_time', 'is', null)
    .where('dd.ending_time', '=', '20:00')
    .orderBy('dd.direction_id')
    .orderBy('dd.order')
    .execute();
  return open.filter((store) => open.filter((other) => other.direction_id === store.direction_id).length > 1);
}

t.test('the calculator: a direction run more than once a day sends a vehicle again when it is back (2回転目); accepted, both rounds are trips', async (t) => {
  const date = dayAfterDemo(20);
  const board = (await center({ method: 'GET', url: `/api/vehicle_allocation/board?department_id=${fleet.center}&date=${date}` })).json();
  const [free, ...others] = board.vehicles as { id: number; pallet_capacity: number }[];
  for (const vehicle of others) await newTrip(center, date, { vehicle_id: vehicle.id, pinned: true });
  // Two stores of one direction open until 20:00 with no specified time; together more pallets than the vehicle carries.
  const [a, b] = await twoOpenStores();
  t.equal(a!.direction_id, b!.direction_id, 'two open stores of one direction');
  const setRounds = await roundsOf(t, a!.direction_id!);
  const made = [
    await makeDelivery(db, { date, department_id: fleet.center, delivery_destination_id: a!.id, quantity: free.pallet_capacity, weight: 100, load_unit: 0 }),
    await makeDelivery(db, { date, department_id: fleet.center, delivery_destination_id: b!.id, quantity: 1, weight: 100, load_unit: 0 }),
  ];
  const calculate = async (rounds: number) => {
    await setRounds(rounds);
    return (await center({ method: 'GET', url: `/api/vehicle_allocation/calculator?department_id=${fleet.center}&date=${date}` })).json();
  };

  const once = await calculate(1);
  t.same(once.proposal.map((p: { vehicle_id: number; round: number }) => [p.vehicle_id, p.round]), [[free.id, 1]], 'one round a day: the one free vehicle, once');
  t.same(once.unassigned.map((u: { reason: string }) => u.reason), ['noVehicle'], 'and what it cannot carry waits for a vehicle');

  const twice = await calculate(2);
  const rows: Row[] = twice.proposal;
  t.same(rows.map((p) => [p.vehicle_id, p.round]), [[free.id, 1], [free.id, 2]], 'two rounds a day: the same vehicle goes again');
  t.same(rows.flatMap((p) => p.delivery_ids).sort((x, y) => x - y), made.map((d) => d.id).sort((x, y) => x - y), 'carrying both stores');
  t.same(twice.unassigned, []);
  const [first, second] = rows as [Row, Row];
  t.equal(second.planned_loading_start, first.planned_arrival, 'the second round loads when the first is back');
  t.ok(second.planned_departure > second.planned_loading_start && first.planned_departure < first.planned_arrival, 'each departs after loading and is back after it departs');
  t.equal(second.driver_id, first.driver_id, 'with the same driver');

  const accept = (chosen: Row[]) =>
    center({
      method: 'POST',
      url: '/api/vehicle_allocation/calculator/accept',
      payload: { department_id: fleet.center, date, proposal: chosen.map(({ vehicle_id, driver_id, delivery_ids, planned_loading_start, planned_departure }) => ({ vehicle_id, driver_id, delivery_ids, planned_loading_start, planned_departure })) },
    });
  // The first round accepted alone: calculated again, the vehicle still goes again once that trip is back.
  const firstOnly = await accept([first]);
  t.equal(firstOnly.statusCode, 200, firstOnly.body);
  const again: Row[] = (await calculate(2)).proposal;
  t.same(
    again.map((p) => [p.vehicle_id, p.round, p.delivery_ids, p.planned_loading_start, p.driver_id]),
    [[free.id, 2, second.delivery_ids, first.planned_arrival, first.driver_id]],
    'the rest is the accepted trip’s vehicle’s 2回転目, loading when it is back, with its driver',
  );
  const accepted = await accept(again);
  t.equal(accepted.statusCode, 200, accepted.body);
  const trips = await db
    .selectFrom('vehicle_allocations')
    .select(['vehicle_id', 'planned_loading_start', 'planned_departure'])
    .where('date', '=', date)
    .where('pinned', '=', false)
    .orderBy('planned_departure')
    .execute();
  t.same(
    trips.map((trip) => [trip.vehicle_id, trip.planned_loading_start?.toISOString(), trip.planned_departure?.toISOString()]),
    rows.map((p) => [p.vehicle_id, p.planned_loading_start, p.planned_departure]),
    'two trips of the vehicle, at the times proposed: back to back, no overlap',
  );
});

t.test('the calculator gives a vehicle a driver its proposed trip makes break no 2024 rule: its regular driver unless that one would, then another of its company', async (t) => {
  const date = dayAfterDemo(25);
  const delivery = await makeDelivery(db, { date, department_id: fleet.center, delivery_destination_id: stores[0]!.id, quantity: 1, weight: 100, load_unit: 0 });
  t.teardown(() => db.updateTable('deliveries').set({ deleted_at: new Date() }).where('id', '=', delivery.id).execute());
  const calculate = async () => (await center({ method: 'GET', url: `/api/vehicle_allocation/calculator?department_id=${fleet.center}&date=${date}` })).json().proposal[0];
  const drivers = (await center({ method: 'GET', url: `/api/vehicle_allocation/board?department_id=${fleet.center}&date=${date}` })).json().drivers as { id: number; default_vehicle_id: number | null; delivery_company_id: number }[];
  const first = await calculate();
  const regular = drivers.find((d) => d.default_vehicle_id === first.vehicle_id)!;
  t.equal(first.driver_id, regular.id, 'the vehicle’s regular driver');

  t.same(first.work_rule_warnings, [], 'who breaks nothing');

  // A driver back at 23:30 the evening before: 7 h 30 min of rest before a 07:00 loading, under the 9 h the rules allow.
  const backLate = async (driverId: number) => {
    const evening = await makeTrip(db, {
      date: addDays(date, -1),
      department_id: fleet.center,
      driver_id: driverId,
      planned_loading_start: at(addDays(date, -1), '14:00'),
      planned_departure: at(addDays(date, -1), '15:00'),
      planned_arrival: at(addDays(date, -1), '23:30'),
    });
    t.teardown(() => db.updateTable('vehicle_allocations').set({ deleted_at: new Date() }).where('id', '=', evening.id).execute());
  };
  await backLate(regular.id);
  const second = await calculate();
  t.equal(second.vehicle_id, first.vehicle_id, 'the same vehicle');
  const other = drivers.find((d) => d.id === second.driver_id);
  t.not(second.driver_id, regular.id, 'not the driver who would rest too little');
  t.equal(other?.delivery_company_id, regular.delivery_company_id, 'another driver of its company');
  t.same(second.work_rule_warnings, [], 'who breaks nothing');

  // Every driver of the company back late: the regular driver stays, and the proposal says what the trip makes him break.
  for (const driver of drivers.filter((d) => d.id !== regular.id && d.delivery_company_id === regular.delivery_company_id)) await backLate(driver.id);
  const third = await calculate();
  t.equal(third.driver_id, regular.id, 'the regular driver');
  t.match(third.work_rule_warnings, [{ code: 'workRules.restBetweenShifts', params: { level: 'violation', date, rest: 450, limit: 540 } }]);
});

t.test('the calculator: a direction without a default type takes the smallest free vehicle that carries it; a store no trip with room reaches in time is said so', async (t) => {
  const date = dayAfterDemo(19);
  const board = (await center({ method: 'GET', url: `/api/vehicle_allocation/board?department_id=${fleet.center}&date=${date}` })).json();
  // A store of 板橋's shipped from 品川: 品川 keeps no default type for its direction.
  const [itabashiStore] = await storesOf(db, 'CT-ITABASHI');
  const small = await makeDelivery(db, { date, department_id: fleet.center, delivery_destination_id: itabashiStore!.id, quantity: 1, weight: 100, load_unit: 0 });
  const first = (await center({ method: 'GET', url: `/api/vehicle_allocation/calculator?department_id=${fleet.center}&date=${date}` })).json();
  const smallest = Math.min(...board.vehicles.map((v: { max_loading_capacity: number }) => v.max_loading_capacity));
  const chosen = board.vehicles.find((v: { id: number }) => v.id === first.proposal[0].vehicle_id);
  t.same(first.proposal[0].delivery_ids, [small.id]);
  t.equal(chosen.max_loading_capacity, smallest, 'one pallet goes on the smallest vehicle, not the largest free');
  t.match(first.proposal[0], { vehicle_type_name: chosen.vehicle_type_name, load_unit: 0, pallet_capacity: chosen.pallet_capacity }, 'with what the planner needs to read its load');

  // One free vehicle left, taken by a store of the center’s first direction; a store of a later direction wants its goods at 05:00, before any departure.
  await db.updateTable('deliveries').set({ deleted_at: new Date() }).where('id', '=', small.id).execute();
  for (const vehicle of board.vehicles.filter((v: { id: number }) => v.id !== chosen.id)) await newTrip(center, date, { vehicle_id: vehicle.id, pinned: true });
  const firstStore = stores[0]!;
  const early = stores.find((store) => store.direction_id! > firstStore.direction_id!)!;
  const { specified_time } = await db.selectFrom('delivery_destinations').select('specified_time').where('id', '=', early.id).executeTakeFirstOrThrow();
  await db.updateTable('delivery_destinations').set({ specified_time: '05:00' }).where('id', '=', early.id).execute();
  t.teardown(() => db.updateTable('delivery_destinations').set({ specified_time }).where('id', '=', early.id).execute());
  const taken = await makeDelivery(db, { date, department_id: fleet.center, delivery_destination_id: firstStore.id, quantity: 1, weight: 100, load_unit: 0 });
  const late = await makeDelivery(db, { date, department_id: fleet.center, delivery_destination_id: early.id, quantity: 1, weight: 100, load_unit: 0 });
  const second = (await center({ method: 'GET', url: `/api/vehicle_allocation/calculator?department_id=${fleet.center}&date=${date}` })).json();
  t.same(
    second.proposal.map((p: { vehicle_id: number; delivery_ids: number[] }) => [p.vehicle_id, [...p.delivery_ids].sort()]),
    [[chosen.id, [taken.id, late.id].sort()]],
    'the free vehicle takes both: no plan reaches the 05:00 store in time, so it is reached late rather than left out',
  );
  t.same(second.unassigned, []);
  t.equal(second.summary.late_stops, 1, 'and the proposal says one stop is late');
});

t.test('the calculator keeps a driver within the 2024 rules’ daily binding given his day’s recorded work, a second round only after the first is back and loaded again, and uses no busy driver or vehicle', async (t) => {
  const date = dayAfterDemo(22);
  const board = (await center({ method: 'GET', url: `/api/vehicle_allocation/board?department_id=${fleet.center}&date=${date}` })).json();
  const drivers = board.drivers as { id: number; default_vehicle_id: number | null }[];
  const vehicles = board.vehicles as { id: number; pallet_capacity: number }[];
  const free = vehicles.find((v) => drivers.some((d) => d.default_vehicle_id === v.id))!;
  const regular = drivers.find((d) => d.default_vehicle_id === free.id)!;
  const others = vehicles.filter((v) => v !== free);
  for (const vehicle of others) await newTrip(center, date, { vehicle_id: vehicle.id, pinned: true });
  const [a, b] = await twoOpenStores();
  await (await roundsOf(t, a!.direction_id!))(2);
  const made = [
    await makeDelivery(db, { date, department_id: fleet.center, delivery_destination_id: a!.id, quantity: free.pallet_capacity, weight: 100, load_unit: 0 }),
    await makeDelivery(db, { date, department_id: fleet.center, delivery_destination_id: b!.id, quantity: 1, weight: 100, load_unit: 0 }),
  ];
  const calculate = async () => (await center({ method: 'GET', url: `/api/vehicle_allocation/calculator?department_id=${fleet.center}&date=${date}` })).json();
  const minutes = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 60_000;

  const [first, second] = (await calculate()).proposal as [Row, Row];
  t.same([first.vehicle_id, second.vehicle_id, first.driver_id], [free.id, free.id, regular.id], 'the free vehicle twice, with its regular driver');
  const loading = minutes(first.planned_loading_start, first.planned_departure);
  t.ok(loading > 0, `the center loads before a trip leaves (${loading} min)`);
  t.equal(minutes(first.planned_arrival, second.planned_departure), loading, 'the second round leaves once the first is back and loaded again');

  // The driver clocked in earlier that day: 13 h from then ends half an hour after the first round is back.
  const until = Date.parse(first.planned_arrival) + 30 * 60_000;
  const clockIn = new Date(until - 13 * 3_600_000);
  const record = await db.insertInto('driver_work_records').values({ driver_id: regular.id, date, clock_in: clockIn, clock_out: new Date(clockIn.getTime() + 30 * 60_000) }).returning('id').executeTakeFirstOrThrow();
  const limited = await calculate();
  t.same(limited.proposal.map((p: Row) => [p.vehicle_id, p.driver_id]), [[free.id, regular.id]], 'one round only: a second would bind him past 13 h');
  t.ok(limited.proposal.every((p: Row) => Date.parse(p.planned_arrival) <= until), 'back within his binding limit');
  t.equal(limited.unassigned.length, 1, 'the rest waits for a vehicle');
  await db.deleteFrom('driver_work_records').where('id', '=', record.id).execute();

  // The driver busy on another vehicle's fixed trip that day: his vehicle goes with another driver, and no busy vehicle goes.
  await newTrip(center, date, { vehicle_id: others[0]!.id, driver_id: regular.id, pinned: true, planned_loading_start: at(date, '12:00'), planned_arrival: at(date, '13:00') });
  const busy = await calculate();
  t.ok(busy.proposal.length > 0, 'a proposal');
  t.notOk(busy.proposal.some((p: Row) => p.driver_id === regular.id), 'without the busy driver');
  t.ok(busy.proposal.every((p: Row) => p.vehicle_id === free.id), 'on the one vehicle without a fixed trip');
  t.same(busy.proposal.flatMap((p: Row) => p.delivery_ids).sort((x: number, y: number) => x - y), made.map((d) => d.id).sort((x, y) => x - y), 'carrying both stores');
});
