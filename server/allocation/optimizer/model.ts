// What the optimizer is asked and what it answers. Times are in one unit throughout (the travel
// durations' unit: minutes for the app, Solomon's units for the benchmark), counted from any origin
// (minutes since midnight for the app); distances in the travel's unit (km for the app).
import type { TravelSpec } from './travel.js';

/** A trip that stays as it is: its vehicle is away from the depot from `start` to `end`. */
export interface PinnedTrip {
  id: string;
  start: number;
  end: number;
}

export interface Vehicle {
  id: string;
  /** The most it carries in each measure (cage carts, kg, m³…), in the order of the jobs' demands. */
  capacity: number[];
  /** Counted once when the vehicle carries any job. */
  fixedCost?: number;
  /** When it may leave its start and must be back at its end. */
  shift: [number, number];
  /** Location indexes (into the travel's locations). */
  start: number;
  end: number;
  /** The longest a route may last, leaving to back (the driver's binding time); none when absent. */
  maxDuration?: number;
  /** Trips the vehicle may run in the day, each starting from the depot after the previous one is back (1 when absent). */
  rounds?: number;
  /** The vehicle's usual direction: a job of another direction on it costs `weights.group`. */
  group?: string;
  /** Trips that stay as they are; the vehicle is at its depot when each starts and again when it ends. */
  pinned?: PinnedTrip[];
}

export interface Job {
  id: string;
  location: number;
  /** Demand in each measure of the vehicles' capacities. */
  demand: number[];
  service: number;
  /** The service starts within [from, to]; the vehicle waits when early. */
  window: [number, number];
  /** Its direction: jobs of one direction prefer one vehicle; a preference only. */
  group?: string;
}

export interface Weights {
  /** Per unit of distance. */
  distance: number;
  /** Per unit of a used vehicle's route duration (leaving to back, waiting included). */
  time: number;
  /** Per job on a route of another direction: the vehicle's when it has one, else the route's most frequent. */
  group: number;
}

export interface Problem {
  travel: TravelSpec;
  vehicles: Vehicle[];
  jobs: Job[];
  weights?: Partial<Weights>;
}

export interface Stop {
  job: string;
  arrival: number;
  /** When its service starts (after waiting for its window when early). */
  start: number;
}

export interface Trip {
  /** The pinned trip's id when it is one (its stops are the caller's and not listed here). */
  pinned?: string;
  stops: Stop[];
  /** Leaving the depot and back at it. */
  start: number;
  end: number;
  distance: number;
  /** The load carried, in each measure. */
  load: number[];
}

export interface Route {
  vehicle: string;
  trips: Trip[];
  distance: number;
  /** From leaving to back, waiting included, at the latest departure that keeps every window. */
  duration: number;
}

export interface LateJob {
  job: string;
  /** How much after its window's end the service starts: no plan reaches it in time. */
  late: number;
}

export interface Plan {
  cost: number;
  distance: number;
  vehicles: number;
  /** Routes of the vehicles that carry a job or have a pinned trip, in the problem's vehicle order. */
  routes: Route[];
  /** Jobs no vehicle can take (a demand over every capacity, a window no vehicle reaches within its shift). */
  unassigned: string[];
  late: LateJob[];
}

export interface Progress {
  cost: number;
  seconds: number;
  iterations: number;
}
