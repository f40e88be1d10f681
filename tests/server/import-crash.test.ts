import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import t from 'tap';
import { destinationCsvLines } from '../../db/seed/generate-destinations.js';
import { killWhen } from './crashes.js';
import { demoSnapshot } from './helpers.js';

/**
 * Nothing half-written survives a crash: the staff importer (`npm run import`, a real process on the
 * embedded database's folder) is killed with SIGKILL while it stages the file's rows, then again while
 * it merges them into the table (the file updates 100 existing destinations, merged first, and adds
 * 8,000); each time the folder opens again holding none of the file's rows, the updates included,
 * and a run to the end then imports them all. (The server killed in the middle of an import:
 * tests/server/import-kill.test.ts.) The moment of each kill is read off the folder: a new
 * relation file growing is the staging table, the destinations' own file growing is the merge.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const ROWS = 8_000;
const UPDATED = 100;
const KIB = 1024;

/** The sizes of the relation files (named by number) of the database in a data folder. */
function relationFiles(databaseDir: string): Map<string, number> {
  const files = readdirSync(databaseDir).filter((name) => /^\d+$/.test(name));
  return new Map(files.map((name) => [name, statSync(path.join(databaseDir, name)).size]));
}

/** Runs the importer and kills it once `due()` holds; resolves with how it ended. */
function importKilledWhen(dataDir: string, file: string, due: () => boolean) {
  const child = spawn(process.execPath, ['--liftoff-only', 'scripts/run.mjs', 'scripts/import.ts', 'delivery_destination', file], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
    stdio: 'ignore',
  });
  return killWhen(child, due);
}

/** Opens the folder as the next start would (recovering from the crash) and reads what the file's rows left. */
async function afterwards(pgliteDir: string) {
  const db = new PGlite(pgliteDir);
  try {
    // Every row of the file, new or updating a demo destination, names its store ベンチ….
    const imported = await db.query<{ n: number }>("select count(*)::int as n from delivery_destinations where customer_store_name like 'ベンチ%'");
    const staging = await db.query<{ relname: string }>("select relname from pg_class where relname like 'import\\_%' and relkind = 'r'");
    let staged = 0;
    for (const { relname } of staging.rows) staged += (await db.query<{ n: number }>(`select count(*)::int as n from ${relname}`)).rows[0]!.n;
    return { imported: imported.rows[0]!.n, staged };
  } finally {
    await db.close();
  }
}

t.test('an import killed while staging, then while merging, leaves none of its rows; the next run imports them all', async (t) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'haisha-crash-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const pgliteDir = path.join(dataDir, 'pglite');
  const file = path.join(dataDir, 'destinations.csv');
  const copy = new PGlite(pgliteDir, { loadDataDir: await demoSnapshot() });
  const { rows } = await copy.query<{ file: string }>("select pg_relation_filepath('delivery_destinations') as file");
  const existing = await copy.query<{ code: string }>(`select delivery_code as code from delivery_destinations where deleted_at is null order by id limit ${UPDATED}`);
  await copy.close();
  // The first lines take the codes of existing destinations: the merge updates them before it inserts the rest.
  const [header, ...lines] = [...destinationCsvLines(ROWS + UPDATED)];
  const updates = existing.rows.map(({ code }, i) => lines[i]!.replace(/^[^,]+/, code));
  writeFileSync(file, `${[header, ...updates, ...lines.slice(UPDATED)].join('\n')}\n`);
  const tableFile = path.join(pgliteDir, rows[0]!.file);
  const databaseDir = path.dirname(tableFile);

  // While staging: a relation file that was not there before the run (the staging table) passes 256 KiB.
  const before = relationFiles(databaseDir);
  const staging = await importKilledWhen(dataDir, file, () =>
    [...relationFiles(databaseDir)].some(([name, size]) => !before.has(name) && size > 256 * KIB),
  );
  t.equal(staging.signal, 'SIGKILL', 'killed while staging');
  t.same(await afterwards(pgliteDir), { imported: 0, staged: 0 }, 'the folder opens; nothing of the file, staged rows gone with the crash');

  // While merging: the destinations' own file has grown by 512 KiB (of about 1.2 MiB for the whole file).
  const tableSize = statSync(tableFile).size;
  const merging = await importKilledWhen(dataDir, file, () => statSync(tableFile).size > tableSize + 512 * KIB);
  t.equal(merging.signal, 'SIGKILL', 'killed while merging');
  const afterMerge = await afterwards(pgliteDir);
  t.equal(afterMerge.imported, 0, 'the folder opens; the merge was one transaction: none of its rows, not even the updates merged first');

  const whole = await importKilledWhen(dataDir, file, () => false);
  t.same(whole, { code: 0, signal: null }, 'a run to the end succeeds');
  t.same(await afterwards(pgliteDir), { imported: ROWS + UPDATED, staged: 0 }, 'every row, once');
});
