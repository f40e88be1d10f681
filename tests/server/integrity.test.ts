import { setTimeout as sleep } from 'node:timers/promises';
import { type KyselyPlugin, sql } from 'kysely';
import t from 'tap';
import type { Db } from '../../db/index.js';
import { MAX_PREPARED_PARAMETERS } from '../../db/prepared.js';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { JWT_SECRET, demoApp, freshDemoDatabase, signedIn } from './helpers.js';
import { demoIds } from './master-samples.js';

// On PostgreSQL these requests really run at the same time; PGlite (one connection) runs them one
// after the other, where the same outcomes must hold.

async function newVehicleType(db: Db, code: string) {
  const row = await db.insertInto('vehicle_types').values({ code, name: code }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** Backends of our database waiting for a lock. */
async function waitingForLocks(db: Db) {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
    where datname = current_database() and wait_event_type = 'Lock'`.execute(db);
  return rows[0]!.n;
}

async function until(condition: () => Promise<boolean>) {
  for (let i = 0; i < 400 && !(await condition()); i++) await sleep(25);
}

/**
 * On PostgreSQL: `first` is held just before it writes `table` (another session holds the table in
 * SHARE mode), `second` is sent, and the table is let go once `second` has answered or waits for a
 * lock itself. On PGlite, one after the other.
 */
async function interleave<T>(db: Db, table: 'vehicles' | 'vehicle_types' | 'departments', first: () => Promise<T>, second: () => Promise<T>) {
  if (!onPostgres) return [await first(), await second()];
  let held!: Promise<T>;
  let other!: Promise<T>;
  await db.transaction().execute(async (trx) => {
    await sql`lock table ${sql.table(table)} in share mode`.execute(trx);
    held = first();
    await until(async () => (await waitingForLocks(db)) >= 1);
    let answered = false;
    other = second().finally(() => {
      answered = true;
    });
    await until(async () => answered || (await waitingForLocks(db)) >= 2);
  });
  return Promise.all([held, other]);
}

/** Live vehicles whose vehicle type is deleted: what the reference rules exist to prevent. */
async function dangling(db: Db) {
  const { rows } = await sql<{ id: number }>`select v.id from vehicles v join vehicle_types vt on vt.id = v.vehicle_type_id
    where v.deleted_at is null and vt.deleted_at is not null`.execute(db);
  return rows.length;
}

t.test('deleting a vehicle type while a vehicle is being registered on it never leaves a live vehicle on a deleted type', async (t) => {
  const { app, db } = await demoApp(t);
  const api = await signedIn(app, 'super');
  const ids = await demoIds(db);
  const vehicle = (number: string, vehicle_type_id: number) => ({
    method: 'POST' as const,
    url: '/api/vehicle',
    payload: { vehicle_number: number, vehicle_type_id, delivery_company_id: ids.toto, base_department_id: ids.shinagawa },
  });

  const first = await newVehicleType(db, 'VT-SEQ1');
  t.equal((await api(vehicle('品川 100 あ 00-01', first))).statusCode, 201);
  const referred = await api({ method: 'DELETE', url: `/api/vehicle_type/${first}` });
  t.equal(referred.statusCode, 409, 'a registered vehicle blocks the deletion');
  t.equal(referred.json().message, '車両マスタから参照されているため削除できません。');
  const second = await newVehicleType(db, 'VT-SEQ2');
  t.equal((await api({ method: 'DELETE', url: `/api/vehicle_type/${second}` })).statusCode, 200);
  const late = await api(vehicle('品川 100 あ 00-02', second));
  t.equal(late.statusCode, 400, 'a deleted vehicle type cannot be referred to');
  t.equal(late.json().errors.vehicle_type_id, '車種が見つかりません。');

  // Each race holds one request just before its write (a table lock taken from another session),
  // sends the other, and lets go once the other has finished or waits too: without the row locks the
  // other finishes in that gap and the two commit a vehicle on a deleted type. Half the races hold
  // the registration, half the deletion. PGlite runs the two requests one after the other.
  const outcomes: string[] = [];
  for (let race = 0; race < 10; race++) {
    const typeId = await newVehicleType(db, `VT-RACE${race}`);
    const create = () => api(vehicle(`品川 200 い 00-${String(race).padStart(2, '0')}`, typeId));
    const remove = () => api({ method: 'DELETE', url: `/api/vehicle_type/${typeId}` });
    const [created, deleted] =
      race % 2 === 0 ? await interleave(db, 'vehicles', create, remove) : (await interleave(db, 'vehicle_types', remove, create)).reverse();
    outcomes.push(`${created!.statusCode}/${deleted!.statusCode}`);
  }
  t.ok(
    outcomes.every((outcome) => outcome === '201/409' || outcome === '400/200'),
    `either the vehicle is registered and the deletion refused, or the reverse: ${outcomes.join(' ')}`,
  );
  if (onPostgres) t.same(outcomes, Array(5).fill(['201/409', '400/200']).flat(), 'the held request wins each race');
  t.equal(await dangling(db), 0, 'no live vehicle on a deleted vehicle type');
});

t.test("a branch's level change racing a new center under it: never a center at its branch's level", async (t) => {
  const { app, db } = await demoApp(t);
  const api = await signedIn(app, 'super');
  const kanto = (await db.selectFrom('departments').select('id').where('code', '=', 'DV-KANTO').executeTakeFirstOrThrow()).id;
  const outcomes: string[] = [];
  for (let race = 0; race < 2; race++) {
    const branch = (await api({ method: 'POST', url: '/api/department', payload: { code: `BR-R${race}`, name: '支店', level: 3, parent_id: kanto } })).json();
    const lower = () => api({ method: 'PATCH', url: `/api/department/${branch.id}`, payload: { level: 4 } });
    const addCenter = () => api({ method: 'POST', url: '/api/department', payload: { code: `CT-R${race}`, name: 'センター', level: 4, parent_id: branch.id } });
    const [lowered, added] =
      race === 0 ? (await interleave(db, 'departments', addCenter, lower)).reverse() : await interleave(db, 'departments', lower, addCenter);
    outcomes.push(`${lowered!.statusCode}/${added!.statusCode}`);
  }
  t.ok(outcomes.every((outcome) => outcome === '400/201' || outcome === '200/400'), `exactly one of the two passes: ${outcomes.join(' ')}`);
  const { rows } = await sql<{ code: string }>`select c.code from departments c join departments p on p.id = c.parent_id
    where c.deleted_at is null and c.level <= p.level`.execute(db);
  t.same(rows, [], 'every department is below its parent');
});

t.test('20 simultaneous creates of one code: one 201, the others 409 naming the field', async (t) => {
  const { app, db } = await demoApp(t);
  const api = await signedIn(app, 'super');
  const create = () => api({ method: 'POST', url: '/api/vehicle_type', payload: { code: 'VT-SAME', name: '同時登録' } });
  const responses = await Promise.all(Array.from({ length: 20 }, create));
  const statuses = responses.map((r) => r.statusCode).sort();
  t.same(statuses, [201, ...Array(19).fill(409)]);
  for (const refused of responses.filter((r) => r.statusCode === 409)) {
    t.same(refused.json(), { message: '車種コードは既に登録されています。', code: 409, errors: { code: '車種コードは既に登録されています。' } });
  }
  const stored = await db.selectFrom('vehicle_types').select('id').where('code', '=', 'VT-SAME').execute();
  t.equal(stored.length, 1);
});

t.test('10 simultaneous edits of one version: one 200, the others 409; the winner\'s write stands', async (t) => {
  const { app, db } = await demoApp(t);
  const api = await signedIn(app, 'super');
  const id = await newVehicleType(db, 'VT-EDIT');
  const { version } = await db.selectFrom('vehicle_types').select('version').where('id', '=', id).executeTakeFirstOrThrow();
  const edit = (n: number) => api({ method: 'PATCH', url: `/api/vehicle_type/${id}`, payload: { name: `同時編集${n}`, version } });
  const responses = await Promise.all(Array.from({ length: 10 }, (_, n) => edit(n)));
  t.same(responses.map((r) => r.statusCode).sort(), [200, ...Array(9).fill(409)]);
  const winner = responses.find((r) => r.statusCode === 200)!.json();
  const stored = await db.selectFrom('vehicle_types').select(['name', 'version']).where('id', '=', id).executeTakeFirstOrThrow();
  t.same(stored, { name: winner.name, version: version + 1 });
});

/** Counts the statements a request sends to the database (transaction control aside). */
function queryCounter() {
  const counter = { count: 0, plugin: undefined as unknown as KyselyPlugin };
  counter.plugin = {
    transformQuery: (args) => {
      counter.count++;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return counter;
}

t.test('bulk delete of 200 rows is a handful of queries, and one row out of scope refuses them all', async (t) => {
  const { db } = await demoApp(t);
  const counter = queryCounter();
  const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent' }), db: db.withPlugin(counter.plugin), jwtSecret: JWT_SECRET, logger: false });
  t.teardown(() => app.close());
  const api = await signedIn(app, 'super');
  const rows = Array.from({ length: 200 }, (_, i) => ({ code: `VT-BULK${i}`, name: `一括${i}` }));
  const ids = (await db.insertInto('vehicle_types').values(rows).returning('id').execute()).map((row) => row.id);

  const missing = await api({ method: 'POST', url: '/api/vehicle_type/delete', payload: { ids: [...ids, 2_000_000_000] } });
  t.equal(missing.statusCode, 404, 'an unknown id refuses the whole batch');
  counter.count = 0;
  const bulk = await api({ method: 'POST', url: '/api/vehicle_type/delete', payload: { ids } });
  t.same(bulk.json(), { deleted: 200 });
  // the caller's account (authentication), the rows locked, one query per referring table (vehicles,
  // unit prices), one soft-delete update
  t.equal(counter.count, 5, 'queries for 200 rows');
  const live = await db.selectFrom('vehicle_types').select('id').where('id', 'in', ids).where('deleted_at', 'is', null).execute();
  t.equal(live.length, 0);

  const center = await signedIn(app, 'center');
  const ownVehicles = await db.selectFrom('vehicles').select('id').where('deleted_at', 'is', null).execute();
  const outside = await center({ method: 'POST', url: '/api/vehicle/delete', payload: { ids: ownVehicles.map((v) => v.id) } });
  t.equal(outside.statusCode, 404, "another center's vehicle in the batch refuses it");
  const after = await db.selectFrom('vehicles').select('id').where('deleted_at', 'is', null).execute();
  t.equal(after.length, ownVehicles.length, 'nothing was deleted');
});

t.test("another request's statements never run inside an open transaction, and wait for it on PGlite", async (t) => {
  const { db, drop } = await freshDemoDatabase();
  t.teardown(async () => {
    await db.destroy();
    await drop();
  });
  const countTypes = async () => Number((await db.selectFrom('vehicle_types').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const before = await countTypes();
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let inserted!: () => void;
  const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
  const transaction = db.transaction().execute(async (trx) => {
    await newVehicleType(trx, 'TX-OPEN');
    inserted();
    await held;
    throw new Error('rolled back on purpose');
  });
  await insertedYet;
  // Outside the transaction: PostgreSQL answers at once on another connection; PGlite's one
  // connection answers once the transaction has ended. Either way the uncommitted row is not seen.
  const events: string[] = [];
  const outside = countTypes().then((n) => (events.push('outside answered'), n));
  await sleep(50);
  events.push('transaction released');
  release();
  await t.rejects(transaction, /rolled back on purpose/);
  t.equal(await outside, before, 'the uncommitted row was not visible outside its transaction');
  if (!onPostgres) t.same(events, ['transaction released', 'outside answered'], 'PGlite: the other statement waited for the transaction');
  t.equal(await countTypes(), before, 'and a statement outside it was not rolled back with it');
});

t.test('a connection plans a statement once and then reuses it; one with many parameters is sent unnamed', async (t) => {
  const { db, drop } = await freshDemoDatabase();
  t.teardown(async () => {
    await db.destroy();
    await drop();
  });
  // In a transaction: every statement on the one connection whose prepared statements are read.
  await db.transaction().execute(async (trx) => {
    const firstVehicles = trx.selectFrom('vehicles').select('id').where('id', '>', 0).orderBy('id').limit(3);
    const first = await firstVehicles.execute();
    t.same(await firstVehicles.execute(), first, 'the second run (now prepared) answers as the first did');
    t.same(await firstVehicles.execute(), first, 'and so does the third, on the same prepared statement');
    t.equal(first.length, 3);
    const ids = Array.from({ length: MAX_PREPARED_PARAMETERS + 1 }, (_, i) => first[0]!.id + i);
    const many = trx.selectFrom('vehicles').select('id').where('id', 'in', ids);
    t.ok((await many.execute()).length >= 1);
    const { rows } = await sql<{ statement: string; generic_plans: number; custom_plans: number }>`
      select statement, generic_plans::int, custom_plans::int from pg_prepared_statements`.execute(trx);
    const statements = rows.map((row) => row.statement);
    t.equal(statements.filter((text) => text === firstVehicles.compile().sql).length, 1, 'prepared once on the connection');
    const plans = rows.find((row) => row.statement === firstVehicles.compile().sql);
    t.same(plans && { generic: plans.generic_plans, custom: plans.custom_plans }, { generic: 2, custom: 0 }, 'planned once, and the plan kept');
    t.notOk(statements.includes(many.compile().sql), `${ids.length} parameters: not prepared`);
    const once = trx.selectFrom('vehicles').select(['vehicle_number', 'id as run_once_probe']).where('id', '=', first[1]!.id);
    await once.execute();
    const { rows: after } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(trx);
    t.notOk(after.some((row) => row.statement === once.compile().sql), 'a statement run once is not prepared');
  });
});

t.test('a prepared statement answers as its first, unnamed run did: types, parameters, affected rows, errors', async (t) => {
  const { db, drop } = await freshDemoDatabase();
  t.teardown(async () => {
    await db.destroy();
    await drop();
  });
  /** Runs a statement three times (unnamed, then prepared twice) and answers the three outcomes. */
  const thrice = async <T>(run: () => Promise<T>) => [await run(), await run(), await run()];
  const trip = await db.selectFrom('vehicle_allocations').select('id').where('confirmed_at', 'is not', null).executeTakeFirstOrThrow();
  const trips = await thrice(() => db.selectFrom('vehicle_allocations').selectAll().where('id', '=', trip.id).executeTakeFirstOrThrow());
  t.ok(trips[0]!.confirmed_at instanceof Date, 'a timestamptz is a Date');
  t.same(trips[1], trips[0], 'dates, timestamps, numbers and JSON read alike prepared');
  t.same(trips[2], trips[0]);
  const deliveries = await thrice(() => db.selectFrom('deliveries').selectAll().where('vehicle_allocation_id', '=', trip.id).orderBy('id').execute());
  t.ok(deliveries[0]!.length > 0 && typeof deliveries[0]![0]!.date === 'string', 'a date stays text (YYYY-MM-DD)');
  t.same(deliveries[1], deliveries[0]);
  const echoes = await thrice(() =>
    sql<{ ids: number[]; doc: unknown; at: Date; nothing: null }>`select ${[3, 1, 2]}::int[] as ids, ${JSON.stringify({ a: [1, '便'] })}::jsonb as doc,
      ${new Date('2026-11-24T01:02:03Z')}::timestamptz as at, ${null}::text as nothing`.execute(db),
  );
  t.same(echoes[0]!.rows, [{ ids: [3, 1, 2], doc: { a: [1, '便'] }, at: new Date('2026-11-24T01:02:03Z'), nothing: null }], 'parameters serialised by their type');
  t.same(echoes[2]!.rows, echoes[0]!.rows);
  const touched = await thrice(() => db.updateTable('vehicle_allocations').set({ route_name: 'prepared' }).where('id', '=', trip.id).executeTakeFirstOrThrow());
  t.same(touched.map((result) => result.numUpdatedRows), [1n, 1n, 1n], 'affected rows counted alike');
  const code = await db.selectFrom('vehicle_types').select('code').executeTakeFirstOrThrow();
  const duplicate = () => db.insertInto('vehicle_types').values({ code: code.code, name: 'x' }).execute().then(() => 'inserted', (error: { code?: string }) => error.code);
  t.same(await thrice(duplicate), ['23505', '23505', '23505'], 'a unique violation keeps its code prepared');
  await t.rejects(
    db.transaction().execute(async (trx) => {
      for (let i = 0; i < 3; i++) await trx.updateTable('vehicle_allocations').set({ route_name: 'rolled back' }).where('id', '=', trip.id).execute();
      throw new Error('rolled back on purpose');
    }),
    /rolled back on purpose/,
  );
  const memo = await thrice(() => db.selectFrom('vehicle_allocations').select('route_name').where('id', '=', trip.id).executeTakeFirstOrThrow());
  t.same(memo, Array(3).fill({ route_name: 'prepared' }), 'a prepared write inside a rolled-back transaction is rolled back');
});

t.test('statements that change nothing, on one database', async (t) => {
  const { db, drop } = await freshDemoDatabase();
  t.teardown(async () => {
    await db.destroy();
    await drop();
  });

  t.test('queued statements leave the event loop a turn between them (sockets are read in between)', async (t) => {
    let done = 0;
    const queued = Array.from({ length: 20 }, () => sql`select pg_sleep(0.002)`.execute(db).then(() => done++));
    const atFirstTurn = await new Promise<number>((resolve) => setImmediate(() => setImmediate(() => resolve(done))));
    await Promise.all(queued);
    t.ok(atFirstTurn < 20, `the event loop ran while statements were queued (${atFirstTurn} of 20 done by then)`);
  });

  t.test('a timestamptz reads back as the instant written, whatever the session time zone', async (t) => {
    // The last two are written with an offset in seconds in some zones (local mean time before 1940):
    // pg's own parser reads those, and the years 0-99.
    const instants = ['2026-11-27T21:25:01.123Z', '2026-01-01T00:00:00.000Z', '2024-02-29T14:59:59.999Z', '2000-06-30T15:00:00.050Z', '1900-01-01T00:00:00.000Z', '0099-06-01T00:00:00.000Z'];
    for (const zone of ['UTC', 'Asia/Tokyo', 'America/St_Johns', 'Asia/Kathmandu', 'Europe/Amsterdam']) {
      const read = await db.transaction().execute(async (trx) => {
        await sql`select set_config('TimeZone', ${zone}, true)`.execute(trx);
        const { rows } = await sql<{ at: Date }>`select unnest(${instants}::text[])::timestamptz as at`.execute(trx);
        return rows.map((row) => row.at.toISOString());
      });
      t.same(read, instants, `read in ${zone}`);
    }
    const { rows } = await sql<{ at: Date }>`select '2026-11-27 21:25:01.123999+09'::timestamptz as at`.execute(db);
    t.equal(rows[0]!.at.toISOString(), '2026-11-27T12:25:01.123Z', 'microseconds are cut to milliseconds');
  });
});
