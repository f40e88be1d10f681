import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import t from 'tap';
import { demoSnapshot } from './helpers.js';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const fixture = (name: string) => path.join(ROOT, 'tests/fixtures', name);

/**
 * Runs the staff importer as `npm run import` does (through tsx's loader), on its own embedded
 * database; resolves with its exit code and output. `--liftoff-only`, as the suite runs (.taprc): a
 * run of a few rows is over before PGlite's optimised code would pay back its compilation.
 */
async function importer(dataDir: string, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', '--liftoff-only', 'scripts/import.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

t.test('the command-line importer checks, refuses bad rows with a non-zero exit, then imports', async (t) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'haisha-cli-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  // The data folder of a started demo installation, copied from the tests' snapshot rather than made
  // by the importer's first run (initdb, migrations, demo data), which the config tests cover.
  const copy = new PGlite(path.join(dataDir, 'pglite'), { loadDataDir: await demoSnapshot() });
  await copy.query('select 1');
  await copy.close();

  const check = await importer(dataDir, 'department', fixture('departments-sjis.csv'), '--check');
  t.equal(check.code, 0);
  t.match(check.stdout, /3行すべて問題ありません。 \(3 rows, shift_jis/);

  const bad = await importer(dataDir, 'department', fixture('departments-bad-rows.csv'));
  t.equal(bad.code, 1);
  t.match(bad.stderr, /3行目 部署名: 部署名を入力してください。/);
  t.match(bad.stderr, /6行目 部署コード: ファイル内でコードが重複しています（2行目）。/);

  const done = await importer(dataDir, 'department', fixture('departments-utf8.csv'), '--lang', 'en');
  t.equal(done.code, 0);
  t.match(done.stdout, /2 created, 1 updated\./);

  // Committed: the data folder, opened again here, holds the file's rows (with their parent).
  const after = new PGlite(path.join(dataDir, 'pglite'));
  const { rows } = await after.query<{ code: string; name: string; parent: string }>(
    "select d.code, d.name, p.code as parent from departments d join departments p on p.id = d.parent_id where d.code in ('BR-CHIBA', 'CT-FUNABASHI', 'CT-SHINAGAWA') and d.deleted_at is null order by d.code",
  );
  await after.close();
  t.same(rows, [
    { code: 'BR-CHIBA', name: '千葉支店', parent: 'DV-KANTO' },
    { code: 'CT-FUNABASHI', name: '船橋センター', parent: 'BR-CHIBA' },
    { code: 'CT-SHINAGAWA', name: '品川センター（新棟）', parent: 'BR-TOKYO' },
  ], 'the import was committed');

  const usage = await importer(dataDir, 'nonsense', 'x.csv');
  t.equal(usage.code, 2);
  t.match(usage.stderr, /usage: npm run import/);
});
