/**
 * Every master screen, declared as data. Field names, types, required-ness and limits follow the
 * server's declarations (server/masters/*.ts); tests/client/masters.test.ts compares the two.
 */
import { DEPARTMENT_LEVELS, LEVEL } from '../../../../common/enums.js';
import {
  ADDRESS_MAX,
  AMOUNT_RANGE,
  CODE_PATTERN,
  DATE_PATTERN,
  EMAIL_PATTERN,
  INVOICE_REGISTRATION_PATTERN,
  LATITUDE_RANGE,
  LOGIN_ID_PATTERN,
  LONGITUDE_RANGE,
  NAME_MAX,
  PASSWORD_MIN,
  PHONE_PATTERN,
  POSTAL_CODE_PATTERN,
  TIME_PATTERN,
  VEHICLE_NUMBER_MAX,
} from '../../../../common/validation.js';
import type { ColumnSpec, EnumSpec, FieldSpec, FilterSpec, MasterDeclaration, RefSpec } from '../../shared/masters/types.js';

export const ENUMS = {
  level: { labels: 'enums.level', values: DEPARTMENT_LEVELS, showValue: true },
  userType: { labels: 'enums.userType', values: [1, 2, 3] },
  deliveryType: { labels: 'masterEnums.deliveryType', values: [0, 1, 2] },
  employmentType: { labels: 'masterEnums.employmentType', values: [0, 1, 2] },
  loginFlag: { labels: 'masterEnums.loginFlag', values: [0, 1] },
  priceKind: { labels: 'masterEnums.priceKind', values: [0, 1] },
} as const satisfies Record<string, EnumSpec>;

const REFS = {
  department: { resource: 'department' },
  center: { resource: 'department', filters: { level: LEVEL.center } },
  company: { resource: 'delivery_company' },
  vehicleType: { resource: 'vehicle_type' },
  vehicle: { resource: 'vehicle', label: ['vehicle_number'] },
  district: { resource: 'district' },
  direction: { resource: 'direction' },
  customer: { resource: 'customer' },
} as const satisfies Record<string, RefSpec>;

// Fields several masters share.
const code: FieldSpec = { name: 'code', kind: 'text', required: true, max: 20, pattern: CODE_PATTERN, span: 8 };
const name: FieldSpec = { name: 'name', kind: 'text', required: true, max: NAME_MAX, span: 16 };
const kana: FieldSpec = { name: 'name_kana', kind: 'text', max: NAME_MAX };
const postalCode: FieldSpec = { name: 'postal_code', kind: 'text', max: 8, pattern: POSTAL_CODE_PATTERN, span: 8 };
const address: FieldSpec = { name: 'address', kind: 'text', max: ADDRESS_MAX, span: 16 };
const phone: FieldSpec = { name: 'phone', kind: 'text', max: 20, pattern: PHONE_PATTERN, span: 8 };
const email: FieldSpec = { name: 'email', kind: 'text', max: 200, pattern: EMAIL_PATTERN };
const latitude: FieldSpec = { name: 'latitude', kind: 'number', range: LATITUDE_RANGE, span: 8 };
const longitude: FieldSpec = { name: 'longitude', kind: 'number', range: LONGITUDE_RANGE, span: 8 };
const loginId: FieldSpec = { name: 'login_id', kind: 'text', required: true, max: 50, pattern: LOGIN_ID_PATTERN };
const password = (requiredOnCreate: boolean): FieldSpec => ({
  name: 'password',
  kind: 'password',
  requiredOnCreate,
  min: PASSWORD_MIN,
  max: 200,
});
const time = (fieldName: string, extra: Partial<FieldSpec> = {}): FieldSpec => ({
  name: fieldName,
  kind: 'time',
  pattern: TIME_PATTERN,
  span: 6,
  ...extra,
});
const count = (fieldName: string, max: number, extra: Partial<FieldSpec> = {}): FieldSpec => ({
  name: fieldName,
  kind: 'integer',
  range: { min: 0, max },
  span: 8,
  ...extra,
});
const amount = (fieldName: string, extra: Partial<FieldSpec> = {}): FieldSpec => ({
  name: fieldName,
  kind: 'number',
  range: AMOUNT_RANGE,
  span: 8,
  ...extra,
});

