import { type Kysely, sql } from 'kysely';
import { keysetPages } from '../../db/pages.js';
import { AppError, conflict, type FieldErrors, invalid, notFound } from '../errors.js';
import type { FieldRef, MasterContext, MasterDefinition, Reference, Row, Values } from './definition.js';
import { displayRef, joinDisplay } from './display.js';
import { fieldLabel, readFields } from './fields.js';

export interface ListQuery {
  _start?: number;
  _end?: number;
  _sort?: string;
  _order?: string;
  q?: string;
  [filter: string]: unknown;
}

const MAX_PAGE = 500;

/** Live rows of the master that the actor may see (or, with `forWrite`, change). */
function visible(ctx: MasterContext, def: MasterDefinition, forWrite = false) {
  const scope = forWrite && def.writeScope ? def.writeScope(ctx.actor) : def.scope(ctx.actor);
  let query = ctx.db.selectFrom(def.table).where(`${def.table}.deleted_at`, 'is', null);
  if (scope) query = query.where(scope);
  return query;
}

/** Every column of the rows, and the names their foreign keys point at (joined, not a query per row). */
function withDisplay(def: MasterDefinition, query: ReturnType<typeof visible>) {
  return joinDisplay(query.selectAll(def.table), def.table, def.displayColumns ?? {});
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The live rows in scope that match the list's search and filters; `narrowed` when any applied. */
function filteredRows(ctx: MasterContext, def: MasterDefinition, query: ListQuery) {
  let filtered = visible(ctx, def);
  let narrowed = false;
  const search = query.q?.trim();
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    filtered = filtered.where((eb) => eb.or(def.search.map((column) => eb(`${def.table}.${column}`, 'ilike', pattern))));
    narrowed = true;
  }
  for (const column of [...def.filters, 'id']) {
    const value = query[column];
    if (value === undefined || value === '') continue;
    filtered = Array.isArray(value)
      ? filtered.where(`${def.table}.${column}`, 'in', value)
      : filtered.where(`${def.table}.${column}`, '=', value);
    narrowed = true;
  }
  if (def.temporary && (query.temporary === '1' || query.temporary === '0')) {
    filtered = filtered.where(`${def.table}.temporary_registration_date`, query.temporary === '1' ? 'is not' : 'is', null);
    narrowed = true;
  }
  return { filtered, narrowed };
}

/**
 * How many rows the list's search and filters choose, as an uncorrelated subquery (computed once per
 * statement). With nothing narrowing the list, every live row in the actor's scope is summed from the
 * master's `<table>_counts` (kept by triggers, aliased as the table so that its scope applies
 * unchanged): a few rows read instead of thousands.
 */
function totalOf(ctx: MasterContext, def: MasterDefinition, filtered: ReturnType<typeof visible>, narrowed: boolean) {
  if (!def.counted || narrowed) return sql<string>`(${filtered.select((eb) => eb.fn.countAll<number>().as('total'))})`;
  const scope = def.scope(ctx.actor) ?? sql<boolean>`true`;
  return sql<string>`(select coalesce(sum(n), 0) from ${sql.table(`${def.table}_counts`)} as ${sql.table(def.table)} where ${scope})`;
}

/**
 * A page of the list with its total in one statement: one round trip and one pooled connection, and
 * the page's rows serialized as soon as they arrive rather than kept while a second statement waits
 * for a connection (docs/performance.md, "The master list in one statement"). The total rides on every
 * row as `total`, which the response's allow-list leaves out; a page past the end has no row to carry
 * it and counts on its own.
 */
export async function listRecords(ctx: MasterContext, def: MasterDefinition, query: ListQuery) {
  const { filtered, narrowed } = filteredRows(ctx, def, query);
  const start = Math.max(0, Number(query._start ?? 0));
  const end = Math.min(start + MAX_PAGE, Math.max(start, Number(query._end ?? start + 10)));
  const total = totalOf(ctx, def, filtered, narrowed);
  const page = orderPage(def, withDisplay(def, filtered), query).select(total.as('total'));
  const rows = (await page.limit(end - start).offset(start).execute()) as (Row & { total: string })[];
  if (rows.length > 0) return { rows, total: Number(rows[0]!.total) };
  if (start === 0 && end > 0) return { rows, total: 0 };
  const { rows: counted } = await sql<{ total: string }>`select ${total} as total`.execute(ctx.db);
  return { rows, total: Number(counted[0]!.total) };
}

