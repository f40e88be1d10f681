import { randomUUID } from 'node:crypto';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { AppError, conflict } from '../errors.js';
import type { Values } from '../masters/definition.js';

/**
 * The table an import writes, as staging and merging need it: a master's definition, or the
 * deliveries' own (server/deliveries/import.ts).
 */
export interface ImportTarget {
  /** what `imports.master` records */
  resource: string;
  table: string;
  /** the references the merge finds still live (locked FOR SHARE) */
  fields: readonly { name: string; ref?: { table: string } }[];
}

/** A checked CSV row as it is staged and merged. */
export interface StagedRow {
  line: number;
  /** the existing row it updates (restoring it when soft-deleted); null: a new row */
  targetId: number | null;
  targetVersion: number | null;
  /** the columns to write: for an existing row only those the file carries */
  columns: Record<string, unknown>;
}

/** A checked master row, ready to be written. */
export interface CheckedRow extends StagedRow {
  /** every field value after the merge with the existing row, for the master's afterWrite */
  values: Values;
}

/** The columns the merge writes, gathered while rows are checked. */
export interface MergeColumns {
  inserted: Set<string>;
  updated: Set<string>;
}

/** A column of the imported table that an import may write, with its SQL type (e.g. `character varying(20)`). */
interface StagedColumn {
  name: string;
  type: string;
}

/** Written by the database or by the merge itself, never by a row of a file. */
const MANAGED = ['id', 'created_at', 'updated_at', 'deleted_at', 'created_by', 'updated_by', 'version'];

/**
 * Every row says which of the staged columns it carries in one bigint, bit i for column i: an update
 * changes only those. Summed in JavaScript numbers, exact up to 2^53; a master table has far fewer columns.
 */
const MAX_STAGED_COLUMNS = 52;

/** Per table: the schema is the code's (migrated when the process starts), so it is read once. */
const stagedColumnsByTable = new Map<string, Promise<StagedColumn[]>>();

/** The writable columns of a table and their types, from the catalogue. */
function stagedColumns(db: Db, table: string): Promise<StagedColumn[]> {
  let columns = stagedColumnsByTable.get(table);
  if (!columns) {
    columns = sql<StagedColumn>`select attname as name, format_type(atttypid, atttypmod) as type from pg_attribute
        where attrelid = ${table}::regclass and attnum > 0 and not attisdropped order by attnum`
      .execute(db)
      .then(({ rows }) => {
        const writable = rows.filter((column) => !MANAGED.includes(column.name));
        if (writable.length > MAX_STAGED_COLUMNS) throw new Error(`${table}: too many columns to stage`);
        return writable;
      });
    columns.catch(() => stagedColumnsByTable.delete(table));
    stagedColumnsByTable.set(table, columns);
  }
  return columns;
}

/** An import under way: its id (a row of `imports`) and its typed staging table. */
export interface Staging {
  id: string;
  table: string;
  columns: StagedColumn[];
}

/** An import's staging table: one per import, named after it, so that a dead one is found from its id. */
const stagingTable = (importId: string) => `import_${importId.replaceAll('-', '')}`;

/** An import that has not staged rows for this long died with its process. */
const DEAD_AFTER = '10 minutes';

/** Drops the staging tables of imports that died. */
export async function cleanDeadImports(db: Db) {
  const dead = await db.deleteFrom('imports').where('touched_at', '<', sql<Date>`now() - ${DEAD_AFTER}::interval`).returning('id').execute();
  for (const { id } of dead) await sql`drop table if exists ${sql.table(stagingTable(id))}`.execute(db);
}

/**
 * Registers an import and creates its staging table: the line, the row it updates and the bits of
 * the columns it carries, then the master's own columns with their own types (unlogged: a crash
 * loses only staging rows, which a dead import's are anyway).
 */
export async function startImport(db: Db, def: ImportTarget): Promise<Staging> {
  const id = randomUUID();
  const columns = await stagedColumns(db, def.table);
  await db.insertInto('imports').values({ id, master: def.resource }).execute();
  const table = stagingTable(id);
  const definitions = columns.map((column) => sql`${sql.id(column.name)} ${sql.raw(column.type)}`);
  await sql`create unlogged table ${sql.table(table)} (line integer not null, target_id integer, target_version integer,
    carried bigint not null, ${sql.join(definitions)})`.execute(db);
  return { id, table, columns };
}

