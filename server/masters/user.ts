import { sql } from 'kysely';
import { assignableUserTypes } from '../../common/permissions.js';
import { PASSWORD_MIN } from '../../common/validation.js';
import { hashPassword } from '../auth/password.js';
import { AppError, type FieldErrors } from '../errors.js';
import { emailField, nameField } from './common-fields.js';
import type { MasterContext, MasterDefinition, Row, Values } from './definition.js';
import { companyRef, departmentRef } from './refs.js';
import { userScope } from './scope.js';

export const LOGIN_ID_PATTERN = /^[A-Za-z0-9_.@-]{3,50}$/;

/**
 * An admin belongs to a department or to a delivery company, never both; a new one needs a password;
 * nobody grants a type they may not grant (only a super admin makes or edits a super admin).
 */
async function checkUser(ctx: MasterContext, values: Values, existing: Row | undefined): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  if ((values.department_id === null) === (values.delivery_company_id === null)) {
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
  return errors;
}

/** A new password is hashed with argon2id and invalidates every token issued before it. */
async function userColumns(_ctx: MasterContext, values: Values, existing: Row | undefined) {
  const { password, ...columns } = values;
  if (typeof password !== 'string' || !password) return columns;
  return {
    ...columns,
    password_hash: await hashPassword(password),
    ...(existing ? { token_version: sql`token_version + 1` } : {}),
  };
}

async function refuseOwnAccount(ctx: MasterContext, ids: number[]) {
  if (ids.includes(ctx.actor.id)) throw new AppError(409, 'errors.deleteSelf');
}

export const userMaster: MasterDefinition = {
  resource: 'user',
  table: 'users',
  area: 'user',
  i18n: 'users',
  key: ['login_id'],
  fields: [
    nameField,
    { name: 'login_id', type: 'string', required: true, pattern: LOGIN_ID_PATTERN },
    { name: 'password', type: 'string', max: 200, writeOnly: true },
    { name: 'type', type: 'integer', required: true, range: { min: 1, max: 3 } },
    { name: 'department_id', type: 'integer', ref: departmentRef() },
    { name: 'delivery_company_id', type: 'integer', ref: companyRef() },
    emailField,
  ],
  search: ['name', 'login_id', 'email'],
  sorts: ['id', 'name', 'login_id', 'type', 'department_id', 'delivery_company_id', 'updated_at'],
  filters: ['type', 'department_id', 'delivery_company_id'],
  csvColumns: ['login_id', 'name', 'password', 'type', 'department_code', 'delivery_company_code', 'email'],
  references: [],
  scope: userScope,
  display: {
    department_name: { foreignKey: 'department_id', table: 'departments' },
    delivery_company_name: { foreignKey: 'delivery_company_id', table: 'delivery_companies' },
  },
  check: checkUser,
  toColumns: userColumns,
  checkDelete: refuseOwnAccount,
};
