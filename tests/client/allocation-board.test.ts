/** The allocation board's pure rules: lists after a drop, undo, capacity colours, the time chart. */
import { describe, expect, it } from 'vitest';
import { capacityColour, capacityRatio, confirmationRefusal, copyRefusal, loadingStartRefusal, nextPlanStep, timesFromNow } from '../../common/allocation.js';
import { tokyoToday } from '../../common/deliveries.js';
import { formatDateTime } from '../../common/time.js';
import { tripKm } from '../../common/places.js';
import { regularDriver } from '../../client/src/features/allocation/labels.js';
import { timeOnDay } from '../../client/src/shared/times.js';
import {
  addToPlan,
  barPosition,
  barSpan,
  capacityOf,
  fleetFill,
  chartRange,
  nowPosition,
  directionTotals,
  draggedDeliveries,
  entriesOf,
  highestColour,
  minuteOfDay,
  moveStop,
  planOf,
  popUndo,
  proposalTotals,
  pushUndo,
  rangeBetween,
  readyToConfirm,
  searchGroups,
  removeFromPlan,
  roundAllPlans,
  roundInputs,
  roundPlan,
  rowAfterDrag,
  shiftInstant,
  shiftMinutes,
  totalsOf,
  undoOrder,
  type Plan,
  type UndoStep,
} from '../../client/src/features/allocation/board-logic.js';
import type { Stop } from '../../client/src/shared/trips/types.js';

const stop = (seq: number, destination: number, ids: number[]): Stop =>
  ({ seq, delivery_destination_id: destination, deliveries: ids.map((id) => ({ id })) }) as unknown as Stop;

describe('a trip as a plan', () => {
  it('reads stops in seq order and writes seq 1, 2, … shared by the deliveries of one stop', () => {
    const plan = planOf({ stops: [stop(5, 20, [3]), stop(2, 10, [1, 2])] });
    expect(plan).toEqual([
      { destinationId: 10, deliveryIds: [1, 2] },
      { destinationId: 20, deliveryIds: [3] },
    ]);
    expect(entriesOf(plan)).toEqual([
      { delivery_id: 1, seq: 1 },
      { delivery_id: 2, seq: 1 },
      { delivery_id: 3, seq: 2 },
    ]);
  });
});

