import { readFileSync } from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { checkPlan, optimize, readSolomon, solve, type Plan, type Problem, type Vehicle } from '../../server/allocation/optimizer/index.js';
import { haversineKm, travelOf } from '../../server/allocation/optimizer/travel.js';

/** Locations on a plane (travel time equals distance); location 0 is the depot. */
function plane(points: [number, number][], vehicles: Partial<Vehicle>[], jobs: Problem['jobs']): Problem {
  return {
    travel: { kind: 'euclidean', coordinates: [[0, 0], ...points] },
    vehicles: vehicles.map((vehicle, v) => ({ id: `v${v + 1}`, capacity: [10], shift: [0, 1000], start: 0, end: 0, ...vehicle })),
    jobs,
  };
}

const job = (id: string, location: number, window: [number, number] = [0, 1000], demand = [1], service = 0) => ({ id, location, demand, window, service });
const tripsOf = (plan: Plan) => plan.routes.flatMap((route) => route.trips.filter((trip) => !trip.pinned).map((trip) => trip.stops.map((stop) => stop.job)));
const vehicleOf = (plan: Plan, id: string) => plan.routes.find((route) => route.trips.some((trip) => trip.stops.some((stop) => stop.job === id)))?.vehicle;

t.test('the checker agrees with the optimum of small instances and finds what a plan breaks', async (t) => {
  // Two stores either side of the depot, each to be served by time 5: one route cannot reach both.
  const windows = plane([[5, 0], [-5, 0]], [{}, {}], [job('east', 1, [0, 5]), job('west', 2, [0, 5])]);
  const split = optimize(windows, { seed: 1, iterations: 200 });
  t.same(checkPlan(windows, split).errors, []);
  t.equal(split.vehicles, 2);
  t.equal(Math.round(split.distance * 1e6) / 1e6, 20);
  // Four stores in two pairs, capacity for two: the two pairs apart, 2 × 12.
  const pairs = plane([[5, 0], [6, 0], [-5, 0], [-6, 0]], [{ capacity: [2] }, { capacity: [2] }, { capacity: [2] }], ['a', 'b', 'c', 'd'].map((id, i) => job(id, i + 1)));
  const paired = optimize(pairs, { seed: 1, iterations: 200 });
  t.same(checkPlan(pairs, paired).errors, []);
  t.equal(Math.round(paired.distance * 1e6) / 1e6, 24);
  t.equal(checkPlan(pairs, paired).cost, paired.cost);

  const broken: Plan = structuredClone(paired);
  const [first, second] = broken.routes;
  first!.trips[0]!.stops.push(...second!.trips[0]!.stops);
  t.match(checkPlan(pairs, broken).errors.join('\n'), /over its capacity/);
  broken.routes[0]!.trips[0]!.stops.push(broken.routes[0]!.trips[0]!.stops[0]!);
  t.match(checkPlan(pairs, broken).errors.join('\n'), /planned 2 times/);
  const late = structuredClone(split);
  late.routes[0]!.trips[0]!.stops.push(...late.routes[1]!.trips[0]!.stops);
  late.routes.pop();
  t.match(checkPlan(windows, late).errors.join('\n'), /reached at 15, after 5/);
});

t.test('a job that fits one vehicle by kg but not by cage carts goes on the other', async (t) => {
  // Measures: cage carts, kg. The small truck is free and the stores are on its way; the large one costs.
  const problem = plane(
    [[1, 0], [2, 0]],
    [
      { id: 'small', capacity: [2, 2000], fixedCost: 0 },
      { id: 'large', capacity: [10, 4000], fixedCost: 100 },
    ],
    [job('light-bulky', 1, [0, 1000], [5, 100]), job('small', 2, [0, 1000], [1, 100])],
  );
  const plan = optimize(problem, { seed: 1, iterations: 100 });
  t.same(checkPlan(problem, plan).errors, []);
  t.equal(vehicleOf(plan, 'light-bulky'), 'large');
});

t.test('pinned trips stay as they are and their vehicle is busy meanwhile', async (t) => {
  const pinned = { id: 'trip-7', start: 100, end: 200 };
  const problem = plane(
    [[10, 0], [10, 1], [0, 30]],
    [
      { id: 'busy', pinned: [pinned], capacity: [10] },
      { id: 'away', pinned: [{ id: 'all-day', start: 0, end: 1000 }] },
      { id: 'free', fixedCost: 50 },
    ],
    // The third store is open only while `busy` is out; `away` is out all day.
    [job('before', 1, [0, 90]), job('after', 2, [210, 300]), job('meanwhile', 3, [120, 140])],
  );
  const plan = optimize(problem, { seed: 1, iterations: 200 });
  t.same(checkPlan(problem, plan).errors, []);
  const busy = plan.routes.find((route) => route.vehicle === 'busy')!;
  t.same(JSON.stringify(busy.trips.find((trip) => trip.pinned)), JSON.stringify({ pinned: 'trip-7', stops: [], start: 100, end: 200, distance: 0, load: [0] }));
  const away = plan.routes.find((route) => route.vehicle === 'away')!;
  t.same(away.trips.map((trip) => trip.pinned), ['all-day']);
  t.equal(vehicleOf(plan, 'meanwhile'), 'free');
});

