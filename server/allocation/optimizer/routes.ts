// A vehicle's route and what makes checking a change to it cheap: for each position, the time-window
// data of the part before it and of the part after it (Vidal et al. 2013's concatenation of segments:
// earliest and latest start, least duration, time warp), and the load of each trip. Putting a job
// between two positions is then checked and costed in constant time.
import type { Instance } from './instance.js';

/** Float slack for windows, capacities and durations. */
export const EPSILON = 1e-7;

/** The segment data a concatenation yields: read right after `concat`. */
let outE = 0;
let outL = 0;
let outD = 0;
let outTW = 0;

/** Segment (e1, l1, d1, tw1) then, after a travel of `travel`, segment (e2, l2, d2, tw2). */
function concat(e1: number, l1: number, d1: number, tw1: number, travel: number, e2: number, l2: number, d2: number, tw2: number) {
  const delta = d1 - tw1 + travel;
  const wait = Math.max(e2 - delta - l1, 0);
  const warp = Math.max(e1 + delta - l2, 0);
  outD = d1 + d2 + travel + wait;
  outTW = tw1 + tw2 + warp;
  outE = Math.max(e2 - delta, e1) - wait;
  outL = Math.min(l2 - delta, l1) + warp;
}

export class RouteState {
  readonly vehicle: number;
  readonly instance: Instance;
  /** Start node, jobs and fixed depot visits, end node. */
  nodes: number[];
  /** Segment data of nodes[0..i] (forward) and nodes[i..] (backward). */
  readonly fE: Float64Array;
  private readonly fL: Float64Array;
  readonly fD: Float64Array;
  private readonly fTW: Float64Array;
  private readonly bE: Float64Array;
  readonly bL: Float64Array;
  private readonly bD: Float64Array;
  private readonly bTW: Float64Array;
  /** The trip a job put after position i joins. */
  readonly trip: Int32Array;
  /** trip × measures. */
  private readonly tripLoad: Float64Array;
  private readonly groupCount: Int32Array;
  private groupedJobs = 0;
  private topGroup = 0;
  jobs = 0;
  distance = 0;
  duration = 0;
  cost = 0;

  constructor(instance: Instance, vehicle: number, groups: number) {
    this.instance = instance;
    this.vehicle = vehicle;
    const length = instance.jobCount + instance.fixedNodes[vehicle]!.length + 2;
    [this.fE, this.fL, this.fD, this.fTW, this.bE, this.bL, this.bD, this.bTW] = Array.from({ length: 8 }, () => new Float64Array(length));
    this.trip = new Int32Array(length);
    this.tripLoad = new Float64Array(length * instance.measures);
    this.groupCount = new Int32Array(groups);
    this.nodes = [instance.startNode[vehicle]!, ...instance.fixedNodes[vehicle]!, instance.endNode[vehicle]!];
    this.refresh();
  }

  get used(): boolean {
    return this.jobs > 0 || this.instance.hasPinned[this.vehicle] === 1;
  }

  /** Recomputes every position's data after the nodes changed. */
  refresh() {
    const { nodes } = this;
    const { location, distance, size, jobCount, demand, measures, group } = this.instance;
    let km = 0;
    let trip = 0;
    let jobs = 0;
    this.tripLoad.fill(0, 0, nodes.length * measures);
    this.groupCount.fill(0);
    this.groupedJobs = 0;
    this.topGroup = 0;
    this.trip[0] = 0;
    for (let i = 1; i < nodes.length; i++) {
      const node = nodes[i]!;
      km += distance[location[nodes[i - 1]!]! * size + location[node]!]!;
      if (node < jobCount) {
        jobs++;
        for (let m = 0; m < measures; m++) this.tripLoad[trip * measures + m] += demand[node * measures + m]!;
        const g = group[node]!;
        if (g >= 0) {
          this.groupedJobs++;
          this.topGroup = Math.max(this.topGroup, ++this.groupCount[g]!);
        }
      } else trip++;
      this.trip[i] = trip;
    }
    this.jobs = jobs;
    this.distance = km;
    this.refreshSegments(0, nodes.length - 1);
  }

  /** Recomputes the forward data from position `from` on and the backward data from position `to` back. */
  private refreshSegments(from: number, to: number) {
    const { nodes } = this;
    const { early, late, service, location, duration, size } = this.instance;
    const last = nodes.length - 1;
    if (from === 0) {
      const first = nodes[0]!;
      this.fE[0] = early[first]!;
      this.fL[0] = late[first]!;
      this.fD[0] = service[first]!;
      this.fTW[0] = 0;
      from = 1;
    }
    for (let i = from; i <= last; i++) {
      const node = nodes[i]!;
      const travel = duration[location[nodes[i - 1]!]! * size + location[node]!]!;
      concat(this.fE[i - 1]!, this.fL[i - 1]!, this.fD[i - 1]!, this.fTW[i - 1]!, travel, early[node]!, late[node]!, service[node]!, 0);
      this.fE[i] = outE;
      this.fL[i] = outL;
      this.fD[i] = outD;
      this.fTW[i] = outTW;
    }
    if (to === last) {
      const end = nodes[last]!;
      this.bE[last] = early[end]!;
      this.bL[last] = late[end]!;
      this.bD[last] = service[end]!;
      this.bTW[last] = 0;
      to = last - 1;
    }
    for (let i = to; i >= 0; i--) {
      const here = nodes[i]!;
      const travel = duration[location[here]! * size + location[nodes[i + 1]!]!]!;
      concat(early[here]!, late[here]!, service[here]!, 0, travel, this.bE[i + 1]!, this.bL[i + 1]!, this.bD[i + 1]!, this.bTW[i + 1]!);
      this.bE[i] = outE;
      this.bL[i] = outL;
      this.bD[i] = outD;
      this.bTW[i] = outTW;
    }
    this.duration = this.fD[last]!;
    this.cost = this.costOf(this.distance, this.duration, this.used, this.groupPenalty());
  }

