import { type Static, Type } from 'typebox';
import { DELAY_STATUSES, DELIVERY_LIMITS, DELIVERY_QUANTITY_MAX, DELIVERY_SORTS, DELIVERY_STATUSES } from '../../common/deliveries.js';
import { AMOUNT_RANGE } from '../../common/validation.js';
import { ImportResult } from '../imports/schemas.js';
import { stopProgress, stopReport } from '../allocation/schemas.js';
import { CalendarDate, CsvEncodingParam, errorResponses, Id, IdParams, INT4_MAX, Nullable, Text, Timestamp, type Wire } from '../http/schemas.js';

const Version = Type.Integer({ minimum: 0, maximum: INT4_MAX });
const Amount = Type.Number({ minimum: AMOUNT_RANGE.min, maximum: AMOUNT_RANGE.max });
const oneOf = (values: readonly number[]) => Type.Integer({ minimum: Math.min(...values), maximum: Math.max(...values) });
const MAX_PAGE_OFFSET = INT4_MAX;

/** One row of the list (and the export): the delivery, its store and center, and its trip's names. */
export const DeliveryRow = Type.Object({
  id: Id,
  version: Type.Integer(),
  date: Type.String(),
  department_id: Type.Integer(),
  department_name: Nullable(Type.String()),
  delivery_destination_id: Type.Integer(),
  delivery_code: Nullable(Type.String()),
  store_name: Nullable(Type.String()),
  customer_company_name: Nullable(Type.String()),
  address: Nullable(Type.String()),
  customer_id: Nullable(Type.Integer()),
  order_number: Nullable(Type.String()),
  slip_number: Type.String(),
  item_code: Nullable(Type.String()),
  item_name: Nullable(Type.String()),
  quantity: Type.Integer(),
  load_unit: Type.Integer(),
  volume: Nullable(Type.Number()),
  weight: Nullable(Type.Number()),
  status: Type.Integer(),
  vehicle_allocation_id: Nullable(Type.Integer()),
  stop_seq: Nullable(Type.Integer()),
  trip_no: Nullable(Type.Integer()),
  /** the trip's route name as the planner gave it (null: unnamed); `delivery_route` is it or 便{trip_no} */
  route_name: Nullable(Type.String()),
  delivery_route: Nullable(Type.String()),
  vehicle_id: Nullable(Type.Integer()),
  vehicle_number: Nullable(Type.String()),
  driver_id: Nullable(Type.Integer()),
  driver_name: Nullable(Type.String()),
  delivery_company_id: Nullable(Type.Integer()),
  delivery_company_name: Nullable(Type.String()),
  /** the trip's 出発予定: a 配車済 row past it (and the grace) is shown 未出発 */
  planned_departure: Nullable(Timestamp),
  estimated_arrival_time: Nullable(Timestamp),
  delivery_delay_status: Type.Integer(),
  report_time: Nullable(Timestamp),
  report_location: Nullable(Type.String()),
  handled_at: Nullable(Timestamp),
  updated_at: Timestamp,
  /** the stop's 荷待ち, 荷役 and 荷主確認 so far (all null: not on a trip, or nothing reported yet) */
  ...stopProgress,
});

const Trip = Type.Object({
  id: Id,
  trip_no: Type.Integer(),
  route_name: Nullable(Type.String()),
  status: Type.Integer(),
  vehicle_number: Nullable(Type.String()),
  driver_name: Nullable(Type.String()),
  planned_loading_start: Nullable(Timestamp),
  planned_departure: Nullable(Timestamp),
  planned_arrival: Nullable(Timestamp),
  confirmed_at: Nullable(Timestamp),
});

const Stop = Type.Object({
  seq: Type.Integer(),
  planned_arrival: Nullable(Timestamp),
  ...stopReport,
  arrival_latitude: Nullable(Type.Number()),
  arrival_longitude: Nullable(Type.Number()),
});

export const DeliveryDetail = Type.Intersect([DeliveryRow, Type.Object({ trip: Nullable(Trip), stop: Nullable(Stop) })]);

/** The answers as the client reads them (timestamps as text): its types are these. */
export type DeliveryRowWire = Wire<typeof DeliveryRow>;
export type DeliveryDetailWire = Wire<typeof DeliveryDetail>;

