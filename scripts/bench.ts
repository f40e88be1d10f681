// `npm run bench`: each figure beside its baseline. ROWS=… for a quicker import run;
// BENCH_DATABASE_URL=postgres://… (a server where a scratch database may be created) adds PostgreSQL.
// `npm run bench -- imports` (or `lists`) runs one part only.
import { benchImports } from './bench-imports.js';
import { benchLists } from './bench-lists.js';

const only = process.argv[2];
if (only !== undefined && only !== 'imports' && only !== 'lists') throw new Error(`unknown part ${only}: imports or lists`);
if (only !== 'lists') await benchImports();
if (only !== 'imports') await benchLists();
