import { VEHICLE_TYPE } from '../../common/masters/index.js';
import { fieldsOf, type MasterDefinition } from './definition.js';

/** A shared catalogue (2t, 4t, 10t, trailer…): every department sees the same vehicle types. */
export const vehicleTypeMaster: MasterDefinition = {
  ...VEHICLE_TYPE,
  table: 'vehicle_types',
  key: ['code'],
  fields: fieldsOf(VEHICLE_TYPE.fields),
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
