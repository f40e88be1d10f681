import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * A 再最適化 applied to a center's day, kept so that it is undone in one step: the trips it replaced
 * (each with its deliveries in order), the trips it made, and the state of the day right after it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('allocation_reoptimizations')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('department_id', 'integer', (c) => c.notNull().references('departments.id'))
    .addColumn('date', 'date', (c) => c.notNull())
    .addColumn('replaced', 'jsonb', (c) => c.notNull())
    .addColumn('created_trip_ids', 'jsonb', (c) => c.notNull())
    .addColumn('day_state', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('undone_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('allocation_reoptimizations_day').on('allocation_reoptimizations').columns(['department_id', 'date']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('allocation_reoptimizations').execute();
}
