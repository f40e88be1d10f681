import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { DELIVERY_TYPE } from '../../common/enums.js';
import type { MessageKey } from '../../common/locales/index.js';
import { formatDateTime } from '../../common/time.js';
import type { Database } from '../../db/types.js';
import { startLoading } from '../allocation/loading.js';
import type { DriverActor } from '../auth/actor.js';
import { loginLimits } from '../auth/login-limit.js';
import { passwordMatches } from '../auth/password.js';
import { AppError, invalid, notFound, unauthorized } from '../errors.js';
import type { Translate } from '../i18n.js';
import { deliveryDestinationMaster } from '../masters/delivery-destination.js';
import { createTemporaryRecord } from '../masters/service.js';
import { vehicleMaster } from '../masters/vehicle.js';
import { revokeToken, signToken } from '../plugins/auth.js';
import * as repo from './repository.js';
import {
  addDays,
  arrivalDelayStatus,
  deadlineOf,
  DELIVERY_STATUS,
  delayOf,
  driverAsActor,
  followingEstimates,
  tokyoDate,
  TRIP_STATUS,
  withinTripDays,
  workPeriodProblems,
} from './rules.js';
import {
  arrivalSchema,
  clockSchema,
  driverAppLabels,
  loginSchema,
  logoutSchema,
  stopDepartureSchema,
  temporaryDestinationSchema,
  temporaryVehicleSchema,
  tripEventSchema,
  tripsSchema,
} from './schemas.js';

type Trx = Transaction<Database>;
type Field = keyof typeof driverAppLabels;
type LockedTrip = Awaited<ReturnType<typeof repo.lockOwnTrip>>;

const DAY_MS = 86_400_000;

/** One field refused, named as the app labels it. */
const refuse = (t: Translate, field: Field, key: MessageKey, params: Record<string, unknown> = {}) =>
  invalid({ [field]: t(key, { field: t(driverAppLabels[field]), ...params }) });

