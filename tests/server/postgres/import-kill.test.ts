import pg from 'pg';
import t from 'tap';
import { destinationCsvLines } from '../../../db/seed/generate-destinations.js';
import { freshDemoDatabase } from '../helpers.js';
import { client, spawnServer } from './servers.js';

/**
 * `kill -9` of the server in the middle of a 100,000-row import on PostgreSQL: the process is killed
 * while the import's transaction has written (PostgreSQL shows it holding a transaction id), and the
 * destinations are, after a restart, exactly as before. (The embedded database's crash in the middle
 * of an import: tests/server/import-crash.test.ts.)
 */
if (!process.env.TEST_DATABASE_URL) throw new Error('tests/server/postgres/ run on PostgreSQL only: set TEST_DATABASE_URL');

const ROWS = 100_000;

/** The destinations as a fingerprint: how many, and a digest of every row's key and names. */
const DESTINATIONS = `select count(*)::int as rows, md5(string_agg(delivery_code || ':' || customer_store_name || ':' || version, ',' order by id)) as digest
  from delivery_destinations`;

t.test('the server killed in the middle of a 100,000-row import: after a restart the table is as before', async (t) => {
  const { db, url, drop } = await freshDemoDatabase();
  await db.destroy();
  const watcher = new pg.Client({ connectionString: url });
  await watcher.connect();
  t.teardown(async () => {
    await watcher.end();
    await drop();
  });
  const before = (await watcher.query(DESTINATIONS)).rows[0];
  const server = await spawnServer(t, url!);
  const signIn = await client(server)('POST', '/api/auth/login', { body: { login_id: 'hq', password: 'demo1234' } });
  const form = new FormData();
  form.append('file', new Blob([`${[...destinationCsvLines(ROWS)].join('\n')}\n`], { type: 'text/csv' }), 'destinations.csv');
  const upload = fetch(`${server.url}/api/delivery_destination/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${signIn.body.access_token}` },
    body: form,
  }).catch((error: unknown) => error);

  // The import's transaction has written once PostgreSQL gives it a transaction id (staging or merging).
  const writing = `select count(*)::int as n from pg_stat_activity
    where datname = current_database() and backend_xid is not null and pid <> pg_backend_pid() and query ~* 'import_|delivery_destinations'`;
  while ((await watcher.query<{ n: number }>(writing)).rows[0]!.n === 0) await new Promise((resolve) => setImmediate(resolve));
  server.child.kill('SIGKILL');
  t.same(await server.exited, { code: null, signal: 'SIGKILL' }, 'killed while its import was writing');
  t.type(await upload, Error, 'the upload got no answer');

  const restarted = await spawnServer(t, url!);
  const again = await client(restarted)('POST', '/api/auth/login', { body: { login_id: 'hq', password: 'demo1234' } });
  t.equal(again.status, 200, 'the restarted server serves');
  t.same((await watcher.query(DESTINATIONS)).rows[0], before, 'the destinations as before: none of the file’s rows, no update');
});
