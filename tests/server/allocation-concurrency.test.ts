import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import t from 'tap';
import type { Db } from '../../db/index.js';
import { fleetOf, makeDelivery, makeTrip, onPostgres, race, storesOf } from './allocation-fixtures.js';
import { demoApp, signedIn } from './helpers.js';

// On PostgreSQL the two requests of each race really overlap (see `race`); on PGlite they run one
// after the other, where the same outcome must hold: exactly one wins, the other is refused.

type Api = (options: InjectOptions) => Promise<LightMyRequestResponse>;

let app: FastifyInstance;
let db: Db;
let api: Api;
let fleet: Awaited<ReturnType<typeof fleetOf>>;

t.before(async () => {
  ({ app, db } = await demoApp(t));
  api = await signedIn(app, 'center');
  fleet = await fleetOf(db, 'CT-SHINAGAWA');
});

const at = (date: string, time: string) => new Date(`${date}T${time}:00+09:00`);
const statuses = (responses: LightMyRequestResponse[]) => responses.map((r) => r.statusCode).sort();

/** Two trips of a day whose planned windows overlap, with nothing assigned yet. */
async function overlappingPair(date: string) {
  const window = (from: string, to: string) => ({ planned_loading_start: at(date, from), planned_arrival: at(date, to) });
  const a = await makeTrip(db, { date, department_id: fleet.center, ...window('06:00', '12:00') });
  const b = await makeTrip(db, { date, department_id: fleet.center, ...window('10:00', '16:00') });
  return [a, b] as const;
}

for (const field of ['vehicle_id', 'driver_id'] as const) {
  t.test(`two trips given the same ${field} for overlapping windows at the same time: exactly one wins`, async (t) => {
    const outcomes: string[] = [];
    for (let round = 0; round < 4; round++) {
      const date = `2027-01-${String(round + 1 + (field === 'driver_id' ? 10 : 0)).padStart(2, '0')}`;
      const [a, b] = await overlappingPair(date);
      const value = field === 'vehicle_id' ? fleet.vehicles[round]!.id : fleet.drivers[round]!.id;
      const assign = (trip: { id: number; version: number }) => () =>
        api({ method: 'PATCH', url: `/api/vehicle_allocation/${trip.id}`, payload: { version: trip.version, [field]: value } });
      const [first, second] = round % 2 === 0 ? await race(db, 'vehicle_allocations', assign(a), assign(b)) : await race(db, 'vehicle_allocations', assign(b), assign(a));
      outcomes.push(`${first.statusCode}/${second.statusCode}`);
      t.same(statuses([first, second]), [200, 409], `round ${round}`);
      const refused = first.statusCode === 409 ? first : second;
      t.match(refused.json().message, field === 'vehicle_id' ? /この車両は同じ時間帯に便\d+/ : /このドライバーは同じ時間帯に便\d+/);
      const holders = await db.selectFrom('vehicle_allocations').select('id').where(field, '=', value).where('date', '=', date).execute();
      t.equal(holders.length, 1, 'one trip holds it');
    }
    if (onPostgres) t.same(outcomes, ['200/409', '200/409', '200/409', '200/409'], 'the held request wins each race');
  });
}

t.test('two simultaneous creates with the same vehicle at overlapping times: one 201, one 409', async (t) => {
  const date = '2027-01-21';
  const create = (from: string, to: string) =>
    api({
      method: 'POST',
      url: '/api/vehicle_allocation',
      payload: { date, kind: 'store_direct', department_id: fleet.center, vehicle_id: fleet.vehicles[5]!.id, planned_loading_start: at(date, from).toISOString(), planned_arrival: at(date, to).toISOString() },
    });
  const responses = await Promise.all([create('06:00', '12:00'), create('08:00', '14:00'), create('11:00', '13:00')]);
  t.same(statuses(responses), [201, 409, 409]);
  const trips = await db.selectFrom('vehicle_allocations').select(['trip_no']).where('date', '=', date).execute();
  t.equal(trips.length, 1);
});

t.test('two stop lists for the same trip and version at the same time: one wins, nothing of it is lost', async (t) => {
  const date = '2027-01-22';
  const stores = await storesOf(db, 'CT-SHINAGAWA');
  const trip = await makeTrip(db, { date, department_id: fleet.center });
  const deliveries = [];
  for (const store of stores.slice(0, 6)) deliveries.push(await makeDelivery(db, { date, department_id: fleet.center, delivery_destination_id: store.id }));
  const mine = deliveries.slice(0, 3).map((d) => d.id);
  const theirs = deliveries.slice(3).map((d) => d.id);
  const put = (ids: number[]) => () =>
    api({ method: 'PUT', url: `/api/vehicle_allocation/${trip.id}/stops`, payload: { version: trip.version, stops: ids.map((delivery_id, i) => ({ delivery_id, seq: i + 1 })) } });
  const [first, second] = await race(db, 'deliveries', put(mine), put(theirs));
  t.same(statuses([first, second]), [200, 409]);
  const winner = first.statusCode === 200 ? mine : theirs;
  const loser = first.statusCode === 200 ? theirs : mine;
  const rows = await db.selectFrom('deliveries').select(['id', 'vehicle_allocation_id', 'status']).where('date', '=', date).orderBy('id').execute();
  t.same(rows.filter((r) => r.vehicle_allocation_id === trip.id).map((r) => r.id), winner, "the winner's list, whole");
  t.ok(rows.filter((r) => loser.includes(r.id)).every((r) => r.vehicle_allocation_id === null && r.status === 0), "none of the loser's");
  const stops = await db.selectFrom('allocation_stops').select('seq').where('vehicle_allocation_id', '=', trip.id).execute();
  t.equal(stops.length, 3);
});

t.test('two trips taking the same delivery at the same time: one gets it, the other 409', async (t) => {
  const date = '2027-01-23';
  const [store] = await storesOf(db, 'CT-SHINAGAWA');
  const a = await makeTrip(db, { date, department_id: fleet.center });
  const b = await makeTrip(db, { date, department_id: fleet.center });
  const delivery = await makeDelivery(db, { date, department_id: fleet.center, delivery_destination_id: store!.id });
  const take = (trip: { id: number; version: number }) => () =>
    api({ method: 'PUT', url: `/api/vehicle_allocation/${trip.id}/stops`, payload: { version: trip.version, stops: [{ delivery_id: delivery.id, seq: 1 }] } });
  const [first, second] = await race(db, 'vehicle_allocations', take(a), take(b));
  t.same(statuses([first, second]), [200, 409]);
  const refused = first.statusCode === 409 ? first : second;
  t.match(refused.json().message, /他の便に配車されています/);
  const row = await db.selectFrom('deliveries').select('vehicle_allocation_id').where('id', '=', delivery.id).executeTakeFirstOrThrow();
  const stopsOn = await db.selectFrom('allocation_stops').select('vehicle_allocation_id').where('vehicle_allocation_id', 'in', [a.id, b.id]).execute();
  t.same(stopsOn.map((s) => s.vehicle_allocation_id), [row.vehicle_allocation_id], 'one stop, on the trip holding the delivery');
});
