// `npm run test:server` runs this before tap: it bundles every server test file, with the application
// and the libraries it loads, into a few ES modules under .tap/server-tests, which tap then runs with
// plain Node (.taprc), the test files in a few groups, a process each. Loaded module by module through a
// TypeScript loader, a process spends most of its start on the application's modules before its first
// test; bundled, it does not (docs/performance.md). Plain JavaScript, run by node.
// The bundle options are our one way of bundling for Node (esbuild-node.mjs).
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { nodeBundleOptions } from './esbuild-node.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const SOURCE = path.join(ROOT, 'tests/server');
const OUT = path.join(ROOT, '.tap/server-tests');
/** Where each group writes how long its files' tests took (tests/server/file-times.ts). */
const TIMES = path.join(ROOT, '.tap/test-times');
/** The times also kept in the temp folder, beside the test databases' snapshots: a new clone on a machine that ran the suite starts from them. */
const TIMES_CACHE = path.join(tmpdir(), 'haisha-test-times.json');
/**
 * The processes the test files share, two per job of tap's (.taprc). A process of its own per file
 * pays Node's start, loading the bundle, tap's module hooks, compiling the application's schemas and
 * warming the JIT up again, for every file. One process per job ends unevenly, since a file's time
 * varies from run to run and the job that finished first then idles; with two per job, the job that
 * finishes its first group takes the next one (docs/performance.md).
 */
const GROUPS = 4;
/** A file without a time yet (new, or a first run) counts as this long (ms). */
const UNKNOWN = 8_000;

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return {}; // none yet, or unreadable
  }
}

/** How long each test file took in the last run (per group, from file-times.ts), else as the temp folder remembers. */
function lastRunTimes() {
  const times = readJson(TIMES_CACHE);
  for (const file of existsSync(TIMES) ? readdirSync(TIMES) : []) Object.assign(times, readJson(path.join(TIMES, file)));
  delete times.unknown;
  writeFileSync(TIMES_CACHE, JSON.stringify(times));
  return new Map(Object.entries(times));
}

/**
 * The files in GROUPS groups of about equal length, longest first: each file, longest first, joins the
 * group with the least so far. tap starts the groups in the order of their names, the longest first,
 * so that the two jobs end together rather than one running a long group alone.
 */
function groupsOf(names, times) {
  const groups = Array.from({ length: Math.min(GROUPS, names.length) }, () => ({ files: [], total: 0 }));
  const length = (name) => times.get(name) ?? UNKNOWN;
  for (const name of [...names].sort((a, b) => length(b) - length(a) || a.localeCompare(b))) {
    const shortest = groups.reduce((least, group) => (group.total < least.total ? group : least));
    shortest.files.push(name);
    shortest.total += length(name);
  }
  return groups.filter((group) => group.files.length > 0).sort((a, b) => b.total - a.total);
}

/** An entry that imports the group's test files, each registering its tests on tap's root in turn, then lets them run. */
const groupEntries = (groups) => ({
  name: 'test-groups',
  setup(bundler) {
    bundler.onResolve({ filter: /^test-group:/ }, (args) => ({ path: args.path, namespace: 'test-group' }));
    bundler.onLoad({ filter: /.*/, namespace: 'test-group' }, (args) => {
      const { files } = groups[Number(args.path.slice('test-group:'.length))];
      const source = (name) => JSON.stringify(path.join(SOURCE, `${name}.ts`));
      const contents = [
        `import { allFilesLoaded } from ${source('file-times')};`,
        ...files.map((name) => `import ${source(`${name}.test`)};`),
        'allFilesLoaded();',
      ];
      return { contents: contents.join('\n'), resolveDir: ROOT, loader: 'js' };
    });
  },
});

/** The test files of a folder under tests/server ('' for itself), by name without `.test.ts`. */
const testsIn = (folder) =>
  readdirSync(path.join(SOURCE, folder))
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => path.posix.join(folder, file.replace(/\.test\.ts$/, '')));
// tests/server/postgres: several server processes on one database, which the embedded one cannot be; run on PostgreSQL only.
const names = [...testsIn(''), ...(process.env.TEST_DATABASE_URL ? testsIn('postgres') : [])];
const groups = groupsOf(names, lastRunTimes());

for (const [index, group] of groups.entries()) console.log(`group-${index + 1} (${(group.total / 1000).toFixed(0)} s last time): ${group.files.join(', ')}`);
rmSync(OUT, { recursive: true, force: true });
rmSync(TIMES, { recursive: true, force: true });
rmSync(path.join(ROOT, '.tap/test-results'), { recursive: true, force: true });
await build({
  entryPoints: [
    ...groups.map((group, index) => ({ in: `test-group:${index}`, out: `group-${index + 1}.test` })),
    // Not a test file (tap runs *.test.mjs): `npm run test:server` runs it once before tap.
    { in: path.join(SOURCE, 'prepare-databases.ts'), out: 'prepare-databases' },
  ],
  outdir: OUT,
  outExtension: { '.js': '.mjs' },
  splitting: true,
  ...nodeBundleOptions,
  plugins: [...nodeBundleOptions.plugins, groupEntries(groups)],
});
