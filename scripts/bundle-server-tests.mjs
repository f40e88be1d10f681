// `npm run test:server` runs this before tap: it bundles every server test file, with the application
// and the libraries it loads, into a few ES modules under .tap/server-tests, which tap then runs with
// plain Node (.taprc). Each test file is its own process; loaded module by module through a TypeScript
// loader, a process spent about 3 s before its first test on ~1,300 modules (TypeBox alone 683).
// Bundled, the server suite takes 40 % less time (docs/performance.md). Plain JavaScript, run by node.
//
// Kept outside the bundles: PGlite and argon2 (they load their WebAssembly and native files from their
// own folders), tap (the runner's own module), and pg's optional native binding.
// `import.meta.dirname`, `.filename` and `.url` in our own files keep naming the source file, so that
// paths to fixtures, the repository root and the template key stay what they are when run unbundled.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const ROOT = path.resolve(import.meta.dirname, '..');
const SOURCE = path.join(ROOT, 'tests/server');
const OUT = path.join(ROOT, '.tap/server-tests');

const importMetaOfSource = {
  name: 'import-meta-of-source',
  setup(bundler) {
    bundler.onLoad({ filter: /\.ts$/ }, (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const contents = readFileSync(args.path, 'utf8')
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
        .replaceAll('import.meta.filename', JSON.stringify(args.path))
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href));
      return { contents, loader: 'ts' };
    });
  },
};

rmSync(OUT, { recursive: true, force: true });
await build({
  entryPoints: readdirSync(SOURCE).filter((name) => name.endsWith('.test.ts')).map((name) => path.join(SOURCE, name)),
  outdir: OUT,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // Failures point at the TypeScript source (tap always runs its test processes with --enable-source-maps).
  sourcemap: 'linked',
  sourcesContent: false,
  logLevel: 'warning',
  external: ['@electric-sql/pglite', 'argon2', 'pg-native', 'tap'],
  // CommonJS libraries inside an ES module bundle still call require() for Node's own modules.
  banner: { js: "import { createRequire as createRequireForBundle } from 'node:module'; const require = createRequireForBundle(import.meta.url);" },
  plugins: [importMetaOfSource],
});
