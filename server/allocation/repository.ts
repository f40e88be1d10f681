import { type Expression, sql, type SqlBool } from 'kysely';
import { TRIP_STATUS } from '../../common/allocation.js';
import { afterKey, pagesByDateAndId } from '../../db/pages.js';
import type { Executor } from '../../db/executor.js';
import type { TripKind } from '../../db/types.js';
import type { Actor } from '../auth/actor.js';
import { AppError, notFound } from '../errors.js';
import { companyScope, departmentScope, departmentSubtree, tripScope as readableTrips } from '../auth/scope.js';
import { tripsChanged } from './events.js';
import type { TripFilters, TripListQuery } from './schemas.js';

/** Queries of trips (vehicle_allocations), their stops and the deliveries they carry. */


const stopCount = sql<number>`(select count(*)::int from allocation_stops s where s.vehicle_allocation_id = va.id)`;

/**
 * Trips (`va`) with what names them, joined once under the aliases every area's trip query selects from:
 * the planning center `d`, the transfer's origin `od` and destination `dd`, the direction `dir`, the
 * carrier `dc`, the vehicle `v` and its type `vt`, the driver `drv`, who changed it last `u`. Each area
 * narrows it and selects what it answers (Postgres drops the left joins a query selects nothing from).
 */
export function tripsWithNames(db: Executor) {
  return db
    .selectFrom('vehicle_allocations as va')
    .innerJoin('departments as d', 'd.id', 'va.department_id')
    .leftJoin('departments as od', 'od.id', 'va.origin_department_id')
    .leftJoin('departments as dd', 'dd.id', 'va.destination_department_id')
    .leftJoin('directions as dir', 'dir.id', 'va.direction_id')
    .leftJoin('delivery_companies as dc', 'dc.id', 'va.delivery_company_id')
    .leftJoin('vehicles as v', 'v.id', 'va.vehicle_id')
    .leftJoin('vehicle_types as vt', 'vt.id', 'v.vehicle_type_id')
    .leftJoin('drivers as drv', 'drv.id', 'va.driver_id')
    .leftJoin('users as u', 'u.id', 'va.updated_by');
}

/** A trip's planned times and the times its driver reported, as every trip row answers them. */
export const TRIP_TIMES = ['va.planned_loading_start', 'va.planned_departure', 'va.planned_arrival', 'va.loading_started_at', 'va.departed_at', 'va.completed_at'] as const;

/** Trips as the API answers them, every name joined once. */
export function tripRowQuery(db: Executor) {
  return tripsWithNames(db)
    .select([
      'va.id',
      'va.version',
      'va.date',
      'va.kind',
      'va.department_id',
      'd.name as department_name',
      'va.trip_no',
      'va.route_name',
      'va.origin_department_id',
      'od.name as origin_department_name',
      'va.destination_department_id',
      'dd.name as destination_department_name',
      'va.direction_id',
      'dir.name as direction_name',
      'va.delivery_company_id',
      'dc.name as delivery_company_name',
      'va.vehicle_id',
      'v.vehicle_number',
      'v.vehicle_type_id',
      'vt.name as vehicle_type_name',
      'vt.pallet_capacity',
      'vt.cage_cart_capacity',
      sql<number | null>`coalesce(v.max_loading_capacity, vt.max_loading_capacity)`.as('max_loading_capacity'),
      'v.average_volume as volume_capacity',
      'va.driver_id',
      'drv.name as driver_name',
      'va.trip_mode',
      'va.load_unit',
      'va.receive_timing',
      'va.quantity',
      'va.weight',
      'va.volume',
      ...TRIP_TIMES,
      'va.status',
      'va.handled_at',
      'va.toll',
      'va.parking',
      'va.other_expense',
      'va.pinned',
      'va.confirmed_at',
      'va.warnings',
      stopCount.as('stop_count'),
      'u.name as updated_by_name',
      'va.updated_at',
    ])
    .where('va.deleted_at', 'is', null);
}

export type TripRow = Awaited<ReturnType<ReturnType<typeof tripRowQuery>['executeTakeFirstOrThrow']>>;

/** Trips the caller plans: their planning center in the caller's subtree (super admins: all). */
export function tripScope(actor: Actor, column = 'va.department_id'): Expression<SqlBool> | undefined {
  return departmentScope(actor, column);
}

