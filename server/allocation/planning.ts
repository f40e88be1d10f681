import { sql, type SqlBool } from 'kysely';
import { addDays, overCapacity, plannedFromNow, type Capacities } from '../../common/allocation.js';
import { LOAD_UNIT } from '../../common/enums.js';
import { bestRound } from '../../common/rounds.js';
import { tokyoInstant } from '../../common/time.js';
import type { TripKind } from '../../db/types.js';
import type { Actor } from '../auth/actor.js';
import { notFound } from '../errors.js';
import { companyScope, departmentScope, departmentSubtree } from '../auth/scope.js';
import { type Db, operationTimes, tripDetails, tripRowQuery, tripScope } from './repository.js';
import { haversineKm, plannedArrivals, plannedReturn, type Point } from '../../common/places.js';
import { windowWarnings } from './rules.js';
import { assignmentCheck, findingWarning, plannedDay } from './work-rules.js';
import type { RuleFinding, WorkDay } from '../../common/work-rules.js';

/** Reads that plan a day: the store-direct board, the calculator and its proposal, transfers between centers. */

/** The center, when the caller's scope holds it; else 404. */
export async function centerInScope(db: Db, actor: Actor, departmentId: number) {
  let query = db.selectFrom('departments').select(['id', 'name', 'latitude', 'longitude']).where('id', '=', departmentId).where('deleted_at', 'is', null);
  const scope = departmentScope(actor, 'departments.id');
  if (scope) query = query.where(scope);
  const center = await query.executeTakeFirst();
  if (!center) throw notFound();
  return center;
}

const pointOf = (row: { latitude: number | null; longitude: number | null }): Point | null =>
  row.latitude === null || row.longitude === null ? null : { latitude: row.latitude, longitude: row.longitude };

/** The day's unallocated deliveries of a center, each with its store and direction, in direction then store order. */
function unallocatedDeliveries(db: Db, centerId: number, date: string) {
  return db
    .selectFrom('deliveries as d')
    .innerJoin('delivery_destinations as dd', 'dd.id', 'd.delivery_destination_id')
    .leftJoin('directions as dir', 'dir.id', 'dd.direction_id')
    .leftJoin('departments as dir_center', 'dir_center.id', 'dir.department_id')
    .select([
      'd.id',
      'd.version',
      'd.slip_number',
      'dd.customer_store_name as store_name',
      'd.delivery_destination_id',
      'd.item_name',
      'd.quantity',
      'd.load_unit',
      'd.weight',
      'd.volume',
      'dd.start_time',
      'dd.ending_time',
      'dd.specified_time',
      'dd.latitude',
      'dd.longitude',
      'dd.direction_id',
      'dir.name as direction_name',
      'dir.department_id as direction_center_id',
      'dir_center.name as direction_center_name',
    ])
    .where('d.date', '=', date)
    .where('d.department_id', '=', centerId)
    .where('d.deleted_at', 'is', null)
    .where('d.status', '=', 0)
    .where('d.vehicle_allocation_id', 'is', null)
    .orderBy(sql`dd.direction_id nulls last`)
    .orderBy(sql`dd."order" nulls last`)
    .orderBy('d.id')
    .execute();
}

type Unallocated = Awaited<ReturnType<typeof unallocatedDeliveries>>[number];

function byDirection<T extends { direction_id: number | null; direction_name: string | null }>(rows: T[]) {
  const groups = new Map<number | null, { direction_id: number | null; direction_name: string | null; deliveries: T[] }>();
  for (const row of rows) {
    const group = groups.get(row.direction_id) ?? { direction_id: row.direction_id, direction_name: row.direction_name, deliveries: [] };
    group.deliveries.push(row);
    groups.set(row.direction_id, group);
  }
  return [...groups.values()];
}

