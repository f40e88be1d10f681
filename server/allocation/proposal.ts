import { overCapacity, plannedFromNow, type Capacities } from '../../common/allocation.js';
import { LOAD_UNIT } from '../../common/enums.js';
import { haversineKm, plannedArrivals, plannedReturn, type Point } from '../../common/places.js';
import { bestRound } from '../../common/rounds.js';
import { tokyoInstant } from '../../common/time.js';
import type { StoreTimes } from '../../common/windows.js';
import type { RuleFinding, WorkDay } from '../../common/work-rules.js';
import { windowWarnings } from './rules.js';
import { findingWarning, plannedDay } from './work-rules.js';

/**
 * The calculator's algorithm, without a database: the vehicles a direction's load needs, and the greedy
 * proposal of trips onto a center's free vehicles (calculator.ts reads what it works on).
 */

export const pointOf = (row: { latitude: number | null; longitude: number | null }): Point | null =>
  row.latitude === null || row.longitude === null ? null : { latitude: row.latitude, longitude: row.longitude };

/** An unallocated delivery as the proposal places it: its store, direction, window and load. */
export interface ProposalDelivery extends StoreTimes {
  id: number;
  delivery_destination_id: number;
  direction_id: number | null;
  direction_name: string | null;
  load_unit: number;
  quantity: number;
  weight: number | null;
  latitude: number | null;
  longitude: number | null;
}

/** Rows grouped by their direction, in the order the directions first come. */
export function byDirection<T extends { direction_id: number | null; direction_name: string | null }>(rows: T[]) {
  const groups = new Map<number | null, { direction_id: number | null; direction_name: string | null; deliveries: T[] }>();
  for (const row of rows) {
    const group = groups.get(row.direction_id) ?? { direction_id: row.direction_id, direction_name: row.direction_name, deliveries: [] };
    group.deliveries.push(row);
    groups.set(row.direction_id, group);
  }
  return [...groups.values()];
}

/** Vehicles based at the center and visible to the caller, with capacities and whether they have a live trip that day. */

/**
 * A direction of another center, seen from the center that ships: its stores' goods are a transfer (the
 * transfers' demand), named by the center they go to; null for the center's own directions.
 */
export function transferTo(direction: { direction_center_id: number | null; direction_center_name: string | null }, centerId: number) {
  return direction.direction_center_id !== null && direction.direction_center_id !== centerId ? direction.direction_center_name : null;
}


export interface VehicleType extends Capacities {
  id: number;
  name: string;
}

/** Vehicles of one type needed for a load: its pallets and cage carts share the floor, the weight its limit. */
export function vehiclesOfType(type: Capacities, load: { pallets: number; cage_carts: number; weight: number }): number | null {
  const share = (amount: number, capacity: number | null) => (amount === 0 ? 0 : capacity ? amount / capacity : Number.POSITIVE_INFINITY);
  const floor = share(load.pallets, type.pallet_capacity) + share(load.cage_carts, type.cage_cart_capacity);
  const weight = share(load.weight, type.max_loading_capacity);
  const needed = Math.max(floor, weight);
  if (!Number.isFinite(needed)) return null;
  return Math.max(needed > 0 ? 1 : 0, Math.ceil(needed - 1e-9));
}

/** A direction base as the calculator reads it: its default vehicle type and how many rounds a vehicle runs it a day (回転数). */
export interface Base {
  vehicle_type_id: number | null;
  trips_per_day: number;
}

/** Vehicles for a number of trips (loads) when each vehicle runs `rounds` of them a day. */
export const vehiclesFor = (trips: number | null, rounds: number) => (trips === null ? null : Math.ceil(trips / Math.max(1, rounds)));

/**
 * Vehicles needed for a direction's load: with the direction base's default vehicle type, as many of it
 * as the load needs; otherwise the smallest type that carries it in one, else the largest type, as many as
 * needed. `trips` is how many loads that is, `count` the vehicles for them at the base's rounds a day.
 */
