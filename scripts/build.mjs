// `npm run build`: the client (Vite) and the commands (`npm start`'s server, db:migrate, import, export,
// generate, optimize; esbuild) into build/, once. `node scripts/build.mjs --if-stale` (what `npm start`
// runs first) builds only what is missing or older than a file it was built from, so that a built tree
// starts without compiling anything and without a dev dependency.
//
// build/client/            the client, compressed beside (vite.config.ts)
// build/<command>.mjs      one ES module per command, the libraries inside, source-mapped
// build/<command>.inputs.json   when its build began and the files it was built from (its staleness)
// build/optimizer-worker.mjs    the optimizer's worker thread (server/allocation/optimizer/solve.ts)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeBundleOptions } from './esbuild-node.mjs';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const BUILD_DIR = path.join(ROOT, 'build');
export const COMMANDS = ['start', 'migrate', 'import', 'export', 'generate', 'optimize'].map((name) => `scripts/${name}.ts`);
const OPTIMIZER_WORKER = 'server/allocation/optimizer/worker.ts';
const LOCKFILE = 'package-lock.json';
const CLIENT_SOURCES = ['client/src', 'client/public', 'client/index.html', 'client/driver', 'common', 'vite.config.ts', LOCKFILE];

function mtimeOf(file) {
  return existsSync(file) ? statSync(file).mtimeMs : 0;
}

/** Refuses a Node.js older than `engines` says (a shell's `node` may be the system's, not the project's). */
export function requireSupportedNode() {
  const { engines } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  if (Number.parseInt(process.versions.node, 10) >= Number.parseInt(/\d+/.exec(engines.node)[0], 10)) return;
  console.error(
    `Node.js ${engines.node} is needed, this is ${process.version}: run it through npm (npm start, npm run …) or npx node, ` +
      "which use the project's Node.js (node_modules/.bin/node, installed by npm install).",
  );
  process.exit(1);
}

/** The bundle's files: the module, and the record of what it was built from. */
export function bundleFiles(outdir, entry) {
  const name = path.basename(entry, '.ts');
  return { bundle: path.join(outdir, `${name}.mjs`), record: path.join(outdir, `${name}.inputs.json`) };
}

/**
 * A command's bundle is current when it exists and no file it was built from (`recordedInputs`) changed
 * after its build began. A file that is gone no longer counts (the file that imported it changed with it), so a tree
 * that ships the build without some sources still runs its build.
 */
export function bundleIsCurrent(entry, { root = ROOT, outdir = BUILD_DIR } = {}) {
  const { bundle, record } = bundleFiles(outdir, entry);
  if (!existsSync(bundle) || !existsSync(record)) return false;
  const { startedAt, inputs } = JSON.parse(readFileSync(record, 'utf8'));
  return inputs.every((file) => mtimeOf(path.join(root, file)) <= startedAt);
}

/**
 * What a bundle's staleness is judged by: our own files it was built from, and the lockfile for the
 * libraries. A library's files are not compared one by one: `npm ci` writes them all anew (newer than
 * any build) when it installs the very same versions, and a built tree must still run its build.
 */
function recordedInputs(root, metafile) {
  const ours = Object.keys(metafile.inputs).filter((file) => !file.split(/[\\/]/).includes('node_modules'));
  return existsSync(path.join(root, LOCKFILE)) ? [...ours, LOCKFILE] : ours;
}

/** Written aside and renamed, so that a command started meanwhile never reads half a file. */
function place(file, contents) {
  writeFileSync(`${file}.${process.pid}`, contents);
  renameSync(`${file}.${process.pid}`, file);
}

async function loadEsbuild() {
  try {
    return await import('esbuild');
  } catch {
    throw new Error('The build is missing or older than the sources, and esbuild (a dev dependency) is not installed: run `npm install && npm run build`.');
  }
}

/**
 * Bundles a command, with the optimizer's worker beside it when `worker` is given (a path from `root`):
 * the bundle starts the worker from that file, not from the TypeScript source.
 */
export async function bundleCommand(entry, { root = ROOT, outdir = BUILD_DIR, worker = OPTIMIZER_WORKER } = {}) {
  const { build } = await loadEsbuild();
  const { bundle, record } = bundleFiles(outdir, entry);
  const workerBundle = path.join(outdir, 'optimizer-worker.mjs');
  const entryPoints = { [path.basename(bundle, '.mjs')]: path.resolve(root, entry) };
  if (worker) entryPoints['optimizer-worker'] = path.resolve(root, worker);
  const startedAt = Date.now();
  const { outputFiles, metafile } = await build({
    ...nodeBundleOptions,
    entryPoints,
    outdir,
    outExtension: { '.js': '.mjs' },
    absWorkingDir: root,
    define: worker ? { OPTIMIZER_WORKER_BUNDLE: JSON.stringify(workerBundle) } : {},
    metafile: true,
    write: false,
  });
  mkdirSync(outdir, { recursive: true });
  // Source maps first: a module is never there before its map.
  for (const output of outputFiles.sort((a) => (a.path.endsWith('.map') ? -1 : 1))) place(output.path, output.contents);
  place(record, JSON.stringify({ startedAt, inputs: recordedInputs(root, metafile) }));
  return { bundle, metafile };
}

function newestUnder(file) {
  if (!existsSync(file)) return 0;
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(file).map((name) => newestUnder(path.join(file, name))));
}

/** The client's build is current when its index.html is newer than every source of the client. */
export function clientIsCurrent({ root = ROOT, outdir = BUILD_DIR } = {}) {
  const built = mtimeOf(path.join(outdir, 'client', 'index.html'));
  return built > 0 && built >= Math.max(...CLIENT_SOURCES.map((source) => newestUnder(path.join(root, source))));
}

export function buildClient({ root = ROOT, outdir = BUILD_DIR } = {}) {
  console.log('Building the client…');
  // Always the production build: Vite builds React's development bundle when NODE_ENV says so.
  const vite = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--mode', 'production', '--outDir', path.join(outdir, 'client'), '--emptyOutDir'],
    { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (vite.error || vite.status !== 0) throw new Error('The client build failed (is Vite, a dev dependency, installed?).');
}

/**
 * Builds the client and the commands: all of them, or (`ifStale`) those of `commands` that are missing
 * or out of date.
 */
export async function buildAll({ ifStale = false, commands = COMMANDS } = {}) {
  if (!ifStale || !clientIsCurrent()) buildClient();
  for (const entry of commands) {
    if (ifStale && bundleIsCurrent(entry)) continue;
    console.log(`Bundling ${entry}…`);
    await bundleCommand(entry);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  requireSupportedNode();
  try {
    // `--if-stale` is `npm start`'s: its server and the client (the other commands are brought up to
    // date by run.mjs when they run).
    const ifStale = process.argv.includes('--if-stale');
    await buildAll(ifStale ? { ifStale, commands: ['scripts/start.ts'] } : {});
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
