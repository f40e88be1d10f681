import { type Kysely, sql } from 'kysely';
import { isSuper } from '../auth/actor.js';
import type { FieldErrors } from '../errors.js';
import { addressFields, codeField, nameField } from './common-fields.js';
import type { MasterContext, MasterDefinition, Row, Values } from './definition.js';
import { ensureOperationTimes } from './operation-time.js';
import { departmentRef } from './refs.js';
import { departmentScope, departmentSubtree } from './scope.js';

async function isInSubtree(db: Kysely<any>, rootId: number, id: number) {
  return Boolean(await db.selectFrom(sql`${departmentSubtree(rootId)}`.as('t')).select('id').where('id', '=', id).executeTakeFirst());
}

/**
 * The tree's rules: a root is level 1 and only a super admin makes one; a child sits below its
 * parent's level and never under itself or its own descendant. (The parent being visible to the
 * caller is the generic reference check.)
 */
async function checkDepartment(ctx: MasterContext, values: Values, existing: Row | undefined): Promise<FieldErrors> {
  const parentId = values.parent_id as number | null;
  const level = values.level as number;
  if (parentId === null) {
    if (level !== 1) return { level: ctx.t('errors.rootLevel') };
    const parentChanged = !existing || existing.parent_id !== null || existing.deleted_at;
    if (parentChanged && !isSuper(ctx.actor)) return { parent_id: ctx.t('errors.rootOnlySuperAdmin') };
    return {};
  }
  if (existing && (await isInSubtree(ctx.db, existing.id, parentId))) return { parent_id: ctx.t('errors.parentCycle') };
  const parent = await ctx.db.selectFrom('departments').select('level').where('id', '=', parentId).executeTakeFirst();
  if (parent && level <= parent.level) return { level: ctx.t('errors.parentLevel') };
  return {};
}

export const departmentMaster: MasterDefinition = {
  resource: 'department',
  table: 'departments',
  area: 'department',
  i18n: 'departments',
  key: ['code'],
  fields: [
    codeField,
    nameField,
    { name: 'level', type: 'integer', required: true, range: { min: 1, max: 4 } },
    { name: 'parent_id', type: 'integer', ref: departmentRef('parent_code') },
    ...addressFields,
  ],
  search: ['code', 'name', 'address'],
  sorts: ['id', 'code', 'name', 'level', 'parent_id', 'updated_at'],
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
  ],
  cascade: [{ table: 'operation_times', column: 'department_id' }],
  scope: (actor) => departmentScope(actor, 'departments.id'),
  display: {
    parent_name: { foreignKey: 'parent_id', table: 'departments' },
    parent_code: { foreignKey: 'parent_id', table: 'departments', column: 'code' },
  },
  afterWrite: ensureOperationTimes,
  check: checkDepartment,
};
