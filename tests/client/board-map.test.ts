import { describe, expect, it } from 'vitest';
import {
  boxOf,
  poolStores,
  storeClick,
  storeSelection,
  storesInside,
  tripColour,
  tripRoutes,
  TRIP_COLOURS,
} from '../../client/src/features/allocation/store-direct/day-map-logic.js';
import type { BoardDelivery, DirectionGroup, Stop } from '../../client/src/shared/trips/types.js';

const delivery = (id: number, store: number, latitude: number | null = 35 + store / 100, longitude: number | null = 139.7): BoardDelivery => ({
  id,
  version: 1,
  slip_number: `S-${id}`,
  store_name: `store ${store}`,
  delivery_destination_id: store,
  item_name: null,
  quantity: id,
  load_unit: 0,
  weight: id === 3 ? null : 10,
  volume: null,
  start_time: null,
  ending_time: null,
  specified_time: null,
  latitude,
  longitude,
});

const group = (direction_id: number, deliveries: BoardDelivery[]): DirectionGroup => ({ direction_id, direction_name: `d${direction_id}`, transfer_to: null, deliveries });

describe('the board’s day map', () => {
  const groups = [group(1, [delivery(1, 10), delivery(2, 20), delivery(3, 10)]), group(2, [delivery(4, 30, null, null)])];
  const stores = poolStores(groups);

  it('gathers the pool’s deliveries by store, in the left side’s order, with their quantity and weight', () => {
    expect(stores.map((s) => [s.destinationId, s.deliveries.map((d) => d.id), s.quantity, s.weight])).toEqual([
      [10, [1, 3], 4, 10],
      [20, [2], 2, 10],
      [30, [4], 4, 10],
    ]);
  });

  it('a click selects a store’s deliveries unless all are selected, then unselects them', () => {
    const store = stores[0]!;
    expect(storeSelection(store, new Set())).toBe('none');
    expect(storeSelection(store, new Set([1]))).toBe('some');
    expect(storeSelection(store, new Set([1, 3, 9]))).toBe('all');
    expect(storeClick(store, new Set([1]))).toEqual({ deliveries: store.deliveries, select: true });
    expect(storeClick(store, new Set([1, 3]))).toEqual({ deliveries: store.deliveries, select: false });
  });

  it('a lasso holds the located stores inside its box, whichever way it was drawn, edges included', () => {
    const box = boxOf({ lat: 35.2, lng: 139.8 }, { lat: 35.1, lng: 139.6 });
    expect(box).toEqual({ south: 35.1, north: 35.2, west: 139.6, east: 139.8 });
    expect(storesInside(stores, box).map((s) => s.destinationId)).toEqual([10, 20]);
    expect(storesInside(stores, boxOf({ lat: 35.15, lng: 139 }, { lat: 35.5, lng: 140 })).map((s) => s.destinationId), 'not the unlocated one').toEqual([20]);
    expect(storesInside(stores, boxOf({ lat: 36, lng: 139 }, { lat: 37, lng: 140 }))).toEqual([]);
  });

  it('colours a trip by its number, the same on the map and its card; 便11 takes 便1’s again', () => {
    expect(tripColour(1)).toBe(TRIP_COLOURS[0]);
    expect(tripColour(2)).not.toBe(tripColour(1));
    expect(tripColour(11)).toBe(tripColour(1));
    expect(new Set(TRIP_COLOURS).size).toBe(TRIP_COLOURS.length);
  });

  it('a trip’s located stops in order, numbered as on its card', () => {
    const stop = (seq: number, name: string, latitude: number | null) => ({ seq, store_name: name, latitude, longitude: latitude === null ? null : 139.7 }) as Stop;
    const [route] = tripRoutes([{ id: 7, trip_no: 3, vehicle_number: '品川100あ1', stops: [stop(2, 'B', null), stop(3, 'C', 35.3), stop(1, 'A', 35.1)] }]);
    expect(route).toEqual({
      tripId: 7,
      tripNo: 3,
      vehicle: '品川100あ1',
      colour: tripColour(3),
      stops: [
        { no: 1, name: 'A', latitude: 35.1, longitude: 139.7 },
        { no: 3, name: 'C', latitude: 35.3, longitude: 139.7 },
      ],
    });
  });
});
