import { AVERAGE_SPEED_KMH, haversineKm, ROAD_FACTOR, STOP_MINUTES, type Point } from '../../common/places.js';
import { clocksOf } from '../../common/windows.js';
import { solve, type Job, type Plan, type Problem, type Trip, type Vehicle } from './optimizer/index.js';
import type { BindingLimit } from './work-rules.js';
import { pointOf, tripPlan, type ProposalDelivery, type ProposalTimes, type ProposalVehicle, type ProposedTrip, type UnassignedReason } from './proposal.js';

/**
 * The calculator's proposal from the optimizer (docs/optimizer.md): a center's day stated as the
 * engine's Problem, and its plan read back as proposed trips. Times are minutes from the day's
 * midnight (Tokyo), distances road km.
 */

/** The longest a vehicle's day lasts from its first loading to its last return: the 2024 rules' daily binding time (13 h). */
export const BINDING_MINUTES = 13 * 60;
/** A vehicle used costs this much (in km): saving a vehicle is worth a long detour. */
const VEHICLE_COST_KM = 200;
/** Per tonne the vehicle carries: of two vehicles that carry the load, the smaller costs less; small beside km, so that a larger vehicle that saves rounds is taken. */
const VEHICLE_COST_PER_TONNE = 2;
/** A store no vehicle reaches by its time is planned within this many minutes after the earliest it can be reached. */
const LATE_SLACK_MINUTES = 120;
/** The objective's weights: per km, per minute of a route, per stop on a trip of another direction. */
const WEIGHTS = { distance: 1, time: 0.1, group: 1 };
/** A vehicle's weight limit when its type states none. */
const NO_WEIGHT_LIMIT = 1e9;

/**
 * A vehicle the proposal may use: its rounds a day, the trips it already runs (it is away meanwhile),
 * and its driver's binding limit that day under the 2024 rules (work-rules.ts `bindingLimit`; none: 13 h).
 */
export interface DayVehicle {
  vehicle: ProposalVehicle;
  rounds: number;
  trips: { start: Date; end: Date }[];
  binding?: BindingLimit;
}

export interface ProposedDay {
  trips: (ProposedTrip & { back: Date; km: number; loadRate: number })[];
  unassigned: { delivery_id: number; reason: UnassignedReason }[];
  /** Deliveries planned after their store's time: no plan reaches them in time. */
  late: number[];
}

interface Clock {
  midnight: number;
  minutes: (at: Date) => number;
  at: (minutes: number) => Date;
}

const clockOfDay = (midnight: Date): Clock => ({
  midnight: midnight.getTime(),
  minutes: (at) => (at.getTime() - midnight.getTime()) / 60_000,
  at: (minutes) => new Date(midnight.getTime() + Math.round(minutes * 60_000)),
});

/** A vehicle's capacity in a load unit's measures: its quantity (pallets or cage carts), kg. */
function capacityIn(vehicle: ProposalVehicle, loadUnit: number): [number, number] {
  const quantity = loadUnit === 0 ? vehicle.pallet_capacity : vehicle.cage_cart_capacity;
  return [quantity ?? 0, vehicle.max_loading_capacity ?? NO_WEIGHT_LIMIT];
}

const demandOf = (delivery: ProposalDelivery): [number, number] => [delivery.quantity, delivery.weight ?? 0];

/** The service window of a store: from its 受入開始 to its 受入終了 or 指定時刻, whichever is first (a day's minutes). */
function windowOf(store: ProposalDelivery): [number, number] {
  const { start, end, specified } = clocksOf(store);
  const to = Math.min(end ?? 48 * 60, specified ?? 48 * 60);
  return [Math.min(start ?? 0, to), to];
}

/**
 * A store's deliveries of one load unit as jobs: together while the largest vehicle carries them, else
 * in as many jobs as it takes (a delivery alone over every capacity is a job no vehicle takes).
 */
function storeJobs(deliveries: ProposalDelivery[], largest: [number, number]) {
  const jobs: ProposalDelivery[][] = [];
  for (const delivery of deliveries) {
    const fits = (job: ProposalDelivery[]) => job.reduce((sum, d) => sum + d.quantity, delivery.quantity) <= largest[0] && job.reduce((sum, d) => sum + (d.weight ?? 0), delivery.weight ?? 0) <= largest[1];
    const job = jobs.find(fits);
    if (job) job.push(delivery);
    else jobs.push([delivery]);
  }
  return jobs;
}

const travelMinutes = (a: Point, b: Point) => ((haversineKm(a, b) * ROAD_FACTOR) / AVERAGE_SPEED_KMH) * 60;

