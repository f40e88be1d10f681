import { codeField, nameField } from './common-fields.js';
import type { MasterDefinition } from './definition.js';
import { departmentRef, districtRef } from './refs.js';
import { departmentScope } from './scope.js';

/** 方面: a delivery area served from one center. */
export const directionMaster: MasterDefinition = {
  resource: 'direction',
  table: 'directions',
  area: 'direction',
  i18n: 'directions',
  temporary: true,
  key: ['code'],
  fields: [
    codeField,
    nameField,
    { name: 'district_id', type: 'integer', ref: districtRef },
    { name: 'department_id', type: 'integer', required: true, ref: departmentRef() },
  ],
  search: ['code', 'name'],
  sorts: ['id', 'code', 'name', 'district_id', 'department_id', 'temporary_registration_date', 'updated_at'],
  filters: ['district_id', 'department_id'],
  csvColumns: ['code', 'name', 'district_code', 'department_code'],
  references: [
    { table: 'delivery_destinations', column: 'direction_id', labelKey: 'menu.deliveryDestination' },
    { table: 'direction_bases', column: 'direction_id', labelKey: 'menu.directionBase' },
  ],
  scope: (actor) => departmentScope(actor, 'directions.department_id'),
  display: {
    district_name: { foreignKey: 'district_id', table: 'districts' },
    department_name: { foreignKey: 'department_id', table: 'departments' },
  },
};