describe('近い順 (nearest first)', () => {
  // Stores due north of the center at these distances (0.01° ≈ 1.1 km); null: no coordinates.
  const located = (seq: number, destination: number, north: number | null): Stop =>
    ({ ...stop(seq, destination, [destination * 10]), latitude: north === null ? null : 35.6 + north, longitude: north === null ? null : 139.7 }) as Stop;
  const trip = (stops: Stop[], extra: { pinned?: boolean; origin_latitude?: number | null; planned_departure?: string | null; status?: number } = {}) => ({
    stops,
    status: 0,
    pinned: false,
    origin_latitude: 35.6,
    origin_longitude: 139.7,
    planned_departure: null,
    ...extra,
  });
  const order = (result: ReturnType<typeof roundPlan>) => ('plan' in result ? result.plan.map((s) => s.destinationId) : result.refusal);

  it('runs the located stops as a round from the center, then the unlocated ones as they were', () => {
    const stops = [located(1, 1, 0.03), located(2, 2, null), located(3, 3, 0.01), located(4, 4, 0.02), located(5, 5, null)];
    expect(order(roundPlan(trip(stops)))).toEqual([3, 4, 1, 2, 5]);
  });

  it('untangles the round: nearest first would come back across its own way, 近い順 does not', () => {
    // North and east of the center (degrees): nearest first goes 3, 4, 2, 1; untangled, 1 before 2.
    const at = (seq: number, destination: number, north: number, east: number): Stop =>
      ({ ...stop(seq, destination, [destination * 10]), latitude: 35.6 + north, longitude: 139.7 + east }) as Stop;
    const stops = [at(1, 1, 0.08, 0.04), at(2, 2, 0.01, 0.03), at(3, 3, 0.01, -0.01), at(4, 4, 0.02, -0.04)];
    expect(order(roundPlan(trip(stops)))).toEqual([3, 4, 1, 2]);
  });

  it('keeps a specified time before it shortens the way: the store due at 08:15 first, though it is the farthest', () => {
    // Leaving at 08:00 (Asia/Tokyo); 0.01° north is 1.112 km, 2.9 minutes at 30 km/h with the road factor.
    const due = (seq: number, destination: number, north: number, specified: string | null): Stop =>
      ({ ...located(seq, destination, north), start_time: null, ending_time: null, specified_time: specified }) as Stop;
    const stops = [due(1, 1, 0.01, null), due(2, 2, 0.02, null), due(3, 3, 0.05, '08:15:00')];
    const leaving = { planned_departure: '2026-11-30T08:00:00+09:00' };
    expect(order(roundPlan(trip(stops)))).toBe('roundInOrder');
    expect(order(roundPlan(trip(stops, leaving)))).toEqual([3, 2, 1]);
    // Due at 09:00 instead, every order keeps it: the shortest way (as they are) again.
    const later = [stops[0]!, stops[1]!, due(3, 3, 0.05, '09:00')];
    expect(order(roundPlan(trip(later, leaving)))).toBe('roundInOrder');
  });

  it('reads the same inputs from a reloaded trip: the card weighs it again only when they change', () => {
    const stops = [located(1, 1, 0.01), located(2, 2, 0.02)];
    const key = roundInputs(trip(stops));
    expect(roundInputs(trip(stops.map((s) => ({ ...s }))))).toBe(key);
    expect(roundInputs(trip(stops, { planned_departure: '2026-11-30T08:00:00+09:00' }))).not.toBe(key);
    expect(roundInputs(trip([stops[0]!, { ...stops[1]!, specified_time: '09:00' } as Stop]))).not.toBe(key);
    expect(roundInputs(trip([stops[1]!, stops[0]!].map((s, i) => ({ ...s, seq: i + 1 }))))).not.toBe(key);
  });

  it('全便を近い順: only the trips it would reorder (not pinned, not in order, not on their way), each with its plan now and after', () => {
    const outOfOrder = [located(1, 1, 0.02), located(2, 2, 0.01)];
    const trips = [
      { id: 1, ...trip(outOfOrder, { pinned: true }) },
      { id: 2, ...trip([located(1, 3, 0.01), located(2, 4, 0.02)]) },
      { id: 3, ...trip(outOfOrder) },
      { id: 4, ...trip(outOfOrder, { status: 2 }) },
    ];
    const changes = roundAllPlans(trips);
    expect(changes.map((c) => c.trip.id)).toEqual([3]);
    expect(changes[0]!.before.map((p) => p.destinationId)).toEqual([1, 2]);
    expect(changes[0]!.after.map((p) => p.destinationId)).toEqual([2, 1]);
  });

  it('estimates the road km from the center through the located stops in order and back (straight line × 1.3)', () => {
    // 0.01° of latitude is 1.112 km: center → +0.02 → +0.01 → center is 4.448 km in a straight line.
    const stops = [located(1, 1, 0.02), located(2, 2, null), located(3, 3, 0.01)];
    expect(tripKm(trip(stops))).toBeCloseTo(4.4478 * 1.3, 3);
    expect(tripKm(trip(stops, { origin_latitude: null }))).toBeNull();
    expect(tripKm(trip([located(1, 1, null)]))).toBeNull();
  });

  it('says why not: already in order, a pinned trip, a center without coordinates, a trip that has left or ended (loading: still)', () => {
    const inOrder = [located(1, 1, 0.01), located(2, 2, 0.02)];
    expect(order(roundPlan(trip(inOrder)))).toBe('roundInOrder');
    expect(order(roundPlan(trip([located(1, 1, 0.02), located(2, 2, 0.01)], { pinned: true })))).toBe('roundPinned');
    expect(order(roundPlan(trip([located(1, 1, 0.02), located(2, 2, 0.01)], { status: 1 })))).toEqual([2, 1]);
    for (const status of [2, 3, 9]) expect(order(roundPlan(trip([located(1, 1, 0.02), located(2, 2, 0.01)], { status })))).toBe('roundClosed');
    expect(order(roundPlan(trip([located(1, 1, 0.02), located(2, 2, 0.01)], { origin_latitude: null })))).toBe('roundUnlocated');
    expect(order(roundPlan(trip([])))).toBe('roundInOrder');
  });
});

