import { type Expression, type SqlBool, sql } from 'kysely';
import { AUTHOR_MINE, type ShareSort, type ShareStatus } from '../../common/shares.js';
import type { Executor } from '../../db/executor.js';
import { updateAtVersion, writtenBy } from '../../db/versioned.js';
import type { Database } from '../../db/types.js';
import type { Actor, DriverActor } from '../auth/actor.js';
import { destinationScope } from '../auth/scope.js';
import type { DestinationQuery, ShareListQuery } from './schemas.js';


/** Who reads or writes: a user of the screens or a driver of the app. */
export type Viewer = { kind: 'user'; actor: Actor } | { kind: 'driver'; driver: DriverActor };

export const MAX_PAGE = 500;

/** simple-rest's `_start`/`_end` as a bounded page (50 rows unless asked, never more than MAX_PAGE). */
function pageOf(query: { _start?: number; _end?: number }) {
  const offset = query._start ?? 0;
  const end = Math.min(offset + MAX_PAGE, Math.max(offset, query._end ?? offset + 50));
  return { limit: end - offset, offset };
}

/**
 * The stores a viewer sees, as SQL on `delivery_destinations` (unaliased): a department user the
 * destination master's own scope (the stores of their subtree's directions, and stores without a
 * direction); a delivery company's staff the stores on their company's live trips; a driver the
 * stores on their own published (確定) trips; super admins every store.
 */
export function visibleDestinations(viewer: Viewer): Expression<SqlBool> | undefined {
  if (viewer.kind === 'driver') {
    return sql<SqlBool>`delivery_destinations.id in (select s.delivery_destination_id from allocation_stops s
      join vehicle_allocations va on va.id = s.vehicle_allocation_id
      where va.driver_id = ${viewer.driver.id} and va.deleted_at is null and va.confirmed_at is not null)`;
  }
  const { actor } = viewer;
  if (actor.deliveryCompanyId !== null && actor.level === 5) {
    return sql<SqlBool>`delivery_destinations.id in (select s.delivery_destination_id from allocation_stops s
      join vehicle_allocations va on va.id = s.vehicle_allocation_id
      where va.delivery_company_id = ${actor.deliveryCompanyId} and va.deleted_at is null)`;
  }
  return destinationScope(actor);
}

