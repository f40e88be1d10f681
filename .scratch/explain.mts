import pg from 'pg';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { createDb } from '../db/index.js';
import { migrateToLatest } from '../db/migrate.js';
import { DEMO_PASSWORD, seedDemo } from '../db/seed/demo.js';
import { generateDeliveries } from '../db/seed/generate-deliveries.js';
import { hashPassword } from '../server/auth/password.js';
import { findActor } from '../server/auth/actor.js';
import { listDeliveries } from '../server/deliveries/repository.js';
import { addDays, tokyoToday } from '../common/deliveries.js';

const url = 'postgres://postgres@127.0.0.1:5432/haisha_explain';
const DAY = addDays(tokyoToday(), -3);
if (process.argv[2] === 'prepare') {
  const admin = new pg.Client('postgres://postgres@127.0.0.1:5432/test'); await admin.connect();
  await admin.query('drop database if exists haisha_explain'); await admin.query('create database haisha_explain'); await admin.end();
  const db = createDb({ databaseUrl: url, dataDir: '' });
  await migrateToLatest(db); await seedDemo(db, await hashPassword(DEMO_PASSWORD)); await generateDeliveries(db, 1_000_000); await sql`analyze`.execute(db); await db.destroy();
}
const statements: { sql: string; parameters: readonly unknown[] }[] = [];
const db = new Kysely<any>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }), log: (e) => void statements.push({ sql: e.query.sql, parameters: e.query.parameters }) });
const user = await db.selectFrom('users').select('id').where('login_id', '=', process.argv[3] ?? 'center').executeTakeFirstOrThrow();
const actor = (await findActor(db, user.id))!;
statements.length = 0;
await listDeliveries(db, actor, { date_from: DAY, date_to: DAY, _start: 0, _end: 50, _sort: (process.argv[4] ?? 'slip_number') as any });
const client = new pg.Client(url); await client.connect();
for (let rep = 0; rep < Number(process.env.REPEAT ?? 1); rep++) for (const s of statements) {
  console.log('----', s.sql, JSON.stringify(s.parameters));
  const r = await client.query('explain (analyze, buffers) ' + s.sql, [...s.parameters]);
  console.log(r.rows.map((x: any) => x['QUERY PLAN']).join('\n'));
}
await client.end(); await db.destroy();
