import { VEHICLE } from '../../common/masters/index.js';
import type { FieldErrors } from '../errors.js';
import { fieldsOf, type MasterContext, type MasterDefinition, type Values } from './definition.js';
import { copiedLookup } from './display.js';
import { companyRef, departmentRef, vehicleTypeRef } from './refs.js';
import { companyScope, needsBase } from '../auth/scope.js';

async function checkVehicle(ctx: MasterContext, values: Values): Promise<FieldErrors> {
  return needsBase(ctx.actor, values.base_department_id)
    ? { base_department_id: ctx.t('errors.required', { field: ctx.t('vehicles.fields.base_department_id') }) }
    : {};
}

export const vehicleMaster: MasterDefinition = {
  ...VEHICLE,
  table: 'vehicles',
  key: ['vehicle_number'],
  fields: fieldsOf(VEHICLE.fields, { vehicle_type_id: vehicleTypeRef, delivery_company_id: companyRef(), base_department_id: departmentRef('base_department_code') }),
  search: ['vehicle_number'],
  sorts: ['id', 'vehicle_number', 'vehicle_type_id', 'vehicle_type_name', 'delivery_company_id', 'delivery_company_name', 'base_department_id', 'base_department_name', 'temporary_registration_date', 'updated_at'],
  filters: ['vehicle_type_id', 'delivery_company_id', 'base_department_id'],
  csvColumns: ['vehicle_number', 'vehicle_type_code', 'delivery_company_code', 'base_department_code', 'avg_fuel_economy', 'max_loading_capacity', 'average_volume'],
  references: [
    { table: 'drivers', column: 'default_vehicle_id', labelKey: 'menu.driver' },
    { table: 'vehicle_allocations', column: 'vehicle_id', labelKey: 'menu.allocation' },
  ],
  counted: true,
  scope: (actor) => companyScope(actor, 'vehicles.delivery_company_id', 'vehicles.base_department_id'),
  displayColumns: {
    vehicle_type_name: copiedLookup('vehicle_type_id', 'vehicle_types'),
    delivery_company_name: copiedLookup('delivery_company_id', 'delivery_companies'),
    base_department_name: copiedLookup('base_department_id', 'departments'),
  },
  check: checkVehicle,
};
