import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createDb, type Db } from '../db/index.js';
import { migrateToLatest } from '../db/migrate.js';
import { DEMO_PASSWORD, isEmpty, seedDemo } from '../db/seed/demo.js';
import { hashPassword } from './auth/password.js';
import { type Config, wantsDemoData } from './config.js';

/** Opens the configured database, migrates it, and loads demo data into an empty one when wanted; `seeded` says it did. */
export async function openDatabase(config: Config): Promise<{ db: Db; seeded: boolean }> {
  const db = createDb({ databaseUrl: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, 'pglite') });
  await migrateToLatest(db);
  const seeded = wantsDemoData(config) && (await isEmpty(db));
  if (seeded) await seedDemo(db, await hashPassword(DEMO_PASSWORD));
  return { db, seeded };
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
