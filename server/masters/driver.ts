import { DRIVER } from '../../common/masters/index.js';
import { PASSWORD_MIN } from '../../common/validation.js';
import type { FieldErrors } from '../errors.js';
import { fieldsOf, type MasterContext, type MasterDefinition, type Values } from './definition.js';
import { copiedLookup } from './display.js';
import { passwordColumns } from './password.js';
import { companyRef, departmentRef, vehicleRef } from './refs.js';
import { companyScope, needsBase } from '../auth/scope.js';

/** A driver's default vehicle is one of their own company's; the app password has a minimum length; department users give a base center. */
async function checkDriver(ctx: MasterContext, values: Values): Promise<FieldErrors> {
  if (typeof values.password === 'string' && values.password.length < PASSWORD_MIN) {
    return { password: ctx.t('errors.passwordTooShort', { min: PASSWORD_MIN }) };
  }
  if (needsBase(ctx.actor, values.base_department_id)) {
    return { base_department_id: ctx.t('errors.required', { field: ctx.t('drivers.fields.base_department_id') }) };
  }
  if (values.default_vehicle_id === null) return {};
  const vehicle = await ctx.db
    .selectFrom('vehicles')
    .select('delivery_company_id')
    .where('id', '=', values.default_vehicle_id)
    .executeTakeFirst();
  return vehicle?.delivery_company_id === values.delivery_company_id ? {} : { default_vehicle_id: ctx.t('errors.otherCompanyVehicle') };
}

export const driverMaster: MasterDefinition = {
  ...DRIVER,
  table: 'drivers',
  key: ['login_id'],
  fields: fieldsOf(DRIVER.fields, { delivery_company_id: companyRef(), base_department_id: departmentRef('base_department_code'), default_vehicle_id: vehicleRef('default_vehicle_number') }),
  search: ['name', 'name_kana', 'login_id', 'phone'],
  sorts: ['id', 'name', 'name_kana', 'login_id', 'delivery_company_id', 'delivery_company_name', 'base_department_id', 'base_department_name', 'employment_type', 'login_flag', 'updated_at', 'default_vehicle_number'],
  filters: ['delivery_company_id', 'base_department_id', 'employment_type', 'login_flag', 'default_vehicle_id'],
  csvColumns: ['login_id', 'name', 'name_kana', 'password', 'delivery_company_code', 'base_department_code', 'phone', 'default_vehicle_number', 'employment_type', 'hourly_wage', 'binding_extension_agreement'],
  references: [{ table: 'vehicle_allocations', column: 'driver_id', labelKey: 'menu.allocation' }],
  counted: true,
  scope: (actor) => companyScope(actor, 'drivers.delivery_company_id', 'drivers.base_department_id'),
  displayColumns: {
    delivery_company_name: copiedLookup('delivery_company_id', 'delivery_companies'),
    base_department_name: copiedLookup('base_department_id', 'departments'),
    default_vehicle_number: copiedLookup('default_vehicle_id', 'vehicles', 'vehicle_number'),
  },
  check: checkDriver,
  toColumns: passwordColumns,
};
