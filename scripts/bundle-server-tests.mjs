// `npm run test:server` runs this before tap: it bundles every server test file, with the application
// and the libraries it loads, into a few ES modules under .tap/server-tests, which tap then runs with
// plain Node (.taprc). Each test file is its own process; loaded module by module through a TypeScript
// loader, a process spent about 3 s before its first test on ~1,300 modules (TypeBox alone 683).
// Bundled, the server suite takes 40 % less time (docs/performance.md). Plain JavaScript, run by node.
// The bundle options are our one way of bundling for Node (esbuild-node.mjs).
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { nodeBundleOptions } from './esbuild-node.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const SOURCE = path.join(ROOT, 'tests/server');
const OUT = path.join(ROOT, '.tap/server-tests');
const RESULTS = path.join(ROOT, '.tap/test-results/.tap/server-tests');
/** The times also kept in the temp folder, beside the test databases' snapshots: a new clone on a machine that ran the suite starts from them. */
const TIMES_CACHE = path.join(tmpdir(), 'haisha-test-times.json');

function cachedTimes() {
  try {
    return JSON.parse(readFileSync(TIMES_CACHE, 'utf8'));
  } catch {
    return {}; // none yet, or unreadable: the files go in the order of their names
  }
}

/** How long each test file took in the last run, from the output tap keeps (`# time=…ms` at its end), else from the temp folder. */
function lastRunTimes() {
  const times = new Map(Object.entries(cachedTimes()));
  for (const file of existsSync(RESULTS) ? readdirSync(RESULTS) : []) {
    const found = [...readFileSync(path.join(RESULTS, file), 'utf8').matchAll(/^# time=([\d.]+)ms$/gm)].at(-1);
    if (found) times.set(file.replace(/^\d+-/, '').replace(/\.test\.mjs\.tap$/, ''), Number(found[1]));
  }
  writeFileSync(TIMES_CACHE, JSON.stringify(Object.fromEntries(times)));
  return times;
}

// tap starts the files in the order of their names: numbered longest first (a file new since the last
// run counts as long), the two jobs end together instead of one running the last long file alone.
const times = lastRunTimes();
const names = readdirSync(SOURCE)
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => file.replace(/\.test\.ts$/, ''))
  .sort((a, b) => (times.get(b) ?? Infinity) - (times.get(a) ?? Infinity) || a.localeCompare(b));

rmSync(OUT, { recursive: true, force: true });
rmSync(RESULTS, { recursive: true, force: true });
await build({
  entryPoints: [
    ...names.map((name, index) => ({ in: path.join(SOURCE, `${name}.test.ts`), out: `${String(index + 1).padStart(2, '0')}-${name}.test` })),
    // Not a test file (tap runs *.test.mjs): `npm run test:server` runs it once before tap.
    { in: path.join(SOURCE, 'prepare-databases.ts'), out: 'prepare-databases' },
  ],
  outdir: OUT,
  outExtension: { '.js': '.mjs' },
  splitting: true,
  ...nodeBundleOptions,
});
