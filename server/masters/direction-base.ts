import type { MasterDefinition } from './definition.js';
import { lookup } from './display.js';
import { companyRef, departmentRef, directionRef, vehicleTypeRef } from './refs.js';
import { departmentScope } from '../auth/scope.js';

/** 方面拠点: which center serves a direction, with its usual carrier, vehicle type and trips a day. */
export const directionBaseMaster: MasterDefinition = {
  resource: 'direction_base',
  table: 'direction_bases',
  area: 'direction_base',
  i18n: 'directionBases',
  key: ['direction_id', 'base_department_id'],
  fields: [
    { name: 'direction_id', type: 'integer', required: true, ref: directionRef },
    { name: 'base_department_id', type: 'integer', required: true, ref: departmentRef('base_department_code') },
    { name: 'delivery_company_id', type: 'integer', ref: companyRef() },
    { name: 'vehicle_type_id', type: 'integer', ref: vehicleTypeRef },
    { name: 'trips_per_day', type: 'integer', required: true, range: { min: 1, max: 20 } },
  ],
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