export function vehiclesNeeded(types: VehicleType[], base: Base | null, load: { pallets: number; cage_carts: number; weight: number }) {
  if (load.pallets === 0 && load.cage_carts === 0 && load.weight === 0) return [];
  const preferred = types.find((t) => t.id === base?.vehicle_type_id);
  const trips = (type: VehicleType) => vehiclesOfType(type, load);
  const bySize = [...types].sort((a, b) => (a.max_loading_capacity ?? 0) - (b.max_loading_capacity ?? 0) || a.id - b.id);
  const chosen =
    (preferred && trips(preferred) !== null ? preferred : undefined) ??
    bySize.find((type) => trips(type) === 1) ??
    [...bySize].reverse().find((type) => trips(type) !== null);
  if (!chosen) return [];
  return [{ vehicle_type_id: chosen.id, vehicle_type_name: chosen.name, trips: trips(chosen)!, count: vehiclesFor(trips(chosen), base?.trips_per_day ?? 1)! }];
}

/**
 * The vehicle types the calculator counts a direction's vehicles in: the types of the center's own
 * vehicles and any type it recommends, smallest first, each with how many vehicles of it the center has.
 */
export function fleetTypes<T extends VehicleType>(types: T[], fleet: { vehicle_type_id: number }[], recommended: number[]) {
  const owned = (type: T) => fleet.filter((v) => v.vehicle_type_id === type.id).length;
  return types
    .filter((type) => owned(type) > 0 || recommended.includes(type.id))
    .sort((a, b) => (a.max_loading_capacity ?? 0) - (b.max_loading_capacity ?? 0) || a.id - b.id)
    .map((type) => ({ ...type, vehicles: owned(type) }));
}


/** A center's store-delivery times as stored (operation_times, "HH:MM:SS"), or none. */
interface CenterTimes {
  loading_start: string;
  departure: string;
  work_end: string;
}

/**
 * The planned window of trips the calculator and the board's 新規便 create: the center's store-delivery
 * times that day (07:00-18:00 without them), from now once today's loading start has passed (`plannedFromNow`).
 */
export function proposalTimes(times: CenterTimes | undefined, date: string, now: Date) {
  const center = {
    loadingStart: tokyoInstant(date, times?.loading_start.slice(0, 5) ?? '07:00'),
    departure: tokyoInstant(date, times?.departure.slice(0, 5) ?? '09:00'),
    workEnd: tokyoInstant(date, times?.work_end.slice(0, 5) ?? '18:00'),
  };
  const { loadingStart, departure } = plannedFromNow(center, date, now);
  // Past the work end the window closes at the departure: the vehicles out by then are busy, and no round follows.
  return { loadingStart, departure, workEnd: new Date(Math.max(center.workEnd.getTime(), departure.getTime())) };
}

export interface ProposalVehicle extends Capacities {
  id: number;
  vehicle_number: string;
  vehicle_type_id: number;
  vehicle_type_name: string;
  delivery_company_id: number;
}

export type ProposalTimes = ReturnType<typeof proposalTimes>;

export interface ProposedTrip {
  vehicle: ProposalVehicle;
  direction_id: number | null;
  deliveries: ProposalDelivery[];
  quantity: number;
  weight: number;
  /** 1: the vehicle's first trip of the day; 2: the one it loads for when that one is back (2回転目), … */
  round: number;
  loadingStart: Date;
  departure: Date;
  /** a later round is back at the center by the end of its working day (a first round takes any store, as a planner would) */
  backBy: Date | null;
  /** back at the center, when the plan knows it (else estimated from its stores in order) */
  back?: Date;
  /** a trip the day already has (not proposed): when it is back and who drives it; it takes no deliveries, only a next round */
  planned?: { back: Date; driver_id: number | null };
}

/** Why the calculator left a delivery out: no vehicle with room, a window no trip with room reaches in time, more than a vehicle of its own carries. */
export type UnassignedReason = 'noVehicle' | 'lateForWindow' | 'overCapacity';

