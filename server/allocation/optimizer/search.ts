// The search: ruin and recreate with string removals (SISR: Christiaens & Vanden Berghe, "Slack
// induction by string removals for vehicle routing problems", Transportation Science 2020) under
// simulated annealing. Each step removes a few strings of jobs near one another from a few routes,
// puts the removed jobs back one by one where they cost least (each position skipped now and then, a
// "blink", so that the second best is taken sometimes), and keeps the result by the annealing's rule.
// The same seed and the same number of iterations give the same plan.
import type { Instance } from './instance.js';
import { seededRandom, type Random } from './random.js';
import { EPSILON, RouteState } from './routes.js';

export interface SearchOptions {
  seed: number;
  /** Stop at this Date.now(). */
  deadline?: number;
  /** Stop after this many steps (deterministic whatever the machine's speed). */
  iterations?: number;
  /** Called with the best cost so far at the start, about four times a second, and at the end. */
  onProgress?: (cost: number, iterations: number) => void;
}

/**
 * SISR's parameters (the paper's, but 15 jobs removed on average rather than 10: better on the Solomon
 * instances for the same CPU time), and an annealing scaled to the instance's distances.
 */
const AVERAGE_REMOVED = 15;
const MAX_STRING = 10;
/** The share of plain strings among the strings removed (the others are split strings). */
const STRING_RATE = 0.5;
const SPLIT_DEPTH = 0.01;
const BLINK_RATE = 0.01;
/** The share of steps that empty one route whole: string removals alone seldom take a long route's last job. */
const ROUTE_RUIN_RATE = 0.05;
/**
 * The share of emptied routes whose jobs go first onto an unused vehicle of another kind: inserting
 * one job at a time, a job never opens a larger vehicle while the small one has room or a round left,
 * so a day stayed on small vehicles running many rounds, far more km than one larger trip.
 */
const FLEET_CHANGE_RATE = 0.5;
/** Start and final temperature, as multiples of the average distance from a job to its 5 nearest jobs. */
const START_TEMPERATURE = 5;
const FINAL_TEMPERATURE = 0.01;
/** Steps between two looks at the clock. */
const CLOCK_EVERY = 64;
const PROGRESS_EVERY_MS = 250;
/**
 * On instances of more than twice as many jobs, a job goes back only onto the routes of its nearest
 * jobs (or an unused vehicle): a far route is seldom the best place, and scanning every position of
 * every route makes a step's cost grow with the square of the jobs.
 */
const NEAR_ROUTES = 50;

/** The nodes of each vehicle's route. */
export type Routes = number[][];

export interface Result {
  routes: Routes;
  cost: number;
  iterations: number;
}

/** A plan under construction: one route per vehicle, and the jobs no route takes. */
class Solution {
  readonly routes: RouteState[];
  readonly routeOf: Int32Array;
  absent: number[] = [];
  private readonly absentPenalty: number;

  constructor(
    readonly instance: Instance,
    absentPenalty: number,
  ) {
    const groups = groupCount(instance);
    this.routes = Array.from({ length: instance.vehicleCount }, (_, v) => new RouteState(instance, v, groups));
    this.routeOf = new Int32Array(instance.jobCount).fill(-1);
    this.absentPenalty = absentPenalty;
  }

  get cost(): number {
    let cost = this.absent.length * this.absentPenalty;
    for (const route of this.routes) cost += route.cost;
    return cost;
  }

  /** Marks the jobs of a route as on it. */
  claim(route: RouteState) {
    const { jobCount } = this.instance;
    for (const node of route.nodes) if (node < jobCount) this.routeOf[node] = route.vehicle;
  }

  snapshot(): Routes {
    return this.routes.map((route) => [...route.nodes]);
  }
}

