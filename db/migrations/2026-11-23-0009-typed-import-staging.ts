import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * CSV imports stage their checked rows in a typed table of their own (`import_<id>`, unlogged,
 * created by the import with the master table's column types, dropped when it ends) instead of
 * one JSON document per row in `import_rows`: PostgreSQL reads typed arrays into it, and the merge
 * reads typed columns back, without parsing JSON twice.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('import_rows').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  // The staging tables of imports under way go with them.
  const { rows } = await sql<{ id: string }>`select id from imports`.execute(db);
  for (const { id } of rows) await sql`drop table if exists ${sql.table(`import_${id.replaceAll('-', '')}`)}`.execute(db);
  await db.deleteFrom('imports').execute();
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
