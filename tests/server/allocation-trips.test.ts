import t from 'tap';
import { addDays } from '../../common/deliveries.js';
import { allocationWorld, at, companyId, fleetOf, makeDelivery, makeTrip, putStops, storesOf, userId } from './allocation-fixtures.js';
import { dayAfterDemo, departmentId, signedIn } from './helpers.js';

// Trips: creating and changing one, capacity, one trip at a time per vehicle and driver, handled trips, stale versions, refusals, cancel / confirm / loading start, scope.

// What the tests share, set once before they run (allocation-fixtures.ts).
let { app, db, center, branch, fleet, stores, newTrip, deliveriesFor, deliveryRows } = {} as Awaited<ReturnType<typeof allocationWorld>>;
t.before(async () => {
  ({ app, db, center, branch, fleet, stores, newTrip, deliveriesFor, deliveryRows } = await allocationWorld(t));
});

t.test('a trip is created with the next trip number and the vehicle’s carrier; stops are built per store in order', async (t) => {
  const date = dayAfterDemo(1);
  const vehicle = fleet.vehicles[1]!;
  const first = await newTrip(center, date, { vehicle_id: vehicle.id, driver_id: fleet.drivers[1]!.id, planned_departure: at(date, '08:00') });
  const second = await newTrip(center, date);
  t.equal(first.trip_no, 1);
  t.equal(second.trip_no, 2, 'the next free trip number');
  t.equal(first.delivery_company_id, await companyId(db, 'DC-TOTO'), 'delivery company from the vehicle');
  t.equal(first.vehicle_number, vehicle.vehicle_number);
  t.equal(first.status, 0);
  t.equal(first.updated_by_name, '高橋 健');

  const [a, b, c, d] = await deliveriesFor(date, [{ store: 0 }, { store: 1, quantity: 2 }, { store: 0, quantity: 3 }, { store: 2 }]);
  // a and c go to the same store: one stop, where its first delivery comes.
  let response = await putStops(center, first, [b!.id, a!.id, c!.id, d!.id], [1, 2, 3, 4]);
  t.equal(response.statusCode, 200, response.body);
  let trip = response.json();
  t.same(trip.stops.map((s: { delivery_destination_id: number }) => s.delivery_destination_id), [stores[1]!.id, stores[0]!.id, stores[2]!.id]);
  t.same(trip.stops.map((s: { seq: number }) => s.seq), [1, 2, 3]);
  t.same(trip.stops[1].deliveries.map((x: { id: number }) => x.id), [a!.id, c!.id]);
  t.equal(trip.quantity, 7, 'totals recomputed');
  t.equal(trip.weight, 400);
  t.equal(trip.stop_count, 3);
  t.equal(trip.version, first.version + 1);
  t.ok(trip.stops.every((s: { planned_arrival: string | null }) => s.planned_arrival !== null), 'planned arrivals from the planned departure');
  t.ok(new Date(trip.stops[0].planned_arrival) > new Date(at(date, '08:00')), 'after the departure');
  t.same(
    (await deliveryRows([a!.id, b!.id, c!.id, d!.id])).map((r) => [r.status, r.vehicle_allocation_id, r.stop_seq]),
    [[1, first.id, 2], [1, first.id, 1], [1, first.id, 2], [1, first.id, 3]],
    'deliveries are 配車済 with their stop',
  );

  // One more delivery, the others at the stop they have: only the new one is written.
  const [e] = await deliveriesFor(date, [{ store: 2 }]);
  const written = (ids: number[]) => db.selectFrom('deliveries').select(['id', 'version', 'updated_at']).where('id', 'in', ids).orderBy('id').execute();
  const before = await written([a!.id, b!.id, c!.id, d!.id]);
  response = await putStops(center, trip, [b!.id, a!.id, c!.id, d!.id, e!.id], [1, 2, 2, 3, 3]);
  t.equal(response.statusCode, 200, response.body);
  trip = response.json();
  t.same(await written([a!.id, b!.id, c!.id, d!.id]), before, 'the deliveries already in place are not written again');
  t.same((await deliveryRows([e!.id])).map((r) => [r.status, r.vehicle_allocation_id, r.stop_seq]), [[1, first.id, 3]], 'the new one joins its store’s stop');

  // The complete new list: d omitted goes back to 未配車; the rest reordered.
  response = await putStops(center, trip, [d!.id, a!.id].filter((id) => id !== d!.id).concat(c!.id, b!.id));
  t.equal(response.statusCode, 200, response.body);
  trip = response.json();
  t.equal(trip.quantity, 6);
  t.same((await deliveryRows([d!.id])).map((r) => [r.status, r.vehicle_allocation_id, r.stop_seq]), [[0, null, null]], 'omitted: unallocated');

  // Detail and list.
  const shown = (await center({ method: 'GET', url: `/api/vehicle_allocation/${first.id}` })).json();
  t.equal(shown.stops.length, 2);
  const centerPoint = await db.selectFrom('departments').select(['latitude', 'longitude']).where('id', '=', fleet.center).executeTakeFirstOrThrow();
  t.ok(centerPoint.latitude !== null && centerPoint.longitude !== null, 'the demo center is located');
  t.same([shown.origin_latitude, shown.origin_longitude], [centerPoint.latitude, centerPoint.longitude], 'the map starts at the planning center');
  const list = await center({ method: 'GET', url: `/api/vehicle_allocation?date_from=${date}&date_to=${date}` });
  t.equal(list.statusCode, 200);
  t.equal(list.headers['x-total-count'], '2');
  t.same(list.json().map((r: { trip_no: number }) => r.trip_no), [1, 2]);
  const tooLong = await center({ method: 'GET', url: '/api/vehicle_allocation?date_from=2026-01-01&date_to=2026-02-01' });
  t.equal(tooLong.statusCode, 400);
  t.equal(tooLong.json().errors.date_to, '期間は31日以内で指定してください。');
});

