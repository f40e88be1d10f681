import type { Readable } from 'node:stream';
import { sql } from 'kysely';
import { LOCALES } from '../../common/locales/index.js';
import type { Db } from '../../db/index.js';
import type { Actor } from '../auth/actor.js';
import type { FieldErrors } from '../errors.js';
import { type Translate, translator } from '../i18n.js';
import type { FieldRef, MasterContext, MasterDefinition, Row, Values } from '../masters/definition.js';
import { fieldLabel, readFields } from '../masters/fields.js';
import { columnsOf, findByKey, refVisible } from '../masters/service.js';
import { type CsvEncoding, openCsv } from './csv.js';

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

const MAX_REPORTED = 1000;

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

function mapHeader(def: MasterDefinition, header: string[], t: Translate) {
  const aliases = headerAliases(def);
  const keys = header.map((cell) => aliases.get(normalise(cell)));
  const errors: RowError[] = [];
  const unknown = header.filter((_, i) => !keys[i]);
  if (unknown.length) errors.push({ row: 1, field: '', message: t('csv.unknownColumns', { columns: unknown.join(', ') }) });
  const required = def.fields.filter((f) => f.required && def.csvColumns.includes(f.name)).map((f) => f.name);
  const missing = required.filter((key) => !keys.includes(key));
  if (missing.length) {
    const columns = missing.map((key) => fieldLabel(t, def, key)).join(', ');
    errors.push({ row: 1, field: '', message: t('csv.missingColumns', { columns }) });
  }
  return { keys, errors };
}

export interface ImportOptions {
  /** false: check only; everything is rolled back whatever happens */
  commit: boolean;
  onRow?: (line: number) => void;
}

/**
 * Checks and imports a master's CSV in one transaction: every row through the same rules as the
 * screens, upsert by code (restoring soft-deleted rows), and all-or-nothing: one bad row and
 * nothing is written. Checking is the same run, always rolled back.
 */
export async function importMaster(
  db: Db,
  def: MasterDefinition,
  actor: Actor,
  t: Translate,
  input: Readable,
  options: ImportOptions,
): Promise<ImportResult> {
  const result: ImportResult = { ok: false, total: 0, created: 0, updated: 0, encoding: 'utf-8', errors: [], errorCount: 0 };
  const report = (line: number, errors: FieldErrors) => {
    for (const [field, message] of Object.entries(errors)) {
      result.errorCount++;
      if (result.errors.length < MAX_REPORTED) result.errors.push({ row: line, field: field ? fieldLabel(t, def, field) : '', message });
    }
  };
  try {
    await db.transaction().execute(async (trx) => {
      const ctx: MasterContext = { db: trx, actor, t };
      const csv = await openCsv(input);
      result.encoding = csv.encoding;
      const header = mapHeader(def, csv.header, t);
      if (header.errors.length) {
        result.errors.push(...header.errors);
        result.errorCount = header.errors.length;
        throw new Rollback();
      }
      const run: ImportRun = { ctx, def, result, seen: new Map(), refIds: new Map(), pending: [] };
      for await (const { line, cells } of csv.rows) {
        result.total++;
        options.onRow?.(line);
        const record = Object.fromEntries(header.keys.map((key, i) => [key, cells[i] ?? '']));
        report(line, await importRow(run, record, line));
      }
      await flush(run);
      if (result.total === 0) report(1, { '': t('csv.empty') });
      if (result.errorCount > 0 || !options.commit) throw new Rollback();
    });
    result.ok = true;
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
    result.ok = result.errorCount === 0;
  }
  return result;
}

/** The state of one import: its transaction, what it has seen and what it has looked up. */
interface ImportRun {
  ctx: MasterContext;
  def: MasterDefinition;
  result: ImportResult;
  /** business key → the line that had it first */
  seen: Map<string, number>;
  /** referenced codes already found, so that 100,000 rows naming 30 directions ask 30 times */
  refIds: Map<string, number>;
  /** new rows waiting to be inserted together */
  pending: Record<string, unknown>[];
}

const INSERT_BATCH = 500;

