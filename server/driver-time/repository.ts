import { type Expression, type SqlBool, sql } from 'kysely';
import { TRIP_STATUS } from '../../common/allocation.js';
import { isSuperAdmin } from '../../common/permissions.js';
import type { Executor } from '../../db/executor.js';
import { tripsWithNames } from '../allocation/repository.js';
import type { Actor } from '../auth/actor.js';
import { departmentSubtree } from '../auth/scope.js';
import type { DayQueryType } from './schemas.js';


const NOTHING = sql<SqlBool>`false`;

/**
 * What a drivers' query covers: one day (the pages), or the days from `date` to `date_to` (the
 * reports), and the page's filters.
 */
export interface DriverQuery {
  date: string;
  date_to?: string;
  department_id?: number;
  delivery_company_id?: number;
  q?: string;
}

/** The driver `dr` has a live trip from `from` to `to` planned by a center of the subtree. */
const tripInSubtree = (from: string, to: string, rootId: number) =>
  sql<SqlBool>`exists (select 1 from vehicle_allocations va where va.driver_id = dr.id and va.date >= ${from} and va.date <= ${to}
    and va.deleted_at is null and va.status <> ${TRIP_STATUS.cancelled} and va.department_id = ${departmentSubtree(rootId)})`;

/** Based in the subtree, or on one of its trips those days (a driver lent by another center). */
const ofSubtree = (from: string, to: string, rootId: number) =>
  sql<SqlBool>`(dr.base_department_id = ${departmentSubtree(rootId)} or ${tripInSubtree(from, to, rootId)})`;

/**
 * Which drivers the caller sees on a day (or from `date` to `dateTo`), as SQL on `dr` (drivers): a
 * delivery company's staff their company's drivers; department users the drivers based in their
 * subtree and those with a trip of those days planned there (the scope of server/allocation's
 * trips); super admins all.
 */
export function driverDayScope(actor: Actor, date: string, dateTo = date): Expression<SqlBool> | undefined {
  if (isSuperAdmin(actor)) return undefined;
  if (actor.deliveryCompanyId !== null) return sql<SqlBool>`dr.delivery_company_id = ${actor.deliveryCompanyId}`;
  if (actor.departmentId === null) return NOTHING;
  return ofSubtree(date, dateTo, actor.departmentId);
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The live drivers in scope on the day (or days), with the page's filters (and one driver, for a write's answer). */
function scopedDrivers(db: Executor, actor: Actor, query: DriverQuery, driverId?: number) {
  const to = query.date_to ?? query.date;
  let drivers = db.selectFrom('drivers as dr').where('dr.deleted_at', 'is', null);
  const scope = driverDayScope(actor, query.date, to);
  if (scope) drivers = drivers.where(scope);
  if (driverId !== undefined) drivers = drivers.where('dr.id', '=', driverId);
  if (query.department_id !== undefined) drivers = drivers.where(ofSubtree(query.date, to, query.department_id));
  if (query.delivery_company_id !== undefined) drivers = drivers.where('dr.delivery_company_id', '=', query.delivery_company_id);
  const q = query.q?.trim();
  if (q) {
    const like = `%${escapeLike(q)}%`;
    drivers = drivers.where(sql<SqlBool>`(dr.name ilike ${like} or dr.name_kana ilike ${like} or dr.login_id ilike ${like})`);
  }
  return drivers;
}

const recordColumns = [
  'r.id',
  'r.driver_id',
  'r.date',
  'r.clock_in',
  'r.clock_out',
  'r.break_minutes',
  'r.breaks',
  'r.departure_at',
  'r.return_at',
  'r.odometer_start',
  'r.odometer_end',
  'r.alcohol_check_before',
  'r.alcohol_check_after',
  'r.checker',
  'r.note',
  'r.version',
  'r.updated_at',
] as const;

const driverColumns = [
  'dr.id as driver_id',
  'dr.name as driver_name',
  'dr.login_id',
  'dr.delivery_company_id',
  'dr.delivery_company_name',
  'dr.base_department_id',
  'dr.base_department_name',
  'dr.binding_extension_agreement',
] as const;