/**
 * A store no vehicle reaches by its time is late whatever the plan: it is planned within a slack after
 * the earliest arrival, so that it rides with others instead of taking a vehicle of its own at once.
 */
function reachable(window: [number, number], earliest: number): [number, number] {
  return window[1] >= earliest ? window : [earliest, earliest + LATE_SLACK_MINUTES];
}

/** Road km as planning estimates them, and minutes at the average speed; leaving the center also takes the loading. */
function travelMatrix(points: Point[], loadingMinutes: number) {
  const size = points.length;
  const distance = new Float64Array(size * size);
  const duration = new Float64Array(size * size);
  for (let a = 0; a < size; a++) {
    for (let b = 0; b < size; b++) {
      distance[a * size + b] = a === b ? 0 : haversineKm(points[a]!, points[b]!) * ROAD_FACTOR;
      duration[a * size + b] = (a === b ? 0 : travelMinutes(points[a]!, points[b]!)) + (a === 0 && b !== 0 ? loadingMinutes : 0);
    }
  }
  return { kind: 'matrix' as const, size, distance, duration };
}

/** The center's shift narrowed to the driver's binding limit (a limit that leaves no time: an empty shift at its start). */
function driverShift(shift: [number, number], binding: BindingLimit | undefined, clock: Clock): [number, number] {
  const from = Math.max(shift[0], binding?.from ? clock.minutes(binding.from) : shift[0]);
  const until = Math.min(shift[1], binding?.until ? clock.minutes(binding.until) : shift[1]);
  return from < until ? [from, until] : [shift[0], shift[0]];
}

interface UnitProblem {
  problem: Problem;
  jobs: Map<string, ProposalDelivery[]>;
  capacities: Map<string, [number, number]>;
}

/** One load unit's deliveries as a Problem: a trip counts one unit, so pallets and cage carts are planned apart. */
function unitProblem(deliveries: ProposalDelivery[], loadUnit: number, fleet: DayVehicle[], origin: Point | null, times: ProposalTimes, clock: Clock, used: Set<number>): UnitProblem {
  const loadingMinutes = (times.departure.getTime() - times.loadingStart.getTime()) / 60_000;
  const shift: [number, number] = [clock.minutes(times.loadingStart), clock.minutes(times.loadingStart) + BINDING_MINUTES];
  const capacities = new Map(fleet.map(({ vehicle }) => [String(vehicle.id), capacityIn(vehicle, loadUnit)]));
  const largest: [number, number] = [Math.max(0, ...[...capacities.values()].map((c) => c[0])), Math.max(0, ...[...capacities.values()].map((c) => c[1]))];
  const stores = new Map<number, ProposalDelivery[]>();
  for (const delivery of deliveries) stores.set(delivery.delivery_destination_id, [...(stores.get(delivery.delivery_destination_id) ?? []), delivery]);
  const center = origin ?? { latitude: 0, longitude: 0 };
  const points: Point[] = [center];
  const jobs = new Map<string, ProposalDelivery[]>();
  const problemJobs: Job[] = [];
  for (const [storeId, own] of stores) {
    for (const [i, job] of storeJobs(own, largest).entries()) {
      const id = `${storeId}.${i}`;
      jobs.set(id, job);
      problemJobs.push({
        id,
        location: points.push(pointOf(job[0]!) ?? center) - 1,
        demand: job.reduce((sum, d) => [sum[0]! + demandOf(d)[0], sum[1]! + demandOf(d)[1]], [0, 0]),
        service: STOP_MINUTES,
        window: reachable(windowOf(job[0]!), shift[0] + loadingMinutes + travelMinutes(center, pointOf(job[0]!) ?? center)),
        group: String(job[0]!.direction_id),
      });
    }
  }
  const vehicles: Vehicle[] = fleet.map(({ vehicle, rounds, trips, binding }) => {
    const own = driverShift(shift, binding, clock);
    return {
      id: String(vehicle.id),
      capacity: capacities.get(String(vehicle.id))!,
      fixedCost: used.has(vehicle.id) ? 0 : VEHICLE_COST_KM + ((vehicle.max_loading_capacity ?? 0) / 1000) * VEHICLE_COST_PER_TONNE,
      shift: own,
      start: 0,
      end: 0,
      maxDuration: Math.min(BINDING_MINUTES, binding?.minutes ?? BINDING_MINUTES),
      rounds,
      pinned: trips
        .map((trip, i) => ({ id: `${vehicle.id}.${i}`, start: Math.max(own[0], clock.minutes(trip.start)), end: Math.min(own[1], clock.minutes(trip.end)) }))
        .filter((trip) => trip.start < trip.end),
    };
  });
  return { problem: { travel: travelMatrix(points, loadingMinutes), vehicles, jobs: problemJobs, weights: WEIGHTS }, jobs, capacities };
}

