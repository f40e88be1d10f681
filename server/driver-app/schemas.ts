import { Type } from 'typebox';
import type { MessageKey } from '../../common/locales/index.js';
import { stopReport } from '../allocation/schemas.js';
import { errorResponses, Id, Nullable, OkResponse, Text, Timestamp } from '../http/schemas.js';
import { LoginBody } from '../auth/schemas.js';

/** An instant the app reports: RFC 3339 with its offset (`2026-11-23T09:15:00+09:00`). */
const Instant = Type.String({ format: 'date-time', maxLength: 40 });
const Day = Type.String({ format: 'date', maxLength: 10 });
const Time = Nullable(Type.String());
/**
 * The id the phone made for a report (a UUID): a report sent again with the same id, after a lost
 * signal, is not applied twice; the answer is then what the first one left.
 */
export const reportId = { report_id: Type.Optional(Type.String({ format: 'uuid', maxLength: 36 })) };
const Latitude = Type.Number({ minimum: -90, maximum: 90 });
const Longitude = Type.Number({ minimum: -180, maximum: 180 });

/** Who signed in: what the app shows and needs to start the day. Never a password hash or a token version. */
export const DriverProfile = Type.Object({
  id: Id,
  name: Type.String(),
  delivery_company_id: Id,
  delivery_company_name: Type.String(),
  default_vehicle_id: Nullable(Id),
});

export const loginSchema = {
  body: LoginBody,
  response: { 200: Type.Object({ access_token: Type.String(), driver: DriverProfile }), ...errorResponses },
};
export const logoutSchema = { response: { 200: OkResponse, ...errorResponses } };

/** One slip line carried to a stop. */
const StopDelivery = Type.Object({
  id: Id,
  slip_number: Type.String(),
  item_code: Nullable(Type.String()),
  item_name: Nullable(Type.String()),
  quantity: Type.Integer(),
  load_unit: Type.Integer(),
  status: Type.Integer(),
  delivery_delay_status: Type.Integer(),
  estimated_arrival_time: Nullable(Timestamp),
  report_time: Nullable(Timestamp),
});

const Stop = Type.Object({
  seq: Type.Integer(),
  delivery_destination_id: Id,
  delivery_code: Type.String(),
  store_name: Type.String(),
  customer_company_name: Type.String(),
  address: Type.String(),
  phone: Nullable(Type.String()),
  latitude: Type.Number(),
  longitude: Type.Number(),
  start_time: Time,
  ending_time: Time,
  specified_time: Time,
  planned_arrival: Nullable(Timestamp),
  ...stopReport,
  deliveries: Type.Array(StopDelivery),
});

/** A confirmed trip of the driver's, with its stops in order. */
export const DriverTrip = Type.Object({
  id: Id,
  date: Type.String(),
  kind: Type.String(),
  trip_no: Type.Integer(),
  route_name: Nullable(Type.String()),
  status: Type.Integer(),
  department_id: Id,
  department_name: Type.String(),
  origin_department_name: Nullable(Type.String()),
  destination_department_name: Nullable(Type.String()),
  vehicle_id: Nullable(Id),
  vehicle_number: Nullable(Type.String()),
  planned_loading_start: Nullable(Timestamp),
  planned_departure: Nullable(Timestamp),
  planned_arrival: Nullable(Timestamp),
  loading_started_at: Nullable(Timestamp),
  departed_at: Nullable(Timestamp),
  completed_at: Nullable(Timestamp),
  confirmed_at: Nullable(Timestamp),
  handled_at: Nullable(Timestamp),
  stops: Type.Array(Stop),
});

export const tripsSchema = {
  querystring: Type.Object({ date: Day }, { additionalProperties: false }),
  response: { 200: Type.Array(DriverTrip), ...errorResponses },
};

const TripParams = Type.Object({ id: Id }, { additionalProperties: false });
const StopParams = Type.Object({ id: Id, seq: Type.Integer({ minimum: 1, maximum: 999 }) }, { additionalProperties: false });
/** Trip events and clocking: the time the app recorded, or now when it sends none (the body may be empty). */
const AtBody = Type.Object({ at: Type.Optional(Instant), ...reportId }, { additionalProperties: false });

export const tripEventSchema = { params: TripParams, body: AtBody, response: { 200: DriverTrip, ...errorResponses } };

export const arrivalSchema = {
  params: StopParams,
  body: Type.Object(
    // The position when the phone gives it (both or neither).
    { at: Instant, latitude: Type.Optional(Latitude), longitude: Type.Optional(Longitude), ...reportId },
    { additionalProperties: false },
  ),
  response: { 200: DriverTrip, ...errorResponses },
};

/** The steps at a stop between arrival and departure, each a time the app reports (now when it sends none). */
export const STOP_STEPS = ['wait_start', 'wait_end', 'work_start', 'work_end'] as const;
export type StopStep = (typeof STOP_STEPS)[number];

export const stopStepSchema = { params: StopParams, body: AtBody, response: { 200: DriverTrip, ...errorResponses } };

/** 荷役終了 names the work done. */
export const workEndSchema = {
  params: StopParams,
  body: Type.Object({ at: Type.Optional(Instant), work_content: Type.Optional(Nullable(Text({ maxLength: 200 }))), ...reportId }, { additionalProperties: false }),
  response: { 200: DriverTrip, ...errorResponses },
};