t.test('capacity: exactly at the limit is accepted, one over is refused with the figures', async (t) => {
  const date = dayAfterDemo(2);
  const vehicle = fleet.vehicles[0]!; // 2t: 4 pallets, 10 cage carts, 2000 kg
  t.equal(vehicle.pallet_capacity, 4);
  const trip = await newTrip(center, date, { vehicle_id: vehicle.id });
  const four = await deliveriesFor(date, [{ store: 0, quantity: 2, weight: 500 }, { store: 1, quantity: 2, weight: 500 }]);
  const one = (await deliveriesFor(date, [{ store: 2, quantity: 1, weight: 10 }]))[0]!;
  const ok = await putStops(center, trip, four.map((d) => d.id));
  t.equal(ok.statusCode, 200, '4 of 4 pallets: accepted');
  const over = await putStops(center, ok.json(), [...four.map((d) => d.id), one.id]);
  t.equal(over.statusCode, 400);
  t.equal(over.json().message, '積載上限を超えています（パレット：5 / 上限 4）。');
  const en = await center({ ...{ method: 'PUT', url: `/api/vehicle_allocation/${trip.id}/stops` }, headers: { 'accept-language': 'en' }, payload: { version: ok.json().version, stops: [...four, one].map((d, i) => ({ delivery_id: d.id, seq: i + 1 })) } });
  t.equal(en.json().message, 'Over the load limit (pallets: 5 of 4).');
  t.same((await deliveryRows([one.id]))[0]!.status, 0, 'nothing half-written: the refused delivery stays unallocated');
  t.equal((await center({ method: 'GET', url: `/api/vehicle_allocation/${trip.id}` })).json().quantity, 4);

  // Weight: cage carts on the same vehicle, 2000 kg accepted, 2001 refused.
  const cages = await newTrip(center, date, { vehicle_id: vehicle.id, load_unit: 1, planned_loading_start: at(date, '13:00'), planned_arrival: at(date, '14:00') });
  const heavy = await deliveriesFor(date, [{ store: 3, quantity: 1, weight: 1999, load_unit: 1 }, { store: 4, quantity: 1, weight: 1, load_unit: 1 }]);
  const atLimit = await putStops(center, cages, heavy.map((d) => d.id));
  t.equal(atLimit.statusCode, 200, '2000 kg of 2000: accepted');
  await db.updateTable('deliveries').set({ weight: 2 }).where('id', '=', heavy[1]!.id).execute();
  const reorder = await putStops(center, atLimit.json(), [heavy[1]!.id, heavy[0]!.id]);
  t.equal(reorder.statusCode, 400);
  t.equal(reorder.json().message, '積載上限を超えています（重量(kg)：2001 / 上限 2000）。');
  // Changing to a smaller vehicle under a load is refused too.
  const bigLoad = await newTrip(center, date, { vehicle_id: fleet.vehicles[3]!.id, planned_loading_start: at(date, '15:00'), planned_arrival: at(date, '16:00') });
  const six = await deliveriesFor(date, [{ store: 5, quantity: 6 }]);
  const loaded = (await putStops(center, bigLoad, six.map((d) => d.id))).json();
  const smaller = await center({ method: 'PATCH', url: `/api/vehicle_allocation/${bigLoad.id}`, payload: { version: loaded.version, vehicle_id: fleet.vehicles[4]!.id } });
  t.equal(smaller.statusCode, 400, 'a 2t vehicle for 6 pallets');
});

