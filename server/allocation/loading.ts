import { sql } from 'kysely';
import { loadingStartRefusal, loadingStartTooEarly, TRIP_STATUS } from '../../common/allocation.js';
import type { Executor } from '../../db/executor.js';
import { AppError, notFound } from '../errors.js';
import { translator } from '../i18n.js';
import { notificationsWritten, tripAudience, tripsChanged } from './events.js';

/** The notification type the specification names for a trip whose loading has started. */
export const LOADING_START_NOTIFICATION = 'start_center_loading_start';

/** 車番 as the title shows it: `品川 100 あ 12-34` → `品川100あ12-34`. */
export const compactVehicleNumber = (vehicleNumber: string | null) => (vehicleNumber ?? '').replace(/\s+/g, '');

/**
 * The stored notification title, built once in Japanese (the product's language) from the catalogue:
 * 「品川センター 12/11 積込開始 便3 品川100あ1234」, the trip's day (MM/DD) telling two days' 便3 apart in
 * the bell. A trip without a vehicle has no 車番 part.
 */
export function loadingStartTitle(center: string, date: string, tripNo: number, vehicleNumber: string | null): string {
  const day = `${date.slice(5, 7)}/${date.slice(8, 10)}`;
  return translator('ja')('allocation.notification.loadingStart', { center, date: day, trip_no: tripNo, vehicle: compactVehicleNumber(vehicleNumber) }).trim();
}

/**
 * 積込開始: refused (409) before 12 hours ahead of the trip's planned loading start, naming from when
 * (`loadingStartTooEarly`); then the trip (locked) becomes status 1 with `loading_started_at = now`, and every user whose
 * scope contains the trip (`tripAudience`) gets one `start_center_loading_start` notification naming
 * the trip, in one insert; inside `app.realtime.transaction` each of them hears of it once committed. Used by the allocation routes and the driver app alike; the caller owns the
 * transaction (and checks the trip's version when it has one). `userId` is recorded as `updated_by`.
 */
export async function startLoading(
  db: Executor,
  tripId: number,
  now: Date,
  userId: number | null = null,
): Promise<void> {
  const trip = await db
    .selectFrom('vehicle_allocations as va')
    .innerJoin('departments as d', 'd.id', 'va.department_id')
    .leftJoin('vehicles as v', 'v.id', 'va.vehicle_id')
    .select(['va.id', 'va.status', 'va.confirmed_at', 'va.date', 'va.planned_loading_start', 'va.planned_departure', 'va.trip_no', 'va.department_id', 'va.delivery_company_id', 'd.name as center_name', 'v.vehicle_number'])
    .where('va.id', '=', tripId)
    .where('va.deleted_at', 'is', null)
    .forUpdate('va')
    .executeTakeFirst();
  if (!trip) throw notFound();
  const refusal = loadingStartRefusal(trip);
  if (refusal) throw new AppError(409, refusal);
  const early = loadingStartTooEarly(trip, now);
  if (early) throw new AppError(409, early.key, { from: early.from });

  await db
    .updateTable('vehicle_allocations')
    .set((eb) => ({ status: TRIP_STATUS.loading, loading_started_at: now, updated_at: now, updated_by: userId, version: eb('version', '+', 1) }))
    .where('id', '=', tripId)
    .execute();

  const title = loadingStartTitle(trip.center_name, trip.date, trip.trip_no, trip.vehicle_number);
  const written = await db
    .insertInto('notifications')
    .columns(['user_id', 'vehicle_allocation_id', 'type', 'title', 'created_at'])
    .expression(
      tripAudience(db, [tripId]).select([
        'users.id',
        'va.id as vehicle_allocation_id',
        sql.lit(LOADING_START_NOTIFICATION).as('type'),
        sql<string>`${title}::text`.as('title'),
        sql<Date>`${now}::timestamptz`.as('created_at'),
      ]),
    )
    .returning(['id', 'user_id'])
    .execute();
  tripsChanged(db, [tripId]);
  notificationsWritten(db, written.map((row) => ({ ...row, vehicle_allocation_id: tripId })));
}