/** Vehicles based at the center and visible to the caller, with capacities and whether they have a live trip that day. */
function centerVehicles(db: Db, actor: Actor, centerId: number, date: string) {
  let query = db
    .selectFrom('vehicles as v')
    .innerJoin('vehicle_types as vt', 'vt.id', 'v.vehicle_type_id')
    .leftJoin('delivery_companies as dc', 'dc.id', 'v.delivery_company_id')
    .select([
      'v.id',
      'v.vehicle_number',
      'v.vehicle_type_id',
      'v.delivery_company_id',
      'vt.name as vehicle_type_name',
      'dc.name as delivery_company_name',
      'vt.pallet_capacity',
      'vt.cage_cart_capacity',
      sql<number | null>`coalesce(v.max_loading_capacity, vt.max_loading_capacity)`.as('max_loading_capacity'),
      sql<boolean>`exists (select 1 from vehicle_allocations va where va.vehicle_id = v.id and va.date = ${date} and va.status <> 9 and va.deleted_at is null)`.as('busy'),
    ])
    .where('v.base_department_id', '=', centerId)
    .where('v.deleted_at', 'is', null)
    .where('v.temporary_registration_date', 'is', null);
  const scope = companyScope(actor, 'v.delivery_company_id', 'v.base_department_id');
  if (scope) query = query.where(scope);
  return query.orderBy('v.vehicle_number').orderBy('v.id').execute();
}

/** Drivers based at the center and visible to the caller, with their regular vehicle and whether they have a live trip that day. */
function centerDrivers(db: Db, actor: Actor, centerId: number, date: string) {
  let query = db
    .selectFrom('drivers')
    .select([
      'drivers.id',
      'drivers.name',
      'drivers.delivery_company_id',
      'drivers.default_vehicle_id',
      'drivers.binding_extension_agreement',
      sql<boolean>`exists (select 1 from vehicle_allocations va where va.driver_id = drivers.id and va.date = ${date} and va.status <> 9 and va.deleted_at is null)`.as('busy'),
    ])
    .where('drivers.base_department_id', '=', centerId)
    .where('drivers.deleted_at', 'is', null);
  const scope = companyScope(actor, 'drivers.delivery_company_id', 'drivers.base_department_id');
  if (scope) query = query.where(scope);
  return query.orderBy('drivers.name').orderBy('drivers.id').execute();
}

/**
 * A direction of another center, seen from the center that ships: its stores' goods are a transfer (the
 * transfers' demand), named by the center they go to; null for the center's own directions.
 */
function transferTo(direction: { direction_center_id: number | null; direction_center_name: string | null }, centerId: number) {
  return direction.direction_center_id !== null && direction.direction_center_id !== centerId ? direction.direction_center_name : null;
}

/** GET /vehicle_allocation/board: the store-direct board of a center and day, in one call. */
export async function board(db: Db, actor: Actor, centerId: number, date: string, now: Date) {
  await centerInScope(db, actor, centerId);
  const unallocated = await unallocatedDeliveries(db, centerId, date);
  const tripIds = await db
    .selectFrom('vehicle_allocations')
    .select('id')
    .where('department_id', '=', centerId)
    .where('date', '=', date)
    .where('kind', '=', 'store_direct')
    .where('status', '<>', 9)
    .where('deleted_at', 'is', null)
    .orderBy('trip_no')
    .execute();
  return {
    // A direction of another center: these stores' goods are a transfer (the transfers' demand).
    unallocated: byDirection(unallocated).map((group) => ({ ...group, transfer_to: transferTo(group.deliveries[0]!, centerId) })),
    trips: await tripDetails(db, tripIds.map((t) => t.id)),
    vehicles: await centerVehicles(db, actor, centerId, date),
    drivers: await centerDrivers(db, actor, centerId, date),
    new_trip: await newTripTimes(db, centerId, date, now),
  };
}

/** What a trip made on the board starts with: the center's store-delivery loading start and departure that day, or from now (proposalTimes). */
async function newTripTimes(db: Db, centerId: number, date: string, now: Date) {
  const times = await proposalTimes(db, centerId, date, now);
  return { planned_loading_start: times.loadingStart, planned_departure: times.departure };
}