/** Deliveries' load as vehiclesNeeded counts it: pallets, cage carts, kg. */
function loadOf(deliveries: ProposalDelivery[]) {
  const sum = (unit: number) => deliveries.filter((d) => d.load_unit === unit).reduce((total, d) => total + d.quantity, 0);
  return { pallets: sum(LOAD_UNIT.pallet), cage_carts: sum(LOAD_UNIT.cageCart), weight: deliveries.reduce((total, d) => total + (d.weight ?? 0), 0) };
}

/** Would the trip's vehicle still carry this delivery too? */
function hasRoom(trip: ProposedTrip, delivery: ProposalDelivery): boolean {
  const loadUnit = trip.deliveries[0]?.load_unit ?? delivery.load_unit;
  return !overCapacity({ load_unit: loadUnit, quantity: trip.quantity + delivery.quantity, weight: trip.weight + (delivery.weight ?? 0) }, trip.vehicle);
}

/** The stores of these deliveries, once each in their order, as points (the center's for a store without coordinates). */
function storePoints(deliveries: ProposalDelivery[], origin: Point | null): Point[] {
  const stores = [...new Map(deliveries.map((d) => [d.delivery_destination_id, d])).values()];
  return stores.map((s) => pointOf(s) ?? origin ?? { latitude: 0, longitude: 0 });
}

/** Is the delivery's store reached from `departure` before its window closes, after these stops? */
function inTime(departure: Date, origin: Point | null, before: ProposalDelivery[], delivery: ProposalDelivery): boolean {
  const arrival = plannedArrivals(departure, origin, storePoints([...before, delivery], origin)).at(-1)!;
  return !windowWarnings(arrival, { store: '', ...delivery }).some((w) => w.code !== 'allocation.warnings.earlyForWindow');
}

/**
 * Would this delivery still fit the trip: within capacity, a later round back by the day's end, and
 * (after its first store) its store reached before its window closes?
 */
function fits(trip: ProposedTrip, delivery: ProposalDelivery, origin: Point | null): boolean {
  if (!hasRoom(trip, delivery)) return false;
  if (trip.backBy && plannedReturn(trip.departure, origin, storePoints([...trip.deliveries, delivery], origin)) > trip.backBy) return false;
  if (trip.deliveries.length === 0 || trip.deliveries.some((d) => d.delivery_destination_id === delivery.delivery_destination_id)) return true;
  return inTime(trip.departure, origin, trip.deliveries, delivery);
}

/**
 * When the trip's vehicle can run its next round: loading from the trip's planned return (its stores in
 * 近い順's order), for as long as the center's loading takes (its loading start to its departure);
 * null when that departure is not before the end of the working day. The board's 新規便 offers a vehicle
 * back from a round the day already runs (`runningRounds`) at this time.
 */
export function nextRound(trip: ProposedTrip, origin: Point | null, times: ProposalTimes) {
  const back = trip.planned?.back ?? plannedReturn(trip.departure, origin, storePoints(roundOf(trip.deliveries, origin, trip.departure), origin));
  const departure = new Date(back.getTime() + (times.departure.getTime() - times.loadingStart.getTime()));
  return departure < times.workEnd ? { round: trip.round + 1, loadingStart: back, departure } : null;
}

/**
 * A proposed trip's deliveries in the order 近い順 runs its stores (common/rounds.ts: the stores' times
 * kept first, then the shortest round from the center), the stores without coordinates last as they were.
 */
function roundOf(deliveries: ProposalDelivery[], origin: Point | null, departure: Date): ProposalDelivery[] {
  if (!origin) return deliveries;
  const stores = [...new Map(deliveries.map((d) => [d.delivery_destination_id, d])).values()];
  const located = stores.filter((store) => pointOf(store) !== null);
  const round = bestRound(origin, departure, located.map((store) => ({ ...store, ...pointOf(store)! })));
  const order = [...round.map((i) => located[i]!), ...stores.filter((store) => pointOf(store) === null)];
  return order.flatMap((store) => deliveries.filter((d) => d.delivery_destination_id === store.delivery_destination_id));
}

