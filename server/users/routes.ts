import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { invalid } from '../errors.js';
import type { MasterContext } from '../masters/definition.js';
import { findRecord } from '../masters/service.js';
import { refuseSuperAdminTargets, userMaster } from '../masters/user.js';
import { allVisible, readColumnConfig, vehiclesOf, writeColumnConfig } from './repository.js';
import {
  columnConfigLabels,
  getColumnConfigSchema,
  putColumnConfigSchema,
  setUserVehiclesSchema,
  userVehicleLabels,
  userVehiclesSchema,
} from './schemas.js';

/** A user's own settings (the lists' columns) and the vehicles a planner handles, under /api/user. */
const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const context = (request: { actor: MasterContext['actor']; t: MasterContext['t'] }, db = app.db): MasterContext => ({
    db,
    actor: request.actor,
    t: request.t,
  });

  app.get(
    '/user/vehicle_allocation',
    {
      schema: userVehiclesSchema,
      // Whose vehicles a planner handles is account data: the user area's permission, not the vehicles'.
      config: { permission: { area: 'user', action: 'show' }, labels: userVehicleLabels },
    },
    async (request) => {
      const ctx = context(request);
      const userId = request.query.user_id ?? request.actor.id;
      if (userId !== request.actor.id) await findRecord(ctx, userMaster, userId);
      return vehiclesOf(ctx, userId);
    },
  );

  app.put(
    '/user/:id/vehicle_allocation',
    {
      schema: setUserVehiclesSchema,
      config: { permission: { area: 'user', action: 'edit' }, labels: userVehicleLabels },
    },
    async (request) =>
      app.db.transaction().execute(async (trx) => {
        const ctx = context(request, trx);
        await findRecord(ctx, userMaster, request.params.id, true);
        await refuseSuperAdminTargets(ctx, [request.params.id]);
        const vehicleIds = [...new Set(request.body.vehicle_ids)];
        if (!(await allVisible(ctx, vehicleIds))) {
          throw invalid({ vehicle_ids: request.t('errors.refNotFound', { field: request.t('vehicles.fields.vehicle_number') }) });
        }
        await trx.deleteFrom('user_vehicles').where('user_id', '=', request.params.id).execute();
        if (vehicleIds.length) {
          await trx.insertInto('user_vehicles').values(vehicleIds.map((vehicle_id) => ({ user_id: request.params.id, vehicle_id }))).execute();
        }
        return vehiclesOf(ctx, request.params.id);
      }),
  );

  app.get('/user/column_config', { schema: getColumnConfigSchema, config: { anyUser: true, labels: columnConfigLabels } }, async (request) =>
    readColumnConfig(app.db, request.actor.id),
  );

  app.put('/user/column_config', { schema: putColumnConfigSchema, config: { anyUser: true, labels: columnConfigLabels } }, async (request) =>
    app.db.transaction().execute(async (trx) => {
      await writeColumnConfig(trx, request.actor.id, request.body);
      return readColumnConfig(trx, request.actor.id);
    }),
  );
};

export default userRoutes;
