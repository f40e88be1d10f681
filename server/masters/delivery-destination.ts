import { DELIVERY_DESTINATION } from '../../common/masters/index.js';
import { isEndAfterStart } from '../../common/time.js';
import type { FieldErrors } from '../errors.js';
import { fieldsOf, type MasterContext, type MasterDefinition, type Values } from './definition.js';
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
  ...DELIVERY_DESTINATION,
  table: 'delivery_destinations',
  key: ['delivery_code'],
  fields: fieldsOf(DELIVERY_DESTINATION.fields, { direction_id: directionRef, customer_id: customerRef }),
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
