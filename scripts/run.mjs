// `npm run db:migrate`, `import`, `export`, `generate`, `optimize` (and the tests that start a server or a
// command): runs a TypeScript entry point from its bundle in build/ (scripts/build.mjs), bundled again
// first only when a file it was built from has changed since. Loaded module by module through a
// TypeScript loader, a command spends most of its start on the application's modules; from its bundle it
// does not (docs/performance.md).
// usage: node scripts/run.mjs scripts/<entry>.ts [arguments…]
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BUILD_DIR, bundleCommand, bundleFiles, bundleIsCurrent, requireSupportedNode } from './build.mjs';

requireSupportedNode();
const [entry, ...args] = process.argv.slice(2);
if (!entry?.endsWith('.ts')) {
  console.error('usage: node scripts/run.mjs <entry.ts> [arguments…]');
  process.exit(2);
}
if (!bundleIsCurrent(entry)) await bundleCommand(entry);
process.setSourceMapsEnabled(true);
process.argv = [process.argv[0], path.resolve(entry), ...args];
await import(pathToFileURL(bundleFiles(BUILD_DIR, entry).bundle).href);