/**
 * The master's CSV export: the rows the list's search and filters choose, a page at a time in id order
 * (each page after the last one's id), every reference by the code its CSV column names, as the import
 * reads it back (`FieldRef.csv`, `by`).
 */
export function exportPages(ctx: MasterContext, def: MasterDefinition, query: ListQuery, pageSize = 1000) {
  let rows = filteredRows(ctx, def, query).filtered.selectAll(def.table);
  def.fields.forEach((field, i) => {
    if (!field.ref || !def.csvColumns.includes(field.ref.csv)) return;
    const alias = `csv_ref_${i}`;
    rows = rows.leftJoin(`${field.ref.table} as ${alias}`, `${alias}.id`, `${def.table}.${field.name}`).select(`${alias}.${field.ref.by} as ${field.ref.csv}`);
  });
  const page = async (after: number | undefined, size: number) =>
    (await rows.where(`${def.table}.id`, '>', after ?? 0).orderBy(`${def.table}.id`).limit(size).execute()) as Row[];
  return keysetPages(page, (last) => last.id, pageSize);
}

/**
 * Orders by the requested columns the master declares (a display column by the name shown), then by
 * id in the direction of the last one, so that a descending page reads its index backwards.
 */
function orderPage(def: MasterDefinition, page: ReturnType<typeof withDisplay>, query: ListQuery) {
  const orders = (query._order ?? 'asc').split(',');
  let direction: 'asc' | 'desc' = 'asc';
  (query._sort ?? '').split(',').forEach((column, i) => {
    if (!def.sorts.includes(column)) return;
    direction = orders[i] === 'desc' ? 'desc' : 'asc';
    const display = def.displayColumns?.[column];
    page = page.orderBy(display ? displayRef(def.table, column, display) : `${def.table}.${column}`, direction);
  });
  return page.orderBy(`${def.table}.id`, direction);
}

/**
 * One live row in the actor's scope; anything else is a 404 that does not tell whether it exists.
 * `forWrite` also locks it until the transaction ends, so the checks that follow hold when it is written.
 */
export async function findRecord(ctx: MasterContext, def: MasterDefinition, id: number, forWrite = false): Promise<Row> {
  let query = withDisplay(def, visible(ctx, def, forWrite)).where(`${def.table}.id`, '=', id);
  if (forWrite) query = query.forUpdate(def.table);
  const row = await query.executeTakeFirst();
  if (!row) throw notFound();
  return row as Row;
}

