import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { invalid } from '../errors.js';
import type { MasterContext } from '../masters/definition.js';
import { findRecord } from '../masters/service.js';
import { refuseSuperAdminTargets, userMaster } from '../masters/user.js';
import { companyScope } from '../auth/scope.js';
import { setUserVehiclesSchema, userVehicleLabels, userVehiclesSchema } from './schemas.js';

/** The vehicles a planner is responsible for (user_vehicles), each visible to the caller. */
async function vehiclesOf(ctx: MasterContext, userId: number) {
  let query = ctx.db
    .selectFrom('user_vehicles')
    .innerJoin('vehicles', 'vehicles.id', 'user_vehicles.vehicle_id')
    .select(['user_vehicles.user_id', 'vehicles.id as vehicle_id', 'vehicles.vehicle_number', 'vehicles.vehicle_type_id', 'vehicles.delivery_company_id'])
    .where('user_vehicles.user_id', '=', userId)
    .where('vehicles.deleted_at', 'is', null);
  const scope = companyScope(ctx.actor, 'vehicles.delivery_company_id', 'vehicles.base_department_id');
  if (scope) query = query.where(scope);
  return query.orderBy('vehicles.vehicle_number').execute();
}

/** Are all these vehicles live and visible to the caller? One query for the whole set. */
async function allVisible(ctx: MasterContext, vehicleIds: number[]) {
  if (vehicleIds.length === 0) return true;
  let query = ctx.db
    .selectFrom('vehicles')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('vehicles.id', 'in', vehicleIds)
    .where('vehicles.deleted_at', 'is', null);
  const scope = companyScope(ctx.actor, 'vehicles.delivery_company_id', 'vehicles.base_department_id');
  if (scope) query = query.where(scope);
  const { n } = await query.executeTakeFirstOrThrow();
  return Number(n) === vehicleIds.length;
}

const userVehicleRoutes: FastifyPluginAsyncTypebox = async (app) => {
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
};

export default userVehicleRoutes;
