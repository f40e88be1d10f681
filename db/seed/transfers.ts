import { type Insertable, type Kysely } from 'kysely';
import { addDays } from '../../common/deliveries.js';
import { LOAD_UNIT, RECEIVE_TIMING, TRIP_MODE } from '../../common/enums.js';
import { haversineKm, ROAD_FACTOR } from '../../common/places.js';
import type { Database, DeliveryTable, VehicleAllocationTable } from '../types.js';
import { randomSource } from './network.js';
import { OPERATION_CENTERS } from './operations.js';

/**
 * Lanes between the demo centers (shipping center → the center whose directions serve the stores).
 * The demo plans the first ones and leaves the others to the planner, so that
 * /between-centers-before shows both covered and open (未手配) demand.
 */
const LANES = [
  { from: 'CT-SHINAGAWA', to: 'CT-ITABASHI', before: 'whole', vehicle: 7 },
  { from: 'CT-ITABASHI', to: 'CT-YOKOHAMA', before: 'half', vehicle: 6 },
  { from: 'CT-YOKOHAMA', to: 'CT-SHINAGAWA', before: 'none', vehicle: 7 },
  { from: 'CT-NANKO', to: 'CT-SHINAGAWA', before: 'none', vehicle: 7 },
] as const;
/** The lane with a same-day trip (当日受け) today, on /between-centers-today. */
const SAME_DAY_LANE = 2;
/** Trunk lines (highways, at night) run faster than the town average of the trip rules. */
const TRUNK_KMH = 45;

const MINUTE = 60_000;
const at = (day: string, hours: number) => new Date(Date.parse(`${day}T00:00:00+09:00`) + hours * 60 * MINUTE);
const plus = (date: Date, minutes: number) => new Date(date.getTime() + minutes * MINUTE);

interface Center {
  id: number;
  latitude: number | null;
  longitude: number | null;
}

/** Road minutes between two centers on a trunk line: the straight distance × the road factor, at trunk speed. */
function trunkMinutes(a: Center, b: Center): number {
  if (a.latitude === null || a.longitude === null || b.latitude === null || b.longitude === null) return 120;
  const km = haversineKm({ latitude: a.latitude, longitude: a.longitude }, { latitude: b.latitude, longitude: b.longitude }) * ROAD_FACTOR;
  return Math.max(30, Math.round(((km / TRUNK_KMH) * 60) / 10) * 10);
}

/**
 * Transfers between the demo centers for today and tomorrow: pallets shipped by one center to stores
 * another center serves (the transfer demand of DOMAIN.md), and draft trunk trips covering part of it on
 * each center's spare vehicles (the 10t truck and the trailer, which have no store trips), without a
 * driver yet. Deterministic for a given day; run after seedOperations, whose random stream it leaves alone.
 */
export async function seedTransfers(trx: Kysely<Database>, today: string) {
  const random = randomSource(20261126);
  const centers = new Map(
    (await trx.selectFrom('departments').select(['id', 'code', 'latitude', 'longitude']).where('code', 'in', [...OPERATION_CENTERS]).execute()).map((c) => [c.code, c]),
  );
  const deliveries: Insertable<DeliveryTable>[] = [];
  const trips: Insertable<VehicleAllocationTable>[] = [];
  for (const [laneNo, lane] of LANES.entries()) {
    const from = centers.get(lane.from);
    const to = centers.get(lane.to);
    if (!from || !to) continue;
    const stores = await trx
      .selectFrom('delivery_destinations as dd')
      .innerJoin('directions as dir', 'dir.id', 'dd.direction_id')
      .select(['dd.id', 'dd.customer_id'])
      .where('dir.department_id', '=', to.id)
      .where('dd.deleted_at', 'is', null)
      .where('dd.temporary_registration_date', 'is', null)
      .orderBy('dd.id')
      .execute();
    const vehicle = await spareVehicle(trx, from.id, lane.vehicle);
    if (stores.length === 0 || !vehicle) continue;
    const load = { today: { pallets: 0, weight: 0 }, tomorrow: { pallets: 0, weight: 0 } };
    for (const [day, date] of [['today', today], ['tomorrow', addDays(today, 1)]] as const) {
      const stamp = date.replaceAll('-', '');
      const count = random.int(3, 5);
      for (let i = 0; i < count; i++) {
        const store = random.pick(stores);
        const quantity = random.int(1, 4);
        const weight = quantity * random.int(250, 450);
        deliveries.push({
          date,
          department_id: from.id,
          delivery_destination_id: store.id,
          customer_id: store.customer_id,
          order_number: `PO-${stamp}-T${laneNo + 1}${String(random.int(1, 999)).padStart(3, '0')}`,
          slip_number: `${stamp}-T${laneNo + 1}${String(i + 1).padStart(2, '0')}`,
          item_code: 'D-2001',
          item_name: '飲料ケース（センター間移送）',
          quantity,
          load_unit: LOAD_UNIT.pallet,
          volume: quantity * 1.6,
          weight,
          status: 0,
        });
        load[day].pallets += quantity;
        load[day].weight += weight;
      }
    }
    const trunk = trunkMinutes(from, to);
    const tripOf = (kind: 'between_centers_before' | 'between_centers_today', loadingStartHour: number, share: number, carried: { pallets: number; weight: number }) => {
      const quantity = Math.min(vehicle.pallet_capacity, Math.ceil(carried.pallets * share));
      const loadingStart = at(today, loadingStartHour);
      trips.push({
        date: today,
        kind,
        department_id: from.id,
        trip_no: 1 + trips.filter((trip) => trip.department_id === from.id && trip.kind === kind).length,
        origin_department_id: from.id,
        destination_department_id: to.id,
        delivery_company_id: vehicle.delivery_company_id,
        vehicle_id: vehicle.id,
        trip_mode: TRIP_MODE.single,
        load_unit: LOAD_UNIT.pallet,
        receive_timing: kind === 'between_centers_before' ? RECEIVE_TIMING.previousDay : RECEIVE_TIMING.sameDay,
        quantity,
        weight: Math.round((carried.weight * quantity) / Math.max(1, carried.pallets)),
        planned_loading_start: loadingStart,
        planned_departure: plus(loadingStart, 60),
        planned_arrival: plus(loadingStart, 60 + trunk),
        status: 0,
      });
    };
    // Tomorrow's pallets leave this evening (前日受け); the same-day lane's today's pallets this morning.
    if (lane.before !== 'none') tripOf('between_centers_before', 17, lane.before === 'whole' ? 1 : 0.5, load.tomorrow);
    if (laneNo === SAME_DAY_LANE) tripOf('between_centers_today', 9, 1, load.today);
  }
  if (deliveries.length) await trx.insertInto('deliveries').values(deliveries).execute();
  if (trips.length) await trx.insertInto('vehicle_allocations').values(trips).execute();
  return { deliveries: deliveries.length, trips: trips.length };
}

/** A center's vehicle by its place among the center's vehicles (the demo's 6 and 7 carry no store trips). */
function spareVehicle(trx: Kysely<Database>, centerId: number, place: number) {
  return trx
    .selectFrom('vehicles as v')
    .innerJoin('vehicle_types as vt', 'vt.id', 'v.vehicle_type_id')
    .select(['v.id', 'v.delivery_company_id', 'vt.pallet_capacity'])
    .where('v.base_department_id', '=', centerId)
    .where('v.deleted_at', 'is', null)
    .orderBy('v.id')
    .offset(place)
    .limit(1)
    .executeTakeFirst()
    .then((row) => row && { ...row, pallet_capacity: row.pallet_capacity ?? 0 });
}
