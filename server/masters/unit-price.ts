import { UNIT_PRICE } from '../../common/masters/index.js';
import type { FieldErrors } from '../errors.js';
import { fieldsOf, type MasterContext, type MasterDefinition, type Values } from './definition.js';
import { lookup } from './display.js';
import { companyRef, vehicleTypeRef } from './refs.js';


async function checkDate(ctx: MasterContext, values: Values): Promise<FieldErrors> {
  const text = String(values.effective_from ?? '');
  const date = new Date(`${text}T00:00:00Z`);
  const real = !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
  return real ? {} : { effective_from: ctx.t('errors.invalidFormat', { field: ctx.t('unitPrices.fields.effective_from') }) };
}

export const unitPriceMaster: MasterDefinition = {
  ...UNIT_PRICE,
  table: 'unit_prices',
  key: ['vehicle_type_id', 'kind', 'delivery_company_id', 'effective_from'],
  fields: fieldsOf(UNIT_PRICE.fields, { vehicle_type_id: vehicleTypeRef, delivery_company_id: companyRef() }),
  search: [],
  sorts: ['id', 'vehicle_type_id', 'vehicle_type_name', 'kind', 'delivery_company_id', 'delivery_company_name', 'price_per_trip', 'price_per_km', 'effective_from', 'updated_at'],
  filters: ['vehicle_type_id', 'kind', 'delivery_company_id'],
  csvColumns: ['vehicle_type_code', 'kind', 'delivery_company_code', 'price_per_trip', 'price_per_km', 'effective_from'],
  references: [],
  scope: () => undefined,
  displayColumns: {
    vehicle_type_name: lookup('vehicle_type_id', 'vehicle_types'),
    delivery_company_name: lookup('delivery_company_id', 'delivery_companies'),
  },
  check: checkDate,
};
