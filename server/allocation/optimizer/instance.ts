// The problem as the search reads it: every place a route visits is a node with one index (the jobs
// first, then each vehicle's start, end and fixed depot visits), its facts in typed arrays.
import type { Problem, Weights } from './model.js';
import { travelOf } from './travel.js';

export const DEFAULT_WEIGHTS: Weights = { distance: 1, time: 0, group: 0 };
/** How many nearest jobs the string removals walk from a seed job. */
const NEIGHBOURS = 200;

export interface Instance {
  problem: Problem;
  weights: Weights;
  jobCount: number;
  vehicleCount: number;
  /** Measures of capacity and demand. */
  measures: number;
  nodeCount: number;
  location: Int32Array;
  early: Float64Array;
  late: Float64Array;
  service: Float64Array;
  /** node × measures. */
  demand: Float64Array;
  /** The direction of a job (-1: none). */
  group: Int32Array;
  size: number;
  distance: Float64Array;
  duration: Float64Array;
  /** vehicle × measures. */
  capacity: Float64Array;
  fixedCost: Float64Array;
  maxDuration: Float64Array;
  startNode: Int32Array;
  endNode: Int32Array;
  vehicleGroup: Int32Array;
  /** The depot visits a vehicle's route always keeps, in order: pinned trips and the returns between rounds. */
  fixedNodes: number[][];
  /** Whether the vehicle has a pinned trip (it is in use whatever the search does). */
  hasPinned: Uint8Array;
  /** Vehicles alike in everything: of those without a job, the search tries only the first. */
  kind: Int32Array;
  /** Each job's other jobs, nearest first. */
  neighbours: Int32Array[];
  /** A pinned trip's node → [vehicle index, pinned trip index]. */
  pinnedOf: Map<number, [number, number]>;
  /** The depot visits between a vehicle's rounds. */
  isReturn: Uint8Array;
}

function vehicleKind(problem: Problem, vehicle: number): string {
  const { id: _id, pinned, ...rest } = problem.vehicles[vehicle]!;
  return pinned?.length ? `pinned ${vehicle}` : JSON.stringify(rest);
}

/** What makes a problem impossible to read: ids twice, a window or shift that ends before it starts, a pinned trip outside its shift. */
export function problemErrors(problem: Problem): string[] {
  const errors: string[] = [];
  const twice = (ids: string[]) => ids.filter((id, i) => ids.indexOf(id) !== i);
  for (const id of twice(problem.jobs.map((job) => job.id))) errors.push(`job ${id} given twice`);
  for (const id of twice(problem.vehicles.map((vehicle) => vehicle.id))) errors.push(`vehicle ${id} given twice`);
  for (const job of problem.jobs) {
    if (!(job.window[0] <= job.window[1])) errors.push(`job ${job.id}: its window ends before it starts`);
    if (!(job.service >= 0) || job.demand.some((amount) => !(amount >= 0))) errors.push(`job ${job.id}: a negative service time or demand`);
  }
  for (const vehicle of problem.vehicles) {
    const [from, to] = vehicle.shift;
    if (!(from <= to)) errors.push(`vehicle ${vehicle.id}: its shift ends before it starts`);
    for (const trip of vehicle.pinned ?? []) {
      if (!(from <= trip.start && trip.start <= trip.end && trip.end <= to)) errors.push(`vehicle ${vehicle.id}: pinned trip ${trip.id} is not within its shift`);
    }
  }
  return errors;
}