describe('the new full list after a drop', () => {
  const plan: Plan = [
    { destinationId: 10, deliveryIds: [1] },
    { destinationId: 20, deliveryIds: [2] },
  ];

  it('joins a delivery to the stop of its store and appends new stores at the end in drop order', () => {
    const next = addToPlan(plan, [
      { id: 7, delivery_destination_id: 30 },
      { id: 8, delivery_destination_id: 20 },
      { id: 9, delivery_destination_id: 30 },
      { id: 6, delivery_destination_id: 40 },
    ]);
    expect(entriesOf(next)).toEqual([
      { delivery_id: 1, seq: 1 },
      { delivery_id: 2, seq: 2 },
      { delivery_id: 8, seq: 2 },
      { delivery_id: 7, seq: 3 },
      { delivery_id: 9, seq: 3 },
      { delivery_id: 6, seq: 4 },
    ]);
    // the plan it came from is untouched (it is what undo sends back)
    expect(entriesOf(plan)).toHaveLength(2);
  });

  it('leaves a delivery already on the trip where it is', () => {
    expect(addToPlan(plan, [{ id: 1, delivery_destination_id: 10 }])).toEqual(plan);
  });

  it('drops emptied stops when deliveries go back to the left', () => {
    expect(removeFromPlan(plan, [1])).toEqual([{ destinationId: 20, deliveryIds: [2] }]);
  });

  it('moves a stop up or down and ignores moves outside the list', () => {
    const three: Plan = [...plan, { destinationId: 30, deliveryIds: [3] }];
    expect(moveStop(three, 2, 0).map((s) => s.destinationId)).toEqual([30, 10, 20]);
    expect(moveStop(three, 0, 1).map((s) => s.destinationId)).toEqual([20, 10, 30]);
    expect(moveStop(three, 0, 5)).toBe(three);
  });
});

describe('selection', () => {
  const all = [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }];
  it('drags the whole selection when the dragged delivery is in it, else that one alone', () => {
    expect(draggedDeliveries(all[2]!, new Set([3, 1]), all).map((d) => d.id)).toEqual([1, 3]);
    expect(draggedDeliveries(all[1]!, new Set([3, 1]), all).map((d) => d.id)).toEqual([2]);
  });
  it('shift-click takes the range from the last click, either way', () => {
    expect(rangeBetween([1, 2, 3, 4], 4, 2)).toEqual([2, 3, 4]);
    expect(rangeBetween([1, 2, 3, 4], undefined, 2)).toEqual([2]);
  });
});

describe('undo', () => {
  const step = (label: string): UndoStep => ({ label, before: [] });
  it('keeps the last steps up to the limit and pops the newest', () => {
    let stack: UndoStep[] = [];
    for (const label of ['a', 'b', 'c']) stack = pushUndo(stack, step(label), 2);
    expect(stack.map((s) => s.label)).toEqual(['b', 'c']);
    const { step: last, rest } = popUndo(stack);
    expect(last?.label).toBe('c');
    expect(rest.map((s) => s.label)).toEqual(['b']);
    expect(popUndo([]).step).toBeUndefined();
  });
  it('re-sends first the trip that has to give deliveries back', () => {
    const move: UndoStep = {
      label: 'move',
      before: [
        { tripId: 1, entries: [{ delivery_id: 5, seq: 1 }, { delivery_id: 6, seq: 2 }] },
        { tripId: 2, entries: [] },
      ],
    };
    // now trip 1 has nothing (6 and 5 moved to trip 2)
    const counts: Record<number, number> = { 1: 0, 2: 2 };
    expect(undoOrder(move, (id) => counts[id]!).map((s) => s.tripId)).toEqual([2, 1]);
  });
});

describe('確定 and 確定解除', () => {
  it("are refused for the server's reasons: closed trips never, back to a draft only before loading", () => {
    expect(confirmationRefusal({ status: 0 }, true)).toBeNull();
    expect(confirmationRefusal({ status: 0 }, false)).toBeNull();
    expect(confirmationRefusal({ status: 1 }, true)).toBeNull();
    expect(confirmationRefusal({ status: 1 }, false)).toBe('allocation.startedCannotUnconfirm');
    expect(confirmationRefusal({ status: 2 }, false)).toBe('allocation.startedCannotUnconfirm');
    expect(confirmationRefusal({ status: 3 }, true)).toBe('allocation.completed');
    expect(confirmationRefusal({ status: 9 }, false)).toBe('allocation.cancelled');
  });
  it('全便確定 takes the drafts ready to run: a vehicle, a driver and a stop, neither confirmed nor closed', () => {
    const stop = {} as Stop;
    const draft = (id: number, changes: Partial<{ confirmed_at: string | null; status: number; vehicle_id: number | null; driver_id: number | null; stops: Stop[] }> = {}) => ({
      id,
      confirmed_at: null,
      status: 0,
      vehicle_id: 1,
      driver_id: 1,
      stops: [stop],
      ...changes,
    });
    const trips = [
      draft(1),
      draft(2, { confirmed_at: '2026-11-28T00:00:00.000Z' }),
      draft(3, { driver_id: null }),
      draft(4, { vehicle_id: null }),
      draft(5, { stops: [] }),
      draft(6, { status: 9 }),
      draft(7, { status: 3 }),
      draft(8, { status: 1 }),
    ];
    expect(readyToConfirm(trips).map((trip) => trip.id)).toEqual([1, 8]);
  });
});

