import { expressionBuilder, sql, type Updateable } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { Database, VehicleAllocationTable } from '../../db/types.js';
import { LOGIN_FLAG } from '../../common/enums.js';
import { STOP_REPORT, TRIP_TIMES, tripStops, tripsWithNames } from '../allocation/repository.js';
import { notFound } from '../errors.js';
import { tripsChanged } from '../allocation/events.js';
import { TRIP_STATUS } from '../../common/allocation.js';


// ---- Sign-in -------------------------------------------------------------------------------------

/** A live driver of a live company by login id, with what sign-in checks. */
export function driverForLogin(db: Executor, loginId: string) {
  return db
    .selectFrom('drivers')
    .innerJoin('delivery_companies', 'delivery_companies.id', 'drivers.delivery_company_id')
    .select(['drivers.id', 'drivers.password_hash', 'drivers.token_version'])
    .where('drivers.login_id', '=', loginId)
    .where('drivers.deleted_at', 'is', null)
    .where('delivery_companies.deleted_at', 'is', null)
    .executeTakeFirst();
}

export function driverProfile(db: Executor, driverId: number) {
  return db
    .selectFrom('drivers')
    .innerJoin('delivery_companies', 'delivery_companies.id', 'drivers.delivery_company_id')
    .select(['drivers.id', 'drivers.name', 'drivers.delivery_company_id', 'delivery_companies.name as delivery_company_name', 'drivers.default_vehicle_id'])
    .where('drivers.id', '=', driverId)
    .executeTakeFirstOrThrow();
}

/** login_flag: 1 while the driver is signed in to the app (shown on the driver master). */
export async function setLoginFlag(db: Executor, driverId: number, signedIn: boolean) {
  await db
    .updateTable('drivers')
    .set({ login_flag: signedIn ? LOGIN_FLAG.loggedIn : LOGIN_FLAG.loggedOut })
    .where('id', '=', driverId)
    .execute();
}

// ---- Trips ---------------------------------------------------------------------------------------

/** The driver's published trips: their own, live, confirmed (確定); a draft is not theirs to see yet. */
function publishedTo(driverId: number) {
  const eb = expressionBuilder<{ va: VehicleAllocationTable }, 'va'>();
  return eb.and([eb('va.driver_id', '=', driverId), eb('va.deleted_at', 'is', null), eb('va.confirmed_at', 'is not', null)]);
}

const ownTrips = (db: Executor, driverId: number) => db.selectFrom('vehicle_allocations as va').where(publishedTo(driverId));

/**
 * The driver's trips of a day (not cancelled), or one trip of theirs by id, each with its stops in order
 * and the deliveries at each stop (allocation's `tripStops`): three queries whatever the number of trips.
 */
export async function driverTrips(db: Executor, driverId: number, filter: { date: string } | { id: number }) {
  let query = tripsWithNames(db)
    .where(publishedTo(driverId))
    .select([
      'va.id',
      'va.date',
      'va.kind',
      'va.trip_no',
      'va.route_name',
      'va.status',
      'va.department_id',
      'd.name as department_name',
      'od.name as origin_department_name',
      'dd.name as destination_department_name',
      'va.vehicle_id',
      'v.vehicle_number',
      ...TRIP_TIMES,
      'va.confirmed_at',
      'va.handled_at',
    ]);
  query =
    'id' in filter
      ? query.where('va.id', '=', filter.id)
      : query.where('va.date', '=', filter.date).where('va.status', '<>', TRIP_STATUS.cancelled);
  const trips = await query.orderBy('va.planned_loading_start').orderBy('va.trip_no').orderBy('va.id').execute();
  if (trips.length === 0) return [];
  const ids = trips.map((trip) => trip.id);

  const stopsOf = await tripStops(db, ids);
  return trips.map((trip) => ({ ...trip, stops: stopsOf.get(trip.id) ?? [] }));
}