t.test('a vehicle with a pinned trip pays its fixed cost for the first job it takes, and the checker counts a pinned trip that ends the route', async (t) => {
  // The vehicle already out is based farther from the store than the free one: with its fixed cost counted, the free one is cheaper.
  const out = { id: 'out', fixedCost: 100, start: 1, end: 1, pinned: [{ id: 'morning', start: 0, end: 100 }] };
  const problem = plane([[0, 30], [0, 10]], [out, { id: 'free', fixedCost: 100 }], [job('store', 2)]);
  const plan = optimize(problem, { seed: 1, iterations: 100 });
  t.same(checkPlan(problem, plan).errors, []);
  t.equal(vehicleOf(plan, 'store'), 'free');
  t.equal(plan.vehicles, 1, 'the vehicle with only its pinned trip is not counted');
  t.equal(Math.round(plan.cost * 1e6) / 1e6, 120, 'the free vehicle’s fixed cost and its 20 km; none for the pinned trip alone');
  t.equal(Math.round(checkPlan(problem, plan).cost * 1e6) / 1e6, 120, 'the checker agrees');
  // Alone, with its pinned trip in the evening, and the route's duration counted.
  const alone = { ...plane([[0, 30], [0, 10]], [{ ...out, pinned: [{ id: 'evening', start: 900, end: 1000 }] }], [job('store', 2)]), weights: { distance: 1, time: 1, group: 0 } };
  const taken = optimize(alone, { seed: 1, iterations: 100 });
  t.same(checkPlan(alone, taken).errors, []);
  t.same(taken.routes[0]!.trips.map((trip) => trip.pinned ?? trip.stops.map((stop) => stop.job).join()), ['store', 'evening'], 'its pinned trip last');
  t.equal(Math.round(taken.cost * 1e6) / 1e6, 280, 'its fixed cost once it carries the store, its 40 km, and 140 from leaving at 860 to the pinned trip’s end');
  t.equal(Math.round(checkPlan(alone, taken).cost * 1e6) / 1e6, 280, 'the checker agrees');
  const moved = structuredClone(taken);
  moved.routes[0]!.trips.at(-1)!.start = 950;
  t.match(checkPlan(alone, moved).errors.join('\n'), /pinned trip evening moved/, 'the checker looks at the pinned trip that ends the route');
});

t.test('a day that one larger vehicle runs in one trip is not left to a smaller one running rounds', async (t) => {
  // Six stores far out together: the small truck carries two a round for less, the large one all six at once.
  const stores = Array.from({ length: 6 }, (_, i) => job(`s${i}`, i + 1));
  const problem = plane(
    stores.map((_, i) => [50, i * 0.1] as [number, number]),
    [
      { id: 'small', capacity: [2], fixedCost: 100, rounds: 3 },
      { id: 'large', capacity: [6], fixedCost: 110 },
    ],
    stores,
  );
  const plan = optimize(problem, { seed: 1, iterations: 2000 });
  t.same(checkPlan(problem, plan).errors, []);
  t.same(plan.routes.map((route) => [route.vehicle, route.trips.length]), [['large', 1]], `one trip of the large vehicle (${plan.distance.toFixed(1)} km)`);
});

t.test("a route's duration limit (the driver's binding time) is kept", async (t) => {
  // One vehicle could serve both stores (one early, one late) for a fixed cost less, but not within 60.
  const stores = [job('early', 1, [0, 10]), job('late', 2, [100, 110])];
  const free = plane([[5, 0], [5, 1]], [{ fixedCost: 1000 }, { fixedCost: 1000 }], stores);
  t.equal(optimize(free, { seed: 1, iterations: 100 }).vehicles, 1);
  const limited = plane([[5, 0], [5, 1]], [{ fixedCost: 1000, maxDuration: 60 }, { fixedCost: 1000, maxDuration: 60 }], stores);
  const plan = optimize(limited, { seed: 1, iterations: 100 });
  t.same(checkPlan(limited, plan).errors, []);
  t.equal(plan.vehicles, 2);
  t.ok(plan.routes.every((route) => route.duration <= 60));
});

t.test("a store's direction is a preference: kept when it costs little, given up when it costs much", async (t) => {
  const stores = [{ ...job('north', 1), group: 'north' }, { ...job('south', 2), group: 'south' }];
  const fleet = [{ id: 'north', group: 'north' }, { id: 'south', group: 'south' }];
  const near = { ...plane([[1, 0], [1, 0.1]], fleet, stores), weights: { distance: 1, time: 0, group: 10 } };
  const apart = optimize(near, { seed: 1, iterations: 50 });
  t.same(checkPlan(near, apart).errors, []);
  t.same([vehicleOf(apart, 'north'), vehicleOf(apart, 'south')], ['north', 'south']);
  const mixed = optimize({ ...near, weights: { distance: 1, time: 0, group: 0.5 } }, { seed: 1, iterations: 50 });
  t.equal(mixed.vehicles, 1);
});

