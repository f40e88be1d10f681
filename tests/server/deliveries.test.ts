import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import iconv from 'iconv-lite';
import { type KyselyPlugin, sql } from 'kysely';
import t from 'tap';
import { addDays } from '../../common/deliveries.js';
import type { Db } from '../../db/index.js';
import { findActor } from '../../server/auth/actor.js';
import { listDeliveries } from '../../server/deliveries/repository.js';
import { demoApp, demoDay, departmentId, signedIn } from './helpers.js';

type Client = (options: InjectOptions) => Promise<LightMyRequestResponse>;
interface Row {
  id: number;
  version: number;
  date: string;
  department_id: number;
  slip_number: string;
  status: number;
  quantity: number;
  load_unit: number;
  weight: number | null;
  delivery_delay_status: number;
  vehicle_allocation_id: number | null;
  stop_seq: number | null;
  delivery_company_id: number | null;
  delivery_company_name: string | null;
  vehicle_number: string | null;
  department_name: string;
  driver_id: number | null;
  driver_name: string | null;
  delivery_route: string | null;
  route_name: string | null;
  trip_no: number | null;
  store_name: string;
  planned_departure: string | null;
  estimated_arrival_time: string | null;
}

const today = demoDay;
const from = addDays(today, -14);
const to = addDays(today, 14);
const range = `date_from=${from}&date_to=${to}`;

let app: FastifyInstance;
let db: Db;
let center: Client;
let branch: Client;
let carrier: Client;
let superAdmin: Client;
let shinagawa: number;
let itabashi: number;

const list = (client: Client, query: string) => client({ method: 'GET', url: `/api/delivery?${query}` });
const rows = (response: LightMyRequestResponse) => response.json() as Row[];
const count = async (where: ReturnType<typeof sql>) => {
  const { rows: result } = await sql<{ n: number }>`select count(*)::integer as n from deliveries d where d.deleted_at is null and d.date between ${from} and ${to} and ${where}`.execute(db);
  return result[0]!.n;
};

t.before(async () => {
  ({ app, db } = await demoApp(t));
  [center, branch, carrier, superAdmin] = await Promise.all(['center', 'branch', 'carrier', 'super'].map((login) => signedIn(app, login)));
  shinagawa = await departmentId(db, 'CT-SHINAGAWA');
  itabashi = await departmentId(db, 'CT-ITABASHI');
});

t.test('the date range is required, real, in order and at most 31 days', async (t) => {
  const missing = await list(center, `date_from=${today}`);
  t.equal(missing.statusCode, 400);
  t.match(missing.json().errors.date_to, /終了日/);
  const long = await list(center, `date_from=${today}&date_to=${addDays(today, 31)}`);
  t.equal(long.statusCode, 400);
  t.match(long.json().errors.date_to, /31日以内/);
  t.equal((await list(center, `date_from=${today}&date_to=${addDays(today, 30)}`)).statusCode, 200, '31 days, both ends included');
  const reversed = await list(center, `date_from=${today}&date_to=${addDays(today, -1)}`);
  t.equal(reversed.statusCode, 400);
  t.match(reversed.json().errors.date_to, /開始日以降/);
  const unreal = await list(center, `date_from=2026-02-30&date_to=2026-03-01`);
  t.equal(unreal.statusCode, 400);
  t.ok(unreal.json().errors.date_from);
  const english = await center({ method: 'GET', url: `/api/delivery?date_from=${today}&date_to=${addDays(today, 40)}`, headers: { 'accept-language': 'en' } });
  t.match(english.json().errors.date_to, /at most 31 days/);
  t.equal((await center({ method: 'GET', url: `/api/delivery/export?date_from=${today}&date_to=${addDays(today, 40)}` })).statusCode, 400, 'the export too');
});