const SORTS = {
  date: 'va.date',
  trip_no: 'va.trip_no',
  department_name: 'd.name',
  vehicle_number: 'v.vehicle_number',
  driver_name: 'drv.name',
  planned_departure: 'va.planned_departure',
  status: 'va.status',
  updated_at: 'va.updated_at',
} as const;

/**
 * The trips the caller may read (配車一覧, its export, a trip's detail): those they plan, and for a
 * carrier's staff the trips assigned to their company (auth/scope.ts), which they may not write.
 */
function tripReadScope(actor: Actor): Expression<SqlBool> | undefined {
  return readableTrips(actor);
}

/** The caller's trips that the list's conditions choose, with their names. */
function filteredTrips(db: Executor, actor: Actor, filters: TripFilters) {
  let rows = tripRowQuery(db).where('va.date', '>=', filters.date_from).where('va.date', '<=', filters.date_to);
  const scope = tripReadScope(actor);
  if (scope) rows = rows.where(scope);
  if (filters.department_id !== undefined) rows = rows.where('va.department_id', '=', departmentSubtree(filters.department_id));
  if (filters.kind !== undefined) rows = rows.where('va.kind', '=', filters.kind);
  if (filters.delivery_company_id !== undefined) rows = rows.where('va.delivery_company_id', '=', filters.delivery_company_id);
  if (filters.vehicle_id !== undefined) rows = rows.where('va.vehicle_id', '=', filters.vehicle_id);
  if (filters.driver_id !== undefined) rows = rows.where('va.driver_id', '=', filters.driver_id);
  if (filters.status?.length) rows = rows.where('va.status', 'in', filters.status);
  return rows;
}

/** GET /vehicle_allocation: one page of the caller's trips and the total. */
export async function listTrips(db: Executor, actor: Actor, query: TripListQuery) {
  const rows = filteredTrips(db, actor, query);
  const { total } = await rows
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const direction = query._order?.toLowerCase() === 'desc' ? 'desc' : 'asc';
  const sort = SORTS[query._sort ?? 'date'];
  let page = rows.orderBy(sort, direction);
  if (sort !== 'va.date') page = page.orderBy('va.date', direction);
  page = page.orderBy('va.trip_no', direction).orderBy('va.id', direction);
  const start = query._start ?? 0;
  const end = query._end ?? start + 50;
  return { rows: await page.limit(Math.max(0, Math.min(end - start, 1000))).offset(start).execute(), total: Number(total) };
}

/** The trip list's CSV export: every trip its conditions choose, a page at a time in (date, id) order. */
export const tripExportPages = (db: Executor, actor: Actor, filters: TripFilters, pageSize = 1000) =>
  pagesByDateAndId((after, size) => {
    const rows = filteredTrips(db, actor, filters);
    return (after ? rows.where(afterKey('va', after)) : rows).orderBy('va.date').orderBy('va.id').limit(size).execute();
  }, pageSize);

/** The stops of these trips with their stores, as both the planners' and the drivers' answers need them. */
function stopQuery(db: Executor, ids: number[]) {
  return db
    .selectFrom('allocation_stops as s')
    .innerJoin('delivery_destinations as dd', 'dd.id', 's.delivery_destination_id')
    .select([
      's.vehicle_allocation_id',
      's.seq',
      's.delivery_destination_id',
      'dd.delivery_code',
      'dd.customer_store_name as store_name',
      'dd.customer_company_name',
      'dd.customer_address as address',
      'dd.phone',
      'dd.latitude',
      'dd.longitude',
      'dd.start_time',
      'dd.ending_time',
      'dd.specified_time',
      's.planned_arrival',
      's.quantity',
      's.weight',
      's.warnings',
      ...STOP_REPORT,
    ])
    .where('s.vehicle_allocation_id', 'in', ids)
    .orderBy('s.vehicle_allocation_id')
    .orderBy('s.seq');
}

/** The deliveries on these trips, by stop: the columns both areas send. */
function stopDeliveryQuery(db: Executor, ids: number[]) {
  return db
    .selectFrom('deliveries')
    .select([
      'id',
      'version',
      'vehicle_allocation_id',
      'stop_seq',
      'slip_number',
      'item_code',
      'item_name',
      'quantity',
      'load_unit',
      'weight',
      'status',
      'delivery_delay_status',
      'estimated_arrival_time',
      'report_time',
    ])
    .where('vehicle_allocation_id', 'in', ids)
    .where('deleted_at', 'is', null)
    .orderBy('stop_seq')
    .orderBy('id');
}

