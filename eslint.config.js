// Lint: TypeScript's recommended rules, and import rules that keep the layers apart.
import { readdirSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** A layer may not import these folders. */
const forbid = (target, from, message) => ({ target, from, message });

/** The client's areas (client/src/features/<area>): each imports another only through shared/ or app/. */
const FEATURES = readdirSync(new URL('./client/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureZones = FEATURES.map((area) => ({
  target: `./client/src/features/${area}`,
  from: './client/src/features',
  except: [`./${area}`],
  message: 'a feature imports another only through client/src/shared or client/src/app: move what both use to shared/',
}));

/**
 * The wire shapes (server/<area>/schemas.ts) are declared once, on the server: the client imports them as
 * types only (`import type`, erased from the bundle), and nothing else of the server.
 */
const SERVER_SCHEMAS = fileURLToPath(new URL('./server/*/schemas.ts', import.meta.url));
const SERVER_VALUES = 'the client imports from the server only types, of its schemas (import type … from server/<area>/schemas.ts)';

export default tseslint.config(
  { ignores: ['node_modules', 'client/dist', 'build', 'coverage', '.tap', 'test-results', 'data', '.scratch'] }, // .scratch: a developer's own throwaway scripts, never committed
  js.configs.recommended,
  ...tseslint.configs.recommended,
  importX.flatConfigs.typescript,
  // Node's own scripts, plain JavaScript run by node (scripts/run.mjs, the test bundler).
  { files: ['**/*.mjs'], languageOptions: { globals: globals.node } },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
    rules: {
      // A cycle can only run through our own modules (no library imports ours): not following imports into
      // node_modules keeps every cycle found and took the rule from 16 s to 5 s of the lint's 28 s.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './client', from: './server/**', except: [SERVER_SCHEMAS], message: SERVER_VALUES },
            forbid('./client', './db', 'the client never imports the database layer'),
            forbid('./client/src/shared', './client/src/features', 'shared/ serves the features and imports none of them'),
            ...featureZones,
            ...['app', 'features', 'shared'].map((folder) =>
              forbid('./client/src/driver', `./client/src/${folder}`, "the driver's screen is a build of its own: nothing of the admin screens in its bundle"),
            ),
            forbid('./client/src/app', './client/src/driver', "the admin screens never load the driver's screen"),
            forbid('./client/src/features', './client/src/driver', "the admin screens never load the driver's screen"),
            forbid('./client/src/shared', './client/src/driver', "the admin screens never load the driver's screen"),
            forbid('./common', './client', 'common imports nothing of ours'),
            forbid('./common', './server', 'common imports nothing of ours'),
            forbid('./common', './db', 'common imports nothing of ours'),
            forbid('./db/migrations', './server', 'migrations are frozen in time: no application code'),
            forbid('./db/migrations', './common', 'migrations are frozen in time: no application code'),
            forbid('./db/migrations', './db/seed', 'migrations are frozen in time: no application code'),
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Hooks run in the same order on every render, and an effect or memo lists everything it reads.
    files: ['client/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // The generic master engine and migrations work on tables named at run time: only they may say `any`.
    files: ['server/masters/**/*.ts', 'db/migrations/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The server's schemas reach the client as types only: a value import would bring the server into the bundle.
    files: ['client/src/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**'], allowTypeImports: true, message: SERVER_VALUES }] }],
    },
  },
  {
    // Screens translate through the typed `useT()`; only the providers talk to i18next directly (and the
    // driver's screen, a build of its own, through its typed `translate` in client/src/driver/i18n.ts).
    files: ['client/src/**/*.{ts,tsx}'],
    ignores: ['client/src/app/providers/**', 'client/src/driver/i18n.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'react-i18next', message: 'use useT() from client/src/app/providers/translate.ts: its keys are typed' },
            { name: 'i18next', message: 'use useT() / Translate from client/src/app/providers/translate.ts: its keys are typed' },
          ],
        },
      ],
    },
  },
);
