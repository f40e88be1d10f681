import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import t from 'tap';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { demoApp, JWT_SECRET, login } from './helpers.js';

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
