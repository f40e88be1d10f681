import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import iconv from 'iconv-lite';
import t from 'tap';
import { demoSnapshot } from './helpers.js';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const fixture = (name: string) => path.join(ROOT, 'tests/fixtures', name);

/**
 * Runs the staff importer as `npm run import` does (from its bundle, scripts/run.mjs), on its own
 * embedded database; resolves with its exit code and output. `--liftoff-only`, as the suite runs
 * (.taprc): a run of a few rows is over before PGlite's optimised code would pay back its compilation.
 */
async function importer(dataDir: string, ...args: string[]) {
  return command('import', dataDir, ...args);
}

/** `npm run <name>` (import or export) on its own embedded database, as `importer` runs it. */
async function command(name: 'import' | 'export', dataDir: string, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--liftoff-only', 'scripts/run.mjs', `scripts/${name}.ts`, ...args], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

t.test('the command-line importer checks, refuses bad rows with a non-zero exit, then imports; the exporter writes the rows back out', async (t) => {
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

  // The UTF-8 file with its last row saved in Shift_JIS: refused at that row, nothing imported.
  const utf8Lines = readFileSync(fixture('departments-utf8.csv'), 'utf8').trimEnd().split('\n');
  const mixedFile = path.join(dataDir, 'departments-mixed.csv');
  writeFileSync(mixedFile, Buffer.concat([Buffer.from(`${utf8Lines.slice(0, -1).join('\n')}\n`), iconv.encode(`${utf8Lines.at(-1)}\n`, 'cp932')]));
  const mixed = await importer(dataDir, 'department', mixedFile);
  t.equal(mixed.code, 1);
  t.match(mixed.stderr, new RegExp(`${utf8Lines.length}行目: 文字コードがそれより前の行と異なります（この行はShift_JIS、前の行はUTF-8）`));

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

  // Exported back (the screens' 「CSV出力」, here in Shift_JIS): the rows as the import reads them, parents by code.
  const file = path.join(dataDir, 'departments-out.csv');
  const exported = await command('export', dataDir, 'department', file, '--sjis');
  t.equal(exported.code, 0, exported.stderr);
  const [header, ...lines] = iconv.decode(readFileSync(file), 'cp932').trimEnd().split('\r\n');
  t.match(header, /^部署コード,部署名,レベル,親部署コード,/);
  t.ok(lines.some((line) => line.startsWith('CT-FUNABASHI,船橋センター,4,BR-CHIBA,')), 'the imported center, under its branch by code');
  t.match(exported.stderr, new RegExp(`department: ${lines.length} rows → `));

  const nobody = await importer(dataDir, 'department', fixture('departments-utf8.csv'), '--as', 'no-such-login');
  t.same([nobody.code, nobody.stderr.trim()], [2, 'ユーザーが見つかりません: no-such-login']);
});

t.test('a command called wrongly says what is wrong, in the staff’s language, with exit code 2 and no stack trace', async (t) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'haisha-cli-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const csv = fixture('departments-utf8.csv');
  const cases: [string[], RegExp][] = [
    [['nonsense', csv, '--lang', 'en'], /^Not a kind of data the importer takes: nonsense\nusage: npm run import/],
    [['vehicle', path.join(dataDir, 'missing.csv')], /^ファイルが見つかりません: .*missing\.csv$/],
    [['delivery', csv], /^--dateを入力してください。\nusage: npm run import/],
    [['delivery', csv, '--date', '2026-02-30'], /^--dateは正しい日付（YYYY-MM-DD）で指定してください。$/],
    [['vehicle', csv, '--dat', '2026-01-01'], /^Unknown option '--dat'.*\nusage: npm run import/s],
  ];
  for (const [args, message] of cases) {
    const called = await importer(dataDir, ...args);
    t.same([called.code, called.stdout], [2, ''], args.join(' '));
    t.match(called.stderr.trim(), message, args.join(' '));
    t.notMatch(called.stderr, /\n\s+at /, 'no stack trace');
  }
});

t.test('a command runs from a bundle that is built again whenever a file it came from changed', async (t) => {
  // An entry of its own, outside the repository, so that its bundle is this test's alone.
  const dir = mkdtempSync(path.join(tmpdir(), 'haisha-run-'));
  const name = `run-probe-${process.pid}`;
  const entry = path.join(dir, `${name}.ts`);
  const bundle = path.join(ROOT, 'build', `${name}.mjs`);
  t.teardown(() => {
    rmSync(dir, { recursive: true, force: true });
    for (const file of [bundle, `${bundle}.map`, bundle.replace(/\.mjs$/, '.inputs.json')]) rmSync(file, { force: true });
  });
  const command = async () => (await run(process.execPath, ['scripts/run.mjs', entry, 'a', '--b'], { cwd: ROOT })).stdout.trim();
  const write = (said: string, secondsFromNow: number) => {
    writeFileSync(entry, `const said: string = '${said}';\nconsole.log(said, process.argv.slice(2).join(' '));\n`);
    const at = new Date(Date.now() + secondsFromNow * 1000);
    utimesSync(entry, at, at);
  };

  write('first', 0);
  t.equal(await command(), 'first a --b', 'built, with the arguments passed on');
  const builtAt = statSync(bundle).mtimeMs;
  t.equal(await command(), 'first a --b');
  t.equal(statSync(bundle).mtimeMs, builtAt, 'not built again while nothing changed');
  write('second', 5);
  t.equal(await command(), 'second a --b', 'a changed source is bundled again');
});
