import { codeField, countField, nameField } from './common-fields.js';
import type { MasterDefinition } from './definition.js';

/** A shared catalogue (2t, 4t, 10t, trailer…): every department sees the same vehicle types. */
export const vehicleTypeMaster: MasterDefinition = {
  resource: 'vehicle_type',
  table: 'vehicle_types',
  area: 'vehicle_type',
  i18n: 'vehicleTypes',
  key: ['code'],
  fields: [
    codeField,
    nameField,
    countField('max_loading_capacity', 100_000),
    countField('pallet_capacity', 100),
    countField('cage_cart_capacity', 200),
  ],
  search: ['code', 'name'],
  sorts: ['id', 'code', 'name', 'max_loading_capacity', 'pallet_capacity', 'cage_cart_capacity', 'updated_at'],
  filters: [],
  csvColumns: ['code', 'name', 'max_loading_capacity', 'pallet_capacity', 'cage_cart_capacity'],
  references: [
    { table: 'vehicles', column: 'vehicle_type_id', labelKey: 'menu.vehicle' },
    { table: 'unit_prices', column: 'vehicle_type_id', labelKey: 'menu.unitPrice' },
  ],
  scope: () => undefined,
};
