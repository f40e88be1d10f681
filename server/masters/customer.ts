import { CUSTOMER } from '../../common/masters/index.js';
import { fieldsOf, type MasterDefinition } from './definition.js';

export const customerMaster: MasterDefinition = {
  ...CUSTOMER,
  table: 'customers',
  key: ['code'],
  fields: fieldsOf(CUSTOMER.fields),
  search: ['code', 'name', 'address'],
  sorts: ['id', 'code', 'name', 'billing_closing_day', 'updated_at'],
  filters: ['billing_closing_day'],
  csvColumns: ['code', 'name', 'address', 'phone', 'billing_closing_day'],
  references: [
    { table: 'delivery_destinations', column: 'customer_id', labelKey: 'menu.deliveryDestination' },
    { table: 'deliveries', column: 'customer_id', labelKey: 'menu.delivery' },
  ],
  scope: () => undefined,
};
