import { DIRECTION } from '../../common/masters/index.js';
import { fieldsOf, type MasterDefinition } from './definition.js';
import { lookup } from './display.js';
import { departmentRef, districtRef } from './refs.js';
import { departmentScope } from '../auth/scope.js';

/** 方面: a delivery area served from one center. */
export const directionMaster: MasterDefinition = {
  ...DIRECTION,
  table: 'directions',
  key: ['code'],
  fields: fieldsOf(DIRECTION.fields, { district_id: districtRef, department_id: departmentRef() }),
  search: ['code', 'name'],
  sorts: ['id', 'code', 'name', 'district_id', 'district_name', 'department_id', 'department_name', 'temporary_registration_date', 'updated_at'],
  filters: ['district_id', 'department_id'],
  csvColumns: ['code', 'name', 'district_code', 'department_code'],
  references: [
    { table: 'delivery_destinations', column: 'direction_id', labelKey: 'menu.deliveryDestination' },
    { table: 'direction_bases', column: 'direction_id', labelKey: 'menu.directionBase' },
    { table: 'vehicle_allocations', column: 'direction_id', labelKey: 'menu.allocation' },
  ],
  scope: (actor) => departmentScope(actor, 'directions.department_id'),
  displayColumns: {
    district_name: lookup('district_id', 'districts'),
    department_name: lookup('department_id', 'departments'),
  },
};
