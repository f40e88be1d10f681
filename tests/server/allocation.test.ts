import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import t, { type Test } from 'tap';
import type { Db } from '../../db/index.js';
import { haversineKm, plannedArrivals, plannedReturn, type Point, roundOrder, roundTripKm, shortRound, travelMinutes } from '../../common/places.js';
import { DAYS_AROUND } from '../../db/seed/operations.js';
import { tokyoToday } from '../../common/deliveries.js';
import { companyId, fleetOf, makeDelivery, makeTrip, storesOf, userId } from './allocation-fixtures.js';
import { dayAfterDemo, demoApp, demoDay, departmentId, signedIn } from './helpers.js';
import { csvRecords } from './report-files.js';
import { findActor } from '../../server/auth/actor.js';
import { listTrips, tripExportPages } from '../../server/allocation/repository.js';
import { capacityColour, capacityRatio, daysBetween, addDays, loadByMeasure, overCapacity } from '../../common/allocation.js';
import { centerProposalTimes } from '../../server/allocation/board.js';
import { calculator } from '../../server/allocation/calculator.js';
import { fleetTypes, vehiclesNeeded, vehiclesOfType } from '../../server/allocation/proposal.js';
import { buildStops, nextTripNo, plannedWindow, tripWarnings, windowWarnings, windowsOverlap } from '../../server/allocation/rules.js';
import { formatDateTime, tokyoMinutes } from '../../common/time.js';
import { bestRound, EXACT_ROUND_STOPS, type RoundStop } from '../../common/rounds.js';
import { type StoreTimes, type WindowMiss, windowMiss } from '../../common/windows.js';

type Api = (options: InjectOptions) => Promise<LightMyRequestResponse>;

let app: FastifyInstance;
let db: Db;
let center: Api;
let branch: Api;
let fleet: Awaited<ReturnType<typeof fleetOf>>;
let stores: Awaited<ReturnType<typeof storesOf>>;

t.before(async () => {
  ({ app, db } = await demoApp(t));
  center = await signedIn(app, 'center');
  branch = await signedIn(app, 'branch');
  fleet = await fleetOf(db, 'CT-SHINAGAWA');
  stores = await storesOf(db, 'CT-SHINAGAWA');
});

const at = (date: string, time: string) => `${date}T${time}:00+09:00`;
const iso = (date: string, time: string) => new Date(at(date, time)).toISOString();

