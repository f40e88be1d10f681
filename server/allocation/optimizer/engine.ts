// One optimisation in the calling thread: the problem compiled, windows no vehicle can keep widened
// just enough (such a job is served as early as it can be, and reported late), the search run, and
// its best routes written out as a plan.
import { compile, type Instance } from './instance.js';
import type { LateJob, Plan, Problem, Route, Trip } from './model.js';
import { EPSILON, RouteState } from './routes.js';
import { groupCount, Search, type SearchOptions } from './search.js';

/** Later than any time of a day in any unit the engine is given. */
const NEVER = 1e12;

/** Whether some vehicle with no other job takes `job` (its windows as they are in the instance). */
function alone(job: number, routes: RouteState[]): boolean {
  return routes.some((route) => {
    for (let position = 0; position < route.nodes.length - 1; position++) {
      if (route.takes(job, position)) return true;
    }
    return false;
  });
}

/**
 * Jobs no vehicle takes at all (too heavy for every one, or out of reach within every shift), and the
 * windows widened of those no vehicle reaches in time: their end moved to the earliest service any
 * vehicle can give. Returns the excluded jobs and each widened job's own window end.
 */
function widenWindows(instance: Instance): { excluded: Uint8Array; due: Map<number, number> } {
  const routes = Array.from({ length: instance.vehicleCount }, (_, v) => new RouteState(instance, v, 1));
  const excluded = new Uint8Array(instance.jobCount);
  const due = new Map<number, number>();
  for (let job = 0; job < instance.jobCount; job++) {
    if (alone(job, routes)) continue;
    const own = instance.late[job]!;
    instance.late[job] = NEVER;
    if (!alone(job, routes)) {
      instance.late[job] = own;
      excluded[job] = 1;
      continue;
    }
    let [low, high] = [own, NEVER];
    for (let step = 0; step < 80 && high - low > EPSILON; step++) {
      instance.late[job] = (low + high) / 2;
      if (alone(job, routes)) high = instance.late[job]!;
      else low = instance.late[job]!;
    }
    instance.late[job] = high;
    due.set(job, own);
  }
  return { excluded, due };
}

export function optimize(problem: Problem, options: SearchOptions): Plan & { iterations: number } {
  const instance = compile(problem);
  const { excluded, due } = widenWindows(instance);
  const result = new Search(instance, options.seed, excluded).run(options);
  const groups = groupCount(instance);
  const routes = result.routes.map((nodes, v) => {
    const route = new RouteState(instance, v, groups);
    route.nodes = nodes;
    route.refresh();
    return route;
  });
  const late: LateJob[] = [];
  const planned: Route[] = [];
  for (const route of routes) {
    if (!route.used) continue;
    const { trips, lateness } = tripsOf(instance, route, due);
    planned.push({ vehicle: problem.vehicles[route.vehicle]!.id, trips, distance: route.distance, duration: route.duration });
    late.push(...lateness);
  }
  const assigned = new Set(routes.flatMap((route) => route.nodes));
  return {
    cost: routes.reduce((sum, route) => sum + route.cost, 0),
    distance: routes.reduce((sum, route) => sum + route.distance, 0),
    vehicles: routes.filter((route) => route.jobs > 0).length,
    routes: planned,
    unassigned: problem.jobs.filter((_, job) => !assigned.has(job)).map((job) => job.id),
    late,
    iterations: result.iterations,
  };
}

/** A route's trips, from depot to depot, with their times, distance and load; pinned trips as they are. */
function tripsOf(instance: Instance, route: RouteState, due: Map<number, number>): { trips: Trip[]; lateness: LateJob[] } {
  const { problem, jobCount, location, size, distance, service, demand, measures, pinnedOf } = instance;
  const { arrival, start } = route.schedule();
  const trips: Trip[] = [];
  const lateness: LateJob[] = [];
  let trip: Trip | undefined;
  route.nodes.forEach((node, i) => {
    if (node < jobCount) {
      const job = problem.jobs[node]!;
      const previous = route.nodes[i - 1]!;
      trip!.distance += distance[location[previous]! * size + location[node]!]!;
      trip!.stops.push({ job: job.id, arrival: arrival[i]!, start: start[i]! });
      for (let m = 0; m < measures; m++) trip!.load[m]! += demand[node * measures + m]!;
      const own = due.get(node);
      if (own !== undefined && start[i]! > own + EPSILON) lateness.push({ job: job.id, late: start[i]! - own });
      return;
    }
    if (trip && trip.stops.length) {
      trip.distance += distance[location[route.nodes[i - 1]!]! * size + location[node]!]!;
      trip.end = arrival[i]!;
      trips.push(trip);
    }
    const pinned = pinnedOf.get(node);
    if (pinned) {
      const [v, index] = pinned;
      const { id, start: from, end } = problem.vehicles[v]!.pinned![index]!;
      trips.push({ pinned: id, stops: [], start: from, end, distance: 0, load: new Array<number>(measures).fill(0) });
    }
    trip = { stops: [], start: start[i]! + service[node]!, end: 0, distance: 0, load: new Array<number>(measures).fill(0) };
  });
  return { trips, lateness };
}
