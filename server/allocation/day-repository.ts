import { sql, type SqlBool } from 'kysely';
import { TRIP_STATUS } from '../../common/allocation.js';
import { DELIVERY_STATUS } from '../../common/deliveries.js';
import { LOAD_UNIT } from '../../common/enums.js';
import type { Actor } from '../auth/actor.js';
import { notFound } from '../errors.js';
import { companyScope, departmentScope } from '../auth/scope.js';
import type { Executor } from '../../db/executor.js';

/** Queries of a center's day as the board and the calculator read it: its deliveries, vehicles, drivers and trips. */

/** The center, when the caller's scope holds it; else 404. */
export async function centerInScope(db: Executor, actor: Actor, departmentId: number) {
  let query = db.selectFrom('departments').select(['id', 'name', 'latitude', 'longitude']).where('id', '=', departmentId).where('deleted_at', 'is', null);
  const scope = departmentScope(actor, 'departments.id');
  if (scope) query = query.where(scope);
  const center = await query.executeTakeFirst();
  if (!center) throw notFound();
  return center;
}


/** The center's operation times for a delivery type (1: store deliveries). */
export async function operationTimes(db: Executor, departmentId: number, deliveryType: number) {
  return db
    .selectFrom('operation_times')
    .select(['loading_start', 'departure', 'work_end'])
    .where('department_id', '=', departmentId)
    .where('delivery_type', '=', deliveryType)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** A center's live deliveries of the day, each with its store, the store's direction and the center that direction belongs to. */
function centerDayDeliveries(db: Executor, centerId: number, date: string) {
  return db
    .selectFrom('deliveries as d')
    .innerJoin('delivery_destinations as dd', 'dd.id', 'd.delivery_destination_id')
    .leftJoin('directions as dir', 'dir.id', 'dd.direction_id')
    .leftJoin('departments as dir_center', 'dir_center.id', 'dir.department_id')
    .where('d.date', '=', date)
    .where('d.department_id', '=', centerId)
    .where('d.deleted_at', 'is', null);
}

/**
 * The day's unallocated deliveries of a center, each with its store and direction, in direction then
 * store order; with `replanned` trips, their deliveries too (planned anew).
 */
export function unallocatedDeliveries(db: Executor, centerId: number, date: string, replanned: number[] = []) {
  return centerDayDeliveries(db, centerId, date)
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
    .where((eb) =>
      eb.or([
        eb.and([eb('d.status', '=', DELIVERY_STATUS.unallocated), eb('d.vehicle_allocation_id', 'is', null)]),
        ...(replanned.length ? [eb('d.vehicle_allocation_id', 'in', replanned)] : []),
      ]),
    )
    .orderBy(sql`dd.direction_id nulls last`)
    .orderBy(sql`dd."order" nulls last`)
    .orderBy('d.id')
    .execute();
}


/** Vehicles based at the center and visible to the caller, with capacities and whether they have a live trip that day. */
export function centerVehicles(db: Executor, actor: Actor, centerId: number, date: string) {
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
      sql<boolean>`exists (select 1 from vehicle_allocations va where va.vehicle_id = v.id and va.date = ${date} and va.status <> ${sql.lit(TRIP_STATUS.cancelled)} and va.deleted_at is null)`.as('busy'),
    ])
    .where('v.base_department_id', '=', centerId)
    .where('v.deleted_at', 'is', null)
    .where('v.temporary_registration_date', 'is', null);
  const scope = companyScope(actor, 'v.delivery_company_id', 'v.base_department_id');
  if (scope) query = query.where(scope);
  return query.orderBy('v.vehicle_number').orderBy('v.id').execute();
}

/** Drivers based at the center and visible to the caller, with their regular vehicle and whether they have a live trip that day. */
export function centerDrivers(db: Executor, actor: Actor, centerId: number, date: string) {
  let query = db
    .selectFrom('drivers')
    .select([
      'drivers.id',
      'drivers.name',
      'drivers.delivery_company_id',
      'drivers.default_vehicle_id',
      'drivers.binding_extension_agreement',
      sql<boolean>`exists (select 1 from vehicle_allocations va where va.driver_id = drivers.id and va.date = ${date} and va.status <> ${sql.lit(TRIP_STATUS.cancelled)} and va.deleted_at is null)`.as('busy'),
    ])
    .where('drivers.base_department_id', '=', centerId)
    .where('drivers.deleted_at', 'is', null);
  const scope = companyScope(actor, 'drivers.delivery_company_id', 'drivers.base_department_id');
  if (scope) query = query.where(scope);
  return query.orderBy('drivers.name').orderBy('drivers.id').execute();
}

/** The ids of a center's live store trips that day, by trip number. */
export async function storeTripIds(db: Executor, centerId: number, date: string) {
  const rows = await db
    .selectFrom('vehicle_allocations')
    .select('id')
    .where('department_id', '=', centerId)
    .where('date', '=', date)
    .where('kind', '=', 'store_direct')
    .where('status', '<>', TRIP_STATUS.cancelled)
    .where('deleted_at', 'is', null)
    .orderBy('trip_no')
    .execute();
  return rows.map((row) => row.id);
}

