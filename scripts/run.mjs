// `npm start`, `npm run import`, `npm run export`, `npm run generate`, `npm run db:migrate`, `npm run bench`: runs a
// TypeScript entry point as one bundled ES module (esbuild-node.mjs), bundled again only when a file
// it was built from has changed since. Loaded module by module through a TypeScript loader, a command
// spends most of its start on the application's modules; from its bundle it does not (docs/performance.md).
// usage: node scripts/run.mjs scripts/<entry>.ts [arguments…]
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { nodeBundleOptions } from './esbuild-node.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const CACHE = path.join(ROOT, 'node_modules/.cache/haisha-commands');

const [entry, ...args] = process.argv.slice(2);
if (!entry?.endsWith('.ts')) {
  console.error('usage: node scripts/run.mjs <entry.ts> [arguments…]');
  process.exit(2);
}
const name = path.basename(entry, '.ts');
const bundle = path.join(CACHE, `${name}.mjs`);
const record = path.join(CACHE, `${name}.inputs.json`);

/** The bundle is current when it exists and none of the files it was built from changed after its build began. */
function isCurrent() {
  if (!existsSync(bundle) || !existsSync(record)) return false;
  const { startedAt, inputs } = JSON.parse(readFileSync(record, 'utf8'));
  return inputs.every((file) => existsSync(path.join(ROOT, file)) && statSync(path.join(ROOT, file)).mtimeMs <= startedAt);
}

/** Builds the bundle; written aside and renamed, so that a command started meanwhile never reads half a file. */
async function rebuild() {
  const { build } = await import('esbuild');
  const startedAt = Date.now();
  const { outputFiles, metafile } = await build({
    ...nodeBundleOptions,
    entryPoints: [path.resolve(entry)],
    outfile: bundle,
    absWorkingDir: ROOT,
    metafile: true,
    write: false,
  });
  mkdirSync(CACHE, { recursive: true });
  const place = (file, contents) => {
    writeFileSync(`${file}.${process.pid}`, contents);
    renameSync(`${file}.${process.pid}`, file);
  };
  for (const output of outputFiles.sort((a) => (a.path.endsWith('.map') ? -1 : 1))) place(output.path, output.contents);
  place(record, JSON.stringify({ startedAt, inputs: Object.keys(metafile.inputs) }));
}

if (!isCurrent()) await rebuild();
process.setSourceMapsEnabled(true);
process.argv = [process.argv[0], path.resolve(entry), ...args];
await import(pathToFileURL(bundle).href);
