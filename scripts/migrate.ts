// `npm run db:migrate`: migrates the configured database (and loads demo data into an empty one unless DEMO_DATA=off).
import { ConfigError, loadConfig, loadDotEnv } from '../server/config.js';
import { openDatabase } from '../server/runtime.js';

try {
  loadDotEnv();
  const { db, seeded } = await openDatabase(loadConfig());
  console.log(seeded ? 'Migrated; demo data loaded.' : 'Migrated.');
  await db.destroy();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
