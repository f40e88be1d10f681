import { type Kysely, sql } from 'kysely';
import { AppError, conflict, type FieldErrors, invalid, notFound } from '../errors.js';
import type { FieldRef, MasterContext, MasterDefinition, Row, Values } from './definition.js';
import { lookup } from './display.js';
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

function withDisplay(ctx: MasterContext, def: MasterDefinition, query: ReturnType<typeof visible>) {
  const display = Object.entries(def.display ?? {});
  return query
    .selectAll(def.table)
    .select(display.map(([alias, column]) => sql`${lookup(ctx.db, def.table, column)}`.as(alias)));
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listRecords(ctx: MasterContext, def: MasterDefinition, query: ListQuery) {
  let filtered = visible(ctx, def);
  const search = query.q?.trim();
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    filtered = filtered.where((eb) => eb.or(def.search.map((column) => eb(`${def.table}.${column}`, 'ilike', pattern))));
  }
  for (const column of [...def.filters, 'id']) {
    const value = query[column];
    if (value === undefined || value === '') continue;
    filtered = Array.isArray(value)
      ? filtered.where(`${def.table}.${column}`, 'in', value)
      : filtered.where(`${def.table}.${column}`, '=', value);
  }
  if (def.temporary && (query.temporary === '1' || query.temporary === '0')) {
    filtered = filtered.where(`${def.table}.temporary_registration_date`, query.temporary === '1' ? 'is not' : 'is', null);
  }
  const { total } = await filtered
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const start = Math.max(0, Number(query._start ?? 0));
  const end = Math.min(start + MAX_PAGE, Math.max(start, Number(query._end ?? start + 10)));
  let page = withDisplay(ctx, def, filtered);
  const orders = (query._order ?? 'asc').split(',');
  (query._sort ?? '').split(',').forEach((column, i) => {
    if (def.sorts.includes(column)) page = page.orderBy(`${def.table}.${column}`, orders[i] === 'desc' ? 'desc' : 'asc');
  });
  const rows = await page.orderBy(`${def.table}.id`).limit(end - start).offset(start).execute();
  return { rows: rows as Row[], total: Number(total) };
}

/** One live row in the actor's scope; anything else is a 404 that does not tell whether it exists. */
export async function findRecord(ctx: MasterContext, def: MasterDefinition, id: number, forWrite = false): Promise<Row> {
  const row = await withDisplay(ctx, def, visible(ctx, def, forWrite)).where(`${def.table}.id`, '=', id).executeTakeFirst();
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

/** Keys are unique among live rows; a soft-deleted holder gets the "hidden but registered" message. */
async function checkKey(ctx: MasterContext, def: MasterDefinition, values: Values, errors: FieldErrors, selfId?: number) {
  const field = def.key[0]!;
  if (def.key.some((column) => errors[column])) return;
  const holder = await findByKey(ctx.db, def, values);
  if (!holder || holder.id === selfId) return;
  errors[field] = ctx.t(holder.deleted_at ? 'errors.hiddenRegistered' : 'errors.duplicateCode');
}

/** Is the referenced row live and visible to the caller? */
export async function refVisible(ctx: MasterContext, ref: FieldRef, column: string, value: string | number) {
  const scope = ref.scope(ctx.actor);
  let query = ctx.db.selectFrom(ref.table).select('id').where(column, '=', value).where('deleted_at', 'is', null);
  if (scope) query = query.where(scope);
  return (await query.executeTakeFirst()) as { id: number } | undefined;
}

/** Foreign keys that are new or changed must point at rows the caller can see. */
async function checkRefs(ctx: MasterContext, def: MasterDefinition, values: Values, errors: FieldErrors, existing?: Row) {
  for (const field of def.fields) {
    const value = values[field.name];
    if (!field.ref || errors[field.name] || value === null || value === undefined) continue;
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

export async function createRecord(ctx: MasterContext, def: MasterDefinition, body: Record<string, unknown>) {
  const { values, errors } = readFields(def, body, ctx.t);
  await validate(ctx, def, values, errors);
  if (Object.keys(errors).length > 0) throw invalid(errors);
  const columns = await columnsOf(ctx, def, values);
  const { id } = await ctx.db
    .insertInto(def.table)
    .values({ ...columns, created_by: ctx.actor.id, updated_by: ctx.actor.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  await def.afterWrite?.(ctx, id, values);
  return findRecord(ctx, def, id);
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
  if (Object.keys(errors).length > 0) throw invalid(errors);
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

function pick(row: Row, def: MasterDefinition) {
  return Object.fromEntries(def.fields.filter((f) => !f.writeOnly).map((f) => [f.name, row[f.name] ?? null]));
}

/** Soft-deletes all or none; a row still referred to by a live row outside the batch blocks it. */
export async function deleteRecords(ctx: MasterContext, def: MasterDefinition, ids: number[]) {
  const rows = [];
  for (const id of ids) rows.push(await findRecord(ctx, def, id, true));
  await def.checkDelete?.(ctx, ids);
  for (const reference of def.references) {
    let referring = ctx.db
      .selectFrom(reference.table)
      .select('id')
      .where(reference.column, 'in', ids)
      .where('deleted_at', 'is', null);
    if (reference.table === def.table) referring = referring.where('id', 'not in', ids);
    if (await referring.executeTakeFirst()) {
      throw new AppError(409, 'errors.inUse', { what: ctx.t(reference.labelKey) });
    }
  }
  const softDelete = { deleted_at: sql`now()`, updated_by: ctx.actor.id, version: sql`version + 1` };
  await ctx.db.updateTable(def.table).set(softDelete).where('id', 'in', ids).execute();
  for (const owned of def.cascade ?? []) {
    await ctx.db.updateTable(owned.table).set(softDelete).where(owned.column, 'in', ids).where('deleted_at', 'is', null).execute();
  }
  return rows;
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
