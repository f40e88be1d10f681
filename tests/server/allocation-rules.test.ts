import t from 'tap';
import { haversineKm, plannedArrivals, plannedReturn, roundOrder, roundTripKm, shortRound, travelMinutes } from '../../common/places.js';
import { capacityColour, capacityRatio, daysBetween, addDays, loadByMeasure, overCapacity } from '../../common/allocation.js';
import { fleetTypes, vehiclesNeeded, vehiclesOfType } from '../../server/allocation/proposal.js';
import { buildStops, carriedBy, nextTripNo, plannedWindow, tripWarnings, usualLoadUnit, windowWarnings, windowsOverlap } from '../../server/allocation/rules.js';
import { tokyoMinutes } from '../../common/time.js';
import { bestRound, EXACT_ROUND_STOPS, type RoundStop } from '../../common/rounds.js';
import { type StoreTimes, type WindowMiss, windowMiss } from '../../common/windows.js';

// The allocation rules as functions (common/allocation.ts, server/allocation/rules.ts, common/places.ts, common/rounds.ts, common/windows.ts).

const twoTon = { pallet_capacity: 4, cage_cart_capacity: 10, max_loading_capacity: 2000 };

t.test('a round (the demo’s 配送順, the board’s 近い順): from the start, each time the nearest point left', async (t) => {
  const center = { latitude: 35.6, longitude: 139.7 };
  const stores = [0.03, 0.01, 0.04, 0.02].map((north) => ({ latitude: 35.6 + north, longitude: 139.7 }));
  t.same(roundOrder(center, stores), [1, 3, 0, 2]);
  // From the far end the round runs back: not the order of distance from the start.
  const farEast = [{ latitude: 35.6, longitude: 139.75 }, { latitude: 35.6, longitude: 139.8 }, { latitude: 35.6, longitude: 139.71 }];
  t.same(roundOrder(center, farEast), [2, 0, 1]);
  t.same(roundOrder(center, [center, center]), [0, 1], 'equally near: the earlier first');
  t.same(roundOrder(center, []), []);
});

