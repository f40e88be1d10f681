import { type Kysely, sql } from 'kysely';
import { audited } from './audited.js';

// Frozen in time: never import application code here.

/**
 * The operational half (DOMAIN.md section 4): trips (配車, 便) with their ordered stops, the deliveries
 * they carry, and the drivers' daily work records that the driver app clocks in and out.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await audited(db.schema.createTable('vehicle_allocations'))
    .addColumn('date', 'date', (c) => c.notNull())
    .addColumn('kind', 'varchar(30)', (c) =>
      c.notNull().check(sql`kind in ('between_centers_before', 'between_centers_today', 'store_direct')`),
    )
    .addColumn('department_id', 'integer', (c) => c.notNull().references('departments.id'))
    .addColumn('trip_no', 'smallint', (c) => c.notNull().check(sql`trip_no between 1 and 999`))
    .addColumn('route_name', 'varchar(100)')
    .addColumn('origin_department_id', 'integer', (c) => c.references('departments.id'))
    .addColumn('destination_department_id', 'integer', (c) => c.references('departments.id'))
    .addColumn('direction_id', 'integer', (c) => c.references('directions.id'))
    .addColumn('delivery_company_id', 'integer', (c) => c.references('delivery_companies.id'))
    .addColumn('vehicle_id', 'integer', (c) => c.references('vehicles.id'))
    .addColumn('driver_id', 'integer', (c) => c.references('drivers.id'))
    .addColumn('trip_mode', 'smallint', (c) => c.notNull().defaultTo(0).check(sql`trip_mode in (0, 1, 2)`))
    .addColumn('load_unit', 'smallint', (c) => c.notNull().defaultTo(0).check(sql`load_unit in (0, 1)`))
    .addColumn('receive_timing', 'smallint', (c) => c.check(sql`receive_timing in (0, 1)`))
    .addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('weight', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('volume', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('planned_loading_start', 'timestamptz')
    .addColumn('planned_departure', 'timestamptz')
    .addColumn('planned_arrival', 'timestamptz')
    .addColumn('loading_started_at', 'timestamptz')
    .addColumn('departed_at', 'timestamptz')
    .addColumn('completed_at', 'timestamptz')
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(0).check(sql`status in (0, 1, 2, 3, 9)`))
    .addColumn('handled_at', 'timestamptz')
    .addColumn('toll', 'integer')
    .addColumn('parking', 'integer')
    .addColumn('other_expense', 'integer')
    .addColumn('pinned', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('warnings', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addCheckConstraint('vehicle_allocations_window', sql`planned_arrival is null or planned_loading_start is null or planned_arrival > planned_loading_start`)
    .execute();
  await sql`create unique index vehicle_allocations_trip_no_live on vehicle_allocations (department_id, date, kind, trip_no) where deleted_at is null`.execute(db);
  await sql`create index vehicle_allocations_date on vehicle_allocations (date, department_id) where deleted_at is null`.execute(db);
  await sql`create index vehicle_allocations_vehicle on vehicle_allocations (vehicle_id, date) where deleted_at is null`.execute(db);
  await sql`create index vehicle_allocations_driver on vehicle_allocations (driver_id, date) where deleted_at is null`.execute(db);
  await sql`create index vehicle_allocations_company on vehicle_allocations (delivery_company_id, date) where deleted_at is null`.execute(db);

  await db.schema
    .createTable('allocation_stops')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('vehicle_allocation_id', 'integer', (c) => c.notNull().references('vehicle_allocations.id').onDelete('cascade'))
    .addColumn('seq', 'smallint', (c) => c.notNull().check(sql`seq between 1 and 999`))
    .addColumn('delivery_destination_id', 'integer', (c) => c.notNull().references('delivery_destinations.id'))
    .addColumn('planned_arrival', 'timestamptz')
    .addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('weight', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('warnings', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    // What the driver app reports at the stop (Japan's rules ask for waiting and loading work).
    .addColumn('arrived_at', 'timestamptz')
    .addColumn('arrival_latitude', 'double precision')
    .addColumn('arrival_longitude', 'double precision')
    .addColumn('departed_at', 'timestamptz')
    .addColumn('wait_minutes', 'integer')
    .addColumn('work_started_at', 'timestamptz')
    .addColumn('work_ended_at', 'timestamptz')
    .addColumn('work_content', 'varchar(200)')
    .addColumn('consignee_confirmed', 'boolean')
    .addUniqueConstraint('allocation_stops_seq', ['vehicle_allocation_id', 'seq'])
    .execute();

  await audited(db.schema.createTable('deliveries'))
    .addColumn('date', 'date', (c) => c.notNull())
    .addColumn('department_id', 'integer', (c) => c.notNull().references('departments.id'))
    .addColumn('delivery_destination_id', 'integer', (c) => c.notNull().references('delivery_destinations.id'))
    .addColumn('customer_id', 'integer', (c) => c.references('customers.id'))
    .addColumn('order_number', 'varchar(30)')
    .addColumn('slip_number', 'varchar(30)', (c) => c.notNull())
    .addColumn('item_code', 'varchar(30)')
    .addColumn('item_name', 'varchar(100)')
    .addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(0).check(sql`quantity >= 0`))
    .addColumn('load_unit', 'smallint', (c) => c.notNull().defaultTo(0).check(sql`load_unit in (0, 1)`))
    .addColumn('volume', 'double precision')
    .addColumn('weight', 'double precision')
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(0).check(sql`status in (0, 1, 2, 3)`))
    .addColumn('vehicle_allocation_id', 'integer', (c) => c.references('vehicle_allocations.id'))
    .addColumn('stop_seq', 'smallint')
    .addColumn('estimated_arrival_time', 'timestamptz')
    .addColumn('delivery_delay_status', 'smallint', (c) => c.notNull().defaultTo(0).check(sql`delivery_delay_status in (0, 1, 2)`))
    .addColumn('report_time', 'timestamptz')
    .addColumn('report_location', 'varchar(100)')
    .addColumn('handled_at', 'timestamptz')
    .execute();
  // The list: a bounded date range of the caller's centers, ordered by (date, id).
  await sql`create index deliveries_department_date on deliveries (department_id, date, id) where deleted_at is null`.execute(db);
  await sql`create index deliveries_date on deliveries (date, id) where deleted_at is null`.execute(db);
  await sql`create index deliveries_trip on deliveries (vehicle_allocation_id, stop_seq) where deleted_at is null`.execute(db);
  // The import's key: one slip line per date (re-importing a day updates it).
  await sql`create unique index deliveries_key_live on deliveries (date, slip_number, coalesce(item_code, '')) where deleted_at is null`.execute(db);

  await db.schema
    .createTable('driver_work_records')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('driver_id', 'integer', (c) => c.notNull().references('drivers.id'))
    .addColumn('date', 'date', (c) => c.notNull())
    .addColumn('clock_in', 'timestamptz')
    .addColumn('clock_out', 'timestamptz')
    .addColumn('break_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('departure_at', 'timestamptz')
    .addColumn('return_at', 'timestamptz')
    .addColumn('odometer_start', 'integer')
    .addColumn('odometer_end', 'integer')
    .addColumn('alcohol_check_before', 'double precision')
    .addColumn('alcohol_check_after', 'double precision')
    .addColumn('checker', 'varchar(100)')
    .addColumn('note', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addUniqueConstraint('driver_work_records_day', ['driver_id', 'date'])
    .execute();
  await db.schema.createIndex('driver_work_records_date').on('driver_work_records').column('date').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['driver_work_records', 'deliveries', 'allocation_stops', 'vehicle_allocations']) {
    await db.schema.dropTable(table).execute();
  }
}