t.test('a vehicle or a driver is on one trip at a time', async (t) => {
  const date = dayAfterDemo(3);
  const vehicle = fleet.vehicles[2]!;
  const driver = fleet.drivers[2]!;
  const first = await newTrip(center, date, { vehicle_id: vehicle.id, driver_id: driver.id, planned_loading_start: at(date, '06:00'), planned_arrival: at(date, '12:00') });
  const overlapping = { planned_loading_start: at(date, '11:00'), planned_arrival: at(date, '15:00') };
  const busy = await center({ method: 'POST', url: '/api/vehicle_allocation', payload: { date, kind: 'store_direct', department_id: fleet.center, vehicle_id: vehicle.id, ...overlapping } });
  t.equal(busy.statusCode, 409);
  t.equal(busy.json().message, `この車両は同じ時間帯に便${first.trip_no}（${date.replaceAll('-', '/')}）に配車されています。`);
  const driverBusy = await center({ method: 'POST', url: '/api/vehicle_allocation', payload: { date, kind: 'store_direct', department_id: fleet.center, driver_id: driver.id, ...overlapping } });
  t.equal(driverBusy.statusCode, 409);
  t.equal(driverBusy.json().message, `このドライバーは同じ時間帯に便${first.trip_no}（${date.replaceAll('-', '/')}）に配車されています。`);
  const backToBack = await newTrip(center, date, { vehicle_id: vehicle.id, driver_id: driver.id, planned_loading_start: at(date, '12:00'), planned_arrival: at(date, '15:00') });
  t.equal(backToBack.vehicle_id, vehicle.id, 'back to back is no overlap');
  // Moving the later trip's window into the first is refused; the vehicle elsewhere is fine.
  const moved = await center({ method: 'PATCH', url: `/api/vehicle_allocation/${backToBack.id}`, payload: { version: backToBack.version, planned_loading_start: at(date, '11:59') } });
  t.equal(moved.statusCode, 409);
  // A cancelled trip frees its vehicle.
  t.equal((await center({ method: 'DELETE', url: `/api/vehicle_allocation/${first.id}?version=${first.version}` })).statusCode, 200);
  const retry = await center({ method: 'POST', url: '/api/vehicle_allocation', payload: { date, kind: 'store_direct', department_id: fleet.center, vehicle_id: vehicle.id, driver_id: driver.id, planned_loading_start: at(date, '07:00'), planned_arrival: at(date, '11:00') } });
  t.equal(retry.statusCode, 201, 'the cancelled trip no longer holds them');
});

