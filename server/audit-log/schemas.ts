import { type Static, Type } from 'typebox';
import { AUDIT_ACTIONS, AUDITED_ENTITIES, WRITER_TYPES } from '../../common/audit-log.js';
import { CalendarDate, CsvEncodingParam, errorResponses, Id, INT4_MAX, Nullable, Timestamp, type Wire } from '../http/schemas.js';

/** The fields a refused query names, as the screen labels them. */
export const auditLogLabels: Record<string, string> = {
  entity: 'system.auditLog.entity',
  entity_id: 'system.auditLog.entityId',
  user_id: 'system.auditLog.userId',
  date_from: 'system.auditLog.dateFrom',
  date_to: 'system.auditLog.dateTo',
};

/** The list's filters, shared by the list and its export; days in Tokyo, both ends included. */
const filters = {
  entity: Type.Optional(Type.Enum([...AUDITED_ENTITIES])),
  entity_id: Type.Optional(Id),
  user_id: Type.Optional(Id),
  date_from: Type.Optional(CalendarDate),
  date_to: Type.Optional(CalendarDate),
};

export const AuditLogQuery = Type.Object(
  {
    ...filters,
    _start: Type.Optional(Type.Integer({ minimum: 0, maximum: INT4_MAX })),
    _end: Type.Optional(Type.Integer({ minimum: 0, maximum: INT4_MAX })),
  },
  { additionalProperties: false },
);
export type AuditLogQuery = Static<typeof AuditLogQuery>;

export const AuditLogExportQuery = Type.Object({ ...filters, encoding: CsvEncodingParam }, { additionalProperties: false });
export type AuditLogFilters = Omit<Static<typeof AuditLogExportQuery>, 'encoding'>;

/** One changed column: its value before and after as text (null: none). Never a password. */
const AuditChange = Type.Object({ field: Type.String(), before: Nullable(Type.String()), after: Nullable(Type.String()) });

export const AuditEntry = Type.Object({
  id: Type.Integer(),
  at: Timestamp,
  writer_type: Type.Enum([...WRITER_TYPES]),
  user_id: Nullable(Type.Integer()),
  driver_id: Nullable(Type.Integer()),
  /** the user's or driver's name when written; a command's OS user */
  writer_name: Nullable(Type.String()),
  /** for a command: the name of the user it acted as */
  user_name: Nullable(Type.String()),
  address: Nullable(Type.String()),
  process: Nullable(Type.String()),
  entity: Type.String(),
  entity_id: Nullable(Type.Integer()),
  action: Type.Enum([...AUDIT_ACTIONS]),
  changes: Type.Array(AuditChange),
});
export type AuditEntryWire = Wire<typeof AuditEntry>;

export const listSchema = { querystring: AuditLogQuery, response: { 200: Type.Array(AuditEntry), ...errorResponses } };
export const exportSchema = { querystring: AuditLogExportQuery, response: { 200: Type.String(), ...errorResponses } };