export async function dropImport(db: Db, staging: Staging) {
  await sql`drop table if exists ${sql.table(staging.table)}`.execute(db);
  await db.deleteFrom('imports').where('id', '=', staging.id).execute();
}

/**
 * A staged import: `read` checks the file a chunk at a time, outside any transaction, and hands
 * each chunk's valid rows to its `stage`. With `commit` they go to a staging table as they come (one
 * chunk is stored while the next is checked) and, when the whole file had no error, one short
 * transaction merges them. Without `commit` nothing is written. The staging table is dropped
 * whatever happens.
 */
export async function runStagedImport(
  db: Db,
  target: ImportTarget,
  actorId: number,
  options: { commit: boolean; columns: MergeColumns; failed: () => boolean },
  read: (stage: (rows: StagedRow[]) => Promise<void>) => Promise<void>,
) {
  await cleanDeadImports(db);
  const staging = options.commit ? await startImport(db, target) : undefined;
  let staged: Promise<void> = Promise.resolve();
  try {
    await read(async (rows) => {
      await staged;
      if (!staging || options.failed()) return;
      staged = stageRows(db, staging, rows);
      // Its failure surfaces at the next await of it, not as an unhandled rejection meanwhile.
      staged.catch(() => {});
    });
    await staged;
    if (staging && !options.failed()) {
      await db.transaction().execute((trx) => mergeRows(trx, target, actorId, { staging }, options.columns));
    }
  } finally {
    if (staging) {
      await staged.catch(() => {});
      await dropImport(db, staging);
    }
  }
}

type Cell = string | number | boolean | null;

const bit = (index: number) => 2 ** index;

/**
 * Rows as one array per column (PostgreSQL parses a typed array far faster than JSON): the line,
 * the row updated, the bits of the columns each row carries, then each of `columns`.
 */
function columnArrays(rows: StagedRow[], columns: StagedColumn[]) {
  const line: number[] = [];
  const targetId: (number | null)[] = [];
  const targetVersion: (number | null)[] = [];
  const carried: number[] = [];
  const cells: Cell[][] = columns.map(() => []);
  for (const row of rows) {
    line.push(row.line);
    targetId.push(row.targetId);
    targetVersion.push(row.targetVersion);
    let bits = 0;
    for (let i = 0; i < columns.length; i++) {
      const value = row.columns[columns[i]!.name];
      if (value === undefined) {
        cells[i]!.push(null);
        continue;
      }
      if (value !== null && typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
        throw new Error(`${columns[i]!.name}: a staged value must be text, a number or a switch`);
      }
      cells[i]!.push(value);
      bits += bit(i);
    }
    carried.push(bits);
  }
  const arrays = [
    sql`${line}::integer[]`,
    sql`${targetId}::integer[]`,
    sql`${targetVersion}::integer[]`,
    sql`${carried}::bigint[]`,
    ...columns.map((column, i) => sql`${cells[i]}::${sql.raw(column.type)}[]`),
  ];
  return sql`unnest(${sql.join(arrays)})`;
}

const sourceColumns = (columns: StagedColumn[]) =>
  sql.join([sql`line`, sql`target_id`, sql`target_version`, sql`carried`, ...columns.map((column) => sql.id(column.name))]);

/** Adds one chunk of checked rows to the import's staging table, in one statement. */
export async function stageRows(db: Db, staging: Staging, rows: StagedRow[]) {
  if (rows.length === 0) return;
  await sql`with touched as (update imports set touched_at = now() where id = ${staging.id})
    insert into ${sql.table(staging.table)} (${sourceColumns(staging.columns)}) select * from ${columnArrays(rows, staging.columns)}`.execute(db);
}

/** Where the merge reads its rows: an import's staging table, or rows passed directly. */
export type MergeSource = { staging: Staging } | { rows: StagedRow[] };

