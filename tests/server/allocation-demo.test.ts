import { sql, type SqlBool } from 'kysely';
import t from 'tap';
import type { Db } from '../../db/index.js';
import { DAYS_AROUND } from '../../db/seed/operations.js';
import { addDays } from '../../common/allocation.js';
import { allocationWorld, putStops } from './allocation-fixtures.js';
import { demoDay } from './helpers.js';

// The demo’s plans as the server plans them.

// What the tests share, set once before they run (allocation-fixtures.ts).
let { db, center, fleet } = {} as Awaited<ReturnType<typeof allocationWorld>>;
t.before(async () => {
  ({ db, center, fleet } = await allocationWorld(t));
});

t.test('the demo: tomorrow’s transfers partly planned, every trip within its vehicle and alone on it', async (t) => {
  const today = demoDay;
  const before = (await center({ method: 'GET', url: `/api/vehicle_allocation/transfers?date=${today}&kind=between_centers_before&department_id=${fleet.center}` })).json();
  const open = before.demand.filter((lane: { pallets: number; covered_pallets: number }) => lane.covered_pallets < lane.pallets);
  t.ok(before.demand.length > open.length && open.length > 0, 'lanes covered and lanes still open (未手配)');
  t.ok(before.trips.length > 0 && before.trips.every((trip: { vehicle_id: number | null }) => trip.vehicle_id !== null), 'trunk trips with a vehicle');
  t.ok(before.busy.length > 0 && before.busy.every((trip: { kind: string }) => trip.kind === 'store_direct'), 'the day’s store rounds, for the time chart');
  const sameDay = (await center({ method: 'GET', url: `/api/vehicle_allocation/transfers?date=${today}&kind=between_centers_today` })).json();
  t.ok(sameDay.demand.some((lane: { pallets: number; covered_pallets: number }) => lane.covered_pallets >= lane.pallets && lane.pallets > 0), 'a same-day lane covered (by another center’s trip)');
  t.match(sameDay.others, [{ department_name: '横浜センター', destination_department_name: '品川センター' }], 'that trip, read only');
  // Over the demo's days (the tests' own days lie beyond them).
  const demoDays = (qb: Db) => qb.selectFrom('vehicle_allocations as va').where('va.deleted_at', 'is', null).where('va.date', '<=', addDays(today, DAYS_AROUND));
  const overloaded = await demoDays(db)
    .innerJoin('vehicles as v', 'v.id', 'va.vehicle_id')
    .innerJoin('vehicle_types as vt', 'vt.id', 'v.vehicle_type_id')
    .select('va.id')
    .where(sql<SqlBool>`va.quantity > case va.load_unit when 0 then vt.pallet_capacity else vt.cage_cart_capacity end or va.weight > coalesce(v.max_loading_capacity, vt.max_loading_capacity)`)
    .execute();
  t.same(overloaded, [], 'within the vehicle type’s capacity');
  const overlapping = await demoDays(db)
    .innerJoin('vehicle_allocations as other', (join) =>
      join
        .onRef('other.vehicle_id', '=', 'va.vehicle_id')
        .onRef('other.id', '<>', 'va.id')
        .on('other.deleted_at', 'is', null)
        .on('other.planned_loading_start', 'is not', null)
        .on('other.planned_arrival', 'is not', null)
        .on(sql<SqlBool>`tstzrange(other.planned_loading_start, other.planned_arrival) && tstzrange(va.planned_loading_start, va.planned_arrival)`),
    )
    .where('va.planned_loading_start', 'is not', null)
    .where('va.planned_arrival', 'is not', null)
    .select(['va.id', 'other.id as other_id'])
    .execute();
  t.same(overlapping, [], 'no vehicle on two trips at once');
  // Each round runs a direction's stores in its 配送順 (a nearest-neighbour round from the center), not zigzagging.
  const stopOrders = await demoDays(db)
    .innerJoin('allocation_stops as s', 's.vehicle_allocation_id', 'va.id')
    .innerJoin('delivery_destinations as dd', 'dd.id', 's.delivery_destination_id')
    .select(['va.id', 'dd.direction_id', 'dd.order'])
    .where('va.kind', '=', 'store_direct')
    .orderBy('va.id')
    .orderBy('s.seq')
    .execute();
  t.ok(stopOrders.length > 100, `${stopOrders.length} demo stops`);
  const outOfOrder = stopOrders.filter((stop, i) => {
    const previous = stopOrders[i - 1];
    return previous?.id === stop.id && previous.direction_id === stop.direction_id && previous.order! > stop.order!;
  });
  t.same(outOfOrder, [], 'every round in 配送順');
});

t.test('the demo’s trips are planned as the server plans them: saving a round unchanged moves no time, and the past ones were driven in order', async (t) => {
  const tomorrow = addDays(demoDay, 1);
  const trip = await db.selectFrom('vehicle_allocations').select(['id', 'version', 'planned_arrival']).where('department_id', '=', fleet.center).where('date', '=', tomorrow).where('kind', '=', 'store_direct').where('deleted_at', 'is', null).orderBy('trip_no').executeTakeFirstOrThrow();
  const deliveries = await db.selectFrom('deliveries').select('id').where('vehicle_allocation_id', '=', trip.id).where('deleted_at', 'is', null).orderBy('stop_seq').orderBy('id').execute();
  const timesOf = () => db.selectFrom('allocation_stops').select(['seq', 'planned_arrival']).where('vehicle_allocation_id', '=', trip.id).orderBy('seq').execute();
  const seeded = await timesOf();
  t.ok(seeded.length >= 2, `${seeded.length} stops`);
  const saved = await putStops(center, trip, deliveries.map((d) => d.id));
  t.equal(saved.statusCode, 200, saved.body);
  t.same(await timesOf(), seeded, 'every planned arrival as seeded');
  // Driven: each stop reached after the previous one's work ended, and the trip back after the last.
  const driven = await db
    .selectFrom('allocation_stops as s')
    .innerJoin('vehicle_allocations as va', 'va.id', 's.vehicle_allocation_id')
    .select(['va.id', 'va.departed_at', 'va.completed_at', 's.arrived_at', 's.work_started_at', 's.departed_at as left_at'])
    .where('va.department_id', '=', fleet.center)
    .where('va.date', '<', demoDay)
    .where('va.kind', '=', 'store_direct')
    .orderBy('va.id')
    .orderBy('s.seq')
    .execute();
  t.ok(driven.length > 50, `${driven.length} stops driven`);
  const outOfTurn = driven.filter((stop, i) => {
    const previous = driven[i - 1]?.id === stop.id ? driven[i - 1]! : null;
    const start = previous ? previous.left_at! : stop.departed_at!;
    return stop.arrived_at! < start || stop.work_started_at! < stop.arrived_at! || stop.left_at! < stop.work_started_at! || stop.completed_at! < stop.left_at!;
  });
  t.same(outOfTurn, [], 'no stop reached before the one before it was left');
});