/** The plan's trips (not the pinned ones), each with its deliveries in the order of its stops, at the engine's times for now (`timed` sets them). */
function tripsOf(plan: Plan, unit: UnitProblem, fleet: DayVehicle[], clock: Clock): ProposedDay['trips'] {
  const proposed: ProposedDay['trips'] = [];
  for (const route of plan.routes) {
    const { vehicle } = fleet.find((v) => String(v.vehicle.id) === route.vehicle)!;
    const capacity = unit.capacities.get(route.vehicle)!;
    for (const trip of route.trips.filter((t: Trip) => t.pinned === undefined && t.stops.length > 0)) {
      const deliveries = trip.stops.flatMap((stop) => unit.jobs.get(stop.job)!);
      proposed.push({
        vehicle,
        direction_id: deliveries[0]!.direction_id,
        deliveries,
        quantity: deliveries.reduce((sum, d) => sum + d.quantity, 0),
        weight: deliveries.reduce((sum, d) => sum + (d.weight ?? 0), 0),
        round: 1,
        loadingStart: clock.at(trip.start),
        departure: clock.at(trip.start),
        backBy: null,
        // The engine's return, kept from the next load unit's plan with a minute to spare.
        back: clock.at(trip.end + 1),
        km: trip.distance,
        loadRate: Math.max(...trip.load.map((load, m) => (capacity[m]! > 0 ? load / capacity[m]! : 0))),
      });
    }
  }
  return proposed;
}

/**
 * The engine leaves as late as the windows allow; a planner's trip leaves as soon as it is loaded. Per
 * vehicle, in the engine's order: loading from the center's loading start (or the driver's earliest
 * under his binding limit) or when the vehicle is back
 * from its trip before (one it already runs, or the previous proposed one), leaving after the center's
 * loading time, back as accepting it plans (its stores in order, no waiting). Earlier than the engine's
 * times, no window is missed that the engine's plan keeps. Its round counts the vehicle's trips before it.
 */
function timed(trips: ProposedDay['trips'], fleet: DayVehicle[], origin: Point | null, times: ProposalTimes) {
  const loading = times.departure.getTime() - times.loadingStart.getTime();
  const center = { latitude: origin?.latitude ?? null, longitude: origin?.longitude ?? null };
  for (const { vehicle, trips: running, binding } of fleet) {
    const earliest = Math.max(times.loadingStart.getTime(), binding?.from?.getTime() ?? 0);
    const own = trips.filter((trip) => trip.vehicle === vehicle).sort((a, b) => a.loadingStart.getTime() - b.loadingStart.getTime());
    const backs: Date[] = [];
    for (const trip of own) {
      const ended = [...running.filter((other) => other.end.getTime() <= trip.loadingStart.getTime() + 60_000).map((other) => other.end), ...backs];
      trip.round = 1 + ended.length;
      trip.loadingStart = new Date(Math.max(earliest, ...ended.map((end) => end.getTime())));
      trip.departure = new Date(trip.loadingStart.getTime() + loading);
      trip.back = tripPlan(center, trip.deliveries, trip.departure).planned_arrival;
      backs.push(trip.back);
    }
  }
}

/** The trip's load over a vehicle's capacity in its load unit and in kg, whichever is higher (0-1). */
function loadRateOn(vehicle: ProposalVehicle, trip: ProposedDay['trips'][number]): number {
  const [quantity, kg] = capacityIn(vehicle, trip.deliveries[0]!.load_unit);
  return Math.max(quantity > 0 ? trip.quantity / quantity : Infinity, trip.weight / kg);
}

/** Whether a vehicle with nothing else to do that day takes the trip: it carries the load and its driver's binding limit holds it. */
function takes({ vehicle, trips, binding }: DayVehicle, trip: ProposedDay['trips'][number]): boolean {
  if (trips.length > 0 || loadRateOn(vehicle, trip) > 1 + 1e-9) return false;
  if (!binding) return true;
  const minutes = (trip.back.getTime() - trip.loadingStart.getTime()) / 60_000;
  return minutes <= binding.minutes && (!binding.from || trip.loadingStart >= binding.from) && (!binding.until || trip.back <= binding.until);
}

/**
 * A last pass: a vehicle's only proposed trip goes on the smallest free vehicle that carries it (the
 * search trades a vehicle's fixed cost against km and time, and a large vehicle back from a round the
 * day already runs, or left from another load unit, may take a small load). Same stops and times, a
 * fuller vehicle.
 */