/** One trip of the driver's, locked until the transaction ends: anyone else's (or a draft) is a 404. */
export async function lockOwnTrip(trx: Executor, driverId: number, tripId: number) {
  const trip = await ownTrips(trx, driverId)
    .select(['va.id', 'va.date', 'va.status', 'va.confirmed_at', 'va.planned_departure', 'va.loading_started_at', 'va.departed_at', 'va.completed_at'])
    .where('va.id', '=', tripId)
    .forUpdate()
    .executeTakeFirst();
  if (!trip) throw notFound();
  // Locked to be written by a trip event: the users who see the trip hear of it once it commits.
  tripsChanged(trx, [tripId]);
  return trip;
}

/** A change from the driver app: the trip is handled (車両・ドライバー are then fixed), its version bumped. */
export async function updateTrip(trx: Executor, tripId: number, now: Date, set: Updateable<VehicleAllocationTable> = {}) {
  await trx
    .updateTable('vehicle_allocations')
    .set({ ...set, handled_at: now, updated_at: now, updated_by: null, version: sql`version + 1` })
    .where('id', '=', tripId)
    .execute();
}

/** Loading start already bumped the version (startLoading): only mark the trip handled. */
export async function markHandled(trx: Executor, tripId: number, now: Date) {
  await trx.updateTable('vehicle_allocations').set({ handled_at: now }).where('id', '=', tripId).execute();
}

/** Every delivery of the trip still before a status (配送中 on departure). */
export async function advanceTripDeliveries(trx: Executor, tripId: number, status: number, now: Date) {
  await trx
    .updateTable('deliveries')
    .set({ status, handled_at: now, updated_at: now, updated_by: null, version: sql`version + 1` })
    .where('vehicle_allocation_id', '=', tripId)
    .where('deleted_at', 'is', null)
    .where('status', '<', status)
    .execute();
}

/** The trip's stops with their store's times, in order (a stop locked with its trip, which is locked). */
export function stopsOf(trx: Executor, tripId: number) {
  return trx
    .selectFrom('allocation_stops as s')
    .innerJoin('delivery_destinations as dest', 'dest.id', 's.delivery_destination_id')
    .select([
      's.id',
      's.seq',
      's.planned_arrival',
      ...STOP_REPORT,
      'dest.ending_time',
      'dest.specified_time',
    ])
    .where('s.vehicle_allocation_id', '=', tripId)
    .orderBy('s.seq')
    .execute();
}

export type TripStop = Awaited<ReturnType<typeof stopsOf>>[number];

export async function updateStop(trx: Executor, stopId: number, set: Updateable<Database['allocation_stops']>) {
  await trx.updateTable('allocation_stops').set(set).where('id', '=', stopId).execute();
}

/** The deliveries at one stop of the trip get the driver's report. */
export async function reportDeliveries(
  trx: Executor,
  tripId: number,
  seq: number,
  now: Date,
  set: { status: number; report_time: Date; report_location: string | null; delivery_delay_status: number },
) {
  await trx
    .updateTable('deliveries')
    .set({ ...set, handled_at: now, updated_at: now, updated_by: null, version: sql`version + 1` })
    .where('vehicle_allocation_id', '=', tripId)
    .where('stop_seq', '=', seq)
    .where('deleted_at', 'is', null)
    .execute();
}

/** A following stop's deliveries not yet delivered: their new estimate and 定刻 / 遅延見込. */
export async function estimateDeliveries(trx: Executor, tripId: number, seq: number, estimated: Date, delayStatus: number, deliveredStatus: number) {
  await trx
    .updateTable('deliveries')
    .set({ estimated_arrival_time: estimated, delivery_delay_status: delayStatus, version: sql`version + 1` })
    .where('vehicle_allocation_id', '=', tripId)
    .where('stop_seq', '=', seq)
    .where('deleted_at', 'is', null)
    .where('status', '<', deliveredStatus)
    .execute();
}

// ---- Clock in / out (出退勤) ----------------------------------------------------------------------

const workRecordColumns = ['id', 'date', 'clock_in', 'clock_out', 'alcohol_check_before', 'alcohol_check_after', 'checker', 'checker_after', 'version'] as const;

/** An alcohol check as the app reported it: the reading (mg/L) and who witnessed it, each null when not given. */
export interface AlcoholCheck {
  value: number | null;
  checker: string | null;
}

