import { setTimeout as sleep } from 'node:timers/promises';
import { execFileSync } from 'node:child_process';
import t from 'tap';
import pg from 'pg';
import { freshDemoDatabase } from '../helpers.js';
import { client, type ServerProcess, spawnServer } from '../servers.js';

/**
 * Two server processes on one PostgreSQL database (each `npm start`'s server on a port of its own, as
 * two hosts behind a reverse proxy): what one process remembers between requests holds in the other.
 * PostgreSQL only: the embedded database opens in one process. `npm run test:server` runs this file
 * when TEST_DATABASE_URL is set (scripts/bundle-server-tests.mjs).
 */
const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) throw new Error('tests/server/postgres/ run on PostgreSQL only: set TEST_DATABASE_URL');

interface Teardown {
  teardown(fn: () => unknown): void;
}

/** A fresh copy of the demo database, dropped (its connections ended) when the test ends. */
async function databaseOfProcesses(t: Teardown): Promise<string> {
  const { db, url } = await freshDemoDatabase();
  await db.destroy();
  const name = new URL(url!).pathname.slice(1);
  t.teardown(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });
  return url!;
}

async function twoProcesses(t: Teardown, env: NodeJS.ProcessEnv = {}): Promise<{ url: string; processes: ServerProcess[] }> {
  const url = await databaseOfProcesses(t);
  return { url, processes: await Promise.all([spawnServer(t, url, env), spawnServer(t, url, env)]) };
}

async function departmentId(url: string, code: string): Promise<number> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    return (await db.query<{ id: number }>('select id from departments where code = $1', [code])).rows[0]!.id;
  } finally {
    await db.end();
  }
}

const PASSWORD = 'demo1234';

t.test('two processes on one database', async (t) => {
  const { url, processes } = await twoProcesses(t, { LOGIN_MAX_FAILURES_PER_ID: '3', LOGIN_MAX_PER_ADDRESS: '50' });
  const [one, two] = processes as [ServerProcess, ServerProcess];
  const viaOne = client(one);
  const viaTwo = client(two);
  const signIn = async (via: typeof viaOne, loginId: string) => {
    const response = await via('POST', '/api/auth/login', { body: { login_id: loginId, password: PASSWORD } });
    t.equal(response.status, 200, `${loginId} signs in`);
    return response.body.access_token!;
  };

  t.test('failed sign-ins count against a login ID across both processes', async (t) => {
    const wrong = (via: typeof viaOne) => via('POST', '/api/auth/login', { body: { login_id: 'branch', password: 'wrong-password' } });
    t.equal((await wrong(viaOne)).status, 401);
    t.equal((await wrong(viaTwo)).status, 401);
    t.equal((await wrong(viaOne)).status, 401, 'the third failure, two of them through the first process');
    const locked = await viaTwo('POST', '/api/auth/login', { body: { login_id: 'branch', password: PASSWORD } });
    t.equal(locked.status, 429, 'locked in the second process, which saw only one of the failures');
    t.equal(locked.body.message, 'ログインの試行回数が多すぎます。約15分後に再度お試しください。');
    t.equal((await viaOne('POST', '/api/auth/login', { body: { login_id: 'branch', password: PASSWORD } })).status, 429, 'and in the first');
    t.equal((await viaTwo('POST', '/api/auth/login', { body: { login_id: 'hq', password: PASSWORD } })).status, 200, 'other login IDs are not');
  });

  t.test('a logout through one process is refused by the other at its next request', async (t) => {
    const token = await signIn(viaOne, 'center');
    t.equal((await viaTwo('GET', '/api/auth/profile', { token })).status, 200, 'the second process remembers the token’s actor');
    t.equal((await viaOne('POST', '/api/auth/logout', { token })).status, 200);
    const refused = await viaTwo('GET', '/api/auth/profile', { token });
    t.equal(refused.status, 401, 'refused by the second process');
  });

  t.test('a department changed through one process is in force in the other at its next request', async (t) => {
    const hq = await signIn(viaOne, 'hq');
    const center = await signIn(viaTwo, 'center');
    const before = await viaTwo('GET', '/api/auth/profile', { token: center });
    t.equal(before.body.department?.code, 'CT-SHINAGAWA', 'remembered by the second process');
    const yokohama = await departmentId(url, 'CT-YOKOHAMA');
    const moved = await viaOne('PATCH', `/api/user/${before.body.id}`, { token: hq, body: { department_id: yokohama } });
    t.equal(moved.status, 200, JSON.stringify(moved.body));
    const after = await viaTwo('GET', '/api/auth/profile', { token: center });
    t.equal(after.body.department?.code, 'CT-YOKOHAMA', 'the second process reads the new department');
  });
});

t.test('WORKERS=2: two processes serve one port; SIGTERM ends both and the first exits 0', async (t) => {
  const url = await databaseOfProcesses(t);
  const server = await spawnServer(t, url, {}, 2);
  const via = client(server);
  const answers = await Promise.all(Array.from({ length: 20 }, () => via('GET', '/api/auth/profile')));
  t.same(new Set(answers.map((answer) => answer.status)), new Set([401]), 'every request answered (401 without a token)');
  const workers = execFileSync('ps', ['-o', 'pid=', '--ppid', String(server.child.pid)], { encoding: 'utf8' }).trim().split(/\s+/);
  t.equal(workers.length, 2, 'two server processes under the first');
  const signedIn = await via('POST', '/api/auth/login', { body: { login_id: 'hq', password: PASSWORD } });
  t.equal(signedIn.status, 200);
  server.child.kill('SIGTERM');
  t.same(await server.exited, { code: 0, signal: null }, 'exit code 0 once the workers have ended');
});

t.test('DATABASE_LISTEN_URL: the connections that LISTEN take that address, the queries DATABASE_URL (PgBouncer in transaction mode before them)', async (t) => {
  const url = await databaseOfProcesses(t);
  const named = (name: string) => {
    const address = new URL(url);
    address.searchParams.set('application_name', name);
    return address.toString();
  };
  const server = await spawnServer(t, named('haisha_queries'), { DATABASE_LISTEN_URL: named('haisha_listen') });
  t.equal((await client(server)('POST', '/api/auth/login', { body: { login_id: 'hq', password: PASSWORD } })).status, 200, 'queries answered');
  const sessions = async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ application_name: string; query: string }>(
        "select application_name, query from pg_stat_activity where datname = current_database() and application_name like 'haisha\\_%'",
      );
      return rows;
    } finally {
      await admin.end();
    }
  };
  let rows = await sessions();
  for (let tries = 0; tries < 200 && !rows.some((row) => row.application_name === 'haisha_listen'); tries++) {
    await sleep(25);
    rows = await sessions();
  }
  const listening = rows.filter((row) => row.application_name === 'haisha_listen');
  t.ok(listening.length > 0, `the listening connection on its own address: ${JSON.stringify(listening)}`);
  t.ok(rows.some((row) => row.application_name === 'haisha_queries'), 'the queries on DATABASE_URL');
});
