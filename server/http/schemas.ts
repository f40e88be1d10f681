import { type TSchema, Type } from 'typebox';
import { CSV_ENCODINGS } from '../../common/reports.js';

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

/** A timestamp: a Date from the database, ISO 8601 text on the wire. */
export const Timestamp = Type.Unsafe<Date | string>(Type.String({ format: 'date-time' }));

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
