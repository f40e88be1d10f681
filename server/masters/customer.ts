import { ADDRESS_MAX } from '../../common/validation.js';
import { codeField, nameField, phoneField } from './common-fields.js';
import type { MasterDefinition } from './definition.js';

/** 顧客: who is billed. The closing day 31 means the end of the month (末日締め). */
export const customerMaster: MasterDefinition = {
  resource: 'customer',
  table: 'customers',
  area: 'customer',
  i18n: 'customers',
  key: ['code'],
  fields: [
    codeField,
    nameField,
    { name: 'address', type: 'string', max: ADDRESS_MAX },
    phoneField,
    { name: 'billing_closing_day', type: 'integer', range: { min: 1, max: 31 } },
  ],
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
