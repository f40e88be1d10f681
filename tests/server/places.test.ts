import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import t from 'tap';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { demoApp, JWT_SECRET, login, departmentId, signedIn } from './helpers.js';
import { sql } from 'kysely';
import { haversineKm } from '../../common/places.js';

const KNOWN = '東京都品川区東品川5-6-1';

/** A local stand-in answering in the real formats of the GSI address search and Google Geocoding. */
async function fakeGeocoders(t: { teardown(fn: () => unknown): void }) {
  const seen: string[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    seen.push(url.pathname + url.search);
    response.setHeader('content-type', 'application/json');
    if (url.pathname === '/address-search/AddressSearch') {
      const known = url.searchParams.get('q') === KNOWN;
      response.end(JSON.stringify(known ? [{ geometry: { coordinates: [139.749612, 35.614803], type: 'Point' }, type: 'Feature', properties: { addressCode: '', title: KNOWN } }] : []));
    } else if (url.pathname === '/maps/api/geocode/json') {
      if (url.searchParams.get('key') !== 'test-google-key') return response.end(JSON.stringify({ status: 'REQUEST_DENIED', results: [] }));
      const known = url.searchParams.get('address') === KNOWN;
      response.end(
        JSON.stringify(
          known
            ? { status: 'OK', results: [{ formatted_address: `日本、〒140-0002 ${KNOWN}`, geometry: { location: { lat: 35.6148, lng: 139.7496 }, location_type: 'ROOFTOP' } }] }
            : { status: 'ZERO_RESULTS', results: [] },
        ),
      );
    } else {
      response.statusCode = 500;
      response.end('{}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise((resolve) => server.close(resolve)));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

async function geocodingApp(t: Parameters<typeof demoApp>[0], env: Record<string, string>) {
  const { app: demo, db } = await demoApp(t);
  await demo.close();
  const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', ...env }), db, jwtSecret: JWT_SECRET, logger: false });
  t.teardown(() => app.close());
  const token = await login(app, 'center');
  return (address: string, locale = 'ja') =>
    app.inject({ method: 'GET', url: `/api/geocode?address=${encodeURIComponent(address)}`, headers: { authorization: `Bearer ${token}`, 'accept-language': locale } });
}

t.test('GSI address search by default', async (t) => {
  const fake = await fakeGeocoders(t);
  const geocode = await geocodingApp(t, { GSI_GEOCODER_URL: `${fake.base}/address-search/AddressSearch` });
  const found = await geocode(KNOWN);
  t.equal(found.statusCode, 200);
  t.same(found.json(), { latitude: 35.614803, longitude: 139.749612 });
  const unknown = await geocode('どこにもない町1-1');
  t.equal(unknown.statusCode, 422);
  t.equal(unknown.json().message, '住所が不明です。');
  const empty = await geocode('  ');
  t.equal(empty.statusCode, 400);
  t.equal(empty.json().message, '修正住所を記入してください。');
  t.match(fake.seen[0], /^\/address-search\/AddressSearch\?q=/);
});

t.test('Google Geocoding when a key is configured', async (t) => {
  const fake = await fakeGeocoders(t);
  const geocode = await geocodingApp(t, {
    GSI_GEOCODER_URL: `${fake.base}/address-search/AddressSearch`,
    GOOGLE_GEOCODER_URL: `${fake.base}/maps/api/geocode/json`,
    GOOGLE_MAPS_API_KEY: 'test-google-key',
  });
  t.same((await geocode(KNOWN)).json(), { latitude: 35.6148, longitude: 139.7496 });
  const unknown = await geocode('どこにもない町1-1', 'en');
  t.equal(unknown.json().message, 'The address could not be found.');
  t.ok(fake.seen.every((path) => path.startsWith('/maps/api/geocode/json')), 'GSI is not asked');
});

t.test('an unreachable or refusing provider is a 503, not a wrong answer', async (t) => {
  const fake = await fakeGeocoders(t);
  const geocode = await geocodingApp(t, {
    GSI_GEOCODER_URL: `${fake.base}/address-search/AddressSearch`,
    GOOGLE_GEOCODER_URL: `${fake.base}/maps/api/geocode/json`,
    GOOGLE_MAPS_API_KEY: 'a-wrong-google-key',
  });
  const refused = await geocode(KNOWN);
  t.equal(refused.statusCode, 503);
  t.equal(refused.json().message, '住所検索サービスに接続できません。時間をおいて再度お試しください。');
});

// Places: the nearest destinations in scope (GET /api/delivery_destination/nearest).
// (A test of its own, its application made inside it: at the top level, the file's other tests could all end while this one's database was made, and tap refuses subtests after its root has ended.)
t.test('Places: the nearest destinations in scope (GET /api/delivery_destination/nearest)', async (t) => {
  // One application for the file; the last test soft-deletes a row, after the others have read.
  const { app, db } = await demoApp(t);
  const center = await signedIn(app, 'center');
  const hq = await signedIn(app, 'hq');

  interface Near {
    id: number;
    delivery_code: string;
    direction_id: number | null;
    latitude: number;
    longitude: number;
    distance_km: number;
  }

  const nearest = async (as: typeof center, query: string, locale = 'ja') =>
    as({ method: 'GET', url: `/api/delivery_destination/nearest?${query}`, headers: { 'accept-language': locale } });

  /** A live, approved destination served by a direction of the center `code`. */
  async function destinationOf(code: string) {
    const department = await departmentId(db, code);
    return db
      .selectFrom('delivery_destinations as dd')
      .innerJoin('directions as dir', 'dir.id', 'dd.direction_id')
      .select(['dd.id', 'dd.latitude', 'dd.longitude'])
      .where('dir.department_id', '=', department)
      .where('dd.deleted_at', 'is', null)
      .where('dd.temporary_registration_date', 'is', null)
      .orderBy('dd.id')
      .executeTakeFirstOrThrow();
  }


  t.test('nearest first, with the haversine distance in km, at most `limit` rows', async (t) => {
    const store = await destinationOf('CT-SHINAGAWA');
    const point = { latitude: store.latitude + 0.0004, longitude: store.longitude - 0.0003 };
    const response = await nearest(center, `latitude=${point.latitude}&longitude=${point.longitude}&limit=7`);
    t.equal(response.statusCode, 200, response.body);
    const rows = response.json() as Near[];
    t.equal(rows.length, 7);
    t.equal(rows[0]!.id, store.id, 'the destination beside the point comes first');
    for (const row of rows) t.ok(Math.abs(row.distance_km - haversineKm(point, row)) < 1e-6, `distance of ${row.delivery_code}`);
    for (let i = 1; i < rows.length; i++) t.ok(rows[i]!.distance_km >= rows[i - 1]!.distance_km, `row ${i + 1} is not nearer than row ${i}`);
    t.ok(rows[0]!.distance_km < 0.06, 'about 50 m');
    t.same(Object.keys(rows[0]!).sort(), [
      'customer_address', 'customer_company_name', 'customer_store_name', 'delivery_code', 'direction_id', 'direction_name',
      'distance_km', 'ending_time', 'id', 'latitude', 'longitude', 'specified_time', 'start_time',
    ]);
    const byDefault = (await nearest(center, `latitude=${point.latitude}&longitude=${point.longitude}`)).json() as Near[];
    t.equal(byDefault.length, 10, 'ten without a limit');
    t.same(byDefault.slice(0, 7).map((r) => r.id), rows.map((r) => r.id), 'the same order whatever the limit');
  });

  t.test("a center user never gets another center's destinations; a head-office user does", async (t) => {
    const elsewhere = await destinationOf('CT-ITABASHI');
    const query = `latitude=${elsewhere.latitude}&longitude=${elsewhere.longitude}&limit=20`;
    const mine = (await nearest(center, query)).json() as Near[];
    t.equal(mine.length, 20);
    t.notOk(mine.some((row) => row.id === elsewhere.id), "板橋's store is not offered to 品川");
    const shinagawa = await departmentId(db, 'CT-SHINAGAWA');
    const directions = mine.map((row) => row.direction_id).filter((id): id is number => id !== null);
    const outside = await db.selectFrom('directions').select('id').where('id', 'in', directions).where('department_id', '!=', shinagawa).execute();
    t.same(outside, [], 'every direction returned is 品川 center');
    const all = (await nearest(hq, query)).json() as Near[];
    t.equal(all[0]!.id, elsewhere.id, 'head office sees it, first, at 0 km');
    t.equal(all[0]!.distance_km, 0);
  });

  t.test('a bad latitude, longitude or limit is a 400 naming the field', async (t) => {
    const notNumber = await nearest(center, 'latitude=abc&longitude=139.7');
    t.equal(notNumber.statusCode, 400);
    t.same(notNumber.json().errors, { latitude: '緯度は数値で入力してください。' });
    const outOfRange = await nearest(center, 'latitude=91&longitude=139.7', 'en');
    t.equal(outOfRange.statusCode, 400);
    t.match(outOfRange.json().errors.latitude, /^Latitude .*-90.*90/);
    const missing = await nearest(center, 'latitude=35.6');
    t.equal(missing.statusCode, 400);
    t.same(missing.json().errors, { longitude: '経度を入力してください。' });
    const hex = await nearest(center, 'latitude=35.6&longitude=0x10');
    t.equal(hex.statusCode, 400);
    t.ok(hex.json().errors.longitude);
    const tooMany = await nearest(center, 'latitude=35.6&longitude=139.7&limit=21');
    t.equal(tooMany.statusCode, 400);
    t.match(tooMany.json().errors.limit, /^表示件数は1から20/);
    const unknown = await nearest(center, 'latitude=35.6&longitude=139.7&radius=5');
    t.equal(unknown.statusCode, 400);
    t.ok(unknown.json().errors.radius);
  });

  t.test("a delivery company's staff may not search destinations", async (t) => {
    const carrier = await signedIn(app, 'carrier');
    t.equal((await nearest(carrier, 'latitude=35.6&longitude=139.7')).statusCode, 403);
  });

  t.test('deleted and temporary (仮登録) destinations are not offered', async (t) => {
    const store = await destinationOf('CT-SHINAGAWA');
    const query = `latitude=${store.latitude}&longitude=${store.longitude}&limit=3`;
    await db.updateTable('delivery_destinations').set({ temporary_registration_date: sql`now()` }).where('id', '=', store.id).execute();
    t.not(((await nearest(center, query)).json() as Near[])[0]!.id, store.id, 'temporary');
    await db.updateTable('delivery_destinations').set({ temporary_registration_date: null, deleted_at: sql`now()` }).where('id', '=', store.id).execute();
    t.notOk(((await nearest(center, query)).json() as Near[]).some((row) => row.id === store.id), 'deleted');
  });
});