function smallestFitting(trips: ProposedDay['trips'], fleet: DayVehicle[]) {
  const size = (vehicle: ProposalVehicle, trip: ProposedDay['trips'][number]) => 1 / loadRateOn(vehicle, trip);
  for (const trip of trips) {
    if (trips.some((other) => other !== trip && other.vehicle === trip.vehicle)) continue;
    const idle = fleet.filter((v) => !trips.some((other) => other.vehicle === v.vehicle) && takes(v, trip));
    const smallest = idle.sort((a, b) => size(a.vehicle, trip) - size(b.vehicle, trip) || a.vehicle.id - b.vehicle.id)[0];
    if (!smallest || size(smallest.vehicle, trip) >= size(trip.vehicle, trip)) continue;
    trip.vehicle = smallest.vehicle;
    trip.loadRate = loadRateOn(smallest.vehicle, trip);
  }
}

/** Why a job is left out: more than any vehicle of the center carries, else no vehicle free for it. */
const reasonOf = (demand: number[], capacities: [number, number][]): UnassignedReason =>
  capacities.some((capacity) => demand.every((amount, m) => amount <= capacity[m]!)) ? 'noVehicle' : 'overCapacity';

/** The optimizer's progress on a day: the best cost so far (the load units planned, plus the one under way) and the seconds elapsed. */
export interface DayProgress {
  cost: number;
  seconds: number;
}

/** A load unit's share of the day's budget: of its seconds, or of its steps when the day is given steps. */
const budgetShare = ({ seconds, iterations }: { seconds: number; iterations?: number }, share: number) =>
  iterations === undefined ? { seconds: seconds * share } : { iterations: Math.ceil(iterations * share) };

/**
 * The day planned by the optimizer: each load unit in turn (the one with more deliveries first), the
 * trips of one a vehicle's away time for the next; the time budget shared by their deliveries.
 * Each trip's round counts the vehicle's trips of the day before it, the ones it already runs included.
 */
export async function proposeDay(
  day: { deliveries: ProposalDelivery[]; vehicles: DayVehicle[]; centerFleet: ProposalVehicle[]; origin: Point | null; times: ProposalTimes; midnight: Date },
  options: { seconds: number; iterations?: number; seed: number; signal?: AbortSignal; onProgress?: (progress: DayProgress) => void },
): Promise<ProposedDay> {
  const began = Date.now();
  let planned = 0;
  const { deliveries, centerFleet, origin, times } = day;
  const clock = clockOfDay(day.midnight);
  const units = [...new Set(deliveries.map((d) => d.load_unit))].sort(
    (a, b) => deliveries.filter((d) => d.load_unit === b).length - deliveries.filter((d) => d.load_unit === a).length || a - b,
  );
  const proposed: ProposedDay = { trips: [], unassigned: [], late: [] };
  let vehicles = day.vehicles;
  const used = new Set<number>();
  for (const loadUnit of units) {
    const own = deliveries.filter((d) => d.load_unit === loadUnit);
    const unit = unitProblem(own, loadUnit, vehicles, origin, times, clock, used);
    const plan = await solve(unit.problem, {
      ...budgetShare(options, own.length / deliveries.length),
      seed: options.seed,
      signal: options.signal,
      onProgress: ({ cost }) => options.onProgress?.({ cost: planned + cost, seconds: (Date.now() - began) / 1000 }),
    });
    planned += plan.cost;
    const trips = tripsOf(plan, unit, vehicles, clock);
    proposed.trips.push(...trips);
    for (const id of plan.unassigned) {
      const job = unit.jobs.get(id)!;
      const reason = reasonOf(unit.problem.jobs.find((j) => j.id === id)!.demand, centerFleet.map((vehicle) => capacityIn(vehicle, loadUnit)));
      proposed.unassigned.push(...job.map((d) => ({ delivery_id: d.id, reason })));
    }
    const lateStops = plan.routes.flatMap((route) => route.trips.flatMap((trip) => trip.stops)).filter((stop) => stop.start > windowOf(unit.jobs.get(stop.job)![0]!)[1] + 1e-6);
    proposed.late.push(...lateStops.flatMap((stop) => unit.jobs.get(stop.job)!.map((d) => d.id)));
    for (const trip of trips) used.add(trip.vehicle.id);
    vehicles = vehicles.map((v) => ({ ...v, trips: [...v.trips, ...trips.filter((trip) => trip.vehicle === v.vehicle).map((trip) => ({ start: trip.loadingStart, end: trip.back }))] }));
  }
  smallestFitting(proposed.trips, day.vehicles);
  timed(proposed.trips, day.vehicles, origin, times);
  proposed.trips.sort((a, b) => a.vehicle.id - b.vehicle.id || a.loadingStart.getTime() - b.loadingStart.getTime());
  return proposed;
}
