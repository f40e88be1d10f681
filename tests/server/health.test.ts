import { type AddressInfo, connect, createServer, type Socket } from 'node:net';
import t, { type Test } from 'tap';
import { createDb, type Db } from '../../db/index.js';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { freshDemoDatabase, JWT_SECRET } from './helpers.js';

/** A TCP proxy in front of the test's PostgreSQL server that the test cuts: the database goes away. */
async function cuttableProxy(target: URL) {
  const sockets = new Set<Socket>();
  const proxy = createServer((client) => {
    const server = connect(Number(target.port || 5432), target.hostname);
    for (const [from, to] of [
      [client, server],
      [server, client],
    ]) {
      sockets.add(from);
      from.pipe(to);
      from.on('error', () => to.destroy());
      from.on('close', () => {
        sockets.delete(from);
        to.destroy();
      });
    }
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.host = `127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  return {
    url: url.toString(),
    /** Closes the proxy and every connection through it (again: nothing more to do). */
    cut: async () => {
      const closed = new Promise((resolve) => (proxy.listening ? proxy.close(resolve) : resolve(undefined)));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

/**
 * The application on the demo database, and a way to take the database away: on PostgreSQL its
 * connections run through a proxy that is cut; embedded PGlite is closed under the application.
 */
async function appWhoseDatabaseGoesAway(t: Test) {
  const fresh = await freshDemoDatabase();
  const proxy = fresh.url ? await cuttableProxy(new URL(fresh.url)) : undefined;
  if (proxy) await fresh.db.destroy();
  const db: Db = proxy ? createDb({ databaseUrl: proxy.url, dataDir: '' }) : fresh.db;
  const cut = proxy ? proxy.cut : () => db.destroy();
  const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent' }), db, jwtSecret: JWT_SECRET, logger: false });
  t.teardown(async () => {
    await app.close();
    await db.destroy().catch(() => undefined);
    await proxy?.cut();
    await fresh.drop();
  });
  return { app, cut };
}

t.test('/healthz and /readyz answer without authentication and tell nothing else', async (t) => {
  const { app } = await appWhoseDatabaseGoesAway(t);
  for (const url of ['/healthz', '/readyz']) {
    const response = await app.inject({ method: 'GET', url });
    t.equal(response.statusCode, 200, `${url} without a token`);
    t.same(response.json(), { status: 'ok' }, `${url}: a status and nothing more`);
  }
  const unknownQuery = await app.inject({ method: 'GET', url: '/readyz?verbose=1' });
  t.equal(unknownQuery.statusCode, 400, 'a query parameter is refused, not echoed');
});

t.test('/readyz answers a localised 503 once the database is gone; /healthz still answers', async (t) => {
  const { app, cut } = await appWhoseDatabaseGoesAway(t);
  t.equal((await app.inject({ method: 'GET', url: '/readyz' })).statusCode, 200, 'ready while the database answers');
  await cut();
  const ja = await app.inject({ method: 'GET', url: '/readyz' });
  t.equal(ja.statusCode, 503);
  t.same(ja.json(), { message: 'データベースに接続できません。時間をおいて再度お試しください。', code: 503 });
  t.equal(ja.headers['retry-after'], '5', 'says when to ask again');
  const en = await app.inject({ method: 'GET', url: '/readyz', headers: { 'accept-language': 'en' } });
  t.equal(en.statusCode, 503);
  t.equal(en.json().message, 'The database is unavailable. Please try again later.', 'in the caller’s language');
  t.equal((await app.inject({ method: 'GET', url: '/healthz' })).statusCode, 200, 'the process itself is still alive');
});
