import pg from 'pg';
import t from 'tap';
import { listenUrlOf } from '../../db/index.js';
import { ActorCache, listeningActorCache } from '../../server/auth/actor-cache.js';
import { Kysely, PostgresDialect, sql } from 'kysely';
import type { Database } from '../../db/types.js';
import type { Actor } from '../../server/auth/actor.js';
import { onPostgres } from './allocation-fixtures.js';
import { demoApp, login } from './helpers.js';

const actor = (id: number): Actor => ({ id, name: `user ${id}`, loginId: `u${id}`, type: 2, level: 4, departmentId: 7, deliveryCompanyId: null, tokenVersion: 0 });

t.test('the cache: a token’s actor remembered until something is forgotten, its time is up or it is not trusted', async (t) => {
  let finds = 0;
  const find = (id: number) => async () => {
    finds++;
    return actor(id);
  };
  let now = 1_000;
  const clock = () => now;
  const cache = new ActorCache(true, 60_000, 3);
  t.same(await cache.lookup('a', find(1), clock), actor(1));
  t.same(await cache.lookup('a', find(1), clock), actor(1));
  t.equal(finds, 1, 'found once, then remembered');
  cache.forget();
  await cache.lookup('a', find(1), clock);
  t.equal(finds, 2, 'forgotten: found again');
  now += 60_000;
  await cache.lookup('a', find(1), clock);
  t.equal(finds, 3, 'past its time: found again');
  t.equal(await cache.lookup('gone', async () => undefined, clock), undefined);
  t.equal(cache.size, 1, 'a token that opens nothing is not remembered');
  for (const jti of ['b', 'c', 'd']) await cache.lookup(jti, find(2), clock);
  t.ok(cache.size <= 3, `never more than its limit (${cache.size})`);

  // A lookup that read the state before a write, and ends after that write was heard, is not remembered.
  let release!: () => void;
  const slow = cache.lookup('e', () => new Promise<Actor>((resolve) => (release = () => resolve(actor(5)))), clock);
  cache.forget();
  release();
  t.same(await slow, actor(5), 'the caller still gets what was read');
  const before = finds;
  await cache.lookup('e', find(5), clock);
  t.equal(finds, before + 1, 'but it was not remembered');

  cache.trust(false);
  await cache.lookup('f', find(6), clock);
  await cache.lookup('f', find(6), clock);
  t.equal(finds, before + 3, 'untrusted (its notifications cannot arrive): every lookup reads');
});

t.test('the application: a token’s actor remembered between requests; a write by any connection to what it is read from is heard, and forgets it', async (t) => {
  const { app, db } = await demoApp(t);
  const cache = app.actorCache;
  await cache.listening();
  t.ok(cache.trusted, 'trusted once it listens');
  const token = await login(app, 'center');
  const hqToken = await login(app, 'hq');
  const vehicles = () => app.inject({ method: 'GET', url: '/api/vehicle?_start=0&_end=5', headers: { authorization: `Bearer ${token}` } });
  t.equal((await vehicles()).statusCode, 200);
  t.equal(cache.size, 1, 'the token’s actor remembered');
  const refused = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { login_id: 'center', password: 'wrong-password' } });
  t.equal(refused.statusCode, 401);
  t.equal(cache.size, 1, 'a refused request (it wrote nothing) forgets nothing: anonymous callers cannot empty the cache');
  // A write answered forgets before its answer leaves, whatever it wrote (here nothing any actor is read
  // from, so no notification comes): this process's next request reads afresh even before one would.
  const created = await app.inject({
    method: 'POST',
    url: '/api/vehicle_type',
    headers: { authorization: `Bearer ${hqToken}` },
    payload: { code: 'T-AC', name: 'キャッシュ確認車', max_loading_capacity: 3000, pallet_capacity: 6, cage_cart_capacity: 12 },
  });
  t.equal(created.statusCode, 201, created.body);
  t.equal(cache.size, 0, 'a write answered: everything forgotten');
  t.equal((await vehicles()).statusCode, 200);
  t.equal(cache.size, 1, 'and remembered again');

  // Another process's write (its own connection): once committed, the next request reads the actor again.
  const other = onPostgres ? new pg.Client({ connectionString: listenUrlOf(db) }) : undefined;
  await other?.connect();
  t.teardown(() => other?.end());
  const write = (text: string) => (other ? other.query(text).then(() => undefined) : sql.raw(text).execute(db).then(() => undefined));
  await write('update vehicle_types set name = name where id = (select min(id) from vehicle_types)');
  t.equal(cache.size, 1, 'a write to a table no actor is read from forgets nothing');
  await write(`update users set deleted_at = now() where login_id = 'center'`);
  t.equal((await vehicles()).statusCode, 401, 'the deleted user’s token opens nothing at the next request: the deletion is heard first');
  t.equal(cache.size, 0, 'and nothing of it is remembered');
});

t.test('while its notifications cannot arrive nothing is trusted (PostgreSQL: the listening connection lost, then back); embedded, they always can', async (t) => {
  const { app, db } = await demoApp(t);
  const cache = app.actorCache;
  const lost = await cache.listening();
  const token = await login(app, 'hq');
  const profile = () => app.inject({ method: 'GET', url: '/api/auth/profile', headers: { authorization: `Bearer ${token}` } });
  t.equal((await profile()).statusCode, 200);
  if (!onPostgres) {
    // PGlite's listener runs in this process, called as each write commits: there is no connection to lose.
    t.equal(lost, undefined, 'no listening connection');
    t.ok(cache.trusted, 'always trusted');
    return;
  }
  await sql`select pg_terminate_backend(${lost})`.execute(db);
  while (cache.trusted) await new Promise((resolve) => setTimeout(resolve, 10));
  t.equal(cache.size, 0, 'lost: everything forgotten');
  t.equal((await profile()).statusCode, 200, 'requests still answered, each reading its actor');
  t.equal(cache.size, 0, 'and nothing remembered meanwhile');
  const again = await cache.listening();
  t.not(again, lost, 'listening again on a new connection');
  t.ok(cache.trusted, 'trusted again');
  t.equal((await profile()).statusCode, 200);
  t.equal(cache.size, 1, 'and remembering');
});

t.test('a database opened without an address to listen on (not through createDb) is never trusted: every lookup reads', async (t) => {
  const pool = new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/none' });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const { cache, close } = await listeningActorCache(db, { warn: () => {}, info: () => {} });
  t.notOk(cache.trusted);
  let finds = 0;
  const find = async () => {
    finds++;
    return actor(1);
  };
  await cache.lookup('a', find);
  await cache.lookup('a', find);
  t.equal(finds, 2, 'read each time');
  await close();
  await db.destroy();
});