/**
 * Clocks in on the day with the first alcohol check, creating the day's record or filling one an admin
 * made without a clock-in; undefined when the day already has a clock-in (one statement, so two taps
 * cannot both win).
 */
export function clockIn(trx: Executor, driverId: number, date: string, at: Date, check: AlcoholCheck) {
  const set = { clock_in: at, alcohol_check_before: check.value, checker: check.checker };
  return trx
    .insertInto('driver_work_records')
    .values({ driver_id: driverId, date, ...set })
    .onConflict((oc) =>
      oc
        .columns(['driver_id', 'date'])
        .doUpdateSet({ ...set, updated_at: sql`now()`, updated_by: null, version: sql`driver_work_records.version + 1` })
        .where('driver_work_records.clock_in', 'is', null),
    )
    .returning(workRecordColumns)
    .executeTakeFirst();
}

/** The driver's records of these days, latest first, locked. */
export function lockWorkRecords(trx: Executor, driverId: number, dates: string[]) {
  return trx
    .selectFrom('driver_work_records')
    .select(workRecordColumns)
    .where('driver_id', '=', driverId)
    .where('date', 'in', dates)
    .orderBy('date', 'desc')
    .forUpdate()
    .execute();
}

/** 退勤 with the second alcohol check. */
export function clockOut(trx: Executor, recordId: number, at: Date, check: AlcoholCheck) {
  return trx
    .updateTable('driver_work_records')
    .set({ clock_out: at, alcohol_check_after: check.value, checker_after: check.checker, updated_at: sql`now()`, updated_by: null, version: sql`version + 1` })
    .where('id', '=', recordId)
    .returning(workRecordColumns)
    .executeTakeFirstOrThrow();
}

/** The driver's working day of a date, if they have one. */
export function workRecord(db: Executor, driverId: number, date: string) {
  return db.selectFrom('driver_work_records').select(workRecordColumns).where('driver_id', '=', driverId).where('date', '=', date).executeTakeFirst();
}

/** The driver's latest working day: what a clock report sent again is answered with. */
export function latestWorkRecord(db: Executor, driverId: number) {
  return db.selectFrom('driver_work_records').select(workRecordColumns).where('driver_id', '=', driverId).orderBy('date', 'desc').limit(1).executeTakeFirstOrThrow();
}

// ---- Reports sent again ---------------------------------------------------------------------------

/**
 * Records that the driver's report `reportId` is being applied, in the report's own transaction: false
 * when it already was (the phone sent it again after losing the signal before the answer came).
 */
export async function firstReceipt(trx: Executor, driverId: number, reportId: string) {
  const row = await trx
    .insertInto('driver_reports')
    .values({ driver_id: driverId, report_id: reportId })
    .onConflict((oc) => oc.columns(['driver_id', 'report_id']).doNothing())
    .returning('report_id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * How long a report's receipt is kept: a phone sends a report again within minutes or days of its
 * first try; one older than this that comes again is applied as new, and the trip's own state (a stop
 * already reached, a trip already left) refuses what would repeat.
 */
export const RECEIPT_RETENTION_DAYS = 90;

/** Removes the receipts older than `days`; answers how many. */
export async function pruneReceipts(db: Executor, days: number): Promise<number> {
  const result = await db
    .deleteFrom('driver_reports')
    .where('received_at', '<', sql<Date>`now() - make_interval(days => ${days})`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

// ---- 仮登録 ----------------------------------------------------------------------------------------

export function temporaryVehicle(db: Executor, id: number) {
  return db
    .selectFrom('vehicles')
    .select(['id', 'vehicle_number', 'vehicle_type_id', 'delivery_company_id', 'base_department_id', 'temporary_registration_date'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

export function temporaryDestination(db: Executor, id: number) {
  return db
    .selectFrom('delivery_destinations')
    .select([
      'id',
      'delivery_code',
      'customer_company_name',
      'customer_store_name',
      'customer_address',
      'latitude',
      'longitude',
      'phone',
      'comment',
      'temporary_registration_date',
    ])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

