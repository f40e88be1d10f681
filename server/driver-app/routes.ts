import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { DELIVERY_TYPE } from '../../common/enums.js';
import type { DriverActor } from '../auth/actor.js';
import { loginLimits } from '../auth/login-limit.js';
import { passwordMatches } from '../auth/password.js';
import { notFound, unauthorized } from '../errors.js';
import { deliveryDestinationMaster } from '../masters/delivery-destination.js';
import { createTemporaryRecord } from '../masters/service.js';
import { vehicleMaster } from '../masters/vehicle.js';
import { revokeToken, signToken } from '../plugins/auth.js';
import {
  clockTime,
  eventTime,
  type LockedTrip,
  recordArrival,
  recordClockIn,
  recordClockOut,
  recordCompletion,
  recordConfirmation,
  recordDeparture,
  recordLoadingStart,
  recordStopDeparture,
  recordStopStep,
  type Trx,
} from './events.js';
import * as repo from './repository.js';
import { driverAsActor } from './rules.js';
import {
  arrivalSchema,
  clockSchema,
  confirmationSchema,
  driverAppLabels,
  loginSchema,
  logoutSchema,
  STOP_STEPS,
  stopDepartureSchema,
  stopStepSchema,
  temporaryDestinationSchema,
  temporaryVehicleSchema,
  tripEventSchema,
  tripsSchema,
  workEndSchema,
  workRecordSchema,
} from './schemas.js';

/** 仮登録 through the masters' own checks, as the driver (their company, their base center). */
const masterContext = (trx: Trx, request: FastifyRequest) => ({ db: trx, actor: driverAsActor(request.driver), t: request.t });

/** The alcohol check a clock report carries (the reading and who witnessed it), null where not given. */
const alcoholCheck = (body: { alcohol_check?: number; alcohol_checker?: string }): repo.AlcoholCheck => ({
  value: body.alcohol_check ?? null,
  checker: body.alcohol_checker?.trim() || null,
});

/** A store the driver found has no code yet: a temporary one, replaced when an admin approves the store. */
const temporaryCode = () => `TMP-${randomBytes(5).toString('hex').toUpperCase()}`;

/**
 * The driver-app API (DOMAIN.md section 4): sign-in with driver tokens, the day's confirmed
 * trips, the events of a trip and its stops, clocking in and out, and 仮登録 of vehicles and stores.
 * Every route but login takes a driver token only (`config.driver`), and a driver reaches only their
 * own trips and records. Each write is one transaction that locks the trip and raises its version.
 */
const driverAppRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const limits = await loginLimits(app, 'driver');
  const config = { driver: true, labels: driverAppLabels } as const;
  /** One write; the trips it locks are published to the users who see them once it commits. */
  const inTransaction = <T>(work: (trx: Trx) => Promise<T>) => app.realtime.transaction(work);
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

  /**
   * A report applied once: one the phone sends again with the same `report_id` (its first answer lost
   * with the signal) changes nothing, and is answered with the state the first one left.
   */
  const firstTime = async (trx: Trx, driver: DriverActor, reportId: string | undefined) =>
    reportId === undefined || (await repo.firstReceipt(trx, driver.id, reportId));

  /** A trip event: lock the driver's trip, record (at the server's `now`) unless already reported, answer the trip as it now is. */
  const tripEvent = async (
    request: { driver: DriverActor; params: { id: number }; body: { report_id?: string } },
    work: (trx: Trx, trip: LockedTrip, now: Date) => Promise<void>,
  ) => {
    const { driver } = request;
    const tripId = request.params.id;
    await inTransaction(async (trx) => {
      const trip = await repo.lockOwnTrip(trx, driver.id, tripId);
      if (await firstTime(trx, driver, request.body.report_id)) await work(trx, trip, new Date());
    });
    const [trip] = await repo.driverTrips(app.db, driver.id, { id: tripId });
    if (!trip) throw notFound();
    return trip;
  };

  app.post('/driver/trips/:id/loading_start', { schema: tripEventSchema, config, preValidation: bodyOptional }, async (request) => {
    return tripEvent(request, (trx, trip, now) => recordLoadingStart(trx, trip, eventTime(request.body.at, now), request.t, now));
  });

  app.post('/driver/trips/:id/departure', { schema: tripEventSchema, config, preValidation: bodyOptional }, async (request) => {
    return tripEvent(request, (trx, trip, now) => recordDeparture(trx, trip, eventTime(request.body.at, now), request.t, now));
  });

  app.post('/driver/trips/:id/complete', { schema: tripEventSchema, config, preValidation: bodyOptional }, async (request) => {
    return tripEvent(request, (trx, trip, now) => recordCompletion(trx, trip, eventTime(request.body.at, now), request.t, now));
  });

  app.post('/driver/trips/:id/stops/:seq/arrival', { schema: arrivalSchema, config }, async (request) => {
    return tripEvent(request, (trx, trip, now) => recordArrival(trx, trip, request.params.seq, request.body, request.t, now));
  });

  for (const step of STOP_STEPS.filter((name) => name !== 'work_end')) {
    app.post(`/driver/trips/:id/stops/:seq/${step}`, { schema: stopStepSchema, config, preValidation: bodyOptional }, async (request) => {
      return tripEvent(request, (trx, trip, now) => recordStopStep(trx, trip, request.params.seq, step, { at: eventTime(request.body.at, now) }, request.t, now));
    });
  }

  app.post('/driver/trips/:id/stops/:seq/work_end', { schema: workEndSchema, config, preValidation: bodyOptional }, async (request) => {
    const { at, work_content } = request.body;
    return tripEvent(request, (trx, trip, now) => recordStopStep(trx, trip, request.params.seq, 'work_end', { at: eventTime(at, now), work_content }, request.t, now));
  });

  app.post('/driver/trips/:id/stops/:seq/confirmation', { schema: confirmationSchema, config }, async (request) => {
    return tripEvent(request, (trx, trip, now) => recordConfirmation(trx, trip, request.params.seq, request.body.consignee_confirmed, now));
  });

  app.post('/driver/trips/:id/stops/:seq/departure', { schema: stopDepartureSchema, config }, async (request) => {
    return tripEvent(request, (trx, trip, now) => recordStopDeparture(trx, trip, request.params.seq, request.body, request.t, now));
  });

  app.get('/driver/work_record', { schema: workRecordSchema, config }, async (request) => ({
    record: (await repo.workRecord(app.db, request.driver.id, request.query.date)) ?? null,
  }));

  app.post('/driver/clock_in', { schema: clockSchema, config, preValidation: bodyOptional }, async (request) => {
    const at = clockTime(request.t, request.body.at, new Date());
    return inTransaction(async (trx) =>
      (await firstTime(trx, request.driver, request.body.report_id))
        ? recordClockIn(trx, request.driver.id, at, alcoholCheck(request.body))
        : repo.latestWorkRecord(trx, request.driver.id),
    );
  });

  app.post('/driver/clock_out', { schema: clockSchema, config, preValidation: bodyOptional }, async (request) => {
    const at = clockTime(request.t, request.body.at, new Date());
    return inTransaction(async (trx) =>
      (await firstTime(trx, request.driver, request.body.report_id))
        ? recordClockOut(trx, request.driver.id, at, alcoholCheck(request.body), request.t)
        : repo.latestWorkRecord(trx, request.driver.id),
    );
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
    return reply.status(201).send(vehicle);
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
    return reply.status(201).send(destination);
  });
};

export default driverAppRoutes;
