import { type CreateTableBuilder, sql } from 'kysely';

/**
 * The columns every master table has: id, audit times and users, soft delete, optimistic version.
 * Migrations use it, so it is frozen like them: never change it; write a new one if ever needed.
 */
export function audited<T extends string>(table: CreateTableBuilder<T, never>): CreateTableBuilder<T, any> {
  return table
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('created_by', 'integer')
    .addColumn('updated_by', 'integer')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1));
}
