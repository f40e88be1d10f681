// tap runs TypeScript through ts-node (its @tapjs/typescript plugin); tsconfig.json's "ts-node" section
// points ts-node here, so that it transpiles with esbuild, as tsx does, instead of the TypeScript
// compiler: about half the start-up of every test process. Types are checked by `tsc`, not here.
// Output is kept in the system's temp folder by content, so a file unchanged since the last run is
// read back rather than transpiled again (each test file is its own process and loads ~80 modules).
/* global require, exports, process */
/* eslint-disable @typescript-eslint/no-require-imports -- ts-node loads transpilers with require() */
const { createHash } = require('node:crypto');
const { mkdirSync, readFileSync, renameSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const path = require('node:path');

const CACHE = path.join(tmpdir(), 'haisha-tap-esbuild');
let esbuild;

exports.create = ({ nodeModuleEmitKind }) => {
  const options = (fileName) => ({
    loader: fileName.endsWith('.tsx') ? 'tsx' : 'ts',
    format: nodeModuleEmitKind === 'nodecjs' ? 'cjs' : 'esm',
    target: 'node20',
    jsx: 'automatic',
    sourcefile: fileName,
    sourcemap: 'external',
    tsconfigRaw: { compilerOptions: { useDefineForClassFields: true } },
  });
  return {
    transpile(input, { fileName }) {
      esbuild ??= require('esbuild');
      const key = createHash('sha256')
        .update(`${esbuild.version}\0${JSON.stringify(options(fileName))}\0${input}`)
        .digest('hex')
        .slice(0, 32);
      const file = path.join(CACHE, `${key}.json`);
      try {
        return JSON.parse(readFileSync(file, 'utf8'));
      } catch {
        // Not transpiled yet.
      }
      const { code, map } = esbuild.transformSync(input, options(fileName));
      const output = { outputText: code, sourceMapText: map };
      try {
        mkdirSync(CACHE, { recursive: true });
        // Written aside then renamed: parallel test processes never read half a file.
        const partial = `${file}.${process.pid}`;
        writeFileSync(partial, JSON.stringify(output));
        renameSync(partial, file);
      } catch {
        // A cache that cannot be written only costs time.
      }
      return output;
    },
  };
};