/** The merge's rows as `s`, typed like the imported table, and the staged columns. */
async function sourceOf(db: Db, def: ImportTarget, source: MergeSource): Promise<{ from: RawBuilder<unknown>; columns: StagedColumn[] }> {
  if ('staging' in source) return { from: sql`${sql.table(source.staging.table)} as s`, columns: source.staging.columns };
  const columns = await stagedColumns(db, def.table);
  return { from: sql`${columnArrays(source.rows, columns)} as s(${sourceColumns(columns)})`, columns };
}

/**
 * Writes checked rows in two statements: one update of the existing rows (only the columns each
 * row carries; soft-deleted ones restored) and one insert of the new ones. A row changed since it
 * was checked (its version moved on) makes the whole merge fail: nothing is written.
 */
export async function mergeRows(db: Db, def: ImportTarget, actorId: number, source: MergeSource, columns: MergeColumns) {
  const table = sql.table(def.table);
  const { from, columns: staged } = await sourceOf(db, def, source);
  for (const column of [...columns.inserted, ...columns.updated]) {
    if (!staged.some((c) => c.name === column)) throw new Error(`${def.table}.${column} is not a column an import writes`);
  }
  const { expected, stale } = await updatesToMake(db, def, from);
  if (stale !== null) throw new AppError(409, 'csv.changedDuringImport', { row: stale });
  const orphan = await firstRowReferringToDeleted(db, def, from);
  if (orphan !== null) throw new AppError(409, 'csv.referenceGoneDuringImport', { row: orphan });
  if (expected > 0) {
    const sets = [...columns.updated].map((column) => {
      const carried = sql.raw(String(bit(staged.findIndex((c) => c.name === column))));
      return sql`${sql.id(column)} = case when s.carried & ${carried} <> 0 then s.${sql.id(column)} else ${table}.${sql.id(column)} end`;
    });
    const updated = await sql`update ${table} set ${sql.join([...sets, sql`deleted_at = null`])},
        updated_by = ${actorId}, updated_at = now(), version = ${table}.version + 1
      from ${from}
      where ${table}.id = s.target_id and ${table}.version = s.target_version`.execute(db);
    // Changed between the look just above and the update: the same refusal, without a row to name.
    if (Number(updated.numAffectedRows) !== expected) throw conflict();
  }
  const inserted = [...columns.inserted].map((column) => sql.id(column));
  if (inserted.length === 0) return;
  const values = [...columns.inserted].map((column) => sql`s.${sql.id(column)}`);
  await sql`insert into ${table} (${sql.join(inserted)}, created_by, updated_by)
    select ${sql.join(values)}, ${actorId}, ${actorId} from ${from} where s.target_id is null order by s.line`.execute(db);
}

/** How many rows the merge updates, and the first whose record another user changed since its check. */
async function updatesToMake(db: Db, def: ImportTarget, from: RawBuilder<unknown>) {
  const table = sql.table(def.table);
  const { rows } = await sql<{ expected: number; stale: number | null }>`select
      count(s.target_id)::integer as expected,
      min(s.line) filter (where s.target_id is not null and t.version is distinct from s.target_version) as stale
    from ${from} left join ${table} as t on t.id = s.target_id`.execute(db);
  return rows[0]!;
}

/**
 * The rows were checked before the merge's transaction began: the rows they refer to are locked
 * FOR SHARE now (a deletion waits for this merge, then sees the new references), and a row whose
 * reference was deleted in between refuses the whole merge. One query per reference.
 */
async function firstRowReferringToDeleted(db: Db, def: ImportTarget, from: RawBuilder<unknown>) {
  for (const field of def.fields) {
    if (!field.ref) continue;
    const referenced = sql`s.${sql.id(field.name)}`;
    const { rows } = await sql<{ line: number | null }>`with live as (
        select id from ${sql.table(field.ref.table)}
        where id in (select ${referenced} from ${from}) and deleted_at is null
        for share
      )
      select min(s.line) as line from ${from}
      where ${referenced} is not null and ${referenced} not in (select id from live)`.execute(db);
    if (rows[0]?.line !== null && rows[0]?.line !== undefined) return rows[0].line;
  }
  return null;
}
