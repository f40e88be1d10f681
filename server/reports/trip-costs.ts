import { type TripPlaces, tripKm } from '../../common/places.js';
import { tripStops } from '../allocation/repository.js';
import type { CostedTrip } from './repository.js';
import type { Executor } from '../../db/executor.js';

/**
 * What a trip costs, for 請求書, 日次経費 and 日次売上報告: its estimated km (from its center through
 * its stops and back; a transfer to the other center and back) and its charge at its unit price.
 */

type TripOfPlaces = Pick<CostedTrip, 'id' | 'kind' | 'origin_latitude' | 'origin_longitude' | 'destination_latitude' | 'destination_longitude'>;

/** Each trip's estimated km by id (null: its center or every stop unlocated); the store trips' stops read in one go. */
export async function tripKms(db: Executor, trips: readonly TripOfPlaces[]): Promise<Map<number, number | null>> {
  const storeTrips = trips.filter((trip) => trip.kind === 'store_direct').map((trip) => trip.id);
  const stops: Map<number, TripPlaces['stops']> = storeTrips.length ? await tripStops(db, storeTrips) : new Map();
  return new Map(trips.map((trip) => [trip.id, tripKm(placesOf(trip, stops))]));
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
