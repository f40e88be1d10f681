import t from 'tap';
import { createDb } from '../../../db/index.js';
import { buildApp } from '../../../server/app.js';
import { loadConfig } from '../../../server/config.js';
import { freshDemoDatabase, JWT_SECRET, login } from '../helpers.js';
import { DatabaseProxy } from './proxy.js';

/**
 * The database goes away and comes back, through a TCP proxy between the application and PostgreSQL
 * that the test cuts (every connection ended, new ones refused) and restores: requests answer a
 * localised 503 at once, the application recovers by itself, and a write under way is committed whole
 * or not at all. PostgreSQL only (the embedded database has no connection to lose).
 */
if (!process.env.TEST_DATABASE_URL) throw new Error('tests/server/postgres/ run on PostgreSQL only: set TEST_DATABASE_URL');

/** A request that waits longer than this on a database that is gone hangs. */
const AT_ONCE_MS = 2_000;

t.test('the database cut and restored', async (t) => {
  const { db: direct, url, drop } = await freshDemoDatabase();
  const target = new URL(url!);
  const proxy = new DatabaseProxy({ host: target.hostname, port: Number(target.port || 5432) });
  await proxy.open();
  const db = createDb({ databaseUrl: proxy.urlOf(url!), dataDir: '' });
  const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent' }), db, jwtSecret: JWT_SECRET, logger: false });
  t.teardown(async () => {
    await app.close();
    await db.destroy();
    await proxy.cut();
    await direct.destroy();
    await drop();
  });
  const token = await login(app, 'hq');
  const as = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, language = 'ja') =>
    app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}`, 'accept-language': language } });

  t.test('while it is gone, requests answer 503 at once in the caller’s language; back, they succeed without a restart', async (t) => {
    t.equal((await as('GET', '/api/vehicle_type')).statusCode, 200);
    await proxy.cut();
    for (const [language, message] of [
      ['ja', 'データベースに接続できません。時間をおいて再度お試しください。'],
      ['en', 'The database is unavailable. Please try again later.'],
    ] as const) {
      const started = performance.now();
      const list = await as('GET', '/api/vehicle_type', undefined, language);
      t.equal(list.statusCode, 503, `${language}: a list`);
      t.equal(list.json().message, message);
      t.ok(performance.now() - started < AT_ONCE_MS, `${language}: answered at once`);
    }
    const write = await as('POST', '/api/vehicle_type', { code: 'T-CUT', name: '切断中', max_loading_capacity: 3000, pallet_capacity: 6, cage_cart_capacity: 12 });
    t.equal(write.statusCode, 503, 'a write');
    const signIn = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { login_id: 'branch', password: 'demo1234' } });
    t.equal(signIn.statusCode, 503, 'a sign-in');

    await proxy.open();
    t.equal((await as('GET', '/api/vehicle_type')).statusCode, 200, 'back: the list');
    t.equal((await as('POST', '/api/vehicle_type', { code: 'T-BACK', name: '復旧後', max_loading_capacity: 3000, pallet_capacity: 6, cage_cart_capacity: 12 })).statusCode, 201, 'back: a write');
  });

  t.test('a write cut before its commit leaves nothing of it; one cut after its commit, all of it', async (t) => {
    const center = await direct.selectFrom('users').select('id').where('login_id', '=', 'center').executeTakeFirstOrThrow();
    const vehiclesOf = async () =>
      (await direct.selectFrom('user_vehicles').select('vehicle_id').where('user_id', '=', center.id).orderBy('vehicle_id').execute()).map((row) => row.vehicle_id);
    const chosen = (await direct.selectFrom('vehicles').select('id').where('deleted_at', 'is', null).orderBy('id').limit(3).execute()).map((row) => row.id);
    const before = await vehiclesOf();
    t.not(before.join(), chosen.join(), 'the write changes what the user has');
    const allocate = () => as('PUT', `/api/user/${center.id}/vehicle_allocation`, { vehicle_ids: chosen });

    // Its old vehicles deleted, the new ones about to be inserted: the connection ends there.
    const cutMidWrite = proxy.cutWhenSent(/insert into "user_vehicles"/i);
    t.equal((await allocate()).statusCode, 503);
    await cutMidWrite;
    t.same(await vehiclesOf(), before, 'nothing of it: the deletion rolled back with the connection');
    await proxy.open();

    // Committed, the answer lost on the way back: the caller hears 503, and the write is whole.
    const cutAfterCommit = proxy.cutWhenSent(/\bcommit\b/i, { answered: true });
    t.equal((await allocate()).statusCode, 503);
    await cutAfterCommit;
    t.same(await vehiclesOf(), chosen, 'all of it');
    await proxy.open();
    const read = await as('GET', `/api/user/vehicle_allocation?user_id=${center.id}`);
    t.equal(read.statusCode, 200, 'back: read again');
  });
});
