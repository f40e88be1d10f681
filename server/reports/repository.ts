import { expressionBuilder, type RawBuilder, sql, type SqlBool } from 'kysely';
import { TRIP_STATUS } from '../../common/allocation.js';
import { DELAY_STATUS, DELIVERY_STATUS } from '../../common/deliveries.js';
import { DELIVERY_TYPE, LOAD_UNIT } from '../../common/enums.js';
import type { Executor } from '../../db/executor.js';
import type { TripKind, VehicleAllocationTable } from '../../db/types.js';
import { tripDetails, tripsWithNames } from '../allocation/repository.js';
import type { Actor } from '../auth/actor.js';
import { exportPages } from '../deliveries/repository.js';
import { deliveryScope, departmentSubtree, tripScope } from '../auth/scope.js';
import type { Period, ReportFilters } from './report.js';

/** The reports' queries: every one scoped to the caller in SQL, as the lists are. */


/** The live, not cancelled trips of the period in scope, with the filters: a condition on `va`. */
export function inReport(actor: Actor, period: Period, filters: ReportFilters) {
  const eb = expressionBuilder<{ va: VehicleAllocationTable }, 'va'>();
  const scope = tripScope(actor);
  return eb.and([
    eb('va.deleted_at', 'is', null),
    eb('va.status', '<>', TRIP_STATUS.cancelled),
    eb('va.date', '>=', period.from),
    eb('va.date', '<=', period.to),
    ...(scope ? [scope] : []),
    ...(filters.department_id !== undefined ? [eb('va.department_id', '=', departmentSubtree(filters.department_id))] : []),
    ...(filters.delivery_company_id !== undefined ? [eb('va.delivery_company_id', '=', filters.delivery_company_id)] : []),
    ...(filters.vehicle_allocation_id !== undefined ? [eb('va.id', '=', filters.vehicle_allocation_id)] : []),
  ]);
}

/** The live, not cancelled trips of the period in scope, with the filters. */
const scopedTrips = (db: Executor, actor: Actor, period: Period, filters: ReportFilters) =>
  db.selectFrom('vehicle_allocations as va').where(inReport(actor, period, filters));

/** The period's trips with their stops and each stop's deliveries, by day, center and trip number. */
export async function tripsWithStops(db: Executor, actor: Actor, period: Period, filters: ReportFilters) {
  const ids = await scopedTrips(db, actor, period, filters)
    .select('va.id')
    .orderBy('va.date')
    .orderBy('va.department_id')
    .orderBy('va.trip_no')
    .orderBy('va.id')
    .execute();
  return tripDetails(
    db,
    ids.map((row) => row.id),
  );
}

export type ReportTrip = Awaited<ReturnType<typeof tripsWithStops>>[number];

/** The period's deliveries in scope a page at a time, with their trip's names (the delivery list's export rows). */
export function deliveryPages(db: Executor, actor: Actor, period: Period, filters: ReportFilters) {
  return exportPages(db, actor, { date_from: period.from, date_to: period.to, ...filters });
}

/** The live deliveries of the period in scope, with the filters, each with its trip (if any) as `va`. */
function scopedDeliveries(db: Executor, actor: Actor, period: Period, filters: ReportFilters) {
  let deliveries = db
    .selectFrom('deliveries as d')
    .leftJoin('vehicle_allocations as va', 'va.id', 'd.vehicle_allocation_id')
    .where('d.deleted_at', 'is', null)
    .where('d.date', '>=', period.from)
    .where('d.date', '<=', period.to);
  const scope = deliveryScope(actor);
  if (scope) deliveries = deliveries.where(scope);
  if (filters.department_id !== undefined) deliveries = deliveries.where('d.department_id', '=', departmentSubtree(filters.department_id));
  if (filters.delivery_company_id !== undefined) deliveries = deliveries.where('va.delivery_company_id', '=', filters.delivery_company_id);
  return deliveries;
}

const count = (condition: RawBuilder<SqlBool>) => sql<number>`count(*) filter (where ${condition})::int`;
/** A sum rounded to hundredths (weights and volumes are decimals; a float's sum shows 823.1999999999983). */
const total = (expression: RawBuilder<number>) => sql<number>`coalesce(round(sum(${expression})::numeric, 2), 0)::float8`;

/**
 * Per center and delivery company, and for all of them (`is_total`): trips and the vehicles they
 * used; then the deliveries' loads and outcomes. Two grouped statements; the caller joins them.
 */