export type TripStop = Omit<Awaited<ReturnType<ReturnType<typeof stopQuery>['execute']>>[number], 'vehicle_allocation_id'> & { deliveries: StopDelivery[] };
type StopDelivery = Awaited<ReturnType<ReturnType<typeof stopDeliveryQuery>['execute']>>[number];

/**
 * The stops of these trips in order, each with the deliveries it carries: two queries whatever the
 * number of trips. The trip screens and the driver app both read trips through this; each area's
 * response schema is the allow-list of what it sends (the driver app never sees versions or
 * warnings, the planners never see the store's phone).
 */
/** What the driver reported at a stop (allocation_stops as `s`): its times, 荷待ち, 荷役 and 荷主確認. */
export const STOP_REPORT = [
  's.arrived_at',
  's.departed_at',
  's.wait_started_at',
  's.wait_ended_at',
  's.wait_minutes',
  's.work_started_at',
  's.work_ended_at',
  's.work_content',
  's.consignee_confirmed',
] as const;

/** Where the driver is at a stop (荷待ち, 荷役, 荷主確認), as a delivery's list row shows it beside its status. */
export const STOP_PROGRESS = ['s.wait_started_at', 's.wait_ended_at', 's.work_started_at', 's.work_ended_at', 's.consignee_confirmed'] as const;

export async function tripStops(db: Executor, ids: number[]) {
  const stopsOf = new Map<number, TripStop[]>();
  if (ids.length === 0) return stopsOf;
  const stops = await stopQuery(db, ids).execute();
  const deliveries = await stopDeliveryQuery(db, ids).execute();
  const byStop = new Map<string, StopDelivery[]>();
  for (const delivery of deliveries) {
    const key = `${delivery.vehicle_allocation_id}:${delivery.stop_seq}`;
    const list = byStop.get(key);
    if (list) list.push(delivery);
    else byStop.set(key, [delivery]);
  }
  for (const { vehicle_allocation_id, ...stop } of stops) {
    const list = stopsOf.get(vehicle_allocation_id);
    const entry = { ...stop, deliveries: byStop.get(`${vehicle_allocation_id}:${stop.seq}`) ?? [] };
    if (list) list.push(entry);
    else stopsOf.set(vehicle_allocation_id, [entry]);
  }
  return stopsOf;
}

/** The trips with their stops (in order) and each stop's deliveries, in the order of `ids`. */
/**
 * Trips with their stops, and where each starts and returns (for its map): the origin of a transfer,
 * else the planning center, as planning reads it.
 */
