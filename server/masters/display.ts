import type { SelectQueryBuilder } from 'kysely';

/** A display column: the `column` of the `table` row that the listed row's `foreignKey` points at. */
export interface DisplayColumn {
  foreignKey: string;
  table: string;
  column: string;
}

export const lookup = (foreignKey: string, table: string, column = 'name'): DisplayColumn => ({ foreignKey, table, column });

/** One join per foreign key, however many of its columns are shown (a parent's name and code). */
const joinAlias = (foreignKey: string) => `shown_${foreignKey}`;

/** The qualified column a display column reads, to select or sort by. */
export const displayRef = (display: DisplayColumn) => `${joinAlias(display.foreignKey)}.${display.column}`;

type AnyQuery = SelectQueryBuilder<any, any, any>;

/**
 * Left-joins the rows the display columns read and selects them under their names: one join per
 * foreign key for the whole list, instead of a subquery per row and column.
 */
export function joinDisplay(query: AnyQuery, owner: string, columns: Record<string, DisplayColumn>): AnyQuery {
  const joined = new Map(Object.values(columns).map((display) => [display.foreignKey, display.table]));
  let withJoins = query;
  for (const [foreignKey, table] of joined) {
    const alias = joinAlias(foreignKey);
    withJoins = withJoins.leftJoin(`${table} as ${alias}`, `${alias}.id`, `${owner}.${foreignKey}`);
  }
  return withJoins.select(Object.entries(columns).map(([name, display]) => `${displayRef(display)} as ${name}`));
}
