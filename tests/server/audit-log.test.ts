import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { hostname, tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import type { InjectOptions } from 'light-my-request';
import { sql } from 'kysely';
import t, { type Test } from 'tap';
import { addDays } from '../../common/deliveries.js';
import { tokyoInstant } from '../../common/time.js';
import { writingFor } from '../../db/audit.js';
import { buildApp } from '../../server/app.js';
import type { AuditEntryWire } from '../../server/audit-log/schemas.js';
import { loadConfig } from '../../server/config.js';
import { fleetOf, makeDelivery, makeTrip, storesOf, userId } from './allocation-fixtures.js';
import { csvUpload, dayAfterDemo, demoApp, demoSnapshot, departmentId, JWT_SECRET, signedIn } from './helpers.js';

// The audit log: every write recorded by the database's triggers with its writer, read by super admins.

const { app, db } = await demoApp(t);
const [superAdmin, hq, center, carrier] = await Promise.all(['super', 'hq', 'center', 'carrier'].map((login) => signedIn(app, login)));
const [superId, centerId] = await Promise.all([userId(db, 'super'), userId(db, 'center')]);
const thisProcess = `${process.pid}@${hostname()}`;

type Entry = AuditEntryWire;

/** The entries the super admin reads with these filters, newest first. */
async function entries(query: string): Promise<Entry[]> {
  const response = await superAdmin({ method: 'GET', url: `/api/audit_log?_end=500&${query}` });
  if (response.statusCode !== 200) throw new Error(response.body);
  return response.json();
}

const changeOf = (entry: Entry | undefined, field: string) => entry?.changes.find((change) => change.field === field);

t.test('a master edit: who (the user, their address, this process), what (table and id) and only the changed fields', async (t) => {
  const { vehicles } = await fleetOf(db, 'CT-SHINAGAWA');
  const vehicle = await db.selectFrom('vehicles').select(['id', 'version', 'avg_fuel_economy']).where('id', '=', vehicles[0]!.id).executeTakeFirstOrThrow();
  const next = (vehicle.avg_fuel_economy ?? 5) + 1.5;
  const patched = await superAdmin({ method: 'PATCH', url: `/api/vehicle/${vehicle.id}`, payload: { avg_fuel_economy: next, version: vehicle.version } });
  t.equal(patched.statusCode, 200, patched.body);
  const [entry, ...older] = await entries(`entity=vehicles&entity_id=${vehicle.id}`);
  t.match(entry, { writer_type: 'user', user_id: superId, driver_id: null, writer_name: '山田 太郎', address: '127.0.0.1', process: thisProcess, entity: 'vehicles', entity_id: vehicle.id, action: 'update' });
  t.same(entry!.changes, [{ field: 'avg_fuel_economy', before: vehicle.avg_fuel_economy === null ? null : String(vehicle.avg_fuel_economy), after: String(next) }], 'the changed field alone: no times, version or writer columns');
  t.ok(older.every((e) => e.id < entry!.id), 'newest first');
  t.ok(Math.abs(Date.parse(entry!.at) - Date.now()) < 60_000, 'when');
});

t.test('a new user and a password change record no password nor its hash; the change is still recorded', async (t) => {
  const created = await superAdmin({ method: 'POST', url: '/api/user', payload: { name: '監査 太郎', login_id: 'audit-taro', password: 'first-password-1', type: 1, department_id: await departmentId(db, 'HQ') } });
  t.equal(created.statusCode, 201, created.body);
  const id = created.json().id as number;
  const changed = await superAdmin({ method: 'PATCH', url: `/api/user/${id}`, payload: { password: 'second-password-2' } });
  t.equal(changed.statusCode, 200, changed.body);
  const recorded = await entries(`entity=users&entity_id=${id}`);
  t.same(recorded.map((e) => e.action), ['update', 'insert']);
  t.ok(changeOf(recorded[1], 'login_id'), 'the insert records the new user’s fields');
  t.same(recorded[0]!.changes.map((c) => c.field), ['token_version'], 'the password change shows as the sessions it ends, nothing else');
  const hash = (await db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow()).password_hash;
  const stored = await db.selectFrom('audit_log').select(sql<string>`changes::text`.as('text')).where('entity', '=', 'users').where('entity_id', '=', id).execute();
  t.equal(stored.length, 2);
  t.notOk(stored.some((row) => /password/.test(row.text) || row.text.includes(hash) || row.text.includes('password-')), 'no password, no hash, in what is stored');
});

t.test('a delivery import through the API: one entry per row, the importing user', async (t) => {
  const day = addDays(dayAfterDemo(), 61);
  const [store1, store2] = await storesOf(db, 'CT-SHINAGAWA');
  const codes = await db.selectFrom('delivery_destinations').select(['id', 'delivery_code']).where('id', 'in', [store1!.id, store2!.id]).orderBy('id').execute();
  const csv = ['日付,配送先コード,伝票番号,数量,荷姿,顧客コード,商品コード,商品名,重量', `${day},${codes[0]!.delivery_code},AUD-1,3,カゴ車,,,,`, `${day},${codes[1]!.delivery_code},AUD-2,2,パレット,,,,`].join('\r\n');
  const imported = await center({ method: 'POST', url: `/api/delivery/import?date=${day}`, ...csvUpload(csv) });
  t.match(imported.json(), { ok: true, created: 2 });
  const rows = await db.selectFrom('deliveries').select(['id', 'slip_number']).where('date', '=', day).orderBy('slip_number').execute();
  const recorded = await Promise.all(rows.map(async (row) => (await entries(`entity=deliveries&entity_id=${row.id}`))[0]));
  t.same(recorded.map((e) => [e?.writer_type, e?.user_id, e?.action, changeOf(e, 'slip_number')?.after]), [
    ['user', centerId, 'insert', 'AUD-1'],
    ['user', centerId, 'insert', 'AUD-2'],
  ]);
  t.equal(changeOf(recorded[0], 'quantity')?.after, '3');
});

t.test('the command-line importer: the OS user who ran it, the user it acts as, its process', async (t) => {
  const root = path.resolve(import.meta.dirname, '../..');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'haisha-audit-cli-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const copy = new PGlite(path.join(dataDir, 'pglite'), { loadDataDir: await demoSnapshot() });
  await copy.query('select 1');
  await copy.close();
  const file = path.join(root, 'tests/fixtures/departments-utf8.csv');
  // As `npm run import` runs it (its bundle, scripts/run.mjs), on its own embedded database.
  await promisify(execFile)(process.execPath, ['--liftoff-only', 'scripts/run.mjs', 'scripts/import.ts', 'department', file, '--as', 'hq'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
  });
  const after = new PGlite(path.join(dataDir, 'pglite'));
  const { rows } = await after.query<{ writer_type: string; writer_name: string; user_id: number; process: string; action: string; hq: number }>(
    `select a.writer_type, a.writer_name, a.user_id, a.process, a.action, (select id from users where login_id = 'hq') as hq
     from audit_log a join departments d on d.id = a.entity_id where a.entity = 'departments' and d.code = 'CT-FUNABASHI'`,
  );
  await after.close();
  t.equal(rows.length, 1, 'the new center, once');
  t.match(rows[0], { writer_type: 'command', writer_name: userInfo().username, action: 'insert', process: new RegExp(`^\\d+@${hostname()}$`) });
  t.equal(rows[0]!.user_id, rows[0]!.hq, 'acting as hq (--as)');
  t.not(rows[0]!.process, thisProcess, 'the command’s own process');
});

t.test('a driver-app stop report: the driver, the stop and what the report set', async (t) => {
  const date = dayAfterDemo(62);
  const { center: centerDepartment, vehicles, drivers } = await fleetOf(db, 'CT-SHINAGAWA');
  const [store] = await storesOf(db, 'CT-SHINAGAWA');
  const driver = drivers[2]!;
  const at = (hhmm: string) => tokyoInstant(date, hhmm).toISOString();
  const trip = await makeTrip(db, {
    date,
    department_id: centerDepartment,
    vehicle_id: vehicles[0]!.id,
    driver_id: driver.id,
    delivery_company_id: vehicles[0]!.delivery_company_id,
    confirmed_at: new Date(),
    status: 0,
    planned_loading_start: at('07:00'),
  });
  await db.insertInto('allocation_stops').values({ vehicle_allocation_id: trip.id, seq: 1, delivery_destination_id: store!.id, planned_arrival: at('09:00'), quantity: 2 }).execute();
  await makeDelivery(db, { date, department_id: centerDepartment, delivery_destination_id: store!.id, vehicle_allocation_id: trip.id, stop_seq: 1, status: 1, quantity: 2 });
  const { login_id } = await db.selectFrom('drivers').select('login_id').where('id', '=', driver.id).executeTakeFirstOrThrow();
  const login = await app.inject({ method: 'POST', url: '/api/driver/auth/login', payload: { login_id, password: 'demo1234' } });
  const token = login.json().access_token as string;
  const post = (url: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: `/api/driver/trips/${trip.id}${url}`, payload, headers: { authorization: `Bearer ${token}` } } as InjectOptions);
  for (const [url, payload] of [
    ['/loading_start', { at: at('07:30') }],
    ['/departure', { at: at('08:00') }],
    ['/stops/1/arrival', { at: at('09:10'), latitude: 35.61234, longitude: 139.74321 }],
  ] as const) {
    t.equal((await post(url, payload)).statusCode, 200, url);
  }
  const stop = await db.selectFrom('allocation_stops').select('id').where('vehicle_allocation_id', '=', trip.id).executeTakeFirstOrThrow();
  const [entry] = await entries(`entity=allocation_stops&entity_id=${stop.id}`);
  t.match(entry, { writer_type: 'driver', driver_id: driver.id, user_id: null, writer_name: driver.name, action: 'update' });
  t.equal(changeOf(entry, 'arrival_latitude')?.after, '35.61234');
  t.same([changeOf(entry, 'arrived_at')?.before, Date.parse(changeOf(entry, 'arrived_at')?.after ?? '')], [null, Date.parse(at('09:10'))]);
  const [tripEntry] = await entries(`entity=vehicle_allocations&entity_id=${trip.id}`);
  t.match(tripEntry, { writer_type: 'driver', driver_id: driver.id });
});