/** The most recent row holding this business key, live or soft-deleted, whatever its scope. */
export async function findByKey(db: Kysely<any>, def: MasterDefinition, values: Values) {
  let query = db.selectFrom(def.table).selectAll();
  for (const column of def.key) {
    const value = values[column];
    query = value === null || value === undefined ? query.where(column, 'is', null) : query.where(column, '=', value);
  }
  return (await query
    .orderBy(sql`deleted_at is null`, 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst()) as (Row & { deleted_at: Date | null }) | undefined;
}

const keyChanged = (def: MasterDefinition, values: Values, existing?: Row) =>
  !existing || def.key.some((column) => values[column] !== existing[column]);

/** Keys are unique among live rows; a soft-deleted holder gets the "hidden but registered" message, unless the master says one message for all. */
async function checkKey(ctx: MasterContext, def: MasterDefinition, values: Values, errors: FieldErrors, selfId?: number) {
  const field = def.key[0]!;
  if (def.key.some((column) => errors[column])) return;
  const holder = await findByKey(ctx.db, def, values);
  if (!holder || holder.id === selfId) return;
  if (def.keyTaken) errors[field] = ctx.t(def.keyTaken);
  else errors[field] = holder.deleted_at ? ctx.t('errors.hiddenRegistered') : duplicateMessage(ctx, def);
}

const duplicateMessage = (ctx: MasterContext, def: MasterDefinition) =>
  ctx.t('errors.duplicateKey', { field: fieldLabel(ctx.t, def, def.key[0]!) });

/**
 * Refused input is a 400, but when the only problem is a business key that another row holds it is
 * a 409: the answer the unique index gives when two requests race past this check together.
 */
function refusal(ctx: MasterContext, def: MasterDefinition, errors: FieldErrors): AppError {
  const field = def.key[0]!;
  const message = errors[field];
  if (Object.keys(errors).length !== 1 || message === undefined) return invalid(errors);
  if (message === ctx.t('errors.hiddenRegistered')) return new AppError(409, 'errors.hiddenRegistered', {}, errors);
  if (def.keyTaken && message === ctx.t(def.keyTaken)) return new AppError(409, def.keyTaken, {}, errors);
  if (message !== duplicateMessage(ctx, def)) return invalid(errors);
  return new AppError(409, 'errors.duplicateKey', { field: fieldLabel(ctx.t, def, field) }, errors);
}

/**
 * Is the referenced row live and visible to the caller? It is locked FOR SHARE until the transaction
 * ends: a concurrent deletion (which locks FOR UPDATE before counting references) waits for this
 * write and then sees the new reference, or this check waits for the deletion and finds no live row.
 */
export async function refVisible(ctx: MasterContext, ref: FieldRef, column: string, value: string | number) {
  const scope = ref.scope(ctx.actor);
  let query = ctx.db.selectFrom(ref.table).select('id').where(column, '=', value).where('deleted_at', 'is', null);
  if (scope) query = query.where(scope);
  return (await query.forShare(ref.table).executeTakeFirst()) as { id: number } | undefined;
}

/** Foreign keys that are new or changed must point at rows the caller can see. */
async function checkRefs(ctx: MasterContext, def: MasterDefinition, values: Values, errors: FieldErrors, existing?: Row) {
  for (const field of def.fields) {
    const value = values[field.name];
    if (!field.ref || errors[field.name] || value === null || value === undefined || typeof value === 'boolean') continue;
    if (existing && existing[field.name] === value) continue;
    if (!(await refVisible(ctx, field.ref, 'id', value))) {
      errors[field.name] = ctx.t('errors.refNotFound', { field: fieldLabel(ctx.t, def, field.name) });
    }
  }
}

/** Every rule a write must pass: each field, the business key, references, then the master's own rules. */
export async function validate(ctx: MasterContext, def: MasterDefinition, values: Values, errors: FieldErrors, existing?: Row) {
  if (keyChanged(def, values, existing)) await checkKey(ctx, def, values, errors, existing?.id);
  await checkRefs(ctx, def, values, errors, existing);
  if (Object.keys(errors).length === 0 && def.check) Object.assign(errors, await def.check(ctx, values, existing));
  return errors;
}

/** The columns to store: declared fields but the write-only ones, as the master converts them. */
export async function columnsOf(ctx: MasterContext, def: MasterDefinition, values: Values, existing?: Row) {
  const converted = def.toColumns ? await def.toColumns(ctx, values, existing) : values;
  const columns = { ...converted };
  for (const field of def.fields) if (field.writeOnly) delete columns[field.name];
  return columns;
}

/** A new row: every field read and checked as on any create, inserted with the given audit columns; its id. */
async function insertRecord(ctx: MasterContext, def: MasterDefinition, body: Record<string, unknown>, audit: Record<string, unknown>) {
  const { values, errors } = readFields(def, body, ctx.t);
  await validate(ctx, def, values, errors);
  if (Object.keys(errors).length > 0) throw refusal(ctx, def, errors);
  const columns = await columnsOf(ctx, def, values);
  const { id } = await ctx.db.insertInto(def.table).values({ ...columns, ...audit }).returning('id').executeTakeFirstOrThrow();
  await def.afterWrite?.(ctx, id, values);
  return id as number;
}

export async function createRecord(ctx: MasterContext, def: MasterDefinition, body: Record<string, unknown>) {
  const id = await insertRecord(ctx, def, body, { created_by: ctx.actor.id, updated_by: ctx.actor.id });
  return findRecord(ctx, def, id);
}

/**
 * 仮登録 from the driver app: the same field, key, reference and master checks as an admin's create;
 * the row is temporary (`temporary_registration_date`) until an admin approves it on the master's
 * approval screen. No user created it (`created_by` stays null). Returns the new row's id.
 */
export async function createTemporaryRecord(ctx: MasterContext, def: MasterDefinition, body: Record<string, unknown>): Promise<number> {
  if (!def.temporary) throw new Error(`The ${def.resource} master has no temporary rows`);
  return insertRecord(ctx, def, body, { temporary_registration_date: sql`now()` });
}

/** PUT replaces every field, PATCH only those sent. A `version` that is not the stored one is a 409. */
export async function updateRecord(
  ctx: MasterContext,
  def: MasterDefinition,
  id: number,
  body: Record<string, unknown>,
  partial: boolean,
) {
  const existing = await findRecord(ctx, def, id, true);
  if (body.version !== undefined && body.version !== null && Number(body.version) !== existing.version) throw conflict();
  const { values, errors } = readFields(def, body, ctx.t, partial);
  const merged: Values = { ...(pick(existing, def) as Values), ...values };
  await validate(ctx, def, merged, errors, existing);
  if (Object.keys(errors).length > 0) throw refusal(ctx, def, errors);
  const columns = await columnsOf(ctx, def, values, existing);
  const updated = await ctx.db
    .updateTable(def.table)
    .set({ ...columns, updated_by: ctx.actor.id, updated_at: sql`now()`, version: sql`version + 1` })
    .where('id', '=', id)
    .where('version', '=', existing.version)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) throw conflict();
  await def.afterWrite?.(ctx, id, merged);
  return findRecord(ctx, def, id);
}

