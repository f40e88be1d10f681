import type { Kysely, Transaction } from 'kysely';
import type { MessageKey } from '../../common/locales/index.js';
import { TRIP_STATUS } from '../../common/allocation.js';
import { addDays, DELIVERY_STATUS } from '../../common/deliveries.js';
import { formatDateTime } from '../../common/time.js';
import type { Database } from '../../db/types.js';
import { startLoading } from '../allocation/loading.js';
import { AppError, invalid, notFound } from '../errors.js';
import type { Translate } from '../i18n.js';
import * as repo from './repository.js';
import { arrivalDelayStatus, deadlineOf } from '../deliveries/delay.js';
import {
  delayOf,
  followingEstimates,
  tokyoDate,
  withinTripDays,
  workPeriodProblems,
} from './rules.js';
import { driverAppLabels } from './schemas.js';

/**
 * What each driver-app event does inside its route's transaction: the order and time checks (rules.ts)
 * and the writes (repository.ts). The routes lock the trip first and answer it afterwards.
 */

export type Trx = Transaction<Database>;
type Field = keyof typeof driverAppLabels;
export type LockedTrip = Awaited<ReturnType<typeof repo.lockOwnTrip>>;

const DAY_MS = 86_400_000;

/** One field refused, named as the app labels it. */
const refuse = (t: Translate, field: Field, key: MessageKey, params: Record<string, unknown> = {}) =>
  invalid({ [field]: t(key, { field: t(driverAppLabels[field]), ...params }) });

/** The time the app recorded (it may send events late, when back in coverage), or now. */
export const eventTime = (at: string | undefined, now: Date) => (at === undefined ? now : new Date(at));

/** A reported time lies within a day of the trip's date (Asia/Tokyo). */
function checkTripDay(t: Translate, trip: { date: string }, at: Date, field: Field = 'at') {
  if (!withinTripDays(trip.date, at)) throw refuse(t, field, 'driverApp.outsideTripDays');
}

/** Events come in order: a time before the previous event's is refused, naming that event and its time. */
function checkAfter(t: Translate, at: Date, previous: Date | null, event: MessageKey) {
  if (previous && at < previous) throw refuse(t, 'at', 'driverApp.beforeEvent', { event: t(event), time: formatDateTime(previous) });
}

/** Finished trips take no more events. */
function refuseClosed(trip: LockedTrip) {
  if (trip.status === TRIP_STATUS.cancelled) throw new AppError(409, 'allocation.cancelled');
  if (trip.status === TRIP_STATUS.completed) throw new AppError(409, 'allocation.completed');
}

/** Stops and completion need the trip on the road. */
function refuseUnlessInTransit(trip: LockedTrip) {
  refuseClosed(trip);
  if (trip.status !== TRIP_STATUS.inTransit) throw new AppError(400, 'driverApp.notDeparted');
}

async function findStop(trx: Trx, tripId: number, seq: number) {
  const stops = await repo.stopsOf(trx, tripId);
  const stop = stops.find((s) => s.seq === seq);
  if (!stop) throw notFound();
  return { stops, stop };
}

/**
 * 到着: the stop's time and place; its deliveries reported 配達完了 (report time and location), 遅延 when
 * later than the store's deadline, else 定刻; the following stops' estimates shifted by the delay
 * against the plan, 遅延見込 where that passes their deadline.
 */
export async function recordArrival(trx: Trx, trip: LockedTrip, seq: number, body: { at: string; latitude: number; longitude: number }, t: Translate, now: Date) {
  refuseUnlessInTransit(trip);
  const { stops, stop } = await findStop(trx, trip.id, seq);
  if (stop.arrived_at) throw new AppError(409, 'driverApp.stopAlreadyArrived', { seq });
  const at = new Date(body.at);
  checkTripDay(t, trip, at);
  checkAfter(t, at, trip.departed_at, 'driverApp.events.departure');

  await repo.updateStop(trx, stop.id, { arrived_at: at, arrival_latitude: body.latitude, arrival_longitude: body.longitude });
  await repo.reportDeliveries(trx, trip.id, seq, now, {
    status: DELIVERY_STATUS.delivered,
    report_time: at,
    report_location: `${body.latitude},${body.longitude}`,
    delivery_delay_status: arrivalDelayStatus(at, deadlineOf(trip.date, stop)),
  });
  await reestimate(trx, trip, stops.filter((s) => s.seq > seq && s.arrived_at === null), delayOf(at, stop.planned_arrival));
  await repo.updateTrip(trx, trip.id, now);
}

/** The stops still ahead: their deliveries' estimates, each planned arrival shifted by how late the trip runs. */
async function reestimate(trx: Trx, trip: LockedTrip, ahead: repo.TripStop[], delayMs: number) {
  for (const estimate of followingEstimates(trip.date, ahead, delayMs)) {
    await repo.estimateDeliveries(trx, trip.id, estimate.seq, estimate.estimated, estimate.status, DELIVERY_STATUS.delivered);
  }
}

interface StopDepartureBody {
  at: string;
  wait_minutes?: number | null;
  work_started_at?: string | null;
  work_ended_at?: string | null;
  work_content?: string | null;
  consignee_confirmed?: boolean | null;
}

