import { DATE_PATTERN } from '../../common/validation.js';
import type { FieldErrors } from '../errors.js';
import type { MasterContext, MasterDefinition, Values } from './definition.js';
import { lookup } from './display.js';
import { companyRef, vehicleTypeRef } from './refs.js';


async function checkDate(ctx: MasterContext, values: Values): Promise<FieldErrors> {
  const text = String(values.effective_from ?? '');
  const date = new Date(`${text}T00:00:00Z`);
  const real = !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
  return real ? {} : { effective_from: ctx.t('errors.invalidFormat', { field: ctx.t('unitPrices.fields.effective_from') }) };
}

/** 単価: the charge per trip and per km for a vehicle type, by kind of delivery; a company-specific row overrides the default (no company). */
export const unitPriceMaster: MasterDefinition = {
  resource: 'unit_price',
  table: 'unit_prices',
  area: 'unit_price',
  i18n: 'unitPrices',
  key: ['vehicle_type_id', 'kind', 'delivery_company_id', 'effective_from'],
  fields: [
    { name: 'vehicle_type_id', type: 'integer', required: true, ref: vehicleTypeRef },
    { name: 'kind', type: 'integer', required: true, range: { min: 0, max: 1 } },
    { name: 'delivery_company_id', type: 'integer', ref: companyRef() },
    { name: 'price_per_trip', type: 'integer', required: true, range: { min: 0, max: 10_000_000 } },
    { name: 'price_per_km', type: 'integer', range: { min: 0, max: 1_000_000 } },
    { name: 'effective_from', type: 'date', required: true, pattern: DATE_PATTERN },
  ],
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
