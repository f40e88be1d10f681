import { type Static, type TSchema, Type } from 'typebox';
import { Format } from 'typebox/format';
import { isCalendarDay } from '../../common/deliveries.js';
import { CSV_ENCODINGS, isCalendarMonth } from '../../common/reports.js';

/** PostgreSQL's integer (int4): ids and counts are stored in it, so nothing outside it is accepted. */
export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;
/** A NUL byte cannot be stored in PostgreSQL text; refusing it here keeps it from ever reaching a query. */
export const NO_NUL_PATTERN = '^[^\\u0000]*$';
/** The longest text a field without its own limit accepts. */
export const TEXT_MAX = 1000;

/** Text as clients send it: a string, never a NUL byte, and never longer than `maxLength`. */
export const Text = (options: { minLength?: number; maxLength?: number } = {}) =>
  Type.String({ maxLength: TEXT_MAX, ...options, pattern: NO_NUL_PATTERN });

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const Id = Type.Integer({ minimum: 1, maximum: INT4_MAX });
export const IdParams = Type.Object({ id: Id }, { additionalProperties: false });

/** The format of a day the screens can pick (common's rule): YYYY-MM-DD, real, 2000 to 2099. */
export const CALENDAR_DAY_FORMAT = 'calendar-day';
Format.Set(CALENDAR_DAY_FORMAT, isCalendarDay);

/**
 * A calendar day: 2026-02-30 and 2026-13-40 are refused by the schema check, naming the field
 * (errors.invalidDate), before a route runs or PostgreSQL sees them.
 */
export const CalendarDate = Type.String({ format: CALENDAR_DAY_FORMAT });

/** A month (a monthly report's): YYYY-MM, of the years a day may be in; else errors.invalidMonth naming the field. */
export const CALENDAR_MONTH_FORMAT = 'calendar-month';
Format.Set(CALENDAR_MONTH_FORMAT, isCalendarMonth);
export const CalendarMonth = Type.String({ format: CALENDAR_MONTH_FORMAT });

/** An instant as the screens send it: a real day and time with its offset, seconds optional. */
const INSTANT = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,6})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/;
Format.Set('instant', (value) => {
  const parts = INSTANT.exec(value);
  return parts !== null && isCalendarDay(parts[1]!);
});

/** 2026-11-24T06:00:00+09:00, 2026-11-24T06:00+09:00 or …Z; 2026-02-30T06:00Z is refused by the schema check. */
export const Instant = Type.String({ format: 'instant' });

/** A timestamp: a Date from the database, ISO 8601 text on the wire. */
export const Timestamp = Type.Unsafe<Date | string>(Type.String({ format: 'date-time' }));

/** A value as JSON carries it: a Date (a `Timestamp` on the server) arrives as its ISO text. */
export type Json<T> = T extends Date ? string : T extends object ? { [K in keyof T]: Json<T[K]> } : T;

/**
 * What a schema's JSON is to the one who reads it: the client's wire types are these, imported as types
 * only (`import type`, erased from the bundle), so that each shape is declared once, here on the server.
 */
export type Wire<S extends TSchema> = Json<Static<S>>;

/** The one error shape of the API: a localised message, the status, and one message per wrong field. */
export const ErrorResponse = Type.Object({
  message: Type.String(),
  code: Type.Integer(),
  errors: Type.Optional(Type.Record(Type.String(), Type.String())),
});

/** Every route answers errors in the same shape; spread into each route's `response`. */
export const errorResponses = { '4xx': ErrorResponse, '5xx': ErrorResponse } as const;

export const OkResponse = Type.Object({ ok: Type.Boolean() });

/** A CSV download's `encoding`: UTF-8 with a BOM (the default) or Shift_JIS, for older Excel. */
export const CsvEncodingParam = Type.Optional(Type.Enum([...CSV_ENCODINGS]));
