import type { FastifyBaseLogger } from 'fastify';
import t from 'tap';
import type { Db } from '../../db/index.js';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { fromDatabaseError } from '../../server/database-errors.js';
import { translator } from '../../server/i18n.js';
import { JWT_SECRET, demoApp, signedIn, csvUpload } from './helpers.js';
import { demoIds } from './master-samples.js';
import { PassThrough } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';

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
}
