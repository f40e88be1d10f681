import { createHash } from 'node:crypto';
import t from 'tap';
import { allocationWorld, type Api, at, makeTrip, putStops, userId } from './allocation-fixtures.js';
import type { OptimizerProgressEvent } from '../../common/realtime.js';
import { DEMO_PASSWORD } from '../../db/seed/demo.js';
import { dayAfterDemo, departmentId, signedIn } from './helpers.js';

// 再最適化 of the store-direct board through the API: the preview, the apply, the undo, and who may.

let { app, db, center, fleet, newTrip, deliveriesFor } = {} as Awaited<ReturnType<typeof allocationWorld>>;
t.before(async () => {
  ({ app, db, center, fleet, newTrip, deliveriesFor } = await allocationWorld(t));
});

type PlanTrip = { vehicle_id: number; driver_id: number | null; delivery_ids: number[]; planned_loading_start: string; planned_departure: string; replaces: number | null };

/** Every row of a trip as stored: the trip, its stops, its deliveries (their ids and times included). */
async function storedTrip(id: number) {
  return {
    trip: await db.selectFrom('vehicle_allocations').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    stops: await db.selectFrom('allocation_stops').selectAll().where('vehicle_allocation_id', '=', id).orderBy('seq').execute(),
    deliveries: await db.selectFrom('deliveries').selectAll().where('vehicle_allocation_id', '=', id).orderBy('id').execute(),
  };
}

/** A trip as the board shows it, without what any write renews (versions, stop ids, update times). */
async function planned(id: number) {
  const { trip, stops, deliveries } = await storedTrip(id);
  return {
    trip: [trip.status, trip.vehicle_id, trip.driver_id, trip.trip_no, trip.planned_loading_start, trip.planned_departure, trip.planned_arrival, trip.quantity, trip.weight, trip.warnings],
    stops: stops.map((s) => [s.seq, s.delivery_destination_id, s.planned_arrival, s.quantity, s.weight, s.warnings]),
    deliveries: deliveries.map((d) => [d.id, d.status, d.stop_seq, d.estimated_arrival_time, d.delivery_delay_status]),
  };
}

/** The whole of what a 再最適化 could write, to tell that a preview wrote nothing. */
async function everything(date: string) {
  return {
    trips: await db.selectFrom('vehicle_allocations').selectAll().where('date', '=', date).orderBy('id').execute(),
    stops: await db.selectFrom('allocation_stops').selectAll().orderBy('id').execute(),
    deliveries: await db.selectFrom('deliveries').selectAll().where('date', '=', date).orderBy('id').execute(),
    reoptimizations: await db.selectFrom('allocation_reoptimizations').selectAll().execute(),
  };
}

/** What a write renews whatever it writes: left out of the digest, so it says whether the day is as it was. */
const RENEWED = new Set(['id', 'version', 'created_at', 'updated_at', 'created_by', 'updated_by']);
const kept = (row: Record<string, unknown>) => Object.entries(row).filter(([column]) => !RENEWED.has(column));

/** A digest of the center's day: its live trips (ids kept), their stops and every delivery, all their columns but what a write renews. */
async function dayDigest(date: string) {
  const trips = await db.selectFrom('vehicle_allocations').selectAll().where('date', '=', date).where('department_id', '=', fleet.center).where('deleted_at', 'is', null).where('status', '<>', 9).orderBy('id').execute();
  const stops = await db.selectFrom('allocation_stops').selectAll().where('vehicle_allocation_id', 'in', [0, ...trips.map((trip) => trip.id)]).orderBy('vehicle_allocation_id').orderBy('seq').execute();
  const deliveries = await db.selectFrom('deliveries').selectAll().where('date', '=', date).where('department_id', '=', fleet.center).orderBy('id').execute();
  const rows = { trips: trips.map((trip) => [trip.id, kept(trip)]), stops: stops.map(kept), deliveries: deliveries.map((d) => [d.id, kept(d)]) };
  return createHash('sha256').update(JSON.stringify(rows)).digest('hex');
}

const liveTrips = async (date: string) =>
  (await db.selectFrom('vehicle_allocations').select('id').where('date', '=', date).where('department_id', '=', fleet.center).where('status', '<>', 9).where('deleted_at', 'is', null).orderBy('id').execute()).map((r) => r.id);

