import { sql, type SqlBool } from 'kysely';
import { TRIP_STATUS } from '../../common/allocation.js';
import { RECORDED_WAIT_MINUTES } from '../../common/records.js';
import type { Executor } from '../../db/executor.js';
import { STOP_REPORT, tripsWithNames } from '../allocation/repository.js';
import type { Actor } from '../auth/actor.js';
import type { Period, ReportFilters } from './report.js';
import { inReport, TRIP_PLACES } from './repository.js';

/**
 * The queries of the records the rules ask for (荷待ち・荷役記録, 積載効率, CO2), scoped to the caller in
 * SQL as every report's: the trips of the period in scope (`inReport`), a driver when one is chosen.
 */

/** The customer (荷主) a store delivers for: its customer master's name, else the company name it carries. */
const storeCustomer = sql<string>`coalesce(c.name, dest.customer_company_name)`;

/**
 * The stops reached on the period's trips in scope: with a wait of 30 minutes or more, or every one
 * (`allStops`); with the trip's day, driver, vehicle and company, the store, its customer and address,
 * and what the driver reported. By day, center, trip and stop.
 */
export function handledStops(db: Executor, actor: Actor, period: Period, filters: ReportFilters, allStops: boolean) {
  return tripsWithNames(db)
    .where(inReport(actor, period, filters))
    .$if(filters.driver_id !== undefined, (query) => query.where('va.driver_id', '=', filters.driver_id!))
    .innerJoin('allocation_stops as s', 's.vehicle_allocation_id', 'va.id')
    .innerJoin('delivery_destinations as dest', 'dest.id', 's.delivery_destination_id')
    .leftJoin('customers as c', 'c.id', 'dest.customer_id')
    .where('s.arrived_at', 'is not', null)
    .$if(!allStops, (query) => query.where('s.wait_minutes', '>=', RECORDED_WAIT_MINUTES))
    .select([
      'va.id as trip_id',
      'va.date',
      'va.trip_no',
      'd.name as department_name',
      'dc.name as company_name',
      'drv.name as driver_name',
      'v.vehicle_number',
      's.seq',
      's.delivery_destination_id',
      'dest.delivery_code',
      'dest.customer_store_name as store_name',
      'dest.customer_address as address',
      storeCustomer.as('customer_name'),
      ...STOP_REPORT,
    ])
    .orderBy('va.date')
    .orderBy('d.name')
    .orderBy('va.trip_no')
    .orderBy('va.id')
    .orderBy('s.seq')
    .execute();
}

export type HandledStop = Awaited<ReturnType<typeof handledStops>>[number];

/**
 * The period's completed trips in scope (the runs made) with what their load rate, km and fuel need:
 * the load, the vehicle's capacities (kg its own, else its type's; m³ its own), its fuel economy, the
 * places its km is estimated from, and the names the reports print. By day, center and trip.
 */
export function runTrips(db: Executor, actor: Actor, period: Period, filters: ReportFilters) {
  return tripsWithNames(db)
    .where(inReport(actor, period, filters))
    .where('va.status', '=', TRIP_STATUS.completed)
    .select([
      'va.id',
      'va.date',
      'va.kind',
      'va.trip_no',
      'va.driver_id',
      'va.vehicle_id',
      'va.delivery_company_id',
      'd.name as department_name',
      'dc.name as company_name',
      'drv.name as driver_name',
      'v.vehicle_number',
      'vt.name as vehicle_type_name',
      'va.load_unit',
      'va.quantity',
      sql<number>`va.weight::float8`.as('weight'),
      sql<number>`va.volume::float8`.as('volume'),
      'vt.pallet_capacity',
      'vt.cage_cart_capacity',
      sql<number | null>`coalesce(v.max_loading_capacity, vt.max_loading_capacity)`.as('max_loading_capacity'),
      'v.average_volume as volume_capacity',
      'v.avg_fuel_economy',
      ...TRIP_PLACES,
    ])
    .orderBy('va.date')
    .orderBy('d.name')
    .orderBy('va.trip_no')
    .orderBy('va.id')
    .execute();
}

export type RunTrip = Awaited<ReturnType<typeof runTrips>>[number];

/** The stops' reported 荷待ち and 荷役 of these trips, by trip (only trips with a stop reached). */
export async function tripHandling(db: Executor, ids: number[]) {
  const byTrip = new Map<number, { wait_minutes: number | null; work_started_at: Date | null; work_ended_at: Date | null }[]>();
  if (ids.length === 0) return byTrip;
  const stops = await db
    .selectFrom('allocation_stops')
    .select(['vehicle_allocation_id', 'wait_minutes', 'work_started_at', 'work_ended_at'])
    .where('vehicle_allocation_id', 'in', ids)
    .where('arrived_at', 'is not', null)
    .execute();
  for (const { vehicle_allocation_id, ...stop } of stops) {
    const list = byTrip.get(vehicle_allocation_id);
    if (list) list.push(stop);
    else byTrip.set(vehicle_allocation_id, [stop]);
  }
  return byTrip;
}

/** The odometer readings of the drivers' days (出退勤) in the period, by `driver:date`; only days with both. */
export async function odometerDays(db: Executor, period: Period, driverIds: number[]) {
  if (driverIds.length === 0) return new Map<string, { start: number; end: number }>();
  const rows = await db
    .selectFrom('driver_work_records')
    .select(['driver_id', 'date', 'odometer_start', 'odometer_end'])
    .where('date', '>=', period.from)
    .where('date', '<=', period.to)
    .where('driver_id', 'in', driverIds)
    .where('odometer_start', 'is not', null)
    .where('odometer_end', 'is not', null)
    .execute();
  return new Map(rows.map((row) => [`${row.driver_id}:${row.date}`, { start: row.odometer_start!, end: row.odometer_end! }]));
}

/** The weight each customer (荷主) had on these trips: per trip, the customer's name and kg. */
export function customerWeights(db: Executor, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('deliveries as dl')
    .innerJoin('delivery_destinations as dest', 'dest.id', 'dl.delivery_destination_id')
    .leftJoin('customers as c', (join) => join.on(sql<SqlBool>`c.id = coalesce(dl.customer_id, dest.customer_id)`))
    .select(['dl.vehicle_allocation_id as trip_id', storeCustomer.as('customer_name'), sql<number>`coalesce(sum(dl.weight), 0)::float8`.as('weight')])
    .where('dl.deleted_at', 'is', null)
    .where('dl.vehicle_allocation_id', 'in', ids)
    .groupBy(['dl.vehicle_allocation_id', storeCustomer])
    .orderBy(storeCustomer)
    .execute();
}
