import { DEPARTMENT } from '../../common/masters/index.js';
import type { Kysely } from 'kysely';
import { isSuperAdmin } from '../../common/permissions.js';
import type { FieldErrors } from '../errors.js';
import { fieldsOf, type MasterContext, type MasterDefinition, type Row, type Values } from './definition.js';
import { lookup } from './display.js';
import { ensureOperationTimes } from './operation-time.js';
import { departmentRef } from './refs.js';
import { departmentScope, isInSubtree } from '../auth/scope.js';

/**
 * A live child at or above this level (the highest first). Its creation locked this department
 * FOR SHARE, and an edit locks it FOR UPDATE first, so no child can slip in between check and write.
 */
async function childAtOrAbove(db: Kysely<any>, id: number, level: number) {
  return (await db
    .selectFrom('departments')
    .select('code')
    .where('parent_id', '=', id)
    .where('deleted_at', 'is', null)
    .where('level', '<=', level)
    .orderBy('level')
    .executeTakeFirst()) as { code: string } | undefined;
}

/**
 * The parent's level, locked FOR SHARE: its own level cannot change under this write (a concurrent
 * edit of the parent waits, then finds this child in its check of the children).
 */
async function parentLevel(db: Kysely<any>, parentId: number) {
  const parent = await db.selectFrom('departments').select('level').where('id', '=', parentId).forShare().executeTakeFirst();
  return parent?.level as number | undefined;
}

/** A root is level 1 and only a super admin makes one. */
function checkRoot(ctx: MasterContext, level: number, existing: Row | undefined): FieldErrors {
  if (level !== 1) return { level: ctx.t('errors.rootLevel') };
  const parentChanged = !existing || existing.parent_id !== null || existing.deleted_at;
  if (parentChanged && !isSuperAdmin(ctx.actor)) return { parent_id: ctx.t('errors.rootOnlySuperAdmin') };
  return {};
}

/**
 * The tree's rules: every department sits below its parent's level and above its children's, and
 * never under itself or its own descendant. Screens and CSV import both come through here. (The
 * parent being visible to the caller is the generic reference check.)
 */
async function checkDepartment(ctx: MasterContext, values: Values, existing: Row | undefined): Promise<FieldErrors> {
  const parentId = values.parent_id as number | null;
  const level = values.level as number;
  if (parentId === null) {
    const errors = checkRoot(ctx, level, existing);
    if (Object.keys(errors).length > 0) return errors;
  } else {
    if (existing && (await isInSubtree(ctx.db, existing.id, parentId))) return { parent_id: ctx.t('errors.parentCycle') };
    const above = await parentLevel(ctx.db, parentId);
    if (above !== undefined && level <= above) return { level: ctx.t('errors.parentLevel') };
  }
  const child = existing && (await childAtOrAbove(ctx.db, existing.id, level));
  return child ? { level: ctx.t('errors.childLevel', { code: child.code }) } : {};
}

export const departmentMaster: MasterDefinition = {
  ...DEPARTMENT,
  table: 'departments',
  key: ['code'],
  fields: fieldsOf(DEPARTMENT.fields, { parent_id: departmentRef('parent_code') }),
  search: ['code', 'name', 'address'],
  sorts: ['id', 'code', 'name', 'level', 'parent_id', 'parent_name', 'parent_code', 'updated_at'],
  filters: ['level', 'parent_id'],
  csvColumns: ['code', 'name', 'level', 'parent_code', 'postal_code', 'address', 'phone', 'latitude', 'longitude'],
  references: [
    { table: 'departments', column: 'parent_id', labelKey: 'departments.title' },
    { table: 'users', column: 'department_id', labelKey: 'menu.user' },
    { table: 'delivery_companies', column: 'department_id', labelKey: 'menu.deliveryCompany' },
    { table: 'vehicles', column: 'base_department_id', labelKey: 'menu.vehicle' },
    { table: 'drivers', column: 'base_department_id', labelKey: 'menu.driver' },
    { table: 'districts', column: 'department_id', labelKey: 'menu.district' },
    { table: 'directions', column: 'department_id', labelKey: 'menu.direction' },
    { table: 'direction_bases', column: 'base_department_id', labelKey: 'menu.directionBase' },
    { table: 'deliveries', column: 'department_id', labelKey: 'menu.delivery' },
    { table: 'vehicle_allocations', column: 'department_id', labelKey: 'menu.allocation' },
  ],
  cascade: [{ table: 'operation_times', column: 'department_id' }],
  scope: (actor) => departmentScope(actor, 'departments.id'),
  displayColumns: {
    parent_name: lookup('parent_id', 'departments'),
    parent_code: lookup('parent_id', 'departments', 'code'),
  },
  afterWrite: ensureOperationTimes,
  check: checkDepartment,
};
