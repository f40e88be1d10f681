import { PassThrough } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import t from 'tap';
import type { Db } from '../../db/index.js';
import { csvUpload, demoApp, signedIn } from './helpers.js';

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
    await sleep(200);
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