const preview = (api: Api, date: string) => api({ method: 'GET', url: `/api/vehicle_allocation/reoptimize?department_id=${fleet.center}&date=${date}&seconds=1` });
const apply = (api: Api, date: string, body: { basis: string; trips: PlanTrip[] }) =>
  api({
    method: 'POST',
    url: '/api/vehicle_allocation/reoptimize/apply',
    payload: {
      department_id: fleet.center,
      date,
      basis: body.basis,
      proposal: body.trips.map(({ vehicle_id, driver_id, delivery_ids, planned_loading_start, planned_departure }) => ({ vehicle_id, driver_id, delivery_ids, planned_loading_start, planned_departure })),
    },
  });
const undo = (api: Api, id: number) => api({ method: 'POST', url: `/api/vehicle_allocation/reoptimize/${id}/undo` });
const last = (api: Api, date: string) => api({ method: 'GET', url: `/api/vehicle_allocation/reoptimize/last?department_id=${fleet.center}&date=${date}` });
/** The id of the apply the board would offer to undo (null: none). */
const offered = async (date: string) => {
  const answer = await last(center, date);
  if (answer.statusCode !== 200) throw new Error(answer.body);
  return (answer.json().reoptimization?.id as number | undefined) ?? null;
};

/** A day of 品川 with a pinned trip, a confirmed one, one the driver app handles, two movable drafts and a pool. */
async function plannedDay(date: string) {
  const [pinnedLoad, confirmedLoad, a1, a2, b1, pool1, pool2] = await deliveriesFor(date, [
    { store: 0 },
    { store: 5 },
    { store: 1, quantity: 2 },
    { store: 11, quantity: 2 },
    { store: 2 },
    { store: 3, quantity: 3 },
    { store: 12 },
  ]);
  const pinned = await newTrip(center, date, { vehicle_id: fleet.vehicles[3]!.id, pinned: true, planned_loading_start: at(date, '05:00'), planned_arrival: at(date, '06:00') });
  await putStops(center, pinned, [pinnedLoad!.id]);
  const confirmed = await newTrip(center, date, { vehicle_id: fleet.vehicles[4]!.id, planned_loading_start: at(date, '07:00'), planned_departure: at(date, '08:00'), planned_arrival: at(date, '12:00') });
  const loaded = (await putStops(center, confirmed, [confirmedLoad!.id])).json();
  const confirming = await center({ method: 'POST', url: `/api/vehicle_allocation/${confirmed.id}/confirm`, payload: { version: loaded.version } });
  if (confirming.statusCode !== 200) throw new Error(confirming.body);
  const handled = await makeTrip(db, {
    date,
    department_id: fleet.center,
    vehicle_id: fleet.vehicles[5]!.id,
    handled_at: new Date(),
    planned_loading_start: at(date, '07:00'),
    planned_departure: at(date, '08:00'),
    planned_arrival: at(date, '10:00'),
  });
  const movableA = await newTrip(center, date, { vehicle_id: fleet.vehicles[0]!.id, planned_loading_start: at(date, '07:00'), planned_departure: at(date, '08:00'), planned_arrival: at(date, '13:00') });
  await putStops(center, movableA, [a1!.id, a2!.id]);
  const movableB = await newTrip(center, date, { vehicle_id: fleet.vehicles[1]!.id, planned_loading_start: at(date, '07:00'), planned_departure: at(date, '08:00'), planned_arrival: at(date, '13:00') });
  await putStops(center, movableB, [b1!.id]);
  return { fixed: [pinned.id, confirmed.id, handled.id], movable: [movableA.id, movableB.id], replanned: [a1!.id, a2!.id, b1!.id, pool1!.id, pool2!.id], kept: [pinnedLoad!.id, confirmedLoad!.id] };
}