t.test('a trip handled by the app or the delivery list keeps its vehicle, driver and deliveries', async (t) => {
  const date = dayAfterDemo(4);
  const trip = await newTrip(center, date, { vehicle_id: fleet.vehicles[1]!.id, driver_id: fleet.drivers[0]!.id });
  const [a, b, c] = await deliveriesFor(date, [{ store: 0 }, { store: 1 }, { store: 2 }]);
  const other = (await putStops(center, await newTrip(center, date), [c!.id])).json();
  let current = (await putStops(center, trip, [a!.id, b!.id])).json();
  await db.updateTable('vehicle_allocations').set({ handled_at: new Date() }).where('id', '=', trip.id).execute();
  const message = 'モバイルアプリまたは配送一覧で処理済みのため変更できません。配送一覧でドライバーを変更してください。';
  const change = await center({ method: 'PATCH', url: `/api/vehicle_allocation/${trip.id}`, payload: { version: current.version, driver_id: fleet.drivers[1]!.id } });
  t.equal(change.statusCode, 409);
  t.equal(change.json().message, message);
  const vehicle = await center({ method: 'PATCH', url: `/api/vehicle_allocation/${trip.id}`, payload: { version: current.version, vehicle_id: null } });
  t.equal(vehicle.statusCode, 409, 'removing the vehicle too');
  const off = await putStops(center, current, [a!.id]);
  t.equal(off.statusCode, 409);
  t.equal(off.json().message, message);
  const en = await center({ method: 'PUT', url: `/api/vehicle_allocation/${trip.id}/stops`, headers: { 'accept-language': 'en' }, payload: { version: current.version, stops: [{ delivery_id: a!.id, seq: 1 }] } });
  t.match(en.json().message, /already been handled by the mobile app or the delivery list\. Change the driver in the delivery list/);
  const move = await center({ method: 'POST', url: '/api/vehicle_allocation/move', payload: { from: { id: trip.id, version: current.version }, to: { id: other.id, version: other.version }, delivery_ids: [a!.id] } });
  t.equal(move.statusCode, 409, 'moving off');
  const onto = await center({ method: 'POST', url: '/api/vehicle_allocation/move', payload: { from: { id: other.id, version: other.version }, to: { id: trip.id, version: current.version }, delivery_ids: [c!.id] } });
  t.equal(onto.statusCode, 409, 'moving onto it');
  t.equal(onto.json().message, message);
  const cancel = await center({ method: 'DELETE', url: `/api/vehicle_allocation/${trip.id}`, payload: { version: current.version } });
  t.equal(cancel.statusCode, 409, 'cancelling would move its deliveries off');
  const reorder = await putStops(center, current, [b!.id, a!.id]);
  t.equal(reorder.statusCode, 200, 'reordering the same deliveries is still allowed');
  current = reorder.json();
  const note = await center({ method: 'PATCH', url: `/api/vehicle_allocation/${trip.id}`, payload: { version: current.version, toll: 1200, driver_id: fleet.drivers[0]!.id } });
  t.equal(note.statusCode, 200, 'other fields, and the same driver, are fine');
  t.same((await deliveryRows([a!.id, b!.id, c!.id])).map((r) => r.vehicle_allocation_id), [trip.id, trip.id, other.id]);
});

