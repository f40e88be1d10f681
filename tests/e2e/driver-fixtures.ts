/**
 * A driver's day for the browser tests: today's confirmed trip of a vehicle and driver free all day,
 * with one store and one delivery, made through our API as the planner; and the API as a user or as
 * that driver.
 */
import { expect } from 'vitest';
import { tokyoToday } from '../../common/deliveries.js';
import { centerDestinations, centerVehicles, departmentId, palletDelivery, type Stack } from './harness.js';

export interface DriverFixture {
  tripId: number;
  driverId: number;
  loginId: string;
  vehicleNumber: string;
  centerId: number;
}

type Call = <T>(method: string, url: string, body?: unknown) => Promise<T>;

/** Our API from the test with a token from `loginPath` (a user's or the driver app's sign-in); every call must succeed. */
async function signedInApi(stack: Stack, loginPath: string, loginId: string): Promise<Call> {
  const login = await fetch(`${stack.baseUrl}/api${loginPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login_id: loginId, password: 'demo1234' }),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  return async <T>(method: string, url: string, body: unknown = {}) => {
    const response = await fetch(`${stack.baseUrl}/api${url}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(response.status, `${method} ${url}: ${await response.clone().text()}`).toBeLessThan(300);
    return (await response.json()) as T;
  };
}

/** Our API as `loginId`, a user of the screens. */
export const asUser = (stack: Stack, loginId: string) => signedInApi(stack, '/auth/login', loginId);
/** The driver app's API as the driver `loginId`. */
export const asDriver = (stack: Stack, loginId: string) => signedInApi(stack, '/driver/auth/login', loginId);

/** Today's confirmed trip of a vehicle and driver free all day, with one store and one delivery `slip`; the driver's day not yet begun. */
export async function driverDay(stack: Stack, slip: string): Promise<DriverFixture> {
  const { db } = stack;
  const today = tokyoToday();
  const centerId = await departmentId(db, 'CT-SHINAGAWA');
  const [destination] = await centerDestinations(db, centerId, 1);
  const busyToday = (column: 'vehicle_id' | 'driver_id') =>
    db.selectFrom('vehicle_allocations').select(column).where('date', '=', today).where(column, 'is not', null).where('deleted_at', 'is', null);
  const vehicle = await centerVehicles(db, centerId)
    .select(['v.id', 'v.vehicle_number', 'v.delivery_company_id'])
    .where('v.id', 'not in', busyToday('vehicle_id') as never)
    .executeTakeFirstOrThrow();
  const driver = await db
    .selectFrom('drivers')
    .select(['id', 'login_id'])
    .where('delivery_company_id', '=', vehicle.delivery_company_id)
    .where('deleted_at', 'is', null)
    .where('id', 'not in', busyToday('driver_id') as never)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  await db.deleteFrom('driver_work_records').where('driver_id', '=', driver.id).where('date', '=', today).execute();
  const delivery = await db
    .insertInto('deliveries')
    .values(palletDelivery({ date: today, department_id: centerId, delivery_destination_id: destination!.id, slip_number: slip, item_name: 'E2E ドライバー品', quantity: 4, weight: 80 }))
    .returning('id')
    .executeTakeFirstOrThrow();
  const api = await asUser(stack, 'center');
  const trip = await api<{ id: number; version: number }>('POST', '/vehicle_allocation', {
    date: today,
    kind: 'store_direct',
    department_id: centerId,
    vehicle_id: vehicle.id,
    driver_id: driver.id,
  });
  const planned = await api<{ version: number }>('PUT', `/vehicle_allocation/${trip.id}/stops`, { version: trip.version, stops: [{ delivery_id: delivery.id, seq: 1 }] });
  await api('POST', `/vehicle_allocation/${trip.id}/confirm`, { version: planned.version });
  return { tripId: trip.id, driverId: driver.id, loginId: driver.login_id, vehicleNumber: vehicle.vehicle_number, centerId };
}
