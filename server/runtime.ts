import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createDb, type Db } from '../db/index.js';
import { migrateToLatest } from '../db/migrate.js';
import { demoLoadedOn, DEMO_PASSWORD, isEmpty, seedDemo } from '../db/seed/demo.js';
import { tokyoToday } from '../common/deliveries.js';
import { formatDate } from '../common/time.js';
import { hashPassword } from './auth/password.js';
import { type Config, wantsDemoData } from './config.js';

/** Opens the configured database, migrates it, and loads demo data into an empty one when wanted; `seeded` says it did. */
export async function openDatabase(config: Config): Promise<{ db: Db; seeded: boolean }> {
  const db = createDb({ databaseUrl: config.DATABASE_URL, listenUrl: config.DATABASE_LISTEN_URL, dataDir: path.join(config.DATA_DIR, 'pglite') });
  await migrateToLatest(db);
  const seeded = wantsDemoData(config) && (await isEmpty(db));
  if (seeded) await seedDemo(db, await hashPassword(DEMO_PASSWORD));
  return { db, seeded };
}

/**
 * A start on demo data loaded an earlier day: its rounds, reports and working times lie around that day,
 * so today's boards look like a day nobody planned. Says so, and how to load it again around today.
 */
export async function staleDemoNotice(db: Db, config: Config, now = new Date()): Promise<string | null> {
  if (!wantsDemoData(config)) return null;
  const loaded = await demoLoadedOn(db);
  if (!loaded || loaded === tokyoToday(now)) return null;
  const reload = config.DATABASE_URL ? 'empty that database' : `delete ${path.resolve(config.DATA_DIR)}`;
  return `  The demo data was loaded on ${formatDate(loaded)}: its days lie around that day, not today. To load it around today, stop the server, ${reload} and start again.`;
}

/** JWT_SECRET, or a random one kept in the data folder so that sign-ins survive a restart. */
export function jwtSecret(config: Config): string {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  const file = path.join(config.DATA_DIR, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.DATA_DIR, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