async function newTrip(api: Api, date: string, body: Record<string, unknown> = {}) {
  const response = await api({ method: 'POST', url: '/api/vehicle_allocation', payload: { date, kind: 'store_direct', department_id: fleet.center, ...body } });
  if (response.statusCode !== 201) throw new Error(`create: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** Deliveries of the center made one after the other (ids in the order given). */
async function deliveriesFor(date: string, specs: { store: number; quantity?: number; weight?: number; load_unit?: number }[]) {
  const made = [];
  for (const spec of specs) {
    made.push(
      await makeDelivery(db, {
        date,
        department_id: fleet.center,
        delivery_destination_id: stores[spec.store]!.id,
        quantity: spec.quantity ?? 1,
        weight: spec.weight ?? 100,
        load_unit: spec.load_unit ?? 0,
      }),
    );
  }
  return made;
}

const putStops = (api: Api, trip: { id: number; version: number }, ids: number[], seqs?: number[]) =>
  api({ method: 'PUT', url: `/api/vehicle_allocation/${trip.id}/stops`, payload: { version: trip.version, stops: ids.map((delivery_id, i) => ({ delivery_id, seq: seqs?.[i] ?? i + 1 })) } });

/** A setter of the rounds a day (回転数) of the direction's base at 品川, restored when the test ends. */
async function roundsOf(t: Test, directionId: number) {
  const baseRow = () => db.updateTable('direction_bases').where('direction_id', '=', directionId).where('base_department_id', '=', fleet.center);
  const { trips_per_day } = await db.selectFrom('direction_bases').select('trips_per_day').where('direction_id', '=', directionId).where('base_department_id', '=', fleet.center).executeTakeFirstOrThrow();
  t.teardown(() => baseRow().set({ trips_per_day }).execute());
  return (rounds: number) => baseRow().set({ trips_per_day: rounds }).execute();
}

const deliveryRows = (ids: number[]) => db.selectFrom('deliveries').select(['id', 'status', 'vehicle_allocation_id', 'stop_seq']).where('id', 'in', ids).orderBy('id').execute();

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

t.test('a stop outside its store window gets warnings stored on it and summarised on the trip', async (t) => {
  const date = dayAfterDemo(6);
  const store = stores[6]!;
  await db.updateTable('delivery_destinations').set({ start_time: '09:00', ending_time: '10:00', specified_time: '09:30' }).where('id', '=', store.id).execute();
  const trip = await newTrip(center, date, { planned_departure: at(date, '13:00') });
  const [late] = await deliveriesFor(date, [{ store: 6 }]);
  const response = await putStops(center, trip, [late!.id]);
  t.equal(response.statusCode, 200, 'a warning, never a refusal');
  const stop = response.json().stops[0];
  t.same(stop.warnings.map((w: { code: string }) => w.code).sort(), ['allocation.warnings.lateForWindow', 'allocation.warnings.missesSpecifiedTime']);
  t.same(response.json().warnings, [{ code: 'allocation.warnings.stopsWithWarnings', params: { count: 1 } }]);
  const stored = await db.selectFrom('allocation_stops').select('warnings').where('vehicle_allocation_id', '=', trip.id).executeTakeFirstOrThrow();
  t.equal(stored.warnings.length, 2, 'stored on the stop');
  // An earlier departure clears them (arrivals recomputed when the departure moves).
  const early = await center({ method: 'PATCH', url: `/api/vehicle_allocation/${trip.id}`, payload: { version: response.json().version, planned_departure: at(date, '09:00') } });
  t.equal(early.statusCode, 200);
  t.same(early.json().stops[0].warnings, []);
  t.same(early.json().warnings, []);
  t.ok(new Date(early.json().stops[0].planned_arrival) < new Date(at(date, '09:30')));
});

t.test('a planned stop gives its deliveries their 到着予定, 遅延見込 past the store’s times; they follow the plan and clear when taken off', async (t) => {
  const date = dayAfterDemo(22);
  const [windowed, open] = [stores[7]!, stores[8]!];
  await db.updateTable('delivery_destinations').set({ start_time: '09:00', ending_time: '10:00', specified_time: null }).where('id', '=', windowed.id).execute();
  await db.updateTable('delivery_destinations').set({ start_time: null, ending_time: null, specified_time: null }).where('id', '=', open.id).execute();
  const trip = await newTrip(center, date, { planned_departure: at(date, '13:00') });
  const deliveries = await deliveriesFor(date, [{ store: 7 }, { store: 7 }, { store: 8 }]);
  const ids = deliveries.map((d) => d!.id);
  /** What the delivery list shows a planner: each delivery's 到着予定 and 遅延状況. */
  const listed = async () => {
    const response = await center({ method: 'GET', url: `/api/delivery?date_from=${date}&date_to=${date}&_start=0&_end=50` });
    t.equal(response.statusCode, 200, response.body);
    const rows: { id: number; estimated_arrival_time: string | null; delivery_delay_status: number }[] = response.json();
    return ids.map((id) => rows.find((row) => row.id === id)!).map((row) => [row.estimated_arrival_time && new Date(row.estimated_arrival_time).toISOString(), row.delivery_delay_status]);
  };
  const arrivals = (body: { stops: { planned_arrival: string }[] }) => body.stops.map((stop) => new Date(stop.planned_arrival).toISOString());

  const planned = await putStops(center, trip, ids);
  t.equal(planned.statusCode, 200, planned.body);
  const [first, second] = arrivals(planned.json());
  t.same(await listed(), [[first, 2], [first, 2], [second, 0]], 'each stop’s planned arrival; after the 10:00 window closes: 遅延見込; a store without times: 定刻');

  const earlier = await center({ method: 'PATCH', url: `/api/vehicle_allocation/${trip.id}`, payload: { version: planned.json().version, planned_departure: at(date, '08:30') } });
  t.equal(earlier.statusCode, 200, earlier.body);
  const [firstNow, secondNow] = arrivals(earlier.json());
  t.ok(new Date(firstNow!) < new Date(at(date, '10:00')), 'the earlier departure brings the first stop inside its window');
  t.same(await listed(), [[firstNow, 0], [firstNow, 0], [secondNow, 0]], 'the estimates follow the new departure: 定刻');

  const reduced = await putStops(center, earlier.json(), [ids[2]!]);
  t.equal(reduced.statusCode, 200, reduced.body);
  t.same(await listed(), [[null, 0], [null, 0], [arrivals(reduced.json())[0], 0]], 'taken off the trip: no 到着予定; the one left now comes first');
  const cancelled = await center({ method: 'DELETE', url: `/api/vehicle_allocation/${trip.id}?version=${reduced.json().version}` });
  t.equal(cancelled.statusCode, 200, cancelled.body);
  t.same(await listed(), [[null, 0], [null, 0], [null, 0]], 'a cancelled trip leaves none');
});

t.test('a round that comes back after the planned return (帰着予定) warns on the trip; a later return clears it', async (t) => {
  const date = dayAfterDemo(6);
  const trip = await newTrip(center, date, { planned_departure: at(date, '08:00'), planned_arrival: at(date, '08:20') });
  const [far, farther] = await deliveriesFor(date, [{ store: 6 }, { store: 20 }]);
  const response = await putStops(center, trip, [far!.id, farther!.id]);
  t.equal(response.statusCode, 200, 'a warning, never a refusal');
  const returnWarning = (body: { warnings: { code: string; params?: Record<string, string> }[] }) => body.warnings.find((w) => w.code === 'allocation.warnings.returnsAfterPlanned');
  const warned = returnWarning(response.json());
  const lastArrival = new Date(response.json().stops.at(-1).planned_arrival);
  t.equal(warned?.params?.planned, '08:20');
  t.ok(warned!.params!.estimated! > formatDateTime(lastArrival).slice(11), `back (${warned?.params?.estimated}) after the last stop's arrival and its 10 minutes`);
  const later = await center({ method: 'PATCH', url: `/api/vehicle_allocation/${trip.id}`, payload: { version: response.json().version, planned_arrival: at(date, '18:00') } });
  t.equal(later.statusCode, 200, later.body);
  t.equal(returnWarning(later.json()), undefined, 'cleared when the return moves past the round');
  const again = await center({ method: 'PATCH', url: `/api/vehicle_allocation/${trip.id}`, payload: { version: later.json().version, planned_arrival: at(date, '08:30') } });
  t.equal(returnWarning(again.json())?.params?.planned, '08:30', 'and back when it moves before it');
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
    t.equal((await api({ method: 'GET', url: `/api/vehicle_allocation?date_from=${date}&date_to=${date}` })).statusCode, 403);
    t.equal((await api({ method: 'GET', url: `/api/vehicle_allocation/board?department_id=${fleet.center}&date=${date}` })).statusCode, 403);
    t.equal((await api({ method: 'POST', url: '/api/vehicle_allocation', payload: { date, kind: 'store_direct', department_id: fleet.center } })).statusCode, 403);
    t.equal((await api({ method: 'PUT', url: `/api/vehicle_allocation/${mine.id}/stops`, payload: { version: 1, stops: [] } })).statusCode, 403);
  }
  t.equal((await app.inject({ method: 'GET', url: `/api/vehicle_allocation/${mine.id}` })).statusCode, 401);
});

