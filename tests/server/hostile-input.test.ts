import type { InjectOptions, FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import t from 'tap';
import type { Db } from '../../db/index.js';
import { demoApp, signedIn, JWT_SECRET, csvUpload } from './helpers.js';
import { demoIds } from './master-samples.js';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { fromDatabaseError } from '../../server/database-errors.js';
import { translator } from '../../server/i18n.js';
import { PassThrough } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Requests an attacker or a careless script sends: each is refused with a 400 that names the wrong
 * field in a localised message, never a 5xx, and nothing is stored. Then the allow-list: columns a
 * master's response schema does not declare never reach a client, though the query selects them.
 */
type Ids = Awaited<ReturnType<typeof demoIds>> & { vehicle: number; user: number; departmentVersion: number };

interface HostileCase {
  name: string;
  /** the field the answer must name (its key in `errors`) */
  field: string;
  /** the table whose content must not change */
  table: string;
  request: (ids: Ids) => InjectOptions;
  /** sent without a token (login) */
  anonymous?: boolean;
}

const NUL = '\u0000';
/** An array nested 10,000 deep, as raw JSON (JSON.stringify cannot write it): String() of it overflowed the stack. */
const deeplyNested = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
const vehicleType = { code: 'T-HOSTILE', name: '試験車種' };
const destination = {
  delivery_code: 'T-HOSTILE',
  customer_company_name: '試験商事',
  customer_store_name: '試験店',
  customer_address: '東京都品川区北品川1-1-1',
  latitude: 35.62,
  longitude: 139.74,
  delivery_type: 1,
};

const get = (url: string): InjectOptions => ({ method: 'GET', url });
const post = (url: string, payload: unknown): InjectOptions => ({ method: 'POST', url, payload: payload as object });
const patch = (url: string, payload: unknown): InjectOptions => ({ method: 'PATCH', url, payload: payload as object });

const CASES: HostileCase[] = [
  // Unauthenticated login
  { name: 'NUL byte in a login id', field: 'login_id', table: 'users', anonymous: true, request: () => post('/api/auth/login', { login_id: `super${NUL}`, password: 'demo1234' }) },
  { name: 'NUL byte in a password', field: 'password', table: 'users', anonymous: true, request: () => post('/api/auth/login', { login_id: 'super', password: `demo${NUL}` }) },
  { name: 'a login id that is a list', field: 'login_id', table: 'users', anonymous: true, request: () => post('/api/auth/login', { login_id: ['super'], password: 'demo1234' }) },
  { name: 'a login id that is an object', field: 'login_id', table: 'users', anonymous: true, request: () => post('/api/auth/login', { login_id: { toString: 1 }, password: 'x' }) },
  // Ids in the path
  { name: 'an id above 2^31-1', field: 'id', table: 'vehicles', request: () => get('/api/vehicle/2147483648') },
  { name: 'an id that is not a number', field: 'id', table: 'vehicles', request: () => get('/api/vehicle/abc') },
  { name: 'a hexadecimal id', field: 'id', table: 'vehicles', request: () => get('/api/vehicle/0x10') },
  { name: 'deleting an id of 20 digits', field: 'id', table: 'departments', request: () => ({ method: 'DELETE', url: '/api/department/99999999999999999999' }) },
  // List filters, paging, sorting
  { name: 'id=abc', field: 'id', table: 'vehicles', request: () => get('/api/vehicle?id=abc') },
  { name: 'a repeated id, one of them not a number', field: 'id', table: 'vehicles', request: () => get('/api/vehicle?id=1&id=abc') },
  { name: 'id above 2^31-1 in a list', field: 'id', table: 'vehicles', request: () => get('/api/vehicle?id=2147483648') },
  { name: 'level=abc', field: 'level', table: 'departments', request: () => get('/api/department?level=abc') },
  { name: 'vehicle_type_id=1.5', field: 'vehicle_type_id', table: 'vehicles', request: () => get('/api/vehicle?vehicle_type_id=1.5') },
  { name: '_start of 9.2e18', field: '_start', table: 'vehicles', request: () => get('/api/vehicle?_start=9.2e18') },
  { name: '_start of 9200000000000000000', field: '_start', table: 'vehicles', request: () => get('/api/vehicle?_start=9200000000000000000') },
  { name: 'a negative _end', field: '_end', table: 'customers', request: () => get('/api/customer?_end=-1') },
  { name: 'sorting by a column that is not offered', field: '_sort', table: 'users', request: () => get('/api/user?_sort=password_hash') },
  { name: 'an order that is neither asc nor desc', field: '_order', table: 'departments', request: () => get('/api/department?_sort=name&_order=sideways') },
  { name: 'NUL byte in a search', field: 'q', table: 'users', request: () => get('/api/user?q=%00') },
  { name: 'NUL byte in a text filter', field: 'classification', table: 'delivery_destinations', request: () => get('/api/delivery_destination?classification=a%00') },
  { name: 'an unknown filter', field: 'password_hash', table: 'users', request: () => get('/api/user?password_hash=x') },
  { name: 'a hexadecimal page', field: 'page', table: 'notifications', request: () => get('/api/notification/get_notification_submit_loading_center?page=0x10') },
  { name: 'NUL byte in an address to geocode', field: 'address', table: 'delivery_destinations', request: () => get('/api/geocode?address=%00') },
  // Bodies
  { name: 'NUL byte in a name', field: 'name', table: 'departments', request: (ids) => post('/api/department', { code: 'T-NUL', name: `江東${NUL}`, level: 4, parent_id: ids.tokyo }) },
  { name: 'a list as a name', field: 'name', table: 'customers', request: () => post('/api/customer', { code: 'T-ARR', name: ['x', 'y'] }) },
  { name: '{"toString":1} as a name', field: 'name', table: 'customers', request: () => post('/api/customer', { code: 'T-OBJ', name: { toString: 1 } }) },
  {
    name: 'a deeply nested array as a name',
    field: 'name',
    table: 'districts',
    request: (ids) => ({
      method: 'POST',
      url: '/api/district',
      headers: { 'content-type': 'application/json' },
      payload: `{"code":"T-DEEP","department_id":${ids.shinagawa},"name":${deeplyNested}}`,
    }),
  },
  { name: '"0x10" as a capacity', field: 'max_loading_capacity', table: 'vehicle_types', request: () => post('/api/vehicle_type', { ...vehicleType, max_loading_capacity: '0x10' }) },
  { name: 'a decimal in an integer field', field: 'pallet_capacity', table: 'vehicle_types', request: () => post('/api/vehicle_type', { ...vehicleType, pallet_capacity: 1.5 }) },
  { name: 'a decimal in a yen amount (integer column)', field: 'shipping_fee', table: 'delivery_destinations', request: () => post('/api/delivery_destination', { ...destination, shipping_fee: 1.5 }) },
  { name: 'a number as text', field: 'latitude', table: 'delivery_destinations', request: () => post('/api/delivery_destination', { ...destination, latitude: '35.62' }) },
  { name: 'a reference above 2^31-1', field: 'vehicle_type_id', table: 'vehicles', request: (ids) => post('/api/vehicle', { vehicle_number: '品川 999 て 99-99', vehicle_type_id: 2 ** 31, delivery_company_id: ids.toto }) },
  { name: 'an object as an enum value', field: 'type', table: 'users', request: (ids) => patch(`/api/user/${ids.user}`, { type: { toString: 1 } }) },
  { name: 'a version that is text', field: 'version', table: 'departments', request: (ids) => patch(`/api/department/${ids.shinagawa}`, { name: '改名', version: 'abc' }) },
  { name: 'a decimal version', field: 'version', table: 'departments', request: (ids) => patch(`/api/department/${ids.shinagawa}`, { name: '改名', version: ids.departmentVersion + 0.5 }) },
  { name: 'a column that is not a field', field: 'password_hash', table: 'users', request: (ids) => patch(`/api/user/${ids.user}`, { name: '改名', password_hash: 'x' }) },
  { name: 'a bulk delete of an id above 2^31-1', field: 'ids', table: 'departments', request: () => post('/api/department/delete', { ids: [2 ** 31] }) },
  { name: 'vehicle ids that are text', field: 'vehicle_ids', table: 'user_vehicles', request: (ids) => ({ method: 'PUT', url: `/api/user/${ids.user}/vehicle_allocation`, payload: { vehicle_ids: [String(ids.vehicle)] } }) },
  // Nested fields are named by their path, as forms name them
  { name: 'a text in a nested list of ids', field: 'proposal.0.delivery_ids', table: 'vehicle_allocations', request: (ids) => post('/api/vehicle_allocation/calculator/accept', { department_id: ids.shinagawa, date: '2026-12-10', proposal: [{ vehicle_id: ids.vehicle, delivery_ids: ['x'] }] }) },
  { name: 'a nested field left out', field: 'proposal.0.vehicle_id', table: 'vehicle_allocations', request: (ids) => post('/api/vehicle_allocation/calculator/accept', { department_id: ids.shinagawa, date: '2026-12-10', proposal: [{ delivery_ids: [1] }] }) },
  { name: 'a nested version that is text', field: 'from.version', table: 'allocation_stops', request: () => post('/api/vehicle_allocation/move', { from: { id: 1, version: 'abc' }, to: { id: 2, version: 1 }, delivery_ids: [1] }) },
  { name: 'a list instead of a record', field: '', table: 'directions', request: () => post('/api/direction', [{ code: 'T-LIST' }]) },
];

/** Everything a write would change in a table: its rows, their versions and their last update. */
async function fingerprint(db: Db, table: string) {
  const { rows } = await sql<{ fingerprint: string }>`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as fingerprint from ${sql.table(table)} t`.execute(db);
  return rows[0]!.fingerprint;
}

const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;

// One application for the file: the refused requests store nothing (the first test checks it), and the
// one accepted write creates a vehicle type of its own code.
const { app, db } = await demoApp(t);

t.test('hostile requests are refused with a 400 naming the field, and store nothing', async (t) => {
  const api = await signedIn(app, 'super');
  const demo = await demoIds(db);
  const vehicle = await db.selectFrom('vehicles').select('id').executeTakeFirstOrThrow();
  const user = await db.selectFrom('users').select('id').where('login_id', '=', 'center').executeTakeFirstOrThrow();
  const department = await db.selectFrom('departments').select('version').where('id', '=', demo.shinagawa).executeTakeFirstOrThrow();
  const ids: Ids = { ...demo, vehicle: vehicle.id, user: user.id, departmentVersion: department.version };

  for (const hostile of CASES) {
    const before = await fingerprint(db, hostile.table);
    const request = hostile.request(ids);
    const response = hostile.anonymous ? await app.inject(request) : await api(request);
    t.equal(response.statusCode, 400, `${hostile.name}: 400 (${response.body.slice(0, 200)})`);
    const body = response.json();
    t.match(body, { code: 400, message: JAPANESE }, `${hostile.name}: the error shape`);
    t.match(body.errors?.[hostile.field], JAPANESE, `${hostile.name}: names ${hostile.field || 'the body'} in Japanese`);
    t.equal(await fingerprint(db, hostile.table), before, `${hostile.name}: nothing stored`);
  }
});

t.test('the messages name the field by its label, in the caller\'s language', async (t) => {
  const api = await signedIn(app, 'super');
  const { tokyo } = await demoIds(db);
  const body = { code: 'T-NUL', name: `江東${NUL}`, level: 4.5, parent_id: tokyo };
  const ja = (await api({ method: 'POST', url: '/api/department', payload: body })).json();
  t.same(ja.errors, { name: '部署名に使用できない文字が含まれています。', level: 'レベルは整数で入力してください。' });
  const en = (await api({ method: 'POST', url: '/api/department', payload: body, headers: { 'accept-language': 'en' } })).json();
  t.match(en.errors, { name: /not allowed/, level: /whole number/ });
  const range = (await api({ method: 'POST', url: '/api/department', payload: { ...body, name: '江東', level: 9 } })).json();
  t.match(range.errors, { level: /1から4/ });
});

t.test('text is stored as sent, numbers as numbers: nothing is coerced', async (t) => {
  const api = await signedIn(app, 'super');
  const created = await api({ method: 'POST', url: '/api/vehicle_type', payload: { ...vehicleType, max_loading_capacity: 16 } });
  t.equal(created.statusCode, 201, created.body);
  t.match(created.json(), { code: 'T-HOSTILE', max_loading_capacity: 16 });
  const list = await api({ method: 'GET', url: `/api/vehicle_type?id=${created.json().id}` });
  t.same(list.json().map((row: { id: number }) => row.id), [created.json().id], 'one id is a list of one');
});

t.test('responses are allow-lists: undeclared columns never reach a client', async (t) => {
  const api = await signedIn(app, 'super');
  // `total`: the list's statement carries the page's total on every row (server/masters/service.ts).
  const secret = ['password_hash', 'token_version', 'config', 'deleted_at', 'created_by', 'updated_by', 'total'];
  for (const resource of ['user', 'driver']) {
    const rows = (await api({ method: 'GET', url: `/api/${resource}?_end=100` })).json() as Record<string, unknown>[];
    t.ok(rows.length > 0, `${resource}: listed`);
    const shown = (await api({ method: 'GET', url: `/api/${resource}/${rows[0]!.id}` })).json() as Record<string, unknown>;
    for (const record of [...rows, shown]) {
      t.same(secret.filter((column) => column in record), [], `${resource} ${record.id}: no undeclared column`);
    }
    t.ok('updated_at' in shown && 'version' in shown, `${resource}: declared columns are there`);
  }
});

t.test("the framework's own refusals (broken JSON, a wrong content type) are localised 4xx", async (t) => {
  const api = await signedIn(app, 'super');
  const broken = { method: 'POST', url: '/api/vehicle_type', headers: { 'content-type': 'application/json' }, payload: '{"code": "VT-X",' } as const;
  const ja = await api(broken);
  t.equal(ja.statusCode, 400);
  t.equal(ja.json().message, 'リクエストの形式が正しくありません。');
  const en = await api({ ...broken, headers: { ...broken.headers, 'accept-language': 'en' } });
  t.equal(en.json().message, 'The request is malformed.');
  const xml = await api({ method: 'POST', url: '/api/vehicle_type', headers: { 'content-type': 'application/xml' }, payload: '<code/>' });
  t.equal(xml.statusCode, 415);
  t.equal(xml.json().message, 'この形式のデータは受け付けられません。');
});

// Database errors: mapped to 409/400 naming the field; a lost connection answers 503.
// (A block of its own: its names and its application stay apart from the tests above.)
{
  const ja = translator('ja');
  const en = translator('en');

  /** The error the database really raises for a statement. */
  async function refusal(statement: Promise<unknown>) {
    try {
      await statement;
    } catch (error) {
      return error;
    }
    throw new Error('the database accepted the statement');
  }

  /** What the client receives for a database error, as the error handler sends it. */
  function answer(error: unknown, t = ja) {
    const mapped = fromDatabaseError(error, t);
    return mapped && { status: mapped.statusCode, message: t(mapped.messageKey, mapped.params), errors: mapped.fieldErrors };
  }

  t.test("PostgreSQL's refusals become 4xx naming the field", async (t) => {
    const { db } = await demoApp(t);
    const ids = await demoIds(db);
    const duplicate = await refusal(db.insertInto('vehicle_types').values({ code: 'VT-4T', name: 'x' }).execute());
    t.same(answer(duplicate), { status: 409, message: '車種コードは既に登録されています。', errors: { code: '車種コードは既に登録されています。' } });
    t.same(answer(duplicate, en)?.errors, { code: 'Vehicle type code is already registered.' });

    const vehicle = { vehicle_number: '品川 1 あ 1', vehicle_type_id: 999_999, delivery_company_id: ids.toto };
    const gone = await refusal(db.insertInto('vehicles').values(vehicle).execute());
    t.match(answer(gone), { status: 409, message: /関連するデータが削除または変更された/, errors: { vehicle_type_id: /関連するデータ/ } });

    const level = await refusal(db.insertInto('departments').values({ code: 'X', name: 'x', level: 9 }).execute());
    t.same(answer(level), { status: 400, message: 'レベルに指定できない値です。', errors: { level: 'レベルに指定できない値です。' } });

    const overflow = await refusal(db.insertInto('vehicle_types').values({ code: 'VT-X', name: 'x', pallet_capacity: 2 ** 40 }).execute());
    t.same(answer(overflow), { status: 400, message: '数値が大きすぎます。', errors: undefined });
    const notNumber = await refusal(db.selectFrom('departments').selectAll().where('level', '=', 'abc' as never).execute());
    t.same(answer(notNumber, en), { status: 400, message: 'A value is not in a valid format.', errors: undefined });
    t.equal(answer(new Error('Connection terminated unexpectedly'))?.status, 503, 'a lost connection');
    t.equal(answer(new Error('some bug')), undefined, 'anything else stays a 500');
  });

  /** Records what the request logger is given, by level. */
  function recordingLogger() {
    const lines: { level: string; entry: unknown }[] = [];
    const record = (level: string) => (entry: unknown) => lines.push({ level, entry });
    const logger = { info: record('info'), error: record('error'), warn: record('warn'), debug: record('debug'), trace: record('trace'), fatal: record('fatal') };
    return { lines, logger: { ...logger, child: () => logger, level: 'info' } as unknown as FastifyBaseLogger };
  }

  async function appWithRecordedLog(t: { teardown(fn: () => unknown): void }, db: Db) {
    const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent' }), db, jwtSecret: JWT_SECRET, logger: false });
    const recorded = recordingLogger();
    app.addHook('onRequest', async (request) => {
      request.log = recorded.logger;
    });
    app.get('/fails', async () => {
      throw new Error('secret detail of a bug');
    });
    t.teardown(() => app.close());
    return { app, lines: recorded.lines };
  }

  t.test('bad input answers 400 with no internals; client errors are logged at info, server errors at error', async (t) => {
    const { db } = await demoApp(t);
    const { app, lines } = await appWithRecordedLog(t, db);
    const api = await signedIn(app, 'hq');
    for (const query of ['id=99999999999', 'level=abc', `parent_id=${2 ** 31}`]) {
      const response = await api({ method: 'GET', url: `/api/department?${query}` });
      t.equal(response.statusCode, 400, query);
      t.notMatch(response.body, /smallint|integer|syntax|range for type/i, `${query}: no internals`);
    }
    t.ok(lines.length >= 3 && lines.every((line) => line.level === 'info'), 'logged at info');

    lines.length = 0;
    const failed = await app.inject({ method: 'GET', url: '/fails' });
    t.same(failed.json(), { message: 'サーバーでエラーが発生しました。時間をおいて再度お試しください。', code: 500 });
    t.same(lines.map((line) => line.level), ['error']);
  });

  // A lost database connection: 503 for that request, the next ones succeed.
  // (A block of its own: its names and its application stay apart from the tests above.)
  {
    const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

    /** The backend of our own database that sits in an open transaction, waiting for the upload's next bytes. */
    async function idleTransactionBackend(db: Db): Promise<number | undefined> {
      for (let attempt = 0; attempt < 100; attempt++) {
        const { rows } = await sql<{ pid: number }>`select pid from pg_stat_activity
          where datname = current_database() and state like 'idle in transaction%' and pid <> pg_backend_pid()`.execute(db);
        if (rows[0]) return rows[0].pid;
        await sleep(50);
      }
      return undefined;
    }

    /**
     * A department CSV import whose upload arrives slowly. Departments import in one transaction, row by
     * row (a row may name a parent created by an earlier one), so it is open while the body streams in.
     * `meanwhile` runs once the first bytes are in, before the rest is sent.
     */
    async function slowImport(app: Awaited<ReturnType<typeof demoApp>>['app'], token: string, meanwhile: () => Promise<void>) {
      const { payload, headers } = csvUpload('code,name,level,parent_code\r\nCT-SLOW,低速センター,4,BR-TOKYO\r\n');
      const body = new PassThrough();
      const response = app.inject({
        method: 'POST',
        url: '/api/department/import',
        headers: { ...headers, authorization: `Bearer ${token}` },
        payload: body,
      });
      const split = payload.indexOf('CT-SLOW');
      body.write(payload.subarray(0, split));
      await meanwhile();
      body.end(payload.subarray(split));
      return response;
    }

    t.test('a connection lost in the middle of a transaction fails that request with 503; the next ones succeed', async (t) => {
      const { app, db } = await demoApp(t);
      const api = await signedIn(app, 'hq');
      const token = (await api({ method: 'POST', url: '/api/auth/login', payload: { login_id: 'hq', password: 'demo1234' } })).json()
        .access_token as string;
      const response = await slowImport(app, token, async () => {
        if (!onPostgres) return;
        const pid = await idleTransactionBackend(db);
        t.ok(pid, 'the import holds an open transaction while its upload streams in');
        await sql`select pg_terminate_backend(${pid})`.execute(db);
        const gone = async () => (await sql`select 1 from pg_stat_activity where pid = ${pid}`.execute(db)).rows.length === 0;
        for (let attempt = 0; attempt < 200 && !(await gone()); attempt++) await sleep(25);
      });
      if (onPostgres) {
        t.equal(response.statusCode, 503);
        t.equal(response.json().message, 'データベースに接続できません。時間をおいて再度お試しください。');
        t.notMatch(response.body, /terminat|connection|stack/i, 'no internals in the body');
      } else {
        // PGlite has no other session to lose the connection to: the slow upload simply completes.
        t.equal(response.statusCode, 200, response.body);
      }
      for (let i = 0; i < 12; i++) {
        const list = await api({ method: 'GET', url: '/api/department?_end=1' });
        t.equal(list.statusCode, 200, `request ${i + 1} after the loss succeeds`);
      }
      const stored = await db.selectFrom('departments').select('code').where('code', '=', 'CT-SLOW').executeTakeFirst();
      t.equal(Boolean(stored), !onPostgres, onPostgres ? 'the lost transaction wrote nothing' : 'the import is stored');
    });
  }
}
