/**
 * The assignment check: a trip's planned times with its driver's recorded days and other planned
 * trips against the 2024 working-time rules; findings stored on the trip as warnings, saving allowed.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import t from 'tap';
import type { Db } from '../../db/index.js';
import { fleetOf, makeDelivery, storesOf } from './allocation-fixtures.js';
import { demoApp, signedIn } from './helpers.js';
import { assignmentFindings, plannedDay } from '../../server/allocation/work-rules.js';

type Api = (options: InjectOptions) => Promise<LightMyRequestResponse>;
type Warning = { code: string; params?: Record<string, string | number> };

const { app, db } = await demoApp(t);
const center: Api = await signedIn(app, 'center');
const fleet = await fleetOf(db, 'CT-SHINAGAWA');
const stores = await storesOf(db, 'CT-SHINAGAWA');

const at = (date: string, time: string) => `${date}T${time}:00+09:00`;
const ours = (warnings: Warning[]) => warnings.filter((w) => w.code.startsWith('workRules.'));

async function record(dbh: Db, driverId: number, date: string, clockIn: string, clockOut: string) {
  await dbh
    .insertInto('driver_work_records')
    .values({ driver_id: driverId, date, clock_in: at(date, clockIn), clock_out: at(date, clockOut), departure_at: at(date, clockIn), return_at: at(date, clockOut) })
    .execute();
}

async function create(body: Record<string, unknown>) {
  const response = await center({ method: 'POST', url: '/api/vehicle_allocation', payload: { kind: 'store_direct', department_id: fleet.center, ...body } });
  t.equal(response.statusCode, 201, `create: ${response.body}`);
  return response.json();
}

const stored = async (id: number) => (await db.selectFrom('vehicle_allocations').select('warnings').where('id', '=', id).executeTakeFirstOrThrow()).warnings;

t.test('a planned trip making 15 h 1 min of binding with the recorded day stores a violation; saving succeeds', async (t) => {
  const date = '2026-12-15';
  const driver = fleet.drivers[0]!;
  await record(db, driver.id, date, '05:00', '11:00');
  const trip = await create({ date, driver_id: driver.id, planned_loading_start: at(date, '12:00'), planned_arrival: at(date, '20:01') });
  const expected = { code: 'workRules.dailyBinding', params: { level: 'violation', date, binding: 901, limit: 900 } };
  t.same(ours(trip.warnings), [expected], 'in the create response');
  t.same(ours(await stored(trip.id)), [expected], 'stored on the trip');
  const shown = await center({ method: 'GET', url: `/api/vehicle_allocation/${trip.id}` });
  t.same(ours(shown.json().warnings), [expected], 'in the trip as read back');

  // One minute earlier: 15 h exactly is a warning; back to 17:00 (12 h) clears it.
  const fifteen = await center({ method: 'PATCH', url: `/api/vehicle_allocation/${trip.id}`, payload: { version: trip.version, planned_arrival: at(date, '20:00') } });
  t.equal(fifteen.statusCode, 200);
  t.same(ours(fifteen.json().warnings), [{ code: 'workRules.dailyBinding', params: { level: 'warning', date, binding: 900, limit: 780 } }]);
  const short = await center({ method: 'PATCH', url: `/api/vehicle_allocation/${trip.id}`, payload: { version: fifteen.json().version, planned_arrival: at(date, '17:00') } });
  t.same(ours(short.json().warnings), []);
});

t.test('a harmless trip stores none; a driver removed takes the warnings away', async (t) => {
  const date = '2026-12-16';
  const driver = fleet.drivers[1]!;
  await record(db, driver.id, '2026-12-15', '06:00', '15:00');
  const harmless = await create({ date, driver_id: driver.id, planned_loading_start: at(date, '08:00'), planned_arrival: at(date, '16:00') });
  t.same(ours(harmless.warnings), []);
  t.same(ours(await stored(harmless.id)), []);

  // Too little rest after a recorded day (15:00 → 23:30 is 8 h 30 min): a violation on the trip's day,
  // which is the trip's date even though it starts the evening before.
  await record(db, driver.id, '2026-12-19', '06:00', '15:00');
  const other = await create({ date: '2026-12-20', driver_id: fleet.drivers[2]!.id, planned_loading_start: at('2026-12-19', '23:30'), planned_arrival: at('2026-12-20', '05:00') });
  t.same(ours(other.warnings), [], 'another driver: nothing');
  const early = await create({ date: '2026-12-20', driver_id: driver.id, planned_loading_start: at('2026-12-19', '23:30'), planned_arrival: at('2026-12-20', '05:00') });
  // The recorded day's 24 h from 06:00 also take in 23:30-05:00: 9 h + 5 h 30 min, a warning on the day before.
  t.same(ours(early.warnings), [
    { code: 'workRules.dailyBinding', params: { level: 'warning', date: '2026-12-19', binding: 870, limit: 780 } },
    { code: 'workRules.restBetweenShifts', params: { level: 'violation', date: '2026-12-20', rest: 510, limit: 540 } },
  ]);
  const removed = await center({ method: 'PATCH', url: `/api/vehicle_allocation/${early.id}`, payload: { version: early.version, driver_id: null } });
  t.equal(removed.statusCode, 200);
  t.same(ours(removed.json().warnings), []);
});

t.test('rebuilding the stops keeps the working-time warnings beside the stops’ summary', async (t) => {
  const date = '2026-12-17';
  const driver = fleet.drivers[3] ?? fleet.drivers[0]!;
  await record(db, driver.id, date, '04:00', '10:00');
  const trip = await create({ date, driver_id: driver.id, direction_id: stores[0]!.direction_id, planned_loading_start: at(date, '10:30'), planned_departure: at(date, '11:00'), planned_arrival: at(date, '19:30') });
  t.same(ours(trip.warnings).map((w) => [w.code, w.params?.level]), [['workRules.dailyBinding', 'violation']]);
  const delivery = await makeDelivery(db, { date, department_id: fleet.center, delivery_destination_id: stores[0]!.id });
  const put = await center({ method: 'PUT', url: `/api/vehicle_allocation/${trip.id}/stops`, payload: { version: trip.version, stops: [{ delivery_id: delivery.id, seq: 1 }] } });
  t.equal(put.statusCode, 200, put.body);
  t.same(ours(put.json().warnings).map((w) => [w.code, w.params?.level]), [['workRules.dailyBinding', 'violation']]);
});

t.test('what a trip brings: only findings that are not there without it, one per rule, no continuous driving', async (t) => {
  const day = (date: string, from: string, to: string) => ({
    date,
    clockIn: new Date(at(date, from)).toISOString(),
    clockOut: new Date(at(date, to)).toISOString(),
    breaks: [],
    breakMinutes: 0,
    departureAt: new Date(at(date, from)).toISOString(),
    returnAt: new Date(at(date, to)).toISOString(),
  });
  // A November already over 284 h (22 days of 13 h = 286 h) before the trip.
  const november = Array.from({ length: 22 }, (_, i) => day(`2026-11-${String(i + 1).padStart(2, '0')}`, '06:00', '19:00'));
  const trip = plannedDay({ date: '2026-11-28', planned_loading_start: new Date(at('2026-11-28', '08:00')), planned_departure: null, planned_arrival: new Date(at('2026-11-28', '14:00')) })!;
  const brought = assignmentFindings(november, trip, false);
  t.same(
    brought.map((f) => [f.rule, f.level, f.date, f.figures.binding]),
    [['monthlyBinding', 'violation', '2026-11-28', 286 * 60 + 360]],
    'a day added to an exceeded month is flagged on that day; the 6 h of driving is not judged as continuous',
  );
  t.same(assignmentFindings(november, trip, true), [], 'with the agreement (310 h) it is within');
  // The day before already violated on its own: the trip, on a day apart, brings nothing for it.
  const alone = [day('2026-12-01', '04:00', '20:00')];
  const apart = plannedDay({ date: '2026-12-02', planned_loading_start: new Date(at('2026-12-02', '08:00')), planned_departure: null, planned_arrival: new Date(at('2026-12-02', '12:00')) })!;
  t.same(assignmentFindings(alone, apart, false), []);
});

t.test('the form asks before saving: the warnings the trip would carry, nothing written', async (t) => {
  const date = '2026-12-22';
  const driver = fleet.drivers[0]!;
  await record(db, driver.id, date, '05:00', '11:00');
  const ask = (body: Record<string, unknown>) => center({ method: 'POST', url: '/api/vehicle_allocation/work_rules', payload: { date, driver_id: driver.id, ...body } });
  const violating = await ask({ planned_loading_start: at(date, '12:00'), planned_arrival: at(date, '20:01') });
  t.equal(violating.statusCode, 200);
  t.same(violating.json(), { warnings: [{ code: 'workRules.dailyBinding', params: { level: 'violation', date, binding: 901, limit: 900 } }] });
  t.same((await ask({ planned_loading_start: at(date, '12:00'), planned_arrival: at(date, '17:00') })).json(), { warnings: [] });
  t.same((await ask({ planned_loading_start: null, planned_arrival: at(date, '17:00') })).json(), { warnings: [] }, 'incomplete times: nothing to check');

  // Editing a saved trip: it is left out of the driver's other trips (else it would overlap itself).
  const saved = await create({ date, driver_id: driver.id, planned_loading_start: at(date, '12:00'), planned_arrival: at(date, '17:00') });
  const moved = await ask({ trip_id: saved.id, planned_loading_start: at(date, '12:00'), planned_arrival: at(date, '20:01') });
  t.same(moved.json().warnings.map((w: Warning) => w.params?.binding), [901]);
  // Another trip (the saved one, 12:00-17:00) counts: with it, 05:00-18:00 is 13 h exactly, 18:01 is over.
  t.same((await ask({ planned_loading_start: at(date, '17:00'), planned_arrival: at(date, '18:00') })).json(), { warnings: [] });
  const over = await ask({ planned_loading_start: at(date, '17:00'), planned_arrival: at(date, '18:01') });
  t.same(over.json().warnings, [{ code: 'workRules.dailyBinding', params: { level: 'warning', date, binding: 781, limit: 780 } }]);

  // A driver the caller cannot see: 400 naming the field.
  const elsewhere = await db
    .selectFrom('drivers')
    .select('id')
    .where('base_department_id', '<>', fleet.center)
    .where('delivery_company_id', 'is not', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const hidden = await ask({ driver_id: elsewhere.id, planned_loading_start: at(date, '12:00'), planned_arrival: at(date, '20:01') });
  t.equal(hidden.statusCode, 400);
  t.same(Object.keys(hidden.json().errors ?? {}), ['driver_id']);
  t.equal((await ask({ planned_arrival: 'tomorrow' })).statusCode, 400);
});