/** A live trip of a fleet vehicle that day, as `runningRounds` reads it. */
export interface DayTrip {
  vehicle_id: number | null;
  driver_id: number | null;
  direction_id: number | null;
  kind: string;
  pinned: boolean;
  planned_loading_start: Date | null;
  planned_departure: Date | null;
  planned_arrival: Date | null;
}

/**
 * The rounds the day already runs that a vehicle may follow with another (2回転目): per vehicle of the
 * fleet whose every live trip that day (`trips`, by planned return) is an unpinned store trip with a
 * planned return, its latest, as the round of that count. A vehicle with a pinned, windowless or
 * transfer trip is left alone.
 */
export function runningRounds(fleet: ProposalVehicle[], trips: DayTrip[]): ProposedTrip[] {
  return fleet.flatMap((vehicle) => {
    const own = trips.filter((trip) => trip.vehicle_id === vehicle.id);
    const latest = own.at(-1);
    if (!latest || own.some((trip) => trip.pinned || trip.kind !== 'store_direct' || !trip.planned_arrival || !trip.planned_departure)) return [];
    const departure = latest.planned_departure!;
    return [{
      vehicle,
      direction_id: latest.direction_id,
      deliveries: [],
      quantity: 0,
      weight: 0,
      round: own.length,
      loadingStart: latest.planned_loading_start ?? departure,
      departure,
      backBy: null,
      planned: { back: latest.planned_arrival!, driver_id: latest.driver_id },
    }];
  });
}

/**
 * The greedy proposal: the unallocated deliveries, direction by direction in the stores' order, onto the
 * free vehicles within capacity and windows. A direction whose base runs more than one round a day
 * (回転数) first sends a vehicle that ran it again once that vehicle is back (a round of this proposal, or
 * one the day already has: `running`), as the calculator counts its vehicles; once no vehicle is left,
 * the deliveries go onto a proposed trip with room (混載). `free` is used up.
 */
