import { readFileSync } from 'node:fs';
import t from 'tap';
import type { Db } from '../../db/index.js';
import { csvUpload, demoApp, departmentId, signedIn } from './helpers.js';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url));
const post = (url: string, file: Buffer | string) => ({ method: 'POST' as const, url, ...csvUpload(file) });

async function snapshot(db: Db) {
  return db.selectFrom('departments').selectAll().orderBy('id').execute();
}

t.test('the template lists the columns in the caller language, as UTF-8 with BOM', async (t) => {
  const { app } = await demoApp(t);
  const hq = await signedIn(app, 'hq');
  const ja = await hq({ method: 'GET', url: '/api/department/import_template' });
  t.match(ja.headers['content-type'], /text\/csv/);
  t.match(ja.headers['content-disposition'], /attachment/);
  t.equal(ja.body, '\uFEFF部署コード,部署名,レベル,親部署コード,郵便番号,住所,電話番号,緯度,経度\r\n');
  const en = await hq({ method: 'GET', url: '/api/department/import_template', headers: { 'accept-language': 'en' } });
  t.match(en.body, /^\uFEFFDepartment code,Department name,Level,Parent department code,/);
});

for (const [encoding, file] of [
  ['utf-8', 'departments-utf8.csv'],
  ['utf-8', 'departments-utf8-bom.csv'],
  ['shift_jis', 'departments-sjis.csv'],
] as const) {
  t.test(`${file}: the check writes nothing, the import upserts every row`, async (t) => {
    const { app, db } = await demoApp(t);
    const hq = await signedIn(app, 'hq');
    const before = await snapshot(db);
    const check = await hq(post('/api/department/check_file_import', fixture(file)));
    t.equal(check.statusCode, 200);
    t.match(check.json(), { ok: true, total: 3, encoding, errors: [] });
    t.same(await snapshot(db), before, 'check wrote nothing');

    const imported = await hq(post('/api/department/import', fixture(file)));
    t.equal(imported.statusCode, 200);
    t.match(imported.json(), { ok: true, total: 3, created: 2, updated: 1 });
    const funabashi = await hq({ method: 'GET', url: `/api/department/${await departmentId(db, 'CT-FUNABASHI')}` });
    t.match(funabashi.json(), { name: '船橋センター', level: 4, parent_code: 'BR-CHIBA', address: '千葉県船橋市潮見町34-1' });
    const shinagawa = await hq({ method: 'GET', url: `/api/department/${await departmentId(db, 'CT-SHINAGAWA')}` });
    t.match(shinagawa.json(), { name: '品川センター（新棟）', version: 2 });
  });
}

t.test('one bad row: every row error is reported by line and the table is untouched', async (t) => {
  const { app, db } = await demoApp(t);
  const hq = await signedIn(app, 'hq');
  const before = await snapshot(db);
  const response = await hq(post('/api/department/import', fixture('departments-bad-rows.csv')));
  t.equal(response.statusCode, 422);
  const result = response.json();
  t.equal(result.ok, false);
  t.same(
    result.errors.map((e: { row: number; field: string }) => [e.row, e.field]),
    [
      [3, '部署名'],
      [4, 'レベル'],
      [5, '親部署コード'],
      [6, '部署コード'],
    ],
  );
  t.equal(result.errors[0].message, '部署名を入力してください。');
  t.equal(result.errors[3].message, 'ファイル内でコードが重複しています（2行目）。');
  t.same(await snapshot(db), before, 'the valid first row was not written either');
});

t.test('headers are checked before any row', async (t) => {
  const { app } = await demoApp(t);
  const hq = await signedIn(app, 'hq');
  const response = await hq(post('/api/department/check_file_import', '部署名,住所,色\nX1,東京\n'));
  t.match(response.json(), {
    ok: false,
    errors: [
      { row: 1, message: '不明な列があります: 色' },
      { row: 1, message: '必須の列がありません: 部署コード' },
    ],
  });
  const newRowWithoutLevel = await hq(post('/api/department/check_file_import', '部署コード,部署名\nX1,新部署\n'));
  t.match(newRowWithoutLevel.json(), { ok: false, errors: [{ row: 2, field: 'レベル', message: 'レベルを入力してください。' }] });
  const empty = await hq(post('/api/department/check_file_import', 'code,name,level\n'));
  t.match(empty.json(), { ok: false, errors: [{ message: 'CSVにデータ行がありません。' }] });
  const missing = await hq({ method: 'POST', url: '/api/department/import', payload: {} });
  t.equal(missing.statusCode, 400);
});

t.test('import restores a soft-deleted row and refuses rows outside the caller scope', async (t) => {
  const { app, db } = await demoApp(t);
  const hq = await signedIn(app, 'hq');
  const itabashi = await departmentId(db, 'CT-ITABASHI');
  await hq({ method: 'DELETE', url: `/api/department/${itabashi}` });
  const restore = await hq(post('/api/department/import', 'code,name,level,parent_code\nCT-ITABASHI,板橋センター（再開）,4,BR-TOKYO\n'));
  t.match(restore.json(), { ok: true, updated: 1, created: 0 });
  t.match((await hq({ method: 'GET', url: `/api/department/${itabashi}` })).json(), { name: '板橋センター（再開）' });

  const center = await signedIn(app, 'center');
  const outside = await center(post('/api/department/check_file_import', 'code,name,level,parent_code\nCT-YOKOHAMA,横浜,4,BR-KANAGAWA\n'));
  t.match(outside.json(), {
    ok: false,
    errors: [
      { row: 2, field: '親部署コード', message: '親部署コードが見つかりません。' },
      { row: 2, field: '部署コード', message: '該当するデータが見つかりません。' },
    ],
  });
  const carrier = await signedIn(app, 'carrier');
  t.equal((await carrier(post('/api/department/import', 'code,name,level\nX,x,1\n'))).statusCode, 403);
});