t.test('the trip list exports as CSV: every trip its conditions choose, in the caller’s scope and language, UTF-8 with BOM or Shift_JIS', async (t) => {
  const range = `date_from=${addDays(demoDay, -7)}&date_to=${demoDay}`;
  const total = async (api: Api, query: string) => Number((await api({ method: 'GET', url: `/api/vehicle_allocation?${query}&_end=1` })).headers['x-total-count']);
  const exported = async (api: Api, query: string, encoding: 'utf8' | 'sjis' = 'utf8', lang = 'ja') => {
    const response = await api({ method: 'GET', url: `/api/vehicle_allocation/export?${query}&encoding=${encoding}`, headers: { 'accept-language': lang } });
    t.equal(response.statusCode, 200, response.statusCode === 200 ? `export of ${query}` : response.body);
    t.match(response.headers['content-type'], encoding === 'sjis' ? /text\/csv; charset=shift_jis/ : /text\/csv; charset=utf-8/);
    return { response, records: csvRecords(response.rawPayload, encoding) };
  };

  const { response, records } = await exported(center, range);
  t.match(response.headers['content-disposition'], /attachment; filename="trips_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv"/);
  t.same([...response.rawPayload.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'UTF-8 with a BOM, as Excel reads it');
  const [header, ...rows] = records;
  t.same(header!.slice(0, 6), ['配車日', '便No', '便名', 'センター', '種別', 'ルート']);
  t.ok(rows.length > 0, `${rows.length} trips`);
  t.equal(rows.length, await total(center, range), 'every trip of the list, not a page of it');
  const column = (name: string) => header!.indexOf(name);
  t.ok(rows.every((row) => /^\d{4}\/\d{2}\/\d{2}$/.test(row[column('配車日')]!) && row[column('センター')] === '品川センター'), 'dates as the screens write them; the center’s own trips');
  t.ok(rows.some((row) => row[column('ステータス')] === '完了' && /^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/.test(row[column('完了（実績）')]!)), 'a completed trip with its actual times');
  t.ok(rows.every((row) => ['計画', '積込中', '配送中', '完了', '取消'].includes(row[column('ステータス')]!)), 'statuses by name');

  const completed = await exported(center, `${range}&status=3`, 'sjis');
  t.throws(() => new TextDecoder('utf-8', { fatal: true }).decode(completed.response.rawPayload), 'Shift_JIS, not UTF-8');
  t.equal(completed.records.length - 1, await total(center, `${range}&status=3`), 'the list’s conditions apply');
  t.ok(completed.records.slice(1).every((row) => row[column('ステータス')] === '完了'));

  const english = await exported(center, range, 'utf8', 'en');
  t.same(english.records[0]!.slice(0, 3), ['Date', 'Trip no.', 'Route name']);
  t.equal(english.records.length, records.length);

  // The branch above the center exports its whole subtree, as its list shows it.
  t.equal((await exported(branch, range)).records.length - 1, await total(branch, range));
  const carrier = await signedIn(app, 'carrier');
  t.equal((await carrier({ method: 'GET', url: `/api/vehicle_allocation/export?${range}` })).statusCode, 403, 'a carrier does not plan trips');
  const tooLong = await center({ method: 'GET', url: '/api/vehicle_allocation/export?date_from=2026-01-01&date_to=2026-02-01' });
  t.equal(tooLong.statusCode, 400);
  t.equal(tooLong.json().errors.date_to, '期間は31日以内で指定してください。', 'the list’s range, named');
});

t.test('an export reads its rows a page at a time after the last one’s (date, id): none twice, none left out', async (t) => {
  const actor = (await findActor(db, await userId(db, 'branch')))!;
  const filters = { date_from: addDays(demoDay, -14), date_to: addDays(demoDay, 14) };
  const ids: number[] = [];
  let pages = 0;
  for await (const page of tripExportPages(db, actor, filters, 7)) {
    pages += 1;
    ids.push(...page.map((trip) => trip.id));
  }
  const all = await listTrips(db, actor, { ...filters, _end: 1000 });
  t.ok(all.total > 14 && all.total < 1000, `${all.total} trips`);
  t.equal(pages, Math.ceil(all.total / 7));
  t.same([...ids].sort((a, b) => a - b), all.rows.map((trip) => trip.id).sort((a, b) => a - b), 'the same trips as the list');
  t.equal(new Set(ids).size, ids.length, 'none twice');
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
  const { proposal } = await calculator(db, actor, fleet.center, day, new Date(at(day, '12:00')));
  t.ok(proposal.length > 0, 'the demo leaves deliveries to plan today');
  t.same(
    proposal.map((trip) => formatDateTime(trip.planned_loading_start)),
    proposal.map((trip) => (trip.round === 1 ? shown(day, '12:00')[0] : formatDateTime(trip.planned_loading_start))),
    'first rounds load at 12:00',
  );
  t.ok(proposal.every((trip) => trip.planned_loading_start.getTime() >= Date.parse(at(day, '12:00'))), 'no trip loads before noon');
});

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
    payload: { department_id: fleet.center, date, proposal: body.proposal.map((p: { vehicle_id: number; driver_id: number | null; delivery_ids: number[] }) => ({ vehicle_id: p.vehicle_id, driver_id: p.driver_id, delivery_ids: p.delivery_ids })) },
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
  t.same(body.proposal[0].delivery_ids, [made[1]!.id, made[0]!.id], 'both directions on it, the nearer store first (近い順)');
  t.same(body.proposal[0].direction_ids, [other.direction_id, one.direction_id], 'and says so');
  t.same(body.unassigned, [{ delivery_id: made[2]!.id, reason: 'noVehicle' }], 'more pallets than the trip has room for, and no other vehicle');
  t.same(body.unassigned_delivery_ids, [made[2]!.id]);
});