export function proposeTrips(
  groups: ReturnType<typeof byDirection<ProposalDelivery>>,
  free: ProposalVehicle[],
  baseOf: (directionId: number | null) => Base | null,
  times: ProposalTimes,
  origin: Point | null,
  running: ProposedTrip[],
) {
  const proposal: ProposedTrip[] = [...running];
  /** A vehicle's latest proposed trip: the only one that may still take deliveries or be followed by another round. */
  const isLatest = (trip: ProposedTrip) => !proposal.some((other) => other.vehicle === trip.vehicle && other.round > trip.round);
  /** Left out, and why: no vehicle with room for it, or more than a vehicle of its own carries. */
  const unassigned: { delivery_id: number; reason: UnassignedReason }[] = [];
  /** With no vehicle left, a proposed trip the delivery still fits (混載), the one whose last store is nearest to its store. */
  const sharedTrip = (delivery: ProposalDelivery) => {
    const here = pointOf(delivery);
    const distance = (trip: ProposedTrip) => {
      const last = pointOf(trip.deliveries.at(-1)!);
      return here && last ? haversineKm(last, here) : Number.POSITIVE_INFINITY;
    };
    const room = proposal.filter((trip) => trip.deliveries.length > 0 && isLatest(trip) && fits(trip, delivery, origin));
    return room.sort((a, b) => distance(a) - distance(b))[0];
  };
  /** With no vehicle and no trip that fits it: no trip has room, or those with room reach its store too late. */
  const leftOutReason = (delivery: ProposalDelivery): UnassignedReason =>
    proposal.some((trip) => trip.deliveries.length > 0 && hasRoom(trip, delivery)) ? 'lateForWindow' : 'noVehicle';
  const firstRound = { round: 1, loadingStart: times.loadingStart, departure: times.departure };
  for (const group of groups) {
    const base = baseOf(group.direction_id);
    const defaultTypeId = base?.vehicle_type_id ?? null;
    /** A free vehicle for what is left of the direction: of its base's default type, else the smallest that carries it all, else the largest. */
    const freeVehicle = (rest: ProposalDelivery[]) => {
      const bySize = [...free].sort((a, b) => (b.max_loading_capacity ?? 0) - (a.max_loading_capacity ?? 0) || a.id - b.id);
      const vehicle =
        bySize.find((v) => v.vehicle_type_id === defaultTypeId) ?? bySize.findLast((v) => vehiclesOfType(v, loadOf(rest)) === 1) ?? bySize[0];
      if (vehicle) free.splice(free.indexOf(vehicle), 1);
      return vehicle && { vehicle, ...firstRound };
    };
    /** The soonest next round of a vehicle that ran this direction, within its rounds a day, that reaches the next store in time and carries it. */
    const againRound = (next: ProposalDelivery) =>
      proposal
        .filter((trip) => trip.direction_id === group.direction_id && trip.round < (base?.trips_per_day ?? 1) && isLatest(trip))
        .flatMap((trip) => {
          const round = nextRound(trip, origin, times);
          return round ? [{ vehicle: trip.vehicle, ...round }] : [];
        })
        .filter((round) => inTime(round.departure, origin, [], next) && !overCapacity({ load_unit: next.load_unit, quantity: next.quantity, weight: next.weight ?? 0 }, round.vehicle))
        .sort((a, b) => a.departure.getTime() - b.departure.getTime())[0];
    const take = (rest: ProposalDelivery[]) => againRound(rest[0]!) ?? freeVehicle(rest);
    let trip: ProposedTrip | undefined;
    for (const [i, delivery] of group.deliveries.entries()) {
      if (trip && !fits(trip, delivery, origin)) trip = undefined;
      if (!trip) {
        const vehicle = take(group.deliveries.slice(i));
        trip = vehicle
          ? { ...vehicle, direction_id: group.direction_id, deliveries: [], quantity: 0, weight: 0, backBy: vehicle.round > 1 ? times.workEnd : null }
          : sharedTrip(delivery);
        if (!trip) {
          unassigned.push({ delivery_id: delivery.id, reason: leftOutReason(delivery) });
          continue;
        }
        if (vehicle) proposal.push(trip);
        if (!fits(trip, delivery, origin)) {
          // An empty vehicle takes any store whatever its window: only its capacity refuses.
          unassigned.push({ delivery_id: delivery.id, reason: 'overCapacity' });
          continue;
        }
      }
      trip.deliveries.push(delivery);
      trip.quantity += delivery.quantity;
      trip.weight += delivery.weight ?? 0;
    }
  }
  const used = proposal.filter((trip) => trip.deliveries.length > 0).map((trip) => ({ ...trip, deliveries: roundOf(trip.deliveries, origin, trip.departure) }));
  return { proposal: used, unassigned };
}


/**
 * The proposed trips as the calculator answers them, each vehicle with a driver for all its rounds: its
 * regular one, else a free one of its company; each trip with its times and planned return.
 */