t.test('an accepted proposal of the calculator: the trips made and the deliveries put on them, by the planner', async (t) => {
  const date = dayAfterDemo(63);
  const { center: centerDepartment } = await fleetOf(db, 'CT-SHINAGAWA');
  const [store] = await storesOf(db, 'CT-SHINAGAWA');
  const delivery = await makeDelivery(db, { date, department_id: centerDepartment, delivery_destination_id: store!.id, quantity: 2 });
  const calculated = await center({ method: 'GET', url: `/api/vehicle_allocation/calculator?department_id=${centerDepartment}&date=${date}` });
  const proposal = (calculated.json().proposal as { vehicle_id: number; driver_id: number | null; delivery_ids: number[]; planned_loading_start: string; planned_departure: string }[]).map(
    ({ vehicle_id, driver_id, delivery_ids, planned_loading_start, planned_departure }) => ({ vehicle_id, driver_id, delivery_ids, planned_loading_start, planned_departure }),
  );
  t.same(proposal.flatMap((p) => p.delivery_ids), [delivery.id]);
  const accepted = await center({ method: 'POST', url: '/api/vehicle_allocation/calculator/accept', payload: { department_id: centerDepartment, date, proposal } });
  t.equal(accepted.statusCode, 200, accepted.body);
  const trip = await db.selectFrom('deliveries').select('vehicle_allocation_id').where('id', '=', delivery.id).executeTakeFirstOrThrow();
  const tripEntries = await entries(`entity=vehicle_allocations&entity_id=${trip.vehicle_allocation_id}`);
  t.ok(tripEntries.length > 0 && tripEntries.every((e) => e.writer_type === 'user' && e.user_id === centerId), 'every write of the new trip, by the planner');
  const made = tripEntries.find((e) => e.action === 'insert');
  t.equal(changeOf(made, 'vehicle_id')?.after, String(proposal[0]!.vehicle_id));
  const put = (await entries(`entity=deliveries&entity_id=${delivery.id}`)).find((e) => changeOf(e, 'vehicle_allocation_id'));
  t.match(put, { writer_type: 'user', user_id: centerId, action: 'update' });
  t.same(changeOf(put, 'vehicle_allocation_id'), { field: 'vehicle_allocation_id', before: null, after: String(trip.vehicle_allocation_id) });
});

