import { sql, type SqlBool } from 'kysely';

/** A row's place in a (date, id) order: where the next page of an export starts. */
export interface DateIdKey {
  date: string;
  id: number;
}

/** `(alias.date, alias.id) > (key)`: the rows after `key` in (date, id) order, as one index range. */
export const afterKey = (alias: string, key: DateIdKey) => sql<SqlBool>`(${sql.ref(`${alias}.date`)}, ${sql.ref(`${alias}.id`)}) > (${key.date}::date, ${key.id})`;

/**
 * A long result read a page at a time in its key's order, each page starting after the last row of the
 * one before (not at an offset, which would read every earlier row again): an export streams it and
 * memory stays flat. `page` reads up to `size` rows after the key `after` (from the start when undefined).
 */
export async function* keysetPages<R, K>(page: (after: K | undefined, size: number) => Promise<R[]>, keyOf: (row: R) => K, size = 1000) {
  let after: K | undefined;
  for (;;) {
    const rows = await page(after, size);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < size) return;
    after = keyOf(rows[rows.length - 1]!);
  }
}

/** keysetPages in (date, id) order. */
export const pagesByDateAndId = <R extends DateIdKey>(page: (after: DateIdKey | undefined, size: number) => Promise<R[]>, size = 1000) =>
  keysetPages(page, (last): DateIdKey => ({ date: last.date, id: last.id }), size);