/** The columns that say who wrote a row (`t`: the share or comment), and whether it is the viewer. */
function authorColumns(viewer: Viewer, table: 'ds' | 'c') {
  const mine =
    viewer.kind === 'user'
      ? sql<boolean>`coalesce(${sql.ref(`${table}.author_user_id`)} = ${viewer.actor.id}, false)`
      : sql<boolean>`coalesce(${sql.ref(`${table}.author_driver_id`)} = ${viewer.driver.id}, false)`;
  return [
    sql<'user' | 'driver'>`case when ${sql.ref(`${table}.author_user_id`)} is null then 'driver' else 'user' end`.as('author_kind'),
    sql<string>`coalesce(au.name, adr.name, '')`.as('author_name'),
    mine.as('mine'),
  ] as const;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The live shares of stores the viewer sees, as `ds` joined to its store (`delivery_destinations`). */
function visibleShares(db: Executor, viewer: Viewer) {
  let query = db
    .selectFrom('destination_shares as ds')
    .innerJoin('delivery_destinations', 'delivery_destinations.id', 'ds.delivery_destination_id')
    .where('delivery_destinations.deleted_at', 'is', null);
  const scope = visibleDestinations(viewer);
  if (scope) query = query.where(scope);
  return query;
}

type ShareQuery = ReturnType<typeof visibleShares>;

function withColumns(query: ShareQuery, viewer: Viewer) {
  return query
    .leftJoin('users as au', 'au.id', 'ds.author_user_id')
    .leftJoin('drivers as adr', 'adr.id', 'ds.author_driver_id')
    .select([
      'ds.id',
      'ds.version',
      'ds.delivery_destination_id',
      'delivery_destinations.delivery_code',
      'delivery_destinations.customer_store_name as store_name',
      'delivery_destinations.customer_company_name',
      'delivery_destinations.customer_address as destination_address',
      'delivery_destinations.latitude as destination_latitude',
      'delivery_destinations.longitude as destination_longitude',
      'delivery_destinations.version as destination_version',
      'ds.title',
      'ds.body',
      'ds.category',
      'ds.corrected_address',
      'ds.latitude',
      'ds.longitude',
      'ds.status',
      ...authorColumns(viewer, 'ds'),
      sql<number>`(select count(*)::int from share_comments c where c.share_id = ds.id and c.deleted_at is null)`.as('comment_count'),
      sql<Date | null>`(select max(c.created_at) from share_comments c where c.share_id = ds.id and c.deleted_at is null)`.as('last_comment_at'),
      'ds.created_at',
      'ds.updated_at',
    ]);
}

const SORT_COLUMNS: Record<ShareSort, ReturnType<typeof sql>> = {
  id: sql`ds.id`,
  created_at: sql`ds.created_at`,
  updated_at: sql`ds.updated_at`,
  status: sql`ds.status`,
  category: sql`ds.category`,
  title: sql`ds.title`,
  store_name: sql`delivery_destinations.customer_store_name`,
};

function filtered(db: Executor, viewer: Viewer, filters: Omit<ShareListQuery, '_start' | '_end' | '_sort' | '_order'>) {
  let query = visibleShares(db, viewer);
  if (filters.id?.length) query = query.where('ds.id', 'in', filters.id);
  if (filters.delivery_destination_id !== undefined) query = query.where('ds.delivery_destination_id', '=', filters.delivery_destination_id);
  if (filters.category?.length) query = query.where('ds.category', 'in', filters.category);
  if (filters.status?.length) query = query.where('ds.status', 'in', filters.status);
  const author = filters.author?.trim();
  if (author === AUTHOR_MINE) {
    query = viewer.kind === 'user' ? query.where('ds.author_user_id', '=', viewer.actor.id) : query.where('ds.author_driver_id', '=', viewer.driver.id);
  } else if (author) {
    const like = `%${escapeLike(author)}%`;
    query = query.where(
      sql<SqlBool>`(ds.author_user_id in (select id from users where name ilike ${like}) or ds.author_driver_id in (select id from drivers where name ilike ${like}))`,
    );
  }
  const q = filters.q?.trim();
  if (q) {
    const like = `%${escapeLike(q)}%`;
    query = query.where(
      sql<SqlBool>`(ds.title ilike ${like} or ds.body ilike ${like} or ds.corrected_address ilike ${like}
        or delivery_destinations.customer_store_name ilike ${like} or delivery_destinations.delivery_code ilike ${like})`,
    );
  }
  return query;
}

/** A page of the list and its total. */
export async function listShares(db: Executor, viewer: Viewer, query: ShareListQuery) {
  const { limit, offset } = pageOf(query);
  const direction = query._order === 'asc' ? 'asc' : 'desc';
  const base = filtered(db, viewer, query);
  const page = withColumns(base, viewer)
    .orderBy(SORT_COLUMNS[query._sort ?? 'created_at'], direction)
    .orderBy('ds.id', direction)
    .limit(limit)
    .offset(offset);
  const [count, rows] = await Promise.all([base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(), page.execute()]);
  return { rows, total: Number(count.total) };
}

/** One share the viewer sees, with its names; undefined when missing or out of scope. */
export function findShare(db: Executor, viewer: Viewer, id: number) {
  return withColumns(visibleShares(db, viewer).where('ds.id', '=', id), viewer).executeTakeFirst();
}

/** The latest share a driver posted about a store, if still visible: what a note the phone sends again is answered with. */
export function latestDriverShare(db: Executor, viewer: Extract<Viewer, { kind: 'driver' }>, destinationId: number) {
  const latest = visibleShares(db, viewer)
    .where('ds.author_driver_id', '=', viewer.driver.id)
    .where('ds.delivery_destination_id', '=', destinationId)
    .orderBy('ds.id', 'desc')
    .limit(1);
  return withColumns(latest, viewer).executeTakeFirst();
}

/** The share locked for a write (FOR UPDATE of the share only), if the viewer sees it. */
export function lockShare(db: Executor, viewer: Viewer, id: number) {
  return visibleShares(db, viewer)
    .select(['ds.id', 'ds.version', 'ds.updated_by', 'ds.author_user_id', 'ds.author_driver_id', 'ds.delivery_destination_id', 'ds.status'])
    .where('ds.id', '=', id)
    .forUpdate(['ds'])
    .executeTakeFirst();
}

export type LockedShare = NonNullable<Awaited<ReturnType<typeof lockShare>>>;

/** A live store the viewer sees, locked FOR SHARE (it cannot be deleted while a share is written about it). */
export function visibleDestination(db: Executor, viewer: Viewer, id: number) {
  let query = db.selectFrom('delivery_destinations').select('id').where('id', '=', id).where('deleted_at', 'is', null);
  const scope = visibleDestinations(viewer);
  if (scope) query = query.where(scope);
  return query.forShare().executeTakeFirst();
}

/** The stores a viewer may write about, searched by code, name or address (the screens' selects). */
export function listDestinations(db: Executor, viewer: Viewer, query: DestinationQuery) {
  const { limit, offset } = pageOf(query);
  let rows = db
    .selectFrom('delivery_destinations')
    .select(['id', 'delivery_code', 'customer_store_name as store_name', 'customer_company_name', 'customer_address as address'])
    .where('deleted_at', 'is', null);
  const scope = visibleDestinations(viewer);
  if (scope) rows = rows.where(scope);
  if (query.id?.length) rows = rows.where('id', 'in', query.id);
  const q = query.q?.trim();
  if (q) {
    const like = `%${escapeLike(q)}%`;
    rows = rows.where(sql<SqlBool>`(delivery_code ilike ${like} or customer_store_name ilike ${like} or customer_company_name ilike ${like} or customer_address ilike ${like})`);
  }
  return rows.orderBy('delivery_code').orderBy('id').limit(limit).offset(offset).execute();
}

const author = (viewer: Viewer) =>
  viewer.kind === 'user' ? { author_user_id: viewer.actor.id, author_driver_id: null } : { author_user_id: null, author_driver_id: viewer.driver.id };

export interface ShareContent {
  title: string;
  body: string;
  category: Database['destination_shares']['category'];
  corrected_address: string | null;
  latitude: number | null;
  longitude: number | null;
}

export async function insertShare(db: Executor, viewer: Viewer, destinationId: number, content: ShareContent) {
  const row = await db
    .insertInto('destination_shares')
    .values({ ...content, delivery_destination_id: destinationId, ...author(viewer), updated_by: viewer.kind === 'user' ? viewer.actor.id : null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Writes the changed columns if the version still matches; false when it moved on. */
export function updateShare(db: Executor, actorId: number | null, id: number, version: number, set: Partial<ShareContent> & { status?: ShareStatus }) {
  return updateAtVersion(db, 'destination_shares', { id, version }, actorId, set);
}

/** Who changed a row last (a user's name), for the 409 that asks to reload. */
export async function userName(db: Executor, userId: number | null) {
  if (userId === null) return undefined;
  const row = await db.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirst();
  return row?.name;
}

/** The destination master row a correction is written to, locked FOR UPDATE, if the actor may edit it. */
export function lockDestinationForWrite(db: Executor, actor: Actor, id: number) {
  let query = db
    .selectFrom('delivery_destinations')
    .select(['id', 'version', 'updated_by'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null);
  const scope = destinationScope(actor);
  if (scope) query = query.where(scope);
  return query.forUpdate().executeTakeFirst();
}

export async function writeDestinationAddress(db: Executor, actorId: number, id: number, values: { customer_address: string; latitude: number; longitude: number }) {
  await db
    .updateTable('delivery_destinations')
    .set({ ...values, ...writtenBy(actorId) })
    .where('id', '=', id)
    .execute();
}

// ---- Comments ------------------------------------------------------------------------------------

function comments(db: Executor, viewer: Viewer, shareId: number) {
  return db
    .selectFrom('share_comments as c')
    .leftJoin('users as au', 'au.id', 'c.author_user_id')
    .leftJoin('drivers as adr', 'adr.id', 'c.author_driver_id')
    .select([
      'c.share_id',
      'c.idx',
      'c.body',
      ...authorColumns(viewer, 'c'),
      'c.latitude',
      'c.longitude',
      'c.version',
      'c.created_at',
      'c.updated_at',
    ])
    .where('c.share_id', '=', shareId)
    .where('c.deleted_at', 'is', null);
}

/** The thread in order (the share's visibility is checked by the caller). */
export function listComments(db: Executor, viewer: Viewer, shareId: number) {
  return comments(db, viewer, shareId).orderBy('c.idx').execute();
}

export function findComment(db: Executor, viewer: Viewer, shareId: number, idx: number) {
  return comments(db, viewer, shareId).where('c.idx', '=', idx).executeTakeFirst();
}

/**
 * Adds a comment numbered after every comment the share ever had (a deleted one's number is not
 * reused, so a link to it never shows another comment). The caller holds the share's row lock, so
 * two comments posted at once are numbered one after the other.
 */
export async function insertComment(db: Executor, viewer: Viewer, shareId: number, values: { body: string; latitude: number | null; longitude: number | null }) {
  const row = await db
    .insertInto('share_comments')
    .values((eb) => ({
      share_id: shareId,
      idx: eb.selectFrom('share_comments').select(sql<number>`coalesce(max(idx), 0) + 1`.as('next')).where('share_id', '=', shareId),
      ...values,
      ...author(viewer),
    }))
    .returning('idx')
    .executeTakeFirstOrThrow();
  await db.updateTable('destination_shares').set({ updated_at: sql`now()` }).where('id', '=', shareId).execute();
  return row.idx;
}

/** A live comment locked for a write. */
export function lockComment(db: Executor, shareId: number, idx: number) {
  return db
    .selectFrom('share_comments')
    .select(['id', 'version', 'author_user_id', 'author_driver_id'])
    .where('share_id', '=', shareId)
    .where('idx', '=', idx)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

export async function updateComment(db: Executor, id: number, body: string) {
  await db.updateTable('share_comments').set({ body, updated_at: sql`now()`, version: sql`version + 1` }).where('id', '=', id).execute();
}

export async function deleteComment(db: Executor, id: number) {
  await db.updateTable('share_comments').set({ deleted_at: sql`now()`, updated_at: sql`now()`, version: sql`version + 1` }).where('id', '=', id).execute();
}
