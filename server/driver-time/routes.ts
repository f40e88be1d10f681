import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Action } from '../../common/permissions.js';
import { attendanceSchema, dayListSchema, dayWriteSchema, driverTimeLabels } from './schemas.js';
import { attendance, daySheet, writeDay } from './service.js';

const config = (action: Action) => ({ permission: { area: 'driver_time', action }, labels: driverTimeLabels }) as const;

/** Drivers' working days (出退勤): the day's sheet, one day's write, attendance against the trips' plan. */
const driverTimeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/driver_time', { schema: dayListSchema, config: config('list') }, async (request) => daySheet(app.db, request.actor, request.query));

  app.put('/driver_time/:driver_id/:date', { schema: dayWriteSchema, config: config('edit') }, async (request) => {
    const { driver_id, date } = request.params;
    return app.db.transaction().execute((trx) => writeDay(trx, request.actor, request.t, driver_id, date, request.body, new Date()));
  });

  app.get('/driver_attendance', { schema: attendanceSchema, config: config('list') }, async (request) =>
    attendance(app.db, request.actor, request.query, new Date()),
  );
};

export default driverTimeRoutes;
