import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import iconv from 'iconv-lite';
import { sql } from 'kysely';
import t from 'tap';
import { addDays } from '../../common/deliveries.js';
import type { Db } from '../../db/index.js';
import { csvUpload, demoApp, demoDay, departmentId, signedIn } from './helpers.js';

type Client = (options: InjectOptions) => Promise<LightMyRequestResponse>;

// Far enough from the demo's four weeks that no demo delivery has these dates.
const day = addDays(demoDay, 20);
const otherDay = addDays(day, 1);
const HEADER = '日付,配送先コード,伝票番号,数量,荷姿,顧客コード,商品コード,商品名,重量';

let app: FastifyInstance;
let db: Db;
let center: Client;
let carrier: Client;
let stores: string[];
let itabashiStore: string;

const post = (client: Client, path: 'check_file_import' | 'import', csv: string | Buffer, date = day) =>
  client({ method: 'POST', url: `/api/delivery/${path}?date=${date}`, ...csvUpload(csv) });
const deliveriesOn = (date: string) => db.selectFrom('deliveries').selectAll().where('date', '=', date).where('deleted_at', 'is', null).orderBy('slip_number').execute();

async function storesOf(code: string) {
  const rows = await db
    .selectFrom('delivery_destinations as dd')
    .innerJoin('directions as dir', 'dir.id', 'dd.direction_id')
    .innerJoin('departments as dep', 'dep.id', 'dir.department_id')
    .select('dd.delivery_code')
    .where('dep.code', '=', code)
    .orderBy('dd.id')
    .limit(3)
    .execute();
  return rows.map((row) => row.delivery_code);
}

t.before(async () => {
  ({ app, db } = await demoApp(t));
  [center, carrier] = await Promise.all(['center', 'carrier'].map((login) => signedIn(app, login)));
  stores = await storesOf('CT-SHINAGAWA');
  itabashiStore = (await storesOf('CT-ITABASHI'))[0]!;
});

t.test('check, then import a day; the same slips again update', async (t) => {
  const template = await center({ method: 'GET', url: '/api/delivery/template' });
  t.equal(template.statusCode, 200);
  t.match(template.body, /日付,配送先コード,伝票番号,数量,荷姿/);
  const csv = [HEADER, `${day},${stores[0]},S-1,3,カゴ車,CU-MAINICHI,F-1,冷凍食品,120.5`, `${day.replaceAll('-', '/')},${stores[1]},S-2,2,パレット,,,,`, `,${stores[2]},S-3,1,1,,I-9,日用品,`].join('\r\n');
  const check = await post(center, 'check_file_import', csv);
  t.equal(check.statusCode, 200);
  t.match(check.json(), { ok: true, total: 3, created: 3, updated: 0, errors: [], encoding: 'utf-8' });
  t.equal((await deliveriesOn(day)).length, 0, 'the check writes nothing');

  const imported = await post(center, 'import', csv);
  t.equal(imported.statusCode, 200);
  t.match(imported.json(), { ok: true, created: 3, updated: 0 });
  const rows = await deliveriesOn(day);
  t.equal(rows.length, 3);
  const shinagawa = await departmentId(db, 'CT-SHINAGAWA');
  t.ok(rows.every((row) => row.department_id === shinagawa), "the store's direction's center");
  t.match(rows[0], { slip_number: 'S-1', quantity: 3, load_unit: 1, item_code: 'F-1', weight: 120.5, status: 0 });
  t.ok(rows[0]!.customer_id);
  t.match(rows[1], { slip_number: 'S-2', load_unit: 0, customer_id: null });

  const again = await post(center, 'import', [HEADER, `${day},${stores[0]},S-1,5,カゴ車,,F-1,冷凍食品,`].join('\n'));
  t.match(again.json(), { ok: true, created: 0, updated: 1 });
  const updated = (await deliveriesOn(day)).find((row) => row.slip_number === 'S-1')!;
  t.match(updated, { quantity: 5, version: 2, id: rows[0]!.id });

  const sjis = iconv.encode([HEADER, `${day},${stores[0]},S-4,1,カゴ車,,,ＳＪＩＳ商品,`].join('\r\n'), 'Shift_JIS');
  const fromSjis = await post(center, 'import', sjis);
  t.match(fromSjis.json(), { ok: true, created: 1, encoding: 'shift_jis' });
  t.equal((await deliveriesOn(day)).find((row) => row.slip_number === 'S-4')?.item_name, 'ＳＪＩＳ商品');
  const listed = await center({ method: 'GET', url: `/api/delivery?date_from=${day}&date_to=${day}` });
  t.equal(listed.headers['x-total-count'], '4', 'on the list');
});