/** 荷主確認: whether the shipper or consignee confirmed the waiting and the work. */
export const confirmationSchema = {
  params: StopParams,
  body: Type.Object({ consignee_confirmed: Type.Boolean(), ...reportId }, { additionalProperties: false }),
  response: { 200: DriverTrip, ...errorResponses },
};

export const stopDepartureSchema = {
  params: StopParams,
  body: Type.Object(
    {
      at: Instant,
      wait_minutes: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 1440 }))),
      work_started_at: Type.Optional(Nullable(Instant)),
      work_ended_at: Type.Optional(Nullable(Instant)),
      work_content: Type.Optional(Nullable(Text({ maxLength: 200 }))),
      consignee_confirmed: Type.Optional(Nullable(Type.Boolean())),
      ...reportId,
    },
    { additionalProperties: false },
  ),
  response: { 200: DriverTrip, ...errorResponses },
};

/** The driver's working day (出退勤) as the app shows it. */
const WorkRecord = Type.Object({
  id: Id,
  date: Type.String(),
  clock_in: Nullable(Timestamp),
  clock_out: Nullable(Timestamp),
  alcohol_check_before: Nullable(Type.Number()),
  alcohol_check_after: Nullable(Type.Number()),
  checker: Nullable(Type.String()),
  checker_after: Nullable(Type.String()),
  version: Type.Integer(),
});

/** 出勤 and 退勤, each with its alcohol check: the reading (mg/L) and who witnessed it. */
const ClockBody = Type.Object(
  {
    at: Type.Optional(Instant),
    alcohol_check: Type.Optional(Type.Number({ minimum: 0, maximum: 5 })),
    alcohol_checker: Type.Optional(Text({ maxLength: 100 })),
    ...reportId,
  },
  { additionalProperties: false },
);

export const clockSchema = { body: ClockBody, response: { 200: WorkRecord, ...errorResponses } };

/** The driver's working day (出退勤) of a date, or null before they clock in. */
export const workRecordSchema = {
  querystring: Type.Object({ date: Day }, { additionalProperties: false }),
  response: { 200: Type.Object({ record: Nullable(WorkRecord) }), ...errorResponses },
};

export const temporaryVehicleSchema = {
  body: Type.Object({ vehicle_number: Text({ maxLength: 100 }), vehicle_type_id: Id }, { additionalProperties: false }),
  response: {
    201: Type.Object({
      id: Id,
      vehicle_number: Type.String(),
      vehicle_type_id: Id,
      delivery_company_id: Id,
      base_department_id: Nullable(Id),
      temporary_registration_date: Nullable(Timestamp),
    }),
    ...errorResponses,
  },
};

export const temporaryDestinationSchema = {
  body: Type.Object(
    {
      delivery_code: Type.Optional(Nullable(Text({ maxLength: 100 }))),
      customer_company_name: Text(),
      customer_store_name: Text(),
      customer_address: Text(),
      latitude: Type.Number(),
      longitude: Type.Number(),
      phone: Type.Optional(Nullable(Text({ maxLength: 100 }))),
      comment: Type.Optional(Nullable(Text({ maxLength: 2000 }))),
    },
    { additionalProperties: false },
  ),
  response: {
    201: Type.Object({
      id: Id,
      delivery_code: Type.String(),
      customer_company_name: Type.String(),
      customer_store_name: Type.String(),
      customer_address: Type.String(),
      latitude: Type.Number(),
      longitude: Type.Number(),
      phone: Nullable(Type.String()),
      comment: Nullable(Type.String()),
      temporary_registration_date: Nullable(Timestamp),
    }),
    ...errorResponses,
  },
};

/** Field → i18n key, so a refused input names the field as the app labels it. */
export const driverAppLabels = {
  login_id: 'auth.loginId',
  password: 'auth.password',
  date: 'driverApp.fields.date',
  at: 'driverApp.fields.at',
  latitude: 'driverApp.fields.latitude',
  longitude: 'driverApp.fields.longitude',
  wait_minutes: 'driverApp.fields.wait_minutes',
  work_started_at: 'driverApp.fields.work_started_at',
  work_ended_at: 'driverApp.fields.work_ended_at',
  work_content: 'driverApp.fields.work_content',
  consignee_confirmed: 'driverApp.fields.consignee_confirmed',
  report_id: 'driverApp.fields.report_id',
  alcohol_check: 'driverApp.fields.alcohol_check',
  alcohol_checker: 'driverApp.fields.alcohol_checker',
  vehicle_number: 'vehicles.fields.vehicle_number',
  vehicle_type_id: 'vehicles.fields.vehicle_type_id',
  delivery_code: 'deliveryDestinations.fields.delivery_code',
  customer_company_name: 'deliveryDestinations.fields.customer_company_name',
  customer_store_name: 'deliveryDestinations.fields.customer_store_name',
  customer_address: 'deliveryDestinations.fields.customer_address',
  phone: 'deliveryDestinations.fields.phone',
  comment: 'deliveryDestinations.fields.comment',
} satisfies Record<string, MessageKey>;
