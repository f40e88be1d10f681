// `npm run test:server` runs this before tap: it bundles every server test file, with the application
// and the libraries it loads, into a few ES modules under .tap/server-tests, which tap then runs with
// plain Node (.taprc). Each test file is its own process; loaded module by module through a TypeScript
// loader, a process spent about 3 s before its first test on ~1,300 modules (TypeBox alone 683).
// Bundled, the server suite takes 40 % less time (docs/performance.md). Plain JavaScript, run by node.
// The bundle options are our one way of bundling for Node (esbuild-node.mjs).
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { nodeBundleOptions } from './esbuild-node.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const SOURCE = path.join(ROOT, 'tests/server');
const OUT = path.join(ROOT, '.tap/server-tests');

rmSync(OUT, { recursive: true, force: true });
await build({
  entryPoints: readdirSync(SOURCE).filter((name) => name.endsWith('.test.ts')).map((name) => path.join(SOURCE, name)),
  outdir: OUT,
  outExtension: { '.js': '.mjs' },
  splitting: true,
  ...nodeBundleOptions,
});
