import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * CSV imports stage their checked rows here, in short transactions, and merge them into the real
 * table in one short transaction at the end. An import that dies leaves only staging rows, which
 * the next import removes once the dead import has not been touched for a while.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('imports')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('master', 'varchar(50)', (c) => c.notNull())
    .addColumn('touched_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('import_rows')
    .addColumn('import_id', 'uuid', (c) => c.notNull().references('imports.id').onDelete('cascade'))
    .addColumn('line', 'integer', (c) => c.notNull())
    .addColumn('target_id', 'integer')
    .addColumn('target_version', 'integer')
    .addColumn('columns', 'jsonb', (c) => c.notNull())
    .addPrimaryKeyConstraint('import_rows_pk', ['import_id', 'line'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('import_rows').execute();
  await db.schema.dropTable('imports').execute();
}
