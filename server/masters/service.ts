import { type Kysely, sql } from 'kysely';
import { AppError, conflict, type FieldErrors, invalid, notFound } from '../errors.js';
import type { MasterContext, MasterDefinition, Row, Values } from './definition.js';
import { readFields } from './fields.js';

export interface ListQuery {
  _start?: number;
  _end?: number;
  _sort?: string;
  _order?: string;
  q?: string;
  [filter: string]: unknown;
}

const MAX_PAGE = 500;

/** Live rows of the master that the actor may see. */
function visible(ctx: MasterContext, def: MasterDefinition) {
  const scope = def.scope(ctx.actor);
  let query = ctx.db.selectFrom(def.table).where(`${def.table}.deleted_at`, 'is', null);
  if (scope) query = query.where(scope);
  return query;
}

function withDisplay(ctx: MasterContext, def: MasterDefinition, query: ReturnType<typeof visible>) {
  const display = def.displayColumns?.(ctx.db, def.table) ?? {};
  return query
    .selectAll(def.table)
    .select(Object.entries(display).map(([alias, expression]) => sql`${expression}`.as(alias)));
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
export async function findRecord(ctx: MasterContext, def: MasterDefinition, id: number): Promise<Row> {
  const row = await withDisplay(ctx, def, visible(ctx, def)).where(`${def.table}.id`, '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return row as Row;
}

/** The most recent row holding this code, live or soft-deleted, whatever its scope. */
export async function findByCode(db: Kysely<any>, def: MasterDefinition, code: string) {
  return (await db
    .selectFrom(def.table)
    .selectAll()
    .where(def.codeColumn, '=', code)
    .orderBy(sql`deleted_at is null`, 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst()) as (Row & { deleted_at: Date | null }) | undefined;
}

/** Codes are unique among live rows; a soft-deleted holder gets the "hidden but registered" message. */
async function checkCode(ctx: MasterContext, def: MasterDefinition, values: Values, errors: FieldErrors, selfId?: number) {
  const code = values[def.codeColumn];
  if (typeof code !== 'string' || errors[def.codeColumn]) return;
  const holder = await findByCode(ctx.db, def, code);
  if (!holder || holder.id === selfId) return;
  errors[def.codeColumn] = ctx.t(holder.deleted_at ? 'errors.hiddenRegistered' : 'errors.duplicateCode');
}

async function validate(ctx: MasterContext, def: MasterDefinition, values: Values, errors: FieldErrors, existing?: Row) {
  if (!existing || values[def.codeColumn] !== existing[def.codeColumn]) {
    await checkCode(ctx, def, values, errors, existing?.id);
  }
  if (Object.keys(errors).length === 0 && def.check) Object.assign(errors, await def.check(ctx, values, existing));
  if (Object.keys(errors).length > 0) throw invalid(errors);
}

export async function createRecord(ctx: MasterContext, def: MasterDefinition, body: Record<string, unknown>) {
  const { values, errors } = readFields(def, body, ctx.t);
  await validate(ctx, def, values, errors);
  const { id } = await ctx.db
    .insertInto(def.table)
    .values({ ...values, created_by: ctx.actor.id, updated_by: ctx.actor.id })
    .returning('id')
    .executeTakeFirstOrThrow();
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
  const existing = await findRecord(ctx, def, id);
  if (body.version !== undefined && body.version !== null && Number(body.version) !== existing.version) throw conflict();
  const { values, errors } = readFields(def, body, ctx.t, partial);
  const merged: Values = { ...(pick(existing, def) as Values), ...values };
  await validate(ctx, def, merged, errors, existing);
  const updated = await ctx.db
    .updateTable(def.table)
    .set({ ...values, updated_by: ctx.actor.id, updated_at: sql`now()`, version: sql`version + 1` })
    .where('id', '=', id)
    .where('version', '=', existing.version)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) throw conflict();
  return findRecord(ctx, def, id);
}

function pick(row: Row, def: MasterDefinition) {
  return Object.fromEntries(def.fields.map((f) => [f.name, row[f.name] ?? null]));
}

/** Soft-deletes all or none; a row still referred to by a live row outside the batch blocks it. */
export async function deleteRecords(ctx: MasterContext, def: MasterDefinition, ids: number[]) {
  const rows = [];
  for (const id of ids) rows.push(await findRecord(ctx, def, id));
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
  await ctx.db
    .updateTable(def.table)
    .set({ deleted_at: sql`now()`, updated_by: ctx.actor.id, version: sql`version + 1` })
    .where('id', 'in', ids)
    .execute();
  return rows;
}
