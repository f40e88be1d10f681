import { Type } from 'typebox';
import { BREAK_MINUTES_MAX, BREAKS_MAX, ODOMETER_MAX } from '../../common/driver-time.js';
import { CalendarDate, errorResponses, Id, INT4_MAX, Instant, Nullable, Text, Timestamp, type Wire } from '../http/schemas.js';

/** The wire shapes of drivers' working days (出退勤): what each route accepts and answers (allow-lists). */

const NullableString = Nullable(Type.String());
const NullableInt = Nullable(Type.Integer());
const NullableNumber = Nullable(Type.Number());
const NullableTime = Nullable(Timestamp);
const Minutes = Type.Integer();

const Break = Type.Object({ start: Type.String(), end: Type.String() });

export const WorkRecord = Type.Object({
  id: Type.Integer(),
  date: Type.String(),
  clock_in: NullableTime,
  clock_out: NullableTime,
  break_minutes: Type.Integer(),
  breaks: Type.Array(Break),
  departure_at: NullableTime,
  return_at: NullableTime,
  odometer_start: NullableInt,
  odometer_end: NullableInt,
  alcohol_check_before: NullableNumber,
  alcohol_check_after: NullableNumber,
  checker: NullableString,
  note: NullableString,
  version: Type.Integer(),
  updated_at: Timestamp,
  updated_by_name: NullableString,
});

export const Figures = Type.Object({
  binding: Minutes,
  worked: Minutes,
  overtime: Minutes,
  late_night: Minutes,
  driving: Minutes,
  /** km, odometer end − start */
  distance: NullableInt,
});

export const Finding = Type.Object({
  rule: Type.String(),
  level: Type.Union([Type.Literal('warning'), Type.Literal('violation')]),
  date: Type.String(),
  figures: Type.Record(Type.String(), Type.Number()),
});

const DriverFields = {
  driver_id: Type.Integer(),
  driver_name: Type.String(),
  login_id: Type.String(),
  delivery_company_id: Type.Integer(),
  delivery_company_name: Type.String(),
  base_department_id: NullableInt,
  base_department_name: NullableString,
  binding_extension_agreement: Type.Boolean(),
};

export const DriverDay = Type.Object({
  ...DriverFields,
  record: Nullable(WorkRecord),
  figures: Nullable(Figures),
  findings: Type.Array(Finding),
});

const Totals = Type.Object({
  drivers: Type.Integer(),
  clocked_in: Type.Integer(),
  binding: Minutes,
  worked: Minutes,
  overtime: Minutes,
  late_night: Minutes,
  driving: Minutes,
  distance: Type.Integer(),
  warnings: Type.Integer(),
  violations: Type.Integer(),
});

const DayQuery = Type.Object(
  {
    date: CalendarDate,
    department_id: Type.Optional(Id),
    delivery_company_id: Type.Optional(Id),
    q: Type.Optional(Text({ maxLength: 100 })),
  },
  { additionalProperties: false },
);
export type DayQueryType = Type.Static<typeof DayQuery>;

export const dayListSchema = {
  querystring: DayQuery,
  response: { 200: Type.Object({ date: Type.String(), rows: Type.Array(DriverDay), totals: Totals }), ...errorResponses },
};

const Time = Type.Optional(Nullable(Instant));
export const WorkRecordBody = Type.Object(
  {
    version: Type.Optional(Type.Integer({ minimum: 0, maximum: INT4_MAX })),
    clock_in: Time,
    clock_out: Time,
    departure_at: Time,
    return_at: Time,
    breaks: Type.Optional(Type.Array(Type.Object({ start: Instant, end: Instant }, { additionalProperties: false }), { maxItems: BREAKS_MAX })),
    break_minutes: Type.Optional(Type.Integer({ minimum: 0, maximum: BREAK_MINUTES_MAX })),
    odometer_start: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: ODOMETER_MAX }))),
    odometer_end: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: ODOMETER_MAX }))),
    alcohol_check_before: Type.Optional(Nullable(Type.Number())),
    alcohol_check_after: Type.Optional(Nullable(Type.Number())),
    checker: Type.Optional(Nullable(Text({ maxLength: 100 }))),
    note: Type.Optional(Nullable(Text({ maxLength: 1000 }))),
  },
  { additionalProperties: false },
);
export type WorkRecordBodyType = Type.Static<typeof WorkRecordBody>;

export const dayWriteSchema = {
  params: Type.Object({ driver_id: Id, date: CalendarDate }, { additionalProperties: false }),
  body: WorkRecordBody,
  response: { 200: DriverDay, ...errorResponses },
};

const AttendanceTrip = Type.Object({
  id: Type.Integer(),
  trip_no: Type.Integer(),
  route_name: NullableString,
  department_name: Type.String(),
  vehicle_number: NullableString,
  planned_departure: NullableTime,
  departed_at: NullableTime,
  status: Type.Integer(),
  delay_minutes: NullableInt,
  state: Type.Union([Type.Literal('on_time'), Type.Literal('late'), Type.Literal('waiting'), Type.Literal('overdue'), Type.Literal('unplanned')]),
});

export const attendanceSchema = {
  querystring: DayQuery,
  response: {
    200: Type.Object({
      date: Type.String(),
      rows: Type.Array(
        Type.Object({
          ...DriverFields,
          clock_in: NullableTime,
          clock_out: NullableTime,
          departure_at: NullableTime,
          trips: Type.Array(AttendanceTrip),
          findings: Type.Array(Finding),
        }),
      ),
      totals: Type.Object({ drivers: Type.Integer(), attended: Type.Integer(), trips: Type.Integer(), departed: Type.Integer(), late: Type.Integer() }),
    }),
    ...errorResponses,
  },
};

/** The answers as the client reads them (timestamps as text): its types are these. */
export type DriverDayWire = Wire<typeof DriverDay>;
export type DaySheetWire = Wire<(typeof dayListSchema.response)[200]>;
export type AttendanceWire = Wire<(typeof attendanceSchema.response)[200]>;

/** Field labels, so that a refused input names the field as the screens do. */
export const driverTimeLabels: Record<string, string> = Object.fromEntries(
  [
    'date',
    'driver_id',
    'department_id',
    'delivery_company_id',
    'q',
    'clock_in',
    'clock_out',
    'break_minutes',
    'breaks',
    'departure_at',
    'return_at',
    'odometer_start',
    'odometer_end',
    'alcohol_check_before',
    'alcohol_check_after',
    'checker',
    'note',
    'version',
  ].map((field) => [field, `driverTime.fields.${field}`]),
);
