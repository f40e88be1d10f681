import { DEFAULT_FUEL_PRICE, type FuelPriceSource } from '../../common/reports.js';
import type { Executor } from '../../db/executor.js';
import type { Actor } from '../auth/actor.js';
import { isInSubtree } from '../auth/scope.js';
import { isSuperAdmin } from '../../common/permissions.js';

/**
 * 軽油単価 for 日次経費, remembered per center on the server: the report downloaded with a price keeps it
 * as that center's (the report's center, else the caller's own department), and the form starts from the
 * center's last price, else from `DEFAULT_FUEL_PRICE` (「既定値」). The expense records hold no price.
 */

/** The center a price belongs to: the report's center when one is chosen, else the caller's department (none for a carrier). */
export const fuelPriceCenter = (actor: Actor, departmentId: number | undefined) => departmentId ?? actor.departmentId;

/** The price the form starts from for a center, and where it comes from. */
export async function startingFuelPrice(db: Executor, departmentId: number | null): Promise<{ fuel_price: number; source: FuelPriceSource }> {
  const row = departmentId === null ? undefined : await db.selectFrom('fuel_prices').select('price').where('department_id', '=', departmentId).executeTakeFirst();
  return row ? { fuel_price: row.price, source: 'center' } : { fuel_price: DEFAULT_FUEL_PRICE, source: 'default' };
}

/** Keeps `price` as the center's last 軽油単価. */
export async function rememberFuelPrice(db: Executor, departmentId: number, price: number, userId: number, now: Date) {
  await db
    .insertInto('fuel_prices')
    .values({ department_id: departmentId, price, updated_by: userId, updated_at: now })
    .onConflict((oc) => oc.column('department_id').doUpdateSet({ price, updated_by: userId, updated_at: now }))
    .execute();
}

/** Whether the caller may read or set a center's price: a department in their subtree (any, for a super admin). */
export async function mayUseCenter(db: Executor, actor: Actor, departmentId: number): Promise<boolean> {
  if (isSuperAdmin(actor)) return true;
  return actor.departmentId !== null && isInSubtree(db, actor.departmentId, departmentId);
}
