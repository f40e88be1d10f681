import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import type { TripKind } from '../../db/types.js';
import { departmentId } from './helpers.js';

/** Small builders for the allocation tests: trips and deliveries made directly in the database. */

export async function companyId(db: Db, code: string): Promise<number> {
  return (await db.selectFrom('delivery_companies').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
}

export async function userId(db: Db, loginId: string): Promise<number> {
  return (await db.selectFrom('users').select('id').where('login_id', '=', loginId).executeTakeFirstOrThrow()).id;
}

/** The demo vehicles and drivers based at a center, in id order. */
export async function fleetOf(db: Db, centerCode: string) {
  const center = await departmentId(db, centerCode);
  const vehicles = await db
    .selectFrom('vehicles')
    .innerJoin('vehicle_types', 'vehicle_types.id', 'vehicles.vehicle_type_id')
    .select([
      'vehicles.id',
      'vehicles.vehicle_number',
      'vehicles.delivery_company_id',
      'vehicles.max_loading_capacity',
      'vehicle_types.pallet_capacity',
      'vehicle_types.cage_cart_capacity',
      'vehicle_types.name as type_name',
    ])
    .where('vehicles.base_department_id', '=', center)
    .orderBy('vehicles.id')
    .execute();
  const drivers = await db.selectFrom('drivers').select(['id', 'name', 'delivery_company_id']).where('base_department_id', '=', center).orderBy('id').execute();
  return { center, vehicles, drivers };
}

/** Stores served by the center's directions, in direction then `order`. */
export async function storesOf(db: Db, centerCode: string) {
  const center = await departmentId(db, centerCode);
  return db
    .selectFrom('delivery_destinations')
    .innerJoin('directions', 'directions.id', 'delivery_destinations.direction_id')
    .select(['delivery_destinations.id', 'delivery_destinations.direction_id', 'delivery_destinations.customer_store_name'])
    .where('directions.department_id', '=', center)
    .orderBy('directions.id')
    .orderBy('delivery_destinations.order')
    .execute();
}

export interface TripFixture {
  date: string;
  department_id: number;
  kind?: TripKind;
  trip_no?: number;
  vehicle_id?: number | null;
  driver_id?: number | null;
  delivery_company_id?: number | null;
  direction_id?: number | null;
  origin_department_id?: number | null;
  destination_department_id?: number | null;
  status?: number;
  confirmed_at?: Date | null;
  pinned?: boolean;
  handled_at?: Date | null;
  load_unit?: number;
  planned_loading_start?: Date | string | null;
  planned_departure?: Date | string | null;
  planned_arrival?: Date | string | null;
}

let tripNo = 100;

export async function makeTrip(db: Db, fixture: TripFixture) {
  return db
    .insertInto('vehicle_allocations')
    .values({ kind: 'store_direct', trip_no: ++tripNo, ...fixture })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface DeliveryFixture {
  date: string;
  department_id: number;
  delivery_destination_id: number;
  quantity?: number;
  load_unit?: number;
  weight?: number | null;
  volume?: number | null;
  status?: number;
  vehicle_allocation_id?: number | null;
  stop_seq?: number | null;
  handled_at?: Date | null;
}

let slipNo = 0;

export async function makeDelivery(db: Db, fixture: DeliveryFixture) {
  return db
    .insertInto('deliveries')
    .values({ slip_number: `T${String(++slipNo).padStart(6, '0')}`, item_name: 'テスト商品', quantity: 1, weight: 100, ...fixture })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Is the test running on a PostgreSQL server (real concurrency) rather than PGlite (one connection)? */
export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

async function sessionsWaitingForLocks(db: Db): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
    where datname = current_database() and wait_event_type = 'Lock'`.execute(db);
  return rows[0]!.n;
}

async function waitFor(condition: () => Promise<boolean>) {
  for (let tries = 0; tries < 400; tries++) {
    if (await condition()) return;
    await sleep(25);
  }
}

/**
 * Forces a race on PostgreSQL: another session holds `table` in SHARE mode, so `first` stops at its
 * first write there; `second` is sent and runs until it finishes or waits for a lock too; then the
 * table is let go. Without row locks around their checks both would pass them in that gap. PGlite has
 * one connection: the two run one after the other.
 */
export async function race<T>(db: Db, table: 'vehicle_allocations' | 'deliveries', first: () => Promise<T>, second: () => Promise<T>): Promise<[T, T]> {
  if (!onPostgres) return [await first(), await second()];
  const started: { first?: Promise<T>; second?: Promise<T> } = {};
  await db.transaction().execute(async (trx) => {
    await sql`lock table ${sql.table(table)} in share mode`.execute(trx);
    started.first = first();
    await waitFor(async () => (await sessionsWaitingForLocks(db)) >= 1);
    let done = false;
    started.second = second().finally(() => {
      done = true;
    });
    await waitFor(async () => done || (await sessionsWaitingForLocks(db)) >= 2);
  });
  return [await started.first!, await started.second!];
}

/**
 * The reports tests' cast: 品川センター's fleet and stores, 東都運輸's vehicle and driver there, and
 * another company's truck and driver based at 横浜, hired for trips of 品川.
 */
export async function reportCast(db: Db) {
  const fleet = await fleetOf(db, 'CT-SHINAGAWA');
  const stores = await storesOf(db, 'CT-SHINAGAWA');
  const toto = await companyId(db, 'DC-TOTO');
  const otherFleet = await fleetOf(db, 'CT-YOKOHAMA');
  return {
    fleet,
    stores,
    toto,
    totoVehicle: fleet.vehicles.find((vehicle) => vehicle.delivery_company_id === toto)!,
    totoDriver: fleet.drivers.find((driver) => driver.delivery_company_id === toto)!,
    otherFleet,
    otherVehicle: otherFleet.vehicles[0]!,
    otherDriver: otherFleet.drivers[0]!,
  };
}
