// An independent check of a plan against its problem: every constraint verified and every figure
// recomputed from the travel matrix, without the search's own bookkeeping. The tests and the benchmark
// read every plan through it.
import { DEFAULT_WEIGHTS } from './instance.js';
import type { Job, Plan, Problem, Route, Vehicle } from './model.js';
import { travelOf, type Travel } from './travel.js';

const SLACK = 1e-6;

export interface Check {
  /** What the plan breaks; empty when it keeps every constraint. */
  errors: string[];
  distance: number;
  cost: number;
}

/** One place the vehicle's day passes through: a job, a depot between trips, or a pinned trip. */
interface Visit {
  location: number;
  early: number;
  late: number;
  service: number;
  job?: Job;
  /** A pinned trip's time away. */
  pinned?: boolean;
}

/** Each visit's service start when the vehicle leaves as late as every window allows (least waiting). */
function latestDepartureTimes(visits: Visit[], travel: Travel): number[] {
  const leg = (a: Visit, b: Visit) => travel.duration[a.location * travel.size + b.location]!;
  const latest = visits.map((visit) => visit.late);
  for (let i = visits.length - 2; i >= 0; i--) latest[i] = Math.min(latest[i]!, latest[i + 1]! - leg(visits[i]!, visits[i + 1]!) - visits[i]!.service);
  const start = [Math.max(visits[0]!.early, latest[0]!)];
  for (let i = 1; i < visits.length; i++) start.push(Math.max(visits[i]!.early, start[i - 1]! + visits[i - 1]!.service + leg(visits[i - 1]!, visits[i]!)));
  return start;
}

function checkRoute(route: Route, vehicle: Vehicle, jobs: Map<string, Job>, travel: Travel, lateness: Map<string, number>, errors: string[]) {
  const [from, to] = vehicle.shift;
  const depot = (location: number): Visit => ({ location, early: from, late: to, service: 0 });
  const visits: Visit[] = [depot(vehicle.start)];
  const pinned = new Map((vehicle.pinned ?? []).map((trip) => [trip.id, trip]));
  let trips = 0;
  let km = 0;
  const groups = new Map<string, number>();
  for (const trip of route.trips) {
    if (trip.pinned !== undefined) {
      const kept = pinned.get(trip.pinned);
      if (!kept) errors.push(`${route.vehicle}: pinned trip ${trip.pinned} is not the vehicle's`);
      else if (kept.start !== trip.start || kept.end !== trip.end) errors.push(`${route.vehicle}: pinned trip ${trip.pinned} moved`);
      else visits.push({ location: vehicle.start, early: kept.start, late: kept.start, service: kept.end - kept.start, pinned: true });
      pinned.delete(trip.pinned);
      continue;
    }
    trips++;
    const load = vehicle.capacity.map(() => 0);
    for (const stop of trip.stops) {
      const job = jobs.get(stop.job);
      if (!job) {
        errors.push(`${route.vehicle}: unknown job ${stop.job}`);
        continue;
      }
      job.demand.forEach((amount, m) => (load[m]! += amount));
      if (job.demand.length > vehicle.capacity.length && job.demand.slice(vehicle.capacity.length).some((amount) => amount > 0)) errors.push(`${route.vehicle}: ${job.id} needs a measure the vehicle lacks`);
      visits.push({ location: job.location, early: job.window[0], late: job.window[1] + (lateness.get(job.id) ?? 0), service: job.service, job });
      if (job.group !== undefined) groups.set(job.group, (groups.get(job.group) ?? 0) + 1);
    }
    load.forEach((amount, m) => {
      if (amount > vehicle.capacity[m]! + SLACK) errors.push(`${route.vehicle}: a trip carries ${amount} over its capacity ${vehicle.capacity[m]} (measure ${m})`);
    });
    visits.push(depot(vehicle.start));
  }
  for (const id of pinned.keys()) errors.push(`${route.vehicle}: pinned trip ${id} missing`);
  if (trips > Math.max(1, vehicle.rounds ?? 1) * ((vehicle.pinned?.length ?? 0) + 1)) errors.push(`${route.vehicle}: ${trips} trips, more rounds than allowed`);
  if (visits.length > 1 && visits.at(-1)!.job === undefined && !visits.at(-1)!.pinned) visits.pop();
  visits.push(depot(vehicle.end));
  for (let i = 1; i < visits.length; i++) km += travel.distance[visits[i - 1]!.location * travel.size + visits[i]!.location]!;
  const start = latestDepartureTimes(visits, travel);
  visits.forEach((visit, i) => {
    if (start[i]! > visit.late + SLACK) errors.push(`${route.vehicle}: ${visit.job ? `job ${visit.job.id}` : 'depot'} reached at ${start[i]}, after ${visit.late}`);
  });
  const duration = start.at(-1)! - start[0]!;
  if (duration > (vehicle.maxDuration ?? Infinity) + SLACK) errors.push(`${route.vehicle}: route lasts ${duration}, over ${vehicle.maxDuration}`);
  const jobCount = [...groups.values()].reduce((sum, count) => sum + count, 0);
  const own = vehicle.group === undefined ? Math.max(0, ...groups.values()) : (groups.get(vehicle.group) ?? 0);
  return { km, duration, groupPenalty: jobCount - own };
}

export function checkPlan(problem: Problem, plan: Plan): Check {
  const travel = travelOf(problem.travel);
  const weights = { ...DEFAULT_WEIGHTS, ...problem.weights };
  const jobs = new Map(problem.jobs.map((job) => [job.id, job]));
  const vehicles = new Map(problem.vehicles.map((vehicle) => [vehicle.id, vehicle]));
  const lateness = new Map(plan.late.map((late) => [late.job, late.late]));
  const errors: string[] = [];
  const seen = new Map<string, number>();
  for (const id of [...plan.routes.flatMap((route) => route.trips.flatMap((trip) => trip.stops.map((stop) => stop.job))), ...plan.unassigned]) seen.set(id, (seen.get(id) ?? 0) + 1);
  for (const job of problem.jobs) if (seen.get(job.id) !== 1) errors.push(`job ${job.id} planned ${seen.get(job.id) ?? 0} times`);
  let distance = 0;
  let cost = 0;
  let used = 0;
  const routed = new Set<string>();
  for (const route of plan.routes) {
    const vehicle = vehicles.get(route.vehicle);
    if (!vehicle || routed.has(route.vehicle)) {
      errors.push(`vehicle ${route.vehicle} unknown or routed twice`);
      continue;
    }
    routed.add(route.vehicle);
    const { km, duration, groupPenalty } = checkRoute(route, vehicle, jobs, travel, lateness, errors);
    distance += km;
    const carries = route.trips.some((trip) => trip.stops.length);
    cost += (carries ? (vehicle.fixedCost ?? 0) : 0) + weights.distance * km + weights.time * duration + weights.group * groupPenalty;
    if (carries) used++;
  }
  for (const vehicle of problem.vehicles) {
    if (vehicle.pinned?.length && !routed.has(vehicle.id)) errors.push(`vehicle ${vehicle.id}: its pinned trips are missing`);
  }
  if (used !== plan.vehicles) errors.push(`${used} vehicles carry jobs, the plan says ${plan.vehicles}`);
  if (Math.abs(distance - plan.distance) > SLACK * Math.max(1, distance)) errors.push(`distance ${distance}, the plan says ${plan.distance}`);
  if (Math.abs(cost - plan.cost) > SLACK * Math.max(1, cost)) errors.push(`cost ${cost}, the plan says ${plan.cost}`);
  return { errors, distance, cost };
}