describe('loading start (積込開始)', () => {
  it("is refused for the server's reasons, read from the trip as the board holds it (dates as text)", () => {
    const confirmed_at = '2026-11-28T00:00:00.000Z';
    expect(loadingStartRefusal({ status: 0, confirmed_at })).toBeNull();
    expect(loadingStartRefusal({ status: 0, confirmed_at: null })).toBe('allocation.notConfirmed');
    expect(loadingStartRefusal({ status: 1, confirmed_at })).toBe('allocation.alreadyStarted');
    expect(loadingStartRefusal({ status: 3, confirmed_at })).toBe('allocation.completed');
    expect(loadingStartRefusal({ status: 9, confirmed_at: null })).toBe('allocation.cancelled');
  });
});

describe('前日コピー', () => {
  it('copies onto today or a later day, never onto the day it comes from or a past one', () => {
    const today = '2026-11-29';
    expect(copyRefusal('2026-11-28', today, today)).toBeNull();
    expect(copyRefusal('2026-11-29', '2026-11-30', today)).toBeNull();
    expect(copyRefusal('2026-11-27', '2026-11-28', today)).toBe('allocation.copyToPast');
    expect(copyRefusal('2026-11-29', '2026-11-29', today)).toBe('allocation.sameDate');
  });

  it('onto today at 10:05: passed trips load from 10:15 with their lengths kept, a vehicle’s next trip after its return, later trips as they were', () => {
    const at = (clock: string | null) => (clock ? new Date(`2026-11-29T${clock}:00+09:00`) : null);
    const trip = (vehicle_id: number | null, driver_id: number | null, start: string | null, departure: string | null, arrival: string | null) => ({
      vehicle_id,
      driver_id,
      planned_loading_start: at(start),
      planned_departure: at(departure),
      planned_arrival: at(arrival),
    });
    const trips = [
      trip(1, 7, '11:00', '11:30', '14:00'), // vehicle 1's second trip, listed first: the order in is the order out
      trip(1, 7, '07:00', '08:00', '10:30'), // vehicle 1's first: passed
      trip(2, null, '09:00', '09:30', '12:00'), // passed
      trip(3, null, '13:00', '13:30', '16:00'), // still ahead
      trip(null, 8, null, '08:00', null), // a driver's trip with only a departure
      trip(null, null, null, null, null), // no times at all
    ];
    const clocks = (times: { planned_loading_start: Date | null; planned_departure: Date | null; planned_arrival: Date | null }) =>
      [times.planned_loading_start, times.planned_departure, times.planned_arrival].map((instant) => (instant ? formatDateTime(instant).slice(11) : null));
    expect(timesFromNow(trips, nextPlanStep(at('10:05')!)).map(clocks)).toEqual([
      ['13:45', '14:15', '16:45'],
      ['10:15', '11:15', '13:45'],
      ['10:15', '10:45', '13:15'],
      ['13:00', '13:30', '16:00'],
      [null, '10:15', null],
      [null, null, null],
    ]);
    expect(timesFromNow(trips, null).map(clocks), 'another day: as copied').toEqual(trips.map(clocks));
    expect(nextPlanStep(at('10:15')!)).toEqual(at('10:15'));
  });
});