const districtNamed = (name: string) => db.selectFrom('districts').select(['id', 'name']).where('name', '=', name).executeTakeFirst();

t.test('a rolled-back write leaves no entry; a write with no known writer is still recorded', async (t) => {
  const district = await db.selectFrom('districts').select(['id', 'name']).orderBy('id').executeTakeFirstOrThrow();
  const count = async () => Number((await db.selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('n')).where('entity', '=', 'districts').where('entity_id', '=', district.id).executeTakeFirstOrThrow()).n);
  const before = await count();
  const refused = writingFor(
    () => ({ type: 'user', user_id: superId }),
    () =>
      db.transaction().execute(async (trx) => {
        await trx.updateTable('districts').set({ name: '取り消される名前' }).where('id', '=', district.id).execute();
        throw new Error('refused after the write');
      }),
  );
  await t.rejects(refused, /refused after the write/);
  t.equal(await count(), before, 'the rolled-back update left no entry');
  t.notOk(await districtNamed('取り消される名前'));

  await db.updateTable('districts').set({ name: `${district.name}（改）` }).where('id', '=', district.id).execute();
  const [entry] = await entries(`entity=districts&entity_id=${district.id}`);
  t.match(entry, { writer_type: 'unknown', user_id: null, driver_id: null, action: 'update' });
  t.same(changeOf(entry, 'name'), { field: 'name', before: district.name, after: `${district.name}（改）` });
});