t.test('a stale version is a 409 naming who changed the trip; nothing is lost', async (t) => {
  const date = dayAfterDemo(5);
  const trip = await newTrip(center, date);
  const target = await newTrip(center, date);
  const [a, b, c] = await deliveriesFor(date, [{ store: 0 }, { store: 1 }, { store: 2 }]);
  const byBranch = await putStops(branch, trip, [a!.id, b!.id]);
  t.equal(byBranch.statusCode, 200);
  const stale = await putStops(center, trip, [c!.id]);
  t.equal(stale.statusCode, 409);
  t.equal(stale.json().message, '鈴木 一郎さんがこの便を更新しました。画面を再読み込みしてから操作してください。');
  t.same((await deliveryRows([a!.id, b!.id, c!.id])).map((r) => r.vehicle_allocation_id), [trip.id, trip.id, null], "the branch's stops stand");
  const edit = await center({ method: 'PATCH', url: `/api/vehicle_allocation/${trip.id}`, payload: { version: trip.version, route_name: '古い版' } });
  t.equal(edit.statusCode, 409, 'edit with the old version');
  const move = await center({ method: 'POST', url: '/api/vehicle_allocation/move', payload: { from: { id: trip.id, version: trip.version }, to: { id: target.id, version: target.version }, delivery_ids: [a!.id] } });
  t.equal(move.statusCode, 409, 'move with the old version');
  const current = byBranch.json();
  const moved = await center({ method: 'POST', url: '/api/vehicle_allocation/move', payload: { from: { id: trip.id, version: current.version }, to: { id: target.id, version: target.version }, delivery_ids: [a!.id] } });
  t.equal(moved.statusCode, 200, moved.body);
  t.same(moved.json().from.stops.map((s: { deliveries: { id: number }[] }) => s.deliveries.map((d) => d.id)), [[b!.id]]);
  t.same(moved.json().to.stops.map((s: { deliveries: { id: number }[] }) => s.deliveries.map((d) => d.id)), [[a!.id]]);
  t.equal(moved.json().to.version, target.version + 1);
  const row = await db.selectFrom('vehicle_allocations').select(['route_name', 'updated_by']).where('id', '=', trip.id).executeTakeFirstOrThrow();
  t.same(row, { route_name: null, updated_by: await userId(db, 'center') }, 'the stale edit wrote nothing; writes set updated_by');
});

t.test('a day or an instant that does not exist is refused naming the field, in the caller’s language; nothing is written', async (t) => {
  const date = dayAfterDemo(21);
  const trips = () => db.selectFrom('vehicle_allocations').select('id').where('department_id', '=', fleet.center).execute();
  const before = (await trips()).length;
  const post = (payload: Record<string, unknown>, language = 'ja') =>
    center({ method: 'POST', url: '/api/vehicle_allocation', payload: { date, kind: 'store_direct', department_id: fleet.center, ...payload }, headers: { 'accept-language': language } });
  const unreal = await post({ date: '2026-13-40' });
  t.equal(unreal.statusCode, 400);
  t.same(unreal.json().errors, { date: '日付は正しい日付（YYYY-MM-DD）で指定してください。' });
  t.same((await post({ date: '2027-02-29' }, 'en')).json().errors, { date: 'Date must be a valid date (YYYY-MM-DD).' });
  const departure = await post({ planned_departure: '2026-02-30T08:00:00+09:00' });
  t.equal(departure.statusCode, 400);
  t.same(Object.keys(departure.json().errors), ['planned_departure']);
  t.equal((await post({ planned_departure: at(date, '25:00') })).statusCode, 400, 'an hour past 23');
  t.equal((await post({ planned_departure: `${date}T08:00+09:00` })).statusCode, 201, 'seconds may be left out');
  const trip = await newTrip(center, date);
  const update = await center({ method: 'PATCH', url: `/api/vehicle_allocation/${trip.id}`, payload: { version: trip.version, date: '2026-02-30' } });
  t.equal(update.statusCode, 400);
  t.ok(update.json().errors.date);
  const copy = await center({ method: 'POST', url: '/api/vehicle_allocation/copy', payload: { from_date: date, to_date: '2026-04-31', department_id: fleet.center } });
  t.same(copy.json().errors, { to_date: '複写先日付は正しい日付（YYYY-MM-DD）で指定してください。' });
  t.equal((await trips()).length, before + 2, 'only the two good trips were written');
});