describe('capacity', () => {
  const trip = { load_unit: 0, quantity: 9, weight: 1000, volume: 0, pallet_capacity: 10, cage_cart_capacity: 20, max_loading_capacity: 2000, volume_capacity: null };
  it('colours green up to 90 %, amber above, red above 100 % (common/allocation.ts)', () => {
    expect(capacityColour(capacityRatio(9, 10))).toBe('green');
    expect(capacityColour(capacityRatio(9.5, 10))).toBe('amber');
    expect(capacityColour(capacityRatio(10, 10))).toBe('amber');
    expect(capacityColour(capacityRatio(11, 10))).toBe('red');
  });
  it('measures pallets or cage carts by load unit, and kg; the card takes the fullest', () => {
    const pallets = capacityOf(trip);
    expect(pallets.map((m) => [m.measure, m.capacity, m.colour])).toEqual([
      ['pallets', 10, 'green'],
      ['weight', 2000, 'green'],
    ]);
    const cages = capacityOf({ ...trip, load_unit: 1, quantity: 21 });
    expect(cages[0]).toMatchObject({ measure: 'cage_carts', load: 21, capacity: 20, colour: 'red' });
    expect(highestColour(cages)).toBe('red');
    expect(highestColour(capacityOf({ ...trip, weight: 1900 }))).toBe('amber');
    expect(highestColour(capacityOf({ ...trip, pallet_capacity: null, max_loading_capacity: null }))).toBe('green');
  });
  it('adds m³ against the vehicle’s volume when it has one, what the trip carries when not; none for a trip without either', () => {
    expect(capacityOf({ ...trip, volume: 6, volume_capacity: 16 })[2]).toEqual({ measure: 'volume', load: 6, capacity: 16, ratio: 6 / 16, colour: 'green' });
    const noVolume = capacityOf({ ...trip, volume: 7.2 })[2];
    expect(noVolume).toEqual({ measure: 'volume', load: 7.2, capacity: null, ratio: null, colour: 'green' });
    expect(capacityOf({ ...trip, volume: 0, volume_capacity: 16 })).toHaveLength(3);
    expect(capacityOf(trip)).toHaveLength(2);
    const overVolume = capacityOf({ ...trip, quantity: 1, volume: 17, volume_capacity: 16 });
    expect(overVolume[2]!.colour, 'the m³ bar turns red past the vehicle’s volume').toBe('red');
    expect(highestColour(overVolume), 'the card keeps the colour of the measures the server holds it to').toBe('green');
  });
  it('the day’s fill rate: carried over the vehicles’ capacity per load unit, empty trips in, unknown capacities out', () => {
    const fills = fleetFill([
      { ...trip, quantity: 8 },
      { ...trip, quantity: 0 },
      { ...trip, quantity: 5, pallet_capacity: null },
      { ...trip, load_unit: 1, quantity: 15, cage_cart_capacity: 20 },
    ]);
    expect(fills).toEqual([
      { measure: 'pallets', load: 8, capacity: 20, ratio: 0.4 },
      { measure: 'cage_carts', load: 15, capacity: 20, ratio: 0.75 },
    ]);
    expect(fleetFill([{ ...trip, load_unit: 1, cage_cart_capacity: null }])).toEqual([]);
    expect(fleetFill([{ ...trip, load_unit: 1, quantity: 10 }, { ...trip, quantity: 5 }]).map((f) => f.measure), 'pallets first').toEqual(['pallets', 'cage_carts']);
  });
  it('totals deliveries, quantity and weight (no weight counts 0)', () => {
    expect(totalsOf([{ quantity: 2, weight: 10 }, { quantity: 3, weight: null }])).toEqual({ deliveries: 2, quantity: 5, weight: 10 });
  });
});

