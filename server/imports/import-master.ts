import { sql } from 'kysely';
import { LOCALES } from '../../common/locales/index.js';
import type { Db } from '../../db/index.js';
import type { Actor } from '../auth/actor.js';
import type { FieldErrors } from '../errors.js';
import { type Translate, translator } from '../i18n.js';
import type { MasterContext, MasterDefinition, Row, Values } from '../masters/definition.js';
import { emptyValue, fieldLabel, readFields } from '../masters/fields.js';
import { columnsOf, pick } from '../masters/service.js';
import { type CsvEncoding, type CsvLine, CsvTextError, openCsv } from './csv.js';
import { takeImportSlot } from './slots.js';
import { type CheckedRow, type MergeColumns, mergeRows, runStagedImport } from './staging.js';

export interface RowError {
  row: number;
  field: string;
  message: string;
}

export interface ImportResult {
  ok: boolean;
  total: number;
  created: number;
  updated: number;
  encoding: CsvEncoding;
  errors: RowError[];
  /** all errors found, of which at most MAX_REPORTED are listed */
  errorCount: number;
}

export interface ImportOptions {
  /** false: check only; nothing is written whatever happens */
  commit: boolean;
  onRow?: (line: number) => void;
}

const MAX_REPORTED = 1000;
/** Rows checked, looked up and staged together: one query per chunk and reference, not per row. */
const CHUNK_ROWS = 1000;

/** Rows checked between two chances for other requests to run. */
const YIELD_EVERY_ROWS = 250;

/** PGlite runs in this thread and answers without ever leaving it: let waiting requests in. */
const letOthersIn = () => new Promise((resolve) => setImmediate(resolve));

class Rollback extends Error {}

const normalise = (text: string) => text.replace(/[\s\u3000]/g, '').toLowerCase();

/** Header cell → column key. Accepts the key itself or its label in any of our languages. */
function headerAliases(def: MasterDefinition): Map<string, string> {
  const aliases = new Map<string, string>();
  for (const key of def.csvColumns) {
    aliases.set(normalise(key), key);
    for (const locale of LOCALES) aliases.set(normalise(translator(locale)(`${def.i18n}.fields.${key}`)), key);
  }
  return aliases;
}

/** The CSV column that carries a field: its own name, or the code column of a reference. */
const csvColumnOf = (def: MasterDefinition, name: string) => def.fields.find((f) => f.name === name)?.ref?.csv ?? name;

/** Unknown columns are refused; of the required ones only the key's must be there (the others are required of new rows only). */
function mapHeader(def: MasterDefinition, header: string[], t: Translate) {
  const aliases = headerAliases(def);
  const keys = header.map((cell) => aliases.get(normalise(cell)));
  const errors: RowError[] = [];
  const unknown = header.filter((_, i) => !keys[i]);
  if (unknown.length) errors.push({ row: 1, field: '', message: t('csv.unknownColumns', { columns: unknown.join(', ') }) });
  const requiredKey = def.key.filter((name) => def.fields.find((f) => f.name === name)?.required);
  const missing = requiredKey.map((name) => csvColumnOf(def, name)).filter((column) => !keys.includes(column));
  if (missing.length) {
    const columns = missing.map((key) => fieldLabel(t, def, key)).join(', ');
    errors.push({ row: 1, field: '', message: t('csv.missingColumns', { columns }) });
  }
  return { keys: keys as string[], errors };
}

/**
 * A master whose rows refer to rows of the same master (a parent department) or that does work
 * after each write: its file runs in one transaction, row by row, each row written before the next
 * is checked. Such files are small (departments); every other master is staged and merged.
 */
const isSequential = (def: MasterDefinition) => Boolean(def.afterWrite) || def.fields.some((f) => f.ref?.table === def.table);

/**
 * Checks and imports a master's CSV: every row through the same rules as the screens, upsert by
 * key (restoring soft-deleted rows, changing only the columns the file carries), all-or-nothing:
 * one bad row and nothing is written. Checking is the same run without the write.
 *
 * Rows are checked a chunk at a time, outside any long transaction, and staged; one short
 * transaction merges them at the end, so other requests keep being served during a long import.
 */
export async function importMaster(db: Db, def: MasterDefinition, actor: Actor, t: Translate, input: AsyncIterable<Buffer | string>, options: ImportOptions): Promise<ImportResult> {
  const release = await takeImportSlot(db);
  try {
    if (isSequential(def)) return await importInOneTransaction(db, def, actor, t, input, options);
    return await importStaged(db, def, actor, t, input, options);
  } finally {
    release();
  }
}

