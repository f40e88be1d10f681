import { SUPER_ADMIN_ROLE } from '../../common/enums.js';
import { type Actor as PermissionActor, isSuperAdmin } from '../../common/permissions.js';
import { type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/index.js';

/** Who is calling, with what they need for permission and scope checks. */
/** The permission table's actor (type, level), with what scope checks and the profile need. */
export interface Actor extends PermissionActor {
  id: number;
  name: string;
  loginId: string;
  departmentId: number | null;
  deliveryCompanyId: number | null;
  tokenVersion: number;
}

/** The token `jti` has not been revoked (logout): checked in the query that finds who calls. */
const notRevoked = (jti: string) => sql<SqlBool>`not exists (select 1 from revoked_tokens where jti = ${jti})`;

/**
 * A live user with the level of their department (5 for a delivery company's staff); with a token's
 * `jti`, only while that token has not been revoked (one query for every authenticated request).
 */
export async function findActor(db: Db, userId: number, jti?: string): Promise<Actor | undefined> {
  // One statement, each part read through a primary key. The level is a scalar subquery, not a
  // join: the planner then has no join order to choose, which halves planning on every request.
  let query = db
    .selectFrom('users')
    .select([
      'users.id',
      'users.name',
      'users.login_id',
      'users.type',
      'users.department_id',
      'users.delivery_company_id',
      'users.token_version',
    ])
    .select((eb) => eb.selectFrom('departments').select('departments.level').whereRef('departments.id', '=', 'users.department_id').as('level'))
    .where('users.id', '=', userId)
    .where('users.deleted_at', 'is', null);
  if (jti !== undefined) query = query.where(notRevoked(jti));
  const row = await query.executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    name: row.name,
    loginId: row.login_id,
    type: row.type,
    level: row.delivery_company_id ? 5 : (row.level ?? 1),
    departmentId: row.department_id,
    deliveryCompanyId: row.delivery_company_id,
    tokenVersion: row.token_version,
  };
}

/** GET /api/auth/profile: what the client shows and decides its menu from. Never the password. */
export async function profileOf(db: Db, actor: Actor) {
  const department = actor.departmentId
    ? await db.selectFrom('departments').select(['id', 'code', 'name', 'level']).where('id', '=', actor.departmentId).executeTakeFirst()
    : undefined;
  const company = actor.deliveryCompanyId
    ? await db.selectFrom('delivery_companies').select(['id', 'name']).where('id', '=', actor.deliveryCompanyId).executeTakeFirst()
    : undefined;
  const user = await db.selectFrom('users').select('config').where('id', '=', actor.id).executeTakeFirstOrThrow();
  return {
    id: actor.id,
    name: actor.name,
    login_id: actor.loginId,
    type: actor.type,
    level: actor.level,
    roles: isSuperAdmin(actor) ? [{ name: SUPER_ADMIN_ROLE }] : [],
    department: department ?? null,
    delivery_company: company ?? null,
    config: user.config ?? {},
  };
}

/** A driver signed in to the driver app: what their routes need to keep them to their own work. */
export interface DriverActor {
  id: number;
  name: string;
  deliveryCompanyId: number;
  baseDepartmentId: number | null;
  tokenVersion: number;
}

/** A live driver of a live company, while the token `jti` has not been revoked (one query per request). */
export async function findDriverActor(db: Db, driverId: number, jti: string): Promise<DriverActor | undefined> {
  const row = await db
    .selectFrom('drivers')
    .innerJoin('delivery_companies', 'delivery_companies.id', 'drivers.delivery_company_id')
    .select(['drivers.id', 'drivers.name', 'drivers.delivery_company_id', 'drivers.base_department_id', 'drivers.token_version'])
    .where('drivers.id', '=', driverId)
    .where('drivers.deleted_at', 'is', null)
    .where('delivery_companies.deleted_at', 'is', null)
    .where(notRevoked(jti))
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      name: row.name,
      deliveryCompanyId: row.delivery_company_id,
      baseDepartmentId: row.base_department_id,
      tokenVersion: row.token_version,
    }
  );
}
