import { setTimeout as sleep } from 'node:timers/promises';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import type { Test } from 'tap';
import type { Db } from '../../db/index.js';
import type { TripKind } from '../../db/types.js';
import { demoApp, departmentId, signedIn } from './helpers.js';

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

/** A signed-in user's requests. */
export type Api = (options: InjectOptions) => Promise<LightMyRequestResponse>;

/** A clock time of a day in Tokyo, as the API takes it. */
export const at = (date: string, time: string) => `${date}T${time}:00+09:00`;
export const iso = (date: string, time: string) => new Date(at(date, time)).toISOString();

/** PUT a trip's complete list of deliveries, in the order given (or at the seqs given). */
export const putStops = (api: Api, trip: { id: number; version: number }, ids: number[], seqs?: number[]) =>
  api({ method: 'PUT', url: `/api/vehicle_allocation/${trip.id}/stops`, payload: { version: trip.version, stops: ids.map((delivery_id, i) => ({ delivery_id, seq: seqs?.[i] ?? i + 1 })) } });

/**
 * What the allocation tests through the API work in: the demo app, the sessions of a center's and a
 * branch's planner, 品川's fleet and stores, and builders of trips and deliveries at 品川.
 */
export async function allocationWorld(t: Test) {
  const { app, db } = await demoApp(t);
  const center = await signedIn(app, 'center');
  const branch = await signedIn(app, 'branch');
  const fleet = await fleetOf(db, 'CT-SHINAGAWA');
  const stores = await storesOf(db, 'CT-SHINAGAWA');

  async function newTrip(api: Api, date: string, body: Record<string, unknown> = {}) {
    const response = await api({ method: 'POST', url: '/api/vehicle_allocation', payload: { date, kind: 'store_direct', department_id: fleet.center, ...body } });
    if (response.statusCode !== 201) throw new Error(`create: ${response.statusCode} ${response.body}`);
    return response.json();
  }

  /** Deliveries of the center made one after the other (ids in the order given). */
  async function deliveriesFor(date: string, specs: { store: number; quantity?: number; weight?: number; load_unit?: number }[]) {
    const made = [];
    for (const spec of specs) {
      made.push(
        await makeDelivery(db, {
          date,
          department_id: fleet.center,
          delivery_destination_id: stores[spec.store]!.id,
          quantity: spec.quantity ?? 1,
          weight: spec.weight ?? 100,
          load_unit: spec.load_unit ?? 0,
        }),
      );
    }
    return made;
  }

  /** A setter of the rounds a day (回転数) of the direction's base at 品川, restored when the test ends. */
  async function roundsOf(t: Test, directionId: number) {
    const baseRow = () => db.updateTable('direction_bases').where('direction_id', '=', directionId).where('base_department_id', '=', fleet.center);
    const { trips_per_day } = await db.selectFrom('direction_bases').select('trips_per_day').where('direction_id', '=', directionId).where('base_department_id', '=', fleet.center).executeTakeFirstOrThrow();
    t.teardown(() => baseRow().set({ trips_per_day }).execute());
    return (rounds: number) => baseRow().set({ trips_per_day: rounds }).execute();
  }

  const deliveryRows = (ids: number[]) => db.selectFrom('deliveries').select(['id', 'status', 'vehicle_allocation_id', 'stop_seq']).where('id', 'in', ids).orderBy('id').execute();

  return { app, db, center, branch, fleet, stores, newTrip, deliveriesFor, roundsOf, deliveryRows };
}
