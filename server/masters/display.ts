import type { Expression, Kysely } from 'kysely';
import type { DisplayColumn } from './definition.js';

/** A display column of a row of `owner`: the named column of the row its foreign key points at. */
export function lookup(db: Kysely<any>, owner: string, display: DisplayColumn): Expression<unknown> {
  return db
    .selectFrom(`${display.table} as looked_up`)
    .select(`looked_up.${display.column ?? 'name'}`)
    .whereRef('looked_up.id', '=', `${owner}.${display.foreignKey}`);
}