/** The list's filters, shared by the list and the export. */
const filters = {
  date_from: CalendarDate,
  date_to: CalendarDate,
  department_id: Type.Optional(Id),
  delivery_company_id: Type.Optional(Id),
  driver_id: Type.Optional(Id),
  vehicle_allocation_id: Type.Optional(Id),
  status: Type.Optional(Type.Array(oneOf(DELIVERY_STATUSES), { maxItems: DELIVERY_STATUSES.length })),
  delivery_delay_status: Type.Optional(Type.Array(oneOf(DELAY_STATUSES), { maxItems: DELAY_STATUSES.length })),
  q: Type.Optional(Text({ maxLength: 100 })),
};

export const DeliveryListQuery = Type.Object(
  {
    ...filters,
    _start: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_PAGE_OFFSET })),
    _end: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_PAGE_OFFSET })),
    _sort: Type.Optional(Type.Enum([...DELIVERY_SORTS])),
    _order: Type.Optional(Type.Enum(['asc', 'desc'])),
  },
  { additionalProperties: false },
);
export type DeliveryListQuery = Static<typeof DeliveryListQuery>;

export const DeliveryExportQuery = Type.Object(
  { ...filters, encoding: CsvEncodingParam },
  { additionalProperties: false },
);
export type DeliveryFilters = Omit<Static<typeof DeliveryExportQuery>, 'encoding'>;

/** What a form writes: the delivery's own fields (its trip, status and reports are the allocation's). */
const writable = {
  date: CalendarDate,
  department_id: Id,
  delivery_destination_id: Id,
  slip_number: Text({ minLength: 1, maxLength: DELIVERY_LIMITS.slip_number }),
  quantity: Type.Integer({ minimum: 0, maximum: DELIVERY_QUANTITY_MAX }),
  load_unit: Type.Integer({ minimum: 0, maximum: 1 }),
  customer_id: Type.Optional(Nullable(Id)),
  order_number: Type.Optional(Nullable(Text({ maxLength: DELIVERY_LIMITS.order_number }))),
  item_code: Type.Optional(Nullable(Text({ maxLength: DELIVERY_LIMITS.item_code }))),
  item_name: Type.Optional(Nullable(Text({ maxLength: DELIVERY_LIMITS.item_name }))),
  volume: Type.Optional(Nullable(Amount)),
  weight: Type.Optional(Nullable(Amount)),
};

export const DeliveryCreate = Type.Object(writable, { additionalProperties: false });
export const DeliveryUpdate = Type.Object({ version: Version, ...writable }, { additionalProperties: false });
export const DeliveryPatch = Type.Object(
  { version: Version, ...Object.fromEntries(Object.entries(writable).map(([name, schema]) => [name, Type.Optional(schema)])) },
  { additionalProperties: false },
);
export type DeliveryValues = Static<typeof DeliveryCreate>;
export type DeliveryPatchValues = Partial<DeliveryValues>;

const VersionOnly = Type.Object({ version: Type.Optional(Version) }, { additionalProperties: false });

export const listSchema = { querystring: DeliveryListQuery, response: { 200: Type.Array(DeliveryRow), ...errorResponses } };
export const exportSchema = { querystring: DeliveryExportQuery, response: { 200: Type.String(), ...errorResponses } };
export const showSchema = { params: IdParams, response: { 200: DeliveryDetail, ...errorResponses } };
export const createSchema = { body: DeliveryCreate, response: { 201: DeliveryRow, ...errorResponses } };
export const updateSchema = { params: IdParams, body: DeliveryUpdate, response: { 200: DeliveryRow, ...errorResponses } };
export const patchSchema = { params: IdParams, body: DeliveryPatch, response: { 200: DeliveryRow, ...errorResponses } };
export const deleteSchema = {
  params: IdParams,
  querystring: VersionOnly,
  // DELETE usually has no body: the version may come in the query instead.
  body: Type.Union([VersionOnly, Type.Null(), Type.Undefined()]),
  response: { 200: DeliveryRow, ...errorResponses },
};
export const bulkDeleteSchema = {
  body: Type.Object({ ids: Type.Array(Id, { minItems: 1, maxItems: 500 }) }, { additionalProperties: false }),
  response: { 200: Type.Object({ deleted: Type.Integer() }), ...errorResponses },
};

const DateQuery = Type.Object({ date: CalendarDate }, { additionalProperties: false });
export const importSchema = { querystring: DateQuery, response: { 200: ImportResult, 422: ImportResult, ...errorResponses } };
export const templateSchema = { response: { 200: Type.String(), ...errorResponses } };

/** field → i18n key of its label, for the messages of refused input. */
export const deliveryLabels: Record<string, string> = Object.fromEntries(
  [...Object.keys(writable), ...Object.keys(filters), 'version', 'ids', 'encoding', 'id'].map((name) => [name, `deliveries.fields.${name}`]),
);
