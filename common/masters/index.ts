/**
 * Every master's shared facts, in the order the API reads its fields. The server's definitions
 * (server/masters/*.ts) add tables, scopes, CSV and rules; the client's declarations
 * (client/src/features/masters/declarations.ts) add inputs, lists and labels.
 */
import { ADDRESS_MAX, CODE_PATTERN, DATE_PATTERN, INVOICE_REGISTRATION_PATTERN, NAME_MAX, VEHICLE_NUMBER_MAX } from '../validation.js';
import {
  addressField,
  amountField,
  codeField,
  countField,
  emailField,
  enumField,
  type FieldFacts,
  kanaField,
  latitudeField,
  loginIdField,
  longitudeField,
  MASTER_ENUMS,
  type MasterFacts,
  nameField,
  passwordField,
  phoneField,
  postalCodeField,
  refField,
  timeField,
  yenField,
} from './fields.js';

export * from './fields.js';

/** The day of a center, in order: work starts, loading starts, trucks leave, work ends. */
export const OPERATION_STEPS = ['work_start', 'loading_start', 'departure', 'work_end'] as const;

const addressFields: FieldFacts[] = [postalCodeField, addressField, phoneField];

export const DEPARTMENT: MasterFacts = {
  resource: 'department',
  area: 'department',
  i18n: 'departments',
  fields: [
    codeField,
    nameField,
    enumField('level', MASTER_ENUMS.level),
    refField('parent_id', 'department'),
    ...addressFields,
    latitudeField,
    longitudeField,
  ],
};

export const DELIVERY_COMPANY: MasterFacts = {
  resource: 'delivery_company',
  area: 'delivery_company',
  i18n: 'deliveryCompanies',
  fields: [
    codeField,
    nameField,
    kanaField,
    ...addressFields,
    emailField,
    refField('department_id', 'department', true),
    { name: 'invoice_registration_number', type: 'string', inputMax: 14, pattern: INVOICE_REGISTRATION_PATTERN },
  ],
};

export const VEHICLE_TYPE: MasterFacts = {
  resource: 'vehicle_type',
  area: 'vehicle_type',
  i18n: 'vehicleTypes',
  fields: [
    codeField,
    nameField,
    countField('max_loading_capacity', 100_000),
    countField('pallet_capacity', 100),
    countField('cage_cart_capacity', 200),
  ],
};

export const VEHICLE: MasterFacts = {
  resource: 'vehicle',
  area: 'vehicle',
  i18n: 'vehicles',
  temporary: true,
  fields: [
    { name: 'vehicle_number', type: 'string', required: true, max: VEHICLE_NUMBER_MAX },
    refField('vehicle_type_id', 'vehicle_type', true),
    refField('delivery_company_id', 'delivery_company', true),
    refField('base_department_id', 'department'),
    amountField('avg_fuel_economy'),
    countField('max_loading_capacity', 100_000),
    amountField('average_volume'),
  ],
};

export const USER: MasterFacts = {
  resource: 'user',
  area: 'user',
  i18n: 'users',
  fields: [
    nameField,
    loginIdField,
    passwordField(true),
    enumField('type', MASTER_ENUMS.userType),
    refField('department_id', 'department'),
    refField('delivery_company_id', 'delivery_company'),
    emailField,
  ],
};

export const DRIVER: MasterFacts = {
  resource: 'driver',
  area: 'driver',
  i18n: 'drivers',
  fields: [
    nameField,
    kanaField,
    loginIdField,
    passwordField(false),
    refField('delivery_company_id', 'delivery_company', true),
    refField('base_department_id', 'department'),
    phoneField,
    refField('default_vehicle_id', 'vehicle'),
    enumField('employment_type', MASTER_ENUMS.employmentType),
    yenField('hourly_wage'),
    // 労使協定: the monthly binding limit of the 2024 rules is 310 h instead of 284 h (common/work-rules.ts)
    { name: 'binding_extension_agreement', type: 'boolean' },
  ],
  readOnly: [enumField('login_flag', MASTER_ENUMS.loginFlag, false)],
};

