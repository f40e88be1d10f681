import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import t from 'tap';
import { passwordCost, usePasswordCost } from '../../server/auth/password.js';
import { ConfigError, loadConfig, wantsDemoData } from '../../server/config.js';
import { openDatabase } from '../../server/runtime.js';

t.test('defaults: port 3000, embedded database in ./data, demo data when empty', async (t) => {
  t.match(loadConfig({}), { PORT: 3000, DATA_DIR: './data', DEMO_DATA: 'auto', DATABASE_URL: undefined });
  t.match(loadConfig({ PORT: '8080', DATABASE_URL: 'postgres://localhost/x' }), { PORT: 8080, DATABASE_URL: 'postgres://localhost/x' });
});

t.test('one process by default; several (WORKERS) only on PostgreSQL', async (t) => {
  t.equal(loadConfig({}).WORKERS, 1);
  t.equal(loadConfig({ WORKERS: '4', DATABASE_URL: 'postgres://localhost/x' }).WORKERS, 4);
  const error = t.throws(() => loadConfig({ WORKERS: '2' })) as ConfigError;
  t.same(error.problems, ['WORKERS=2: several processes need PostgreSQL (DATABASE_URL); the embedded database opens in one process only']);
  t.same((t.throws(() => loadConfig({ WORKERS: '0', DATABASE_URL: 'postgres://localhost/x' })) as ConfigError).problems, ['WORKERS=0: expected a whole number of processes, 1-64']);
});

t.test('DATABASE_LISTEN_URL: a postgres:// address, only beside DATABASE_URL', async (t) => {
  t.equal(loadConfig({ DATABASE_URL: 'postgres://pgbouncer/x', DATABASE_LISTEN_URL: 'postgres://db/x' }).DATABASE_LISTEN_URL, 'postgres://db/x');
  t.equal(loadConfig({ DATABASE_LISTEN_URL: '' }).DATABASE_LISTEN_URL, undefined, 'empty is unset');
  t.same((t.throws(() => loadConfig({ DATABASE_LISTEN_URL: 'postgres://db/x' })) as ConfigError).problems, [
    'DATABASE_LISTEN_URL: only with DATABASE_URL (the embedded database listens in the process)',
  ]);
});

t.test('every wrong value is listed at once', async (t) => {
  const error = t.throws(() => loadConfig({ PORT: 'abc', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short' }));
  t.ok(error instanceof ConfigError);
  const { problems } = error as ConfigError;
  t.equal(problems.length, 4);
  t.match(problems.join('\n'), /PORT="abc".*\n.*DATABASE_URL="mysql:\/\/x".*\n.*JWT_SECRET="short".*\n.*LOG_LEVEL="loud": expected one of fatal/s);
});

t.test('production refuses to start without a random-looking JWT_SECRET of 32 bytes or more', async (t) => {
  const production = (JWT_SECRET?: string) => () => loadConfig({ NODE_ENV: 'production', ...(JWT_SECRET ? { JWT_SECRET } : {}) });
  for (const [secret, why] of [
    [undefined, 'unset'],
    ['a'.repeat(32), 'one character repeated'],
    ['abcd'.repeat(16), 'a short pattern repeated'],
    ['0123456789abcdefghij'.repeat(3), 'a longer pattern repeated'],
    [randomBytes(16).toString('hex'), '16 random bytes written in hex'],
  ] as const) {
    const error = t.throws(production(secret), why) as ConfigError;
    t.ok(error instanceof ConfigError, why);
    t.match(error.problems.join('\n'), /JWT_SECRET .*NODE_ENV=production needs at least 32 random bytes/, why);
    if (secret) t.notMatch(error.message, secret, `${why}: the secret is not printed`);
  }
  t.equal(loadConfig({ NODE_ENV: 'production', JWT_SECRET: randomBytes(32).toString('base64url') }).NODE_ENV, 'production');
  t.ok(loadConfig({ NODE_ENV: 'production', JWT_SECRET: randomBytes(32).toString('hex') }), '32 bytes in hex');
  t.ok(loadConfig({ JWT_SECRET: 'a'.repeat(32) }), 'outside production a test secret is fine');
});

t.test('demo data: into an empty database by default, in production only when DEMO_DATA=on', async (t) => {
  const secret = randomBytes(32).toString('base64url');
  t.equal(wantsDemoData(loadConfig({})), true);
  t.equal(wantsDemoData(loadConfig({ DEMO_DATA: 'off' })), false);
  t.equal(wantsDemoData(loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret })), false);
  t.equal(wantsDemoData(loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret, DEMO_DATA: 'auto' })), false, 'auto is not enough');
  t.equal(wantsDemoData(loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret, DEMO_DATA: 'on' })), true);

  const dataDir = mkdtempSync(path.join(tmpdir(), 'haisha-config-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  // The application's cost, whatever test files sharing this process chose for their sign-ins (helpers.ts).
  const cost = passwordCost();
  usePasswordCost('recommended');
  t.teardown(() => usePasswordCost(cost));
  const open = async (env: NodeJS.ProcessEnv) => {
    const { db, seeded } = await openDatabase(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: secret, NODE_ENV: 'production', ...env }));
    const departments = await db.selectFrom('departments').select('id').execute();
    const users = await db.selectFrom('users').select('password_hash').execute();
    await db.destroy();
    return { seeded, departments: departments.length, hashes: users.map((user) => user.password_hash) };
  };
  t.same(await open({}), { seeded: false, departments: 0, hashes: [] }, 'a production start loads nothing');
  const loaded = await open({ DEMO_DATA: 'on' });
  t.match(loaded, { seeded: true }, 'unless asked to');
  t.ok(loaded.hashes.length > 0, 'with the demo accounts');
  // A PHC string: $argon2id$v=19$m=…,t=…,p=…$salt$hash (the library orders the parameters its own way).
  const costOf = (hash: string | null) => (hash?.startsWith('$argon2id$') ? Object.fromEntries(hash.split('$')[3]!.split(',').map((p) => p.split('='))) : hash);
  t.same(
    loaded.hashes.map(costOf),
    loaded.hashes.map(() => ({ m: '65536', t: '3', p: '4' })),
    "their passwords hashed with argon2id at its recommended cost (64 MiB, 3 passes, 4 lanes)",
  );
  t.match(await open({ DEMO_DATA: 'on' }), { seeded: false }, 'and never twice: the demo accounts are printed only by the start that loaded them');
});