  private groupPenalty(): number {
    const own = this.instance.vehicleGroup[this.vehicle]!;
    return this.groupedJobs - (own >= 0 ? this.groupCount[own]! : this.topGroup);
  }

  private costOf(km: number, duration: number, used: boolean, groupPenalty: number): number {
    const { weights, fixedCost } = this.instance;
    if (!used) return 0;
    return (this.jobs > 0 ? fixedCost[this.vehicle]! : 0) + weights.distance * km + weights.time * duration + weights.group * groupPenalty;
  }

  /** What the group penalty grows by with `job` on the route. */
  private groupDelta(job: number): number {
    const g = this.instance.group[job]!;
    if (g < 0) return 0;
    const own = this.instance.vehicleGroup[this.vehicle]!;
    if (own >= 0) return g === own ? 0 : 1;
    return this.groupCount[g]! + 1 > this.topGroup ? 0 : 1;
  }

  /** Whether `job` fits the load of trip `trip`. */
  fits(job: number, trip: number): boolean {
    const { measures, demand, capacity } = this.instance;
    const own = this.vehicle * measures;
    for (let m = 0; m < measures; m++) {
      if (this.tripLoad[trip * measures + m]! + demand[job * measures + m]! > capacity[own + m]! + EPSILON) return false;
    }
    return true;
  }

  /**
   * The route's cost with `job` on it, but for the distance and duration `job` adds: the least an
   * insertion of `job` anywhere on it can cost (travel obeys the triangle inequality).
   */
  costWithout(job: number): number {
    const { fixedCost, weights } = this.instance;
    const groupPenalty = this.groupPenalty() + this.groupDelta(job);
    return fixedCost[this.vehicle]! + weights.distance * this.distance + weights.time * this.duration + weights.group * groupPenalty;
  }

  /** The route's duration with `job` put after position `position`; Infinity when that breaks a window or the duration limit. */
  durationWith(job: number, position: number): number {
    const { location, size, duration, early, late, service } = this.instance;
    const here = location[job]!;
    const toJob = duration[location[this.nodes[position]!]! * size + here]!;
    const fromJob = duration[here * size + location[this.nodes[position + 1]!]!]!;
    concat(this.fE[position]!, this.fL[position]!, this.fD[position]!, this.fTW[position]!, toJob, early[job]!, late[job]!, service[job]!, 0);
    concat(outE, outL, outD, outTW, fromJob, this.bE[position + 1]!, this.bL[position + 1]!, this.bD[position + 1]!, this.bTW[position + 1]!);
    if (outTW > EPSILON || outD > this.instance.maxDuration[this.vehicle]! + EPSILON) return Infinity;
    return outD;
  }

  /** Whether `job` can go after position `position` (its trip's load, the windows, the duration limit). */
  takes(job: number, position: number): boolean {
    return this.fits(job, this.trip[position]!) && this.durationWith(job, position) < Infinity;
  }

  /** Puts `job` after position `position`, updating what changes. */
  insert(job: number, position: number) {
    const { location, distance, size, demand, measures, group } = this.instance;
    const { nodes } = this;
    const before = location[nodes[position]!]!;
    const after = location[nodes[position + 1]!]!;
    const here = location[job]!;
    this.distance += distance[before * size + here]! + distance[here * size + after]! - distance[before * size + after]!;
    const length = nodes.length;
    nodes.splice(position + 1, 0, job);
    for (const data of [this.bE, this.bL, this.bD, this.bTW, this.trip]) data.copyWithin(position + 2, position + 1, length);
    const trip = this.trip[position]!;
    this.trip[position + 1] = trip;
    for (let m = 0; m < measures; m++) this.tripLoad[trip * measures + m] += demand[job * measures + m]!;
    const g = group[job]!;
    if (g >= 0) {
      this.groupedJobs++;
      this.topGroup = Math.max(this.topGroup, ++this.groupCount[g]!);
    }
    this.jobs++;
    this.refreshSegments(position + 1, position + 1);
  }

  /** Each position's earliest leaving and service start at the latest departure that keeps every window. */
  schedule(): { arrival: number[]; start: number[] } {
    const { location, size, duration, early, late, service } = this.instance;
    const { nodes } = this;
    const latest = new Array<number>(nodes.length);
    latest[nodes.length - 1] = late[nodes.at(-1)!]!;
    for (let i = nodes.length - 2; i >= 0; i--) {
      const travel = duration[location[nodes[i]!]! * size + location[nodes[i + 1]!]!]!;
      latest[i] = Math.min(late[nodes[i]!]!, latest[i + 1]! - travel - service[nodes[i]!]!);
    }
    const arrival = [latest[0]!];
    const start = [Math.max(early[nodes[0]!]!, latest[0]!)];
    for (let i = 1; i < nodes.length; i++) {
      const travel = duration[location[nodes[i - 1]!]! * size + location[nodes[i]!]!]!;
      arrival.push(start[i - 1]! + service[nodes[i - 1]!]! + travel);
      start.push(Math.max(early[nodes[i]!]!, arrival[i]!));
    }
    return { arrival, start };
  }
}
