import { ADDRESS_MAX, CODE_PATTERN, NAME_MAX } from '../../common/validation.js';
import { isEndAfterStart } from '../../common/time.js';
import type { FieldErrors } from '../errors.js';
import { countField, latitudeField, longitudeField, phoneField, timeField, yenField } from './common-fields.js';
import type { MasterContext, MasterDefinition, Values } from './definition.js';
import { copiedLookup } from './display.js';
import { customerRef, directionRef } from './refs.js';
import { destinationScope } from '../auth/scope.js';

/** The store's receiving window must close after it opens (the specification's message). */
export async function checkTimeWindow(ctx: MasterContext, values: Values): Promise<FieldErrors> {
  const start = values.start_time as string | null;
  const end = values.ending_time as string | null;
  if (start && end && !isEndAfterStart(start, end)) return { ending_time: ctx.t('errors.endAfterStart') };
  return {};
}

export const deliveryDestinationMaster: MasterDefinition = {
  resource: 'delivery_destination',
  table: 'delivery_destinations',
  area: 'delivery_destination',
  i18n: 'deliveryDestinations',
  temporary: true,
  key: ['delivery_code'],
  fields: [
    { name: 'delivery_code', type: 'string', required: true, max: 20, pattern: CODE_PATTERN },
    { name: 'customer_company_name', type: 'string', required: true, max: NAME_MAX },
    { name: 'customer_store_name', type: 'string', required: true, max: NAME_MAX },
    { name: 'customer_address', type: 'string', required: true, max: ADDRESS_MAX },
    yenField('shipping_fee'),
    { name: 'direction_id', type: 'integer', ref: directionRef },
    countField('order', 10_000),
    { name: 'delivery_type', type: 'integer', required: true, range: { min: 0, max: 2 } },
    timeField('specified_time'),
    { ...latitudeField, required: true },
    { ...longitudeField, required: true },
    { name: 'classification', type: 'string', max: 50 },
    phoneField,
    timeField('start_time'),
    timeField('ending_time'),
    { name: 'comment', type: 'string', max: 1000 },
    { name: 'customer_id', type: 'integer', ref: customerRef },
  ],
  search: ['delivery_code', 'customer_company_name', 'customer_store_name', 'customer_address', 'phone'],
  sorts: ['id', 'delivery_code', 'customer_company_name', 'customer_store_name', 'direction_id', 'direction_name', 'order', 'delivery_type', 'temporary_registration_date', 'updated_at', 'customer_name'],
  filters: ['direction_id', 'delivery_type', 'customer_id', 'classification'],
  csvColumns: [
    'delivery_code',
    'customer_company_name',
    'customer_store_name',
    'customer_address',
    'shipping_fee',
    'direction_code',
    'order',
    'delivery_type',
    'specified_time',
    'latitude',
    'longitude',
    'classification',
    'phone',
    'start_time',
    'ending_time',
    'comment',
    'customer_code',
  ],
  references: [{ table: 'deliveries', column: 'delivery_destination_id', labelKey: 'menu.delivery' }],
  counted: true,
  scope: destinationScope,
  displayColumns: {
    direction_name: copiedLookup('direction_id', 'directions'),
    customer_name: copiedLookup('customer_id', 'customers'),
  },
  check: checkTimeWindow,
};