/** 出発 from a stop, with the waiting and the loading or unloading work done there (the 2024 rules' records). */
export async function recordStopDeparture(trx: Trx, trip: LockedTrip, seq: number, body: StopDepartureBody, t: Translate, now: Date) {
  refuseUnlessInTransit(trip);
  const { stop } = await findStop(trx, trip.id, seq);
  if (!stop.arrived_at) throw new AppError(400, 'driverApp.stopNotArrived', { seq });
  if (stop.departed_at) throw new AppError(409, 'driverApp.stopAlreadyDeparted', { seq });
  const at = new Date(body.at);
  checkTripDay(t, trip, at);
  checkAfter(t, at, stop.arrived_at, 'driverApp.events.arrival');

  const started = body.work_started_at ? new Date(body.work_started_at) : null;
  const ended = body.work_ended_at ? new Date(body.work_ended_at) : null;
  const errors: Record<string, string> = {};
  const problems = workPeriodProblems({ arrived: stop.arrived_at, departed: at }, started, ended);
  for (const [field, problem] of Object.entries(problems) as [Field, string][]) {
    errors[field] = problem === 'endBeforeStart' ? t('errors.endAfterStart') : t('driverApp.outsideStay', { field: t(driverAppLabels[field]) });
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);

  await repo.updateStop(trx, stop.id, {
    departed_at: at,
    wait_minutes: body.wait_minutes ?? null,
    work_started_at: started,
    work_ended_at: ended,
    work_content: body.work_content?.trim() || null,
    consignee_confirmed: body.consignee_confirmed ?? null,
  });
  await repo.updateTrip(trx, trip.id, now);
}

/** 積込開始: the same as the center's (status 1, loading_started_at, the notifications); the trip is handled. */
export async function recordLoadingStart(trx: Trx, trip: LockedTrip, at: Date, t: Translate, now: Date) {
  checkTripDay(t, trip, at);
  await startLoading(trx, trip.id, at);
  await repo.markHandled(trx, trip.id, now);
}

/** 出発: the loaded trip leaves; its deliveries are 配送中, expected as late as it leaves. */
export async function recordDeparture(trx: Trx, trip: LockedTrip, at: Date, t: Translate, now: Date) {
  refuseClosed(trip);
  if (trip.status === TRIP_STATUS.inTransit) throw new AppError(409, 'driverApp.alreadyDeparted');
  if (trip.status !== TRIP_STATUS.loading) throw new AppError(400, 'driverApp.notLoading');
  checkTripDay(t, trip, at);
  checkAfter(t, at, trip.loading_started_at, 'driverApp.events.loadingStart');
  await repo.updateTrip(trx, trip.id, now, { status: TRIP_STATUS.inTransit, departed_at: at });
  await repo.advanceTripDeliveries(trx, trip.id, DELIVERY_STATUS.inTransit, now);
  // Leaving late makes every stop late by as much: their 到着予定 move, 遅延見込 where that passes a deadline.
  await reestimate(trx, trip, await repo.stopsOf(trx, trip.id), delayOf(at, trip.planned_departure));
}

/** 完了: every stop has its arrival; the trip is done. */
export async function recordCompletion(trx: Trx, trip: LockedTrip, at: Date, t: Translate, now: Date) {
  refuseUnlessInTransit(trip);
  const stops = await repo.stopsOf(trx, trip.id);
  const pending = stops.filter((s) => s.arrived_at === null).length;
  if (pending > 0) throw new AppError(400, 'driverApp.stopsPending', { count: pending });
  checkTripDay(t, trip, at);
  checkAfter(t, at, trip.departed_at, 'driverApp.events.departure');
  const lastDeparture = stops.reduce<Date | null>((latest, s) => (s.departed_at && (!latest || s.departed_at > latest) ? s.departed_at : latest), null);
  checkAfter(t, at, lastDeparture, 'driverApp.events.stopDeparture');
  await repo.updateTrip(trx, trip.id, now, { status: TRIP_STATUS.completed, completed_at: at });
}

/** Clock times are the app's, within a day of the server's clock. */
export function clockTime(t: Translate, at: string | undefined, now: Date) {
  const time = eventTime(at, now);
  if (Math.abs(time.getTime() - now.getTime()) > DAY_MS) throw refuse(t, 'at', 'driverApp.outsideNow');
  return time;
}

/** 出勤 on the Asia/Tokyo day of `at`: once a day. */
export async function recordClockIn(db: Trx | Kysely<Database>, driverId: number, at: Date) {
  const record = await repo.clockIn(db, driverId, tokyoDate(at), at);
  if (!record) throw new AppError(409, 'driverApp.alreadyClockedIn');
  return record;
}

/** The driver's day to clock out of: the open record of the day of `at`, else of the day before (a night shift). */
export async function recordClockOut(trx: Trx, driverId: number, at: Date, t: Translate) {
  const date = tokyoDate(at);
  const records = await repo.lockWorkRecords(trx, driverId, [date, addDays(date, -1)]);
  const open = records.find((r) => r.clock_in !== null && r.clock_out === null);
  if (!open) {
    const closed = records.find((r) => r.date === date && r.clock_out !== null);
    throw new AppError(409, closed ? 'driverApp.alreadyClockedOut' : 'driverApp.notClockedIn');
  }
  if (at <= open.clock_in!) throw refuse(t, 'at', 'driverApp.clockOutBeforeIn', { time: formatDateTime(open.clock_in) });
  return repo.clockOut(trx, open.id, at);
}