/** The drivers of the page, each with the day's record when there is one (one statement, one join each). */
export function driversOfDay(db: Executor, actor: Actor, query: DayQueryType, driverId?: number) {
  return scopedDrivers(db, actor, query, driverId)
    .leftJoin('driver_work_records as r', (join) => join.onRef('r.driver_id', '=', 'dr.id').on('r.date', '=', query.date))
    .leftJoin('users as u', 'u.id', 'r.updated_by')
    .select([
      ...driverColumns,
      'r.id as record_id',
      'r.date as record_date',
      'r.clock_in as record_clock_in',
      'r.clock_out as record_clock_out',
      'r.break_minutes as record_break_minutes',
      'r.breaks as record_breaks',
      'r.departure_at as record_departure_at',
      'r.return_at as record_return_at',
      'r.odometer_start as record_odometer_start',
      'r.odometer_end as record_odometer_end',
      'r.alcohol_check_before as record_alcohol_check_before',
      'r.alcohol_check_after as record_alcohol_check_after',
      'r.checker as record_checker',
      'r.note as record_note',
      'r.version as record_version',
      'r.updated_at as record_updated_at',
      'u.name as updated_by_name',
    ])
    .orderBy('dr.delivery_company_id')
    .orderBy('dr.login_id')
    .orderBy('dr.id')
    .execute();
}

export type DriverDayRow = Awaited<ReturnType<typeof driversOfDay>>[number];

/** The drivers in scope on any day of the query's days (a report's period), in the page's order, without records; with their hourly wage (給与計算). */
export function driversOfDays(db: Executor, actor: Actor, query: DriverQuery, driverId?: number) {
  return scopedDrivers(db, actor, query, driverId).select([...driverColumns, 'dr.hourly_wage']).orderBy('dr.delivery_company_id').orderBy('dr.login_id').orderBy('dr.id').execute();
}

/**
 * Every record of the page's drivers within [from, to]: the context the 2024 rules read (the fiscal
 * year for the annual limit, the days around for rest and driving), one statement for the page; with
 * the odometer and the note, which the reports show.
 */
export function recordsOfDrivers(db: Executor, actor: Actor, query: DriverQuery, from: string, to: string, driverId?: number) {
  return db
    .selectFrom('driver_work_records as r')
    .select(['r.driver_id', 'r.date', 'r.clock_in', 'r.clock_out', 'r.break_minutes', 'r.breaks', 'r.departure_at', 'r.return_at', 'r.odometer_start', 'r.odometer_end', 'r.note'])
    .where('r.date', '>=', from)
    .where('r.date', '<=', to)
    .where('r.driver_id', 'in', scopedDrivers(db, actor, query, driverId).select('dr.id'))
    .orderBy('r.driver_id')
    .orderBy('r.date')
    .execute();
}

export type ContextRecord = Awaited<ReturnType<typeof recordsOfDrivers>>[number];

/** The day's live trips of the page's drivers (cancelled ones left out), in departure order. */
export function tripsOfDrivers(db: Executor, actor: Actor, query: DayQueryType) {
  return tripsWithNames(db)
    .select([
      'va.id',
      'va.driver_id',
      'va.trip_no',
      'va.route_name',
      'd.name as department_name',
      'v.vehicle_number',
      'va.planned_departure',
      'va.departed_at',
      'va.status',
    ])
    .where('va.date', '=', query.date)
    .where('va.deleted_at', 'is', null)
    .where('va.status', '<>', TRIP_STATUS.cancelled)
    .where('va.driver_id', 'in', scopedDrivers(db, actor, query).select('dr.id'))
    .orderBy('va.driver_id')
    .orderBy(sql`va.planned_departure nulls last`)
    .orderBy('va.trip_no')
    .execute();
}

/** A live driver in the caller's scope on that day, or undefined (the route answers 404). */
export function driverInScope(db: Executor, actor: Actor, driverId: number, date: string) {
  return scopedDrivers(db, actor, { date }, driverId).select(['dr.id', 'dr.name']).executeTakeFirst();
}

/** The day's record, locked for the write, with the name of whoever changed it last. */
export function lockRecord(db: Executor, driverId: number, date: string) {
  return db
    .selectFrom('driver_work_records as r')
    .leftJoin('users as u', 'u.id', 'r.updated_by')
    .select([...recordColumns, 'r.updated_by', 'u.name as updated_by_name'])
    .where('r.driver_id', '=', driverId)
    .where('r.date', '=', date)
    .forUpdate('r')
    .executeTakeFirst();
}

export type LockedRecord = NonNullable<Awaited<ReturnType<typeof lockRecord>>>;