t.test('the board’s 近い順: the nearest-first round untangled, never longer, with no stretch whose reversal shortens it', async (t) => {
  const center = { latitude: 35.6, longitude: 139.7 };
  const around = (offsets: [number, number][]) => offsets.map(([north, east]) => ({ latitude: 35.6 + north, longitude: 139.7 + east }));
  const km = (points: { latitude: number; longitude: number }[], order: number[]) => roundTripKm(center, order.map((i) => points[i]!));
  // Nearest first goes west, then comes back east by the near store and only then out to the far one,
  // crossing its own way; untangled, it visits the far store before the near one on the way home.
  const crossing = around([[0.08, 0.04], [0.01, 0.03], [0.01, -0.01], [0.02, -0.04]]);
  t.same(roundOrder(center, crossing), [2, 3, 1, 0]);
  t.same(shortRound(center, crossing), [2, 3, 0, 1]);
  t.equal(km(crossing, [2, 3, 0, 1]).toFixed(2), '32.46', 'from 36.69 km');
  t.same(shortRound(center, around([[0.01, 0], [0.02, 0], [0.03, 0]])), [0, 1, 2], 'out along a line: already the shortest');
  t.same(shortRound(center, []), []);
  // Any stores: never longer than nearest first, and no reversal of a stretch makes it shorter.
  let seed = 7;
  const random = () => (seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647;
  let longer = 0;
  let improvable = 0;
  for (let n = 0; n < 200; n++) {
    const stores = around(Array.from({ length: 3 + (n % 10) }, () => [random() * 0.2 - 0.1, random() * 0.2 - 0.1] as [number, number]));
    const round = shortRound(center, stores);
    t.same([...round].sort((a, b) => a - b), [...stores.keys()], 'every store once');
    if (km(stores, round) > km(stores, roundOrder(center, stores)) + 1e-9) longer++;
    for (let i = 0; i < round.length - 1; i++) {
      for (let j = i + 1; j < round.length; j++) {
        const reversed = [...round.slice(0, i), ...round.slice(i, j + 1).reverse(), ...round.slice(j + 1)];
        if (km(stores, reversed) < km(stores, round) - 1e-6) improvable++;
      }
    }
  }
  t.equal(longer, 0, 'never longer than nearest first');
  t.equal(improvable, 0, 'no stretch left to reverse');
});

t.test('the board’s 近い順 with times: the fewest stores missed, then the fewest minutes, then the shortest way, then the stores reached sooner', async (t) => {
  const center = { latitude: 35.6, longitude: 139.7 };
  const departure = new Date('2026-12-01T08:00:00+09:00');
  const noTimes: StoreTimes = { start_time: null, ending_time: null, specified_time: null };
  // Weighed here without bestRound's own arithmetic: the server's arrivals, the stores' misses, the road km.
  const missedMinutes = (miss: WindowMiss) => miss.early + miss.late + miss.afterSpecified;
  const weigh = (stores: RoundStop[], order: number[], leaving: Date | null = departure) => {
    const visited = order.map((i) => stores[i]!);
    const missed = plannedArrivals(leaving, center, visited).map((at, k) => (at ? missedMinutes(windowMiss(at, visited[k]!)) : 0));
    const legs = visited.map((stop, k) => roundTripKm(center, visited.slice(0, k + 1)) - roundTripKm(center, [stop]) / 2);
    return [missed.filter((m) => m > 0).length, missed.reduce((a, b) => a + b, 0), roundTripKm(center, visited), legs.reduce((a, b) => a + b, 0)];
  };
  const cheaper = (a: number[], b: number[]) => {
    for (let k = 0; k < a.length; k++) {
      if (Math.abs(a[k]! - b[k]!) > 1e-6) return a[k]! < b[k]!;
    }
    return false;
  };
  const permutations = (n: number): number[][] =>
    n === 0 ? [[]] : permutations(n - 1).flatMap((p) => Array.from({ length: n }, (_, at) => [...p.slice(0, at), n - 1, ...p.slice(at)]));

  // A store due at 08:15, the farthest: first, though the way is longer; due at 09:00, the shortest way again.
  const north = (km: number, times = noTimes): RoundStop => ({ latitude: 35.6 + km / 111.2, longitude: 139.7, ...times });
  const due = (time: string): StoreTimes => ({ ...noTimes, specified_time: time });
  t.same(bestRound(center, departure, [north(1), north(2), north(5.5, due('08:15'))]), [2, 1, 0]);
  t.same(bestRound(center, departure, [north(1), north(2), north(5.5, due('09:00'))]), [0, 1, 2]);
  t.same(bestRound(center, null, [north(1), north(2), north(5.5, due('08:15'))]), [0, 1, 2], 'no departure: km alone');
  // A window that opens at 08:30 (the plan does not wait): the near store last, not first.
  t.same(bestRound(center, departure, [north(1, { ...noTimes, start_time: '08:30' }), north(2), north(3)]), [1, 2, 0]);
  // Of two equally long rounds, the one out by the near store first; as they are when nothing is better.
  t.same(bestRound(center, null, [north(3), north(1), north(2)]), [1, 2, 0]);
  t.same(bestRound(center, null, [north(1), north(2), north(3)]), [0, 1, 2]);
  t.same(bestRound(center, departure, []), []);

  let seed = 11;
  const random = () => (seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647;
  const clock = (from: number, span: number) => {
    const minutes = from + Math.floor(random() * span);
    return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  };
  const store = (): RoundStop => {
    const kind = Math.floor(random() * 4);
    const times =
      kind === 0 ? noTimes : kind === 1 ? due(clock(8 * 60 + 10, 90)) : { ...noTimes, start_time: clock(7 * 60, 120), ending_time: clock(9 * 60 + 30, 120) };
    return { latitude: 35.6 + random() * 0.16 - 0.08, longitude: 139.7 + random() * 0.16 - 0.08, ...times };
  };
  // Up to EXACT_ROUND_STOPS stops: no order is better.
  let beaten = 0;
  let timesDecided = 0;
  for (let n = 0; n < 36; n++) {
    const stores = Array.from({ length: 2 + (n % 6) }, store);
    const best = weigh(stores, bestRound(center, departure, stores));
    if (permutations(stores.length).some((order) => cheaper(weigh(stores, order), best))) beaten++;
    if (weigh(stores, shortRound(center, stores))[0]! > best[0]!) timesDecided++;
  }
  t.equal(beaten, 0, 'the best of every order, up to seven stops');
  t.ok(timesDecided >= 5, `in ${timesDecided} of 36 the short round missed more stores`);
  t.ok(EXACT_ROUND_STOPS >= 7);
  // Beyond: every store once, no worse than as they were or the short round, and no one move better.
  let worse = 0;
  let improvable = 0;
  for (let n = 0; n < 8; n++) {
    const stores = Array.from({ length: EXACT_ROUND_STOPS + 2 + n * 2 }, store);
    const round = bestRound(center, departure, stores);
    t.same([...round].sort((a, b) => a - b), [...stores.keys()], 'every store once');
    const cost = weigh(stores, round);
    if (cheaper(weigh(stores, [...stores.keys()]), cost) || cheaper(weigh(stores, shortRound(center, stores)), cost)) worse++;
    for (let i = 0; i < round.length; i++) {
      for (let j = 0; j < round.length; j++) {
        const reversed = i < j ? [...round.slice(0, i), ...round.slice(i, j + 1).reverse(), ...round.slice(j + 1)] : round;
        const rest = round.filter((_, k) => k !== i);
        const moved = [...rest.slice(0, j), round[i]!, ...rest.slice(j)];
        if (cheaper(weigh(stores, reversed), cost) || cheaper(weigh(stores, moved), cost)) improvable++;
      }
    }
  }
  t.equal(worse, 0, 'never worse than the stops as they were nor than the short round');
  t.equal(improvable, 0, 'no reversal of a stretch nor a stop put elsewhere makes it better');
});

t.test('a store’s times missed, in minutes: before the window, after it, after the specified time', async (t) => {
  const atTokyo = (hhmm: string) => new Date(`2026-12-01T${hhmm}:00+09:00`);
  const store = { start_time: '09:00:00', ending_time: '11:00', specified_time: '10:00' };
  t.same(windowMiss(atTokyo('08:40'), store), { early: 20, late: 0, afterSpecified: 0 });
  t.same(windowMiss(atTokyo('10:00'), store), { early: 0, late: 0, afterSpecified: 0 });
  t.same(windowMiss(atTokyo('11:30'), store), { early: 0, late: 30, afterSpecified: 90 });
  t.same(windowMiss(atTokyo('03:00'), { start_time: null, ending_time: null, specified_time: null }), { early: 0, late: 0, afterSpecified: 0 });
});

t.test('capacity: exactly at the limit is accepted, one over refused with the figures', async (t) => {
  t.equal(overCapacity({ load_unit: 0, quantity: 4, weight: 2000 }, twoTon), null, '4 pallets, 2000 kg');
  t.same(overCapacity({ load_unit: 0, quantity: 5, weight: 0 }, twoTon), { measure: 'pallets', load: 5, capacity: 4 });
  t.same(overCapacity({ load_unit: 1, quantity: 10, weight: 0 }, twoTon), null, 'cage carts counted against the cage-cart capacity');
  t.same(overCapacity({ load_unit: 1, quantity: 11, weight: 0 }, twoTon), { measure: 'cage_carts', load: 11, capacity: 10 });
  t.same(overCapacity({ load_unit: 0, quantity: 1, weight: 2001 }, twoTon), { measure: 'weight', load: 2001, capacity: 2000 });
  t.equal(overCapacity({ load_unit: 0, quantity: 99, weight: 99_999 }, { pallet_capacity: null, cage_cart_capacity: null, max_loading_capacity: null }), null, 'unknown capacities refuse nothing');
});

t.test('capacity bars: ratio per measure, green to 90 %, amber to 100 %, red above', async (t) => {
  t.equal(capacityRatio(3, 4), 0.75);
  t.equal(capacityRatio(3, null), null);
  t.equal(capacityRatio(3, 0), null);
  t.equal(capacityColour(0.9), 'green');
  t.equal(capacityColour(0.91), 'amber');
  t.equal(capacityColour(1), 'amber');
  t.equal(capacityColour(1.01), 'red');
  t.equal(capacityColour(null), 'green');
  t.same(
    loadByMeasure({ load_unit: 0, quantity: 4, weight: 1900 }, twoTon).map((m) => [m.measure, m.ratio, m.colour]),
    [['pallets', 1, 'amber'], ['weight', 0.95, 'amber']],
  );
});

t.test('calendar days', async (t) => {
  t.equal(daysBetween('2026-12-31', '2027-01-30'), 30);
  t.equal(daysBetween('2026-03-01', '2026-02-28'), -1);
  t.equal(addDays('2026-12-31', 1), '2027-01-01');
});

t.test('travel: haversine × 1.3 at 30 km/h, plus 10 minutes per stop', async (t) => {
  const shinagawa = { latitude: 35.6148, longitude: 139.7496 };
  const shibuya = { latitude: 35.664, longitude: 139.698 };
  const km = haversineKm(shinagawa, shibuya);
  t.ok(km > 7 && km < 7.5, `品川センター → 渋谷 ≈ 7.2 km (${km.toFixed(2)})`);
  t.equal(travelMinutes(shinagawa, shibuya), ((km * 1.3) / 30) * 60);
  t.equal(travelMinutes(null, shibuya), 0, 'no origin: no travel');
  const departure = new Date('2026-12-01T08:00:00+09:00');
  const [first, second] = plannedArrivals(departure, shinagawa, [shibuya, shibuya]);
  t.equal(first!.getTime(), departure.getTime() + Math.round(travelMinutes(shinagawa, shibuya) * 60) * 1000);
  t.equal(second!.getTime() - first!.getTime(), 10 * 60_000, 'the same place again: only the 10 minutes at the stop');
  t.same(plannedArrivals(null, shinagawa, [shibuya]), [null], 'no departure, no estimate');
  const back = plannedReturn(departure, shinagawa, [shibuya]);
  t.ok(Math.abs(back.getTime() - (first!.getTime() + 10 * 60_000 + travelMinutes(shibuya, shinagawa) * 60_000)) < 1000, 'back at the center after the last stop');
});

t.test('time windows: warnings, compared as Tokyo clock time', async (t) => {
  const store = { store: '店A', start_time: '09:00', ending_time: '11:00', specified_time: '10:00' };
  const atTokyo = (hhmm: string) => new Date(`2026-12-01T${hhmm}:00+09:00`);
  t.equal(tokyoMinutes(atTokyo('09:30')), 570);
  t.same(windowWarnings(atTokyo('09:30'), store), [], 'inside the window, before the specified time');
  t.same(windowWarnings(atTokyo('10:00'), store), [], 'exactly at the specified time');
  t.same(windowWarnings(atTokyo('08:59'), store).map((w) => w.code), ['allocation.warnings.earlyForWindow']);
  t.same(windowWarnings(atTokyo('10:01'), store).map((w) => w.code), ['allocation.warnings.missesSpecifiedTime']);
  t.same(windowWarnings(atTokyo('11:01'), store).map((w) => w.code), ['allocation.warnings.lateForWindow', 'allocation.warnings.missesSpecifiedTime']);
  t.same(windowWarnings(atTokyo('11:01'), store)[0]!.params, { store: '店A', planned: '11:01', start: '09:00', end: '11:00' });
  t.same(windowWarnings(null, store), [], 'no plan, no warning');
  t.same(windowWarnings(atTokyo('23:00'), { store: 'x', start_time: null, ending_time: null, specified_time: null }), []);
  t.same(tripWarnings([[], [{ code: 'a' }], [{ code: 'b' }, { code: 'c' }]]), [{ code: 'allocation.warnings.stopsWithWarnings', params: { count: 2 } }]);
  t.same(tripWarnings([[], []]), []);
});

t.test('planned windows overlap when each starts before the other ends', async (t) => {
  const w = (a: string, b: string) => ({ start: new Date(`2026-12-01T${a}:00Z`), end: new Date(`2026-12-01T${b}:00Z`) });
  t.ok(windowsOverlap(w('06:00', '12:00'), w('11:00', '15:00')));
  t.ok(windowsOverlap(w('06:00', '12:00'), w('07:00', '08:00')), 'inside');
  t.notOk(windowsOverlap(w('06:00', '12:00'), w('12:00', '15:00')), 'back to back');
  t.notOk(windowsOverlap(w('13:00', '14:00'), w('06:00', '12:00')));
  const d = (s: string) => new Date(`2026-12-01T${s}:00Z`);
  t.same(plannedWindow({ planned_loading_start: null, planned_departure: d('07:00'), planned_arrival: d('09:00') }), { start: d('07:00'), end: d('09:00') }, 'from the departure without a loading start');
  t.equal(plannedWindow({ planned_loading_start: d('06:00'), planned_departure: null, planned_arrival: null }), null, 'incomplete: no window');
});

t.test('stops: one per store where its first delivery comes, in seq order', async (t) => {
  const store = new Map([[1, 10], [2, 20], [3, 10], [4, 30], [5, 20]]);
  const stops = buildStops(
    [
      { delivery_id: 1, seq: 2 },
      { delivery_id: 2, seq: 1 },
      { delivery_id: 3, seq: 3 },
      { delivery_id: 4, seq: 2 },
      { delivery_id: 5, seq: 9 },
    ],
    (e) => store.get(e.delivery_id)!,
  );
  t.same(stops.map((s) => [s.destinationId, s.entries.map((e) => e.delivery_id)]), [[20, [2, 5]], [10, [1, 3]], [30, [4]]]);
  t.same(buildStops([], () => 1), []);
});

t.test('trip numbers: one above the highest, then gaps, none past 999', async (t) => {
  t.equal(nextTripNo([]), 1);
  t.equal(nextTripNo([1, 2, 5]), 6);
  t.equal(nextTripNo([999, 1]), 2);
  t.equal(nextTripNo(Array.from({ length: 999 }, (_, i) => i + 1)), null);
});

t.test('vehicles needed: the default type as many as needed, else the smallest type that carries it', async (t) => {
  const types = [
    { id: 1, name: '2t車', pallet_capacity: 4, cage_cart_capacity: 10, max_loading_capacity: 2000 },
    { id: 2, name: '4t車', pallet_capacity: 8, cage_cart_capacity: 16, max_loading_capacity: 4000 },
    { id: 3, name: '10t車', pallet_capacity: 16, cage_cart_capacity: 32, max_loading_capacity: 10000 },
  ];
  t.equal(vehiclesOfType(types[0]!, { pallets: 4, cage_carts: 0, weight: 0 }), 1, 'exactly full');
  t.equal(vehiclesOfType(types[0]!, { pallets: 5, cage_carts: 0, weight: 0 }), 2);
  t.equal(vehiclesOfType(types[0]!, { pallets: 2, cage_carts: 5, weight: 0 }), 1, 'half the floor in pallets, half in cage carts');
  t.equal(vehiclesOfType(types[0]!, { pallets: 1, cage_carts: 0, weight: 4500 }), 3, 'the weight decides');
  const base = (vehicle_type_id: number | null, trips_per_day = 1) => ({ vehicle_type_id, trips_per_day });
  t.same(vehiclesNeeded(types, base(1), { pallets: 9, cage_carts: 0, weight: 100 }), [{ vehicle_type_id: 1, vehicle_type_name: '2t車', trips: 3, count: 3 }], 'ceil(9 / 4) of the default type');
  t.same(vehiclesNeeded(types, base(1, 2), { pallets: 9, cage_carts: 0, weight: 100 }), [{ vehicle_type_id: 1, vehicle_type_name: '2t車', trips: 3, count: 2 }], 'three loads, two rounds a day each (回転数): two vehicles');
  t.same(vehiclesNeeded(types, base(1, 3), { pallets: 9, cage_carts: 0, weight: 100 }), [{ vehicle_type_id: 1, vehicle_type_name: '2t車', trips: 3, count: 1 }], 'three rounds a day: one vehicle');
  t.same(vehiclesNeeded(types, null, { pallets: 6, cage_carts: 0, weight: 100 }), [{ vehicle_type_id: 2, vehicle_type_name: '4t車', trips: 1, count: 1 }], 'the smallest that fits');
  t.same(vehiclesNeeded(types, base(null), { pallets: 40, cage_carts: 0, weight: 0 }), [{ vehicle_type_id: 3, vehicle_type_name: '10t車', trips: 3, count: 3 }], 'none fits: the largest, as many as needed');
  t.same(vehiclesNeeded(types, base(1), { pallets: 0, cage_carts: 0, weight: 0 }), [], 'no load');
});

t.test('the calculator’s vehicle types: those of the center’s vehicles and any recommended, smallest first, with the center’s count', async (t) => {
  const types = [
    { id: 3, name: '10t車', pallet_capacity: 16, cage_cart_capacity: 32, max_loading_capacity: 10000 },
    { id: 1, name: '2t車', pallet_capacity: 4, cage_cart_capacity: 10, max_loading_capacity: 2000 },
    { id: 2, name: '4t車', pallet_capacity: 8, cage_cart_capacity: 16, max_loading_capacity: 4000 },
    { id: 4, name: '軽貨物', pallet_capacity: 1, cage_cart_capacity: 2, max_loading_capacity: 350 },
  ];
  const fleetOf = (...typeIds: number[]) => typeIds.map((vehicle_type_id) => ({ vehicle_type_id }));
  const shown = (recommended: number[]) => fleetTypes(types, fleetOf(3, 1, 3), recommended).map((type) => [type.name, type.vehicles]);
  t.same(shown([]), [['2t車', 1], ['10t車', 2]], 'a type the center has no vehicle of is left out');
  t.same(shown([2]), [['2t車', 1], ['4t車', 0], ['10t車', 2]], 'unless it is recommended for a direction');
});

t.test('a store trip’s 荷姿, 方面 and 便形態 from its deliveries', async (t) => {
  const [pallet, cage] = [0, 1];
  const [single, none, mixed] = [0, 1, 2];
  const trip = { load_unit: pallet, direction_id: null, trip_mode: single };
  const of = (load_unit: number, direction_id: number | null) => ({ load_unit, direction_id });
  const stored = { load_unit: cage, direction_id: 4, trip_mode: none, date: '2026-01-01' };
  t.same(carriedBy([], stored), { load_unit: cage, direction_id: 4, trip_mode: none }, 'an empty trip keeps what it has, and nothing else');
  t.same(carriedBy([of(cage, 1), of(cage, 1)], trip), { load_unit: cage, direction_id: 1, trip_mode: single }, 'cage carts of one direction');
  t.same(carriedBy([of(cage, 1), of(cage, 2), of(pallet, 1)], trip), { load_unit: cage, direction_id: 1, trip_mode: mixed }, 'two directions: 混載あり, the main one kept');
  t.same(carriedBy([of(cage, 2)], { load_unit: cage, direction_id: 1, trip_mode: mixed }), { load_unit: cage, direction_id: 2, trip_mode: single }, 'one direction again: 単独便');
  t.same(carriedBy([of(pallet, 2)], { ...trip, trip_mode: none }).trip_mode, none, '混載なし set by hand stays');
  t.equal(usualLoadUnit([of(cage, 1), of(pallet, 1)], pallet), pallet, 'a tie keeps the fallback');
  t.equal(usualLoadUnit([of(cage, 1), of(pallet, 1)], cage), cage);
  t.equal(usualLoadUnit([], cage), cage, 'none: the fallback');
  t.equal(usualLoadUnit([of(cage, 1), of(cage, 1), of(pallet, 1)], pallet), cage, 'most of them');
});