const companyField: FieldSpec = {
  name: 'delivery_company_id',
  kind: 'ref',
  ref: REFS.company,
  required: true,
  carrier: 'own-company',
};
const baseCenterField: FieldSpec = {
  name: 'base_department_id',
  kind: 'ref',
  ref: REFS.center,
  carrier: 'hidden',
  ownCenter: true,
};

// Columns several masters share.
const col = (column: string, extra: Partial<ColumnSpec> = {}): ColumnSpec => ({ name: column, sort: column, ...extra });
/**
 * A reference shown by its display name and sorted by it (the API joins the name;
 * tests/client/master-declarations.test.ts checks it accepts the sort).
 */
const refCol = (idField: string, display = idField.replace(/_id$/, '_name')): ColumnSpec => ({
  name: display,
  label: idField,
  sort: display,
});
const updatedAt = col('updated_at', { render: 'datetime' });
const enumCol = (column: string, spec: EnumSpec): ColumnSpec => col(column, { render: 'enum', enum: spec });

const refFilter = (filter: string, ref: RefSpec, carrier?: FilterSpec['carrier']): FilterSpec => ({
  name: filter,
  kind: 'ref',
  ref,
  carrier,
});
const enumFilter = (filter: string, spec: EnumSpec): FilterSpec => ({ name: filter, kind: 'enum', enum: spec });

