import t from 'tap';
import { destinationsDigest, tokenOf, uploadDestinations, watchedDemoDatabase } from '../crashes.js';
import { spawnServer } from '../servers.js';

/**
 * `kill -9` of the server in the middle of a 100,000-row import on PostgreSQL: the process is killed
 * while the import's transaction has written (PostgreSQL shows it holding a transaction id), and the
 * destinations are, after a restart, exactly as before. (The embedded database's crash in the middle
 * of an import: tests/server/import-kill.test.ts for the server, tests/server/import-crash.test.ts for the
 * command-line importer.)
 */
if (!process.env.TEST_DATABASE_URL) throw new Error('tests/server/postgres/ run on PostgreSQL only: set TEST_DATABASE_URL');

const ROWS = 100_000;

t.test('the server killed in the middle of a 100,000-row import: after a restart the table is as before', async (t) => {
  const { url, watcher } = await watchedDemoDatabase(t);
  const before = await destinationsDigest(watcher);
  const server = await spawnServer(t, url);
  const upload = uploadDestinations(server, await tokenOf(server, 'hq'), ROWS);

  // The import's transaction has written once PostgreSQL gives it a transaction id (staging or merging).
  const writing = `select count(*)::int as n from pg_stat_activity
    where datname = current_database() and backend_xid is not null and pid <> pg_backend_pid() and query ~* 'import_|delivery_destinations'`;
  while ((await watcher.query<{ n: number }>(writing)).rows[0]!.n === 0) await new Promise((resolve) => setImmediate(resolve));
  server.child.kill('SIGKILL');
  t.same(await server.exited, { code: null, signal: 'SIGKILL' }, 'killed while its import was writing');
  t.type(await upload, Error, 'the upload got no answer');

  const restarted = await spawnServer(t, url);
  t.ok(await tokenOf(restarted, 'hq'), 'the restarted server serves');
  t.same(await destinationsDigest(watcher), before, 'the destinations as before: none of the file’s rows, no update');
});
