import t from 'tap';
import { LOAD_UNIT } from '../../common/enums.js';
import { plannedReturn } from '../../common/places.js';
import type { RuleFinding } from '../../common/work-rules.js';
import {
  type Base,
  byDirection,
  type DayTrip,
  type ProposalDelivery,
  type ProposalVehicle,
  proposalRows,
  proposalTimes,
  proposeTrips,
  runningRounds,
  transferTo,
  tripPlan,
} from '../../server/allocation/proposal.js';

// The calculator's algorithm without a database (server/allocation/proposal.ts): the calculator's
// answers through the API are in allocation-calculator.test.ts.

const at = (clock: string, date = '2030-04-01') => new Date(`${date}T${clock}:00+09:00`);
const times = { loadingStart: at('07:00'), departure: at('09:00'), workEnd: at('18:00') };
const center = { latitude: 35.62, longitude: 139.75 };

let nextId = 1;
function delivery(store: number, fields: Partial<ProposalDelivery> = {}): ProposalDelivery {
  return {
    id: nextId++,
    delivery_destination_id: store,
    direction_id: 1,
    direction_name: '品川方面',
    load_unit: LOAD_UNIT.pallet,
    quantity: 1,
    weight: 100,
    // Stores a few hundred metres apart: a round of them takes minutes.
    latitude: 35.62 + store / 1000,
    longitude: 139.75,
    start_time: null,
    ending_time: null,
    specified_time: null,
    ...fields,
  };
}

function vehicle(id: number, pallets: number, fields: Partial<ProposalVehicle> = {}): ProposalVehicle {
  return {
    id,
    vehicle_number: `品川 100 あ ${id}`,
    vehicle_type_id: pallets,
    vehicle_type_name: `${pallets}P`,
    delivery_company_id: 1,
    pallet_capacity: pallets,
    cage_cart_capacity: pallets * 2,
    max_loading_capacity: pallets * 500,
    ...fields,
  };
}

const noBase = (): Base | null => null;
const propose = (deliveries: ProposalDelivery[], free: ProposalVehicle[], baseOf = noBase, running: ReturnType<typeof runningRounds> = []) =>
  proposeTrips(byDirection(deliveries), free, baseOf, times, center, running);

t.test('the planned window: the center’s store times, 07:00 / 09:00 / 18:00 without them, from the next quarter hour once today’s loading has started', async (t) => {
  const stored = { loading_start: '06:30:00', departure: '08:15:00', work_end: '17:00:00' };
  t.same(proposalTimes(stored, '2030-04-01', at('05:00', '2030-03-31')), { loadingStart: at('06:30'), departure: at('08:15'), workEnd: at('17:00') });
  t.same(proposalTimes(undefined, '2030-04-01', at('05:00', '2030-03-31')), times, 'no times kept: the defaults');
  const late = proposalTimes(undefined, '2030-04-01', at('19:05'));
  t.same(late, { loadingStart: at('19:15'), departure: at('21:15'), workEnd: at('21:15') }, 'after the work end the window closes at the departure');
});

t.test('a direction’s deliveries fill a vehicle in the stores’ order, then the next free vehicle; the trips’ stores in 近い順', async (t) => {
  const deliveries = [1, 2, 3, 4, 5].map((store) => delivery(store, { quantity: 2 }));
  const free = [vehicle(1, 4), vehicle(2, 4)];
  const { proposal, unassigned } = propose(deliveries, free);
  t.same(
    proposal.map((trip) => [trip.vehicle.id, trip.deliveries.map((d) => d.delivery_destination_id)]),
    [
      [1, [1, 2]],
      [2, [3, 4]],
    ],
    'four pallets a vehicle',
  );
  t.same(free, [], 'the free vehicles are used up');
  t.same(unassigned.map((left) => left.reason), ['noVehicle'], 'the fifth has no vehicle and no trip with room');
  t.equal(proposal[0]!.departure.getTime(), times.departure.getTime(), 'a first round leaves at the center’s departure');
});

t.test('once no vehicle is left a delivery rides on a proposed trip with room (混載); one bigger than any vehicle is over capacity', async (t) => {
  const first = delivery(1, { quantity: 2 });
  const second = delivery(2, { quantity: 1, direction_id: 2, direction_name: '大井方面' });
  const huge = delivery(3, { quantity: 9, direction_id: 3, direction_name: '大森方面' });
  const { proposal, unassigned } = propose([first, second, huge], [vehicle(1, 4)]);
  t.same(proposal.map((trip) => trip.deliveries.map((d) => d.id)), [[first.id, second.id]], 'the second direction rides along');
  t.same(unassigned, [{ delivery_id: huge.id, reason: 'noVehicle' }]);
  const alone = propose([delivery(4, { quantity: 9 })], [vehicle(2, 4)]);
  t.same(alone.unassigned.map((left) => left.reason), ['overCapacity'], 'an empty vehicle refuses only by its capacity');
});