export const DELIVERY_DESTINATION: MasterFacts = {
  resource: 'delivery_destination',
  area: 'delivery_destination',
  i18n: 'deliveryDestinations',
  temporary: true,
  fields: [
    { name: 'delivery_code', type: 'string', required: true, max: 20, pattern: CODE_PATTERN },
    { name: 'customer_company_name', type: 'string', required: true, max: NAME_MAX },
    { name: 'customer_store_name', type: 'string', required: true, max: NAME_MAX },
    { name: 'customer_address', type: 'string', required: true, max: ADDRESS_MAX },
    yenField('shipping_fee'),
    refField('direction_id', 'direction'),
    countField('order', 10_000),
    enumField('delivery_type', MASTER_ENUMS.deliveryType),
    timeField('specified_time'),
    { ...latitudeField, required: true },
    { ...longitudeField, required: true },
    { name: 'classification', type: 'string', max: 50 },
    phoneField,
    timeField('start_time'),
    timeField('ending_time'),
    { name: 'comment', type: 'string', max: 1000 },
    refField('customer_id', 'customer'),
  ],
};

export const DISTRICT: MasterFacts = {
  resource: 'district',
  area: 'district',
  i18n: 'districts',
  fields: [codeField, nameField, refField('department_id', 'department', true)],
};

export const DIRECTION: MasterFacts = {
  resource: 'direction',
  area: 'direction',
  i18n: 'directions',
  temporary: true,
  fields: [codeField, nameField, refField('district_id', 'district'), refField('department_id', 'department', true)],
};

export const DIRECTION_BASE: MasterFacts = {
  resource: 'direction_base',
  area: 'direction_base',
  i18n: 'directionBases',
  fields: [
    refField('direction_id', 'direction', true),
    refField('base_department_id', 'department', true),
    refField('delivery_company_id', 'delivery_company'),
    refField('vehicle_type_id', 'vehicle_type'),
    { name: 'trips_per_day', type: 'integer', required: true, range: { min: 1, max: 20 } },
  ],
};

export const OPERATION_TIME: MasterFacts = {
  resource: 'operation_time',
  area: 'operation_time',
  i18n: 'operationTimes',
  actions: ['list', 'show', 'edit', 'import'],
  fields: [
    refField('department_id', 'department', true),
    enumField('delivery_type', MASTER_ENUMS.deliveryType),
    ...OPERATION_STEPS.map((step) => timeField(step, true)),
  ],
};

/** 顧客: who is billed. The closing day 31 means the end of the month (末日締め). */
export const CUSTOMER: MasterFacts = {
  resource: 'customer',
  area: 'customer',
  i18n: 'customers',
  fields: [
    codeField,
    nameField,
    addressField,
    phoneField,
    { name: 'billing_closing_day', type: 'integer', range: { min: 1, max: 31 } },
  ],
};

/** 単価: the charge per trip and per km for a vehicle type, by kind of delivery; a company-specific row overrides the default (no company). */
export const UNIT_PRICE: MasterFacts = {
  resource: 'unit_price',
  area: 'unit_price',
  i18n: 'unitPrices',
  fields: [
    refField('vehicle_type_id', 'vehicle_type', true),
    enumField('kind', MASTER_ENUMS.priceKind),
    refField('delivery_company_id', 'delivery_company'),
    { name: 'price_per_trip', type: 'integer', required: true, range: { min: 0, max: 10_000_000 } },
    { name: 'price_per_km', type: 'integer', range: { min: 0, max: 1_000_000 } },
    { name: 'effective_from', type: 'date', required: true, pattern: DATE_PATTERN },
  ],
};

/** Every master, in the menu's order. */
export const MASTER_FACTS: readonly MasterFacts[] = [
  DEPARTMENT,
  DELIVERY_COMPANY,
  VEHICLE_TYPE,
  VEHICLE,
  USER,
  DRIVER,
  DELIVERY_DESTINATION,
  DISTRICT,
  DIRECTION,
  DIRECTION_BASE,
  OPERATION_TIME,
  CUSTOMER,
  UNIT_PRICE,
];
