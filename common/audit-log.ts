/**
 * The audit log (監査ログ): the tables whose writes it records (the audit triggers of migration 0017
 * are on these), who can have written, and what a write did.
 */
import { keyIn, type MessageKey } from './locales/index.js';

export const AUDITED_ENTITIES = [
  'departments',
  'delivery_companies',
  'users',
  'vehicle_types',
  'vehicles',
  'user_vehicles',
  'drivers',
  'customers',
  'districts',
  'directions',
  'delivery_destinations',
  'direction_bases',
  'operation_times',
  'unit_prices',
  'vehicle_allocations',
  'allocation_stops',
  'deliveries',
  'driver_work_records',
  'destination_shares',
  'share_comments',
] as const;

/** A user of the screens, a driver of the driver app, a staff command (its OS user), or nobody known. */
export const WRITER_TYPES = ['user', 'driver', 'command', 'unknown'] as const;
export type WriterType = (typeof WRITER_TYPES)[number];

export const AUDIT_ACTIONS = ['insert', 'update', 'delete'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** How long entries are kept when AUDIT_RETENTION_DAYS is not set: one year. */
export const DEFAULT_AUDIT_RETENTION_DAYS = 365;

type Translate = (key: MessageKey, options?: Record<string, unknown>) => string;

/** What the list and its CSV say of who wrote: the name, and for a command the user it acted as. */
export interface AuditWriter {
  writer_type: WriterType;
  writer_name: string | null;
  user_name: string | null;
}

export function writerText(t: Translate, entry: AuditWriter): string {
  const asUser = entry.writer_type === 'command' && entry.user_name ? t('system.auditLog.asUser', { name: entry.user_name }) : '';
  return t(keyIn('system.auditLog.writers', entry.writer_type), { name: entry.writer_name ?? entry.user_name ?? '', asUser });
}

export interface AuditChangeText {
  field: string;
  before: string | null;
  after: string | null;
}

/** One changed column as `field: before → after` (an empty side shown as —). */
export const changeText = (change: AuditChangeText) => `${change.field}: ${change.before ?? '—'} → ${change.after ?? '—'}`;