t.test('a vehicle runs a second round after it is back', async (t) => {
  const problem = plane([[3, 0], [3, 1], [0, 3], [1, 3]], [{ capacity: [2], rounds: 2 }], ['a', 'b', 'c', 'd'].map((id, i) => job(id, i + 1)));
  const plan = optimize(problem, { seed: 1, iterations: 100 });
  t.same(checkPlan(problem, plan).errors, []);
  t.same(plan.unassigned, []);
  t.equal(plan.routes[0]!.trips.length, 2);
});

t.test('a store no vehicle reaches in time is served as early as it can be and said late; one no vehicle takes is left out', async (t) => {
  const problem = plane([[50, 0], [1, 0]], [{}], [job('far', 1, [0, 20]), job('heavy', 2, [0, 1000], [11])]);
  const plan = optimize(problem, { seed: 1, iterations: 50 });
  t.same(checkPlan(problem, plan).errors, []);
  t.same(plan.unassigned, ['heavy']);
  t.equal(plan.late.length, 1);
  t.equal(plan.late[0]!.job, 'far');
  t.ok(Math.abs(plan.late[0]!.late - 30) < 1e-6);
});

t.test('travel from coordinates: great-circle km times the detour factor, over the speed', async (t) => {
  // Tokyo station to Shin-Osaka station: about 403 km as the crow flies.
  const tokyo: [number, number] = [35.6812, 139.7671];
  const osaka: [number, number] = [34.7335, 135.5003];
  t.ok(Math.abs(haversineKm(tokyo, osaka) - 403) < 3);
  const travel = travelOf({ kind: 'haversine', coordinates: [tokyo, osaka], detour: 1.3, speed: 0.5 });
  t.equal(travel.distance[1], haversineKm(tokyo, osaka) * 1.3);
  t.equal(travel.duration[1], travel.distance[1]! / 0.5);
  t.equal(travel.distance[2], travel.distance[1]);
});

t.test('a problem that cannot be read is refused with what is wrong', async (t) => {
  const problem = plane([[1, 0]], [{ pinned: [{ id: 'p', start: 900, end: 1100 }] }], [job('a', 1, [10, 5]), job('a', 1)]);
  t.throws(() => optimize(problem, { seed: 1, iterations: 1 }), {
    message: 'job a given twice; job a: its window ends before it starts; vehicle v1: pinned trip p is not within its shift',
  });
});

const SOLOMON = path.resolve(import.meta.dirname, '../../../shared/benchmarks/vrptw/solomon');
const solomon = (name: string) => readSolomon(readFileSync(path.join(SOLOMON, `${name}.txt`), 'utf8'));

t.test('Solomon instances with a short budget: every plan feasible', async (t) => {
  for (const name of ['C101', 'R101', 'RC201', 'R211']) {
    const { problem, customers } = solomon(name);
    const plan = optimize(problem, { seed: 7, iterations: 300 });
    t.same(checkPlan(problem, plan).errors, [], name);
    t.same(plan.unassigned, [], name);
    t.equal(tripsOf(plan).flat().length, customers.length, name);
  }
});

t.test('the same seed and the same number of steps give the same plan', async (t) => {
  const { problem } = solomon('RC105');
  const one = optimize(problem, { seed: 42, iterations: 400 });
  const two = optimize(problem, { seed: 42, iterations: 400 });
  t.same(tripsOf(two), tripsOf(one));
  t.equal(two.cost, one.cost);
});

t.test('in its worker: progress while it runs, the best plan at the budget, stopped at once when aborted', async (t) => {
  const { problem } = solomon('C201');
  const progress: number[] = [];
  const plan = await solve(problem, { seconds: 1, onProgress: ({ cost }) => progress.push(cost) });
  t.same(checkPlan(problem, plan).errors, []);
  t.ok(progress.length >= 1);
  t.ok(progress.every((cost, i) => i === 0 || cost <= progress[i - 1]!));
  const { iterations: _steps, ...inThisThread } = optimize(problem, { iterations: 200, seed: 3 });
  t.same(await solve(problem, { iterations: 200, seed: 3 }), inThisThread);

  const controller = new AbortController();
  const began = Date.now();
  setTimeout(() => controller.abort(new Error('request closed')), 300);
  await t.rejects(solve(problem, { seconds: 60, signal: controller.signal }), { message: 'request closed' });
  t.ok(Date.now() - began < 5_000);
});

t.test('its time budget runs on the worker’s own clock: a server whose clock was set to another day (as the browser tests set it) still answers at the budget', async (t) => {
  const { problem } = solomon('C201');
  const realNow = Date.now;
  Date.now = () => realNow() + 40 * 86_400_000;
  t.teardown(() => {
    Date.now = realNow;
  });
  const began = performance.now();
  // Were the deadline read on this thread's clock, the worker would search for 40 days: the signal ends the wait instead.
  const plan = await solve(problem, { seconds: 1, signal: AbortSignal.timeout(20_000) });
  t.same(checkPlan(problem, plan).errors, []);
  t.ok(performance.now() - began < 15_000);
});