t.test('the calculator: a direction run more than once a day sends a vehicle again when it is back (2回転目); accepted, both rounds are trips', async (t) => {
  const date = dayAfterDemo(20);
  const board = (await center({ method: 'GET', url: `/api/vehicle_allocation/board?department_id=${fleet.center}&date=${date}` })).json();
  const [free, ...others] = board.vehicles as { id: number; pallet_capacity: number }[];
  for (const vehicle of others) await newTrip(center, date, { vehicle_id: vehicle.id, pinned: true });
  // Two stores of one direction open until 20:00 with no specified time; together more pallets than the vehicle carries.
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
  const [a, b] = open.filter((store) => open.filter((other) => other.direction_id === store.direction_id).length > 1);
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
  type Row = { vehicle_id: number; round: number; delivery_ids: number[]; planned_loading_start: string; planned_departure: string; planned_arrival: string; driver_id: number | null };
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
    second.proposal.map((p: { vehicle_id: number; delivery_ids: number[] }) => [p.vehicle_id, p.delivery_ids]),
    [[chosen.id, [taken.id]]],
    'the free vehicle takes the first direction',
  );
  t.same(second.unassigned, [{ delivery_id: late.id, reason: 'lateForWindow' }], 'the trip has room, but reaches the store after its time: not “no vehicle with room”');
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

t.test('the demo: tomorrow’s transfers partly planned, every trip within its vehicle and alone on it', async (t) => {
  const today = demoDay;
  const before = (await center({ method: 'GET', url: `/api/vehicle_allocation/transfers?date=${today}&kind=between_centers_before&department_id=${fleet.center}` })).json();
  const open = before.demand.filter((lane: { pallets: number; covered_pallets: number }) => lane.covered_pallets < lane.pallets);
  t.ok(before.demand.length > open.length && open.length > 0, 'lanes covered and lanes still open (未手配)');
  t.ok(before.trips.length > 0 && before.trips.every((trip: { vehicle_id: number | null }) => trip.vehicle_id !== null), 'trunk trips with a vehicle');
  t.ok(before.busy.length > 0 && before.busy.every((trip: { kind: string }) => trip.kind === 'store_direct'), 'the day’s store rounds, for the time chart');
  const sameDay = (await center({ method: 'GET', url: `/api/vehicle_allocation/transfers?date=${today}&kind=between_centers_today` })).json();
  t.ok(sameDay.demand.some((lane: { pallets: number; covered_pallets: number }) => lane.covered_pallets >= lane.pallets && lane.pallets > 0), 'a same-day lane covered (by another center’s trip)');
  t.match(sameDay.others, [{ department_name: '横浜センター', destination_department_name: '品川センター' }], 'that trip, read only');
  // Over the demo's days (the tests' own days lie beyond them).
  const demoDays = (qb: Db) => qb.selectFrom('vehicle_allocations as va').where('va.deleted_at', 'is', null).where('va.date', '<=', addDays(today, DAYS_AROUND));
  const overloaded = await demoDays(db)
    .innerJoin('vehicles as v', 'v.id', 'va.vehicle_id')
    .innerJoin('vehicle_types as vt', 'vt.id', 'v.vehicle_type_id')
    .select('va.id')
    .where(sql<SqlBool>`va.quantity > case va.load_unit when 0 then vt.pallet_capacity else vt.cage_cart_capacity end or va.weight > coalesce(v.max_loading_capacity, vt.max_loading_capacity)`)
    .execute();
  t.same(overloaded, [], 'within the vehicle type’s capacity');
  const overlapping = await demoDays(db)
    .innerJoin('vehicle_allocations as other', (join) =>
      join
        .onRef('other.vehicle_id', '=', 'va.vehicle_id')
        .onRef('other.id', '<>', 'va.id')
        .on('other.deleted_at', 'is', null)
        .on('other.planned_loading_start', 'is not', null)
        .on('other.planned_arrival', 'is not', null)
        .on(sql<SqlBool>`tstzrange(other.planned_loading_start, other.planned_arrival) && tstzrange(va.planned_loading_start, va.planned_arrival)`),
    )
    .where('va.planned_loading_start', 'is not', null)
    .where('va.planned_arrival', 'is not', null)
    .select(['va.id', 'other.id as other_id'])
    .execute();
  t.same(overlapping, [], 'no vehicle on two trips at once');
  // Each round runs a direction's stores in its 配送順 (a nearest-neighbour round from the center), not zigzagging.
  const stopOrders = await demoDays(db)
    .innerJoin('allocation_stops as s', 's.vehicle_allocation_id', 'va.id')
    .innerJoin('delivery_destinations as dd', 'dd.id', 's.delivery_destination_id')
    .select(['va.id', 'dd.direction_id', 'dd.order'])
    .where('va.kind', '=', 'store_direct')
    .orderBy('va.id')
    .orderBy('s.seq')
    .execute();
  t.ok(stopOrders.length > 100, `${stopOrders.length} demo stops`);
  const outOfOrder = stopOrders.filter((stop, i) => {
    const previous = stopOrders[i - 1];
    return previous?.id === stop.id && previous.direction_id === stop.direction_id && previous.order! > stop.order!;
  });
  t.same(outOfOrder, [], 'every round in 配送順');
});

t.test('the demo’s trips are planned as the server plans them: saving a round unchanged moves no time, and the past ones were driven in order', async (t) => {
  const tomorrow = addDays(demoDay, 1);
  const trip = await db.selectFrom('vehicle_allocations').select(['id', 'version', 'planned_arrival']).where('department_id', '=', fleet.center).where('date', '=', tomorrow).where('kind', '=', 'store_direct').where('deleted_at', 'is', null).orderBy('trip_no').executeTakeFirstOrThrow();
  const deliveries = await db.selectFrom('deliveries').select('id').where('vehicle_allocation_id', '=', trip.id).where('deleted_at', 'is', null).orderBy('stop_seq').orderBy('id').execute();
  const timesOf = () => db.selectFrom('allocation_stops').select(['seq', 'planned_arrival']).where('vehicle_allocation_id', '=', trip.id).orderBy('seq').execute();
  const seeded = await timesOf();
  t.ok(seeded.length >= 2, `${seeded.length} stops`);
  const saved = await putStops(center, trip, deliveries.map((d) => d.id));
  t.equal(saved.statusCode, 200, saved.body);
  t.same(await timesOf(), seeded, 'every planned arrival as seeded');
  // Driven: each stop reached after the previous one's work ended, and the trip back after the last.
  const driven = await db
    .selectFrom('allocation_stops as s')
    .innerJoin('vehicle_allocations as va', 'va.id', 's.vehicle_allocation_id')
    .select(['va.id', 'va.departed_at', 'va.completed_at', 's.arrived_at', 's.work_started_at', 's.departed_at as left_at'])
    .where('va.department_id', '=', fleet.center)
    .where('va.date', '<', demoDay)
    .where('va.kind', '=', 'store_direct')
    .orderBy('va.id')
    .orderBy('s.seq')
    .execute();
  t.ok(driven.length > 50, `${driven.length} stops driven`);
  const outOfTurn = driven.filter((stop, i) => {
    const previous = driven[i - 1]?.id === stop.id ? driven[i - 1]! : null;
    const start = previous ? previous.left_at! : stop.departed_at!;
    return stop.arrived_at! < start || stop.work_started_at! < stop.arrived_at! || stop.left_at! < stop.work_started_at! || stop.completed_at! < stop.left_at!;
  });
  t.same(outOfTurn, [], 'no stop reached before the one before it was left');
});

// The allocation rules as functions (common/allocation.ts, server/allocation/proposal.ts).
// (A block of its own: its names and its application stay apart from the tests above.)
{
  const twoTon = { pallet_capacity: 4, cage_cart_capacity: 10, max_loading_capacity: 2000 };

  t.test('a round (the demo’s 配送順, the board’s 近い順): from the start, each time the nearest point left', async (t) => {
    const center = { latitude: 35.6, longitude: 139.7 };
    const stores = [0.03, 0.01, 0.04, 0.02].map((north) => ({ latitude: 35.6 + north, longitude: 139.7 }));
    t.same(roundOrder(center, stores), [1, 3, 0, 2]);
    // From the far end the round runs back: not the order of distance from the start.
    const farEast = [{ latitude: 35.6, longitude: 139.75 }, { latitude: 35.6, longitude: 139.8 }, { latitude: 35.6, longitude: 139.71 }];
    t.same(roundOrder(center, farEast), [2, 0, 1]);
    t.same(roundOrder(center, [center, center]), [0, 1], 'equally near: the earlier first');
    t.same(roundOrder(center, []), []);
  });

  t.test('the board’s 近い順: the nearest-first round untangled, never longer, with no stretch whose reversal shortens it', async (t) => {
    const center = { latitude: 35.6, longitude: 139.7 };
    const around = (offsets: [number, number][]) => offsets.map(([north, east]) => ({ latitude: 35.6 + north, longitude: 139.7 + east }));
    const km = (points: { latitude: number; longitude: number }[], order: number[]) => roundTripKm(center, order.map((i) => points[i]!));
    // Nearest first goes west, then comes back east by the near store and only then out to the far one,
    // crossing its own way; untangled, it visits the far store before the near one on the way home.
    const crossing = around([[0.08, 0.04], [0.01, 0.03], [0.01, -0.01], [0.02, -0.04]]);
    t.same(roundOrder(center, crossing), [2, 3, 1, 0]);
    t.same(shortRound(center, crossing), [2, 3, 0, 1]);
    t.equal(km(crossing, [2, 3, 0, 1]).toFixed(2), '32.46', 'from 36.69 km');
    t.same(shortRound(center, around([[0.01, 0], [0.02, 0], [0.03, 0]])), [0, 1, 2], 'out along a line: already the shortest');
    t.same(shortRound(center, []), []);
    // Any stores: never longer than nearest first, and no reversal of a stretch makes it shorter.
    let seed = 7;
    const random = () => (seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647;
    let longer = 0;
    let improvable = 0;
    for (let n = 0; n < 200; n++) {
      const stores = around(Array.from({ length: 3 + (n % 10) }, () => [random() * 0.2 - 0.1, random() * 0.2 - 0.1] as [number, number]));
      const round = shortRound(center, stores);
      t.same([...round].sort((a, b) => a - b), [...stores.keys()], 'every store once');
      if (km(stores, round) > km(stores, roundOrder(center, stores)) + 1e-9) longer++;
      for (let i = 0; i < round.length - 1; i++) {
        for (let j = i + 1; j < round.length; j++) {
          const reversed = [...round.slice(0, i), ...round.slice(i, j + 1).reverse(), ...round.slice(j + 1)];
          if (km(stores, reversed) < km(stores, round) - 1e-6) improvable++;
        }
      }
    }
    t.equal(longer, 0, 'never longer than nearest first');
    t.equal(improvable, 0, 'no stretch left to reverse');
  });

  t.test('the board’s 近い順 with times: the fewest stores missed, then the fewest minutes, then the shortest way, then the stores reached sooner', async (t) => {
    const center = { latitude: 35.6, longitude: 139.7 };
    const departure = new Date('2026-12-01T08:00:00+09:00');
    const noTimes: StoreTimes = { start_time: null, ending_time: null, specified_time: null };
    // Weighed here without bestRound's own arithmetic: the server's arrivals, the stores' misses, the road km.
    const missedMinutes = (miss: WindowMiss) => miss.early + miss.late + miss.afterSpecified;
    const weigh = (stores: RoundStop[], order: number[], leaving: Date | null = departure) => {
      const visited = order.map((i) => stores[i]!);
      const missed = plannedArrivals(leaving, center, visited).map((at, k) => (at ? missedMinutes(windowMiss(at, visited[k]!)) : 0));
      const legs = visited.map((stop, k) => roundTripKm(center, visited.slice(0, k + 1)) - roundTripKm(center, [stop]) / 2);
      return [missed.filter((m) => m > 0).length, missed.reduce((a, b) => a + b, 0), roundTripKm(center, visited), legs.reduce((a, b) => a + b, 0)];
    };
    const cheaper = (a: number[], b: number[]) => {
      for (let k = 0; k < a.length; k++) {
        if (Math.abs(a[k]! - b[k]!) > 1e-6) return a[k]! < b[k]!;
      }
      return false;
    };
    const permutations = (n: number): number[][] =>
      n === 0 ? [[]] : permutations(n - 1).flatMap((p) => Array.from({ length: n }, (_, at) => [...p.slice(0, at), n - 1, ...p.slice(at)]));

    // A store due at 08:15, the farthest: first, though the way is longer; due at 09:00, the shortest way again.
    const north = (km: number, times = noTimes): RoundStop => ({ latitude: 35.6 + km / 111.2, longitude: 139.7, ...times });
    const due = (time: string): StoreTimes => ({ ...noTimes, specified_time: time });
    t.same(bestRound(center, departure, [north(1), north(2), north(5.5, due('08:15'))]), [2, 1, 0]);
    t.same(bestRound(center, departure, [north(1), north(2), north(5.5, due('09:00'))]), [0, 1, 2]);
    t.same(bestRound(center, null, [north(1), north(2), north(5.5, due('08:15'))]), [0, 1, 2], 'no departure: km alone');
    // A window that opens at 08:30 (the plan does not wait): the near store last, not first.
    t.same(bestRound(center, departure, [north(1, { ...noTimes, start_time: '08:30' }), north(2), north(3)]), [1, 2, 0]);
    // Of two equally long rounds, the one out by the near store first; as they are when nothing is better.
    t.same(bestRound(center, null, [north(3), north(1), north(2)]), [1, 2, 0]);
    t.same(bestRound(center, null, [north(1), north(2), north(3)]), [0, 1, 2]);
    t.same(bestRound(center, departure, []), []);

    let seed = 11;
    const random = () => (seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647;
    const clock = (from: number, span: number) => {
      const minutes = from + Math.floor(random() * span);
      return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    };
    const store = (): RoundStop => {
      const kind = Math.floor(random() * 4);
      const times =
        kind === 0 ? noTimes : kind === 1 ? due(clock(8 * 60 + 10, 90)) : { ...noTimes, start_time: clock(7 * 60, 120), ending_time: clock(9 * 60 + 30, 120) };
      return { latitude: 35.6 + random() * 0.16 - 0.08, longitude: 139.7 + random() * 0.16 - 0.08, ...times };
    };
    // Up to EXACT_ROUND_STOPS stops: no order is better.
    let beaten = 0;
    let timesDecided = 0;
    for (let n = 0; n < 36; n++) {
      const stores = Array.from({ length: 2 + (n % 6) }, store);
      const best = weigh(stores, bestRound(center, departure, stores));
      if (permutations(stores.length).some((order) => cheaper(weigh(stores, order), best))) beaten++;
      if (weigh(stores, shortRound(center, stores))[0]! > best[0]!) timesDecided++;
    }
    t.equal(beaten, 0, 'the best of every order, up to seven stops');
    t.ok(timesDecided >= 5, `in ${timesDecided} of 36 the short round missed more stores`);
    t.ok(EXACT_ROUND_STOPS >= 7);
    // Beyond: every store once, no worse than as they were or the short round, and no one move better.
    let worse = 0;
    let improvable = 0;
    for (let n = 0; n < 8; n++) {
      const stores = Array.from({ length: EXACT_ROUND_STOPS + 2 + n * 2 }, store);
      const round = bestRound(center, departure, stores);
      t.same([...round].sort((a, b) => a - b), [...stores.keys()], 'every store once');
      const cost = weigh(stores, round);
      if (cheaper(weigh(stores, [...stores.keys()]), cost) || cheaper(weigh(stores, shortRound(center, stores)), cost)) worse++;
      for (let i = 0; i < round.length; i++) {
        for (let j = 0; j < round.length; j++) {
          const reversed = i < j ? [...round.slice(0, i), ...round.slice(i, j + 1).reverse(), ...round.slice(j + 1)] : round;
          const rest = round.filter((_, k) => k !== i);
          const moved = [...rest.slice(0, j), round[i]!, ...rest.slice(j)];
          if (cheaper(weigh(stores, reversed), cost) || cheaper(weigh(stores, moved), cost)) improvable++;
        }
      }
    }
    t.equal(worse, 0, 'never worse than the stops as they were nor than the short round');
    t.equal(improvable, 0, 'no reversal of a stretch nor a stop put elsewhere makes it better');
  });

  t.test('a store’s times missed, in minutes: before the window, after it, after the specified time', async (t) => {
    const atTokyo = (hhmm: string) => new Date(`2026-12-01T${hhmm}:00+09:00`);
    const store = { start_time: '09:00:00', ending_time: '11:00', specified_time: '10:00' };
    t.same(windowMiss(atTokyo('08:40'), store), { early: 20, late: 0, afterSpecified: 0 });
    t.same(windowMiss(atTokyo('10:00'), store), { early: 0, late: 0, afterSpecified: 0 });
    t.same(windowMiss(atTokyo('11:30'), store), { early: 0, late: 30, afterSpecified: 90 });
    t.same(windowMiss(atTokyo('03:00'), { start_time: null, ending_time: null, specified_time: null }), { early: 0, late: 0, afterSpecified: 0 });
  });

  t.test('capacity: exactly at the limit is accepted, one over refused with the figures', async (t) => {
    t.equal(overCapacity({ load_unit: 0, quantity: 4, weight: 2000 }, twoTon), null, '4 pallets, 2000 kg');
    t.same(overCapacity({ load_unit: 0, quantity: 5, weight: 0 }, twoTon), { measure: 'pallets', load: 5, capacity: 4 });
    t.same(overCapacity({ load_unit: 1, quantity: 10, weight: 0 }, twoTon), null, 'cage carts counted against the cage-cart capacity');
    t.same(overCapacity({ load_unit: 1, quantity: 11, weight: 0 }, twoTon), { measure: 'cage_carts', load: 11, capacity: 10 });
    t.same(overCapacity({ load_unit: 0, quantity: 1, weight: 2001 }, twoTon), { measure: 'weight', load: 2001, capacity: 2000 });
    t.equal(overCapacity({ load_unit: 0, quantity: 99, weight: 99_999 }, { pallet_capacity: null, cage_cart_capacity: null, max_loading_capacity: null }), null, 'unknown capacities refuse nothing');
  });

  t.test('capacity bars: ratio per measure, green to 90 %, amber to 100 %, red above', async (t) => {
    t.equal(capacityRatio(3, 4), 0.75);
    t.equal(capacityRatio(3, null), null);
    t.equal(capacityRatio(3, 0), null);
    t.equal(capacityColour(0.9), 'green');
    t.equal(capacityColour(0.91), 'amber');
    t.equal(capacityColour(1), 'amber');
    t.equal(capacityColour(1.01), 'red');
    t.equal(capacityColour(null), 'green');
    t.same(
      loadByMeasure({ load_unit: 0, quantity: 4, weight: 1900 }, twoTon).map((m) => [m.measure, m.ratio, m.colour]),
      [['pallets', 1, 'amber'], ['weight', 0.95, 'amber']],
    );
  });

  t.test('calendar days', async (t) => {
    t.equal(daysBetween('2026-12-31', '2027-01-30'), 30);
    t.equal(daysBetween('2026-03-01', '2026-02-28'), -1);
    t.equal(addDays('2026-12-31', 1), '2027-01-01');
  });

  t.test('travel: haversine × 1.3 at 30 km/h, plus 10 minutes per stop', async (t) => {
    const shinagawa = { latitude: 35.6148, longitude: 139.7496 };
    const shibuya = { latitude: 35.664, longitude: 139.698 };
    const km = haversineKm(shinagawa, shibuya);
    t.ok(km > 7 && km < 7.5, `品川センター → 渋谷 ≈ 7.2 km (${km.toFixed(2)})`);
    t.equal(travelMinutes(shinagawa, shibuya), ((km * 1.3) / 30) * 60);
    t.equal(travelMinutes(null, shibuya), 0, 'no origin: no travel');
    const departure = new Date('2026-12-01T08:00:00+09:00');
    const [first, second] = plannedArrivals(departure, shinagawa, [shibuya, shibuya]);
    t.equal(first!.getTime(), departure.getTime() + Math.round(travelMinutes(shinagawa, shibuya) * 60) * 1000);
    t.equal(second!.getTime() - first!.getTime(), 10 * 60_000, 'the same place again: only the 10 minutes at the stop');
    t.same(plannedArrivals(null, shinagawa, [shibuya]), [null], 'no departure, no estimate');
    const back = plannedReturn(departure, shinagawa, [shibuya]);
    t.ok(Math.abs(back.getTime() - (first!.getTime() + 10 * 60_000 + travelMinutes(shibuya, shinagawa) * 60_000)) < 1000, 'back at the center after the last stop');
  });

  t.test('time windows: warnings, compared as Tokyo clock time', async (t) => {
    const store = { store: '店A', start_time: '09:00', ending_time: '11:00', specified_time: '10:00' };
    const atTokyo = (hhmm: string) => new Date(`2026-12-01T${hhmm}:00+09:00`);
    t.equal(tokyoMinutes(atTokyo('09:30')), 570);
    t.same(windowWarnings(atTokyo('09:30'), store), [], 'inside the window, before the specified time');
    t.same(windowWarnings(atTokyo('10:00'), store), [], 'exactly at the specified time');
    t.same(windowWarnings(atTokyo('08:59'), store).map((w) => w.code), ['allocation.warnings.earlyForWindow']);
    t.same(windowWarnings(atTokyo('10:01'), store).map((w) => w.code), ['allocation.warnings.missesSpecifiedTime']);
    t.same(windowWarnings(atTokyo('11:01'), store).map((w) => w.code), ['allocation.warnings.lateForWindow', 'allocation.warnings.missesSpecifiedTime']);
    t.same(windowWarnings(atTokyo('11:01'), store)[0]!.params, { store: '店A', planned: '11:01', start: '09:00', end: '11:00' });
    t.same(windowWarnings(null, store), [], 'no plan, no warning');
    t.same(windowWarnings(atTokyo('23:00'), { store: 'x', start_time: null, ending_time: null, specified_time: null }), []);
    t.same(tripWarnings([[], [{ code: 'a' }], [{ code: 'b' }, { code: 'c' }]]), [{ code: 'allocation.warnings.stopsWithWarnings', params: { count: 2 } }]);
    t.same(tripWarnings([[], []]), []);
  });

  t.test('planned windows overlap when each starts before the other ends', async (t) => {
    const w = (a: string, b: string) => ({ start: new Date(`2026-12-01T${a}:00Z`), end: new Date(`2026-12-01T${b}:00Z`) });
    t.ok(windowsOverlap(w('06:00', '12:00'), w('11:00', '15:00')));
    t.ok(windowsOverlap(w('06:00', '12:00'), w('07:00', '08:00')), 'inside');
    t.notOk(windowsOverlap(w('06:00', '12:00'), w('12:00', '15:00')), 'back to back');
    t.notOk(windowsOverlap(w('13:00', '14:00'), w('06:00', '12:00')));
    const d = (s: string) => new Date(`2026-12-01T${s}:00Z`);
    t.same(plannedWindow({ planned_loading_start: null, planned_departure: d('07:00'), planned_arrival: d('09:00') }), { start: d('07:00'), end: d('09:00') }, 'from the departure without a loading start');
    t.equal(plannedWindow({ planned_loading_start: d('06:00'), planned_departure: null, planned_arrival: null }), null, 'incomplete: no window');
  });

  t.test('stops: one per store where its first delivery comes, in seq order', async (t) => {
    const store = new Map([[1, 10], [2, 20], [3, 10], [4, 30], [5, 20]]);
    const stops = buildStops(
      [
        { delivery_id: 1, seq: 2 },
        { delivery_id: 2, seq: 1 },
        { delivery_id: 3, seq: 3 },
        { delivery_id: 4, seq: 2 },
        { delivery_id: 5, seq: 9 },
      ],
      (e) => store.get(e.delivery_id)!,
    );
    t.same(stops.map((s) => [s.destinationId, s.entries.map((e) => e.delivery_id)]), [[20, [2, 5]], [10, [1, 3]], [30, [4]]]);
    t.same(buildStops([], () => 1), []);
  });

  t.test('trip numbers: one above the highest, then gaps, none past 999', async (t) => {
    t.equal(nextTripNo([]), 1);
    t.equal(nextTripNo([1, 2, 5]), 6);
    t.equal(nextTripNo([999, 1]), 2);
    t.equal(nextTripNo(Array.from({ length: 999 }, (_, i) => i + 1)), null);
  });

  t.test('vehicles needed: the default type as many as needed, else the smallest type that carries it', async (t) => {
    const types = [
      { id: 1, name: '2t車', pallet_capacity: 4, cage_cart_capacity: 10, max_loading_capacity: 2000 },
      { id: 2, name: '4t車', pallet_capacity: 8, cage_cart_capacity: 16, max_loading_capacity: 4000 },
      { id: 3, name: '10t車', pallet_capacity: 16, cage_cart_capacity: 32, max_loading_capacity: 10000 },
    ];
    t.equal(vehiclesOfType(types[0]!, { pallets: 4, cage_carts: 0, weight: 0 }), 1, 'exactly full');
    t.equal(vehiclesOfType(types[0]!, { pallets: 5, cage_carts: 0, weight: 0 }), 2);
    t.equal(vehiclesOfType(types[0]!, { pallets: 2, cage_carts: 5, weight: 0 }), 1, 'half the floor in pallets, half in cage carts');
    t.equal(vehiclesOfType(types[0]!, { pallets: 1, cage_carts: 0, weight: 4500 }), 3, 'the weight decides');
    const base = (vehicle_type_id: number | null, trips_per_day = 1) => ({ vehicle_type_id, trips_per_day });
    t.same(vehiclesNeeded(types, base(1), { pallets: 9, cage_carts: 0, weight: 100 }), [{ vehicle_type_id: 1, vehicle_type_name: '2t車', trips: 3, count: 3 }], 'ceil(9 / 4) of the default type');
    t.same(vehiclesNeeded(types, base(1, 2), { pallets: 9, cage_carts: 0, weight: 100 }), [{ vehicle_type_id: 1, vehicle_type_name: '2t車', trips: 3, count: 2 }], 'three loads, two rounds a day each (回転数): two vehicles');
    t.same(vehiclesNeeded(types, base(1, 3), { pallets: 9, cage_carts: 0, weight: 100 }), [{ vehicle_type_id: 1, vehicle_type_name: '2t車', trips: 3, count: 1 }], 'three rounds a day: one vehicle');
    t.same(vehiclesNeeded(types, null, { pallets: 6, cage_carts: 0, weight: 100 }), [{ vehicle_type_id: 2, vehicle_type_name: '4t車', trips: 1, count: 1 }], 'the smallest that fits');
    t.same(vehiclesNeeded(types, base(null), { pallets: 40, cage_carts: 0, weight: 0 }), [{ vehicle_type_id: 3, vehicle_type_name: '10t車', trips: 3, count: 3 }], 'none fits: the largest, as many as needed');
    t.same(vehiclesNeeded(types, base(1), { pallets: 0, cage_carts: 0, weight: 0 }), [], 'no load');
  });

  t.test('the calculator’s vehicle types: those of the center’s vehicles and any recommended, smallest first, with the center’s count', async (t) => {
    const types = [
      { id: 3, name: '10t車', pallet_capacity: 16, cage_cart_capacity: 32, max_loading_capacity: 10000 },
      { id: 1, name: '2t車', pallet_capacity: 4, cage_cart_capacity: 10, max_loading_capacity: 2000 },
      { id: 2, name: '4t車', pallet_capacity: 8, cage_cart_capacity: 16, max_loading_capacity: 4000 },
      { id: 4, name: '軽貨物', pallet_capacity: 1, cage_cart_capacity: 2, max_loading_capacity: 350 },
    ];
    const fleetOf = (...typeIds: number[]) => typeIds.map((vehicle_type_id) => ({ vehicle_type_id }));
    const shown = (recommended: number[]) => fleetTypes(types, fleetOf(3, 1, 3), recommended).map((type) => [type.name, type.vehicles]);
    t.same(shown([]), [['2t車', 1], ['10t車', 2]], 'a type the center has no vehicle of is left out');
    t.same(shown([2]), [['2t車', 1], ['4t車', 0], ['10t車', 2]], 'unless it is recommended for a direction');
  });
}
