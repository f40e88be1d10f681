import t from 'tap';
import { sql } from 'kysely';
import { LOAD_UNIT } from '../../common/enums.js';
import { demoApp, demoDay, demoMoment, dayAfterDemo, signedIn } from './helpers.js';
import { fleetOf, makeDelivery, storesOf, userId } from './allocation-fixtures.js';
import { calculator, perDirectionFigures, sameTrips } from '../../server/allocation/calculator.js';
import { daysToPlan } from '../../server/allocation/day-repository.js';
import { findActor } from '../../server/auth/actor.js';
import type { OptimizerProgressEvent } from '../../common/realtime.js';

// The calculator's proposal from the optimizer on the demo data: load rates, capacities in every measure, what stays as it is.

let { app, db } = {} as Awaited<ReturnType<typeof demoApp>>;
let hq: Awaited<ReturnType<typeof signedIn>>;
t.before(async () => {
  ({ app, db } = await demoApp(t));
  hq = await signedIn(app, 'super');
});

interface Row {
  vehicle_id: number;
  delivery_ids: number[];
  load_unit: number;
  quantity: number;
  weight: number;
  pallet_capacity: number | null;
  cage_cart_capacity: number | null;
  max_loading_capacity: number | null;
  km: number;
  load_rate: number;
  planned_loading_start: string;
  planned_arrival: string;
}

const calculate = async (centerId: number, date: string) => {
  const response = await hq({ method: 'GET', url: `/api/vehicle_allocation/calculator?department_id=${centerId}&date=${date}&seconds=2` });
  if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
  return response.json() as { proposal: Row[]; summary: { vehicles: number; km: number; hours: number; late_stops: number }; current: { vehicles: number } };
};

/** Search steps a day: a step budget gives the same plan on any machine, however loaded (a time budget would not). */
const STEPS_A_DAY = 20_000;

t.test('every center’s coming days with unallocated deliveries, each day: at least 50 % loaded on average, every trip within its vehicle’s capacity in every measure, as many vehicles as the per-direction rule or fewer, and fewer km where the two plans differ', async (t) => {
  const days = await daysToPlan(db, demoDay);
  t.ok(days.length > 0, 'the demo has coming days to plan');
  const actor = (await findActor(db, await userId(db, 'super')))!;
  for (const { department_id, date } of days) {
    // Today as the demo tells it (07:05 in Tokyo), whatever the hour the test runs.
    const now = demoMoment;
    const body = await calculator(db, actor, department_id, date, now, { seconds: 0, iterations: STEPS_A_DAY, seed: 1 });
    // The per-direction rule the optimizer replaced, on the same day.
    const replaced = await perDirectionFigures(db, actor, department_id, date, now);
    const day = `center ${department_id} ${date}`;
    const alike = sameTrips(body.proposal.map((trip) => trip.delivery_ids), replaced.trips);
    const figures = `${body.summary.vehicles} vehicles ${body.summary.km} km, per direction ${replaced.vehicles} vehicles ${replaced.km} km`;
    t.ok(body.summary.vehicles <= replaced.vehicles, `${day}: as many vehicles as the per-direction rule or fewer (${figures})`);
    if (alike) t.ok(body.summary.km <= replaced.km, `${day}: the same trips as the rule, as many km (${figures})`);
    else t.ok(body.summary.km < replaced.km, `${day}: fewer km than the rule (${figures})`);
    // A day whose deliveries no vehicle reaches within its shift has no trip to load.
    if (body.proposal.length > 0) {
      const average = body.proposal.reduce((sum, trip) => sum + trip.load_rate, 0) / body.proposal.length;
      t.ok(average >= 0.5, `${day}: ${(average * 100).toFixed(1)} % loaded on average over its ${body.proposal.length} trips`);
    }
    const deliveries = await db.selectFrom('deliveries').select(['id', 'quantity', 'load_unit', 'weight']).where('id', 'in', [0, ...body.proposal.flatMap((trip) => trip.delivery_ids)]).execute();
    for (const trip of body.proposal) {
      const own = deliveries.filter((d) => trip.delivery_ids.includes(d.id));
      const units = new Set(own.map((d) => d.load_unit));
      const quantity = own.reduce((sum, d) => sum + d.quantity, 0);
      const weight = own.reduce((sum, d) => sum + Number(d.weight ?? 0), 0);
      const capacity = trip.load_unit === LOAD_UNIT.cageCart ? trip.cage_cart_capacity : trip.pallet_capacity;
      const fits = units.size === 1 && quantity <= (capacity ?? 0) && (trip.max_loading_capacity === null || weight <= trip.max_loading_capacity + 1e-6);
      if (!fits) t.fail(`${day}: vehicle ${trip.vehicle_id} carries ${quantity} of unit ${[...units]} (${capacity}) and ${weight} kg (${trip.max_loading_capacity})`);
      const rate = Math.max(quantity / capacity!, trip.max_loading_capacity ? weight / trip.max_loading_capacity : 0);
      if (Math.abs(rate - trip.load_rate) > 1e-6) t.fail(`vehicle ${trip.vehicle_id}: load_rate ${trip.load_rate}, carried ${rate}`);
    }
    for (const vehicle of new Set(body.proposal.map((trip) => trip.vehicle_id))) {
      const trips = body.proposal.filter((trip) => trip.vehicle_id === vehicle);
      const overlapping = trips.some((a, i) => trips.some((b, j) => i < j && a.planned_loading_start < b.planned_arrival && b.planned_loading_start < a.planned_arrival));
      if (overlapping) t.fail(`${day}: vehicle ${vehicle}'s proposed trips overlap`);
    }
  }
});