describe('the calculator’s totals', () => {
  const twoTon = { vehicle_type_id: 2, vehicle_type_name: '2t車' };
  const fourTon = { vehicle_type_id: 4, vehicle_type_name: '4t車' };
  const direction = (
    id: number,
    figures: [number, number, number, number],
    trips_per_day: number,
    vehicles_needed: { vehicle_type_id: number; vehicle_type_name: string; trips: number; count: number }[],
  ) => {
    const [quantity, weight, pallets, cage_carts] = figures;
    return { direction_id: id, direction_name: `方面${id}`, transfer_to: null, quantity, weight, pallets, cage_carts, trips_per_day, vehicles_needed, vehicles_by_type: [] };
  };
  it('sums every direction, the loads by type, and the vehicles they take at each direction’s rounds a day', () => {
    const totals = directionTotals([
      direction(1, [9, 1012, 0, 9], 1, [{ ...fourTon, trips: 1, count: 1 }]),
      // four loads at two rounds a day: two whole vehicle days
      direction(2, [13, 1415, 0, 13], 2, [{ ...twoTon, trips: 4, count: 2 }]),
      // one load at three rounds a day: a third of a vehicle's day, of each type
      direction(3, [6, 2238, 6, 0], 3, [{ ...fourTon, trips: 1, count: 1 }, { ...twoTon, trips: 1, count: 1 }]),
    ]);
    expect(totals).toEqual({
      quantity: 28,
      weight: 4665,
      pallets: 6,
      cage_carts: 22,
      vehicles_needed: [
        { ...twoTon, trips: 5, count: 3 },
        { ...fourTon, trips: 2, count: 2 },
      ],
    });
    expect(directionTotals([])).toEqual({ quantity: 0, weight: 0, pallets: 0, cage_carts: 0, vehicles_needed: [] });
  });
  it('lets two directions run twice a day share one vehicle', () => {
    const twice = (id: number) => direction(id, [1, 100, 1, 0], 2, [{ ...fourTon, trips: 1, count: 1 }]);
    expect(directionTotals([twice(4), twice(5)]).vehicles_needed).toEqual([{ ...fourTon, trips: 2, count: 1 }]);
    expect(directionTotals([twice(4), twice(5), twice(6)]).vehicles_needed).toEqual([{ ...fourTon, trips: 3, count: 2 }]);
  });
  it('counts the proposal’s vehicles once each (a second round is the same vehicle), and its deliveries, quantity and weight', () => {
    const proposed = (vehicle_id: number, delivery_ids: number[], quantity: number, weight: number, round = 1) => ({
      vehicle_id,
      vehicle_number: `品川 ${vehicle_id}`,
      vehicle_type_name: '4t車',
      pallet_capacity: 8,
      cage_cart_capacity: 16,
      max_loading_capacity: 4000,
      load_unit: 0,
      driver_id: null,
      work_rule_warnings: [],
      direction_id: vehicle_id,
      direction_ids: [vehicle_id],
      delivery_ids,
      quantity,
      weight,
      round,
      planned_loading_start: '2026-12-02T22:00:00Z',
      planned_departure: '2026-12-03T00:00:00Z',
      planned_arrival: '2026-12-03T02:00:00Z',
      km: 30,
      load_rate: quantity / 8,
    });
    expect(proposalTotals([proposed(1, [1, 2], 6, 2238), proposed(2, [3], 3, 1035), proposed(2, [4], 1, 409, 2)])).toEqual({
      vehicles: 2,
      deliveries: 4,
      quantity: 10,
      weight: 3682,
    });
  });
});

describe('the board’s search', () => {
  const delivery = (id: number, slip: string, store: string, item: string | null = null) =>
    ({ id, version: 1, slip_number: slip, store_name: store, delivery_destination_id: id, item_name: item, quantity: 1, load_unit: 0, weight: 10, volume: null, start_time: null, ending_time: null, specified_time: null, latitude: null, longitude: null });
  const groups = [
    { direction_id: 1, direction_name: '品川区方面', transfer_to: null, deliveries: [delivery(1, 'T-0001', 'まいにちマート 品川区駅前店', '冷凍食品'), delivery(2, 'T-0002', 'ドラッグひまわり 大井町店')] },
    { direction_id: 2, direction_name: '大田区方面', transfer_to: null, deliveries: [delivery(3, 'T-0003', 'まいにちマート 大田区蒲田店')] },
  ];
  const ids = (query: string) => searchGroups(groups, query).map((g) => [g.direction_id, g.deliveries.map((d) => d.id)]);
  it('keeps the deliveries whose slip, store or item has every word, and the directions that still have one', () => {
    expect(ids('まいにちマート')).toEqual([[1, [1]], [2, [3]]]);
    expect(ids('まいにち 大田')).toEqual([[2, [3]]]);
    expect(ids('冷凍')).toEqual([[1, [1]]]);
  });
  it('finds a whole direction by its name', () => expect(ids('大田区方面')).toEqual([[2, [3]]]));
  it('reads full-width and half-width alike, in any case', () => expect(ids('ｔ－０００２')).toEqual([[1, [2]]]));
  it('lists everything without words, and nothing for no match', () => {
    expect(searchGroups(groups, '  ')).toBe(groups);
    expect(ids('横浜')).toEqual([]);
  });
});