async function importStaged(db: Db, def: MasterDefinition, actor: Actor, t: Translate, input: AsyncIterable<Buffer | string>, options: ImportOptions) {
  const run = new ImportRun({ db, actor, t }, def);
  const failed = () => run.result.errorCount > 0;
  await runStagedImport(db, def, actor.id, { commit: options.commit, columns: run.columns, failed }, (stage) => run.readFile(input, options, stage));
  return run.finish();
}

async function importInOneTransaction(db: Db, def: MasterDefinition, actor: Actor, t: Translate, input: AsyncIterable<Buffer | string>, options: ImportOptions) {
  let run: ImportRun | undefined;
  try {
    await db.transaction().execute(async (trx) => {
      const ctx: MasterContext = { db: trx, actor, t };
      run = new ImportRun(ctx, def, 1, false);
      await run.readFile(input, options, async (rows) => {
        await mergeRows(trx, def, actor.id, { rows }, run!.columns);
        for (const row of rows) await afterWrite(ctx, def, row);
      });
      if (run.result.errorCount > 0 || !options.commit) throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  return run!.finish();
}

async function afterWrite(ctx: MasterContext, def: MasterDefinition, row: CheckedRow) {
  if (!def.afterWrite) return;
  const id = row.targetId ?? (await findExisting(ctx, def, [row.values])).get(keyOf(def, row.values))!.id;
  await def.afterWrite(ctx, id, row.values);
}

/** Whether a row has any error. */
function hasAny(errors: FieldErrors) {
  for (const _ in errors) return true;
  return false;
}

const keyOf = (def: MasterDefinition, values: Values) => JSON.stringify(def.key.map((column) => values[column] ?? null));

/**
 * The most recent row holding each business key, live or soft-deleted, whatever its scope: one
 * query for a whole chunk.
 */
async function findExisting(ctx: MasterContext, def: MasterDefinition, keys: Values[]) {
  const found = new Map<string, Row & { deleted_at: Date | null }>();
  if (keys.length === 0) return found;
  const json = JSON.stringify(keys.map((values) => Object.fromEntries(def.key.map((column) => [column, values[column] ?? null]))));
  // Compared as text, so that a value the column's type would refuse (a date like 2026-13-40) is
  // simply not found and gets the master's own message; '=' where the key is never null, so the index serves it.
  const matches = def.key.map((column) => {
    const required = def.fields.find((f) => f.name === column)?.required;
    return sql`t.${sql.id(column)}::text ${sql.raw(required ? '=' : 'is not distinct from')} k.${sql.id(column)}`;
  });
  const types = sql.join(def.key.map((column) => sql`${sql.id(column)} text`));
  const { rows } = await sql<Row & { deleted_at: Date | null }>`select t.* from ${sql.table(def.table)} as t
      join jsonb_to_recordset(${json}::jsonb) as k(${types}) on ${sql.join(matches, sql` and `)}
      order by t.deleted_at is null, t.id`.execute(ctx.db);
  // Ordered so that the live row, then the most recent one, comes last and wins.
  for (const row of rows) found.set(keyOf(def, row as unknown as Values), row);
  return found;
}

/** A chunk ready for its rows' own checks. */
interface LookedUp {
  lines: CsvLine[];
  records: Record<string, string>[];
  read: { values: Values; errors: FieldErrors }[];
  existing: Map<string, Row>;
  writable: Set<number>;
}

/** One read of a CSV: what has been seen and looked up, the counts and the errors. */
class ImportRun {
  readonly result: ImportResult = { ok: false, total: 0, created: 0, updated: 0, encoding: 'utf-8', errors: [], errorCount: 0 };
  readonly columns: MergeColumns = { inserted: new Set(), updated: new Set() };
  /** business key → the line that had it first */
  private readonly seen = new Map<string, number>();
  /** referenced codes already found, so that 100,000 rows naming 30 directions look up 30 codes */
  private readonly refIds = new Map<string, number>();
  private header: string[] = [];
  /** the chunk read last, being looked up */
  private lookedUp: Promise<LookedUp> | undefined;
  /** the CSV column of the key's first field, named by key errors */
  private readonly keyColumn: string;
  private readonly valuesAreColumns: boolean;

  constructor(
    readonly ctx: MasterContext,
    readonly def: MasterDefinition,
    private readonly chunkRows = CHUNK_ROWS,
    private readonly lookAhead = true,
  ) {
    this.keyColumn = csvColumnOf(def, def.key[0]!);
    this.valuesAreColumns = !def.toColumns && !def.fields.some((field) => field.writeOnly);
  }

  private report(line: number, errors: FieldErrors) {
    const { t } = this.ctx;
    for (const [field, message] of Object.entries(errors)) {
      this.result.errorCount++;
      if (this.result.errors.length < MAX_REPORTED) this.result.errors.push({ row: line, field: field ? fieldLabel(t, this.def, field) : '', message });
    }
  }

  /** Reads every row, checks it a chunk at a time and hands each chunk's valid rows to `write`. */
  async readFile(input: AsyncIterable<Buffer | string>, options: ImportOptions, write: (rows: CheckedRow[]) => Promise<void>) {
    const { t } = this.ctx;
    try {
      const csv = await openCsv(input);
      const header = mapHeader(this.def, csv.header, t);
      if (header.errors.length) {
        this.result.errors.push(...header.errors);
        this.result.errorCount = header.errors.length;
        return;
      }
      this.header = header.keys;
      // Staged imports look the next chunk up while this one is checked (on PostgreSQL the server
      // answers meanwhile); a file imported row by row must see each row written before the next is looked up.
      const checkNext = async (chunk: CsvLine[]) => {
        const ahead = this.lookAhead ? this.lookUp(chunk) : undefined;
        ahead?.catch(() => {});
        if (this.lookedUp) await write(await this.checkRows(await this.lookedUp));
        this.lookedUp = ahead ?? this.lookUp(chunk);
        // A failure surfaces when the chunk is checked, never as an unhandled rejection meanwhile.
        this.lookedUp.catch(() => {});
      };
      let chunk: CsvLine[] = [];
      for await (const line of csv.rows) {
        this.result.total++;
        options.onRow?.(line.line);
        chunk.push(line);
        if (chunk.length < this.chunkRows) continue;
        await checkNext(chunk);
        chunk = [];
        await letOthersIn();
      }
      await checkNext(chunk);
      await checkNext([]);
      this.result.encoding = csv.encoding();
      if (this.result.total === 0) this.report(1, { '': t('csv.empty') });
    } catch (error) {
      if (!(error instanceof CsvTextError)) throw error;
      this.report(error.row, { '': t(error.messageKey, { row: error.row, ...error.params }) });
    } finally {
      // Nothing of the file's may still run on the connection when the caller goes on (a rollback).
      await this.lookedUp?.catch(() => {});
    }
  }

  finish() {
    this.result.ok = this.result.errorCount === 0;
    return this.result;
  }

  /** A chunk's fields read, and its references and keys looked up: one query each for the chunk. */
  private async lookUp(lines: CsvLine[]): Promise<LookedUp> {
    const records = lines.map(({ cells }) => this.recordOf(cells));
    if (lines.length === 0) return { lines, records, read: [], existing: new Map(), writable: new Set() };
    await this.lookUpRefs(records);
    const read = records.map((record) => this.readRecord(record));
    const keyed = read.filter(({ errors }) => !this.def.key.some((column) => errors[column]));
    const existing = await findExisting(this.ctx, this.def, keyed.map(({ values }) => values));
    const writable = await this.writableIds([...existing.values()].map((row) => row.id));
    return { lines, records, read, existing, writable };
  }

  /** Each row of a looked-up chunk through its own rules, in file order. */
  private async checkRows({ lines, records, read, existing, writable }: LookedUp): Promise<CheckedRow[]> {
    const checked: CheckedRow[] = [];
    for (const [i, { values, errors }] of read.entries()) {
      if (i % YIELD_EVERY_ROWS === YIELD_EVERY_ROWS - 1) await letOthersIn();
      const line = lines[i]!.line;
      const row = await this.checkRow(line, records[i]!, values, errors, existing, writable);
      if (row) checked.push(row);
    }
    return checked;
  }

  /** A row's cells by column key; a missing cell is empty. */
  private recordOf(cells: string[]) {
    const record: Record<string, string> = {};
    for (let i = 0; i < this.header.length; i++) record[this.header[i]!] = cells[i] ?? '';
    return record;
  }

  /** The fields the file carries, each checked; references as ids. */
  private readRecord(record: Record<string, string>) {
    const { t } = this.ctx;
    const { values, errors } = readFields(this.def, record, t, true);
    for (const field of this.def.fields) {
      if (!field.ref || !(field.ref.csv in record)) continue;
      const code = record[field.ref.csv]!.trim();
      values[field.name] = code ? (this.refIds.get(`${field.ref.table}\u0000${code}`) ?? null) : null;
      if (!code && field.required) errors[field.ref.csv] = t('errors.required', { field: fieldLabel(t, this.def, field.ref.csv) });
      if (code && values[field.name] === null) errors[field.ref.csv] = t('errors.refNotFound', { field: fieldLabel(t, this.def, field.ref.csv) });
    }
    return { values, errors };
  }

  /** Codes named in a chunk → ids of live rows the caller can see: one query per reference. */
  private async lookUpRefs(records: Record<string, string>[]) {
    for (const field of this.def.fields) {
      const ref = field.ref;
      if (!ref || !this.header.includes(ref.csv)) continue;
      const cacheKey = (code: string) => `${ref.table}\u0000${code}`;
      const codes = [...new Set(records.map((record) => record[ref.csv]!.trim()))].filter((code) => code && !this.refIds.has(cacheKey(code)));
      if (codes.length === 0) continue;
      let query = this.ctx.db.selectFrom(ref.table).select(['id', `${ref.by} as code`]).where(ref.by, 'in', codes).where('deleted_at', 'is', null);
      const scope = ref.scope(this.ctx.actor);
      if (scope) query = query.where(scope);
      // Only hits are remembered: a code missing now may be written by an earlier row (a parent department).
      for (const { id, code } of await query.execute()) this.refIds.set(cacheKey(String(code)), id as number);
    }
  }

  /** Of these existing rows, those the caller may change: one query. */
  private async writableIds(ids: number[]) {
    const scope = this.def.writeScope ? this.def.writeScope(this.ctx.actor) : this.def.scope(this.ctx.actor);
    if (!scope) return new Set(ids);
    if (ids.length === 0) return new Set<number>();
    const rows = await this.ctx.db.selectFrom(this.def.table).select('id').where('id', 'in', ids).where(scope).execute();
    return new Set(rows.map((row) => row.id as number));
  }

  private async checkRow(
    line: number,
    record: Record<string, string>,
    values: Values,
    errors: FieldErrors,
    existingByKey: Map<string, Row>,
    writable: Set<number>,
  ): Promise<CheckedRow | undefined> {
    const { ctx, def } = this;
    if (hasAny(errors) && def.key.some((column) => errors[column] || errors[csvColumnOf(def, column)])) return this.fail(line, errors);
    const key = keyOf(def, values);
    const earlier = this.seen.get(key);
    if (earlier) return this.fail(line, errors, { [this.keyColumn]: ctx.t('csv.duplicateInFile', { row: earlier }) });
    this.seen.set(key, line);
    const existing = existingByKey.get(key);
    // A key held outside the caller's scope: the master's "taken" message when it has one (login ids).
    if (existing && !writable.has(existing.id)) return this.fail(line, errors, { [this.keyColumn]: ctx.t(def.keyTaken ?? 'errors.notFound') });
    if (!existing) this.requireMissingFields(record, values, errors);
    const merged: Values = existing ? { ...(pick(existing, def) as Values), ...values } : values;
    if (!hasAny(errors) && def.check) Object.assign(errors, await def.check(ctx, merged, existing));
    if (hasAny(errors)) return this.fail(line, errors);
    // The values are the columns, unless the master converts them or some are never stored.
    const columns = this.valuesAreColumns ? values : await columnsOf(ctx, def, values, existing);
    for (const column of Object.keys(columns)) this.columns[existing ? 'updated' : 'inserted'].add(column);
    if (existing) this.result.updated++;
    else this.result.created++;
    return { line, targetId: existing?.id ?? null, targetVersion: existing?.version ?? null, columns, values: merged };
  }

  private fail(line: number, errors: FieldErrors, more?: FieldErrors): undefined {
    this.report(line, more ? { ...errors, ...more } : errors);
    return undefined;
  }

  /** A new row needs every required field, also those whose column the file leaves out. */
  private requireMissingFields(record: Record<string, string>, values: Values, errors: FieldErrors) {
    for (const field of this.def.fields) {
      const column = field.ref?.csv ?? field.name;
      if (column in record) continue;
      values[field.name] = emptyValue(field);
      if (field.required) errors[column] = this.ctx.t('errors.required', { field: fieldLabel(this.ctx.t, this.def, column) });
    }
  }
}
