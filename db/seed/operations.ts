import { type Insertable, type Kysely, sql } from 'kysely';
import { addDays, tokyoToday } from '../../common/deliveries.js';
import { plannedArrivals, plannedReturn, type Point, travelMinutes } from '../../common/places.js';
import type { AllocationStopTable, Database, DeliveryTable, VehicleAllocationTable } from '../types.js';
import { randomSource } from './network.js';
import { type SeededTrip, workRecordsOf } from './work-records.js';

/** The demo centers whose days are planned: four weeks around the seed day. */
export const OPERATION_CENTERS = ['CT-SHINAGAWA', 'CT-ITABASHI', 'CT-YOKOHAMA', 'CT-NANKO'];
export const DAYS_AROUND = 14;
/** Future days with draft trips; later days have only unallocated deliveries. */
const DRAFT_DAYS = 3;
const BATCH = 1000;

const ITEMS = [
  ['F-1001', '冷凍食品（混載）'],
  ['D-2001', '飲料ケース'],
  ['G-3001', '日用品'],
  ['S-4001', '菓子'],
  ['P-5001', '青果'],
  ['M-6001', '医薬品・化粧品'],
  ['H-7001', '園芸用品'],
] as const;

const MINUTE = 60_000;
/** An instant of a Tokyo calendar day: `at('2026-11-23', 7, 30)` is 07:30 JST. */
const at = (day: string, hours: number, minutes = 0) => new Date(Date.parse(`${day}T00:00:00+09:00`) + (hours * 60 + minutes) * MINUTE);
const plus = (date: Date, minutes: number) => new Date(date.getTime() + minutes * MINUTE);

interface Store {
  id: number;
  direction_id: number;
  direction_name: string;
  customer_id: number | null;
  latitude: number;
  longitude: number;
}

interface Fleet {
  vehicle_id: number;
  driver_id: number;
  delivery_company_id: number;
  cage_carts: number;
  max_weight: number;
}

type NewDelivery = Insertable<DeliveryTable> & { tripKey?: string };
type NewStop = Omit<Insertable<AllocationStopTable>, 'vehicle_allocation_id'> & { tripKey: string };

/**
 * A past trip's long 荷待ち at its last store (30 to 70 minutes) on about one trip in three, else none:
 * the waits the 荷待ち・荷役記録 lists and that put some runs past 2 hours of 荷待ち + 荷役, at the end of
 * the round so that they hold up no later delivery. Chosen by the trip's place in the demo (day, center,
 * trip) rather than drawn, so that the rest of the demo draws what it did.
 */
function longWait(offset: number, centerNo: number, trip: number, last: boolean): number {
  const turn = (((offset * 7 + centerNo * 5 + trip * 4) % 3) + 3) % 3;
  return last && turn === 0 ? 30 + ((Math.abs(offset) + trip) % 5) * 10 : 0;
}

/**
 * Four weeks of deliveries and store-direct trips around the day of `asOf` (Asia/Tokyo) for the demo
 * centers: past days delivered (reports, some delays); today's trips confirmed, each as far as it has
 * got by `asOf` (loading from 07:00, leaving from 08:00, its stops reached, back at the center), the
 * last one a draft until it is loaded; the next days draft trips and unallocated deliveries, later
 * days unallocated only. Deterministic for a given moment, and the days other than today for a given
 * day; every vehicle and driver has one trip a day (no overlapping windows), within its type's
 * cage-cart and weight capacity. Set-based: a few multi-row inserts.
 */