interface VehicleType extends Capacities {
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
interface Base {
  vehicle_type_id: number | null;
  trips_per_day: number;
}

/** Vehicles for a number of trips (loads) when each vehicle runs `rounds` of them a day. */
const vehiclesFor = (trips: number | null, rounds: number) => (trips === null ? null : Math.ceil(trips / Math.max(1, rounds)));

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

/**
 * The planned window of trips the calculator and the board's 新規便 create: the center's store-delivery
 * times that day (07:00-18:00 without them), from now once today's loading start has passed (`plannedFromNow`).
 */
export async function proposalTimes(db: Db, centerId: number, date: string, now: Date) {
  const times = await operationTimes(db, centerId, 1);
  const center = {
    loadingStart: tokyoInstant(date, times?.loading_start.slice(0, 5) ?? '07:00'),
    departure: tokyoInstant(date, times?.departure.slice(0, 5) ?? '09:00'),
    workEnd: tokyoInstant(date, times?.work_end.slice(0, 5) ?? '18:00'),
  };
  const { loadingStart, departure } = plannedFromNow(center, date, now);
  // Past the work end the window closes at the departure: the vehicles out by then are busy, and no round follows.
  return { loadingStart, departure, workEnd: new Date(Math.max(center.workEnd.getTime(), departure.getTime())) };
}

interface ProposalVehicle extends Capacities {
  id: number;
  vehicle_number: string;
  vehicle_type_id: number;
  vehicle_type_name: string;
  delivery_company_id: number;
}

type ProposalTimes = Awaited<ReturnType<typeof proposalTimes>>;

interface ProposedTrip {
  vehicle: ProposalVehicle;
  direction_id: number | null;
  deliveries: Unallocated[];
  quantity: number;
  weight: number;
  /** 1: the vehicle's first trip of the day; 2: the one it loads for when that one is back (2回転目), … */
  round: number;
  loadingStart: Date;
  departure: Date;
  /** a later round is back at the center by the end of its working day (a first round takes any store, as a planner would) */
  backBy: Date | null;
  /** a trip the day already has (not proposed): when it is back and who drives it; it takes no deliveries, only a next round */
  planned?: { back: Date; driver_id: number | null };
}

/** Why the calculator left a delivery out: no vehicle with room, a window no trip with room reaches in time, more than a vehicle of its own carries. */
type UnassignedReason = 'noVehicle' | 'lateForWindow' | 'overCapacity';

/** Deliveries' load as vehiclesNeeded counts it: pallets, cage carts, kg. */
function loadOf(deliveries: Unallocated[]) {
  const sum = (unit: number) => deliveries.filter((d) => d.load_unit === unit).reduce((total, d) => total + d.quantity, 0);
  return { pallets: sum(LOAD_UNIT.pallet), cage_carts: sum(LOAD_UNIT.cageCart), weight: deliveries.reduce((total, d) => total + (d.weight ?? 0), 0) };
}

/** Would the trip's vehicle still carry this delivery too? */
function hasRoom(trip: ProposedTrip, delivery: Unallocated): boolean {
  const loadUnit = trip.deliveries[0]?.load_unit ?? delivery.load_unit;
  return !overCapacity({ load_unit: loadUnit, quantity: trip.quantity + delivery.quantity, weight: trip.weight + (delivery.weight ?? 0) }, trip.vehicle);
}

/** The stores of these deliveries, once each in their order, as points (the center's for a store without coordinates). */
function storePoints(deliveries: Unallocated[], origin: Point | null): Point[] {
  const stores = [...new Map(deliveries.map((d) => [d.delivery_destination_id, d])).values()];
  return stores.map((s) => pointOf(s) ?? origin ?? { latitude: 0, longitude: 0 });
}

/** Is the delivery's store reached from `departure` before its window closes, after these stops? */
function inTime(departure: Date, origin: Point | null, before: Unallocated[], delivery: Unallocated): boolean {
  const arrival = plannedArrivals(departure, origin, storePoints([...before, delivery], origin)).at(-1)!;
  return !windowWarnings(arrival, { store: '', ...delivery }).some((w) => w.code !== 'allocation.warnings.earlyForWindow');
}

/**
 * Would this delivery still fit the trip: within capacity, a later round back by the day's end, and
 * (after its first store) its store reached before its window closes?
 */
function fits(trip: ProposedTrip, delivery: Unallocated, origin: Point | null): boolean {
  if (!hasRoom(trip, delivery)) return false;
  if (trip.backBy && plannedReturn(trip.departure, origin, storePoints([...trip.deliveries, delivery], origin)) > trip.backBy) return false;
  if (trip.deliveries.length === 0 || trip.deliveries.some((d) => d.delivery_destination_id === delivery.delivery_destination_id)) return true;
  return inTime(trip.departure, origin, trip.deliveries, delivery);
}

/**
 * When the trip's vehicle can run its next round: loading from the trip's planned return (its stores in
 * 近い順's order), for as long as the center's loading takes (its loading start to its departure);
 * null when that departure is not before the end of the working day.
 */
function nextRound(trip: ProposedTrip, origin: Point | null, times: ProposalTimes) {
  const back = trip.planned?.back ?? plannedReturn(trip.departure, origin, storePoints(roundOf(trip.deliveries, origin, trip.departure), origin));
  const departure = new Date(back.getTime() + (times.departure.getTime() - times.loadingStart.getTime()));
  return departure < times.workEnd ? { round: trip.round + 1, loadingStart: back, departure } : null;
}

/**
 * A proposed trip's deliveries in the order 近い順 runs its stores (common/rounds.ts: the stores' times
 * kept first, then the shortest round from the center), the stores without coordinates last as they were.
 */
function roundOf(deliveries: Unallocated[], origin: Point | null, departure: Date): Unallocated[] {
  if (!origin) return deliveries;
  const stores = [...new Map(deliveries.map((d) => [d.delivery_destination_id, d])).values()];
  const located = stores.filter((store) => pointOf(store) !== null);
  const round = bestRound(origin, departure, located.map((store) => ({ ...pointOf(store)!, ...store })));
  const order = [...round.map((i) => located[i]!), ...stores.filter((store) => pointOf(store) === null)];
  return order.flatMap((store) => deliveries.filter((d) => d.delivery_destination_id === store.delivery_destination_id));
}

/** A center's day per direction: its load (allocated or not) and the center the direction belongs to. */
function dayLoads(db: Db, centerId: number, date: string) {
  return db
    .selectFrom('deliveries as d')
    .innerJoin('delivery_destinations as dd', 'dd.id', 'd.delivery_destination_id')
    .leftJoin('directions as dir', 'dir.id', 'dd.direction_id')
    .leftJoin('departments as dir_center', 'dir_center.id', 'dir.department_id')
    .select([
      'dd.direction_id',
      'dir.name as direction_name',
      'dir.department_id as direction_center_id',
      'dir_center.name as direction_center_name',
      sql<number>`coalesce(sum(d.quantity), 0)::int`.as('quantity'),
      sql<number>`coalesce(sum(d.weight), 0)::float8`.as('weight'),
      sql<number>`coalesce(sum(d.quantity) filter (where d.load_unit = 0), 0)::int`.as('pallets'),
      sql<number>`coalesce(sum(d.quantity) filter (where d.load_unit = 1), 0)::int`.as('cage_carts'),
    ])
    .where('d.date', '=', date)
    .where('d.department_id', '=', centerId)
    .where('d.deleted_at', 'is', null)
    .groupBy(['dd.direction_id', 'dir.name', 'dir.department_id', 'dir_center.name'])
    .orderBy(sql`dd.direction_id nulls last`)
    .execute();
}

/** The center's direction bases: a direction's default vehicle type and rounds a day, or null without one. */
async function directionBases(db: Db, centerId: number): Promise<(directionId: number | null) => Base | null> {
  const bases = await db
    .selectFrom('direction_bases')
    .select(['direction_id', 'vehicle_type_id', 'trips_per_day'])
    .where('base_department_id', '=', centerId)
    .where('deleted_at', 'is', null)
    .execute();
  return (directionId) => bases.find((b) => b.direction_id === directionId) ?? null;
}

/** Vehicles and drivers the proposal may not use: on a pinned trip, a windowless one, or one overlapping the window that day. */
async function blockedOn(db: Db, date: string, window: { start: Date; end: Date }) {
  const blocked = await db
    .selectFrom('vehicle_allocations')
    .select(['vehicle_id', 'driver_id'])
    .where('date', '=', date)
    .where('status', '<>', 9)
    .where('deleted_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('pinned', '=', true),
        sql<SqlBool>`coalesce(planned_loading_start, planned_departure) < ${window.end} and planned_arrival > ${window.start}`,
        sql<SqlBool>`planned_arrival is null`,
      ]),
    )
    .execute();
  return { vehicles: new Set(blocked.map((b) => b.vehicle_id)), drivers: new Set(blocked.map((b) => b.driver_id)) };
}