describe('a new trip’s driver', () => {
  const drivers = [
    { id: 1, default_vehicle_id: 10, busy: true },
    { id: 2, default_vehicle_id: 11, busy: false },
    { id: 3, default_vehicle_id: null, busy: false },
  ];
  it('is the one whose regular vehicle it is', () => expect(regularDriver(drivers, 11)?.id).toBe(2));
  it('unless that driver is on another trip that day', () => expect(regularDriver(drivers, 10)).toBeUndefined());
  it('and none for a vehicle nobody drives regularly', () => expect(regularDriver(drivers, 12)).toBeUndefined());
});

describe('time chart', () => {
  const date = '2026-11-24';
  it('places a trip from planned loading start to arrival, in Tokyo minutes of its day', () => {
    expect(minuteOfDay(date, '2026-11-23T22:30:00Z')).toBe(7 * 60 + 30);
    const span = barSpan(date, {
      planned_loading_start: '2026-11-23T22:30:00Z',
      planned_departure: '2026-11-23T23:00:00Z',
      planned_arrival: '2026-11-24T02:00:00Z',
    });
    expect(span).toEqual({ start: 450, end: 660 });
    expect(barPosition(span!, { from: 360, to: 1320 })).toEqual({ left: (90 / 960) * 100, width: (210 / 960) * 100 });
    expect(barSpan(date, { planned_loading_start: null, planned_departure: null, planned_arrival: null })).toBeNull();
  });
  it('marks the time now on its own day’s chart only, within the chart’s hours', () => {
    const range = { from: 240, to: 1320 };
    // 2026-11-24 09:30 in Tokyo is 540 + 30 minutes into the day: (570 - 240) / 1080 of the chart.
    expect(nowPosition(date, new Date('2026-11-24T00:30:00Z'), range)).toBeCloseTo((330 / 1080) * 100);
    expect(nowPosition(date, new Date('2026-11-24T13:30:00Z'), range), '22:30, past the chart').toBeNull();
    expect(nowPosition(date, new Date('2026-11-25T00:30:00Z'), range), 'the next day').toBeNull();
  });
  it('widens the default 04:00-22:00 span to whole hours around early or late trips', () => {
    expect(chartRange([null])).toEqual({ from: 240, to: 1320 });
    expect(chartRange([{ start: 200, end: 1350 }])).toEqual({ from: 180, to: 1380 });
  });
  it('turns a drag into 15-minute steps and a row, clamped to the chart', () => {
    const range = { from: 0, to: 1440 };
    expect(shiftMinutes(100, 1440, range)).toBe(105);
    expect(shiftMinutes(-20, 1440, range)).toBe(-15);
    expect(shiftMinutes(5, 1440, range)).toBe(0);
    expect(rowAfterDrag(1, 31, 30, 4)).toBe(2);
    expect(rowAfterDrag(1, -200, 30, 4)).toBe(0);
    expect(rowAfterDrag(1, 500, 30, 4)).toBe(3);
    expect(shiftInstant('2026-11-23T22:30:00.000Z', 45)).toBe('2026-11-23T23:15:00.000Z');
    expect(shiftInstant(null, 45)).toBeNull();
  });
  it('knows today in Tokyo', () => {
    expect(tokyoToday(new Date('2026-11-23T15:30:00Z'))).toBe('2026-11-24');
  });
});

describe('map tiles', () => {
  it('uses the configured tile URL when it has {z}/{x}/{y}, else the GSI standard tiles', async () => {
    const { tileUrl, DEFAULT_TILE_URL } = await import('../../client/src/app/config.js');
    expect(DEFAULT_TILE_URL).toBe('https://cyberjapandata.gsi.go.jp/xyz/std/{z}/{x}/{y}.png');
    expect(tileUrl('https://tiles.example.com/{z}/{x}/{y}.png')).toBe('https://tiles.example.com/{z}/{x}/{y}.png');
    expect(tileUrl('')).toBe(DEFAULT_TILE_URL);
    expect(tileUrl('not a url')).toBe(DEFAULT_TILE_URL);
  });
});

describe('times in a day’s table', () => {
  it('shows HH:mm on the page’s day (Tokyo) and the whole date and time on another day', () => {
    expect(timeOnDay('2026-11-26', '2026-11-26T08:00:00Z')).toBe('17:00');
    expect(timeOnDay('2026-11-26', '2026-11-25T15:30:00Z')).toBe('00:30');
    expect(timeOnDay('2026-11-26', '2026-11-26T16:00:00Z')).toBe('2026/11/27 01:00');
    expect(timeOnDay('2026-11-26', null)).toBe('');
  });
});