export class Search {
  private readonly instance: Instance;
  private readonly random: Random;
  private readonly solution: Solution;
  /** Jobs whose demand or window no vehicle takes: never tried. */
  private readonly excluded: Uint8Array;
  private readonly averageLeg: number;
  /** Routes changed by the current step, and their nodes before it. */
  private readonly saved = new Map<number, number[]>();
  /** Per job, its distance from the first vehicle's start, and its demand as a share of that vehicle's capacity (for the insertion orders). */
  private readonly depotDistance: Float64Array;
  private readonly demandShare: Float64Array;
  /** Kinds of vehicle whose empty route a placement tried already. */
  private readonly triedKinds = new Set<number>();
  /** Per vehicle, whether the current placement looks at its route. */
  private readonly near: Uint8Array;
  /** An unused vehicle the current step's removed jobs go onto first, when the step changes a route's vehicle. */
  private target: RouteState | undefined;

  constructor(instance: Instance, seed: number, excluded: Uint8Array) {
    this.instance = instance;
    this.random = seededRandom(seed);
    this.excluded = excluded;
    const { jobCount, location, distance, size, neighbours, demand, measures, capacity } = instance;
    let legs = 0;
    let total = 0;
    for (let job = 0; job < jobCount; job++) {
      for (let k = 0; k < Math.min(5, neighbours[job]!.length); k++) {
        total += distance[location[job]! * size + location[neighbours[job]![k]!]!]!;
        legs++;
      }
    }
    this.averageLeg = total > 0 ? total / legs : 1;
    const depot = instance.vehicleCount ? location[instance.startNode[0]!]! : 0;
    this.depotDistance = Float64Array.from({ length: jobCount }, (_, job) => distance[depot * size + location[job]!]!);
    this.demandShare = Float64Array.from({ length: jobCount }, (_, job) => {
      let share = 0;
      for (let m = 0; m < measures; m++) share += demand[job * measures + m]! / Math.max(capacity[m]!, 1);
      return share;
    });
    const penalty = 10 * (largest(instance.fixedCost) + instance.weights.distance * 2 * largest(distance) + 1);
    this.solution = new Solution(instance, penalty);
    this.near = new Uint8Array(instance.vehicleCount).fill(1);
  }

  /** Marks the routes the placement of `job` looks at: all of them, or on large instances those of its nearest jobs. */
  private markNear(job: number) {
    const { near, solution, instance } = this;
    if (instance.jobCount <= 2 * NEAR_ROUTES) return;
    near.fill(0);
    const neighbours = instance.neighbours[job]!;
    for (let k = 0; k < Math.min(NEAR_ROUTES, neighbours.length); k++) {
      const vehicle = solution.routeOf[neighbours[k]!]!;
      if (vehicle >= 0) near[vehicle] = 1;
    }
  }

  run(options: SearchOptions): Result {
    const { solution, random } = this;
    const start = Date.now();
    const deadline = options.deadline ?? Infinity;
    const iterations = options.iterations ?? Infinity;
    const jobs: number[] = [];
    for (let job = 0; job < this.instance.jobCount; job++) if (!this.excluded[job]) jobs.push(job);
    this.recreate(jobs);
    let current = solution.cost;
    let best = solution.snapshot();
    let bestCost = current;
    options.onProgress?.(bestCost, 0);
    let lastProgress = Date.now();
    const hot = START_TEMPERATURE * this.averageLeg;
    const cold = FINAL_TEMPERATURE * this.averageLeg;
    let done = 0;
    let temperature = hot;
    for (; done < iterations; done++) {
      if (done % CLOCK_EVERY === 0) {
        const now = Date.now();
        if (now >= deadline) break;
        const progress = Number.isFinite(iterations) ? done / iterations : (now - start) / Math.max(1, deadline - start);
        temperature = hot * (cold / hot) ** progress;
        if (options.onProgress && now - lastProgress >= PROGRESS_EVERY_MS) {
          lastProgress = now;
          options.onProgress(bestCost, done);
        }
      }
      this.saved.clear();
      this.target = undefined;
      const absentBefore = solution.absent;
      solution.absent = [];
      const removed = this.ruin();
      this.recreate([...removed, ...absentBefore]);
      const cost = solution.cost;
      if (cost < current - temperature * Math.log(random.next())) {
        current = cost;
        if (cost < bestCost - 1e-9) {
          bestCost = cost;
          best = solution.snapshot();
        }
      } else {
        for (const [vehicle, nodes] of this.saved) {
          const route = solution.routes[vehicle]!;
          route.nodes = nodes;
          route.refresh();
          solution.claim(route);
        }
        for (const job of absentBefore) solution.routeOf[job] = -1;
        solution.absent = absentBefore;
      }
    }
    options.onProgress?.(bestCost, done);
    return { routes: best, cost: bestCost, iterations: done };
  }