t.test('cancel, confirm, unconfirm and loading start', async (t) => {
  const date = dayAfterDemo(7);
  const trip = await newTrip(center, date, { vehicle_id: fleet.vehicles[5]!.id });
  const [a] = await deliveriesFor(date, [{ store: 0 }]);
  let current = (await putStops(center, trip, [a!.id])).json();
  const draft = await center({ method: 'POST', url: `/api/vehicle_allocation/${trip.id}/loading_start`, payload: { version: current.version } });
  t.equal(draft.statusCode, 409);
  t.equal(draft.json().message, 'この便は確定されていないため積込開始できません。');
  current = (await center({ method: 'POST', url: `/api/vehicle_allocation/${trip.id}/confirm`, payload: { version: current.version } })).json();
  t.ok(current.confirmed_at, '確定');
  current = (await center({ method: 'POST', url: `/api/vehicle_allocation/${trip.id}/unconfirm`, payload: { version: current.version } })).json();
  t.equal(current.confirmed_at, null, 'back to a draft');
  current = (await center({ method: 'POST', url: `/api/vehicle_allocation/${trip.id}/confirm`, payload: { version: current.version } })).json();
  // A week ahead is too early: loading opens 12 hours before the planned loading start (the day's start when none is planned).
  const early = await center({ method: 'POST', url: `/api/vehicle_allocation/${trip.id}/loading_start`, payload: { version: current.version } });
  t.equal(early.statusCode, 409);
  t.equal(early.json().message, `この便の積込開始は ${addDays(date, -1).replaceAll('-', '/')} 12:00 以降に行えます（積込開始予定の12時間前から）。`);
  // Its loading brought forward to within the hour, it may start.
  const soon = (minutes: number) => `${new Date(Date.now() + (9 * 60 + minutes) * 60_000).toISOString().slice(0, 19)}+09:00`;
  current = (
    await center({ method: 'PATCH', url: `/api/vehicle_allocation/${trip.id}`, payload: { version: current.version, planned_loading_start: soon(60), planned_departure: soon(90) } })
  ).json();
  const before = Number((await db.selectFrom('notifications').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const started = await center({ method: 'POST', url: `/api/vehicle_allocation/${trip.id}/loading_start`, payload: { version: current.version } });
  t.equal(started.statusCode, 200, started.body);
  t.equal(started.json().status, 1);
  t.ok(started.json().loading_started_at);
  const after = Number((await db.selectFrom('notifications').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  t.ok(after > before, 'notifications sent');
  const unconfirm = await center({ method: 'POST', url: `/api/vehicle_allocation/${trip.id}/unconfirm`, payload: { version: started.json().version } });
  t.equal(unconfirm.statusCode, 409, 'a loading trip stays confirmed');

  const other = await newTrip(center, date);
  const pin = await center({ method: 'PATCH', url: `/api/vehicle_allocation/${other.id}`, payload: { version: other.version, pinned: true } });
  t.equal(pin.statusCode, 200);
  t.equal(pin.json().pinned, true, '固定 by PATCH');
  t.equal(pin.json().version, other.version + 1);
  const badDate = await center({ method: 'POST', url: '/api/vehicle_allocation', payload: { date: '2026/12/07', kind: 'store_direct', department_id: fleet.center } });
  t.equal(badDate.statusCode, 400);
  t.ok(badDate.json().errors.date, 'the field is named');
  const [b, c] = await deliveriesFor(date, [{ store: 1 }, { store: 2 }]);
  const loaded = (await putStops(center, pin.json(), [b!.id, c!.id])).json();
  const missingVersion = await center({ method: 'DELETE', url: `/api/vehicle_allocation/${other.id}` });
  t.equal(missingVersion.statusCode, 400);
  const cancelled = await center({ method: 'DELETE', url: `/api/vehicle_allocation/${other.id}?version=${loaded.version}` });
  t.equal(cancelled.statusCode, 200);
  t.equal(cancelled.json().status, 9);
  t.same(cancelled.json().stops, []);
  t.same((await deliveryRows([b!.id, c!.id])).map((r) => [r.status, r.vehicle_allocation_id, r.stop_seq]), [[0, null, null], [0, null, null]], 'released to 未配車');
  const again = await center({ method: 'PATCH', url: `/api/vehicle_allocation/${other.id}`, payload: { version: cancelled.json().version, route_name: 'x' } });
  t.equal(again.statusCode, 409, 'a cancelled trip takes no change');
});

t.test('scope: a center outside the subtree is 404, carriers and headquarters users 403', async (t) => {
  const date = dayAfterDemo(10);
  const yokohama = await departmentId(db, 'CT-YOKOHAMA');
  const foreign = await makeTrip(db, { date, department_id: yokohama });
  for (const [method, url, payload] of [
    ['GET', `/api/vehicle_allocation/${foreign.id}`, undefined],
    ['PATCH', `/api/vehicle_allocation/${foreign.id}`, { version: 1, route_name: 'x' }],
    ['PUT', `/api/vehicle_allocation/${foreign.id}/stops`, { version: 1, stops: [] }],
    ['POST', `/api/vehicle_allocation/${foreign.id}/confirm`, { version: 1 }],
    ['DELETE', `/api/vehicle_allocation/${foreign.id}?version=1`, undefined],
    ['POST', '/api/vehicle_allocation', { date, kind: 'store_direct', department_id: yokohama }],
    ['GET', `/api/vehicle_allocation/board?department_id=${yokohama}&date=${date}`, undefined],
    ['GET', `/api/vehicle_allocation/calculator?department_id=${yokohama}&date=${date}`, undefined],
    ['POST', '/api/vehicle_allocation/copy', { from_date: date, to_date: dayAfterDemo(11), department_id: yokohama }],
  ] as const) {
    const response = await center({ method, url, ...(payload ? { payload } : {}) });
    t.equal(response.statusCode, 404, `${method} ${url}`);
  }
  t.same((await center({ method: 'GET', url: `/api/vehicle_allocation?date_from=${date}&date_to=${date}` })).json(), [], 'not listed');
  const superUser = await signedIn(app, 'super');
  t.equal((await superUser({ method: 'GET', url: `/api/vehicle_allocation/${foreign.id}` })).statusCode, 200, 'super admins see every trip');
  // A vehicle the caller cannot see: refused naming the field.
  const yokohamaVehicle = (await fleetOf(db, 'CT-YOKOHAMA')).vehicles[0]!;
  const invisible = await center({ method: 'POST', url: '/api/vehicle_allocation', payload: { date, kind: 'store_direct', department_id: fleet.center, vehicle_id: yokohamaVehicle.id } });
  t.equal(invisible.statusCode, 400);
  t.ok(invisible.json().errors.vehicle_id);
  // A delivery of another center, or of another day, cannot be put on the trip.
  const mine = await newTrip(center, date);
  const yokohamaStore = (await storesOf(db, 'CT-YOKOHAMA'))[0]!;
  const theirs = await makeDelivery(db, { date, department_id: yokohama, delivery_destination_id: yokohamaStore.id });
  t.equal((await putStops(center, mine, [theirs.id])).statusCode, 404, 'a delivery out of scope: 404');
  const otherDay = (await deliveriesFor(dayAfterDemo(11), [{ store: 0 }]))[0]!;
  t.equal((await putStops(center, mine, [otherDay.id])).statusCode, 400, 'a delivery of another day: 400');

  const carrier = await signedIn(app, 'carrier');
  const hq = await signedIn(app, 'hq');
  for (const api of [carrier, hq]) {
    // A carrier reads its own company's trips (allocation-carrier.test.ts); the head office plans none.
    t.equal((await api({ method: 'GET', url: `/api/vehicle_allocation?date_from=${date}&date_to=${date}` })).statusCode, api === carrier ? 200 : 403);
    t.equal((await api({ method: 'GET', url: `/api/vehicle_allocation/board?department_id=${fleet.center}&date=${date}` })).statusCode, 403);
    t.equal((await api({ method: 'POST', url: '/api/vehicle_allocation', payload: { date, kind: 'store_direct', department_id: fleet.center } })).statusCode, 403);
    t.equal((await api({ method: 'PUT', url: `/api/vehicle_allocation/${mine.id}/stops`, payload: { version: 1, stops: [] } })).statusCode, 403);
  }
  t.equal((await app.inject({ method: 'GET', url: `/api/vehicle_allocation/${mine.id}` })).statusCode, 401);
});
