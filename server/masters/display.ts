import type { Expression, Kysely } from 'kysely';

/** A display column: the `column` of the row of `table` that `foreignKey` of the listed row points at. */
export function lookup(db: Kysely<any>, owner: string, foreignKey: string, table: string, column = 'name'): Expression<unknown> {
  return db.selectFrom(`${table} as looked_up`).select(`looked_up.${column}`).whereRef('looked_up.id', '=', `${owner}.${foreignKey}`);
}
