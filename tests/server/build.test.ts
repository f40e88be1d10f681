import { execFile } from 'node:child_process';
import { builtinModules } from 'node:module';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import t from 'tap';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const { dependencies } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };

/** Runs an ES module snippet beside scripts/build.mjs (imported as `build`) and returns what it printed as JSON. */
async function withBuild(code: string): Promise<unknown> {
  const script = `import * as build from ${JSON.stringify(path.join(ROOT, 'scripts/build.mjs'))};\n${code}`;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(stdout);
}

/** `pg/lib/x` → `pg`, `@scope/name/x` → `@scope/name`. */
const packageOf = (specifier: string) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

t.test('the built server imports only Node’s own modules and production dependencies, and compiles nothing when it runs', async (t) => {
  const outdir = mkdtempSync(path.join(tmpdir(), 'haisha-build-'));
  t.teardown(() => rmSync(outdir, { recursive: true, force: true }));
  const { externals, inputs } = (await withBuild(`
    const { metafile } = await build.bundleCommand('scripts/start.ts', { outdir: ${JSON.stringify(outdir)} });
    const externals = Object.values(metafile.outputs).flatMap((output) => output.imports.filter((i) => i.external).map((i) => i.path));
    console.log(JSON.stringify({ externals: [...new Set(externals)], inputs: Object.keys(metafile.inputs) }));
  `)) as { externals: string[]; inputs: string[] };

  const builtins = new Set(builtinModules);
  const packages = externals.filter((specifier) => !specifier.startsWith('node:') && !builtins.has(specifier)).map(packageOf);
  t.ok(packages.length > 0, 'some libraries stay outside the bundle');
  // A library's optional helper that is not installed (pg's native binding, ws's accelerators) is
  // tried and done without; one that is installed must be there without the dev dependencies too.
  const installedNotDependencies = packages.filter((name) => !(name in dependencies) && existsSync(path.join(ROOT, 'node_modules', name)));
  t.same(installedNotDependencies, [], 'every library left outside is a production dependency or an optional one not installed');
  const compilers = inputs.filter((file) => /node_modules\/(tsx|esbuild|typescript|vite)\//.test(file));
  t.same(compilers, [], 'no TypeScript loader or bundler inside');

  const record = JSON.parse(readFileSync(path.join(outdir, 'start.inputs.json'), 'utf8')) as { inputs: string[] };
  t.ok(record.inputs.includes('server/server.ts') && record.inputs.includes('package-lock.json'), 'staleness is judged by our sources and the lockfile');
  t.notOk(
    record.inputs.some((file) => file.includes('node_modules')),
    'and not by the libraries’ files, which `npm ci` writes anew when it installs the same versions',
  );

  const started = readFileSync(path.join(outdir, 'start.mjs'), 'utf8');
  t.ok(started.includes(JSON.stringify(path.join(outdir, 'optimizer-worker.mjs'))), 'the server starts the optimizer’s worker from its bundle');
  const plan = (await withBuild(`
    const { Worker } = await import('node:worker_threads');
    const problem = {
      travel: { kind: 'euclidean', coordinates: [[0, 0], [3, 4], [6, 8], [0, 5]] },
      vehicles: [{ id: '1', capacity: [10], shift: [0, 1000], start: 0, end: 0 }],
      jobs: [1, 2, 3].map((location) => ({ id: String(location), location, demand: [1], window: [0, 1000], service: 0 })),
      weights: { distance: 1, time: 0, group: 0 },
    };
    const worker = new Worker(${JSON.stringify(path.join(outdir, 'optimizer-worker.mjs'))}, { workerData: { problem, seed: 1, iterations: 50 }, execArgv: [] });
    worker.on('message', (message) => {
      if (message.kind !== 'plan') return;
      console.log(JSON.stringify(message.plan));
      void worker.terminate();
    });
  `)) as { unassigned: unknown[]; routes: unknown[] };
  t.same(plan.unassigned, [], 'the bundled worker plans every job');
});

t.test('npm start builds the client only when its build is missing or older than a source of the client', async (t) => {
  const outdir = mkdtempSync(path.join(tmpdir(), 'haisha-build-'));
  t.teardown(() => rmSync(outdir, { recursive: true, force: true }));
  const current = async () => withBuild(`console.log(JSON.stringify(build.clientIsCurrent({ outdir: ${JSON.stringify(outdir)} })));`);
  t.equal(await current(), false, 'no build: built first');
  const index = path.join(outdir, 'client', 'index.html');
  mkdirSync(path.dirname(index));
  writeFileSync(index, '<!doctype html>');
  const future = new Date(Date.now() + 3_600_000);
  utimesSync(index, future, future);
  t.equal(await current(), true, 'a build newer than every source is served as it is');
  utimesSync(index, new Date(2000, 0, 1), new Date(2000, 0, 1));
  t.equal(await current(), false, 'a source newer than the build: built again');
});