export async function tripDetails(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await tripRowQuery(db)
    .select([
      sql<number | null>`case when va.origin_department_id is null then d.latitude else od.latitude end`.as('origin_latitude'),
      sql<number | null>`case when va.origin_department_id is null then d.longitude else od.longitude end`.as('origin_longitude'),
    ])
    .where('va.id', 'in', ids)
    .execute();
  const stopsOf = await tripStops(db, ids);
  const byId = new Map(rows.map((row) => [row.id, { ...row, stops: stopsOf.get(row.id) ?? [] }]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** A trip the caller may read: live, and planned by a department of their subtree (a carrier: its company's); else 404. */
export async function refuseOutOfScope(db: Executor, actor: Actor, id: number) {
  let query = db.selectFrom('vehicle_allocations as va').select('va.id').where('va.id', '=', id).where('va.deleted_at', 'is', null);
  const scope = tripReadScope(actor);
  if (scope) query = query.where(scope);
  if (!(await query.executeTakeFirst())) throw notFound();
}

export async function tripDetail(db: Executor, id: number) {
  const [detail] = await tripDetails(db, [id]);
  if (!detail) throw notFound();
  return detail;
}

/** The columns a write checks, read under `FOR UPDATE`. */
export type LockedTrip = Awaited<ReturnType<typeof lockTrips>>[number];

/**
 * Locks the caller's trips `FOR UPDATE`, in id order (two writes over the same pair never deadlock);
 * a trip missing, deleted or outside the caller's scope is a 404. The trips are recorded as changed
 * (`tripsChanged`): every trip write goes through here or inserts a trip.
 */
export async function lockTrips(db: Executor, actor: Actor, ids: number[]) {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  let query = db
    .selectFrom('vehicle_allocations as va')
    .selectAll('va')
    .where('va.id', 'in', unique)
    .where('va.deleted_at', 'is', null);
  const scope = tripScope(actor);
  if (scope) query = query.where(scope);
  const rows = await query.orderBy('va.id').forUpdate().execute();
  if (rows.length !== unique.length) throw notFound();
  // Locked to be written: once the write commits, the users who see these trips hear of it.
  tripsChanged(db, unique);
  return rows;
}

/** A stale version: 409 naming who changed the trip last, asking to reload. */
export async function checkVersion(db: Executor, trip: { version: number; updated_by: number | null }, version: number) {
  if (trip.version === version) return;
  const user = trip.updated_by === null ? undefined : await db.selectFrom('users').select('name').where('id', '=', trip.updated_by).executeTakeFirst();
  throw user ? new AppError(409, 'allocation.stale', { name: user.name }) : new AppError(409, 'allocation.staleUnknown');
}

/** A vehicle visible to the caller, locked `FOR UPDATE` (serialises assignments of the same vehicle), with its capacities. */
export async function lockVehicle(db: Executor, actor: Actor, id: number) {
  let query = db
    .selectFrom('vehicles')
    .innerJoin('vehicle_types as vt', 'vt.id', 'vehicles.vehicle_type_id')
    .select([
      'vehicles.id',
      'vehicles.vehicle_number',
      'vehicles.delivery_company_id',
      'vt.pallet_capacity',
      'vt.cage_cart_capacity',
      sql<number | null>`coalesce(vehicles.max_loading_capacity, vt.max_loading_capacity)`.as('max_loading_capacity'),
    ])
    .where('vehicles.id', '=', id)
    .where('vehicles.deleted_at', 'is', null);
  const scope = companyScope(actor, 'vehicles.delivery_company_id', 'vehicles.base_department_id');
  if (scope) query = query.where(scope);
  return query.forUpdate('vehicles').executeTakeFirst();
}

/** A driver visible to the caller, locked `FOR UPDATE`. */
export async function lockDriver(db: Executor, actor: Actor, id: number) {
  let query = db.selectFrom('drivers').select(['drivers.id', 'drivers.name', 'drivers.delivery_company_id']).where('drivers.id', '=', id).where('drivers.deleted_at', 'is', null);
  const scope = companyScope(actor, 'drivers.delivery_company_id', 'drivers.base_department_id');
  if (scope) query = query.where(scope);
  return query.forUpdate().executeTakeFirst();
}

/** Another live, non-cancelled trip of this vehicle or driver whose planned window overlaps [start, end). */
export async function overlappingTrip(db: Executor, column: 'vehicle_id' | 'driver_id', id: number, window: { start: Date; end: Date }, exceptTripId: number | null) {
  let query = db
    .selectFrom('vehicle_allocations')
    .select(['id', 'trip_no', 'date'])
    .where(column, '=', id)
    .where('deleted_at', 'is', null)
    .where('status', '<>', TRIP_STATUS.cancelled)
    .where(sql<SqlBool>`coalesce(planned_loading_start, planned_departure) < ${window.end}`)
    .where('planned_arrival', '>', window.start);
  if (exceptTripId !== null) query = query.where('id', '<>', exceptTripId);
  return query.orderBy('planned_arrival').limit(1).executeTakeFirst();
}

/** Trip numbers taken on a day (after taking the day's advisory lock, so two creates never pick the same). */
export async function takenTripNos(db: Executor, departmentId: number, date: string, kind: TripKind) {
  await sql`select pg_advisory_xact_lock(727100, hashtext(${`${departmentId}:${date}:${kind}`}))`.execute(db);
  const rows = await db
    .selectFrom('vehicle_allocations')
    .select('trip_no')
    .where('department_id', '=', departmentId)
    .where('date', '=', date)
    .where('kind', '=', kind)
    .where('deleted_at', 'is', null)
    .execute();
  return rows.map((r) => r.trip_no);
}
