import { sql, type SqlBool } from 'kysely';
import { TRIP_STATUS } from '../../common/allocation.js';
import { LOAD_UNIT } from '../../common/enums.js';
import type { TripKind } from '../../db/types.js';
import type { Actor } from '../auth/actor.js';
import { departmentScope, departmentSubtree } from '../auth/scope.js';
import type { Executor } from '../../db/executor.js';
import { tripRowQuery, tripScope } from './repository.js';

/**
 * Queries of transfers between centers (前日受け / 当日受け). A pair of centers is a lane; a lane is seen
 * when the caller's scope holds one of its centers and, with a center chosen, one of them is in its subtree.
 */

export type TransferKind = Exclude<TripKind, 'store_direct'>;

/** The lane of these two columns visible to the caller, and touching the chosen center's subtree. */
function laneVisible(actor: Actor, departmentId: number | undefined, origin: string, destination: string) {
  const conditions: ReturnType<typeof sql<SqlBool>>[] = [];
  const scope = departmentScope(actor, origin);
  if (scope) conditions.push(sql<SqlBool>`(${scope} or ${departmentScope(actor, destination)!})`);
  if (departmentId !== undefined) {
    conditions.push(sql<SqlBool>`(${sql.ref(origin)} = ${departmentSubtree(departmentId)} or ${sql.ref(destination)} = ${departmentSubtree(departmentId)})`);
  }
  return conditions.length ? sql<SqlBool>`${sql.join(conditions, sql` and `)}` : sql<SqlBool>`true`;
}

/** The deliveries of a day that go from their shipping center to another center's direction, per lane: pallets, cage carts, kg. */
export function transferDemand(db: Executor, actor: Actor, deliveryDate: string, departmentId: number | undefined) {
  return db
    .selectFrom('deliveries as d')
    .innerJoin('delivery_destinations as dd', 'dd.id', 'd.delivery_destination_id')
    .innerJoin('directions as dir', 'dir.id', 'dd.direction_id')
    .select([
      'd.department_id as origin',
      'dir.department_id as destination',
      sql<number>`coalesce(sum(d.quantity) filter (where d.load_unit = ${sql.lit(LOAD_UNIT.pallet)}), 0)::int`.as('pallets'),
      sql<number>`coalesce(sum(d.quantity) filter (where d.load_unit = ${sql.lit(LOAD_UNIT.cageCart)}), 0)::int`.as('cage_carts'),
      sql<number>`coalesce(sum(d.weight), 0)::float8`.as('weight'),
    ])
    .where('d.date', '=', deliveryDate)
    .where('d.deleted_at', 'is', null)
    .where(sql<SqlBool>`dir.department_id <> d.department_id`)
    .where(laneVisible(actor, departmentId, 'd.department_id', 'dir.department_id'))
    .groupBy(['d.department_id', 'dir.department_id'])
    .execute();
}

/** The caller's trips of the kind that day, planned by, from or to the chosen center's subtree. */
export function ownTransferTrips(db: Executor, actor: Actor, date: string, kind: TransferKind, departmentId: number | undefined) {
  let query = tripRowQuery(db).where('va.date', '=', date).where('va.kind', '=', kind).where('va.status', '<>', TRIP_STATUS.cancelled);
  const scope = tripScope(actor);
  if (scope) query = query.where(scope);
  if (departmentId !== undefined) {
    const subtree = departmentSubtree(departmentId);
    query = query.where(
      sql<SqlBool>`(va.department_id = ${subtree} or va.origin_department_id = ${subtree} or va.destination_department_id = ${subtree})`,
    );
  }
  return query.orderBy('va.trip_no').orderBy('va.id').execute();
}

/** The lanes' trips another center plans (a truck coming in, or one already covering the lane): every trip of the kind that day on a visible lane but `own`. */
export function otherTransferTrips(db: Executor, actor: Actor, date: string, kind: TransferKind, departmentId: number | undefined, own: { id: number }[]) {
  let query = tripRowQuery(db)
    .where('va.date', '=', date)
    .where('va.kind', '=', kind)
    .where('va.status', '<>', TRIP_STATUS.cancelled)
    .where(laneVisible(actor, departmentId, 'va.origin_department_id', 'va.destination_department_id'));
  if (own.length) query = query.where('va.id', 'not in', own.map((trip) => trip.id));
  return query.orderBy('d.name').orderBy('va.trip_no').execute();
}

/** What the trips of the kind that day carry per lane: pallets and cage carts (whoever plans them). */
export function transferCoverage(db: Executor, actor: Actor, date: string, kind: TransferKind, departmentId: number | undefined) {
  return db
    .selectFrom('vehicle_allocations as va')
    .select([
      'va.origin_department_id as origin',
      'va.destination_department_id as destination',
      sql<number>`coalesce(sum(va.quantity) filter (where va.load_unit = ${sql.lit(LOAD_UNIT.pallet)}), 0)::int`.as('covered_pallets'),
      sql<number>`coalesce(sum(va.quantity) filter (where va.load_unit = ${sql.lit(LOAD_UNIT.cageCart)}), 0)::int`.as('covered_cage_carts'),
    ])
    .where('va.date', '=', date)
    .where('va.kind', '=', kind)
    .where('va.status', '<>', TRIP_STATUS.cancelled)
    .where('va.deleted_at', 'is', null)
    .where(laneVisible(actor, departmentId, 'va.origin_department_id', 'va.destination_department_id'))
    .groupBy(['va.origin_department_id', 'va.destination_department_id'])
    .execute();
}

/** Departments' names by id. */
export async function departmentNames(db: Executor, ids: number[]) {
  const rows = ids.length ? await db.selectFrom('departments').select(['id', 'name']).where('id', 'in', ids).execute() : [];
  return new Map(rows.map((d) => [d.id, d.name]));
}

/**
 * The day's other trips (store-direct or of the other transfer kind) on the center's vehicles and on the
 * vehicles of the listed trips: the time chart shows them read only, so the planner sees when a truck is free.
 */
export async function busyVehicles(db: Executor, actor: Actor, date: string, departmentId: number | undefined, listed: { id: number; vehicle_id: number | null }[]) {
  const listedVehicles = [...new Set(listed.flatMap((trip) => (trip.vehicle_id === null ? [] : [trip.vehicle_id])))];
  if (departmentId === undefined && listedVehicles.length === 0) return [];
  let query = tripRowQuery(db)
    .where('va.date', '=', date)
    .where('va.status', '<>', TRIP_STATUS.cancelled)
    .where((eb) =>
      eb.or([
        ...(departmentId === undefined ? [] : [eb('v.base_department_id', '=', departmentSubtree(departmentId))]),
        ...(listedVehicles.length ? [eb('va.vehicle_id', 'in', listedVehicles)] : []),
      ]),
    );
  const scope = tripScope(actor);
  if (scope) query = query.where(scope);
  if (listed.length) query = query.where('va.id', 'not in', listed.map((trip) => trip.id));
  return query.orderBy('va.planned_loading_start').orderBy('va.id').execute();
}
