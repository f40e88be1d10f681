import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * The columns each master's list filters or sorts by (its own columns: names shown from other
 * tables are sorted after a join). Each gets `(column, id)` over live rows: a filter then reads
 * its rows in id order, and a sorted page reads the index in order, forwards or backwards, and
 * stops after the page. Single-column business keys are left out: their live unique index serves.
 */
const LIST_COLUMNS: Record<string, string[]> = {
  departments: ['name', 'level', 'parent_id', 'updated_at'],
  delivery_companies: ['name', 'name_kana', 'department_id', 'updated_at'],
  vehicle_types: ['name', 'max_loading_capacity', 'pallet_capacity', 'cage_cart_capacity', 'updated_at'],
  vehicles: ['vehicle_type_id', 'delivery_company_id', 'base_department_id', 'temporary_registration_date', 'updated_at'],
  users: ['name', 'type', 'department_id', 'delivery_company_id', 'updated_at'],
  drivers: ['name', 'name_kana', 'delivery_company_id', 'base_department_id', 'employment_type', 'login_flag', 'updated_at'],
  delivery_destinations: [
    'customer_company_name',
    'customer_store_name',
    'direction_id',
    'order',
    'delivery_type',
    'classification',
    'customer_id',
    'temporary_registration_date',
    'updated_at',
  ],
  districts: ['name', 'department_id', 'updated_at'],
  directions: ['name', 'district_id', 'department_id', 'temporary_registration_date', 'updated_at'],
  direction_bases: ['direction_id', 'base_department_id', 'delivery_company_id', 'vehicle_type_id', 'trips_per_day', 'updated_at'],
  operation_times: ['department_id', 'delivery_type', 'work_start', 'loading_start', 'departure', 'work_end', 'updated_at'],
  customers: ['name', 'billing_closing_day', 'updated_at'],
  unit_prices: ['vehicle_type_id', 'kind', 'delivery_company_id', 'price_per_trip', 'price_per_km', 'effective_from', 'updated_at'],
};

const indexName = (table: string, column: string) => `${table}_${column}_list`;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, columns] of Object.entries(LIST_COLUMNS)) {
    for (const column of columns) {
      await sql`create index ${sql.id(indexName(table, column))} on ${sql.table(table)} (${sql.ref(column)}, id) where deleted_at is null`.execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [table, columns] of Object.entries(LIST_COLUMNS)) {
    for (const column of columns) await db.schema.dropIndex(indexName(table, column)).execute();
  }
}
