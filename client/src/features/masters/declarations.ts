/**
 * Every master screen, declared as data: what the forms and lists add to the masters' shared
 * facts (common/masters: fields, types, requirements, limits, references). The form's field order
 * is the screen's own; tests/client/master-declarations.test.ts checks what can still disagree.
 */
import { LEVEL } from '../../../../common/enums.js';
import {
  CUSTOMER,
  DELIVERY_COMPANY,
  DELIVERY_DESTINATION,
  DEPARTMENT,
  DIRECTION,
  DIRECTION_BASE,
  DISTRICT,
  DRIVER,
  factOf,
  type FieldFacts,
  type FieldType,
  MASTER_ENUMS,
  type MasterFacts,
  OPERATION_TIME,
  UNIT_PRICE,
  USER,
  VEHICLE,
  VEHICLE_TYPE,
} from '../../../../common/masters/index.js';
import type {
  ColumnSpec,
  EnumSpec,
  FieldKind,
  FieldSpec,
  FilterSpec,
  MasterDeclaration,
  RefSpec,
} from '../../shared/masters/types.js';

export const ENUMS = {
  level: { labels: 'enums.level', values: MASTER_ENUMS.level, showValue: true },
  userType: { labels: 'enums.userType', values: MASTER_ENUMS.userType },
  deliveryType: { labels: 'masterEnums.deliveryType', values: MASTER_ENUMS.deliveryType },
  employmentType: { labels: 'masterEnums.employmentType', values: MASTER_ENUMS.employmentType },
  loginFlag: { labels: 'masterEnums.loginFlag', values: MASTER_ENUMS.loginFlag },
  priceKind: { labels: 'masterEnums.priceKind', values: MASTER_ENUMS.priceKind },
} as const satisfies Record<string, EnumSpec>;

/** How a select names and narrows another master's records (which master: the field's `refersTo`). */
type RefOptions = Omit<RefSpec, 'resource'>;

const CENTER: RefOptions = { filters: { level: LEVEL.center } };
const VEHICLE_OPTIONS: RefOptions = { label: ['vehicle_number'] };

/** What a form adds to a field's shared facts: how it is edited, laid out and narrowed. */
type ScreenFacts = Omit<Partial<FieldSpec>, 'name' | 'required' | 'requiredOnCreate' | 'max' | 'min' | 'pattern' | 'range' | 'ref'> & {
  ref?: RefOptions;
};

const KIND_OF_TYPE: Record<FieldType, FieldKind> = { string: 'text', date: 'date', integer: 'integer', number: 'number', boolean: 'boolean' };

/** The input a field gets unless its screen says otherwise. */
function kindOf(fact: FieldFacts): FieldKind {
  if (fact.writeOnly) return 'password';
  if (fact.refersTo) return 'ref';
  if (fact.enum) return 'enum';
  return KIND_OF_TYPE[fact.type];
}

/** Widths of fields several masters share, unless a screen sets its own. */
const LAYOUT: Record<string, Pick<FieldSpec, 'span'>> = {
  code: { span: 8 },
  name: { span: 16 },
  postal_code: { span: 8 },
  address: { span: 16 },
  phone: { span: 8 },
  latitude: { span: 8 },
  longitude: { span: 8 },
};
const THIRD: ScreenFacts = { span: 8 };
const TIME: ScreenFacts = { kind: 'time', span: 6 };
const after = (field: string): ScreenFacts => ({ ...TIME, after: field });

const defined = <T extends object>(spec: T): T =>
  Object.fromEntries(Object.entries(spec).filter(([, value]) => value !== undefined)) as T;

/** A form field: the field's shared facts (an enum's range is its values), then the screen's own. */
function formField(fact: FieldFacts, { ref, ...screen }: ScreenFacts = {}): FieldSpec {
  return defined({
    name: fact.name,
    kind: kindOf(fact),
    required: fact.required || undefined,
    requiredOnCreate: fact.requiredOnCreate,
    max: fact.max ?? fact.inputMax,
    min: fact.min,
    pattern: fact.pattern,
    range: fact.enum ? undefined : fact.range,
    ref: fact.refersTo ? { resource: fact.refersTo, ...ref } : undefined,
    ...LAYOUT[fact.name],
    ...screen,
  });
}

/** A master's form: its fields by name, in the form's order, each with what the screen adds. */
const form = (master: MasterFacts, screens: Record<string, ScreenFacts>): FieldSpec[] =>
  Object.entries(screens).map(([name, screen]) => formField(factOf(master, name), screen));

/** What a screen takes from the master's facts as they are. */
const screenOf = (master: MasterFacts): Pick<MasterDeclaration, 'resource' | 'i18n' | 'temporary' | 'actions'> =>
  defined({ resource: master.resource, i18n: master.i18n, temporary: master.temporary, actions: master.actions });

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