t.test('再最適化: the preview writes nothing; the apply keeps pinned and confirmed trips to the byte; the undo restores the day', async (t) => {
  const date = dayAfterDemo(21);
  const day = await plannedDay(date);
  const fixedBefore = await Promise.all(day.fixed.map(storedTrip));
  const movableBefore = await Promise.all(day.movable.map(planned));
  const untouched = await everything(date);
  const digestBefore = await dayDigest(date);
  t.equal(await offered(date), null, 'nothing to undo before an apply');

  const shown = await preview(center, date);
  t.equal(shown.statusCode, 200, shown.body);
  const plan = shown.json();
  t.same(await everything(date), untouched, 'the preview writes nothing');
  const placed = plan.trips.flatMap((trip: PlanTrip) => trip.delivery_ids);
  const left = plan.unassigned.map((u: { delivery_id: number }) => u.delivery_id);
  t.same([...placed, ...left].sort((x, y) => x - y), [...day.replanned].sort((x, y) => x - y), 'the movable trips’ deliveries and the pool, each once');
  t.notOk(plan.trips.some((trip: PlanTrip) => trip.vehicle_id === fleet.vehicles[3]!.id), 'the pinned trip’s vehicle takes nothing');
  t.ok(plan.moves.every((move: { delivery_id: number }) => day.replanned.includes(move.delivery_id)), 'only the replanned deliveries move');
  t.ok(plan.moves.some((move: { from_trip_id: number | null }) => move.from_trip_id === null), 'the pool’s deliveries move onto trips');
  t.match(plan.before, { vehicles: 5, late_stops: Number });
  t.ok(plan.after.load_rate > 0 && plan.before.load_rate > 0, 'the load rate before and after');
  const replaces = plan.trips.map((trip: PlanTrip) => trip.replaces).filter((id: number | null) => id !== null);
  t.same([...replaces, ...plan.emptied_trip_ids].sort((x, y) => x - y), day.movable, 'each movable trip is replaced or emptied');

  const applied = await apply(center, date, plan);
  t.equal(applied.statusCode, 200, applied.body);
  const { id, created, replaced } = applied.json();
  t.same({ created, replaced }, { created: plan.trips.length, replaced: 2 });
  const undoable = await last(center, date);
  t.match(undoable.json(), { reoptimization: { id, applied_at: /^\d{4}-\d\d-\d\dT/, replaced: 2, created: plan.trips.length } }, 'the apply is offered for undo (after a reload)');
  t.same(await Promise.all(day.fixed.map(storedTrip)), fixedBefore, 'the pinned, the confirmed and the handled trips unchanged to the byte');
  const live = await liveTrips(date);
  t.notOk(day.movable.some((trip) => live.includes(trip)), 'the movable trips are replaced');
  const onNew = await db.selectFrom('deliveries').select(['id', 'vehicle_allocation_id']).where('id', 'in', placed).execute();
  t.ok(onNew.every((d) => d.vehicle_allocation_id !== null && live.includes(d.vehicle_allocation_id) && !day.fixed.includes(d.vehicle_allocation_id)), 'the plan’s deliveries on its new trips');

  const again = await apply(center, date, plan);
  t.equal(again.statusCode, 409, 'the same preview again: the day changed since');
  t.match(again.json(), { message: /再最適化/ }, 'said in Japanese');

  const undone = await undo(center, id);
  t.equal(undone.statusCode, 200, undone.body);
  t.same(undone.json(), { restored: 2 });
  t.same(await liveTrips(date), [...day.fixed, ...day.movable].sort((x, y) => x - y), 'the day’s trips as before');
  t.same(await Promise.all(day.movable.map(planned)), movableBefore, 'the movable trips back with their stops, times and deliveries');
  t.same(await Promise.all(day.fixed.map(storedTrip)), fixedBefore, 'the fixed trips still untouched');
  const pool = await db.selectFrom('deliveries').select(['status', 'vehicle_allocation_id']).where('id', 'in', day.replanned.slice(3)).execute();
  t.ok(pool.every((d) => d.status === 0 && d.vehicle_allocation_id === null), 'the pool back in the pool');
  t.equal(await dayDigest(date), digestBefore, 'the day’s trips, stops and deliveries exactly as before the apply');
  t.equal(await offered(date), null, 'nothing left to undo');
  const twice = await undo(center, id);
  t.equal(twice.statusCode, 409, 'an undo is done once');
  t.match(twice.json(), { message: /既に元に戻されています/ });
});

t.test('再最適化: the preview’s progress reaches the planner’s sockets under its run id before the answer', async (t) => {
  const date = dayAfterDemo(24);
  await plannedDay(date);
  const heard: OptimizerProgressEvent[] = [];
  const stop = app.realtime.bus.subscribe(await userId(db, 'center'), (event) => {
    if (event.type === 'optimizer_progress') heard.push(event);
  });
  t.teardown(stop);
  const shown = await center({ method: 'GET', url: `/api/vehicle_allocation/reoptimize?department_id=${fleet.center}&date=${date}&seconds=1&run_id=reopt-7` });
  t.equal(shown.statusCode, 200, shown.body);
  t.ok(heard.length >= 1, `progress events before the answer (${heard.length})`);
  t.ok(heard.every((e) => e.run_id === 'reopt-7' && e.budget === 1), 'under the run id, with the budget');
  t.ok(heard.every((e, i) => i === 0 || e.cost <= heard[i - 1]!.cost), 'the best cost never grows');
});

