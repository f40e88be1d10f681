/**
 * The board's day map as figures: the pool's stores (the unallocated deliveries by their store), each
 * trip's located stops in its colour, which stores a lasso holds and what a click on a store does to
 * the selection. Pure: tests/client/board-map.test.ts.
 */
import { isLocated } from '../../../../../common/places.js';
import type { BoardDelivery, DirectionGroup, TripDetail } from '../../../shared/trips/types.js';

/**
 * A trip's colour on the map and on its card, by its number: ten colours apart enough for white
 * numbers on them, and from the pool's white and the selection's amber; 便11 takes 便1's again.
 */
export const TRIP_COLOURS = ['#1d5fbf', '#d4380d', '#389e0d', '#722ed1', '#c41d7f', '#08979c', '#ad6800', '#5b3a29', '#2f54eb', '#6b7a00'] as const;

export const tripColour = (tripNo: number) => TRIP_COLOURS[(((tripNo - 1) % TRIP_COLOURS.length) + TRIP_COLOURS.length) % TRIP_COLOURS.length]!;

/** A store of the pool: its unallocated deliveries (those the left side shows), where it is. */
export interface PoolStore {
  destinationId: number;
  name: string;
  latitude: number | null;
  longitude: number | null;
  deliveries: BoardDelivery[];
  quantity: number;
  weight: number;
}

/** The pool's stores in the left side's order (direction, then delivery order); a store's deliveries together. */
export function poolStores(groups: readonly DirectionGroup[]): PoolStore[] {
  const stores = new Map<number, PoolStore>();
  for (const delivery of groups.flatMap((g) => g.deliveries)) {
    const store = stores.get(delivery.delivery_destination_id) ?? {
      destinationId: delivery.delivery_destination_id,
      name: delivery.store_name,
      latitude: delivery.latitude,
      longitude: delivery.longitude,
      deliveries: [],
      quantity: 0,
      weight: 0,
    };
    store.deliveries.push(delivery);
    store.quantity += delivery.quantity;
    store.weight += delivery.weight ?? 0;
    stores.set(store.destinationId, store);
  }
  return [...stores.values()];
}

export type StoreSelection = 'all' | 'some' | 'none';

/** How much of a store's deliveries is selected. */
export function storeSelection(store: PoolStore, selected: ReadonlySet<number>): StoreSelection {
  const count = store.deliveries.filter((d) => selected.has(d.id)).length;
  return count === 0 ? 'none' : count === store.deliveries.length ? 'all' : 'some';
}

/** A click on a store: all its deliveries selected unless all already are; then none of them. */
export function storeClick(store: PoolStore, selected: ReadonlySet<number>): { deliveries: BoardDelivery[]; select: boolean } {
  return { deliveries: store.deliveries, select: storeSelection(store, selected) !== 'all' };
}

export interface Box {
  south: number;
  west: number;
  north: number;
  east: number;
}

/** The box two corners of a lasso span, whichever way it was drawn. */
export function boxOf(a: { lat: number; lng: number }, b: { lat: number; lng: number }): Box {
  return { south: Math.min(a.lat, b.lat), north: Math.max(a.lat, b.lat), west: Math.min(a.lng, b.lng), east: Math.max(a.lng, b.lng) };
}

/** The located stores inside a box (its edges included). */
export function storesInside(stores: readonly PoolStore[], box: Box): PoolStore[] {
  return stores.filter(
    (s) => isLocated(s.latitude, s.longitude) && s.latitude! >= box.south && s.latitude! <= box.north && s.longitude! >= box.west && s.longitude! <= box.east,
  );
}

/** A trip on the map: its colour and its located stops in order (seq), each with its number on the trip. */
export interface TripRoute {
  tripId: number;
  tripNo: number;
  vehicle: string | null;
  colour: string;
  stops: { no: number; name: string; latitude: number; longitude: number }[];
}

export function tripRoutes(trips: readonly Pick<TripDetail, 'id' | 'trip_no' | 'vehicle_number' | 'stops'>[]): TripRoute[] {
  return trips.map((trip) => ({
    tripId: trip.id,
    tripNo: trip.trip_no,
    vehicle: trip.vehicle_number,
    colour: tripColour(trip.trip_no),
    stops: [...trip.stops]
      .sort((a, b) => a.seq - b.seq)
      .flatMap((stop, index) =>
        isLocated(stop.latitude, stop.longitude) ? [{ no: index + 1, name: stop.store_name, latitude: stop.latitude!, longitude: stop.longitude! }] : [],
      ),
  }));
}