/**
 * The rounds the day already runs that a vehicle may follow with another (2回転目): per vehicle of the
 * fleet whose every live trip that day is an unpinned store trip with a planned return, its latest, as
 * the round of that count. A vehicle with a pinned, windowless or transfer trip is left alone.
 */
async function runningRounds(db: Db, fleet: ProposalVehicle[], date: string): Promise<ProposedTrip[]> {
  if (fleet.length === 0) return [];
  const trips = await db
    .selectFrom('vehicle_allocations')
    .select(['vehicle_id', 'driver_id', 'direction_id', 'kind', 'pinned', 'planned_loading_start', 'planned_departure', 'planned_arrival'])
    .where('date', '=', date)
    .where('status', '<>', 9)
    .where('deleted_at', 'is', null)
    .where('vehicle_id', 'in', fleet.map((v) => v.id))
    .orderBy('planned_arrival')
    .execute();
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
function proposeTrips(
  groups: ReturnType<typeof byDirection<Unallocated>>,
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
  const sharedTrip = (delivery: Unallocated) => {
    const here = pointOf(delivery);
    const distance = (trip: ProposedTrip) => {
      const last = pointOf(trip.deliveries.at(-1)!);
      return here && last ? haversineKm(last, here) : Number.POSITIVE_INFINITY;
    };
    const room = proposal.filter((trip) => trip.deliveries.length > 0 && isLatest(trip) && fits(trip, delivery, origin));
    return room.sort((a, b) => distance(a) - distance(b))[0];
  };
  /** With no vehicle and no trip that fits it: no trip has room, or those with room reach its store too late. */
  const leftOutReason = (delivery: Unallocated): UnassignedReason =>
    proposal.some((trip) => trip.deliveries.length > 0 && hasRoom(trip, delivery)) ? 'lateForWindow' : 'noVehicle';
  const firstRound = { round: 1, loadingStart: times.loadingStart, departure: times.departure };
  for (const group of groups) {
    const base = baseOf(group.direction_id);
    const defaultTypeId = base?.vehicle_type_id ?? null;
    /** A free vehicle for what is left of the direction: of its base's default type, else the smallest that carries it all, else the largest. */
    const freeVehicle = (rest: Unallocated[]) => {
      const bySize = [...free].sort((a, b) => (b.max_loading_capacity ?? 0) - (a.max_loading_capacity ?? 0) || a.id - b.id);
      const vehicle =
        bySize.find((v) => v.vehicle_type_id === defaultTypeId) ?? bySize.findLast((v) => vehiclesOfType(v, loadOf(rest)) === 1) ?? bySize[0];
      if (vehicle) free.splice(free.indexOf(vehicle), 1);
      return vehicle && { vehicle, ...firstRound };
    };
    /** The soonest next round of a vehicle that ran this direction, within its rounds a day, that reaches the next store in time and carries it. */
    const againRound = (next: Unallocated) =>
      proposal
        .filter((trip) => trip.direction_id === group.direction_id && trip.round < (base?.trips_per_day ?? 1) && isLatest(trip))
        .flatMap((trip) => {
          const round = nextRound(trip, origin, times);
          return round ? [{ vehicle: trip.vehicle, ...round }] : [];
        })
        .filter((round) => inTime(round.departure, origin, [], next) && !overCapacity({ load_unit: next.load_unit, quantity: next.quantity, weight: next.weight ?? 0 }, round.vehicle))
        .sort((a, b) => a.departure.getTime() - b.departure.getTime())[0];
    const take = (rest: Unallocated[]) => againRound(rest[0]!) ?? freeVehicle(rest);
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
function proposalRows(
  trips: ProposedTrip[],
  drivers: { id: number; default_vehicle_id: number | null; delivery_company_id: number }[],
  origin: Point | null,
  running: ProposedTrip[],
  day: { date: string; findingsOf: (driverId: number, planned: WorkDay | null) => RuleFinding[] },
) {
  const driversLeft = [...drivers];
  const back = (trip: ProposedTrip) => plannedReturn(trip.departure, origin, storePoints(trip.deliveries, origin));
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

/**
 * GET /vehicle_allocation/calculator: per direction the day's load and the vehicles it needs (by type, at
 * the base's rounds a day), and a greedy proposal (`proposeTrips`) onto the center's vehicles that have no
 * pinned or overlapping trip; each trip's stores then in 近い順's order.
 */
export async function calculator(db: Db, actor: Actor, centerId: number, date: string, now: Date) {
  const center = await centerInScope(db, actor, centerId);
  const loads = await dayLoads(db, centerId, date);
  const types = await db
    .selectFrom('vehicle_types')
    .select(['id', 'name', 'pallet_capacity', 'cage_cart_capacity', 'max_loading_capacity'])
    .where('deleted_at', 'is', null)
    .execute();
  const baseOf = await directionBases(db, centerId);
  const roundsOf = (directionId: number | null) => baseOf(directionId)?.trips_per_day ?? 1;
  const needs = loads.map((load) => vehiclesNeeded(types, baseOf(load.direction_id), load));
  const fleet = await centerVehicles(db, actor, centerId, date);
  const columns = fleetTypes(types, fleet, needs.flat().map((need) => need.vehicle_type_id));
  const directions = loads.map(({ direction_center_id, direction_center_name, ...load }, i) => ({
    ...load,
    transfer_to: transferTo({ direction_center_id, direction_center_name }, centerId),
    trips_per_day: roundsOf(load.direction_id),
    vehicles_needed: needs[i]!,
    vehicles_by_type: columns.map((type) => ({ vehicle_type_id: type.id, count: vehiclesFor(vehiclesOfType(type, load), roundsOf(load.direction_id)) })),
  }));

  const times = await proposalTimes(db, centerId, date, now);
  const busy = await blockedOn(db, date, { start: times.loadingStart, end: times.workEnd });
  const free = fleet.filter((v) => !busy.vehicles.has(v.id));
  const drivers = (await centerDrivers(db, actor, centerId, date)).filter((d) => !busy.drivers.has(d.id));
  const groups = byDirection(await unallocatedDeliveries(db, centerId, date));
  // Only vehicles busy in the day's window: a free one starts its own first round.
  const running = await runningRounds(db, fleet.filter((v) => busy.vehicles.has(v.id)), date);
  const { proposal, unassigned } = proposeTrips(groups, free, baseOf, times, pointOf(center), running);
  return {
    vehicle_types: columns.map(({ id, name, vehicles }) => ({ id, name, vehicles })),
    directions,
    proposal: proposalRows(proposal, drivers, pointOf(center), running, { date, findingsOf: await assignmentCheck(db, drivers, date) }),
    unassigned_delivery_ids: unassigned.map((left) => left.delivery_id),
    unassigned,
  };
}

/** Where a proposed trip's deliveries go, in the order given: its direction, load unit and planned return. */
export async function proposedTripPlan(db: Db, center: { latitude: number | null; longitude: number | null }, deliveryIds: number[], departure: Date) {
  const rows = await db
    .selectFrom('deliveries as d')
    .innerJoin('delivery_destinations as dd', 'dd.id', 'd.delivery_destination_id')
    .select(['d.id', 'd.load_unit', 'd.delivery_destination_id', 'dd.direction_id', 'dd.latitude', 'dd.longitude'])
    .where('d.id', 'in', deliveryIds)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ordered = deliveryIds.flatMap((id) => byId.get(id) ?? []);
  const stores = [...new Map(ordered.map((r) => [r.delivery_destination_id, r])).values()];
  const origin = pointOf(center);
  return {
    direction_id: ordered[0]?.direction_id ?? null,
    load_unit: ordered[0]?.load_unit ?? 0,
    planned_arrival: plannedReturn(departure, origin, stores.map((s) => pointOf(s) ?? origin ?? { latitude: 0, longitude: 0 })),
  };
}

/**
 * GET /vehicle_allocation/transfers: demand between centers and the trips covering it. A delivery is a
 * transfer when its shipping center (deliveries.department_id) is not the center of its store's direction:
 * origin = the shipping center, destination = the direction's center. 前日受け (between_centers_before)
 * trips on `date` carry the next day's deliveries; 当日受け (between_centers_today) the same day's.
 * Covered = the quantities of every live trip of that kind and date between the same two centers, whoever
 * plans it (a lane's other center may have covered it); `trips` are the caller's own, `others` the rest
 * of the lanes' trips (another center's, read only).
 */
export async function transfers(db: Db, actor: Actor, date: string, kind: Exclude<TripKind, 'store_direct'>, departmentId?: number) {
  if (departmentId !== undefined) await centerInScope(db, actor, departmentId);
  const deliveryDate = kind === 'between_centers_before' ? addDays(date, 1) : date;
  const pairVisible = (origin: string, destination: string) => {
    const conditions: ReturnType<typeof sql<SqlBool>>[] = [];
    const scope = departmentScope(actor, origin);
    if (scope) conditions.push(sql<SqlBool>`(${scope} or ${departmentScope(actor, destination)!})`);
    if (departmentId !== undefined) {
      conditions.push(sql<SqlBool>`(${sql.ref(origin)} = ${departmentSubtree(departmentId)} or ${sql.ref(destination)} = ${departmentSubtree(departmentId)})`);
    }
    return conditions.length ? sql<SqlBool>`${sql.join(conditions, sql` and `)}` : sql<SqlBool>`true`;
  };
  const demand = await db
    .selectFrom('deliveries as d')
    .innerJoin('delivery_destinations as dd', 'dd.id', 'd.delivery_destination_id')
    .innerJoin('directions as dir', 'dir.id', 'dd.direction_id')
    .select([
      'd.department_id as origin',
      'dir.department_id as destination',
      sql<number>`coalesce(sum(d.quantity) filter (where d.load_unit = 0), 0)::int`.as('pallets'),
      sql<number>`coalesce(sum(d.quantity) filter (where d.load_unit = 1), 0)::int`.as('cage_carts'),
      sql<number>`coalesce(sum(d.weight), 0)::float8`.as('weight'),
    ])
    .where('d.date', '=', deliveryDate)
    .where('d.deleted_at', 'is', null)
    .where(sql<SqlBool>`dir.department_id <> d.department_id`)
    .where(pairVisible('d.department_id', 'dir.department_id'))
    .groupBy(['d.department_id', 'dir.department_id'])
    .execute();
  let tripQuery = tripRowQuery(db).where('va.date', '=', date).where('va.kind', '=', kind).where('va.status', '<>', 9);
  const scope = tripScope(actor);
  if (scope) tripQuery = tripQuery.where(scope);
  if (departmentId !== undefined) {
    const subtree = departmentSubtree(departmentId);
    tripQuery = tripQuery.where(
      sql<SqlBool>`(va.department_id = ${subtree} or va.origin_department_id = ${subtree} or va.destination_department_id = ${subtree})`,
    );
  }
  const trips = await tripQuery.orderBy('va.trip_no').orderBy('va.id').execute();
  // The lanes' trips another center plans (a truck coming in, or one already covering the lane): read only.
  let othersQuery = tripRowQuery(db)
    .where('va.date', '=', date)
    .where('va.kind', '=', kind)
    .where('va.status', '<>', 9)
    .where(pairVisible('va.origin_department_id', 'va.destination_department_id'));
  if (trips.length) othersQuery = othersQuery.where('va.id', 'not in', trips.map((trip) => trip.id));
  const others = await othersQuery.orderBy('d.name').orderBy('va.trip_no').execute();
  const busy = await busyVehicles(db, actor, date, departmentId, [...trips, ...others]);
  const coverage = await db
    .selectFrom('vehicle_allocations as va')
    .select([
      'va.origin_department_id as origin',
      'va.destination_department_id as destination',
      sql<number>`coalesce(sum(va.quantity) filter (where va.load_unit = 0), 0)::int`.as('covered_pallets'),
      sql<number>`coalesce(sum(va.quantity) filter (where va.load_unit = 1), 0)::int`.as('covered_cage_carts'),
    ])
    .where('va.date', '=', date)
    .where('va.kind', '=', kind)
    .where('va.status', '<>', 9)
    .where('va.deleted_at', 'is', null)
    .where(pairVisible('va.origin_department_id', 'va.destination_department_id'))
    .groupBy(['va.origin_department_id', 'va.destination_department_id'])
    .execute();
  const key = (origin: number, destination: number) => `${origin}:${destination}`;
  const pairs = new Map<string, { origin: number; destination: number; pallets: number; cage_carts: number; weight: number; covered_pallets: number; covered_cage_carts: number }>();
  for (const row of demand) pairs.set(key(row.origin, row.destination), { ...row, covered_pallets: 0, covered_cage_carts: 0 });
  for (const { origin, destination, ...covered } of coverage) {
    if (origin === null || destination === null) continue;
    const pair = pairs.get(key(origin, destination)) ?? { origin, destination, pallets: 0, cage_carts: 0, weight: 0 };
    pairs.set(key(origin, destination), { ...pair, ...covered });
  }
  const ids = [...new Set([...pairs.values()].flatMap((p) => [p.origin, p.destination]))];
  const names = new Map(
    ids.length ? (await db.selectFrom('departments').select(['id', 'name']).where('id', 'in', ids).execute()).map((d) => [d.id, d.name]) : [],
  );
  return {
    demand: [...pairs.values()]
      .sort((a, b) => a.origin - b.origin || a.destination - b.destination)
      .map(({ origin, destination, ...figures }) => ({
        origin_department_id: origin,
        origin_department_name: names.get(origin) ?? '',
        destination_department_id: destination,
        destination_department_name: names.get(destination) ?? '',
        ...figures,
      })),
    trips,
    others,
    busy,
  };
}

/**
 * The day's other trips (store-direct or of the other transfer kind) on the center's vehicles and on the
 * vehicles of the listed trips: the time chart shows them read only, so the planner sees when a truck is free.
 */
async function busyVehicles(db: Db, actor: Actor, date: string, departmentId: number | undefined, listed: { id: number; vehicle_id: number | null }[]) {
  const listedVehicles = [...new Set(listed.flatMap((trip) => (trip.vehicle_id === null ? [] : [trip.vehicle_id])))];
  if (departmentId === undefined && listedVehicles.length === 0) return [];
  let query = tripRowQuery(db)
    .where('va.date', '=', date)
    .where('va.status', '<>', 9)
    .where((eb) =>
      eb.or([
        ...(departmentId === undefined ? [] : [eb('v.base_department_id', '=', departmentSubtree(departmentId))]),
        ...(listedVehicles.length ? [eb('va.vehicle_id', 'in', listedVehicles)] : []),
      ]),
    );
  const scope = tripScope(actor);
  if (scope) query = query.where(scope);
  if (listed.length) query = query.where('va.id', 'not in', listed.map((trip) => trip.id));
  return query.orderBy('va.planned_loading_start').orderBy('va.id').execute();
}
