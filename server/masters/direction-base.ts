import { DIRECTION_BASE } from '../../common/masters/index.js';
import { fieldsOf, type MasterDefinition } from './definition.js';
import { lookup } from './display.js';
import { companyRef, departmentRef, directionRef, vehicleTypeRef } from './refs.js';
import { departmentScope } from '../auth/scope.js';

/** 方面拠点: which center serves a direction, with its usual carrier, vehicle type and trips a day. */
export const directionBaseMaster: MasterDefinition = {
  ...DIRECTION_BASE,
  table: 'direction_bases',
  key: ['direction_id', 'base_department_id'],
  fields: fieldsOf(DIRECTION_BASE.fields, { direction_id: directionRef, base_department_id: departmentRef('base_department_code'), delivery_company_id: companyRef(), vehicle_type_id: vehicleTypeRef }),
  search: [],
  sorts: ['id', 'direction_id', 'direction_name', 'base_department_id', 'base_department_name', 'delivery_company_id', 'delivery_company_name', 'vehicle_type_id', 'vehicle_type_name', 'trips_per_day', 'updated_at'],
  filters: ['direction_id', 'base_department_id', 'delivery_company_id', 'vehicle_type_id'],
  csvColumns: ['direction_code', 'base_department_code', 'delivery_company_code', 'vehicle_type_code', 'trips_per_day'],
  references: [],
  scope: (actor) => departmentScope(actor, 'direction_bases.base_department_id'),
  displayColumns: {
    direction_name: lookup('direction_id', 'directions'),
    base_department_name: lookup('base_department_id', 'departments'),
    delivery_company_name: lookup('delivery_company_id', 'delivery_companies'),
    vehicle_type_name: lookup('vehicle_type_id', 'vehicle_types'),
  },
};