t.test('a direction its base runs twice a day sends a vehicle again when it is back (2回転目)', async (t) => {
  const deliveries = [1, 2, 3].map((store) => delivery(store, { quantity: 2 }));
  const twice = () => ({ vehicle_type_id: null, trips_per_day: 2 });
  const { proposal } = propose(deliveries, [vehicle(1, 4), vehicle(2, 4)], twice);
  t.same(proposal.map((trip) => [trip.vehicle.id, trip.round]), [[1, 1], [1, 2]], 'the first vehicle twice; the second stays free');
  const back = plannedReturn(proposal[0]!.departure, center, proposal[0]!.deliveries.map((d) => ({ latitude: d.latitude!, longitude: d.longitude! })));
  t.equal(proposal[1]!.loadingStart.getTime(), back.getTime(), 'the second round loads once the first is back');
  t.equal(proposal[1]!.departure.getTime() - proposal[1]!.loadingStart.getTime(), 2 * 3_600_000, 'for as long as the center loads');
});

t.test('rounds the day already runs: a vehicle of unpinned store trips follows its latest; a pinned or transfer trip keeps it out', async (t) => {
  const trip = (vehicleId: number, fields: Partial<DayTrip> = {}): DayTrip => ({
    vehicle_id: vehicleId,
    driver_id: 7,
    direction_id: 1,
    kind: 'store_direct',
    pinned: false,
    planned_loading_start: at('07:00'),
    planned_departure: at('09:00'),
    planned_arrival: at('11:00'),
    ...fields,
  });
  const fleet = [vehicle(1, 4), vehicle(2, 4), vehicle(3, 4), vehicle(4, 4)];
  const running = runningRounds(fleet, [
    trip(1),
    trip(1, { planned_loading_start: at('11:00'), planned_departure: at('12:00'), planned_arrival: at('14:00') }),
    trip(2, { pinned: true }),
    trip(3, { kind: 'between_centers_today' }),
  ]);
  t.same(
    running.map((round) => [round.vehicle.id, round.round, round.planned?.back.getTime(), round.planned?.driver_id]),
    [[1, 2, at('14:00').getTime(), 7]],
    'only the first vehicle, as its second round',
  );
  const twice = () => ({ vehicle_type_id: null, trips_per_day: 3 });
  const { proposal } = propose([delivery(1)], [], twice, running);
  t.same(proposal.filter((round) => round.deliveries.length).map((round) => [round.vehicle.id, round.round, round.loadingStart.getTime()]), [[1, 3, at('14:00').getTime()]], 'its next round loads once it is back');
});

t.test('the proposal’s rows: each vehicle a driver who breaks no rule, its regular one first; the warnings on its first trip', async (t) => {
  const { proposal } = propose([delivery(1), delivery(2, { direction_id: 2, direction_name: '大井方面' })], [vehicle(1, 1), vehicle(2, 2)]);
  const drivers = [
    { id: 10, default_vehicle_id: 1, delivery_company_id: 1 },
    { id: 11, default_vehicle_id: null, delivery_company_id: 1 },
    { id: 12, default_vehicle_id: null, delivery_company_id: 1 },
  ];
  const violation: RuleFinding = { rule: 'dailyBinding', level: 'violation', date: '2030-04-01', figures: { binding: 790, limit: 780 } };
  const findingsOf = (driverId: number) => (driverId === 11 ? [violation] : []);
  const rows = proposalRows(proposal, drivers, center, [], { date: '2030-04-01', findingsOf });
  t.same(rows.map((row) => [row.vehicle_id, row.driver_id]), [[1, 10], [2, 12]], 'the regular driver, then the first of the company who breaks no rule');
  t.same(rows.map((row) => row.delivery_ids.length), [1, 1]);
  t.same(rows[0]!.work_rule_warnings, [], 'no finding, no warning');
});

t.test('a proposed trip’s plan and a direction’s transfer', async (t) => {
  const ordered = [delivery(2, { direction_id: 5, load_unit: LOAD_UNIT.cageCart }), delivery(1)];
  const plan = tripPlan(center, ordered, at('09:00'));
  t.equal(plan.direction_id, 5, 'the first delivery’s direction');
  t.equal(plan.load_unit, LOAD_UNIT.cageCart, 'and load unit');
  t.ok(plan.planned_arrival > at('09:00'), 'back after it leaves');
  t.same(tripPlan(center, [], at('09:00')), { direction_id: null, load_unit: LOAD_UNIT.pallet, planned_arrival: new Date(at('09:00').getTime() + 10 * 60_000) });
  t.equal(transferTo({ direction_center_id: 3, direction_center_name: '板橋センター' }, 2), '板橋センター', 'another center’s direction: a transfer');
  t.equal(transferTo({ direction_center_id: 2, direction_center_name: '品川センター' }, 2), null, 'its own');
});
