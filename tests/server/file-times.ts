import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import t from 'tap';

/**
 * Imported first by every group of test files that `npm run test:server` runs in one process
 * (scripts/bundle-server-tests.mjs). No test runs until every file of the group is loaded
 * (`allFilesLoaded`, called by the group's entry after its imports): several files open their
 * application at the top (`await demoApp(t)`), and had the earlier files' tests all ended during such
 * an await, tap's root test would have ended and refused the rest of the file's tests.
 * It adds up how long each file's top-level tests took and writes it to `.tap/test-times/<group>.json`
 * when the process ends, so that the next run can form groups of equal length. A test belongs to the
 * file whose `t.test(…)` call added it (the call's stack, mapped to the TypeScript source).
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
/** A file of tests/server, or of tests/server/postgres named `postgres/<name>` as the bundling names it. */
const TEST_FILE = /tests[\\/]server[\\/]((?:postgres[\\/])?[\w-]+)\.test\.ts/;

interface Timed {
  file: string;
  startedAt?: number;
}

let loaded: () => void = () => undefined;
t.before(() => new Promise<void>((resolve) => (loaded = resolve)));

/** Lets the group's tests start: every file of it has registered its tests. */
export const allFilesLoaded = () => loaded();

const tests = new WeakMap<object, Timed>();
const spent = new Map<string, number>();

/** The test file that called `t.test`: the first frame of the stack inside tests/server/*.test.ts. */
function callingFile(): string {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 50; // tap's own frames come first
  const stack = new Error().stack ?? '';
  Error.stackTraceLimit = limit;
  return TEST_FILE.exec(stack)?.[1]?.replace('\\', '/') ?? 'unknown';
}

t.on('subtestAdd', (test: object) => tests.set(test, { file: callingFile() }));
t.on('subtestStart', (test: object) => {
  const timed = tests.get(test);
  if (timed) timed.startedAt = performance.now();
});
t.on('subtestEnd', (test: object) => {
  const timed = tests.get(test);
  if (timed?.startedAt === undefined) return;
  spent.set(timed.file, (spent.get(timed.file) ?? 0) + performance.now() - timed.startedAt);
});

process.on('exit', () => {
  const group = path.basename(process.argv[1] ?? 'group', '.mjs');
  const dir = path.join(ROOT, '.tap/test-times');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${group}.json`), JSON.stringify(Object.fromEntries(spent)));
});
