import { haversineKm, isLocated, ROAD_FACTOR, type TripPlaces, tripKm } from '../../common/places.js';
import { tripStops } from '../allocation/repository.js';
import type { CostedTrip } from './repository.js';
import type { Executor } from '../../db/executor.js';

/**
 * What a trip costs, for 請求書, 日次経費 and 日次売上報告: its estimated km (from its center through
 * its stops and back; a transfer to the other center and back) and its charge at its unit price.
 */

type TripOfPlaces = Pick<CostedTrip, 'id' | 'kind' | 'origin_latitude' | 'origin_longitude' | 'destination_latitude' | 'destination_longitude'>;

/** Each trip's places by id: its center and its stops (a transfer: the other center); the store trips' stops read in one go. */
async function tripPlaces(db: Executor, trips: readonly TripOfPlaces[]): Promise<Map<number, TripPlaces>> {
  const storeTrips = trips.filter((trip) => trip.kind === 'store_direct').map((trip) => trip.id);
  const stops: Map<number, TripPlaces['stops']> = storeTrips.length ? await tripStops(db, storeTrips) : new Map();
  return new Map(trips.map((trip) => [trip.id, placesOf(trip, stops)]));
}

/** Each trip's estimated km by id (null: its center or every stop unlocated). */
export async function tripKms(db: Executor, trips: readonly TripOfPlaces[]): Promise<Map<number, number | null>> {
  const places = await tripPlaces(db, trips);
  return new Map([...places].map(([id, trip]) => [id, tripKm(trip)]));
}

/** A trip's planned km: the whole round (`tripKm`) and its loaded part, the round without the way back from the last located stop. */
export function plannedRoute(trip: TripPlaces): PlannedKm {
  const km = tripKm(trip);
  if (km === null) return { km: null, loadedKm: null };
  const last = [...trip.stops].sort((a, b) => a.seq - b.seq).findLast((stop) => isLocated(stop.latitude, stop.longitude))!;
  const origin = { latitude: trip.origin_latitude!, longitude: trip.origin_longitude! };
  const back = haversineKm({ latitude: last.latitude!, longitude: last.longitude! }, origin) * ROAD_FACTOR;
  return { km, loadedKm: km - back };
}

export interface PlannedKm {
  km: number | null;
  loadedKm: number | null;
}

/** Each trip's planned km and loaded km by id. */
export async function plannedRoutes(db: Executor, trips: readonly TripOfPlaces[]): Promise<Map<number, PlannedKm>> {
  const places = await tripPlaces(db, trips);
  return new Map([...places].map(([id, trip]) => [id, plannedRoute(trip)]));
}

export type KmSource = 'meter' | 'planned';

/** What a trip's driven km needs: its driver and day. */
interface DrivenTrip {
  id: number;
  driver_id: number | null;
  date: string;
}

/**
 * Each trip's km as driven: the odometer of its driver's day (出退勤, both readings) shared among the
 * driver's trips of that day in proportion to their planned km, when every one of them has a planned
 * km; else the planned km. The loaded km keeps the planned loaded share of the trip.
 */
export function drivenKms(trips: readonly DrivenTrip[], planned: Map<number, PlannedKm>, odometers: Map<string, { start: number; end: number }>) {
  const dayOf = (trip: DrivenTrip) => `${trip.driver_id}:${trip.date}`;
  const days = new Map<string, DrivenTrip[]>();
  for (const trip of trips) if (trip.driver_id !== null) days.set(dayOf(trip), [...(days.get(dayOf(trip)) ?? []), trip]);
  return new Map(
    trips.map((trip) => {
      const plan = planned.get(trip.id) ?? { km: null, loadedKm: null };
      const odometer = trip.driver_id === null ? undefined : odometers.get(dayOf(trip));
      const sameDay = days.get(dayOf(trip)) ?? [];
      const dayKm = sameDay.reduce((sum, other) => sum + (planned.get(other.id)?.km ?? Number.NaN), 0);
      if (!odometer || odometer.end < odometer.start || !(dayKm > 0) || plan.km === null) return [trip.id, { ...plan, source: plan.km === null ? null : ('planned' as KmSource) }];
      const km = ((odometer.end - odometer.start) * plan.km) / dayKm;
      return [trip.id, { km, loadedKm: (km * plan.loadedKm!) / plan.km, source: 'meter' as KmSource }];
    }),
  );
}

function placesOf(trip: TripOfPlaces, stops: Map<number, TripPlaces['stops']>): TripPlaces {
  const origin = { origin_latitude: trip.origin_latitude, origin_longitude: trip.origin_longitude };
  if (trip.kind !== 'store_direct') return { ...origin, stops: [{ seq: 1, latitude: trip.destination_latitude, longitude: trip.destination_longitude }] };
  return { ...origin, stops: stops.get(trip.id) ?? [] };
}

/** A trip's charge: the price per trip plus the price per km times its km (to 0.1 km), in whole yen; null without a unit price. */
export function tripCharge(price: { price_per_trip: number | null; price_per_km: number | null }, km: number | null) {
  const distance = km === null ? null : Math.round(km * 10) / 10;
  if (price.price_per_trip === null) return { km: distance, base: null, byDistance: null, amount: null };
  const byDistance = distance === null || price.price_per_km === null ? 0 : Math.round(price.price_per_km * distance);
  return { km: distance, base: price.price_per_trip, byDistance, amount: price.price_per_trip + byDistance };
}
