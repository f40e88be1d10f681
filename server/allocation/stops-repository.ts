import { sql, type SqlBool } from 'kysely';
import { DELAY_STATUS, DELIVERY_STATUS } from '../../common/deliveries.js';
import type { StoredWarning } from '../../db/types.js';
import type { Actor } from '../auth/actor.js';
import { departmentScope } from '../auth/scope.js';
import type { Executor } from '../../db/executor.js';

/** Queries of the deliveries on trips and of trips' stops: what the writes lock, put on, take off and plan. */

/** Deliveries named by a write, locked `FOR UPDATE` in id order, with the caller's scope (their shipping center). */
export async function lockDeliveries(db: Executor, actor: Actor, ids: number[]) {
  if (ids.length === 0) return [];
  let query = db
    .selectFrom('deliveries')
    .select(['id', 'date', 'department_id', 'delivery_destination_id', 'slip_number', 'status', 'vehicle_allocation_id', 'handled_at'])
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null);
  const scope = departmentScope(actor, 'deliveries.department_id');
  if (scope) query = query.where(scope);
  return query.orderBy('id').forUpdate().execute();
}

/** The deliveries on a trip now, locked. */
export async function lockTripDeliveries(db: Executor, tripId: number) {
  return db
    .selectFrom('deliveries')
    .select(['id', 'date', 'department_id', 'delivery_destination_id', 'slip_number', 'status', 'vehicle_allocation_id', 'stop_seq', 'handled_at'])
    .where('vehicle_allocation_id', '=', tripId)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** Takes deliveries off a trip: back to 未配車, with no 到着予定. */
export async function releaseDeliveries(db: Executor, ids: number[], userId: number, now: Date) {
  if (ids.length === 0) return;
  await db
    .updateTable('deliveries')
    .set((eb) => ({
      status: DELIVERY_STATUS.unallocated,
      vehicle_allocation_id: null,
      stop_seq: null,
      estimated_arrival_time: null,
      delivery_delay_status: DELAY_STATUS.onTime,
      updated_at: now,
      updated_by: userId,
      version: eb('version', '+', 1),
    }))
    .where('id', 'in', ids)
    .execute();
}

/**
 * A typed array parameter (`$n::type[]`): rows go in as one array per column and come out of
 * `unnest(…)`, so that a statement's text is the same whatever the number of rows. It is then
 * prepared once per connection (db/prepared.ts) rather than parsed and planned with hundreds of
 * parameters on every write; a 40-stop trip's stops were 640 parameters.
 */
const column = (values: unknown[], type: string) => sql`${values}::${sql.raw(type)}[]`;

/** An instant as text, which both engines read back as the same timestamptz inside an array. */
const instant = (at: Date | null | undefined) => (at ? at.toISOString() : null);

/**
 * Puts deliveries on a trip (配車済) at the given raw seq; `planStops` numbers the stops afterwards.
 * A delivery already there at that seq is left as it is: dragging one delivery onto a trip of twenty
 * writes one row, not twenty-one (each written row is a new row version in every index of deliveries).
 */
export async function assignDeliveries(db: Executor, tripId: number, entries: { delivery_id: number; seq: number }[], userId: number, now: Date) {
  if (entries.length === 0) return;
  const ids = column(entries.map((e) => e.delivery_id), 'int');
  const seqs = column(entries.map((e) => e.seq), 'int');
  await sql`update deliveries set status = ${sql.lit(DELIVERY_STATUS.allocated)}, vehicle_allocation_id = ${tripId}, stop_seq = v.seq, updated_at = ${now}, updated_by = ${userId},
    version = deliveries.version + 1
    from unnest(${ids}, ${seqs}) as v(id, seq)
    where deliveries.id = v.id and (deliveries.vehicle_allocation_id is distinct from ${tripId} or deliveries.stop_seq is distinct from v.seq or deliveries.status <> ${sql.lit(DELIVERY_STATUS.allocated)})`.execute(db);
}

/** What planning a trip's stops needs: its deliveries in order with their stores, and where the trip starts. */
export async function planningInput(db: Executor, tripId: number) {
  const deliveries = await db
    .selectFrom('deliveries as del')
    .innerJoin('delivery_destinations as dd', 'dd.id', 'del.delivery_destination_id')
    .select([
      'del.id',
      'del.stop_seq',
      'del.status',
      'del.estimated_arrival_time',
      'del.delivery_delay_status',
      'del.quantity',
      'del.load_unit',
      'del.weight',
      'del.volume',
      'del.delivery_destination_id',
      'dd.direction_id',
      'dd.customer_store_name as store',
      'dd.latitude',
      'dd.longitude',
      'dd.start_time',
      'dd.ending_time',
      'dd.specified_time',
    ])
    .where('del.vehicle_allocation_id', '=', tripId)
    .where('del.deleted_at', 'is', null)
    .orderBy('del.stop_seq')
    .orderBy('del.id')
    .execute();
  const origin = await db
    .selectFrom('vehicle_allocations as va')
    .innerJoin('departments as d', (join) => join.on(sql<SqlBool>`d.id = coalesce(va.origin_department_id, va.department_id)`))
    .select(['d.latitude', 'd.longitude', 'va.date', 'va.planned_departure', 'va.planned_arrival', 'va.warnings', 'va.load_unit', 'va.direction_id', 'va.trip_mode'])
    .where('va.id', '=', tripId)
    .executeTakeFirstOrThrow();
  return { deliveries, origin };
}

export interface PlannedStop {
  seq: number;
  delivery_destination_id: number;
  planned_arrival: Date | null;
  quantity: number;
  weight: number;
  warnings: StoredWarning[];
}

/** A delivery's place on its trip as planned: its stop, and its 到着予定 with 定刻 / 遅延見込. */
export interface Placement {
  id: number;
  seq: number;
  estimated: Date | null;
  delay_status: number;
}

/**
 * Replaces a trip's stops (keeping what the driver reported at a store still on it) and writes the
 * deliveries whose place changed (`placed`: only those), stop and estimate in one row version each.
 */
export async function writeStops(db: Executor, tripId: number, stops: PlannedStop[], placed: Placement[], userId: number, now: Date) {
  const oldStops = await db.deleteFrom('allocation_stops').where('vehicle_allocation_id', '=', tripId).returningAll().execute();
  const reported = new Map(oldStops.map((s) => [s.delivery_destination_id, s]));
  if (stops.length) {
    const kept = stops.map((stop) => reported.get(stop.delivery_destination_id));
    const keptOf = <T>(pick: (old: NonNullable<(typeof kept)[number]>) => T) => kept.map((old) => (old ? pick(old) : null));
    await sql`insert into allocation_stops (vehicle_allocation_id, seq, delivery_destination_id, planned_arrival, quantity, weight, warnings,
        arrived_at, arrival_latitude, arrival_longitude, departed_at, wait_started_at, wait_ended_at, wait_minutes, work_started_at, work_ended_at, work_content, consignee_confirmed)
      select ${tripId}, s.seq, s.destination, s.planned_arrival, s.quantity, s.weight, s.warnings::jsonb,
        s.arrived_at, s.arrival_latitude, s.arrival_longitude, s.departed_at, s.wait_started_at, s.wait_ended_at, s.wait_minutes, s.work_started_at, s.work_ended_at, s.work_content, s.consignee_confirmed
      from unnest(${sql.join([
        column(stops.map((stop) => stop.seq), 'smallint'),
        column(stops.map((stop) => stop.delivery_destination_id), 'int'),
        column(stops.map((stop) => instant(stop.planned_arrival)), 'timestamptz'),
        column(stops.map((stop) => stop.quantity), 'int'),
        column(stops.map((stop) => stop.weight), 'float8'),
        column(stops.map((stop) => JSON.stringify(stop.warnings)), 'text'),
        column(keptOf((old) => instant(old.arrived_at)), 'timestamptz'),
        column(keptOf((old) => old.arrival_latitude), 'float8'),
        column(keptOf((old) => old.arrival_longitude), 'float8'),
        column(keptOf((old) => instant(old.departed_at)), 'timestamptz'),
        column(keptOf((old) => instant(old.wait_started_at)), 'timestamptz'),
        column(keptOf((old) => instant(old.wait_ended_at)), 'timestamptz'),
        column(keptOf((old) => old.wait_minutes), 'int'),
        column(keptOf((old) => instant(old.work_started_at)), 'timestamptz'),
        column(keptOf((old) => instant(old.work_ended_at)), 'timestamptz'),
        column(keptOf((old) => old.work_content), 'text'),
        column(keptOf((old) => old.consignee_confirmed), 'bool'),
      ])}) as s(seq, destination, planned_arrival, quantity, weight, warnings,
        arrived_at, arrival_latitude, arrival_longitude, departed_at, wait_started_at, wait_ended_at, wait_minutes, work_started_at, work_ended_at, work_content, consignee_confirmed)`.execute(db);
  }
  if (placed.length) {
    await sql`update deliveries set stop_seq = v.seq, estimated_arrival_time = v.estimated, delivery_delay_status = v.delay_status,
        updated_at = ${now}, updated_by = ${userId}, version = deliveries.version + 1
      from unnest(${column(placed.map((p) => p.id), 'int')}, ${column(placed.map((p) => p.seq), 'int')},
        ${column(placed.map((p) => instant(p.estimated)), 'timestamptz')}, ${column(placed.map((p) => p.delay_status), 'smallint')})
        as v(id, seq, estimated, delay_status)
      where deliveries.id = v.id`.execute(db);
  }
}