t.test('rows with another date are refused together, naming them', async (t) => {
  const csv = [HEADER, `${otherDay.replace(/-\d\d$/, '-01')},${stores[0]},M-0,1,,,,,`, `${day},${stores[0]},M-1,1,,,,,`, `${otherDay},${stores[0]},M-2,1,,,,,`, `${day},${stores[1]},M-3,1,,,,,`, `${otherDay},${stores[1]},M-4,1,,,,,`].join('\n');
  const response = await post(center, 'import', csv);
  t.equal(response.statusCode, 422);
  const body = response.json();
  t.equal(body.ok, false);
  t.same(
    body.errors.find((error: { field: string }) => error.field === '日付'),
    { row: 2, field: '日付', message: '取込日と異なる日付の行があります（行: 2, 4, 6）' },
  );
  t.equal((await db.selectFrom('deliveries').select('id').where('slip_number', 'like', 'M-%').execute()).length, 0, 'nothing written');
  const upload = csvUpload(csv);
  const english = await center({ method: 'POST', url: `/api/delivery/check_file_import?date=${day}`, headers: { 'accept-language': 'en', ...upload.headers }, payload: upload.payload });
  t.match(JSON.stringify(english.json().errors), /rows: 2, 4, 6/);
});

t.test('one bad row and nothing is written; each error names its row', async (t) => {
  const csv = [
    HEADER,
    `${day},${stores[0]},A-1,1,,,,,`,
    `${day},NOPE,A-2,1,,,,,`,
    `${day},${stores[1]},A-3,-4,,,,,`,
    `${day},${stores[1]},A-1,1,,,,,`,
    `${day},${itabashiStore},A-5,1,,,,,`,
    `${day},${stores[2]},A-6,1,トラック,XX,,,abc`,
  ].join('\n');
  const response = await post(center, 'import', csv);
  t.equal(response.statusCode, 422);
  const errors = response.json().errors as { row: number; field: string; message: string }[];
  const at = (row: number) => errors.filter((error) => error.row === row).map((error) => `${error.field}: ${error.message}`);
  t.match(at(3), [/配送先コード: 配送先コードが見つかりません/]);
  t.match(at(4), [/数量/]);
  t.match(at(5), [/伝票番号: .*重複.*2行目/]);
  t.match(at(6), [/配送先コード/], 'a store of another center is not visible');
  t.equal(at(7).length, 3, 'load unit, customer and weight');
  t.same(at(2), []);
  t.equal((await db.selectFrom('deliveries').select('id').where('slip_number', 'like', 'A-%').execute()).length, 0);
});

t.test('a file of several chunks is staged and merged whole; one bad row at its end writes none of it', async (t) => {
  const lines = Array.from({ length: 2500 }, (_, i) => `${day},${stores[i % 3]},CH-${i + 1},1,,,,,`);
  const slips = () => db.selectFrom('deliveries').select('id').where('slip_number', 'like', 'CH-%').where('deleted_at', 'is', null).execute();
  const leftovers = async () => ({
    tables: (await sql<{ name: string }>`select relname as name from pg_class where relname ~ '^import_[0-9a-f]{32}$'`.execute(db)).rows,
    imports: await db.selectFrom('imports').select('id').execute(),
  });
  const refused = await post(center, 'import', [HEADER, ...lines, `${day},NOPE,CH-LAST,1,,,,,`].join('\n'));
  t.equal(refused.statusCode, 422);
  t.match(refused.json(), { ok: false, total: 2501, errors: [{ row: 2502, field: '配送先コード' }] });
  t.equal((await slips()).length, 0, 'the chunks staged before the bad row were not merged');
  t.same(await leftovers(), { tables: [], imports: [] }, 'its staging table is gone');

  const imported = await post(center, 'import', [HEADER, ...lines].join('\n'));
  t.match(imported.json(), { ok: true, total: 2500, created: 2500, updated: 0 });
  t.equal((await slips()).length, 2500);
  t.same(await leftovers(), { tables: [], imports: [] });
});

t.test('refusals of the whole request', async (t) => {
  t.equal((await post(carrier, 'import', `${HEADER}\n`)).statusCode, 403, 'carriers do not import');
  const badDate = await post(center, 'import', `${HEADER}\n`, '2026-02-30');
  t.equal(badDate.statusCode, 400);
  t.ok(badDate.json().errors.date);
  const noDate = await center({ method: 'POST', url: '/api/delivery/import', ...csvUpload(`${HEADER}\n`) });
  t.equal(noDate.statusCode, 400);
  const header = await post(center, 'check_file_import', '日付,店\n2026-01-01,x\n');
  t.match(header.json().errors, [{ row: 1, message: /不明な列/ }, { row: 1, message: /必須の列/ }]);
  const empty = await post(center, 'check_file_import', `${HEADER}\n`);
  t.match(empty.json(), { ok: false, errors: [{ message: /データ行がありません/ }] });
  const binary = await post(center, 'check_file_import', Buffer.from([0x00, 0x01, 0xff, 0xfe, 0x0a, 0x41]));
  t.ok(binary.statusCode < 500);
  t.equal(binary.json().ok, false);
  const notMultipart = await center({ method: 'POST', url: `/api/delivery/import?date=${day}`, payload: { file: 'x' } });
  t.equal(notMultipart.statusCode, 400);
});