/** The time the app recorded (it may send events late, when back in coverage), or now. */
const eventTime = (at: string | undefined, now: Date) => (at === undefined ? now : new Date(at));

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
async function recordArrival(trx: Trx, trip: LockedTrip, seq: number, body: { at: string; latitude: number; longitude: number }, t: Translate, now: Date) {
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
  const following = stops.filter((s) => s.seq > seq && s.arrived_at === null);
  for (const estimate of followingEstimates(trip.date, following, delayOf(at, stop.planned_arrival))) {
    await repo.estimateDeliveries(trx, trip.id, estimate.seq, estimate.estimated, estimate.status, DELIVERY_STATUS.delivered);
  }
  await repo.updateTrip(trx, trip.id, now);
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
async function recordStopDeparture(trx: Trx, trip: LockedTrip, seq: number, body: StopDepartureBody, t: Translate, now: Date) {
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

/** 出発: the loaded trip leaves; its deliveries are 配送中. */
async function recordDeparture(trx: Trx, trip: LockedTrip, at: Date, t: Translate, now: Date) {
  refuseClosed(trip);
  if (trip.status === TRIP_STATUS.inTransit) throw new AppError(409, 'driverApp.alreadyDeparted');
  if (trip.status !== TRIP_STATUS.loading) throw new AppError(400, 'driverApp.notLoading');
  checkTripDay(t, trip, at);
  checkAfter(t, at, trip.loading_started_at, 'driverApp.events.loadingStart');
  await repo.updateTrip(trx, trip.id, now, { status: TRIP_STATUS.inTransit, departed_at: at });
  await repo.advanceTripDeliveries(trx, trip.id, DELIVERY_STATUS.inTransit, now);
}

/** 完了: every stop has its arrival; the trip is done. */
async function recordCompletion(trx: Trx, trip: LockedTrip, at: Date, t: Translate, now: Date) {
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
function clockTime(t: Translate, at: string | undefined, now: Date) {
  const time = eventTime(at, now);
  if (Math.abs(time.getTime() - now.getTime()) > DAY_MS) throw refuse(t, 'at', 'driverApp.outsideNow');
  return time;
}

/** The driver's day to clock out of: the open record of the day of `at`, else of the day before (a night shift). */
async function recordClockOut(trx: Trx, driverId: number, at: Date, t: Translate) {
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

/** 仮登録 through the masters' own checks, as the driver (their company, their base center). */
const masterContext = (trx: Trx, request: FastifyRequest) => ({ db: trx, actor: driverAsActor(request.driver), t: request.t });

/** A store the driver found has no code yet: a temporary one, replaced when an admin approves the store. */
const temporaryCode = () => `TMP-${randomBytes(5).toString('hex').toUpperCase()}`;

/**
 * The driver-app API (DOMAIN.md section 4, issue 7): sign-in with driver tokens, the day's confirmed
 * trips, the events of a trip and its stops, clocking in and out, and 仮登録 of vehicles and stores.
 * Every route but login takes a driver token only (`config.driver`), and a driver reaches only their
 * own trips and records. Each write is one transaction that locks the trip and raises its version.
 */
const driverAppRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const limits = await loginLimits(app);
  const config = { driver: true, labels: driverAppLabels } as const;
  const inTransaction = <T>(work: (trx: Trx) => Promise<T>) => app.db.transaction().execute(work);
  /** Events the app may post without a body (the time is then now). */
  const bodyOptional = async (request: FastifyRequest) => {
    request.body ??= {};
  };

  app.post(
    '/driver/auth/login',
    { schema: loginSchema, config: { public: true, labels: driverAppLabels }, preHandler: limits.admit },
    async (request) => {
      const { login_id, password } = request.body;
      const driver = await repo.driverForLogin(app.db, login_id);
      // Same answer, after the same work, whether the login ID or the password was wrong.
      if (!(await passwordMatches(driver?.password_hash, password)) || !driver) {
        await limits.recordFailure(request);
        throw unauthorized('auth.invalidCredentials');
      }
      await repo.setLoginFlag(app.db, driver.id, true);
      return { access_token: signToken(app, 'driver', driver.id, driver.token_version), driver: await repo.driverProfile(app.db, driver.id) };
    },
  );

  app.post('/driver/auth/logout', { schema: logoutSchema, config }, async (request) => {
    await inTransaction(async (trx) => {
      await revokeToken(trx, request.user);
      await repo.setLoginFlag(trx, request.driver.id, false);
    });
    return { ok: true };
  });

  app.get('/driver/trips', { schema: tripsSchema, config }, async (request) => repo.driverTrips(app.db, request.driver.id, { date: request.query.date }));

  /** A trip event: lock the driver's trip, record, answer the trip as it now is. */
  const tripEvent = async (driver: DriverActor, tripId: number, work: (trx: Trx, trip: LockedTrip) => Promise<void>) => {
    await inTransaction(async (trx) => work(trx, await repo.lockOwnTrip(trx, driver.id, tripId)));
    const [trip] = await repo.driverTrips(app.db, driver.id, { id: tripId });
    if (!trip) throw notFound();
    return trip;
  };

  app.post('/driver/trips/:id/loading_start', { schema: tripEventSchema, config, preValidation: bodyOptional }, async (request) => {
    const now = new Date();
    return tripEvent(request.driver, request.params.id, async (trx, trip) => {
      const at = eventTime(request.body.at, now);
      checkTripDay(request.t, trip, at);
      // The same 積込開始 as the center's: status 1, loading_started_at, the notifications.
      await startLoading(trx, trip.id, at);
      await repo.markHandled(trx, trip.id, now);
    });
  });

  app.post('/driver/trips/:id/departure', { schema: tripEventSchema, config, preValidation: bodyOptional }, async (request) => {
    const now = new Date();
    return tripEvent(request.driver, request.params.id, (trx, trip) => recordDeparture(trx, trip, eventTime(request.body.at, now), request.t, now));
  });

  app.post('/driver/trips/:id/complete', { schema: tripEventSchema, config, preValidation: bodyOptional }, async (request) => {
    const now = new Date();
    return tripEvent(request.driver, request.params.id, (trx, trip) => recordCompletion(trx, trip, eventTime(request.body.at, now), request.t, now));
  });

  app.post('/driver/trips/:id/stops/:seq/arrival', { schema: arrivalSchema, config }, async (request) => {
    const now = new Date();
    return tripEvent(request.driver, request.params.id, (trx, trip) => recordArrival(trx, trip, request.params.seq, request.body, request.t, now));
  });

  app.post('/driver/trips/:id/stops/:seq/departure', { schema: stopDepartureSchema, config }, async (request) => {
    const now = new Date();
    return tripEvent(request.driver, request.params.id, (trx, trip) => recordStopDeparture(trx, trip, request.params.seq, request.body, request.t, now));
  });

  app.post('/driver/clock_in', { schema: clockSchema, config, preValidation: bodyOptional }, async (request) => {
    const at = clockTime(request.t, request.body.at, new Date());
    const record = await repo.clockIn(app.db, request.driver.id, tokyoDate(at), at);
    if (!record) throw new AppError(409, 'driverApp.alreadyClockedIn');
    return record;
  });

  app.post('/driver/clock_out', { schema: clockSchema, config, preValidation: bodyOptional }, async (request) => {
    const at = clockTime(request.t, request.body.at, new Date());
    return inTransaction((trx) => recordClockOut(trx, request.driver.id, at, request.t));
  });

  app.post('/driver/vehicles', { schema: temporaryVehicleSchema, config }, async (request, reply) => {
    const { driver } = request;
    const vehicle = await inTransaction(async (trx) => {
      const id = await createTemporaryRecord(masterContext(trx, request), vehicleMaster, {
        ...request.body,
        delivery_company_id: driver.deliveryCompanyId,
        base_department_id: driver.baseDepartmentId,
      });
      return repo.temporaryVehicle(trx, id);
    });
    return reply.status(201).send(vehicle as typeof vehicle & { temporary_registration_date: Date });
  });

  app.post('/driver/delivery_destinations', { schema: temporaryDestinationSchema, config }, async (request, reply) => {
    const destination = await inTransaction(async (trx) => {
      const id = await createTemporaryRecord(masterContext(trx, request), deliveryDestinationMaster, {
        ...request.body,
        delivery_code: request.body.delivery_code?.trim() || temporaryCode(),
        delivery_type: DELIVERY_TYPE.storeDirect,
      });
      return repo.temporaryDestination(trx, id);
    });
    return reply.status(201).send(destination as typeof destination & { temporary_registration_date: Date });
  });
};

export default driverAppRoutes;
