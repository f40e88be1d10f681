/** The store-direct board's drop decision (client/src/features/allocation/board-logic.ts): what a drop writes, if anything. */
import { describe, expect, it } from 'vitest';
import { dropDecision } from '../../client/src/features/allocation/board-logic.js';
import type { BoardDelivery } from '../../client/src/shared/trips/types.js';

const delivery = (id: number) => ({ id }) as BoardDelivery;
const deliveries = [delivery(1), delivery(2), delivery(3)];
const board = (selected: number[] = []) => ({ hasTrip: (id: number) => id === 10 || id === 20, selected: new Set(selected), deliveries });
const stop = { type: 'stop', tripId: 10, index: 0, deliveryIds: [1, 2] };

describe('dropping a stop', () => {
  it('back on the unallocated side unassigns its deliveries', () => {
    expect(dropDecision(stop, {}, true, board())).toEqual({ kind: 'unassign', tripId: 10, deliveryIds: [1, 2] });
  });
  it('on another stop of its trip reorders; on its own trip card does nothing', () => {
    expect(dropDecision(stop, { type: 'stop', tripId: 10, index: 2 }, false, board())).toEqual({ kind: 'reorder', tripId: 10, from: 0, to: 2 });
    expect(dropDecision(stop, { type: 'trip', tripId: 10 }, false, board())).toBeNull();
  });
  it('on another trip moves its deliveries there', () => {
    expect(dropDecision(stop, { type: 'trip', tripId: 20 }, false, board())).toEqual({ kind: 'move', fromTripId: 10, toTripId: 20, deliveryIds: [1, 2] });
  });
  it('does nothing off a trip, or when either trip is no longer on the board', () => {
    expect(dropDecision(stop, {}, false, board())).toBeNull();
    expect(dropDecision(stop, { type: 'trip', tripId: 30 }, false, board())).toBeNull();
    expect(dropDecision({ ...stop, tripId: 30 }, {}, true, board())).toBeNull();
  });
});

describe('dropping deliveries', () => {
  it('a delivery onto a trip assigns it, or the whole selection when it is selected', () => {
    expect(dropDecision({ type: 'delivery', delivery: deliveries[1] }, { tripId: 20 }, false, board([3]))).toEqual({ kind: 'assign', tripId: 20, deliveries: [delivery(2)] });
    expect(dropDecision({ type: 'delivery', delivery: deliveries[2] }, { tripId: 20 }, false, board([3, 1]))).toEqual({ kind: 'assign', tripId: 20, deliveries: [delivery(1), delivery(3)] });
  });
  it('a direction onto a trip assigns all of its deliveries', () => {
    const group = { type: 'group', deliveries: [delivery(2), delivery(3)] };
    expect(dropDecision(group, { type: 'stop', tripId: 10, index: 1 }, false, board())).toEqual({ kind: 'assign', tripId: 10, deliveries: [delivery(2), delivery(3)] });
  });
  it('does nothing on the unallocated side or on a trip no longer on the board', () => {
    expect(dropDecision({ type: 'delivery', delivery: deliveries[0] }, {}, true, board())).toBeNull();
    expect(dropDecision({ type: 'delivery', delivery: deliveries[0] }, { tripId: 30 }, false, board())).toBeNull();
  });
});