export async function summaryFigures(db: Executor, actor: Actor, period: Period, filters: ReportFilters) {
  const isTotal = sql<boolean>`grouping(va.department_id) = 1`;
  const trips = await scopedTrips(db, actor, period, filters)
    .select([
      'va.department_id',
      'va.delivery_company_id',
      isTotal.as('is_total'),
      sql<number>`count(*)::int`.as('trips'),
      sql<number>`count(distinct va.vehicle_id)::int`.as('vehicles'),
    ])
    .groupBy(sql`grouping sets ((va.department_id, va.delivery_company_id), ())`)
    .execute();

  const loads = await scopedDeliveries(db, actor, period, filters)
    .select([
      sql<number>`d.department_id`.as('department_id'),
      sql<number | null>`va.delivery_company_id`.as('delivery_company_id'),
      sql<boolean>`grouping(d.department_id) = 1`.as('is_total'),
      total(sql<number>`case when d.load_unit = ${LOAD_UNIT.pallet} then d.quantity end`).as('pallets'),
      total(sql<number>`case when d.load_unit = ${LOAD_UNIT.cageCart} then d.quantity end`).as('cage_carts'),
      total(sql<number>`d.weight`).as('weight'),
      total(sql<number>`d.volume`).as('volume'),
      sql<number>`count(*)::int`.as('deliveries'),
      count(sql<SqlBool>`d.status = ${DELIVERY_STATUS.delivered}`).as('delivered'),
      count(sql<SqlBool>`d.delivery_delay_status = ${DELAY_STATUS.delayed}`).as('delayed'),
      count(sql<SqlBool>`d.status = ${DELIVERY_STATUS.delivered} and d.delivery_delay_status = ${DELAY_STATUS.onTime}`).as('on_time'),
    ])
    .groupBy(sql`grouping sets ((d.department_id, va.delivery_company_id), ())`)
    .execute();
  return { trips, loads };
}

/** Names of centers and delivery companies by id (the summary's rows). */
export async function namesOf(db: Executor, departmentIds: number[], companyIds: number[]) {
  const [departments, companies] = await Promise.all([
    departmentIds.length ? db.selectFrom('departments').select(['id', 'name']).where('id', 'in', departmentIds).execute() : [],
    companyIds.length ? db.selectFrom('delivery_companies').select(['id', 'name']).where('id', 'in', companyIds).execute() : [],
  ]);
  return { departments: new Map(departments.map((row) => [row.id, row.name])), companies: new Map(companies.map((row) => [row.id, row.name])) };
}

/** Where a trip's km is estimated from (tripsWithNames' joins): its origin (a transfer's, else its center) and a transfer's destination. */
export const TRIP_PLACES = [
  sql<number | null>`coalesce(od.latitude, d.latitude)`.as('origin_latitude'),
  sql<number | null>`coalesce(od.longitude, d.longitude)`.as('origin_longitude'),
  'dd.latitude as destination_latitude',
  'dd.longitude as destination_longitude',
] as const;

/**
 * The period's trips in scope with what their costs need: the vehicle type's unit price of the trip's
 * kind (unit prices' kind: the delivery type, 0 between centers, 1 store direct) and date (the company's own row before the default, the latest `effective_from` on or before
 * the day), the vehicle's fuel economy, the expenses the driver entered, the places its km is
 * estimated from, and the names the reports print. A query: each report narrows and orders it.
 */
function costedTrips(db: Executor, actor: Actor, period: Period, filters: ReportFilters) {
  return tripsWithNames(db)
    .where(inReport(actor, period, filters))
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('unit_prices as up')
          .select(['up.price_per_trip', 'up.price_per_km'])
          .whereRef('up.vehicle_type_id', '=', 'v.vehicle_type_id')
          .where('up.kind', '=', sql<number>`case when va.kind = 'store_direct' then ${sql.lit(DELIVERY_TYPE.storeDirect)} else ${sql.lit(DELIVERY_TYPE.betweenCenters)} end`)
          .where((w) => w.or([w('up.delivery_company_id', 'is', null), w('up.delivery_company_id', '=', w.ref('va.delivery_company_id'))]))
          .whereRef('up.effective_from', '<=', 'va.date')
          .where('up.deleted_at', 'is', null)
          .orderBy(sql`up.delivery_company_id is null`)
          .orderBy('up.effective_from', 'desc')
          .limit(1)
          .as('price'),
      (join) => join.onTrue(),
    )
    .select([
      'va.id',
      'va.date',
      'va.trip_no',
      'va.kind',
      'va.route_name',
      'va.department_id',
      'va.vehicle_id',
      'va.driver_id',
      'va.toll',
      'va.parking',
      'va.other_expense',
      'dir.name as direction_name',
      'd.name as department_name',
      'od.name as origin_name',
      'dd.name as destination_name',
      'v.vehicle_number',
      'v.avg_fuel_economy',
      'vt.name as vehicle_type_name',
      'va.delivery_company_id',
      'dc.code as company_code',
      'dc.name as company_name',
      'dc.postal_code as company_postal_code',
      'dc.address as company_address',
      'dc.phone as company_phone',
      'dc.invoice_registration_number',
      'price.price_per_trip',
      'price.price_per_km',
      ...TRIP_PLACES,
    ]);
}

