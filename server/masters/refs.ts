import type { FieldRef } from './definition.js';
import { companyScope, contractedCompanyScope, departmentScope } from '../auth/scope.js';

/** Foreign keys between masters, each visible through the referenced master's own scope. */
export const departmentRef = (csv = 'department_code'): FieldRef => ({
  table: 'departments',
  by: 'code',
  csv,
  scope: (actor) => departmentScope(actor, 'departments.id'),
});

export const companyRef = (csv = 'delivery_company_code'): FieldRef => ({
  table: 'delivery_companies',
  by: 'code',
  csv,
  scope: (actor) => contractedCompanyScope(actor, 'delivery_companies.id'),
});

export const vehicleTypeRef: FieldRef = { table: 'vehicle_types', by: 'code', csv: 'vehicle_type_code', scope: () => undefined };

export const vehicleRef = (csv = 'vehicle_number'): FieldRef => ({
  table: 'vehicles',
  by: 'vehicle_number',
  csv,
  scope: (actor) => companyScope(actor, 'vehicles.delivery_company_id', 'vehicles.base_department_id'),
});

export const districtRef: FieldRef = {
  table: 'districts',
  by: 'code',
  csv: 'district_code',
  scope: (actor) => departmentScope(actor, 'districts.department_id'),
};

export const directionRef: FieldRef = {
  table: 'directions',
  by: 'code',
  csv: 'direction_code',
  scope: (actor) => departmentScope(actor, 'directions.department_id'),
};

export const customerRef: FieldRef = { table: 'customers', by: 'code', csv: 'customer_code', scope: () => undefined };
