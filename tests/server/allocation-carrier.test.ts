import t from 'tap';
import { allocationWorld, companyId, makeTrip } from './allocation-fixtures.js';
import { dayAfterDemo, departmentId, signedIn } from './helpers.js';

// A carrier's staff (level 5) read their own company's trips: 配車一覧, its export and a trip's detail; they write none.

let { app, db, center, fleet } = {} as Awaited<ReturnType<typeof allocationWorld>>;
t.before(async () => {
  ({ app, db, center, fleet } = await allocationWorld(t));
});

t.test('a carrier lists and opens its own company’s trips, read only; another company’s trip is not found', async (t) => {
  const date = dayAfterDemo(41);
  const own = await companyId(db, 'DC-TOTO');
  const other = (await db.selectFrom('delivery_companies').select('id').where('id', '!=', own).orderBy('id').executeTakeFirstOrThrow()).id;
  const yokohama = await departmentId(db, 'CT-YOKOHAMA');
  // Its company's trips at two centers, another company's at the first, and one with no company yet.
  const mine = await makeTrip(db, { date, department_id: fleet.center, delivery_company_id: own });
  const mineElsewhere = await makeTrip(db, { date, department_id: yokohama, delivery_company_id: own });
  const theirs = await makeTrip(db, { date, department_id: fleet.center, delivery_company_id: other });
  const unassigned = await makeTrip(db, { date, department_id: fleet.center });
  const carrier = await signedIn(app, 'carrier');

  const list = await carrier({ method: 'GET', url: `/api/vehicle_allocation?date_from=${date}&date_to=${date}` });
  t.equal(list.statusCode, 200, 'the list');
  t.same(list.json().map((trip: { id: number }) => trip.id).sort((a: number, b: number) => a - b), [mine.id, mineElsewhere.id].sort((a, b) => a - b), 'its company’s trips, at every center');
  t.equal(list.headers['x-total-count'], '2');
  // The planner of the center sees all three of its own, whoever carries them.
  const planned = (await center({ method: 'GET', url: `/api/vehicle_allocation?date_from=${date}&date_to=${date}` })).json().map((trip: { id: number }) => trip.id);
  t.ok([mine.id, theirs.id, unassigned.id].every((id) => planned.includes(id)));

  const exported = await carrier({ method: 'GET', url: `/api/vehicle_allocation/export?date_from=${date}&date_to=${date}` });
  t.equal(exported.statusCode, 200);
  t.equal(exported.body.trim().split('\n').length, 3, 'a header and its two trips');

  const detail = await carrier({ method: 'GET', url: `/api/vehicle_allocation/${mine.id}` });
  t.equal(detail.statusCode, 200);
  t.equal(detail.json().id, mine.id);
  for (const trip of [theirs, unassigned]) {
    t.equal((await carrier({ method: 'GET', url: `/api/vehicle_allocation/${trip.id}` })).statusCode, 404, 'another company’s trip, or none’s: not found');
  }

  // Nothing written: every write of a trip is refused, its own company's trip too.
  const writes = [
    { method: 'POST', url: '/api/vehicle_allocation', payload: { date, kind: 'store_direct', department_id: fleet.center } },
    { method: 'PUT', url: `/api/vehicle_allocation/${mine.id}`, payload: { version: mine.version, note: 'x' } },
    { method: 'PATCH', url: `/api/vehicle_allocation/${mine.id}`, payload: { version: mine.version } },
    { method: 'DELETE', url: `/api/vehicle_allocation/${mine.id}?version=${mine.version}` },
    { method: 'PUT', url: `/api/vehicle_allocation/${mine.id}/stops`, payload: { version: mine.version, stops: [] } },
    { method: 'POST', url: `/api/vehicle_allocation/${mine.id}/confirm`, payload: { version: mine.version } },
    { method: 'POST', url: `/api/vehicle_allocation/${mine.id}/loading_start`, payload: { version: mine.version } },
    { method: 'POST', url: '/api/vehicle_allocation/copy', payload: { department_id: fleet.center, date } },
  ] as const;
  for (const write of writes) t.equal((await carrier(write)).statusCode, 403, `${write.method} ${write.url}`);
  // The planners' day tools stay theirs.
  t.equal((await carrier({ method: 'GET', url: `/api/vehicle_allocation/board?department_id=${fleet.center}&date=${date}` })).statusCode, 403);
  const after = await db.selectFrom('vehicle_allocations').select(['version', 'status', 'confirmed_at']).where('id', '=', mine.id).executeTakeFirstOrThrow();
  t.same(after, { version: mine.version, status: mine.status, confirmed_at: null }, 'the trip unchanged');
});
