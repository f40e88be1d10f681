import t from 'tap';
import { allocationWorld, makeDelivery, putStops, storesOf } from './allocation-fixtures.js';
import { dayAfterDemo, departmentId } from './helpers.js';

// Transfers between centers: demand and the trips covering it.

// What the tests share, set once before they run (allocation-fixtures.ts).
let { db, center, branch, fleet, stores, newTrip } = {} as Awaited<ReturnType<typeof allocationWorld>>;
t.before(async () => {
  ({ db, center, branch, fleet, stores, newTrip } = await allocationWorld(t));
});

t.test('transfers: demand from the shipping center to the direction’s center, covered by trips of the kind', async (t) => {
  const date = dayAfterDemo(14);
  const tomorrow = dayAfterDemo(15);
  const itabashi = await departmentId(db, 'CT-ITABASHI');
  const itabashiStore = (await storesOf(db, 'CT-ITABASHI'))[0]!;
  // Shipped by 品川 to a store served by 板橋: a transfer 品川 → 板橋.
  await makeDelivery(db, { date: tomorrow, department_id: fleet.center, delivery_destination_id: itabashiStore.id, quantity: 5, weight: 700 });
  await makeDelivery(db, { date: tomorrow, department_id: fleet.center, delivery_destination_id: itabashiStore.id, quantity: 2, load_unit: 1, weight: 100 });
  await makeDelivery(db, { date: tomorrow, department_id: fleet.center, delivery_destination_id: stores[0]!.id, quantity: 9 });
  await makeDelivery(db, { date, department_id: fleet.center, delivery_destination_id: itabashiStore.id, quantity: 1 });
  const transfer = await newTrip(center, date, { kind: 'between_centers_before', origin_department_id: fleet.center, destination_department_id: itabashi, quantity: 4 });
  t.equal(transfer.quantity, 4);
  const response = await center({ method: 'GET', url: `/api/vehicle_allocation/transfers?date=${date}&kind=between_centers_before` });
  t.equal(response.statusCode, 200, response.body);
  t.same(response.json().demand, [
    {
      origin_department_id: fleet.center,
      origin_department_name: '品川センター',
      destination_department_id: itabashi,
      destination_department_name: '板橋センター',
      pallets: 5,
      cage_carts: 2,
      weight: 800,
      covered_pallets: 4,
      covered_cage_carts: 0,
    },
  ]);
  t.same(response.json().trips.map((x: { id: number }) => x.id), [transfer.id]);
  // The chart's read-only bars: the day's other trips on the center's vehicles (a store-direct round, a same-day transfer).
  const at = (time: string) => `${date}T${time}:00+09:00`;
  const round = await newTrip(center, date, { vehicle_id: fleet.vehicles[2]!.id, planned_loading_start: at('08:00'), planned_arrival: at('12:00') });
  const sameDay = await newTrip(center, date, { kind: 'between_centers_today', origin_department_id: fleet.center, destination_department_id: itabashi, vehicle_id: fleet.vehicles[3]!.id, quantity: 1 });
  await newTrip(center, dayAfterDemo(16), { vehicle_id: fleet.vehicles[2]!.id });
  const busy = (await center({ method: 'GET', url: `/api/vehicle_allocation/transfers?date=${date}&kind=between_centers_before&department_id=${fleet.center}` })).json().busy;
  t.same(busy.map((x: { id: number; kind: string }) => [x.id, x.kind]), [[round.id, 'store_direct'], [sameDay.id, 'between_centers_today']], 'that day’s other trips, not the listed ones');
  t.equal((await center({ method: 'DELETE', url: `/api/vehicle_allocation/${sameDay.id}`, payload: { version: sameDay.version } })).statusCode, 200);
  // 板橋 plans a truck on the same lane: 品川's planner sees the lane covered by it, not its row.
  const byItabashi = await newTrip(branch, date, { kind: 'between_centers_before', department_id: itabashi, origin_department_id: fleet.center, destination_department_id: itabashi, quantity: 1 });
  const withOther = (await center({ method: 'GET', url: `/api/vehicle_allocation/transfers?date=${date}&kind=between_centers_before` })).json();
  t.match(withOther.demand, [{ destination_department_id: itabashi, pallets: 5, covered_pallets: 5 }], 'covered by the other center’s trip too');
  t.same(withOther.trips.map((x: { id: number }) => x.id), [transfer.id], 'the trips listed are the caller’s own');
  t.same(withOther.others.map((x: { id: number; department_name: string }) => [x.id, x.department_name]), [[byItabashi.id, '板橋センター']], 'the other center’s, apart');
  const located = (id: number) => db.selectFrom('departments').select(['latitude', 'longitude']).where('id', '=', id).executeTakeFirstOrThrow();
  const [shinagawaPoint, itabashiPoint] = [await located(fleet.center), await located(itabashi)];
  t.not(shinagawaPoint.latitude, itabashiPoint.latitude);
  t.same([byItabashi.origin_latitude, byItabashi.origin_longitude], [shinagawaPoint.latitude, shinagawaPoint.longitude], 'a transfer starts at its origin, not at the center planning it');
  t.equal((await branch({ method: 'DELETE', url: `/api/vehicle_allocation/${byItabashi.id}`, payload: { version: byItabashi.version } })).statusCode, 200);
  const today = (await center({ method: 'GET', url: `/api/vehicle_allocation/transfers?date=${date}&kind=between_centers_today` })).json();
  t.match(today.demand, [{ pallets: 1, covered_pallets: 0 }], 'same-day deliveries for the same-day kind');
  const missing = await center({ method: 'POST', url: '/api/vehicle_allocation', payload: { date, kind: 'between_centers_today', department_id: fleet.center } });
  t.equal(missing.statusCode, 400);
  t.ok(missing.json().errors.origin_department_id);
  const unknown = await center({ method: 'POST', url: '/api/vehicle_allocation', payload: { date, kind: 'between_centers_today', department_id: fleet.center, origin_department_id: fleet.center, destination_department_id: 999_999 } });
  t.equal(unknown.statusCode, 400);
  t.equal(unknown.json().errors.destination_department_id, '着センターが見つかりません。');
  const storeQuantity = await center({ method: 'POST', url: '/api/vehicle_allocation', payload: { date, kind: 'store_direct', department_id: fleet.center, quantity: 3 } });
  t.equal(storeQuantity.statusCode, 400, 'a store trip’s quantity comes from its deliveries');
  const stops = await putStops(center, transfer, []);
  t.equal(stops.statusCode, 409, 'transfer trips carry no deliveries');
});
