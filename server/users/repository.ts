import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { companyScope } from '../auth/scope.js';
import type { MasterContext } from '../masters/definition.js';

/** The vehicles a planner is responsible for (user_vehicles), each visible to the caller. */
export async function vehiclesOf(ctx: MasterContext, userId: number) {
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
export async function allVisible(ctx: MasterContext, vehicleIds: number[]) {
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

/** The user's saved column settings (users.config.column_config). */
export async function readColumnConfig(db: Executor, userId: number) {
  const row = await db
    .selectFrom('users')
    .select(sql<Record<string, unknown> | null>`config -> 'column_config'`.as('column_config'))
    .where('id', '=', userId)
    .executeTakeFirst();
  const value = row?.column_config;
  return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
}

export async function writeColumnConfig(db: Executor, userId: number, config: unknown) {
  await db
    .updateTable('users')
    .set({ config: sql`jsonb_set(coalesce(config, '{}'::jsonb), '{column_config}', ${JSON.stringify(config)}::jsonb)` })
    .where('id', '=', userId)
    .execute();
}
