import t from 'tap';
import { formatDateTime } from '../../common/time.js';
import { allocationWorld, at, putStops } from './allocation-fixtures.js';
import { dayAfterDemo } from './helpers.js';

// A trip’s stops: window warnings, the deliveries’ 到着予定 and 遅延見込, the planned return.

// What the tests share, set once before they run (allocation-fixtures.ts).
let { db, center, stores, newTrip, deliveriesFor } = {} as Awaited<ReturnType<typeof allocationWorld>>;
t.before(async () => {
  ({ db, center, stores, newTrip, deliveriesFor } = await allocationWorld(t));
});

t.test('a stop outside its store window gets warnings stored on it and summarised on the trip', async (t) => {
  const date = dayAfterDemo(6);
  const store = stores[6]!;
  await db.updateTable('delivery_destinations').set({ start_time: '09:00', ending_time: '10:00', specified_time: '09:30' }).where('id', '=', store.id).execute();
  const trip = await newTrip(center, date, { planned_departure: at(date, '13:00') });
  const [late] = await deliveriesFor(date, [{ store: 6 }]);
  const response = await putStops(center, trip, [late!.id]);
  t.equal(response.statusCode, 200, 'a warning, never a refusal');
  const stop = response.json().stops[0];
  t.same(stop.warnings.map((w: { code: string }) => w.code).sort(), ['allocation.warnings.lateForWindow', 'allocation.warnings.missesSpecifiedTime']);
  t.same(response.json().warnings, [{ code: 'allocation.warnings.stopsWithWarnings', params: { count: 1 } }]);
  const stored = await db.selectFrom('allocation_stops').select('warnings').where('vehicle_allocation_id', '=', trip.id).executeTakeFirstOrThrow();
  t.equal(stored.warnings.length, 2, 'stored on the stop');
  // An earlier departure clears them (arrivals recomputed when the departure moves).
  const early = await center({ method: 'PATCH', url: `/api/vehicle_allocation/${trip.id}`, payload: { version: response.json().version, planned_departure: at(date, '09:00') } });
  t.equal(early.statusCode, 200);
  t.same(early.json().stops[0].warnings, []);
  t.same(early.json().warnings, []);
  t.ok(new Date(early.json().stops[0].planned_arrival) < new Date(at(date, '09:30')));
});

t.test('a planned stop gives its deliveries their 到着予定, 遅延見込 past the store’s times; they follow the plan and clear when taken off', async (t) => {
  const date = dayAfterDemo(22);
  const [windowed, open] = [stores[7]!, stores[8]!];
  await db.updateTable('delivery_destinations').set({ start_time: '09:00', ending_time: '10:00', specified_time: null }).where('id', '=', windowed.id).execute();
  await db.updateTable('delivery_destinations').set({ start_time: null, ending_time: null, specified_time: null }).where('id', '=', open.id).execute();
  const trip = await newTrip(center, date, { planned_departure: at(date, '13:00') });
  const deliveries = await deliveriesFor(date, [{ store: 7 }, { store: 7 }, { store: 8 }]);
  const ids = deliveries.map((d) => d!.id);
  /** What the delivery list shows a planner: each delivery's 到着予定 and 遅延状況. */
  const listed = async () => {
    const response = await center({ method: 'GET', url: `/api/delivery?date_from=${date}&date_to=${date}&_start=0&_end=50` });
    t.equal(response.statusCode, 200, response.body);
    const rows: { id: number; estimated_arrival_time: string | null; delivery_delay_status: number }[] = response.json();
    return ids.map((id) => rows.find((row) => row.id === id)!).map((row) => [row.estimated_arrival_time && new Date(row.estimated_arrival_time).toISOString(), row.delivery_delay_status]);
  };
  const arrivals = (body: { stops: { planned_arrival: string }[] }) => body.stops.map((stop) => new Date(stop.planned_arrival).toISOString());

  const planned = await putStops(center, trip, ids);
  t.equal(planned.statusCode, 200, planned.body);
  const [first, second] = arrivals(planned.json());
  t.same(await listed(), [[first, 2], [first, 2], [second, 0]], 'each stop’s planned arrival; after the 10:00 window closes: 遅延見込; a store without times: 定刻');

  const earlier = await center({ method: 'PATCH', url: `/api/vehicle_allocation/${trip.id}`, payload: { version: planned.json().version, planned_departure: at(date, '08:30') } });
  t.equal(earlier.statusCode, 200, earlier.body);
  const [firstNow, secondNow] = arrivals(earlier.json());
  t.ok(new Date(firstNow!) < new Date(at(date, '10:00')), 'the earlier departure brings the first stop inside its window');
  t.same(await listed(), [[firstNow, 0], [firstNow, 0], [secondNow, 0]], 'the estimates follow the new departure: 定刻');

  const reduced = await putStops(center, earlier.json(), [ids[2]!]);
  t.equal(reduced.statusCode, 200, reduced.body);
  t.same(await listed(), [[null, 0], [null, 0], [arrivals(reduced.json())[0], 0]], 'taken off the trip: no 到着予定; the one left now comes first');
  const cancelled = await center({ method: 'DELETE', url: `/api/vehicle_allocation/${trip.id}?version=${reduced.json().version}` });
  t.equal(cancelled.statusCode, 200, cancelled.body);
  t.same(await listed(), [[null, 0], [null, 0], [null, 0]], 'a cancelled trip leaves none');
});

t.test('a round that comes back after the planned return (帰着予定) warns on the trip; a later return clears it', async (t) => {
  const date = dayAfterDemo(6);
  const trip = await newTrip(center, date, { planned_departure: at(date, '08:00'), planned_arrival: at(date, '08:20') });
  const [far, farther] = await deliveriesFor(date, [{ store: 6 }, { store: 20 }]);
  const response = await putStops(center, trip, [far!.id, farther!.id]);
  t.equal(response.statusCode, 200, 'a warning, never a refusal');
  const returnWarning = (body: { warnings: { code: string; params?: Record<string, string> }[] }) => body.warnings.find((w) => w.code === 'allocation.warnings.returnsAfterPlanned');
  const warned = returnWarning(response.json());
  const lastArrival = new Date(response.json().stops.at(-1).planned_arrival);
  t.equal(warned?.params?.planned, '08:20');
  t.ok(warned!.params!.estimated! > formatDateTime(lastArrival).slice(11), `back (${warned?.params?.estimated}) after the last stop's arrival and its 10 minutes`);
  const later = await center({ method: 'PATCH', url: `/api/vehicle_allocation/${trip.id}`, payload: { version: response.json().version, planned_arrival: at(date, '18:00') } });
  t.equal(later.statusCode, 200, later.body);
  t.equal(returnWarning(later.json()), undefined, 'cleared when the return moves past the round');
  const again = await center({ method: 'PATCH', url: `/api/vehicle_allocation/${trip.id}`, payload: { version: later.json().version, planned_arrival: at(date, '08:30') } });
  t.equal(returnWarning(again.json())?.params?.planned, '08:30', 'and back when it moves before it');
});