t.test('a store’s goods that fit a vehicle by kg but not by cage carts are not put on it', async (t) => {
  const fleet = await fleetOf(db, 'CT-SHINAGAWA');
  const [store] = await storesOf(db, 'CT-SHINAGAWA');
  const date = dayAfterDemo(40);
  const vehicles = await db
    .selectFrom('vehicles as v')
    .innerJoin('vehicle_types as vt', 'vt.id', 'v.vehicle_type_id')
    .select(['v.id', 'vt.cage_cart_capacity', sql<number>`coalesce(v.max_loading_capacity, vt.max_loading_capacity)`.as('kg')])
    .where('v.base_department_id', '=', fleet.center)
    .where('v.deleted_at', 'is', null)
    .where('v.temporary_registration_date', 'is', null)
    .execute();
  const smallest = [...vehicles].sort((a, b) => (a.cage_cart_capacity ?? 0) - (b.cage_cart_capacity ?? 0))[0]!;
  // One cage cart more than the smallest vehicle carries, and light: by kg the smallest would do.
  const carts = smallest.cage_cart_capacity! + 1;
  const delivery = await makeDelivery(db, { date, department_id: fleet.center, delivery_destination_id: store!.id, quantity: carts, weight: 10, load_unit: LOAD_UNIT.cageCart });
  const body = await calculate(fleet.center, date);
  const trip = body.proposal.find((p) => p.delivery_ids.includes(delivery.id));
  t.ok(trip, 'planned');
  t.ok((trip!.cage_cart_capacity ?? 0) >= carts, `on a vehicle with room for ${carts} cage carts (${trip!.cage_cart_capacity})`);
  t.notOk(body.proposal.some((p) => p.vehicle_id === smallest.id && p.delivery_ids.includes(delivery.id)), 'not on the smallest');
});

t.test('the calculator stops with its signal (the route aborts it when the request closes): no 30 s wait', async (t) => {
  const fleet = await fleetOf(db, 'CT-SHINAGAWA');
  const [store] = await storesOf(db, 'CT-SHINAGAWA');
  const date = dayAfterDemo(41);
  await makeDelivery(db, { date, department_id: fleet.center, delivery_destination_id: store!.id, quantity: 1, weight: 10, load_unit: LOAD_UNIT.pallet });
  const actor = (await findActor(db, await userId(db, 'super')))!;
  const controller = new AbortController();
  const began = Date.now();
  setTimeout(() => controller.abort(new Error('request closed')), 300);
  await t.rejects(calculator(db, actor, fleet.center, date, new Date(), { seconds: 30, seed: 1, signal: controller.signal }), { message: 'request closed' });
  t.ok(Date.now() - began < 10_000, `ended after ${Date.now() - began} ms`);
});

t.test('the optimizer’s progress reaches the caller’s sockets under the run id, its best cost decreasing, before the answer', async (t) => {
  const fleet = await fleetOf(db, 'CT-SHINAGAWA');
  const stores = await storesOf(db, 'CT-SHINAGAWA');
  const date = dayAfterDemo(42);
  for (const [i, store] of stores.slice(0, 30).entries()) {
    await makeDelivery(db, { date, department_id: fleet.center, delivery_destination_id: store.id, quantity: 1 + (i % 4), weight: 80, load_unit: LOAD_UNIT.pallet });
  }
  const heard: OptimizerProgressEvent[] = [];
  const others: unknown[] = [];
  const listen = app.realtime.bus.subscribe(await userId(db, 'super'), (event) => {
    if (event.type === 'optimizer_progress') heard.push(event);
  });
  const otherUser = app.realtime.bus.subscribe(await userId(db, 'center'), (event) => others.push(event));
  t.teardown(() => (listen(), otherUser()));
  const response = await hq({ method: 'GET', url: `/api/vehicle_allocation/calculator?department_id=${fleet.center}&date=${date}&seconds=5&run_id=run-42` });
  t.equal(response.statusCode, 200, 'answered');
  const before = heard.length;
  t.ok(before >= 2, `progress events before the answer (${before})`);
  t.ok(heard.every((e) => e.run_id === 'run-42' && e.budget === 5), 'under the run id, with the chosen budget');
  t.ok(heard.every((e, i) => i === 0 || (e.cost <= heard[i - 1]!.cost && e.seconds >= heard[i - 1]!.seconds)), 'the best cost never grows, the time only grows');
  t.ok(heard.at(-1)!.cost < heard[0]!.cost, `the best cost went down (${heard[0]!.cost} → ${heard.at(-1)!.cost})`);
  t.ok(heard.at(-1)!.seconds <= 5 + 1, `about the budget (${heard.at(-1)!.seconds} s)`);
  t.same(others, [], 'another user hears nothing of it');
  const bad = await hq({ method: 'GET', url: `/api/vehicle_allocation/calculator?department_id=${fleet.center}&date=${date}&run_id=${encodeURIComponent('a b')}` });
  t.equal(bad.statusCode, 400, 'a run id of other characters is refused');
  t.match(bad.body, /run_id/, 'naming the field');
});
