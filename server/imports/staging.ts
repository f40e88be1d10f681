import { randomUUID } from 'node:crypto';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { AppError, conflict } from '../errors.js';
import type { MasterDefinition, Values } from '../masters/definition.js';

/** A checked CSV row, ready to be written. */
export interface CheckedRow {
  line: number;
  /** the existing row it updates (restoring it when soft-deleted); null: a new row */
  targetId: number | null;
  targetVersion: number | null;
  /** the columns to write: for an existing row only those the file carries */
  columns: Record<string, unknown>;
  /** every field value after the merge with the existing row, for the master's afterWrite */
  values: Values;
}

/** The columns the merge writes, gathered while rows are checked. */
export interface MergeColumns {
  inserted: Set<string>;
  updated: Set<string>;
}

/** An import whose rows have not been touched for this long died with its process. */
const DEAD_AFTER = '10 minutes';

/** Removes the staging rows of imports that died (their rows go with them, on delete cascade). */
export async function cleanDeadImports(db: Db) {
  await db.deleteFrom('imports').where('touched_at', '<', sql<Date>`now() - ${DEAD_AFTER}::interval`).execute();
}

export async function startImport(db: Db, def: MasterDefinition): Promise<string> {
  const id = randomUUID();
  await db.insertInto('imports').values({ id, master: def.resource }).execute();
  return id;
}

const asJson = (rows: CheckedRow[]) =>
  JSON.stringify(rows.map((row) => ({ line: row.line, target_id: row.targetId, target_version: row.targetVersion, columns: row.columns })));

/** The rows of a JSON parameter, in the shape of staging rows. */
const jsonRows = (rows: CheckedRow[]) =>
  sql`(select * from jsonb_to_recordset(${asJson(rows)}::jsonb) as x(line integer, target_id integer, target_version integer, columns jsonb))`;

/** Adds one chunk of checked rows to the import's staging rows, in one statement. */
export async function stageRows(db: Db, importId: string, rows: CheckedRow[]) {
  if (rows.length === 0) return;
  await sql`insert into import_rows (import_id, line, target_id, target_version, columns)
    select ${importId}::uuid, line, target_id, target_version, columns from ${jsonRows(rows)} as s`.execute(db);
  await db.updateTable('imports').set({ touched_at: sql`now()` }).where('id', '=', importId).execute();
}

export async function dropImport(db: Db, importId: string) {
  await db.deleteFrom('imports').where('id', '=', importId).execute();
}

const stagedRows = (importId: string) =>
  sql`(select line, target_id, target_version, columns from import_rows where import_id = ${importId}::uuid)`;

/** Where the merge reads its rows: the import's staging rows, or rows passed directly. */
export type MergeSource = { importId: string } | { rows: CheckedRow[] };

const sourceOf = (source: MergeSource) => ('importId' in source ? stagedRows(source.importId) : jsonRows(source.rows));

/**
 * Writes checked rows in two statements: one update of the existing rows (only the columns each
 * row carries; soft-deleted ones restored) and one insert of the new ones. A row changed since it
 * was checked (its version moved on) makes the whole merge fail: nothing is written.
 */
export async function mergeRows(db: Db, def: MasterDefinition, actorId: number, source: MergeSource, columns: MergeColumns) {
  const table = sql.table(def.table);
  const from = sql`${sourceOf(source)} as s cross join lateral jsonb_populate_record(null::${table}, s.columns) as r`;
  const { expected, stale } = await updatesToMake(db, def, source);
  if (stale !== null) throw new AppError(409, 'csv.changedDuringImport', { row: stale });
  const orphan = await firstRowReferringToDeleted(db, def, source);
  if (orphan !== null) throw new AppError(409, 'csv.referenceGoneDuringImport', { row: orphan });
  if (expected > 0) {
    const sets = [...columns.updated].map(
      (column) => sql`${sql.id(column)} = case when s.columns ? ${sql.lit(column)} then r.${sql.id(column)} else ${table}.${sql.id(column)} end`,
    );
    const updated = await sql`update ${table} set ${sql.join([...sets, sql`deleted_at = null`])},
        updated_by = ${actorId}, updated_at = now(), version = ${table}.version + 1
      from ${from}
      where ${table}.id = s.target_id and ${table}.version = s.target_version`.execute(db);
    // Changed between the look just above and the update: the same refusal, without a row to name.
    if (Number(updated.numAffectedRows) !== expected) throw conflict();
  }
  const inserted = [...columns.inserted].map((column) => sql.id(column));
  if (inserted.length === 0) return;
  const values = [...columns.inserted].map((column): RawBuilder<unknown> => sql`r.${sql.id(column)}`);
  await sql`insert into ${table} (${sql.join(inserted)}, created_by, updated_by)
    select ${sql.join(values)}, ${actorId}, ${actorId} from ${from} where s.target_id is null order by s.line`.execute(db);
}

/** How many rows the merge updates, and the first whose record another user changed since its check. */
async function updatesToMake(db: Db, def: MasterDefinition, source: MergeSource) {
  const table = sql.table(def.table);
  const { rows } = await sql<{ expected: number; stale: number | null }>`select
      count(s.target_id)::integer as expected,
      min(s.line) filter (where s.target_id is not null and t.version is distinct from s.target_version) as stale
    from ${sourceOf(source)} as s left join ${table} as t on t.id = s.target_id`.execute(db);
  return rows[0]!;
}

/**
 * The rows were checked before the merge's transaction began: the rows they refer to are locked
 * FOR SHARE now (a deletion waits for this merge, then sees the new references), and a row whose
 * reference was deleted in between refuses the whole merge. One query per reference.
 */
async function firstRowReferringToDeleted(db: Db, def: MasterDefinition, source: MergeSource) {
  for (const field of def.fields) {
    if (!field.ref) continue;
    const referenced = sql`(s.columns ->> ${sql.lit(field.name)})::integer`;
    const { rows } = await sql<{ line: number | null }>`with live as (
        select id from ${sql.table(field.ref.table)}
        where id in (select ${referenced} from ${sourceOf(source)} as s) and deleted_at is null
        for share
      )
      select min(s.line) as line from ${sourceOf(source)} as s
      where ${referenced} is not null and ${referenced} not in (select id from live)`.execute(db);
    if (rows[0]?.line !== null && rows[0]?.line !== undefined) return rows[0].line;
  }
  return null;
}