/** The stored values of a row's writable fields. */
export function pick(row: Row, def: MasterDefinition) {
  return Object.fromEntries(def.fields.filter((f) => !f.writeOnly).map((f) => [f.name, row[f.name] ?? null]));
}

/**
 * Soft-deletes all or none, in a fixed number of queries whatever the batch size. The rows are locked
 * first (in id order, so two batches cannot deadlock), then the references counted: a transaction
 * adding a reference holds the row FOR SHARE, so it either finished before the count sees it or
 * waits and then finds the row deleted. An id outside the caller's scope refuses the whole batch.
 */
export async function deleteRecords(ctx: MasterContext, def: MasterDefinition, ids: number[]) {
  const rows = await withDisplay(def, visible(ctx, def, true))
    .where(`${def.table}.id`, 'in', ids)
    .orderBy(`${def.table}.id`)
    .forUpdate(def.table)
    .execute();
  if (rows.length !== new Set(ids).size) throw notFound();
  await def.checkDelete?.(ctx, ids);
  for (const reference of def.references) await refuseIfReferred(ctx, def, reference, ids);
  const softDelete = { deleted_at: sql`now()`, updated_by: ctx.actor.id, version: sql`version + 1` };
  await ctx.db.updateTable(def.table).set(softDelete).where('id', 'in', ids).execute();
  for (const owned of def.cascade ?? []) {
    await ctx.db.updateTable(owned.table).set(softDelete).where(owned.column, 'in', ids).where('deleted_at', 'is', null).execute();
  }
  return rows as Row[];
}

/** A live row that refers to one of the batch and is not itself in it blocks the deletion. */
async function refuseIfReferred(ctx: MasterContext, def: MasterDefinition, reference: Reference, ids: number[]) {
  let referring = ctx.db.selectFrom(reference.table).select('id').where(reference.column, 'in', ids).where('deleted_at', 'is', null);
  if (reference.table === def.table) referring = referring.where('id', 'not in', ids);
  if (await referring.limit(1).executeTakeFirst()) {
    throw new AppError(409, 'errors.inUse', { what: ctx.t(reference.labelKey) });
  }
}

/** An admin approves a temporary (仮登録) row: it becomes a regular one. */
export async function approveRecord(ctx: MasterContext, def: MasterDefinition, id: number) {
  await findRecord(ctx, def, id, true);
  await ctx.db
    .updateTable(def.table)
    .set({ temporary_registration_date: null, updated_by: ctx.actor.id, updated_at: sql`now()`, version: sql`version + 1` })
    .where('id', '=', id)
    .execute();
  return findRecord(ctx, def, id);
}