/** A center's day per direction: its load (allocated or not) and the center the direction belongs to. */
export function dayLoads(db: Executor, centerId: number, date: string) {
  return centerDayDeliveries(db, centerId, date)
    .select([
      'dd.direction_id',
      'dir.name as direction_name',
      'dir.department_id as direction_center_id',
      'dir_center.name as direction_center_name',
      sql<number>`coalesce(sum(d.quantity), 0)::int`.as('quantity'),
      sql<number>`coalesce(sum(d.weight), 0)::float8`.as('weight'),
      sql<number>`coalesce(sum(d.quantity) filter (where d.load_unit = ${sql.lit(LOAD_UNIT.pallet)}), 0)::int`.as('pallets'),
      sql<number>`coalesce(sum(d.quantity) filter (where d.load_unit = ${sql.lit(LOAD_UNIT.cageCart)}), 0)::int`.as('cage_carts'),
    ])
    .groupBy(['dd.direction_id', 'dir.name', 'dir.department_id', 'dir_center.name'])
    .orderBy(sql`dd.direction_id nulls last`)
    .execute();
}

/** The center's direction bases: each direction's default vehicle type and rounds a day. */
export function directionBases(db: Executor, centerId: number) {
  return db
    .selectFrom('direction_bases')
    .select(['direction_id', 'vehicle_type_id', 'trips_per_day'])
    .where('base_department_id', '=', centerId)
    .where('deleted_at', 'is', null)
    .execute();
}

/** The live vehicle types with their capacities. */
export function vehicleTypes(db: Executor) {
  return db.selectFrom('vehicle_types').select(['id', 'name', 'pallet_capacity', 'cage_cart_capacity', 'max_loading_capacity']).where('deleted_at', 'is', null).execute();
}

/** Vehicles and drivers the proposal may not use: on a pinned trip, a windowless one, or one overlapping the window that day (not a `replanned` one). */
export async function blockedOn(db: Executor, date: string, window: { start: Date; end: Date }, replanned: number[] = []) {
  const blocked = await db
    .selectFrom('vehicle_allocations')
    .select(['vehicle_id', 'driver_id'])
    .where('date', '=', date)
    .where('status', '<>', TRIP_STATUS.cancelled)
    .where('deleted_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('pinned', '=', true),
        sql<SqlBool>`coalesce(planned_loading_start, planned_departure) < ${window.end} and planned_arrival > ${window.start}`,
        sql<SqlBool>`planned_arrival is null`,
      ]),
    )
    .$if(replanned.length > 0, (query) => query.where('id', 'not in', replanned))
    .execute();
  return { vehicles: new Set(blocked.map((b) => b.vehicle_id)), drivers: new Set(blocked.map((b) => b.driver_id)) };
}

/** The live trips of these vehicles that day (not the `replanned` ones), by planned return (the rounds they already run). */
export async function vehiclesDayTrips(db: Executor, vehicleIds: number[], date: string, replanned: number[] = []) {
  if (vehicleIds.length === 0) return [];
  return db
    .selectFrom('vehicle_allocations')
    .select(['vehicle_id', 'driver_id', 'direction_id', 'kind', 'pinned', 'planned_loading_start', 'planned_departure', 'planned_arrival'])
    .where('date', '=', date)
    .where('status', '<>', TRIP_STATUS.cancelled)
    .where('deleted_at', 'is', null)
    .where('vehicle_id', 'in', vehicleIds)
    .$if(replanned.length > 0, (query) => query.where('id', 'not in', replanned))
    .orderBy('planned_arrival')
    .execute();
}

/** These deliveries with their stores, in the order of `ids`. */
export async function deliveriesInOrder(db: Executor, ids: number[]) {
  const rows = await db
    .selectFrom('deliveries as d')
    .innerJoin('delivery_destinations as dd', 'dd.id', 'd.delivery_destination_id')
    .select(['d.id', 'd.load_unit', 'd.delivery_destination_id', 'dd.direction_id', 'dd.latitude', 'dd.longitude'])
    .where('d.id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Each center's days from `from` on that have unallocated deliveries (the benchmark and the demo's tests plan them). */
export function daysToPlan(db: Executor, from: string) {
  return db
    .selectFrom('deliveries')
    .select(['department_id', sql<string>`to_char(date, 'YYYY-MM-DD')`.as('date')])
    .where('status', '=', DELIVERY_STATUS.unallocated)
    .where('vehicle_allocation_id', 'is', null)
    .where('deleted_at', 'is', null)
    .where('date', '>=', from)
    .groupBy(['department_id', 'date'])
    .orderBy('department_id')
    .orderBy('date')
    .execute();
}
