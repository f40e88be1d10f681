import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/index.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../db/seed/demo.js';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, loadDotEnv } from './config.js';
import { jwtSecret, openDatabase, staleDemoNotice } from './runtime.js';

/** The client `npm run dev` and the tests' servers serve (Vite's own output); `npm start` serves build/client. */
const DEV_CLIENT_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'client', 'dist');
/** How long a shutdown waits for the requests under way before it closes their connections. */
export const SHUTDOWN_GRACE_MS = 10_000;

function printDemoAccounts() {
  console.log(`  Demo data loaded. Demo accounts (password ${DEMO_PASSWORD}):`);
  for (const account of DEMO_ACCOUNTS) console.log(`    ${account.login_id.padEnd(8)} ${account.note}`);
}

/**
 * On SIGTERM or SIGINT: stop accepting connections, let the requests under way finish (their connections
 * are closed after `SHUTDOWN_GRACE_MS`), close the realtime sockets with `REALTIME_CLOSE.restarting`
 * (the realtime plugin's preClose: clients reconnect with backoff), close the database, exit 0.
 */
function closeOnSignals(app: FastifyInstance, db: Db) {
  const close = async () => {
    const overdue = setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    await app.close();
    clearTimeout(overdue);
    await db.destroy();
    process.exit(0);
  };
  process.once('SIGTERM', close);
  process.once('SIGINT', close);
}

export async function startServer({ clientDir = DEV_CLIENT_DIR }: { clientDir?: string } = {}) {
  loadDotEnv();
  const config = loadConfig();
  const { db, seeded } = await openDatabase(config);
  const app = await buildApp({ config, db, jwtSecret: jwtSecret(config), clientDir });
  await app.listen({ port: config.PORT, host: config.HOST });
  closeOnSignals(app, db);
  const where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${path.resolve(config.DATA_DIR)}`;
  console.log(`\n  配車管理システム: http://localhost:${config.PORT}/  (database: ${where})`);
  // Only a start that just loaded them knows the demo passwords are still the ones printed.
  if (seeded) printDemoAccounts();
  const stale = seeded ? null : await staleDemoNotice(db, config);
  if (stale) console.log(stale);
  console.log('');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  startServer().catch((error) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  });
}
