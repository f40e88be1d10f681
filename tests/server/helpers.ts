import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { createDb, type Db } from '../../db/index.js';
import { migrateToLatest } from '../../db/migrate.js';
import { DEMO_PASSWORD, seedDemo } from '../../db/seed/demo.js';
import { buildApp } from '../../server/app.js';
import { hashPassword } from '../../server/auth/password.js';
import { loadConfig } from '../../server/config.js';

export const JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

interface Teardown {
  teardown(fn: () => unknown): void;
}

/**
 * A fresh database for one test file: embedded PGlite in memory, or, when TEST_DATABASE_URL is set,
 * a new database on that PostgreSQL server, dropped afterwards.
 */
async function freshDatabase(): Promise<{ db: Db; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { db: createDb({ dataDir: 'memory://' }), drop: async () => {} };
  const name = `haisha_test_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { db: createDb({ databaseUrl: url.toString(), dataDir: '' }), drop: () => admin(`drop database if exists ${name}`) };
}

let demoHash: Promise<string> | undefined;

/** The application on a migrated database holding the demo data; closed when the test ends. `env` adds configuration. */
export async function demoApp(t: Teardown, env: NodeJS.ProcessEnv = {}): Promise<{ app: FastifyInstance; db: Db }> {
  const { db, drop } = await freshDatabase();
  await migrateToLatest(db);
  demoHash ??= hashPassword(DEMO_PASSWORD);
  await seedDemo(db, await demoHash);
  const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', ...env }), db, jwtSecret: JWT_SECRET, logger: false });
  t.teardown(async () => {
    await app.close();
    await db.destroy();
    await drop();
  });
  return { app, db };
}

export async function login(app: FastifyInstance, loginId: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { login_id: loginId, password } });
  if (response.statusCode !== 200) throw new Error(`login ${loginId} failed: ${response.body}`);
  return response.json().access_token;
}

/** An API client signed in as one demo account. */
export async function signedIn(app: FastifyInstance, loginId: string) {
  const token = await login(app, loginId);
  return (options: InjectOptions) =>
    app.inject({ ...options, headers: { authorization: `Bearer ${token}`, ...options.headers } });
}

/** A multipart/form-data body with one CSV file, as a browser sends it. */
export function csvUpload(content: string | Buffer, filename = 'upload.csv') {
  const boundary = `----haisha${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function departmentId(db: Db, code: string): Promise<number> {
  const row = await db.selectFrom('departments').select('id').where('code', '=', code).executeTakeFirstOrThrow();
  return row.id;
}
