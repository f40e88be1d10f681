import { DISTRICT } from '../../common/masters/index.js';
import { fieldsOf, type MasterDefinition } from './definition.js';
import { lookup } from './display.js';
import { departmentRef } from './refs.js';
import { departmentScope } from '../auth/scope.js';

export const districtMaster: MasterDefinition = {
  ...DISTRICT,
  table: 'districts',
  key: ['code'],
  fields: fieldsOf(DISTRICT.fields, { department_id: departmentRef() }),
  search: ['code', 'name'],
  sorts: ['id', 'code', 'name', 'department_id', 'department_name', 'updated_at'],
  filters: ['department_id'],
  csvColumns: ['code', 'name', 'department_code'],
  references: [{ table: 'directions', column: 'district_id', labelKey: 'menu.direction' }],
  scope: (actor) => departmentScope(actor, 'districts.department_id'),
  displayColumns: { department_name: lookup('department_id', 'departments') },
};
