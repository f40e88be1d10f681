import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * The masters that grow to thousands of rows, each with the columns its list's scope reads. Their
 * live rows are counted per combination of those columns in `<table>_counts`, kept by statement-level
 * triggers in the writing transaction, so that an unfiltered list's total is a sum over a few rows
 * instead of an index scan over every row in scope (docs/performance.md, "Counted lists").
 */
const COUNTED: Record<string, string[]> = {
  vehicles: ['delivery_company_id', 'base_department_id'],
  drivers: ['delivery_company_id', 'base_department_id'],
  delivery_destinations: ['direction_id'],
};

/** Adds the live rows of `source` (times `sign`) to the counts, in key order so that writers lock rows in one order. */
const addCounts = (table: string, keys: string, source: string) => `
    insert into ${table}_counts as c (${keys}, n)
    select ${keys}, sum(d) from (${source}) changed group by ${keys} having sum(d) <> 0 order by ${keys}
    on conflict (${keys}) do update set n = c.n + excluded.n;`;

const live = (keys: string, rows: string, sign: number) => `select ${keys}, ${sign} as d from ${rows} where deleted_at is null`;

const triggerFunction = (table: string, keys: string) => `
create function ${table}_counts_maintain() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then${addCounts(table, keys, live(keys, 'new_rows', 1))}
  elsif tg_op = 'DELETE' then${addCounts(table, keys, live(keys, 'old_rows', -1))}
  else${addCounts(table, keys, `${live(keys, 'new_rows', 1)} union all ${live(keys, 'old_rows', -1)}`)}
  end if;
  return null;
end $$`;

/** Transition tables allow one event per trigger: three triggers share the function. */
const TRIGGERS = [
  ['insert', 'referencing new table as new_rows'],
  ['update', 'referencing old table as old_rows new table as new_rows'],
  ['delete', 'referencing old table as old_rows'],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, columns] of Object.entries(COUNTED)) {
    const keys = columns.join(', ');
    await sql.raw(`create table ${table}_counts (${columns.map((c) => `${c} integer`).join(', ')}, n bigint not null)`).execute(db);
    await sql.raw(`create unique index ${table}_counts_key on ${table}_counts (${keys}) nulls not distinct`).execute(db);
    await sql.raw(triggerFunction(table, keys)).execute(db);
    for (const [event, referencing] of TRIGGERS) {
      await sql.raw(`create trigger ${table}_counts_${event} after ${event} on ${table}
        ${referencing} for each statement execute function ${table}_counts_maintain()`).execute(db);
    }
    await sql.raw(`insert into ${table}_counts (${keys}, n) select ${keys}, count(*) from ${table} where deleted_at is null group by ${keys}`).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of Object.keys(COUNTED)) {
    for (const [event] of TRIGGERS) await sql.raw(`drop trigger ${table}_counts_${event} on ${table}`).execute(db);
    await sql.raw(`drop function ${table}_counts_maintain()`).execute(db);
    await sql.raw(`drop table ${table}_counts`).execute(db);
  }
}