/** Inserts the waiting new rows in one statement. */
async function flush(run: ImportRun) {
  if (run.pending.length === 0) return;
  await run.ctx.db.insertInto(run.def.table).values(run.pending).execute();
  run.pending = [];
}

async function importRow(run: ImportRun, record: Record<string, string>, line: number): Promise<FieldErrors> {
  const { ctx, def } = run;
  const { values, errors } = readFields(def, record, ctx.t);
  await resolveCsvRefs(run, record, values, errors);
  const keyField = def.key[0]!;
  if (def.key.some((column) => errors[column])) return errors;
  const key = JSON.stringify(def.key.map((column) => values[column]));
  const earlier = run.seen.get(key);
  if (earlier) return { ...errors, [keyField]: ctx.t('csv.duplicateInFile', { row: earlier }) };
  run.seen.set(key, line);
  const existing = await findByKey(ctx.db, def, values);
  if (existing && !(await canWrite(ctx, def, existing.id))) return { ...errors, [keyField]: ctx.t('errors.notFound') };
  if (Object.keys(errors).length === 0 && def.check) Object.assign(errors, await def.check(ctx, values, existing));
  if (Object.keys(errors).length > 0) return errors;
  await upsert(run, values, existing);
  if (existing) run.result.updated++;
  else run.result.created++;
  return {};
}

/** CSV names foreign rows by code: each becomes the id of a live row the caller can see. */
async function resolveCsvRefs(run: ImportRun, record: Record<string, string>, values: Values, errors: FieldErrors) {
  const { ctx, def } = run;
  for (const field of def.fields) {
    if (!field.ref) continue;
    const code = record[field.ref.csv]?.trim();
    values[field.name] = null;
    delete errors[field.name];
    if (!code) {
      if (field.required) errors[field.ref.csv] = ctx.t('errors.required', { field: fieldLabel(ctx.t, def, field.ref.csv) });
      continue;
    }
    const cacheKey = `${field.ref.table}\u0000${code}`;
    // Only hits are remembered: a code missing now may be created by a later row of the same file.
    const id = run.refIds.get(cacheKey) ?? (await findRef(run, field.ref, code));
    if (id === undefined) {
      errors[field.ref.csv] = ctx.t('errors.refNotFound', { field: fieldLabel(ctx.t, def, field.ref.csv) });
      continue;
    }
    run.refIds.set(cacheKey, id);
    values[field.name] = id;
  }
}

/** A referenced row; one not found may be among the rows waiting for insertion, so look again after them. */
async function findRef(run: ImportRun, ref: FieldRef, code: string) {
  const found = await refVisible(run.ctx, ref, ref.by, code);
  if (found || run.pending.length === 0 || ref.table !== run.def.table) return found?.id;
  await flush(run);
  return (await refVisible(run.ctx, ref, ref.by, code))?.id;
}

async function canWrite(ctx: MasterContext, def: MasterDefinition, id: number) {
  const scope = def.writeScope ? def.writeScope(ctx.actor) : def.scope(ctx.actor);
  if (!scope) return true;
  return Boolean(await ctx.db.selectFrom(def.table).select('id').where('id', '=', id).where(scope).executeTakeFirst());
}

/** New rows wait for a batch insert unless the master has work to do after each write. */
async function upsert(run: ImportRun, values: Values, existing: Row | undefined) {
  const { ctx, def } = run;
  const columns = await columnsOf(ctx, def, values, existing);
  if (existing === undefined && !def.afterWrite) {
    run.pending.push({ ...columns, created_by: ctx.actor.id, updated_by: ctx.actor.id });
    if (run.pending.length >= INSERT_BATCH) await flush(run);
    return;
  }
  let id = existing?.id;
  if (id === undefined) {
    const inserted = await ctx.db
      .insertInto(def.table)
      .values({ ...columns, created_by: ctx.actor.id, updated_by: ctx.actor.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    id = inserted.id as number;
  } else {
    await ctx.db
      .updateTable(def.table)
      .set({ ...columns, deleted_at: null, updated_by: ctx.actor.id, updated_at: sql`now()`, version: sql`version + 1` })
      .where('id', '=', id)
      .execute();
  }
  await def.afterWrite?.(ctx, id, values);
}