/** A list filter by a foreign key of the master: a select of the master it refers to. */
const refFilter = (master: MasterFacts, filter: string, options: RefOptions = {}, carrier?: FilterSpec['carrier']): FilterSpec => ({
  name: filter,
  kind: 'ref',
  ref: { resource: factOf(master, filter).refersTo!, ...options },
  carrier,
});
const enumFilter = (filter: string, spec: EnumSpec): FilterSpec => ({ name: filter, kind: 'enum', enum: spec });

/** A delivery company's staff work in their own company only. */
const OWN_COMPANY: ScreenFacts = { carrier: 'own-company' };
/** A vehicle's or driver's base center. */
const BASE_CENTER: ScreenFacts = { ref: CENTER, carrier: 'hidden', ownCenter: true };

export const MASTER_DECLARATIONS: readonly MasterDeclaration[] = [
  {
    identifier: 'departments',
    ...screenOf(DEPARTMENT),
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
    fields: form(DEPARTMENT, {
      code: {},
      name: {},
      level: { enum: ENUMS.level, span: 8 },
      parent_id: { ref: { excludeSelf: true }, span: 16 },
      postal_code: {},
      address: {},
      phone: {},
      latitude: {},
      longitude: {},
    }),
  },
  {
    identifier: 'delivery-companies',
    ...screenOf(DELIVERY_COMPANY),
    search: true,
    defaultSort: [{ field: 'code', order: 'asc' }],
    filters: [refFilter(DELIVERY_COMPANY, 'department_id')],
    columns: [
      col('code'),
      col('name'),
      col('name_kana'),
      refCol('department_id'),
      { name: 'phone' },
      { name: 'invoice_registration_number' },
      updatedAt,
    ],
    fields: form(DELIVERY_COMPANY, {
      code: {},
      name: {},
      name_kana: { span: 16 },
      department_id: {},
      invoice_registration_number: {},
      postal_code: {},
      address: {},
      phone: {},
      email: { span: 16 },
    }),
  },
  {
    identifier: 'vehicle-types',
    ...screenOf(VEHICLE_TYPE),
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
    fields: form(VEHICLE_TYPE, {
      code: {},
      name: {},
      max_loading_capacity: THIRD,
      pallet_capacity: THIRD,
      cage_cart_capacity: THIRD,
    }),
  },
  {
    identifier: 'vehicles',
    ...screenOf(VEHICLE),
    search: true,
    defaultSort: [{ field: 'vehicle_number', order: 'asc' }],
    title: ['vehicle_number'],
    filters: [
      refFilter(VEHICLE, 'vehicle_type_id'),
      refFilter(VEHICLE, 'delivery_company_id', {}, 'hidden'),
      refFilter(VEHICLE, 'base_department_id', CENTER, 'hidden'),
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
    fields: form(VEHICLE, {
      vehicle_number: {},
      vehicle_type_id: {},
      delivery_company_id: OWN_COMPANY,
      base_department_id: BASE_CENTER,
      avg_fuel_economy: THIRD,
      max_loading_capacity: THIRD,
      average_volume: THIRD,
    }),
  },
  {
    identifier: 'users',
    ...screenOf(USER),
    search: true,
    holdsCaller: true,
    title: ['login_id', 'name'],
    defaultSort: [{ field: 'login_id', order: 'asc' }],
    filters: [
      enumFilter('type', ENUMS.userType),
      refFilter(USER, 'department_id', {}, 'hidden'),
      refFilter(USER, 'delivery_company_id', {}, 'hidden'),
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
    fields: form(USER, {
      login_id: {},
      name: { span: 12 },
      password: {},
      type: { enum: ENUMS.userType, options: 'assignableUserTypes' },
      department_id: { carrier: 'hidden' },
      delivery_company_id: OWN_COMPANY,
      email: { span: 24 },
    }),
    exclusive: ['department_id', 'delivery_company_id'],
  },
  {
    identifier: 'drivers',
    ...screenOf(DRIVER),
    search: true,
    title: ['login_id', 'name'],
    defaultSort: [{ field: 'login_id', order: 'asc' }],
    filters: [
      refFilter(DRIVER, 'delivery_company_id', {}, 'hidden'),
      refFilter(DRIVER, 'base_department_id', CENTER, 'hidden'),
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
    fields: form(DRIVER, {
      login_id: {},
      password: {},
      name: { span: 12 },
      name_kana: {},
      delivery_company_id: OWN_COMPANY,
      base_department_id: BASE_CENTER,
      default_vehicle_id: {
        ref: { ...VEHICLE_OPTIONS, filterBy: { delivery_company_id: 'delivery_company_id' } },
        display: 'default_vehicle_number',
      },
      phone: {},
      employment_type: { enum: ENUMS.employmentType, span: 8 },
      hourly_wage: THIRD,
      binding_extension_agreement: THIRD,
    }),
  },
  {
    identifier: 'delivery-destinations',
    ...screenOf(DELIVERY_DESTINATION),
    search: true,
    defaultSort: [{ field: 'delivery_code', order: 'asc' }],
    title: ['delivery_code', 'customer_store_name'],
    filters: [
      refFilter(DELIVERY_DESTINATION, 'direction_id'),
      enumFilter('delivery_type', ENUMS.deliveryType),
      refFilter(DELIVERY_DESTINATION, 'customer_id'),
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
    fields: form(DELIVERY_DESTINATION, {
      delivery_code: THIRD,
      customer_company_name: THIRD,
      customer_store_name: THIRD,
      customer_address: { span: 24, geocode: { latitude: 'latitude', longitude: 'longitude' } },
      latitude: { requiredMessage: 'errors.getLatLngFirst' },
      longitude: { requiredMessage: 'errors.getLatLngFirst' },
      customer_id: THIRD,
      direction_id: THIRD,
      order: THIRD,
      delivery_type: { enum: ENUMS.deliveryType, span: 8 },
      specified_time: TIME,
      start_time: TIME,
      ending_time: after('start_time'),
      shipping_fee: THIRD,
      classification: THIRD,
      phone: {},
      comment: { kind: 'textarea', span: 24 },
    }),
  },
  {
    identifier: 'districts',
    ...screenOf(DISTRICT),
    search: true,
    defaultSort: [{ field: 'code', order: 'asc' }],
    filters: [refFilter(DISTRICT, 'department_id')],
    columns: [col('code'), col('name'), refCol('department_id'), updatedAt],
    fields: form(DISTRICT, { code: {}, name: {}, department_id: {} }),
  },
  {
    identifier: 'directions',
    ...screenOf(DIRECTION),
    search: true,
    defaultSort: [{ field: 'code', order: 'asc' }],
    filters: [refFilter(DIRECTION, 'district_id'), refFilter(DIRECTION, 'department_id', CENTER)],
    columns: [col('code', { temporaryTag: true }), col('name'), refCol('district_id'), refCol('department_id'), updatedAt],
    fields: form(DIRECTION, { code: {}, name: {}, district_id: {}, department_id: { ref: CENTER } }),
  },
  {
    identifier: 'direction-bases',
    ...screenOf(DIRECTION_BASE),
    title: ['direction_name', 'base_department_name'],
    defaultSort: [
      { field: 'direction_name', order: 'asc' },
      { field: 'base_department_name', order: 'asc' },
    ],
    filters: [
      refFilter(DIRECTION_BASE, 'direction_id'),
      refFilter(DIRECTION_BASE, 'base_department_id', CENTER),
      refFilter(DIRECTION_BASE, 'delivery_company_id'),
      refFilter(DIRECTION_BASE, 'vehicle_type_id'),
    ],
    columns: [
      refCol('direction_id'),
      refCol('base_department_id'),
      refCol('delivery_company_id'),
      refCol('vehicle_type_id'),
      col('trips_per_day', { render: 'number' }),
      updatedAt,
    ],
    fields: form(DIRECTION_BASE, {
      direction_id: {},
      base_department_id: { ref: CENTER },
      delivery_company_id: {},
      vehicle_type_id: {},
      trips_per_day: {},
    }),
  },
  {
    identifier: 'operation-times',
    ...screenOf(OPERATION_TIME),
    defaultSort: [
      { field: 'department_name', order: 'asc' },
      { field: 'delivery_type', order: 'asc' },
    ],
    filters: [refFilter(OPERATION_TIME, 'department_id', CENTER), enumFilter('delivery_type', ENUMS.deliveryType)],
    columns: [
      { ...refCol('department_id'), groupBy: 'department_name' },
      enumCol('delivery_type', ENUMS.deliveryType),
      col('work_start'),
      col('loading_start'),
      col('departure'),
      col('work_end'),
      updatedAt,
    ],
    fields: form(OPERATION_TIME, {
      department_id: { ref: CENTER, fixedOnEdit: true },
      delivery_type: { enum: ENUMS.deliveryType, fixedOnEdit: true },
      work_start: TIME,
      loading_start: after('work_start'),
      departure: after('loading_start'),
      work_end: after('departure'),
    }),
  },
  {
    identifier: 'customers',
    ...screenOf(CUSTOMER),
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
    fields: form(CUSTOMER, {
      code: {},
      name: {},
      address: { span: 24 },
      phone: { span: 12 },
      billing_closing_day: {},
    }),
  },
  {
    identifier: 'unit-prices',
    ...screenOf(UNIT_PRICE),
    title: ['vehicle_type_name', 'delivery_company_name', 'effective_from'],
    modalForm: true,
    defaultSort: [
      { field: 'vehicle_type_name', order: 'asc' },
      { field: 'kind', order: 'asc' },
      { field: 'effective_from', order: 'desc' },
    ],
    filters: [
      refFilter(UNIT_PRICE, 'vehicle_type_id'),
      enumFilter('kind', ENUMS.priceKind),
      { ...refFilter(UNIT_PRICE, 'delivery_company_id'), label: 'delivery_company_name' },
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
    fields: form(UNIT_PRICE, {
      vehicle_type_id: {},
      kind: { enum: ENUMS.priceKind },
      delivery_company_id: { span: 24 },
      price_per_trip: {},
      // Stored NOT NULL (default 0) although the API declares it optional: a new price starts at 0.
      price_per_km: { initial: 0 },
      effective_from: {},
    }),
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