t.test('a center sees its own deliveries, paged and sorted, with the names joined', async (t) => {
  const page = await list(center, `${range}&_start=0&_end=50`);
  t.equal(page.statusCode, 200);
  t.equal(Number(page.headers['x-total-count']), await count(sql`d.department_id = ${shinagawa}`));
  t.equal(rows(page).length, 50);
  t.ok(rows(page).every((row) => row.department_id === shinagawa));
  const dates = rows(page).map((row) => `${row.date}/${String(row.id).padStart(9, '0')}`);
  t.same(dates, [...dates].sort(), 'by date, then id');
  const onTrip = rows(page).find((row) => row.vehicle_allocation_id !== null)!;
  t.ok(onTrip.driver_name && onTrip.delivery_route && onTrip.store_name, 'trip and store names joined');
  t.ok(onTrip.delivery_route === `便${onTrip.trip_no}` || !onTrip.delivery_route!.startsWith('便'));
  // Each name is its own row's: the center's, and the trip's vehicle, company, driver and 出発予定, read here apart.
  const { rows: names } = await sql<Pick<Row, 'vehicle_allocation_id' | 'vehicle_number' | 'delivery_company_name' | 'driver_name' | 'planned_departure'>>`
    select va.id as vehicle_allocation_id, v.vehicle_number, dc.name as delivery_company_name, dr.name as driver_name,
      to_char(va.planned_departure at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as planned_departure
    from vehicle_allocations va join vehicles v on v.id = va.vehicle_id join delivery_companies dc on dc.id = va.delivery_company_id
    join drivers dr on dr.id = va.driver_id`.execute(db);
  const trips = new Map(names.map((trip) => [trip.vehicle_allocation_id, trip]));
  // A wide page of every center's reported deliveries: many trips, most on vehicles whose ids are not their drivers'.
  const allocated = rows(await list(superAdmin, `${range}&status=3&_start=0&_end=500`));
  t.ok(new Set(allocated.map((row) => row.vehicle_number)).size > 3, 'rows on several vehicles');
  for (const row of allocated) {
    const { vehicle_allocation_id, vehicle_number, delivery_company_name, driver_name } = row;
    const planned_departure = row.planned_departure && new Date(row.planned_departure).toISOString();
    t.same({ vehicle_allocation_id, vehicle_number, delivery_company_name, driver_name, planned_departure }, trips.get(row.vehicle_allocation_id), `delivery ${row.id}`);
  }
  t.ok(rows(page).every((row) => row.department_name === '品川センター'));

  const bySlip = rows(await list(center, `${range}&_sort=slip_number&_order=desc&_end=30`)).map((row) => row.slip_number);
  t.same(bySlip, [...bySlip].sort().reverse());
  const byStore = rows(await list(center, `${range}&_sort=store_name&_end=30`)).map((row) => row.store_name);
  t.same(byStore, [...byStore].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  for (const sort of ['estimated_arrival_time', 'status', 'delivery_route', 'driver_name']) {
    t.equal((await list(center, `${range}&_sort=${sort}&_order=desc`)).statusCode, 200, sort);
  }
  t.equal((await list(center, `${range}&_sort=password_hash`)).statusCode, 400, 'an unknown sort is refused');
});

t.test('every sort orders the whole page, both ways, then by date and id', async (t) => {
  type Key = 'slip_number' | 'date' | 'estimated_arrival_time' | 'status' | 'store_name' | 'delivery_route' | 'driver_name';
  const sorts: Key[] = ['slip_number', 'date', 'estimated_arrival_time', 'status', 'store_name', 'delivery_route', 'driver_name'];
  // PostgreSQL's defaults: nulls last going up, first going down; text by code point (the C collation).
  const compare = (a: string | number | null, b: string | number | null) =>
    a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1;
  for (const sort of sorts) {
    for (const order of ['asc', 'desc'] as const) {
      // Deliveries on trips and not yet allocated: routes, drivers and arrival times to sort, and nulls.
      const page = rows(await list(center, `${range}&status=0&status=1&status=3&_sort=${sort}&_order=${order}&_start=0&_end=500`));
      t.equal(page.length, 500, `${sort} ${order}: a full page`);
      t.ok(new Set(page.map((row) => row[sort])).size > 1, `${sort} ${order}: more than one value on the page`);
      const sign = order === 'asc' ? 1 : -1;
      const inOrder = page.every((row, i) => {
        if (i === 0) return true;
        const before = page[i - 1]!;
        const bySort = sign * compare(before[sort], row[sort]);
        const byDate = sign * compare(before.date, row.date);
        return bySort < 0 || (bySort === 0 && (byDate < 0 || (byDate === 0 && sign * (before.id - row.id) < 0)));
      });
      t.ok(inOrder, `${sort} ${order}: in order`);
    }
  }
});

t.test('a row of the list reads as the single delivery does', async (t) => {
  const reported = rows(await list(center, `${range}&status=3&_end=20`));
  const planned = rows(await list(center, `${range}&status=1&_end=20`));
  t.ok(reported.some((row) => row.estimated_arrival_time !== null), 'rows with timestamps');
  for (const row of [...reported, ...planned]) {
    const single = (await center({ method: 'GET', url: `/api/delivery/${row.id}` })).json() as Record<string, unknown>;
    const shared = Object.fromEntries(Object.keys(row).map((key) => [key, single[key]]));
    t.same(row, shared, `delivery ${row.id}`);
  }
});

t.test('a page of the list is one statement carrying its total; an empty page past the end counts apart', async (t) => {
  let statements = 0;
  const counting: KyselyPlugin = {
    transformQuery: (args) => args.node,
    // Once per statement run (transformQuery also sees each subquery built with the plugin).
    transformResult: async (args) => {
      statements++;
      return args.result;
    },
  };
  const user = await db.selectFrom('users').select('id').where('login_id', '=', 'center').executeTakeFirstOrThrow();
  const actor = (await findActor(db, user.id))!;
  const total = await count(sql`d.department_id = ${shinagawa}`);
  t.ok(total > 60, 'more than a page');
  for (const [start, end, expected] of [[0, 50, 1], [total - 3, total + 7, 1], [total, total + 10, 2], [total + 5, total + 55, 2]] as const) {
    statements = 0;
    const page = await listDeliveries(db.withPlugin(counting), actor, { date_from: from, date_to: to, _start: start, _end: end, _sort: 'slip_number' });
    t.equal(page.total, total, `rows ${start}-${end}: the exact total`);
    t.equal(page.rows.length, Math.max(0, Math.min(end, total) - start));
    t.equal(statements, expected, `rows ${start}-${end}: ${expected} statement(s)`);
  }
});

t.test('every filter narrows the list on the server', async (t) => {
  const delivered = await list(center, `${range}&status=3&_end=500`);
  t.ok(rows(delivered).length > 0 && rows(delivered).every((row) => row.status === 3));
  t.equal(Number(delivered.headers['x-total-count']), await count(sql`d.department_id = ${shinagawa} and d.status = 3`));
  const two = await list(center, `${range}&status=0&status=1`);
  t.equal(Number(two.headers['x-total-count']), await count(sql`d.department_id = ${shinagawa} and d.status in (0, 1)`), 'status repeats');
  const delayed = rows(await list(center, `${range}&delivery_delay_status=1&_end=500`));
  t.ok(delayed.length > 0 && delayed.every((row) => row.delivery_delay_status === 1));

  const sample = rows(await list(center, `${range}&status=3&_end=1`))[0]!;
  const byTrip = rows(await list(center, `${range}&vehicle_allocation_id=${sample.vehicle_allocation_id}&_end=500`));
  t.ok(byTrip.length > 0 && byTrip.every((row) => row.vehicle_allocation_id === sample.vehicle_allocation_id));
  const byDriver = rows(await list(center, `${range}&driver_id=${sample.driver_id}&_end=500`));
  t.ok(byDriver.length >= byTrip.length && byDriver.every((row) => row.driver_id === sample.driver_id));
  const byCompany = await list(superAdmin, `${range}&delivery_company_id=${sample.delivery_company_id}&_end=1`);
  t.equal(
    Number(byCompany.headers['x-total-count']),
    await count(sql`d.vehicle_allocation_id in (select id from vehicle_allocations where delivery_company_id = ${sample.delivery_company_id})`),
  );
  const bySlip = rows(await list(center, `${range}&q=${encodeURIComponent(sample.slip_number)}`));
  t.same(bySlip.map((row) => row.id), [sample.id], 'q finds a slip number');
  const store = sample.store_name.split(' ')[1]!;
  const byStore = rows(await list(center, `${range}&q=${encodeURIComponent(store)}&_end=500`));
  t.ok(byStore.length > 0 && byStore.every((row) => row.store_name.includes(store)), 'q finds a store name');

  const branchItabashi = await list(branch, `${range}&department_id=${itabashi}&_end=500`);
  t.ok(rows(branchItabashi).length > 0 && rows(branchItabashi).every((row) => row.department_id === itabashi), 'a center of the subtree');
  const branchAll = await list(branch, `${range}&_end=1`);
  t.equal(Number(branchAll.headers['x-total-count']), await count(sql`d.department_id in (${shinagawa}, ${itabashi})`), 'a branch sees its two centers');
  const outside = await list(center, `${range}&department_id=${itabashi}`);
  t.equal(outside.headers['x-total-count'], '0', 'a filter outside the scope finds nothing');
});

t.test('carriers see only the deliveries on their company trips and cannot write', async (t) => {
  const company = await db.selectFrom('delivery_companies').select('id').where('code', '=', 'DC-TOTO').executeTakeFirstOrThrow();
  const page = await list(carrier, `${range}&_end=500`);
  t.equal(page.statusCode, 200);
  t.ok(rows(page).length > 0 && rows(page).every((row) => row.delivery_company_id === company.id));
  t.equal(
    Number(page.headers['x-total-count']),
    await count(sql`d.vehicle_allocation_id in (select id from vehicle_allocations where delivery_company_id = ${company.id})`),
  );
  const unallocated = await db.selectFrom('deliveries').select('id').where('vehicle_allocation_id', 'is', null).executeTakeFirstOrThrow();
  t.equal((await carrier({ method: 'GET', url: `/api/delivery/${unallocated.id}` })).statusCode, 404, 'not on their trips: 404');
  t.equal((await carrier({ method: 'GET', url: `/api/delivery/${rows(page)[0]!.id}` })).statusCode, 200);
  const store = await db.selectFrom('delivery_destinations').select('id').executeTakeFirstOrThrow();
  const create = await carrier({
    method: 'POST',
    url: '/api/delivery',
    payload: { date: today, department_id: shinagawa, delivery_destination_id: store.id, slip_number: 'X-1', quantity: 1, load_unit: 1 },
  });
  t.equal(create.statusCode, 403);
  t.equal((await carrier({ method: 'POST', url: '/api/delivery/delete', payload: { ids: [unallocated.id] } })).statusCode, 403);
  t.equal((await carrier({ method: 'DELETE', url: `/api/delivery/${rows(page)[0]!.id}?version=1` })).statusCode, 403);
});

t.test('a single delivery with its trip and stop; outside the subtree is a 404', async (t) => {
  const delivered = rows(await list(center, `${range}&status=3&_end=1`))[0]!;
  const detail = await center({ method: 'GET', url: `/api/delivery/${delivered.id}` });
  t.equal(detail.statusCode, 200);
  const body = detail.json();
  t.equal(body.trip.id, delivered.vehicle_allocation_id);
  t.equal(body.trip.status, 3);
  t.equal(body.stop.seq, delivered.stop_seq);
  t.ok(body.stop.arrived_at && body.stop.arrival_latitude, 'the driver reports');
  t.notOk('password_hash' in body);
  const free = rows(await list(center, `${range}&status=0&_end=1`))[0]!;
  const plain = (await center({ method: 'GET', url: `/api/delivery/${free.id}` })).json();
  t.equal(plain.trip, null);
  t.equal(plain.stop, null);
  const other = await db.selectFrom('deliveries').select('id').where('department_id', '=', itabashi).executeTakeFirstOrThrow();
  t.equal((await center({ method: 'GET', url: `/api/delivery/${other.id}` })).statusCode, 404);
  t.equal((await center({ method: 'GET', url: '/api/delivery/99999999' })).statusCode, 404);
});

t.test('create, update with version, delete; deliveries on a trip stay put', async (t) => {
  const store = await db
    .selectFrom('delivery_destinations as dd')
    .innerJoin('directions as dir', 'dir.id', 'dd.direction_id')
    .select('dd.id')
    .where('dir.department_id', '=', shinagawa)
    .executeTakeFirstOrThrow();
  const day = addDays(today, 20);
  const body = { date: day, department_id: shinagawa, delivery_destination_id: store.id, slip_number: 'T-0001', quantity: 3, load_unit: 1, item_name: 'テスト品' };
  const created = await center({ method: 'POST', url: '/api/delivery', payload: body });
  t.equal(created.statusCode, 201);
  const row = created.json();
  t.match(row, { date: day, slip_number: 'T-0001', status: 0, version: 1, store_name: String, department_name: '品川センター' });
  t.equal((await center({ method: 'POST', url: '/api/delivery', payload: body })).statusCode, 409, 'the same date, slip and item');
  const elsewhere = await center({ method: 'POST', url: '/api/delivery', payload: { ...body, slip_number: 'T-0002', department_id: itabashi } });
  t.equal(elsewhere.statusCode, 400);
  t.ok(elsewhere.json().errors.department_id, 'a center outside the subtree');
  const branchDept = await departmentId(db, 'BR-TOKYO');
  const notCenter = await superAdmin({ method: 'POST', url: '/api/delivery', payload: { ...body, slip_number: 'T-0003', department_id: branchDept } });
  t.match(notCenter.json().errors.department_id, /センター/);
  const badDate = await center({ method: 'POST', url: '/api/delivery', payload: { ...body, slip_number: 'T-0004', date: '2026-02-31' } });
  t.equal(badDate.statusCode, 400);
  t.ok(badDate.json().errors.date);
  const negative = await center({ method: 'POST', url: '/api/delivery', payload: { ...body, slip_number: 'T-0005', quantity: -1 } });
  t.equal(negative.statusCode, 400);
  t.ok(negative.json().errors.quantity);

  const put = await center({ method: 'PUT', url: `/api/delivery/${row.id}`, payload: { ...body, version: 1, quantity: 5 } });
  t.equal(put.statusCode, 200);
  t.match(put.json(), { quantity: 5, version: 2 });
  const stale = await center({ method: 'PATCH', url: `/api/delivery/${row.id}`, payload: { version: 1, quantity: 9 } });
  t.equal(stale.statusCode, 409, 'a stale version');
  t.equal((await center({ method: 'GET', url: `/api/delivery/${row.id}` })).json().quantity, 5, 'changed nothing');
  const patched = await center({ method: 'PATCH', url: `/api/delivery/${row.id}`, payload: { version: 2, item_name: null, weight: 12.5 } });
  t.match(patched.json(), { item_name: null, weight: 12.5, version: 3 });

  t.equal((await center({ method: 'DELETE', url: `/api/delivery/${row.id}` })).statusCode, 400, 'delete needs the version');
  t.equal((await center({ method: 'DELETE', url: `/api/delivery/${row.id}?version=2` })).statusCode, 409);
  const deleted = await center({ method: 'DELETE', url: `/api/delivery/${row.id}?version=3` });
  t.equal(deleted.statusCode, 200);
  t.equal((await center({ method: 'GET', url: `/api/delivery/${row.id}` })).statusCode, 404);

  const onTrip = rows(await list(center, `${range}&status=1&_end=1`))[0]!;
  const moved = await center({ method: 'PATCH', url: `/api/delivery/${onTrip.id}`, payload: { version: onTrip.version, date: addDays(onTrip.date, 1) } });
  t.equal(moved.statusCode, 409);
  t.match(moved.json().message, /配車から外して/);
  for (const change of [{ quantity: onTrip.quantity + 1 }, { weight: (onTrip.weight ?? 0) + 100 }, { load_unit: 1 - onTrip.load_unit }]) {
    const load = await center({ method: 'PATCH', url: `/api/delivery/${onTrip.id}`, payload: { version: onTrip.version, ...change } });
    t.equal(load.statusCode, 409, `what the trip's capacity counted stays: ${Object.keys(change)[0]}`);
  }
  const ownField = await center({ method: 'PATCH', url: `/api/delivery/${onTrip.id}`, payload: { version: onTrip.version, order_number: 'PO-CHANGED' } });
  t.equal(ownField.statusCode, 200, 'its own fields may change');
  const refused = await center({ method: 'DELETE', url: `/api/delivery/${onTrip.id}`, payload: { version: onTrip.version + 1 } });
  t.equal(refused.statusCode, 409);
  t.match(refused.json().message, onTrip.slip_number);
});

t.test('bulk delete is all or nothing', async (t) => {
  const free = rows(await list(center, `${range}&status=0&_end=3`));
  const onTrip = rows(await list(center, `${range}&status=1&_end=1`))[0]!;
  const mixed = await center({ method: 'POST', url: '/api/delivery/delete', payload: { ids: [...free.map((row) => row.id), onTrip.id] } });
  t.equal(mixed.statusCode, 409);
  t.equal(await count(sql`d.id in (${sql.join(free.map((row) => row.id))})`), 3, 'nothing deleted');
  const other = await db.selectFrom('deliveries').select('id').where('department_id', '=', itabashi).where('vehicle_allocation_id', 'is', null).executeTakeFirstOrThrow();
  const outside = await center({ method: 'POST', url: '/api/delivery/delete', payload: { ids: [free[0]!.id, other.id] } });
  t.equal(outside.statusCode, 404);
  const done = await center({ method: 'POST', url: '/api/delivery/delete', payload: { ids: free.map((row) => row.id) } });
  t.same(done.json(), { deleted: 3 });
  t.equal(await count(sql`d.id in (${sql.join(free.map((row) => row.id))})`), 0);
});

t.test('the export streams the filtered list as CSV, UTF-8 with BOM or Shift_JIS', async (t) => {
  const day = `date_from=${addDays(today, -1)}&date_to=${today}`;
  const total = Number((await list(center, `${day}&_end=1`)).headers['x-total-count']);
  const utf8 = await center({ method: 'GET', url: `/api/delivery/export?${day}` });
  t.equal(utf8.statusCode, 200);
  t.match(utf8.headers['content-type'], /text\/csv; charset=utf-8/);
  t.match(utf8.headers['content-disposition'], /attachment/);
  t.same([...utf8.rawPayload.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'a BOM');
  const lines = utf8.rawPayload.subarray(3).toString('utf8').trim().split('\r\n');
  t.equal(lines.length, total + 1);
  t.match(lines[0], /^日付,センター,便名,ドライバー,車番/);
  t.match(lines[1], /^\d{4}\/\d{2}\/\d{2},品川センター/);
  t.match(utf8.body, /配達完了|配車済/);

  const sjis = await center({ method: 'GET', url: `/api/delivery/export?${day}&encoding=sjis&status=3` });
  t.match(sjis.headers['content-type'], /shift_jis/);
  t.not(sjis.rawPayload[0], 0xef, 'no BOM');
  t.throws(() => new TextDecoder('utf-8', { fatal: true }).decode(sjis.rawPayload), 'not UTF-8');
  const text = iconv.decode(sjis.rawPayload, 'cp932');
  const sjisLines = text.trim().split('\r\n');
  t.match(sjisLines[0], /伝票番号/);
  t.equal(sjisLines.length, Number((await list(center, `${day}&status=3&_end=1`)).headers['x-total-count']) + 1);
  t.ok(sjisLines.slice(1).every((line) => line.includes('配達完了')));

  const carrierCsv = await carrier({ method: 'GET', url: `/api/delivery/export?${day}` });
  t.notMatch(carrierCsv.body, /未配車/, 'a carrier exports only deliveries on its trips');
});

t.test('a trip without a route name reads 便N in Japanese and Trip N in English; a named one reads its name', async (t) => {
  const day = `date_from=${today}&date_to=${today}`;
  const page = rows(await list(center, `${day}&_end=200`));
  const unnamed = page.find((row) => row.trip_no !== null && row.route_name === null)!;
  const named = page.find((row) => row.route_name !== null)!;
  t.ok(unnamed && named, 'the demo day has both');
  t.equal(unnamed.delivery_route, `便${unnamed.trip_no}`, 'the API’s 便名 column');
  t.equal(named.delivery_route, named.route_name);
  const lineOf = async (language: string, slip: string) => {
    const csv = await center({ method: 'GET', url: `/api/delivery/export?${day}`, headers: { 'accept-language': language } });
    return csv.body.split('\r\n').find((line) => line.includes(slip))!;
  };
  t.match(await lineOf('ja', unnamed.slip_number), `,便${unnamed.trip_no},`);
  t.match(await lineOf('en', unnamed.slip_number), `,Trip ${unnamed.trip_no},`);
  t.match(await lineOf('en', named.slip_number), `,${named.route_name},`);
});

t.test('column settings round trip for the signed-in user only', async (t) => {
  t.same((await center({ method: 'GET', url: '/api/user/column_config' })).json(), {});
  const config = { delivery: { hidden: ['volume', 'weight'], order: ['date', 'slip_number'], search: { status: [0, 1], q: '品川' } } };
  const put = await center({ method: 'PUT', url: '/api/user/column_config', payload: config });
  t.equal(put.statusCode, 200);
  t.same(put.json(), config);
  t.same((await center({ method: 'GET', url: '/api/user/column_config' })).json(), config);
  t.same((await branch({ method: 'GET', url: '/api/user/column_config' })).json(), {}, 'another user keeps theirs');
  const carrierPut = await carrier({ method: 'PUT', url: '/api/user/column_config', payload: { delivery: { hidden: [], order: [] } } });
  t.equal(carrierPut.statusCode, 200, 'any signed-in user');
  const bad = await center({ method: 'PUT', url: '/api/user/column_config', payload: { delivery: { hidden: 'volume', order: [] } } });
  t.equal(bad.statusCode, 400);
  t.equal((await center({ method: 'PUT', url: '/api/user/column_config', payload: { other: {} } })).statusCode, 400);
  const user = await db.selectFrom('users').select('config').where('login_id', '=', 'center').executeTakeFirstOrThrow();
  t.same((user.config as { column_config: unknown }).column_config, config, 'stored in users.config.column_config');
  t.equal((await app.inject({ method: 'GET', url: '/api/user/column_config' })).statusCode, 401);
});

t.test('hostile input gets a 4xx, never a 5xx', async (t) => {
  const attempts = [
    `${range}&q=${encodeURIComponent("%_\\' or 1=1 --")}`,
    `${range}&q=${encodeURIComponent('\u0000')}`,
    `${range}&status=9`,
    `${range}&_start=-1`,
    `${range}&_end=99999999999`,
    `${range}&department_id=0`,
    `${range}&date_from=${from}`,
    `date_from=${encodeURIComponent("2026-01-01' or '1'='1")}&date_to=${to}`,
    `${range}&unknown=1`,
  ];
  for (const query of attempts) {
    const response = await list(center, query);
    t.ok(response.statusCode < 500, `${query} → ${response.statusCode}`);
  }
  t.equal((await list(center, `${range}&q=${encodeURIComponent('%')}`)).headers['x-total-count'], '0', 'wildcards are literal');
  const big = await list(center, `${range}&_start=0&_end=100000`);
  t.ok(rows(big).length <= 500, 'a page is capped');
  const body = await center({ method: 'POST', url: '/api/delivery', payload: { date: today, department_id: 'x', slip_number: ['a'], quantity: 1e12 } });
  t.equal(body.statusCode, 400);
  const patch = await center({ method: 'PATCH', url: '/api/delivery/1', payload: { version: 1, vehicle_allocation_id: 5 } });
  t.equal(patch.statusCode, 400, 'the trip is not a field of the form');
});