t.test('super admins only: others 403, nobody signed in 401', async (t) => {
  for (const [who, client] of [['hq', hq], ['center', center], ['carrier', carrier]] as const) {
    t.equal((await client({ method: 'GET', url: '/api/audit_log' })).statusCode, 403, who);
    t.equal((await client({ method: 'GET', url: '/api/audit_log/export' })).statusCode, 403, `${who}: export`);
  }
  t.equal((await app.inject({ method: 'GET', url: '/api/audit_log' })).statusCode, 401);
});

/** Entries of our own (written straight into the log, as the triggers would) at chosen times, for the filters. */
async function entriesAt(t: Test, days: number[], entityId: number) {
  const ids: number[] = [];
  for (const daysAgo of days) {
    const row = await db
      .insertInto('audit_log')
      .values({ at: sql<Date>`now() - make_interval(days => ${daysAgo})`, writer_type: 'user', user_id: centerId, writer_name: '高橋 健', entity: 'customers', entity_id: entityId, action: 'update', changes: JSON.stringify({ name: { before: 'a', after: `b${daysAgo}` } }) as never })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  t.teardown(() => db.deleteFrom('audit_log').where('id', 'in', ids).execute());
  return ids;
}

t.test('filters: entity, entity_id, user_id, days (Tokyo) and pages with their total', async (t) => {
  const entityId = 2_000_000_001;
  await entriesAt(t, [0, 3, 10], entityId);
  const all = await superAdmin({ method: 'GET', url: `/api/audit_log?entity=customers&entity_id=${entityId}` });
  t.equal(all.headers['x-total-count'], '3');
  t.same(all.json().map((e: Entry) => changeOf(e, 'name')?.after), ['b0', 'b3', 'b10'], 'newest first');
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000 + 9 * 3_600_000).toISOString().slice(0, 10);
  const range = await entries(`entity=customers&entity_id=${entityId}&date_from=${day(4)}&date_to=${day(2)}`);
  t.same(range.map((e) => changeOf(e, 'name')?.after), ['b3'], 'from and to, both days included');
  t.same((await entries(`entity=customers&entity_id=${entityId}&date_from=${day(0)}`)).map((e) => changeOf(e, 'name')?.after), ['b0']);
  const page = await superAdmin({ method: 'GET', url: `/api/audit_log?entity=customers&entity_id=${entityId}&_start=1&_end=2` });
  t.same([page.headers['x-total-count'], page.json().map((e: Entry) => changeOf(e, 'name')?.after)], ['3', ['b3']], 'the second page of one');
  const byUser = await entries(`user_id=${centerId}&entity=customers`);
  t.ok(byUser.length >= 3 && byUser.every((e) => e.user_id === centerId), 'by user');
  t.same(await entries(`user_id=${superId}&entity=customers&entity_id=${entityId}`), [], 'another user wrote none of them');
  const wrong = await superAdmin({ method: 'GET', url: '/api/audit_log?entity=passwords&date_from=2026-02-30' });
  t.equal(wrong.statusCode, 400);
  t.same(Object.keys(wrong.json().errors).sort(), ['date_from', 'entity']);
  t.match(wrong.json().errors.date_from, /開始日/);
});

t.test('the export: the same filters as CSV, the writer and the change as field: before → after', async (t) => {
  const entityId = 2_000_000_002;
  await entriesAt(t, [1], entityId);
  const csv = await superAdmin({ method: 'GET', url: `/api/audit_log/export?entity=customers&entity_id=${entityId}` });
  t.equal(csv.statusCode, 200);
  t.match(csv.headers['content-type'], /text\/csv/);
  const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
  t.equal(lines[0], '日時,操作者,接続元,プロセス,対象,ID,操作,変更内容');
  t.equal(lines.length, 2);
  t.match(lines[1], /^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2},高橋 健,,,顧客,2000000002,変更,name: a → b1$/);
});

t.test('retention: entries older than AUDIT_RETENTION_DAYS (a year by default) go when the server starts', async (t) => {
  const entityId = 2_000_000_003;
  const [recent, monthOld] = await entriesAt(t, [2, 30, 400], entityId);
  const remaining = async () => (await db.selectFrom('audit_log').select('id').where('entity_id', '=', entityId).orderBy('id').execute()).map((row) => row.id);
  const start = async (env: NodeJS.ProcessEnv) => {
    const other = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', ...env }), db, jwtSecret: JWT_SECRET, logger: false });
    await other.ready();
    await other.close();
  };
  await start({});
  t.same(await remaining(), [recent, monthOld], 'a year: the 400-day-old entry went');
  await start({ AUDIT_RETENTION_DAYS: '7' });
  t.same(await remaining(), [recent], 'a week');
  t.throws(() => loadConfig({ AUDIT_RETENTION_DAYS: '0' }), /AUDIT_RETENTION_DAYS/);
});