  /** Notes a route's nodes before the step first changes it. */
  private touch(route: RouteState) {
    if (!this.saved.has(route.vehicle)) this.saved.set(route.vehicle, [...route.nodes]);
  }

  /** Removes strings of jobs near a random job; returns the removed jobs. */
  private ruin(): number[] {
    const { solution, random, instance } = this;
    const { jobCount, neighbours } = instance;
    let routes = 0;
    let jobs = 0;
    for (const route of solution.routes) {
      if (route.jobs) {
        routes++;
        jobs += route.jobs;
      }
    }
    if (!routes) return [];
    const stringMax = Math.min(MAX_STRING, jobs / routes);
    const stringsMax = (4 * AVERAGE_REMOVED) / (1 + stringMax) - 1;
    const strings = Math.floor(random.next() * stringsMax) + 1;
    let seed = random.below(jobCount);
    while (solution.routeOf[seed] === -1) seed = random.below(jobCount);
    if (random.next() < ROUTE_RUIN_RATE) return this.ruinRoute(solution.routes[solution.routeOf[seed]!]!);
    const removed: number[] = [];
    const ruined = new Set<number>();
    const near = neighbours[seed]!;
    for (let k = -1; k < near.length && ruined.size < strings; k++) {
      const job = k < 0 ? seed : near[k]!;
      const vehicle = solution.routeOf[job]!;
      if (vehicle < 0 || ruined.has(vehicle)) continue;
      ruined.add(vehicle);
      const route = solution.routes[vehicle]!;
      const length = Math.floor(random.next() * Math.min(route.jobs, stringMax)) + 1;
      this.touch(route);
      const sequence = route.nodes.filter((node) => node < jobCount);
      const taken = random.next() < STRING_RATE || length === route.jobs ? this.string(sequence, job, length) : this.splitString(sequence, job, length);
      const out = new Set(taken);
      route.nodes = route.nodes.filter((node) => !out.has(node));
      route.refresh();
      for (const node of taken) {
        solution.routeOf[node] = -1;
        removed.push(node);
      }
    }
    return removed;
  }

  /** Removes every job of a route, so that a plan with one vehicle fewer, or on another vehicle, can be found. */
  private ruinRoute(route: RouteState): number[] {
    const { jobCount } = this.instance;
    const others = this.otherKinds(route);
    if (others.length && this.random.next() < FLEET_CHANGE_RATE) this.target = others[this.random.below(others.length)];
    this.touch(route);
    const removed = route.nodes.filter((node) => node < jobCount);
    route.nodes = route.nodes.filter((node) => node >= jobCount);
    route.refresh();
    for (const job of removed) this.solution.routeOf[job] = -1;
    return removed;
  }

  /** The unused vehicles of another kind than the route's (none in a fleet of one kind: the search's steps stay as they were). */
  private otherKinds(route: RouteState): RouteState[] {
    const { kind } = this.instance;
    const own = kind[route.vehicle]!;
    return this.solution.routes.filter((other) => !other.used && kind[other.vehicle] !== own);
  }

  /** `length` consecutive jobs of the sequence, one of them `job`. */
  private string(sequence: number[], job: number, length: number): number[] {
    const at = sequence.indexOf(job);
    const from = Math.max(0, at - length + 1);
    const to = Math.min(at, sequence.length - length);
    const first = from + this.random.below(to - from + 1);
    return sequence.slice(first, first + length);
  }

  /** `length` jobs out of a string of `length` + m containing `job`, the m in its middle kept. */
  private splitString(sequence: number[], job: number, length: number): number[] {
    let kept = 1;
    while (length + kept < sequence.length && this.random.next() > SPLIT_DEPTH) kept++;
    const whole = this.string(sequence, job, length + kept);
    const keptFrom = this.random.below(length + 1);
    return [...whole.slice(0, keptFrom), ...whole.slice(keptFrom + kept)];
  }

