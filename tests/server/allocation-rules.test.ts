import t from 'tap';
import { capacityColour, capacityRatio, daysBetween, addDays, loadByMeasure, overCapacity } from '../../common/allocation.js';
import { vehiclesNeeded, vehiclesOfType } from '../../server/allocation/planning.js';
import {
  buildStops,
  haversineKm,
  nextTripNo,
  plannedArrivals,
  plannedReturn,
  plannedWindow,
  tokyoMinutes,
  travelMinutes,
  tripWarnings,
  windowWarnings,
  windowsOverlap,
} from '../../server/allocation/rules.js';

const twoTon = { pallet_capacity: 4, cage_cart_capacity: 10, max_loading_capacity: 2000 };

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
  t.same(vehiclesNeeded(types, 1, { pallets: 9, cage_carts: 0, weight: 100 }), [{ vehicle_type_id: 1, vehicle_type_name: '2t車', count: 3 }], 'ceil(9 / 4) of the default type');
  t.same(vehiclesNeeded(types, null, { pallets: 6, cage_carts: 0, weight: 100 }), [{ vehicle_type_id: 2, vehicle_type_name: '4t車', count: 1 }], 'the smallest that fits');
  t.same(vehiclesNeeded(types, null, { pallets: 40, cage_carts: 0, weight: 0 }), [{ vehicle_type_id: 3, vehicle_type_name: '10t車', count: 3 }], 'none fits: the largest, as many as needed');
  t.same(vehiclesNeeded(types, 1, { pallets: 0, cage_carts: 0, weight: 0 }), [], 'no load');
});
