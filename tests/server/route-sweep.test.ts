import type { FastifyInstance, InjectOptions } from 'fastify';
import t from 'tap';
import { demoApp, login } from './helpers.js';

/**
 * Every route of the API, as the server lists them, sent the malformed requests a careless script or
 * an attacker sends: odd ids in the path, junk query strings, bodies of the wrong shape. Each answers a
 * 4xx (or, where the junk happens to be harmless, a 2xx), never a 5xx, signed in as the super admin,
 * as a delivery company's user (scoped to its own company) and as a driver. hostile-input.test.ts checks the messages of particular cases; this one keeps every
 * route, present and future, inside the rule.
 */

interface Route {
  method: string;
  url: string;
}

/** The routes from `printRoutes({ commonPrefix: false })`: one node a line, four columns a level. */
function routesOf(app: FastifyInstance): Route[] {
  const routes: Route[] = [];
  const prefixes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const node = /^([│├└─\s]*)(\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!node) continue;
    const level = node[1]!.length / 4;
    const url = (prefixes[level - 1] ?? '') + node[2]!;
    prefixes[level] = url;
    for (const method of node[3]?.split(', ') ?? []) routes.push({ method, url });
  }
  return routes;
}

const PATH_VALUES = ['abc', '2147483648', '-1', '1.5', '0x10', '%00'];
const QUERY = '?_start=abc&_end=-1&_sort=nope&_order=sideways&id=1e999&date=2026-13-45&date_from=x&date_to=%00&q=%00&department_id=[]&status=9.5&center=abc&level=abc';
/** 70,000 characters of Japanese (210 KB as UTF-8): more than any column holds, less than the body limit. */
const LONG = 'あ'.repeat(70_000);
/** Objects are sent as JSON; strings as they are, as JSON (raw, for what JSON.stringify cannot write). */
const BODIES: unknown[] = [
  {},
  [],
  'null',
  { id: 'abc', version: 'x', date: '2026-02-30', name: ['a'], login_id: { toString: 1 }, ids: [1.5, 'x'], stops: 'x', file: 1 },
  { version: 1, ids: [2147483648], delivery_ids: [-1], from: { id: 'x' }, to: null, at: 'yesterday', latitude: '1e999', longitude: 'x' },
  '{"version":1e999,"id":-0,"quantity":1e-999}',
  Object.fromEntries(['code', 'name', 'title', 'body', 'comment', 'address', 'work_content', 'login_id', 'password', 'q'].map((field) => [field, LONG])),
];
/** Routes that end the session of whoever calls them: swept last. */
const LOGOUT = /\/logout$/;
/** The websocket answers an upgrade, not a request. */
const SKIPPED = new Set(['/api/ws']);

const withParams = (url: string, value: string) => url.replace(/:[a-z_]+/g, value);

function requestsFor(route: Route): InjectOptions[] {
  const method = route.method as InjectOptions['method'];
  const hasParams = route.url.includes(':');
  const urls = hasParams ? PATH_VALUES.map((value) => withParams(route.url, value)) : [route.url];
  const requests: InjectOptions[] = urls.map((url) => ({ method, url: url + QUERY }));
  if (method === 'POST' || method === 'PUT' || method === 'PATCH') {
    const url = withParams(route.url, '1');
    for (const body of BODIES) {
      requests.push(typeof body === 'string' ? { method, url, payload: body, headers: { 'content-type': 'application/json' } } : { method, url, payload: body as object });
    }
    requests.push({ method, url, payload: 'a,b\n1,2', headers: { 'content-type': 'text/csv' } });
  }
  return requests;
}

t.test('every API route answers malformed requests with a 4xx, never a 5xx', async (t) => {
  const { app, db } = await demoApp(t);
  const routes = routesOf(app).filter((route) => route.url.startsWith('/api/') && route.method !== 'HEAD' && !SKIPPED.has(route.url));
  // The parser read the whole tree: the API has well over a hundred routes, the driver app's among them.
  t.ok(routes.length > 100, `${routes.length} routes`);
  t.ok(routes.some((route) => route.method === 'POST' && route.url === '/api/driver/trips/:id/stops/:seq/departure'));

  const driver = await db.selectFrom('drivers').select('login_id').where('deleted_at', 'is', null).where('login_id', 'is not', null).executeTakeFirstOrThrow();
  const driverLogin = await app.inject({ method: 'POST', url: '/api/driver/auth/login', payload: { login_id: driver.login_id, password: 'demo1234' } });
  const callers = { super: await login(app, 'super'), carrier: await login(app, 'carrier'), driver: driverLogin.json().access_token as string };

  const ordered = [...routes.filter((route) => !LOGOUT.test(route.url)), ...routes.filter((route) => LOGOUT.test(route.url))];
  const failures: string[] = [];
  let sent = 0;
  for (const route of ordered) {
    for (const request of requestsFor(route)) {
      for (const [caller, token] of Object.entries(callers)) {
        const response = await app.inject({ ...request, headers: { authorization: `Bearer ${token}`, ...request.headers } });
        sent++;
        if (response.statusCode >= 500) {
          failures.push(`${caller} ${request.method} ${request.url} ${JSON.stringify(request.payload ?? null)} → ${response.statusCode} ${response.body.slice(0, 200)}`);
        }
      }
    }
  }
  t.same(failures, [], `${sent} requests`);
});
