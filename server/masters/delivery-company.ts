import { DELIVERY_COMPANY } from '../../common/masters/index.js';
import { fieldsOf, type MasterDefinition } from './definition.js';
import { lookup } from './display.js';
import { departmentRef } from './refs.js';
import { contractedCompanyScope, departmentScope } from '../auth/scope.js';

export const deliveryCompanyMaster: MasterDefinition = {
  ...DELIVERY_COMPANY,
  table: 'delivery_companies',
  key: ['code'],
  fields: fieldsOf(DELIVERY_COMPANY.fields, { department_id: departmentRef() }),
  search: ['code', 'name', 'name_kana', 'address'],
  sorts: ['id', 'code', 'name', 'name_kana', 'department_id', 'department_name', 'updated_at'],
  filters: ['department_id'],
  csvColumns: ['code', 'name', 'name_kana', 'postal_code', 'address', 'phone', 'email', 'department_code', 'invoice_registration_number'],
  references: [
    { table: 'vehicles', column: 'delivery_company_id', labelKey: 'menu.vehicle' },
    { table: 'drivers', column: 'delivery_company_id', labelKey: 'menu.driver' },
    { table: 'users', column: 'delivery_company_id', labelKey: 'menu.user' },
    { table: 'vehicle_allocations', column: 'delivery_company_id', labelKey: 'menu.allocation' },
  ],
  // Centers see the carriers their branch or division contracted; only the contracting side edits them.
  scope: (actor) => contractedCompanyScope(actor, 'delivery_companies.id'),
  writeScope: (actor) => departmentScope(actor, 'delivery_companies.department_id'),
  displayColumns: { department_name: lookup('department_id', 'departments') },
};
