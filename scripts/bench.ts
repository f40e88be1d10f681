// `npm run bench`: each figure beside its baseline. ROWS=… for a quicker import run;
// BENCH_DATABASE_URL=postgres://… (a server where a scratch database may be created) adds PostgreSQL.
// DELIVERIES=… / PGLITE_DELIVERIES=… for a smaller delivery-list run.
// `npm run bench -- imports` (or another part's name) runs one part only.
import { benchAllocation } from './bench-allocation.js';
import { benchDeliveries } from './bench-deliveries.js';
import { benchImports } from './bench-imports.js';
import { benchLists } from './bench-lists.js';
import { benchOptimizer } from './bench-optimizer.js';
import { benchRealtime } from './bench-realtime.js';
import { benchRounds } from './bench-rounds.js';

const PARTS: Record<string, () => Promise<void>> = {
  imports: benchImports,
  lists: benchLists,
  deliveries: benchDeliveries,
  allocation: benchAllocation,
  realtime: benchRealtime,
  rounds: benchRounds,
  optimizer: benchOptimizer,
};

const only = process.argv[2];
if (only !== undefined && !(only in PARTS)) throw new Error(`unknown part ${only}: ${Object.keys(PARTS).join(', ')}`);
for (const [name, run] of Object.entries(PARTS)) {
  if (only === undefined || only === name) await run();
}