export function proposalRows(
  trips: ProposedTrip[],
  drivers: { id: number; default_vehicle_id: number | null; delivery_company_id: number }[],
  origin: Point | null,
  running: ProposedTrip[],
  day: { date: string; findingsOf: (driverId: number, planned: WorkDay | null) => RuleFinding[] },
) {
  const driversLeft = [...drivers];
  const back = (trip: ProposedTrip) => trip.back ?? plannedReturn(trip.departure, origin, storePoints(trip.deliveries, origin));
  /** The vehicle's proposed trips as one working day: from its first loading to its last return. */
  const workOf = (vehicle: ProposalVehicle) => {
    const own = trips.filter((trip) => trip.vehicle === vehicle);
    const earliest = (dates: Date[]) => new Date(Math.min(...dates.map((d) => d.getTime())));
    return plannedDay({
      date: day.date,
      planned_loading_start: earliest(own.map((trip) => trip.loadingStart)),
      planned_departure: earliest(own.map((trip) => trip.departure)),
      planned_arrival: new Date(Math.max(...own.map((trip) => back(trip).getTime()))),
    });
  };
  const breaksRule = (driverId: number, work: WorkDay | null) => day.findingsOf(driverId, work).some((finding) => finding.level === 'violation');
  /** A vehicle's driver: the one of the round it already runs, else the first free one who would break no rule driving its proposed trips (its regular driver first, then its company's), else its regular driver. */
  const driverOf = new Map<number, number | null>(running.flatMap((trip) => (trip.planned?.driver_id ? [[trip.vehicle.id, trip.planned.driver_id]] : [])));
  const driverFor = (vehicle: ProposalVehicle) => {
    if (driverOf.has(vehicle.id)) return driverOf.get(vehicle.id)!;
    const regular = driversLeft.find((d) => d.default_vehicle_id === vehicle.id);
    const candidates = [...(regular ? [regular] : []), ...driversLeft.filter((d) => d !== regular && d.delivery_company_id === vehicle.delivery_company_id)];
    const work = workOf(vehicle);
    const own = candidates.find((d) => !breaksRule(d.id, work)) ?? candidates[0];
    if (own) driversLeft.splice(driversLeft.indexOf(own), 1);
    driverOf.set(vehicle.id, own?.id ?? null);
    return own?.id ?? null;
  };
  /**
   * What the vehicle's proposed trips bring its driver under the 2024 rules, as a trip's warnings, on
   * its first proposed trip only; none when it follows a round the day already runs (that trip carries them).
   */
  const warningsOf = (trip: ProposedTrip, driverId: number | null) =>
    driverId === null || running.some((other) => other.vehicle === trip.vehicle) || trips.find((other) => other.vehicle === trip.vehicle) !== trip
      ? []
      : day.findingsOf(driverId, workOf(trip.vehicle)).map(findingWarning);
  return trips.map((trip) => {
    const driverId = driverFor(trip.vehicle);
    return {
      round: trip.round,
      planned_loading_start: trip.loadingStart,
      planned_departure: trip.departure,
      planned_arrival: back(trip),
      vehicle_id: trip.vehicle.id,
      vehicle_number: trip.vehicle.vehicle_number,
      vehicle_type_name: trip.vehicle.vehicle_type_name,
      pallet_capacity: trip.vehicle.pallet_capacity,
      cage_cart_capacity: trip.vehicle.cage_cart_capacity,
      max_loading_capacity: trip.vehicle.max_loading_capacity,
      load_unit: trip.deliveries[0]!.load_unit,
      driver_id: driverId,
      work_rule_warnings: warningsOf(trip, driverId),
      direction_id: trip.direction_id,
      direction_ids: [...new Set(trip.deliveries.map((d) => d.direction_id))],
      delivery_ids: trip.deliveries.map((d) => d.id),
      quantity: trip.quantity,
      weight: trip.weight,
    };
  });
}


/** A delivery of a proposed trip, as `tripPlan` reads it. */
interface PlannedDelivery {
  load_unit: number;
  delivery_destination_id: number;
  direction_id: number | null;
  latitude: number | null;
  longitude: number | null;
}

/** Where a proposed trip's deliveries (in their order) go: its direction, load unit and planned return. */
export function tripPlan(center: { latitude: number | null; longitude: number | null }, ordered: PlannedDelivery[], departure: Date) {
  const stores = [...new Map(ordered.map((r) => [r.delivery_destination_id, r])).values()];
  const origin = pointOf(center);
  return {
    direction_id: ordered[0]?.direction_id ?? null,
    load_unit: ordered[0]?.load_unit ?? LOAD_UNIT.pallet,
    planned_arrival: plannedReturn(departure, origin, stores.map((s) => pointOf(s) ?? origin ?? { latitude: 0, longitude: 0 })),
  };
}