/** The completed trips of these kinds that delivery companies made in the period, with whom each company bills, by company, day, center and trip number. */
export function billedTrips(db: Executor, actor: Actor, period: Period, filters: ReportFilters, kinds: TripKind[]) {
  return costedTrips(db, actor, period, filters)
    .where('va.status', '=', TRIP_STATUS.completed)
    .where('va.kind', 'in', kinds)
    .where('va.delivery_company_id', 'is not', null)
    // The one the company bills: the top of the planning center's tree (本社).
    .select(sql<string>`(select a.name from department_closure c join departments a on a.id = c.ancestor_id where c.descendant_id = va.department_id order by c.depth desc limit 1)`.as('client_name'))
    .orderBy('dc.code')
    .orderBy('va.date')
    .orderBy('d.name')
    .orderBy('va.trip_no')
    .orderBy('va.id')
    .execute();
}

/** The period's trips with their costs' inputs, by vehicle number and trip. */
export function tripsWithCosts(db: Executor, actor: Actor, period: Period, filters: ReportFilters) {
  return costedTrips(db, actor, period, filters).orderBy('v.vehicle_number').orderBy('va.trip_no').orderBy('va.id').execute();
}

export type CostedTrip = Awaited<ReturnType<typeof tripsWithCosts>>[number];

export type BilledTrip = Awaited<ReturnType<typeof billedTrips>>[number];

/** The odometer readings the drivers recorded on their day (出退勤), by driver id; only days with both. */
export async function odometersOf(db: Executor, date: string, driverIds: number[]): Promise<Map<number, { start: number; end: number }>> {
  if (driverIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('driver_work_records')
    .select(['driver_id', 'odometer_start', 'odometer_end'])
    .where('date', '=', date)
    .where('driver_id', 'in', driverIds)
    .where('odometer_start', 'is not', null)
    .where('odometer_end', 'is not', null)
    .execute();
  return new Map(rows.map((row) => [row.driver_id, { start: row.odometer_start!, end: row.odometer_end! }]));
}

/**
 * Per center and customer, the stores that received deliveries in the period and what went there:
 * each store counted once a day with its shipping fee (運賃: per store delivery), its slips, quantity
 * and weight. The customer: the delivery's, else the store's, else the store's company name.
 */
export function customerSales(db: Executor, actor: Actor, period: Period, filters: ReportFilters) {
  const visits = scopedDeliveries(db, actor, period, filters)
    .innerJoin('delivery_destinations as dest', 'dest.id', 'd.delivery_destination_id')
    .leftJoin('customers as c', (join) => join.on(sql<SqlBool>`c.id = coalesce(d.customer_id, dest.customer_id)`))
    .select([
      'd.department_id',
      sql<string>`coalesce(c.name, dest.customer_company_name)`.as('customer'),
      sql<number>`count(*)::int`.as('deliveries'),
      total(sql<number>`d.quantity`).as('quantity'),
      total(sql<number>`d.weight`).as('weight'),
      sql<number | null>`max(dest.shipping_fee)`.as('fee'),
    ])
    .groupBy(['d.department_id', sql`coalesce(c.name, dest.customer_company_name)`, 'd.date', 'd.delivery_destination_id']);
  return db
    .selectFrom(visits.as('v'))
    .select([
      'v.department_id',
      'v.customer',
      sql<number>`count(*)::int`.as('stores'),
      sql<number>`count(*) filter (where v.fee is null)::int`.as('unpriced_stores'),
      sql<number>`sum(v.deliveries)::int`.as('deliveries'),
      sql<number>`sum(v.quantity)::float8`.as('quantity'),
      sql<number>`round(sum(v.weight)::numeric, 2)::float8`.as('weight'),
      sql<number>`coalesce(sum(v.fee), 0)::int`.as('sales'),
    ])
    .groupBy(['v.department_id', 'v.customer'])
    .execute();
}
