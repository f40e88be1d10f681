import { type Compilable, type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { DeliverySort } from '../../common/deliveries.js';
import { isSuperAdmin } from '../../common/permissions.js';
import { afterKey, pagesByDateAndId } from '../../db/pages.js';
import type { Executor } from '../../db/executor.js';
import { updateAtVersion, writtenBy } from '../../db/versioned.js';
import { STOP_PROGRESS, tripsWithNames } from '../allocation/repository.js';
import type { Actor } from '../auth/actor.js';
import { deliveryScope, deliveryWriteScope, departmentSubtree, destinationScope, inSubtree } from '../auth/scope.js';
import type { DeliveryFilters, DeliveryListQuery } from './schemas.js';


/** The largest page a list answers, whatever `_end` asks. */
export const MAX_PAGE = 500;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The filtered deliveries of a bounded date range, as conditions on `d` only (trip and store filters
 * as subqueries), so that the count needs no join and the page joins only its own rows' names.
 */
function filtered(db: Executor, actor: Actor, filters: DeliveryFilters) {
  let query = db
    .selectFrom('deliveries as d')
    .where('d.deleted_at', 'is', null)
    .where('d.date', '>=', filters.date_from)
    .where('d.date', '<=', filters.date_to);
  const scope = deliveryScope(actor);
  if (scope) query = query.where(scope);
  if (filters.department_id !== undefined) query = query.where(inSubtree('d.department_id', filters.department_id));
  if (filters.vehicle_allocation_id !== undefined) query = query.where('d.vehicle_allocation_id', '=', filters.vehicle_allocation_id);
  if (filters.delivery_company_id !== undefined) {
    query = query.where(sql<SqlBool>`d.vehicle_allocation_id in (select id from vehicle_allocations where delivery_company_id = ${filters.delivery_company_id})`);
  }
  if (filters.driver_id !== undefined) {
    query = query.where(sql<SqlBool>`d.vehicle_allocation_id in (select id from vehicle_allocations where driver_id = ${filters.driver_id})`);
  }
  if (filters.status?.length) query = query.where('d.status', 'in', filters.status);
  if (filters.delivery_delay_status?.length) query = query.where('d.delivery_delay_status', 'in', filters.delivery_delay_status);
  const q = filters.q?.trim();
  if (q) {
    const like = `%${escapeLike(q)}%`;
    query = query.where(
      sql<SqlBool>`(d.slip_number ilike ${like} or d.order_number ilike ${like} or d.item_name ilike ${like} or d.item_code ilike ${like}
        or d.delivery_destination_id in (select id from delivery_destinations where customer_store_name ilike ${like}))`,
    );
  }
  return query;
}

const deliveryRoute = sql<string | null>`coalesce(va.route_name, '便' || va.trip_no)`;

/**
 * The list's row: the delivery with its center's, store's and trip's names, in the same statement
 * (never a query per row), every name by a join. The statements are prepared and planned once
 * (db/prepared.ts), so the joins' planning is paid once per connection; at execution they are the
 * cheaper form: the center's, vehicle's and company's names as scalar lookups cost PostgreSQL a scan
 * started again for each of the page's rows (docs/performance.md, delivery list).
 */
function withNames(query: ReturnType<typeof filtered>) {
  return query
    .innerJoin('delivery_destinations as dd', 'dd.id', 'd.delivery_destination_id')
    .leftJoin('vehicle_allocations as va', 'va.id', 'd.vehicle_allocation_id')
    .leftJoin('drivers as dr', 'dr.id', 'va.driver_id')
    .innerJoin('departments as center', 'center.id', 'd.department_id')
    .leftJoin('vehicles as v', 'v.id', 'va.vehicle_id')
    .leftJoin('delivery_companies as dc', 'dc.id', 'va.delivery_company_id')
    .leftJoin('allocation_stops as s', (join) => join.onRef('s.vehicle_allocation_id', '=', 'd.vehicle_allocation_id').onRef('s.seq', '=', 'd.stop_seq'))
    .select([
      'd.id',
      'd.version',
      'd.date',
      'd.department_id',
      'center.name as department_name',
      'd.delivery_destination_id',
      'dd.delivery_code',
      'dd.customer_store_name as store_name',
      'dd.customer_company_name',
      'dd.customer_address as address',
      'd.customer_id',
      'd.order_number',
      'd.slip_number',
      'd.item_code',
      'd.item_name',
      'd.quantity',
      'd.load_unit',
      'd.volume',
      'd.weight',
      'd.status',
      'd.vehicle_allocation_id',
      'd.stop_seq',
      'va.trip_no',
      'va.route_name',
      deliveryRoute.as('delivery_route'),
      'va.vehicle_id',
      'v.vehicle_number',
      'va.driver_id',
      'dr.name as driver_name',
      'va.delivery_company_id',
      'dc.name as delivery_company_name',
      'va.planned_departure',
      'd.estimated_arrival_time',
      'd.delivery_delay_status',
      'd.report_time',
      'd.report_location',
      'd.handled_at',
      'd.updated_at',
      ...STOP_PROGRESS,
    ]);
}

export type DeliveryRowData = Awaited<ReturnType<ReturnType<typeof withNames>['executeTakeFirstOrThrow']>>;

const SORT_COLUMNS = {
  date: sql`d.date`,
  slip_number: sql`d.slip_number`,
  estimated_arrival_time: sql`d.estimated_arrival_time`,
  store_name: sql`dd.customer_store_name`,
  status: sql`d.status`,
  delivery_route: deliveryRoute,
  driver_name: sql`dr.name`,
} as const;

/** The joins a sort needs before the page is cut (the other names are joined for the page's rows only). */
function joinedForSort(query: ReturnType<typeof filtered>, sort: DeliverySort) {
  if (sort === 'store_name') return query.innerJoin('delivery_destinations as dd', 'dd.id', 'd.delivery_destination_id');
  if (sort === 'delivery_route') return query.leftJoin('vehicle_allocations as va', 'va.id', 'd.vehicle_allocation_id');
  if (sort === 'driver_name') {
    return query.leftJoin('vehicle_allocations as va', 'va.id', 'd.vehicle_allocation_id').leftJoin('drivers as dr', 'dr.id', 'va.driver_id');
  }
  return query;
}

/** A list query, whichever joins its sort added: it orders by a sort column, the date and the id. */
interface Orderable<Q> {
  orderBy(expression: RawBuilder<unknown> | 'd.date' | 'd.id', direction: 'asc' | 'desc'): Q;
}

/** Orders a list query by the chosen column, then by date and id, so pages never overlap. */
function ordered<Q extends Orderable<Q>>(query: Q, sort: DeliverySort, direction: 'asc' | 'desc'): Q {
  let result = query.orderBy(SORT_COLUMNS[sort], direction);
  if (sort !== 'date') result = result.orderBy('d.date', direction);
  return result.orderBy('d.id', direction);
}

/** The row's timestamps: the page comes back as JSON, where they are text, and are made Dates again. */
const ROW_TIMESTAMPS = [
  'planned_departure',
  'estimated_arrival_time',
  'report_time',
  'handled_at',
  'updated_at',
  'wait_started_at',
  'wait_ended_at',
  'work_started_at',
  'work_ended_at',
] as const satisfies readonly (keyof DeliveryRowData)[];

type PageRow = DeliveryRowData & { total: number };

function withDates(row: PageRow): PageRow {
  for (const key of ROW_TIMESTAMPS) {
    const value: unknown = row[key];
    if (typeof value === 'string') row[key] = new Date(value);
  }
  return row;
}

/**
 * The page's rows as one JSON array that the database builds, in the page's order (every sort column
 * is one of the row's own). One value rather than 50 rows of 37 columns: the embedded database sends
 * each row through its emulated protocol and its JavaScript parses every field, which was a third of
 * a page's time there (docs/performance.md, "The delivery page as one JSON value").
 */
async function asOneValue(db: Executor, page: Compilable & Expression<unknown>, sort: DeliverySort, direction: 'asc' | 'desc') {
  const order = sql.raw(direction);
  const { rows } = await sql<{ rows: PageRow[] }>`
    select coalesce(json_agg(p order by ${sql.ref(`p.${sort}`)} ${order}, p.date ${order}, p.id ${order}), '[]') as rows
    from (${page}) as p`.execute(db);
  return rows[0]!.rows.map(withDates);
}

/**
 * A page of the list and the total in one statement: the page first picks its rows' ids in order (by
 * slip number or date straight from an index, without reading the rows), then joins the names of those
 * 50 rows only, as one JSON value (`asOneValue`); the total is an uncorrelated subquery, counted once.
 * One round trip rather than two: on a virtual machine each statement sent costs the server a system
 * call that wakes the database (docs/performance.md, "One statement per page"). A page past the end
 * has no row to carry the total, which is then counted on its own.
 */
export async function listDeliveries(db: Executor, actor: Actor, query: DeliveryListQuery) {
  const start = query._start ?? 0;
  const end = Math.min(start + MAX_PAGE, Math.max(start, query._end ?? start + 50));
  const direction = query._order === 'desc' ? 'desc' : 'asc';
  const sort = query._sort ?? 'date';
  const base = filtered(db, actor, query);
  const counted = base.select((eb) => eb.fn.countAll<number>().as('total'));
  const pageIds = ordered(joinedForSort(base, sort).select('d.id'), sort, direction).limit(end - start).offset(start);
  const page = withNames(db.selectFrom('deliveries as d').where('d.id', 'in', pageIds)).select(counted.as('total'));
  const rows = await asOneValue(db, page, sort, direction);
  const total = rows.length ? rows[0]!.total : (await counted.executeTakeFirstOrThrow()).total;
  return { rows, total: Number(total) };
}

/** The export's rows a page at a time, in (date, id) order: memory stays flat. */
export const exportPages = (db: Executor, actor: Actor, filters: DeliveryFilters, pageSize = 1000) =>
  pagesByDateAndId((after, size) => {
    const query = filtered(db, actor, filters);
    return withNames(after ? query.where(afterKey('d', after)) : query).orderBy('d.date').orderBy('d.id').limit(size).execute();
  }, pageSize);

/** One live delivery in the caller's scope, with its names; `forWrite` locks it (and uses the write scope). */
export async function findDelivery(db: Executor, actor: Actor, id: number, forWrite = false) {
  let query = db.selectFrom('deliveries as d').where('d.id', '=', id).where('d.deleted_at', 'is', null);
  const scope = forWrite ? deliveryWriteScope(actor) : deliveryScope(actor);
  if (scope) query = query.where(scope);
  if (forWrite) {
    const locked = await query.select(['d.id']).forUpdate().executeTakeFirst();
    if (!locked) return undefined;
  }
  return withNames(query).executeTakeFirst();
}

/** The trip and the stop a delivery is carried on, for its detail. */
export async function tripAndStop(db: Executor, tripId: number | null, seq: number | null) {
  if (tripId === null) return { trip: null, stop: null };
  const trip = await tripsWithNames(db)
    .select([
      'va.id',
      'va.trip_no',
      'va.route_name',
      'va.status',
      'v.vehicle_number',
      'drv.name as driver_name',
      'va.planned_loading_start',
      'va.planned_departure',
      'va.planned_arrival',
      'va.confirmed_at',
    ])
    .where('va.id', '=', tripId)
    .executeTakeFirst();
  const stop =
    seq === null
      ? undefined
      : await db
          .selectFrom('allocation_stops')
          .select([
            'seq',
            'planned_arrival',
            'arrived_at',
            'departed_at',
            'wait_started_at',
            'wait_ended_at',
            'wait_minutes',
            'work_started_at',
            'work_ended_at',
            'work_content',
            'consignee_confirmed',
            'arrival_latitude',
            'arrival_longitude',
          ])
          .where('vehicle_allocation_id', '=', tripId)
          .where('seq', '=', seq)
          .executeTakeFirst();
  return { trip: trip ?? null, stop: stop ?? null };
}

/** A live center (level 4) the caller may place deliveries in; locked FOR SHARE so it cannot be deleted meanwhile. */
export async function writableCenter(db: Executor, actor: Actor, departmentId: number) {
  let query = db.selectFrom('departments').select(['id', 'level']).where('id', '=', departmentId).where('deleted_at', 'is', null);
  if (!isSuperAdmin(actor)) {
    if (actor.departmentId === null) return undefined;
    query = query.where('id', '=', departmentSubtree(actor.departmentId));
  }
  return query.forShare().executeTakeFirst();
}

/** A live store the caller can see, locked FOR SHARE. */
export async function visibleDestination(db: Executor, actor: Actor, id: number) {
  let query = db.selectFrom('delivery_destinations').select('id').where('id', '=', id).where('deleted_at', 'is', null);
  const scope = destinationScope(actor);
  if (scope) query = query.where(scope);
  return query.forShare().executeTakeFirst();
}

export async function liveCustomer(db: Executor, id: number) {
  return db.selectFrom('customers').select('id').where('id', '=', id).where('deleted_at', 'is', null).forShare().executeTakeFirst();
}

/** Another live delivery holding this (date, slip, item code). */
export async function keyHolder(db: Executor, date: string, slip: string, itemCode: string | null, exceptId?: number) {
  let query = db
    .selectFrom('deliveries')
    .select('id')
    .where('deleted_at', 'is', null)
    .where('date', '=', date)
    .where('slip_number', '=', slip)
    .where(sql<SqlBool>`coalesce(item_code, '') = ${itemCode ?? ''}`);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return query.executeTakeFirst();
}

export interface DeliveryColumns {
  date: string;
  department_id: number;
  delivery_destination_id: number;
  slip_number: string;
  quantity: number;
  load_unit: number;
  customer_id: number | null;
  order_number: string | null;
  item_code: string | null;
  item_name: string | null;
  volume: number | null;
  weight: number | null;
}

export async function insertDelivery(db: Executor, actorId: number, values: DeliveryColumns) {
  const row = await db
    .insertInto('deliveries')
    .values({ ...values, created_by: actorId, updated_by: actorId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Writes the changed columns if the version still matches; false when it moved on. */
export function updateDelivery(db: Executor, actorId: number, id: number, version: number, values: Partial<DeliveryColumns>) {
  return updateAtVersion(db, 'deliveries', { id, version }, actorId, values);
}

/** The caller's live deliveries among `ids`, locked in id order (two batches cannot deadlock). */
export async function lockForDelete(db: Executor, actor: Actor, ids: number[]) {
  let query = db
    .selectFrom('deliveries as d')
    .select(['d.id', 'd.version', 'd.slip_number', 'd.vehicle_allocation_id'])
    .where('d.id', 'in', ids)
    .where('d.deleted_at', 'is', null);
  const scope = deliveryWriteScope(actor);
  if (scope) query = query.where(scope);
  return query.orderBy('d.id').forUpdate().execute();
}

/** Soft-deletes the rows in one statement. */
export async function softDelete(db: Executor, actorId: number, ids: number[]) {
  const result = await db
    .updateTable('deliveries')
    .set({ deleted_at: sql`now()`, ...writtenBy(actorId) })
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
