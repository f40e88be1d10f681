import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../db/seed/demo.js';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, loadDotEnv } from './config.js';
import { jwtSecret, openDatabase, staleDemoNotice } from './runtime.js';

const CLIENT_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'client', 'dist');

function printDemoAccounts() {
  console.log(`  Demo data loaded. Demo accounts (password ${DEMO_PASSWORD}):`);
  for (const account of DEMO_ACCOUNTS) console.log(`    ${account.login_id.padEnd(8)} ${account.note}`);
}

export async function startServer() {
  loadDotEnv();
  const config = loadConfig();
  const { db, seeded } = await openDatabase(config);
  const app = await buildApp({ config, db, jwtSecret: jwtSecret(config), clientDir: CLIENT_DIR });
  await app.listen({ port: config.PORT, host: config.HOST });
  const where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${path.resolve(config.DATA_DIR)}`;
  console.log(`\n  配車管理システム: http://localhost:${config.PORT}/  (database: ${where})`);
  // Only a start that just loaded them knows the demo passwords are still the ones printed.
  if (seeded) printDemoAccounts();
  const stale = seeded ? null : await staleDemoNotice(db, config);
  if (stale) console.log(stale);
  console.log('');

  const close = async () => {
    await app.close();
    await db.destroy();
    process.exit(0);
  };
  process.once('SIGTERM', close);
  process.once('SIGINT', close);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  startServer().catch((error) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  });
}