t.test('再最適化: a preview of a day changed since, or an undo after a change, is refused with 409', async (t) => {
  const date = dayAfterDemo(22);
  const day = await plannedDay(date);
  const plan = (await preview(center, date)).json();
  // The planner moves a delivery meanwhile: the preview is stale.
  const trip = await db.selectFrom('vehicle_allocations').select(['id', 'version']).where('id', '=', day.movable[1]!).executeTakeFirstOrThrow();
  t.equal((await putStops(center, trip, [day.replanned[2]!, day.replanned[4]!])).statusCode, 200);
  const stale = await apply(center, date, plan);
  t.equal(stale.statusCode, 409, stale.body);
  t.same(await liveTrips(date), [...day.fixed, ...day.movable].sort((x, y) => x - y), 'nothing applied');

  const fresh = (await preview(center, date)).json();
  const applied = await apply(center, date, fresh);
  t.equal(applied.statusCode, 200, applied.body);
  t.equal(await offered(date), applied.json().id, 'offered until the day changes');
  await deliveriesFor(date, [{ store: 4 }]);
  t.equal(await offered(date), null, 'no longer offered');
  const refused = await undo(center, applied.json().id);
  t.equal(refused.statusCode, 409, 'a delivery came in since the apply');
  t.match(refused.json(), { message: /元に戻せません/ });
});

t.test('再最適化: a carrier or a planner of another center is refused', async (t) => {
  const date = dayAfterDemo(23);
  await plannedDay(date);
  const carrier = await signedIn(app, 'carrier');
  // An administrator of another center (板橋): 品川's day is outside their scope.
  const hq = await signedIn(app, 'hq');
  const made = await hq({ method: 'POST', url: '/api/user', payload: { name: '板橋管理者', login_id: 'itabashi', password: DEMO_PASSWORD, type: 2, department_id: await departmentId(db, 'CT-ITABASHI') } });
  t.equal(made.statusCode, 201, made.body);
  const itabashi = await signedIn(app, 'itabashi');
  const plan = (await preview(center, date)).json();
  // The carrier has no say on trips (403); the other center's administrator does not see 品川 (404, in SQL).
  const expected = { carrier: 403, itabashi: 404 };
  for (const [who, api] of [['carrier', carrier], ['itabashi', itabashi]] as const) {
    t.equal((await preview(api, date)).statusCode, expected[who], `${who}: no preview`);
    t.equal((await apply(api, date, plan)).statusCode, expected[who], `${who}: no apply`);
  }
  const applied = await apply(center, date, plan);
  t.equal(applied.statusCode, 200, applied.body);
  for (const [who, api] of [['carrier', carrier], ['itabashi', itabashi]] as const) {
    t.equal((await last(api, date)).statusCode, expected[who], `${who}: nothing offered`);
    t.equal((await undo(api, applied.json().id)).statusCode, expected[who], `${who}: no undo`);
  }
  t.equal(await offered(date), applied.json().id, 'the refusals undid nothing');
  t.equal((await undo(center, applied.json().id)).statusCode, 200, 'the center’s planner undoes it');
});

t.test('再最適化: a trip written after the apply, or a later apply, leaves nothing of it to undo', async (t) => {
  const date = dayAfterDemo(25);
  const day = await plannedDay(date);
  const first = (await apply(center, date, (await preview(center, date)).json())).json();
  const second = await apply(center, date, (await preview(center, date)).json());
  t.equal(second.statusCode, 200, second.body);
  t.equal(await offered(date), second.json().id, 'the last apply is the one offered');
  const earlier = await undo(center, first.id);
  t.equal(earlier.statusCode, 409, 'an earlier apply is not undone');
  t.match(earlier.json(), { message: /元に戻せるのは最後の再最適化だけです/ });

  // The planner takes one delivery off a trip the last apply made: the day changed since it.
  const made = await db.selectFrom('vehicle_allocations').select(['id', 'version']).where('date', '=', date).where('department_id', '=', fleet.center).where('id', 'not in', day.fixed).where('status', '<>', 9).where('deleted_at', 'is', null).orderBy('id').execute();
  const onMade = await db.selectFrom('deliveries').select('id').where('vehicle_allocation_id', '=', made[0]!.id).orderBy('stop_seq').execute();
  const digest = await dayDigest(date);
  t.equal((await putStops(center, made[0]!, onMade.slice(1).map((d) => d.id))).statusCode, 200);
  t.equal(await offered(date), null, 'not offered once a trip changed');
  const refused = await undo(center, second.json().id);
  t.equal(refused.statusCode, 409, refused.body);
  t.match(refused.json(), { message: /再最適化の後にこの日の配車が変更されたため/ });
  t.not(await dayDigest(date), digest, 'the planner’s change stands');
  t.same(await liveTrips(date), [...day.fixed, ...made.map((trip) => trip.id)].sort((x, y) => x - y), 'nothing undone');
});
