import { type Kysely, sql } from 'kysely';
import { audited } from './audited.js';

// Frozen in time: never import application code here.

/** The business key: unique among live rows, and indexed over all rows for upserts that restore deleted ones. */
async function liveUnique(db: Kysely<any>, table: string, columns: string[]) {
  const list = columns.map((c) => `"${c}"`).join(', ');
  await sql.raw(`create unique index ${table}_key_live on ${table} (${list}) where deleted_at is null`).execute(db);
  await sql.raw(`create index ${table}_key on ${table} (${list})`).execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await audited(db.schema.createTable('vehicle_types'))
    .addColumn('code', 'varchar(20)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('max_loading_capacity', 'integer')
    .addColumn('pallet_capacity', 'integer')
    .addColumn('cage_cart_capacity', 'integer')
    .execute();
  await liveUnique(db, 'vehicle_types', ['code']);

  await audited(db.schema.createTable('vehicles'))
    .addColumn('vehicle_number', 'varchar(30)', (c) => c.notNull())
    .addColumn('vehicle_type_id', 'integer', (c) => c.notNull().references('vehicle_types.id'))
    .addColumn('delivery_company_id', 'integer', (c) => c.notNull().references('delivery_companies.id'))
    .addColumn('base_department_id', 'integer', (c) => c.references('departments.id'))
    .addColumn('avg_fuel_economy', 'double precision')
    .addColumn('max_loading_capacity', 'integer')
    .addColumn('average_volume', 'double precision')
    .addColumn('temporary_registration_date', 'timestamptz')
    .execute();
  await liveUnique(db, 'vehicles', ['vehicle_number']);

  await db.schema
    .createTable('user_vehicles')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('vehicle_id', 'integer', (c) => c.notNull().references('vehicles.id'))
    .addPrimaryKeyConstraint('user_vehicles_pk', ['user_id', 'vehicle_id'])
    .execute();

  await audited(db.schema.createTable('drivers'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('name_kana', 'varchar(100)')
    .addColumn('login_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('delivery_company_id', 'integer', (c) => c.notNull().references('delivery_companies.id'))
    .addColumn('base_department_id', 'integer', (c) => c.references('departments.id'))
    .addColumn('phone', 'varchar(20)')
    .addColumn('default_vehicle_id', 'integer', (c) => c.references('vehicles.id'))
    .addColumn('employment_type', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('hourly_wage', 'integer')
    .addColumn('login_flag', 'smallint', (c) => c.notNull().defaultTo(0))
    .execute();
  await liveUnique(db, 'drivers', ['login_id']);

  await audited(db.schema.createTable('customers'))
    .addColumn('code', 'varchar(20)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('address', 'varchar(200)')
    .addColumn('phone', 'varchar(20)')
    .addColumn('billing_closing_day', 'smallint')
    .execute();
  await liveUnique(db, 'customers', ['code']);

  await audited(db.schema.createTable('districts'))
    .addColumn('code', 'varchar(20)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('department_id', 'integer', (c) => c.notNull().references('departments.id'))
    .execute();
  await liveUnique(db, 'districts', ['code']);

  await audited(db.schema.createTable('directions'))
    .addColumn('code', 'varchar(20)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('district_id', 'integer', (c) => c.references('districts.id'))
    .addColumn('department_id', 'integer', (c) => c.notNull().references('departments.id'))
    .addColumn('temporary_registration_date', 'timestamptz')
    .execute();
  await liveUnique(db, 'directions', ['code']);

  await audited(db.schema.createTable('delivery_destinations'))
    .addColumn('delivery_code', 'varchar(20)', (c) => c.notNull())
    .addColumn('customer_company_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('customer_store_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('customer_address', 'varchar(200)', (c) => c.notNull())
    .addColumn('shipping_fee', 'integer')
    .addColumn('direction_id', 'integer', (c) => c.references('directions.id'))
    .addColumn('order', 'integer')
    .addColumn('delivery_type', 'smallint', (c) => c.notNull().defaultTo(1))
    .addColumn('specified_time', 'varchar(5)')
    .addColumn('latitude', 'double precision', (c) => c.notNull())
    .addColumn('longitude', 'double precision', (c) => c.notNull())
    .addColumn('classification', 'varchar(50)')
    .addColumn('phone', 'varchar(20)')
    .addColumn('start_time', 'varchar(5)')
    .addColumn('ending_time', 'varchar(5)')
    .addColumn('comment', 'text')
    .addColumn('temporary_registration_date', 'timestamptz')
    .addColumn('customer_id', 'integer', (c) => c.references('customers.id'))
    .execute();
  await liveUnique(db, 'delivery_destinations', ['delivery_code']);
  await db.schema.createIndex('delivery_destinations_direction').on('delivery_destinations').column('direction_id').execute();

  await audited(db.schema.createTable('direction_bases'))
    .addColumn('direction_id', 'integer', (c) => c.notNull().references('directions.id'))
    .addColumn('base_department_id', 'integer', (c) => c.notNull().references('departments.id'))
    .addColumn('delivery_company_id', 'integer', (c) => c.references('delivery_companies.id'))
    .addColumn('vehicle_type_id', 'integer', (c) => c.references('vehicle_types.id'))
    .addColumn('trips_per_day', 'smallint', (c) => c.notNull().defaultTo(1))
    .execute();
  await liveUnique(db, 'direction_bases', ['direction_id', 'base_department_id']);

  await audited(db.schema.createTable('operation_times'))
    .addColumn('department_id', 'integer', (c) => c.notNull().references('departments.id'))
    .addColumn('delivery_type', 'smallint', (c) => c.notNull())
    .addColumn('work_start', 'varchar(5)', (c) => c.notNull())
    .addColumn('loading_start', 'varchar(5)', (c) => c.notNull())
    .addColumn('departure', 'varchar(5)', (c) => c.notNull())
    .addColumn('work_end', 'varchar(5)', (c) => c.notNull())
    .execute();
  await liveUnique(db, 'operation_times', ['department_id', 'delivery_type']);

  await audited(db.schema.createTable('unit_prices'))
    .addColumn('vehicle_type_id', 'integer', (c) => c.notNull().references('vehicle_types.id'))
    .addColumn('kind', 'smallint', (c) => c.notNull())
    .addColumn('delivery_company_id', 'integer', (c) => c.references('delivery_companies.id'))
    .addColumn('price_per_trip', 'integer', (c) => c.notNull())
    .addColumn('price_per_km', 'integer')
    .addColumn('effective_from', 'date', (c) => c.notNull())
    .execute();
  await sql`create unique index unit_prices_key_live on unit_prices (vehicle_type_id, kind, coalesce(delivery_company_id, 0), effective_from) where deleted_at is null`.execute(db);
  await db.schema.createIndex('unit_prices_key').on('unit_prices').columns(['vehicle_type_id', 'kind', 'effective_from']).execute();
  // Foundation tables: the same all-rows index on their codes.
  await db.schema.createIndex('departments_code').on('departments').column('code').execute();
  await db.schema.createIndex('delivery_companies_code').on('delivery_companies').column('code').execute();
  await db.schema.createIndex('users_login_id').on('users').column('login_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'unit_prices',
    'operation_times',
    'direction_bases',
    'delivery_destinations',
    'directions',
    'districts',
    'customers',
    'drivers',
    'user_vehicles',
    'vehicles',
    'vehicle_types',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
