import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/** 軽油単価 as each center last entered it for 日次経費 (yen per litre), so the next day starts from it. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('fuel_prices')
    .addColumn('department_id', 'integer', (c) => c.primaryKey().references('departments.id'))
    .addColumn('price', 'integer', (c) => c.notNull().check(sql`price > 0`))
    .addColumn('updated_by', 'integer', (c) => c.references('users.id'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('fuel_prices').execute();
}
