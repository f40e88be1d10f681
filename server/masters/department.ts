import { type Kysely, sql } from 'kysely';
import { CODE_PATTERN, LATITUDE_RANGE, LONGITUDE_RANGE, NAME_MAX, ADDRESS_MAX, PHONE_PATTERN, POSTAL_CODE_PATTERN } from '../../common/validation.js';
import { type Actor, isSuper } from '../auth/actor.js';
import type { FieldErrors } from '../errors.js';
import type { MasterContext, MasterDefinition, Row, Values } from './definition.js';

/** The department and every department below it, at any depth. */
export function departmentSubtree(rootId: number) {
  return sql<number>`(with recursive tree(id) as (
    select id from departments where id = ${rootId}
    union all
    select d.id from departments d join tree on d.parent_id = tree.id
  ) select id from tree)`;
}

/** A department user sees their department and its descendants; super admins see all; companies none. */
export function departmentScope(actor: Actor, column: string) {
  if (isSuper(actor)) return undefined;
  if (actor.departmentId === null) return sql<boolean>`false`;
  return sql<boolean>`${sql.ref(column)} in ${departmentSubtree(actor.departmentId)}`;
}

async function findParent(ctx: MasterContext, parentId: number) {
  const scope = departmentScope(ctx.actor, 'departments.id');
  let query = ctx.db.selectFrom('departments').select(['id', 'level']).where('id', '=', parentId).where('deleted_at', 'is', null);
  if (scope) query = query.where(scope);
  return query.executeTakeFirst() as Promise<{ id: number; level: number } | undefined>;
}

async function isInSubtree(db: Kysely<any>, rootId: number, id: number) {
  return Boolean(await db.selectFrom(sql`${departmentSubtree(rootId)}`.as('t')).select('id').where('id', '=', id).executeTakeFirst());
}

/**
 * The tree's rules: a root is level 1 and only a super admin makes one; a child sits below its
 * parent's level, under a parent the caller can see, and never under itself or its own descendant.
 */
async function checkDepartment(ctx: MasterContext, values: Values, existing: Row | undefined): Promise<FieldErrors> {
  const parentId = values.parent_id as number | null;
  const level = values.level as number;
  const parentChanged = !existing || existing.parent_id !== parentId || existing.deleted_at;
  if (parentId === null) {
    if (level !== 1) return { level: ctx.t('errors.rootLevel') };
    if (parentChanged && !isSuper(ctx.actor)) return { parent_id: ctx.t('errors.rootOnlySuperAdmin') };
    return {};
  }
  const parent = parentChanged
    ? await findParent(ctx, parentId)
    : await ctx.db.selectFrom('departments').select(['id', 'level']).where('id', '=', parentId).executeTakeFirst();
  if (!parent) return { parent_id: ctx.t('errors.parentNotFound') };
  if (existing && (await isInSubtree(ctx.db, existing.id, parentId))) return { parent_id: ctx.t('errors.parentCycle') };
  if (level <= parent.level) return { level: ctx.t('errors.parentLevel') };
  return {};
}

/** CSV names the parent by code; it may be a row earlier in the same file. */
async function parentFromCsv(ctx: MasterContext, record: Record<string, string>, values: Values): Promise<FieldErrors> {
  const code = record.parent_code?.trim();
  values.parent_id = null;
  if (!code) return {};
  const parent = await ctx.db
    .selectFrom('departments')
    .select('id')
    .where('code', '=', code)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!parent) return { parent_code: ctx.t('errors.parentNotFound') };
  values.parent_id = parent.id;
  return {};
}

export const departmentMaster: MasterDefinition = {
  resource: 'department',
  table: 'departments',
  area: 'department',
  i18n: 'departments',
  key: ['code'],
  fields: [
    { name: 'code', type: 'string', required: true, max: 20, pattern: CODE_PATTERN },
    { name: 'name', type: 'string', required: true, max: NAME_MAX },
    { name: 'level', type: 'integer', required: true, range: { min: 1, max: 4 } },
    { name: 'parent_id', type: 'integer' },
    { name: 'postal_code', type: 'string', pattern: POSTAL_CODE_PATTERN },
    { name: 'address', type: 'string', max: ADDRESS_MAX },
    { name: 'phone', type: 'string', pattern: PHONE_PATTERN },
    { name: 'latitude', type: 'number', range: LATITUDE_RANGE },
    { name: 'longitude', type: 'number', range: LONGITUDE_RANGE },
  ],
  search: ['code', 'name', 'address'],
  sorts: ['id', 'code', 'name', 'level', 'parent_id', 'updated_at'],
  filters: ['level', 'parent_id'],
  csvColumns: ['code', 'name', 'level', 'parent_code', 'postal_code', 'address', 'phone', 'latitude', 'longitude'],
  references: [
    { table: 'departments', column: 'parent_id', labelKey: 'departments.title' },
    { table: 'users', column: 'department_id', labelKey: 'menu.user' },
    { table: 'delivery_companies', column: 'department_id', labelKey: 'menu.deliveryCompany' },
  ],
  scope: (actor) => departmentScope(actor, 'departments.id'),
  displayColumns: (db, table) => ({
    parent_name: db.selectFrom('departments as parent').select('parent.name').whereRef('parent.id', '=', `${table}.parent_id`),
    parent_code: db.selectFrom('departments as parent').select('parent.code').whereRef('parent.id', '=', `${table}.parent_id`),
  }),
  fromCsv: parentFromCsv,
  check: checkDepartment,
};
