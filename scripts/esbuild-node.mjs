// How our TypeScript is bundled for Node: the server tests (bundle-server-tests.mjs) and the commands
// (run.mjs). One ES module per entry, the libraries inside, source-mapped to the TypeScript.
//
// Kept outside the bundles: PGlite and argon2 (they load their WebAssembly and native files from their
// own folders), tap (the test runner's own module), pg's optional native binding, and the reports'
// Puppeteer and exceljs, and pdf.js that the tests read PDFs with (large, loaded as they are published).
// `import.meta.dirname`, `.filename` and `.url` in our own files keep naming the source file, so that
// paths to fixtures, templates, the repository root and the test template key stay what they are.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

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

/** esbuild options shared by every bundle of ours; add entryPoints and outdir or outfile. */
export const nodeBundleOptions = {
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node24',
  // Stack traces name the TypeScript (run with --enable-source-maps, as tap and run.mjs do).
  sourcemap: 'linked',
  sourcesContent: false,
  logLevel: 'warning',
  external: ['@electric-sql/pglite', 'argon2', 'pg-native', 'tap', 'puppeteer-core', 'exceljs', 'pdfjs-dist'],
  // CommonJS libraries inside an ES module bundle still call require() for Node's own modules.
  banner: { js: "import { createRequire as createRequireForBundle } from 'node:module'; const require = createRequireForBundle(import.meta.url);" },
  plugins: [importMetaOfSource],
};
