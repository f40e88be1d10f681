import { USER } from '../../common/masters/index.js';
import { type Expression, type SqlBool, sql } from 'kysely';
import { USER_TYPE } from '../../common/enums.js';
import { assignableUserTypes, belongsToOne, isSuperAdmin } from '../../common/permissions.js';
import { PASSWORD_MIN } from '../../common/validation.js';
import type { Actor } from '../auth/actor.js';
import { AppError, type FieldErrors } from '../errors.js';
import { type FieldRef, fieldsOf, type MasterContext, type MasterDefinition, type Row, type Values } from './definition.js';
import { copiedLookup } from './display.js';
import { passwordColumns } from './password.js';
import { companyRef, departmentRef } from './refs.js';
import { departmentScope, userScope } from '../auth/scope.js';


/**
 * The delivery companies whose users the actor manages (userScope): their own, or those contracted in
 * their subtree. Narrower than the companies they may see: a center sees its branch's carriers but a
 * user put there would vanish from its own list.
 */
function managedCompanyScope(actor: Actor): Expression<SqlBool> | undefined {
  if (actor.deliveryCompanyId !== null && !isSuperAdmin(actor)) return sql<SqlBool>`delivery_companies.id = ${actor.deliveryCompanyId}`;
  return departmentScope(actor, 'delivery_companies.department_id');
}

/** A user is created in, or moved to, a company the creator manages. */
const managedCompanyRef: FieldRef = { ...companyRef(), scope: managedCompanyScope };

/** Only a super admin deletes, edits or reallocates a super admin: others are refused with a 403. */
export async function refuseSuperAdminTargets(ctx: MasterContext, userIds: number[]) {
  if (isSuperAdmin(ctx.actor) || userIds.length === 0) return;
  const target = await ctx.db
    .selectFrom('users')
    .select('id')
    .where('id', 'in', userIds)
    .where('type', '=', USER_TYPE.superAdmin)
    .executeTakeFirst();
  if (target) throw new AppError(403, 'errors.superAdminOnly');
}

/**
 * An admin belongs to a department or to a delivery company, never both; a new one needs a password;
 * nobody grants a type they may not grant, and only a super admin makes or edits a super admin.
 */
async function checkUser(ctx: MasterContext, values: Values, existing: Row | undefined): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  if (!belongsToOne(values.department_id, values.delivery_company_id)) {
    errors.department_id = ctx.t('errors.belongsToOne');
  }
  if (!existing && !values.password) errors.password = ctx.t('errors.required', { field: ctx.t('users.fields.password') });
  if (typeof values.password === 'string' && values.password.length < PASSWORD_MIN) {
    errors.password = ctx.t('errors.passwordTooShort', { min: PASSWORD_MIN });
  }
  const allowed = assignableUserTypes(ctx.actor);
  const typeChanged = !existing || existing.type !== values.type;
  if ((typeChanged && !allowed.includes(values.type as number)) || (existing && !allowed.includes(existing.type as number))) {
    errors.type = ctx.t('errors.typeNotAllowed');
  }
  if (existing?.type === USER_TYPE.superAdmin && !isSuperAdmin(ctx.actor)) errors.type = ctx.t('errors.superAdminOnly');
  return errors;
}

async function refuseProtectedAccounts(ctx: MasterContext, ids: number[]) {
  if (ids.includes(ctx.actor.id)) throw new AppError(409, 'errors.deleteSelf');
  await refuseSuperAdminTargets(ctx, ids);
}

export const userMaster: MasterDefinition = {
  ...USER,
  table: 'users',
  key: ['login_id'],
  // A login id is unique across every company: saying where it is used would reveal other companies' staff.
  keyTaken: 'errors.loginIdUnavailable',
  fields: fieldsOf(USER.fields, { department_id: departmentRef(), delivery_company_id: managedCompanyRef }),
  search: ['name', 'login_id', 'email'],
  sorts: ['id', 'name', 'login_id', 'type', 'department_id', 'department_name', 'delivery_company_id', 'delivery_company_name', 'updated_at'],
  filters: ['type', 'department_id', 'delivery_company_id'],
  csvColumns: ['login_id', 'name', 'password', 'type', 'department_code', 'delivery_company_code', 'email'],
  references: [],
  scope: userScope,
  displayColumns: {
    department_name: copiedLookup('department_id', 'departments'),
    delivery_company_name: copiedLookup('delivery_company_id', 'delivery_companies'),
  },
  check: checkUser,
  toColumns: passwordColumns,
  checkDelete: refuseProtectedAccounts,
};
