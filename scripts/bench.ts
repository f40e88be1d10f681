// `npm run bench`: each figure beside its baseline. ROWS=… for a quicker import run;
// BENCH_DATABASE_URL=postgres://… (a server where a scratch database may be created) adds PostgreSQL.
import { benchAllocation } from './bench-allocation.js';
// DELIVERIES=… / PGLITE_DELIVERIES=… for a smaller delivery-list run.
import { benchDeliveries } from './bench-deliveries.js';
import { benchImports } from './bench-imports.js';
import { benchLists } from './bench-lists.js';

await benchImports();
await benchLists();
await benchAllocation();
await benchDeliveries();