export function compile(problem: Problem): Instance {
  const errors = problemErrors(problem);
  if (errors.length) throw new RangeError(errors.join('; '));
  const travel = travelOf(problem.travel);
  const { jobs, vehicles } = problem;
  const measures = Math.max(1, ...vehicles.map((v) => v.capacity.length), ...jobs.map((j) => j.demand.length));
  const fixedNodes: number[][] = [];
  let nodeCount = jobs.length + 2 * vehicles.length;
  const rounds = vehicles.map((v) => Math.max(1, v.rounds ?? 1));
  for (const [v, vehicle] of vehicles.entries()) {
    fixedNodes.push([]);
    nodeCount += (vehicle.pinned?.length ?? 0) + (rounds[v]! - 1) * ((vehicle.pinned?.length ?? 0) + 1);
  }
  const groups = new Map<string, number>();
  const groupIndex = (name: string | undefined) => {
    if (name === undefined) return -1;
    if (!groups.has(name)) groups.set(name, groups.size);
    return groups.get(name)!;
  };
  const instance: Instance = {
    problem,
    weights: { ...DEFAULT_WEIGHTS, ...problem.weights },
    jobCount: jobs.length,
    vehicleCount: vehicles.length,
    measures,
    nodeCount,
    location: new Int32Array(nodeCount),
    early: new Float64Array(nodeCount),
    late: new Float64Array(nodeCount),
    service: new Float64Array(nodeCount),
    demand: new Float64Array(nodeCount * measures),
    group: new Int32Array(nodeCount).fill(-1),
    size: travel.size,
    distance: travel.distance,
    duration: travel.duration,
    capacity: new Float64Array(vehicles.length * measures),
    fixedCost: new Float64Array(vehicles.length),
    maxDuration: new Float64Array(vehicles.length),
    startNode: new Int32Array(vehicles.length),
    endNode: new Int32Array(vehicles.length),
    vehicleGroup: new Int32Array(vehicles.length),
    fixedNodes,
    hasPinned: new Uint8Array(vehicles.length),
    kind: new Int32Array(vehicles.length),
    neighbours: [],
    pinnedOf: new Map(),
    isReturn: new Uint8Array(nodeCount),
  };
  const place = (node: number, location: number, early: number, late: number, service: number) => {
    if (!(location >= 0 && location < travel.size)) throw new RangeError(`location ${location} is not in the travel's ${travel.size}`);
    instance.location[node] = location;
    instance.early[node] = early;
    instance.late[node] = late;
    instance.service[node] = service;
  };
  for (const [j, job] of jobs.entries()) {
    place(j, job.location, job.window[0], job.window[1], job.service);
    job.demand.forEach((amount, m) => (instance.demand[j * measures + m] = amount));
    instance.group[j] = groupIndex(job.group);
  }
  let node = jobs.length;
  const kinds = new Map<string, number>();
  for (const [v, vehicle] of vehicles.entries()) {
    const [from, to] = vehicle.shift;
    for (let m = 0; m < measures; m++) instance.capacity[v * measures + m] = vehicle.capacity[m] ?? 0;
    instance.fixedCost[v] = vehicle.fixedCost ?? 0;
    instance.maxDuration[v] = vehicle.maxDuration ?? Infinity;
    instance.vehicleGroup[v] = groupIndex(vehicle.group);
    instance.startNode[v] = node;
    place(node++, vehicle.start, from, to, 0);
    instance.endNode[v] = node;
    place(node++, vehicle.end, from, to, 0);
    const addReturns = () => {
      for (let r = 1; r < rounds[v]!; r++) {
        instance.isReturn[node] = 1;
        fixedNodes[v]!.push(node);
        place(node++, vehicle.start, from, to, 0);
      }
    };
    addReturns();
    const pinned = [...(vehicle.pinned ?? [])].sort((a, b) => a.start - b.start);
    for (const trip of pinned) {
      instance.pinnedOf.set(node, [v, vehicle.pinned!.indexOf(trip)]);
      fixedNodes[v]!.push(node);
      place(node++, vehicle.start, trip.start, trip.start, trip.end - trip.start);
      addReturns();
    }
    instance.hasPinned[v] = pinned.length ? 1 : 0;
    const key = vehicleKind(problem, v);
    if (!kinds.has(key)) kinds.set(key, kinds.size);
    instance.kind[v] = kinds.get(key)!;
  }
  instance.neighbours = nearestJobs(instance);
  return instance;
}

/** Each job's nearest jobs: the NEIGHBOURS-th distance found by a numeric sort, then only those within it ordered. */
function nearestJobs(instance: Instance): Int32Array[] {
  const { jobCount, location, distance, size } = instance;
  const count = Math.min(NEIGHBOURS, jobCount - 1);
  const away = new Float64Array(jobCount);
  return Array.from({ length: jobCount }, (_, job) => {
    const row = location[job]! * size;
    for (let other = 0; other < jobCount; other++) away[other] = other === job ? Infinity : distance[row + location[other]!]!;
    const reach = count > 0 ? Float64Array.from(away).sort()[count - 1]! : -Infinity;
    const near: number[] = [];
    for (let other = 0; other < jobCount; other++) if (away[other]! <= reach) near.push(other);
    near.sort((a, b) => away[a]! - away[b]! || a - b);
    return Int32Array.from(near.slice(0, count));
  });
}
