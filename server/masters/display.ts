import type { SelectQueryBuilder } from 'kysely';

/**
 * A display column: the `column` of the `table` row that the listed row's `foreignKey` points at.
 * `copied`: the listed table keeps that value in its own column of the display column's name
 * (database triggers, migration 0008), indexed with the id, so it is read and sorted there, unjoined.
 */
export interface DisplayColumn {
  foreignKey: string;
  table: string;
  column: string;
  copied?: boolean;
}

export const lookup = (foreignKey: string, table: string, column = 'name'): DisplayColumn => ({ foreignKey, table, column });

/** A lookup the listed table keeps a copy of: for large masters, whose lists sort by it through an index. */
export const copiedLookup = (foreignKey: string, table: string, column = 'name'): DisplayColumn => ({ ...lookup(foreignKey, table, column), copied: true });

/** One join per foreign key, however many of its columns are shown (a parent's name and code). */
const joinAlias = (foreignKey: string) => `shown_${foreignKey}`;

/** The qualified column a display column reads, to select or sort by: its copy on the owner, or the joined row's. */
export const displayRef = (owner: string, name: string, display: DisplayColumn) =>
  display.copied ? `${owner}.${name}` : `${joinAlias(display.foreignKey)}.${display.column}`;

type AnyQuery = SelectQueryBuilder<any, any, any>;

/**
 * Left-joins the rows the display columns that are not copied read and selects them under their
 * names: one join per foreign key for the whole list, instead of a subquery per row and column.
 * Copied ones are the owner's own columns, already selected with it.
 */
export function joinDisplay(query: AnyQuery, owner: string, columns: Record<string, DisplayColumn>): AnyQuery {
  const joinedColumns = Object.entries(columns).filter(([, display]) => !display.copied);
  if (joinedColumns.length === 0) return query;
  const joined = new Map(joinedColumns.map(([, display]) => [display.foreignKey, display.table]));
  let withJoins = query;
  for (const [foreignKey, table] of joined) {
    const alias = joinAlias(foreignKey);
    withJoins = withJoins.leftJoin(`${table} as ${alias}`, `${alias}.id`, `${owner}.${foreignKey}`);
  }
  return withJoins.select(joinedColumns.map(([name, display]) => `${displayRef(owner, name, display)} as ${name}`));
}
