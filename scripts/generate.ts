// `npm run generate -- --deliveries 1000000 [--database-url postgres://…]`: adds generated deliveries
// (deterministic, unallocated, spread over the year up to today) to the configured database, after
// migrating it and loading the demo network into an empty one. For benchmarks of the delivery list.
import { generateDeliveries } from '../db/seed/generate-deliveries.js';
import { loadConfig, loadDotEnv } from '../server/config.js';
import { openDatabase } from '../server/runtime.js';
import { commandArgs, runCommand, UsageError } from './command.js';

const USAGE = 'usage: npm run generate -- --deliveries <count> [--database-url postgres://…]';

async function main(): Promise<number> {
  const { values } = commandArgs({ options: { deliveries: { type: 'string' }, 'database-url': { type: 'string' } } }, USAGE);
  const count = Number(values.deliveries);
  if (!values.deliveries || !Number.isInteger(count) || count < 1 || count > 50_000_000) throw new UsageError(USAGE);
  loadDotEnv();
  const env = { ...process.env, ...(values['database-url'] ? { DATABASE_URL: values['database-url'] } : {}) };
  const { db } = await openDatabase(loadConfig(env));
  try {
    const started = Date.now();
    await generateDeliveries(db, count, { onBatch: (done) => process.stderr.write(`\r${done.toLocaleString()} / ${count.toLocaleString()} deliveries`) });
    process.stderr.write('\n');
    console.log(`generated ${count.toLocaleString()} deliveries in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return 0;
  } finally {
    await db.destroy();
  }
}

runCommand(main);
