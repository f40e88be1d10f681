import type { Kysely, Transaction, Updateable } from 'kysely';
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
import { driverAppLabels, type StopStep } from './schemas.js';

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

interface ArrivalBody {
  at: string;
  latitude?: number;
  longitude?: number;
}

/** Where the phone was, when it could tell (a phone that may not read its position sends neither). */
function positionOf(body: ArrivalBody, t: Translate) {
  if (body.latitude === undefined && body.longitude === undefined) return null;
  if (body.latitude === undefined || body.longitude === undefined) {
    throw refuse(t, body.latitude === undefined ? 'latitude' : 'longitude', 'driverApp.positionPair');
  }
  return { latitude: body.latitude, longitude: body.longitude };
}

/**
 * 到着: the stop's time and place (when the phone gave it); its deliveries reported 配達完了 (report time and location), 遅延 when
 * later than the store's deadline, else 定刻; the following stops' estimates shifted by the delay
 * against the plan, 遅延見込 where that passes their deadline.
 */
export async function recordArrival(trx: Trx, trip: LockedTrip, seq: number, body: ArrivalBody, t: Translate, now: Date) {
  refuseUnlessInTransit(trip);
  const position = positionOf(body, t);
  const { stops, stop } = await findStop(trx, trip.id, seq);
  if (stop.arrived_at) throw new AppError(409, 'driverApp.stopAlreadyArrived', { seq });
  const at = new Date(body.at);
  checkTripDay(t, trip, at);
  checkAfter(t, at, trip.departed_at, 'driverApp.events.departure');

  await repo.updateStop(trx, stop.id, { arrived_at: at, arrival_latitude: position?.latitude ?? null, arrival_longitude: position?.longitude ?? null });
  await repo.reportDeliveries(trx, trip.id, seq, now, {
    status: DELIVERY_STATUS.delivered,
    report_time: at,
    report_location: position ? `${position.latitude},${position.longitude}` : null,
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
  const { stop } = await stopInStay(trx, trip, seq, 'driverApp.stopNotArrived');
  const at = new Date(body.at);
  checkTripDay(t, trip, at);
  checkAfter(t, at, latestStep(stop), 'driverApp.events.arrival');
  for (const [started, ended, step] of [[stop.wait_started_at, stop.wait_ended_at, 'wait_end'], [stop.work_started_at, stop.work_ended_at, 'work_end']] as const) {
    if (started && !ended) throw new AppError(400, 'driverApp.stepOpen', { seq, step: t(`driverApp.events.${step}`) });
  }

  // A step the app reported on its own (荷役開始…) stays as it was when the departure does not name it again.
  const started = body.work_started_at === undefined ? stop.work_started_at : instantOrNull(body.work_started_at);
  const ended = body.work_ended_at === undefined ? stop.work_ended_at : instantOrNull(body.work_ended_at);
  const errors: Record<string, string> = {};
  const problems = workPeriodProblems({ arrived: stop.arrived_at!, departed: at }, started, ended);
  for (const [field, problem] of Object.entries(problems) as [Field, string][]) {
    errors[field] = problem === 'endBeforeStart' ? t('errors.endAfterStart') : t('driverApp.outsideStay', { field: t(driverAppLabels[field]) });
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);

  await repo.updateStop(trx, stop.id, {
    departed_at: at,
    wait_minutes: body.wait_minutes === undefined ? stop.wait_minutes : body.wait_minutes,
    work_started_at: started,
    work_ended_at: ended,
    work_content: body.work_content === undefined ? stop.work_content : body.work_content?.trim() || null,
    consignee_confirmed: body.consignee_confirmed === undefined ? stop.consignee_confirmed : body.consignee_confirmed,
  });
  await repo.updateTrip(trx, trip.id, now);
}

const instantOrNull = (at: string | null) => (at === null ? null : new Date(at));

/** A stop the trip has reached and not yet left: where 荷待ち, 荷役, 荷主確認 and the departure happen. */
async function stopInStay(trx: Trx, trip: LockedTrip, seq: number, notArrived: MessageKey = 'driverApp.stepNotArrived') {
  refuseUnlessInTransit(trip);
  const found = await findStop(trx, trip.id, seq);
  if (!found.stop.arrived_at) throw new AppError(400, notArrived, { seq });
  if (found.stop.departed_at) throw new AppError(409, 'driverApp.stopAlreadyDeparted', { seq });
  return found;
}

/** The last time reported at the stop so far: its arrival or a later step. */
function latestStep(stop: repo.TripStop) {
  const times = [stop.arrived_at, stop.wait_started_at, stop.wait_ended_at, stop.work_started_at, stop.work_ended_at].filter((time): time is Date => time !== null);
  return times.reduce((latest, time) => (time > latest ? time : latest));
}

/**
 * The steps at a stop, each one time: the column it fills, the step it must follow (none: the arrival),
 * and what else it writes (荷待ち's length, 荷役's content).
 */
const STEP_RULES: Record<StopStep, { column: 'wait_started_at' | 'wait_ended_at' | 'work_started_at' | 'work_ended_at'; after: 'wait_started_at' | 'work_started_at' | null }> = {
  wait_start: { column: 'wait_started_at', after: null },
  wait_end: { column: 'wait_ended_at', after: 'wait_started_at' },
  work_start: { column: 'work_started_at', after: null },
  work_end: { column: 'work_ended_at', after: 'work_started_at' },
};

const MINUTE_MS = 60_000;

/** 荷待ち開始・終了, 荷役開始・終了 at a stop: once each, in order, after the arrival; the end of the waiting gives its minutes. */
export async function recordStopStep(trx: Trx, trip: LockedTrip, seq: number, step: StopStep, body: { at: Date; work_content?: string | null }, t: Translate, now: Date) {
  const { stop } = await stopInStay(trx, trip, seq);
  const rule = STEP_RULES[step];
  const stepName = (name: StopStep) => t(`driverApp.events.${name}`);
  if (stop[rule.column]) throw new AppError(409, 'driverApp.stepDone', { seq, step: stepName(step) });
  const started = rule.after && stop[rule.after];
  if (rule.after && !started) throw new AppError(400, 'driverApp.stepNotStarted', { seq, step: stepName(step === 'wait_end' ? 'wait_start' : 'work_start') });
  checkTripDay(t, trip, body.at);
  checkAfter(t, body.at, started || stop.arrived_at, started ? `driverApp.events.${step === 'wait_end' ? 'wait_start' : 'work_start'}` : 'driverApp.events.arrival');

  const set: Updateable<Database['allocation_stops']> = { [rule.column]: body.at };
  if (step === 'wait_end') set.wait_minutes = Math.round((body.at.getTime() - started!.getTime()) / MINUTE_MS);
  if (step === 'work_end') set.work_content = body.work_content?.trim() || null;
  await repo.updateStop(trx, stop.id, set);
  await repo.updateTrip(trx, trip.id, now);
}

/** 荷主確認: the shipper or consignee confirmed (or would not confirm) the waiting and the work, before the driver leaves. */
export async function recordConfirmation(trx: Trx, trip: LockedTrip, seq: number, confirmed: boolean, now: Date) {
  const { stop } = await stopInStay(trx, trip, seq);
  await repo.updateStop(trx, stop.id, { consignee_confirmed: confirmed });
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
export async function recordClockIn(db: Trx | Kysely<Database>, driverId: number, at: Date, check: repo.AlcoholCheck) {
  const record = await repo.clockIn(db, driverId, tokyoDate(at), at, check);
  if (!record) throw new AppError(409, 'driverApp.alreadyClockedIn');
  return record;
}

/** The driver's day to clock out of: the open record of the day of `at`, else of the day before (a night shift). */
export async function recordClockOut(trx: Trx, driverId: number, at: Date, check: repo.AlcoholCheck, t: Translate) {
  const date = tokyoDate(at);
  const records = await repo.lockWorkRecords(trx, driverId, [date, addDays(date, -1)]);
  const open = records.find((r) => r.clock_in !== null && r.clock_out === null);
  if (!open) {
    const closed = records.find((r) => r.date === date && r.clock_out !== null);
    throw new AppError(409, closed ? 'driverApp.alreadyClockedOut' : 'driverApp.notClockedIn');
  }
  if (at <= open.clock_in!) throw refuse(t, 'at', 'driverApp.clockOutBeforeIn', { time: formatDateTime(open.clock_in) });
  return repo.clockOut(trx, open.id, at, check);
}
