import { Type } from 'typebox';
import { errorResponses, Nullable, Timestamp, type Wire } from '../http/schemas.js';

/** The wire shapes of the system pages: システム情報 (/debug, super admins) and 動作確認 (/test, everyone). */

const Count = Type.Integer({ minimum: 0 });
/** These routes take no parameters: anything in the query is refused. */
const NoQuery = Type.Object({}, { additionalProperties: false });

export const RECORD_TABLES = ['departments', 'delivery_companies', 'users', 'drivers', 'vehicles', 'delivery_destinations', 'deliveries', 'vehicle_allocations'] as const;
export type RecordTable = (typeof RECORD_TABLES)[number];

export const SystemStatus = Type.Object({
  version: Type.String(),
  node: Type.String(),
  started_at: Timestamp,
  now: Timestamp,
  database: Type.Object({
    kind: Type.Union([Type.Literal('pglite'), Type.Literal('postgresql')]),
    version: Type.String(),
    migrations: Count,
    latest_migration: Nullable(Type.String()),
  }),
  /** the Chromium PDFs would be printed with; null: none found (PDFs answer 503) */
  chromium_path: Nullable(Type.String()),
  geocoder: Type.Union([Type.Literal('gsi'), Type.Literal('google')]),
  map_tile_url: Nullable(Type.String()),
  /** live rows per table */
  records: Type.Object(Object.fromEntries(RECORD_TABLES.map((table) => [table, Count])) as Record<RecordTable, typeof Count>),
});

export const statusSchema = { querystring: NoQuery, response: { 200: SystemStatus, ...errorResponses } };

/** The server's answer to a round trip: its clock and version. */
export const pingSchema = { querystring: NoQuery, response: { 200: Type.Object({ now: Timestamp, version: Type.String() }), ...errorResponses } };

/** The answers as the client reads them (timestamps as text). */
export type SystemStatusWire = Wire<typeof SystemStatus>;
export type PingWire = Wire<(typeof pingSchema.response)[200]>;

/** A one-page PDF printed by the server's Chromium. */
export const pdfCheckSchema = { querystring: NoQuery, response: { 200: Type.String(), ...errorResponses } };