  /** Puts each job back where it costs least (positions blinked now and then), in one of SISR's orders. */
  private recreate(jobs: number[]) {
    const { random, solution } = this;
    const order = random.next();
    if (order < 4 / 11) shuffle(jobs, random);
    else if (order < 8 / 11) jobs.sort((a, b) => this.demandShare[b]! - this.demandShare[a]!);
    else if (order < 10 / 11) jobs.sort((a, b) => this.depotDistance[b]! - this.depotDistance[a]!);
    else jobs.sort((a, b) => this.depotDistance[a]! - this.depotDistance[b]!);
    const { target } = this;
    for (const job of jobs) {
      if (target && this.place(job, 0, true, target)) continue;
      if (!this.place(job, BLINK_RATE, false) && !this.place(job, 0, true)) solution.absent.push(job);
    }
  }

  /** Whether a placement skips the route: not near the job, or empty like a vehicle of its kind already tried. */
  private passesOver(route: RouteState): boolean {
    if (route.jobs) return !this.near[route.vehicle];
    const kind = this.instance.kind[route.vehicle]!;
    if (this.triedKinds.has(kind)) return true;
    this.triedKinds.add(kind);
    return false;
  }

  /**
   * Puts `job` where it costs least, each position skipped with probability `blinks`, on the routes near
   * it or on `everywhere`, or on the `only` route given; false when no position takes it.
   */
  private place(job: number, blinks: number, everywhere: boolean, only?: RouteState): boolean {
    const { random, solution, triedKinds } = this;
    const { location, distance, duration, size, weights, early, late, service, maxDuration } = this.instance;
    let bestDelta = Infinity;
    let bestRoute: RouteState | undefined;
    let bestPosition = 0;
    triedKinds.clear();
    if (everywhere) this.near.fill(1);
    else this.markNear(job);
    const here = location[job]!;
    const [opens, closes, serving] = [early[job]!, late[job]!, service[job]!];
    for (const route of only ? [only] : solution.routes) {
      if (!only && this.passesOver(route)) continue;
      const floor = route.costWithout(job) - route.cost;
      if (floor >= bestDelta) continue;
      const { nodes, fE, fD, bL } = route;
      const limited = weights.time > 0 || maxDuration[route.vehicle]! < Infinity;
      let previous = location[nodes[0]!]!;
      let trip = -1;
      let fits = false;
      for (let position = 0; position < nodes.length - 1; position++) {
        const from = previous;
        const next = location[nodes[position + 1]!]!;
        previous = next;
        const added = distance[from * size + here]! + distance[here * size + next]! - distance[from * size + next]!;
        let delta = floor + weights.distance * added;
        if (delta >= bestDelta) continue;
        // The windows: reached by its end from the earliest finish before, and the rest still kept after.
        const arrival = fE[position]! + fD[position]! + duration[from * size + here]!;
        if (arrival > closes + EPSILON || Math.max(arrival, opens) + serving + duration[here * size + next]! > bL[position + 1]! + EPSILON) continue;
        if (route.trip[position] !== trip) {
          trip = route.trip[position]!;
          fits = route.fits(job, trip);
        }
        if (!fits || (blinks > 0 && random.next() < blinks)) continue;
        if (limited) {
          const longer = route.durationWith(job, position);
          if (longer === Infinity) continue;
          delta += weights.time * (longer - route.duration);
        }
        if (delta < bestDelta) {
          bestDelta = delta;
          bestRoute = route;
          bestPosition = position;
        }
      }
    }
    if (!bestRoute) return false;
    this.touch(bestRoute);
    bestRoute.insert(job, bestPosition);
    solution.routeOf[job] = bestRoute.vehicle;
    return true;
  }
}

function largest(values: ArrayLike<number>): number {
  let most = 0;
  for (let i = 0; i < values.length; i++) most = Math.max(most, values[i]!);
  return most;
}

/** How many directions the jobs and vehicles name (at least one). */
export function groupCount(instance: Instance): number {
  return Math.max(largest(instance.group), largest(instance.vehicleGroup)) + 1;
}

function shuffle(items: number[], random: Random) {
  for (let i = items.length - 1; i > 0; i--) {
    const j = random.below(i + 1);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
}