export async function seedOperations(trx: Kysely<Database>, asOf: Date) {
  const today = tokyoToday(asOf);
  const random = randomSource(20261123);
  const live = randomSource(20261204);
  /** The instant if it is not after `asOf`: what has happened by then. */
  const happened = (at: Date | null) => (at && at <= asOf ? at : null);
  const trips: (Insertable<VehicleAllocationTable> & { key: string })[] = [];
  const stops: NewStop[] = [];
  const deliveries: NewDelivery[] = [];

  for (const [centerNo, code] of OPERATION_CENTERS.entries()) {
    const center = await trx.selectFrom('departments').select(['id', 'latitude', 'longitude']).where('code', '=', code).executeTakeFirst();
    if (!center) continue;
    const stores: Store[] = await trx
      .selectFrom('delivery_destinations as dd')
      .innerJoin('directions as dir', 'dir.id', 'dd.direction_id')
      .select(['dd.id', 'dd.direction_id as direction_id', 'dir.name as direction_name', 'dd.customer_id', 'dd.latitude', 'dd.longitude'])
      .where('dir.department_id', '=', center.id)
      .where('dd.deleted_at', 'is', null)
      .orderBy('dd.direction_id')
      .orderBy('dd.order')
      .orderBy('dd.id')
      .execute()
      .then((rows) => rows.map((row) => ({ ...row, direction_id: row.direction_id! })));
    const fleet: Fleet[] = await trx
      .selectFrom('drivers as dr')
      .innerJoin('vehicles as v', 'v.id', 'dr.default_vehicle_id')
      .innerJoin('vehicle_types as vt', 'vt.id', 'v.vehicle_type_id')
      .select(['v.id as vehicle_id', 'dr.id as driver_id', 'v.delivery_company_id', 'vt.cage_cart_capacity as cage_carts', 'v.max_loading_capacity', 'vt.max_loading_capacity as type_max'])
      .where('dr.base_department_id', '=', center.id)
      .where('dr.deleted_at', 'is', null)
      .orderBy('dr.id')
      .execute()
      .then((rows) =>
        rows.map((row) => ({
          vehicle_id: row.vehicle_id,
          driver_id: row.driver_id,
          delivery_company_id: row.delivery_company_id,
          cage_carts: row.cage_carts ?? 0,
          max_weight: row.max_loading_capacity ?? row.type_max ?? 0,
        })),
      );
    if (stores.length === 0) continue;
    const origin: Point | null = center.latitude === null || center.longitude === null ? null : { latitude: center.latitude, longitude: center.longitude };
    const rank = new Map(stores.map((store, i) => [store.id, i]));

    for (let offset = -DAYS_AROUND; offset <= DAYS_AROUND; offset++) {
      const date = addDays(today, offset);
      const stamp = date.replaceAll('-', '');
      const count = random.int(24, 40);
      const day: (NewDelivery & { store: Store })[] = Array.from({ length: count }, (_, i) => {
        const store = stores[random.int(0, stores.length - 1)]!;
        const [itemCode, itemName] = random.pick(ITEMS);
        const quantity = random.int(1, 3);
        return {
          store,
          date,
          department_id: center.id,
          delivery_destination_id: store.id,
          customer_id: store.customer_id,
          order_number: `PO-${stamp}-${centerNo + 1}${String(random.int(1, 9999)).padStart(4, '0')}`,
          slip_number: `${stamp}-${centerNo + 1}${String(i + 1).padStart(3, '0')}`,
          item_code: itemCode,
          item_name: itemName,
          quantity,
          load_unit: 1,
          volume: Math.round(quantity * 0.8 * 100) / 100,
          weight: quantity * random.int(60, 150),
          status: 0,
        };
      });
      // In the order of the directions' stores (方面, then 配送順): each trip runs its stores as a round.
      day.sort((a, b) => rank.get(a.store.id)! - rank.get(b.store.id)! || a.slip_number!.localeCompare(b.slip_number!));
      const tripCount = offset <= 0 ? fleet.length : offset <= DRAFT_DAYS ? Math.min(3, fleet.length) : 0;
      // Fill the vehicles in turn, in the order of the directions' stores, each up to its capacity.
      const loads: (typeof day)[] = Array.from({ length: tripCount }, () => []);
      let k = 0;
      let carts = 0;
      let weight = 0;
      for (const delivery of day) {
        while (k < tripCount && (carts + delivery.quantity! > fleet[k]!.cage_carts || weight + delivery.weight! > fleet[k]!.max_weight)) {
          k++;
          carts = 0;
          weight = 0;
        }
        if (k >= tripCount) break;
        loads[k]!.push(delivery);
        carts += delivery.quantity!;
        weight += delivery.weight!;
      }
      const used = loads.filter((load) => load.length > 0).length;
      for (const [k, load] of loads.entries()) {
        if (load.length === 0) continue;
        const vehicle = fleet[k]!;
        const key = `${center.id}/${date}/${k + 1}`;
        const loadingStart = at(date, 7, k * 10);
        const departure = plus(loadingStart, 60);
        const storesInOrder = [...new Map(load.map((d) => [d.store.id, d.store])).values()];
        // Planned as the server plans a trip (common/places.ts), so that a planner's first move does not shift every time.
        const arrivals = plannedArrivals(departure, origin, storesInOrder);
        const planned = plannedReturn(departure, origin, storesInOrder);
        const past = offset < 0;
        // Past days and today are driven; today's drive is cut at `asOf` (what has happened by then).
        const driven = offset <= 0;
        // Today's own draws come from a stream of their own, so that the rest of the demo is the same whatever the hour.
        const road = past ? random : live;
        const loadingStarted = past ? plus(loadingStart, random.int(0, 10)) : loadingStart;
        const departedAt = driven ? plus(departure, road.int(0, 15)) : null;
        const departed = happened(departedAt);
        // A past trip as driven: each stop reached no earlier than the previous one's work ended plus the
        // drive, give or take a few minutes, now and then held up (a late stop makes the next ones late).
        let finishedAt = departedAt ?? departure;
        let here = origin;
        // How late the trip runs by `asOf`: its departure's delay, then its last arrival's (as the driver app re-estimates).
        let running = departed ? Math.max(0, departed.getTime() - departure.getTime()) : 0;
        storesInOrder.forEach((store, i) => {
          const seq = i + 1;
          const stopPlanned = arrivals[i]!;
          const reachable = plus(finishedAt, travelMinutes(here, store));
          const aroundPlan = plus(stopPlanned, random.int(-5, 5));
          const heldUp = random.next() < 0.06 ? random.int(20, 45) : 0;
          const reached = driven ? plus(new Date(Math.max(aroundPlan.getTime(), reachable.getTime())), heldUp) : null;
          const wait = driven ? road.int(0, 3) : null;
          const waited = past ? (wait ?? 0) + longWait(offset, centerNo, k, seq === storesInOrder.length) : wait;
          const workStart = reached && plus(reached, waited!);
          const workEnd = workStart && plus(workStart, road.int(5, 10 - wait!));
          if (workEnd) finishedAt = workEnd;
          here = store;
          const arrived = happened(reached);
          const left = happened(workEnd);
          const lateBy = arrived ? (arrived.getTime() - stopPlanned.getTime()) / MINUTE : 0;
          if (arrived) running = Math.max(0, lateBy * MINUTE);
          const mine = load.filter((d) => d.store.id === store.id);
          stops.push({
            tripKey: key,
            seq,
            delivery_destination_id: store.id,
            planned_arrival: stopPlanned,
            quantity: mine.reduce((sum, d) => sum + d.quantity!, 0),
            weight: mine.reduce((sum, d) => sum + Number(d.weight), 0),
            arrived_at: arrived,
            arrival_latitude: arrived ? store.latitude : null,
            arrival_longitude: arrived ? store.longitude : null,
            departed_at: left,
            wait_started_at: left && waited ? arrived : null,
            wait_ended_at: left && waited ? happened(workStart) : null,
            wait_minutes: left ? waited : null,
            work_started_at: happened(workStart),
            work_ended_at: left,
            work_content: left ? 'カゴ車荷降ろし・検品' : null,
            consignee_confirmed: left ? true : null,
          });
          for (const delivery of mine) {
            delivery.tripKey = key;
            delivery.stop_seq = seq;
            delivery.estimated_arrival_time = stopPlanned;
            if (arrived) {
              delivery.status = 3;
              delivery.report_time = arrived;
              delivery.report_location = `${store.latitude},${store.longitude}`;
              delivery.delivery_delay_status = lateBy > 15 ? 1 : 0;
              delivery.handled_at = arrived;
            } else if (departed) {
              // On the road: expected as late as the trip runs, 遅延見込 past a quarter of an hour.
              delivery.status = 2;
              delivery.estimated_arrival_time = new Date(stopPlanned.getTime() + running);
              delivery.delivery_delay_status = running > 15 * MINUTE ? 2 : 0;
              delivery.handled_at = departed;
            } else {
              delivery.status = 1;
              // Today's last trip of the day runs late already: its deliveries are at risk (遅延見込).
              delivery.delivery_delay_status = offset === 0 && k === used - 1 && seq === storesInOrder.length ? 2 : 0;
            }
          }
        });
        const completedAt = driven ? plus(finishedAt, (origin ? travelMinutes(here, origin) : 0) + road.int(5, 15)) : null;
        const completed = happened(completedAt);
        const loading = driven ? happened(loadingStarted) : null;
        const status = completed ? 3 : departed ? 2 : loading ? 1 : 0;
        // Today's last trip stays a draft until it is loaded.
        const confirmed = past || (offset === 0 && (k < used - 1 || loading !== null));
        const first = load[0]!.store;
        trips.push({
          key,
          date,
          kind: 'store_direct',
          department_id: center.id,
          trip_no: k + 1,
          route_name: k % 2 === 0 ? `${first.direction_name.replace(/方面$/, '')}ルート` : null,
          direction_id: first.direction_id,
          delivery_company_id: vehicle.delivery_company_id,
          vehicle_id: vehicle.vehicle_id,
          driver_id: vehicle.driver_id,
          trip_mode: 2,
          load_unit: 1,
          receive_timing: 1,
          quantity: load.reduce((sum, d) => sum + d.quantity!, 0),
          weight: load.reduce((sum, d) => sum + Number(d.weight), 0),
          volume: Math.round(load.reduce((sum, d) => sum + Number(d.volume), 0) * 100) / 100,
          planned_loading_start: loadingStart,
          planned_departure: departure,
          planned_arrival: planned,
          loading_started_at: loading,
          departed_at: departed,
          completed_at: completed,
          status,
          handled_at: loading,
          toll: completed ? road.pick([0, 0, 820, 1320, 2150]) : null,
          parking: completed ? road.pick([0, 0, 300, 500]) : null,
          other_expense: null,
          confirmed_at: confirmed ? at(addDays(date, -1), 17) : null,
        });
      }
      for (const { store: _store, ...delivery } of day) deliveries.push(delivery);
    }
  }

  const tripIds = new Map<string, number>();
  for (let i = 0; i < trips.length; i += BATCH) {
    const batch = trips.slice(i, i + BATCH);
    const rows = await trx
      .insertInto('vehicle_allocations')
      .values(batch.map(({ key: _key, ...trip }) => trip))
      .returning(['id', 'department_id', 'trip_no', sql<string>`date::text`.as('day')])
      .execute();
    // The day as text: a connection without our date parser (the test template's) reads a Date.
    for (const row of rows) tripIds.set(`${row.department_id}/${row.day}/${row.trip_no}`, row.id);
  }
  for (let i = 0; i < stops.length; i += BATCH) {
    const batch = stops.slice(i, i + BATCH).map(({ tripKey, ...stop }) => ({ ...stop, vehicle_allocation_id: tripIds.get(tripKey)! }));
    await trx.insertInto('allocation_stops').values(batch).execute();
  }
  for (let i = 0; i < deliveries.length; i += BATCH) {
    const batch = deliveries.slice(i, i + BATCH).map(({ tripKey, ...delivery }) => ({
      ...delivery,
      vehicle_allocation_id: tripKey ? tripIds.get(tripKey)! : null,
    }));
    await trx.insertInto('deliveries').values(batch).execute();
  }
  const worked = trips.filter((trip) => trip.driver_id) as unknown as SeededTrip[];
  const records = workRecordsOf(worked, asOf);
  for (let i = 0; i < records.length; i += BATCH) await trx.insertInto('driver_work_records').values(records.slice(i, i + BATCH)).execute();
  return { trips: trips.length, stops: stops.length, deliveries: deliveries.length, workRecords: records.length };
}
