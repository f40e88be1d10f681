import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import { isSuperAdmin, needsBaseCenter } from '../../common/permissions.js';
import type { Actor } from './actor.js';
import type { Database } from '../../db/types.js';

/**
 * The department and every department below it, at any depth (from the closure table: no recursion),
 * as the right-hand side of `column = …`: `any(array(…))` is computed once per statement, so the planner
 * has no join to order (an `in (select …)` semi-join doubled a list page's planning and made its count a
 * hash join over every row; see docs/performance.md).
 */
export function departmentSubtree(rootId: number) {
  return sql<number>`any(array(select descendant_id from department_closure where ancestor_id = ${rootId}))`;
}

/** The department and every department above it, as `departmentSubtree` is used. */
export function departmentAncestors(id: number) {
  return sql<number>`any(array(select ancestor_id from department_closure where descendant_id = ${id}))`;
}

/** Is `id` the department `rootId` or below it? */
export async function isInSubtree(db: Kysely<Database>, rootId: number, id: number): Promise<boolean> {
  const pair = db.selectFrom('department_closure').select('depth').where('ancestor_id', '=', rootId).where('descendant_id', '=', id);
  return Boolean(await pair.executeTakeFirst());
}

const NOTHING = sql<SqlBool>`false`;
/** `column` in the department `rootId`'s subtree. */
export const inSubtree = (column: string, rootId: number) => sql<SqlBool>`${sql.ref(column)} = ${departmentSubtree(rootId)}`;

/** A department user sees their department and its descendants; super admins see all; companies none. */
export function departmentScope(actor: Actor, column: string): Expression<SqlBool> | undefined {
  if (isSuperAdmin(actor)) return undefined;
  if (actor.departmentId === null) return NOTHING;
  return inSubtree(column, actor.departmentId);
}

/**
 * Records that belong to a delivery company and are based at a department (vehicles, drivers):
 * a company's own staff see their company's; department users those based in their subtree.
 */
export function companyScope(actor: Actor, companyColumn: string, departmentColumn: string): Expression<SqlBool> | undefined {
  if (isSuperAdmin(actor)) return undefined;
  if (actor.deliveryCompanyId !== null) return sql<SqlBool>`${sql.ref(companyColumn)} = ${actor.deliveryCompanyId}`;
  if (actor.departmentId === null) return NOTHING;
  return inSubtree(departmentColumn, actor.departmentId);
}

/** Delivery companies contracted in the caller's subtree, or above it (a branch's carriers serve its centers). */
export function contractedCompanyScope(actor: Actor, column: string): Expression<SqlBool> | undefined {
  if (isSuperAdmin(actor)) return undefined;
  if (actor.deliveryCompanyId !== null) return sql<SqlBool>`${sql.ref(column)} = ${actor.deliveryCompanyId}`;
  if (actor.departmentId === null) return NOTHING;
  return sql<SqlBool>`${sql.ref(column)} in (select id from delivery_companies where department_id = ${departmentSubtree(actor.departmentId)} or department_id = ${departmentAncestors(actor.departmentId)})`;
}

/** Stores served by a direction of the caller's subtree, and stores not yet given a direction. */
export function destinationScope(actor: Actor): Expression<SqlBool> | undefined {
  if (isSuperAdmin(actor)) return undefined;
  if (actor.departmentId === null) return NOTHING;
  return sql<SqlBool>`(delivery_destinations.direction_id is null or delivery_destinations.direction_id in (select id from directions where department_id = ${departmentSubtree(actor.departmentId)}))`;
}

/** Admin users of the caller's subtree and of the delivery companies contracted there; a company's own. */
export function userScope(actor: Actor): Expression<SqlBool> | undefined {
  if (isSuperAdmin(actor)) return undefined;
  if (actor.deliveryCompanyId !== null) return sql<SqlBool>`users.delivery_company_id = ${actor.deliveryCompanyId}`;
  if (actor.departmentId === null) return NOTHING;
  const subtree = departmentSubtree(actor.departmentId);
  return sql<SqlBool>`(users.department_id = ${subtree} or users.delivery_company_id in (select id from delivery_companies where department_id = ${subtree}))`;
}

/**
 * Trips as SQL on `va` (vehicle_allocations): department users those planned in their subtree, a
 * delivery company's staff the trips assigned to their company, super admins all.
 */
export function tripScope(actor: Actor): Expression<SqlBool> | undefined {
  if (isSuperAdmin(actor)) return undefined;
  if (actor.deliveryCompanyId !== null) return sql<SqlBool>`va.delivery_company_id = ${actor.deliveryCompanyId}`;
  return departmentScope(actor, 'va.department_id');
}

/**
 * Deliveries as SQL on `d`: department users their subtree's centers' (the (department_id, date) index
 * searched with the subtree's ids); a delivery company's staff the deliveries on their company's trips;
 * super admins all.
 */
export function deliveryScope(actor: Actor): Expression<SqlBool> | undefined {
  if (isSuperAdmin(actor) || actor.deliveryCompanyId === null) return departmentScope(actor, 'd.department_id');
  return sql<SqlBool>`d.vehicle_allocation_id in (select id from vehicle_allocations where delivery_company_id = ${actor.deliveryCompanyId})`;
}

/** The deliveries a department user may write, as SQL on `d`: their subtree's (carriers never write). */
export function deliveryWriteScope(actor: Actor): Expression<SqlBool> | undefined {
  return departmentScope(actor, 'd.department_id');
}

/** A department user's vehicle or driver without a base center (common's `needsBaseCenter`). */
export function needsBase(actor: Actor, baseDepartmentId: unknown): boolean {
  return needsBaseCenter(actor) && (baseDepartmentId === null || baseDepartmentId === undefined);
}