export const MASTER_DECLARATIONS: readonly MasterDeclaration[] = [
  {
    identifier: 'departments',
    resource: 'department',
    i18n: 'departments',
    search: true,
    defaultSort: [{ field: 'code', order: 'asc' }],
    filters: [enumFilter('level', ENUMS.level)],
    columns: [
      col('code'),
      col('name'),
      enumCol('level', ENUMS.level),
      { name: 'parent_name', label: 'parent_id' },
      { name: 'address', ellipsis: true },
      updatedAt,
    ],
    fields: [
      code,
      name,
      { name: 'level', kind: 'enum', enum: ENUMS.level, required: true, span: 8 },
      { name: 'parent_id', kind: 'ref', ref: { ...REFS.department, excludeSelf: true }, span: 16 },
      postalCode,
      address,
      phone,
      latitude,
      longitude,
    ],
  },
  {
    identifier: 'delivery-companies',
    resource: 'delivery_company',
    i18n: 'deliveryCompanies',
    search: true,
    defaultSort: [{ field: 'code', order: 'asc' }],
    filters: [refFilter('department_id', REFS.department)],
    columns: [
      col('code'),
      col('name'),
      col('name_kana'),
      refCol('department_id'),
      { name: 'phone' },
      { name: 'invoice_registration_number' },
      updatedAt,
    ],
    fields: [
      code,
      name,
      { ...kana, span: 16 },
      { name: 'department_id', kind: 'ref', ref: REFS.department, required: true },
      { name: 'invoice_registration_number', kind: 'text', max: 14, pattern: INVOICE_REGISTRATION_PATTERN },
      postalCode,
      address,
      phone,
      { ...email, span: 16 },
    ],
  },
  {
    identifier: 'vehicle-types',
    resource: 'vehicle_type',
    i18n: 'vehicleTypes',
    search: true,
    defaultSort: [{ field: 'code', order: 'asc' }],
    columns: [
      col('code'),
      col('name'),
      col('max_loading_capacity', { render: 'number' }),
      col('pallet_capacity', { render: 'number' }),
      col('cage_cart_capacity', { render: 'number' }),
      updatedAt,
    ],
    fields: [
      code,
      name,
      count('max_loading_capacity', 100_000),
      count('pallet_capacity', 100),
      count('cage_cart_capacity', 200),
    ],
  },
  {
    identifier: 'vehicles',
    resource: 'vehicle',
    i18n: 'vehicles',
    temporary: true,
    search: true,
    defaultSort: [{ field: 'vehicle_number', order: 'asc' }],
    title: ['vehicle_number'],
    filters: [
      refFilter('vehicle_type_id', REFS.vehicleType),
      refFilter('delivery_company_id', REFS.company, 'hidden'),
      refFilter('base_department_id', REFS.center, 'hidden'),
    ],
    columns: [
      col('vehicle_number', { temporaryTag: true }),
      refCol('vehicle_type_id'),
      refCol('delivery_company_id'),
      refCol('base_department_id'),
      { name: 'avg_fuel_economy', render: 'number' },
      { name: 'max_loading_capacity', render: 'number' },
      { name: 'average_volume', render: 'number' },
      updatedAt,
    ],
    fields: [
      { name: 'vehicle_number', kind: 'text', required: true, max: VEHICLE_NUMBER_MAX },
      { name: 'vehicle_type_id', kind: 'ref', ref: REFS.vehicleType, required: true },
      companyField,
      baseCenterField,
      amount('avg_fuel_economy'),
      count('max_loading_capacity', 100_000),
      amount('average_volume'),
    ],
  },
  {
    identifier: 'users',
    resource: 'user',
    i18n: 'users',
    search: true,
    holdsCaller: true,
    title: ['login_id', 'name'],
    defaultSort: [{ field: 'login_id', order: 'asc' }],
    filters: [
      enumFilter('type', ENUMS.userType),
      refFilter('department_id', REFS.department, 'hidden'),
      refFilter('delivery_company_id', REFS.company, 'hidden'),
    ],
    columns: [
      col('login_id'),
      col('name'),
      enumCol('type', ENUMS.userType),
      refCol('department_id'),
      refCol('delivery_company_id'),
      { name: 'email', ellipsis: true },
      updatedAt,
    ],
    fields: [
      loginId,
      { ...name, span: 12 },
      password(true),
      { name: 'type', kind: 'enum', enum: ENUMS.userType, required: true, options: 'assignableUserTypes' },
      { name: 'department_id', kind: 'ref', ref: REFS.department, carrier: 'hidden' },
      { name: 'delivery_company_id', kind: 'ref', ref: REFS.company, carrier: 'own-company' },
      { ...email, span: 24 },
    ],
    exclusive: ['department_id', 'delivery_company_id'],
  },
  {
    identifier: 'drivers',
    resource: 'driver',
    i18n: 'drivers',
    search: true,
    title: ['login_id', 'name'],
    defaultSort: [{ field: 'login_id', order: 'asc' }],
    filters: [
      refFilter('delivery_company_id', REFS.company, 'hidden'),
      refFilter('base_department_id', REFS.center, 'hidden'),
      enumFilter('employment_type', ENUMS.employmentType),
      enumFilter('login_flag', ENUMS.loginFlag),
    ],
    columns: [
      col('login_id'),
      col('name'),
      col('name_kana'),
      refCol('delivery_company_id'),
      refCol('base_department_id'),
      { name: 'default_vehicle_number', label: 'default_vehicle_id' },
      enumCol('employment_type', ENUMS.employmentType),
      enumCol('login_flag', ENUMS.loginFlag),
      updatedAt,
    ],
    fields: [
      loginId,
      password(false),
      { ...name, span: 12 },
      kana,
      companyField,
      baseCenterField,
      {
        name: 'default_vehicle_id',
        kind: 'ref',
        ref: { ...REFS.vehicle, filterBy: { delivery_company_id: 'delivery_company_id' } },
        display: 'default_vehicle_number',
      },
      phone,
      { name: 'employment_type', kind: 'enum', enum: ENUMS.employmentType, required: true, span: 8 },
      amount('hourly_wage', { kind: 'integer' }),
      { name: 'binding_extension_agreement', kind: 'boolean', span: 8 },
    ],
  },
  {
    identifier: 'delivery-destinations',
    resource: 'delivery_destination',
    i18n: 'deliveryDestinations',
    temporary: true,
    search: true,
    defaultSort: [{ field: 'delivery_code', order: 'asc' }],
    title: ['delivery_code', 'customer_store_name'],
    filters: [
      refFilter('direction_id', REFS.direction),
      enumFilter('delivery_type', ENUMS.deliveryType),
      refFilter('customer_id', REFS.customer),
    ],
    columns: [
      col('delivery_code', { temporaryTag: true }),
      col('customer_company_name'),
      col('customer_store_name'),
      { name: 'customer_address', ellipsis: true },
      refCol('direction_id'),
      col('order', { render: 'number' }),
      enumCol('delivery_type', ENUMS.deliveryType),
      { name: 'start_time' },
      { name: 'ending_time' },
      updatedAt,
    ],
    fields: [
      { name: 'delivery_code', kind: 'text', required: true, max: 20, pattern: CODE_PATTERN, span: 8 },
      { name: 'customer_company_name', kind: 'text', required: true, max: NAME_MAX, span: 8 },
      { name: 'customer_store_name', kind: 'text', required: true, max: NAME_MAX, span: 8 },
      {
        name: 'customer_address',
        kind: 'text',
        required: true,
        max: ADDRESS_MAX,
        span: 24,
        geocode: { latitude: 'latitude', longitude: 'longitude' },
      },
      { ...latitude, required: true, requiredMessage: 'errors.getLatLngFirst' },
      { ...longitude, required: true, requiredMessage: 'errors.getLatLngFirst' },
      { name: 'customer_id', kind: 'ref', ref: REFS.customer, span: 8 },
      { name: 'direction_id', kind: 'ref', ref: REFS.direction, span: 8 },
      count('order', 10_000),
      { name: 'delivery_type', kind: 'enum', enum: ENUMS.deliveryType, required: true, span: 8 },
      time('specified_time'),
      time('start_time'),
      time('ending_time', { after: 'start_time' }),
      amount('shipping_fee', { kind: 'integer' }),
      { name: 'classification', kind: 'text', max: 50, span: 8 },
      phone,
      { name: 'comment', kind: 'textarea', max: 1000, span: 24 },
    ],
  },
  {
    identifier: 'districts',
    resource: 'district',
    i18n: 'districts',
    search: true,
    defaultSort: [{ field: 'code', order: 'asc' }],
    filters: [refFilter('department_id', REFS.department)],
    columns: [col('code'), col('name'), refCol('department_id'), updatedAt],
    fields: [code, name, { name: 'department_id', kind: 'ref', ref: REFS.department, required: true }],
  },
  {
    identifier: 'directions',
    resource: 'direction',
    i18n: 'directions',
    temporary: true,
    search: true,
    defaultSort: [{ field: 'code', order: 'asc' }],
    filters: [refFilter('district_id', REFS.district), refFilter('department_id', REFS.center)],
    columns: [col('code', { temporaryTag: true }), col('name'), refCol('district_id'), refCol('department_id'), updatedAt],
    fields: [
      code,
      name,
      { name: 'district_id', kind: 'ref', ref: REFS.district },
      { name: 'department_id', kind: 'ref', ref: REFS.center, required: true },
    ],
  },
  {
    identifier: 'direction-bases',
    resource: 'direction_base',
    i18n: 'directionBases',
    title: ['direction_name', 'base_department_name'],
    defaultSort: [
      { field: 'direction_name', order: 'asc' },
      { field: 'base_department_name', order: 'asc' },
    ],
    filters: [
      refFilter('direction_id', REFS.direction),
      refFilter('base_department_id', REFS.center),
      refFilter('delivery_company_id', REFS.company),
      refFilter('vehicle_type_id', REFS.vehicleType),
    ],
    columns: [
      refCol('direction_id'),
      refCol('base_department_id'),
      refCol('delivery_company_id'),
      refCol('vehicle_type_id'),
      col('trips_per_day', { render: 'number' }),
      updatedAt,
    ],
    fields: [
      { name: 'direction_id', kind: 'ref', ref: REFS.direction, required: true },
      { name: 'base_department_id', kind: 'ref', ref: REFS.center, required: true },
      { name: 'delivery_company_id', kind: 'ref', ref: REFS.company },
      { name: 'vehicle_type_id', kind: 'ref', ref: REFS.vehicleType },
      { name: 'trips_per_day', kind: 'integer', required: true, range: { min: 1, max: 20 } },
    ],
  },
  {
    identifier: 'operation-times',
    resource: 'operation_time',
    i18n: 'operationTimes',
    actions: ['list', 'show', 'edit', 'import'],
    defaultSort: [
      { field: 'department_name', order: 'asc' },
      { field: 'delivery_type', order: 'asc' },
    ],
    filters: [refFilter('department_id', REFS.center), enumFilter('delivery_type', ENUMS.deliveryType)],
    columns: [
      { ...refCol('department_id'), groupBy: 'department_name' },
      enumCol('delivery_type', ENUMS.deliveryType),
      col('work_start'),
      col('loading_start'),
      col('departure'),
      col('work_end'),
      updatedAt,
    ],
    fields: [
      { name: 'department_id', kind: 'ref', ref: REFS.center, required: true, fixedOnEdit: true },
      { name: 'delivery_type', kind: 'enum', enum: ENUMS.deliveryType, required: true, fixedOnEdit: true },
      time('work_start', { required: true }),
      time('loading_start', { required: true, after: 'work_start' }),
      time('departure', { required: true, after: 'loading_start' }),
      time('work_end', { required: true, after: 'departure' }),
    ],
  },
  {
    identifier: 'customers',
    resource: 'customer',
    i18n: 'customers',
    modalForm: true,
    search: true,
    defaultSort: [{ field: 'code', order: 'asc' }],
    columns: [
      col('code'),
      col('name'),
      { name: 'address', ellipsis: true },
      { name: 'phone' },
      col('billing_closing_day', { render: 'closingDay' }),
      updatedAt,
    ],
    fields: [
      code,
      name,
      { ...address, span: 24 },
      { ...phone, span: 12 },
      { name: 'billing_closing_day', kind: 'integer', range: { min: 1, max: 31 } },
    ],
  },
  {
    identifier: 'unit-prices',
    resource: 'unit_price',
    i18n: 'unitPrices',
    title: ['vehicle_type_name', 'delivery_company_name', 'effective_from'],
    modalForm: true,
    defaultSort: [
      { field: 'vehicle_type_name', order: 'asc' },
      { field: 'kind', order: 'asc' },
      { field: 'effective_from', order: 'desc' },
    ],
    filters: [
      refFilter('vehicle_type_id', REFS.vehicleType),
      enumFilter('kind', ENUMS.priceKind),
      { ...refFilter('delivery_company_id', REFS.company), label: 'delivery_company_name' },
    ],
    columns: [
      refCol('vehicle_type_id'),
      enumCol('kind', ENUMS.priceKind),
      { ...refCol('delivery_company_id'), label: 'delivery_company_name', empty: 'masterUi.standardPrice' },
      col('price_per_trip', { render: 'number' }),
      col('price_per_km', { render: 'number' }),
      col('effective_from', { render: 'date' }),
      updatedAt,
    ],
    fields: [
      { name: 'vehicle_type_id', kind: 'ref', ref: REFS.vehicleType, required: true },
      { name: 'kind', kind: 'enum', enum: ENUMS.priceKind, required: true },
      { name: 'delivery_company_id', kind: 'ref', ref: REFS.company, span: 24 },
      { name: 'price_per_trip', kind: 'integer', required: true, range: { min: 0, max: 10_000_000 } },
      // Stored NOT NULL (default 0) although the API declares it optional: a new price starts at 0.
      { name: 'price_per_km', kind: 'integer', range: { min: 0, max: 1_000_000 }, initial: 0 },
      { name: 'effective_from', kind: 'date', required: true, pattern: DATE_PATTERN },
    ],
  },
];

const BY_KEY = new Map<string, MasterDeclaration>(
  MASTER_DECLARATIONS.flatMap((master) => [
    [master.identifier, master],
    [master.resource, master],
  ]),
);

/** By Refine identifier or API name. */
export function findMaster(key: string | undefined): MasterDeclaration | undefined {
  return key === undefined ? undefined : BY_KEY.get(key);
}

export function getMaster(key: string): MasterDeclaration {
  const master = findMaster(key);
  if (!master) throw new Error(`No master declared for ${key}`);
  return master;
}
