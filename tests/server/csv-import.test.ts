import { Readable } from 'node:stream';
import iconv from 'iconv-lite';
import { sql } from 'kysely';
import t from 'tap';
import { destinationCsvLines } from '../../db/seed/generate-destinations.js';
import { buildApp } from '../../server/app.js';
import { findActor } from '../../server/auth/actor.js';
import { loadConfig } from '../../server/config.js';
import { translator } from '../../server/i18n.js';
import { importMaster } from '../../server/imports/import-master.js';
import { MAX_CONCURRENT_IMPORTS, takeImportSlot } from '../../server/imports/slots.js';
import { mergeRows, stageRows, startImport } from '../../server/imports/staging.js';
import { deliveryDestinationMaster } from '../../server/masters/delivery-destination.js';
import { vehicleTypeMaster } from '../../server/masters/vehicle-type.js';
import { csvUpload, demoApp, JWT_SECRET, signedIn } from './helpers.js';
import { AppError } from '../../server/errors.js';
import { vehicleMaster } from '../../server/masters/vehicle.js';
import { MASTERS } from '../../server/masters/index.js';
import { exportPages } from '../../server/masters/service.js';
import { csvRecords } from './report-files.js';

const post = (url: string, file: Buffer | string) => ({ method: 'POST' as const, url, ...csvUpload(file) });

const vehicleTypeRows = (count: number, name = '車種') =>
  ['code,name,max_loading_capacity,pallet_capacity', ...Array.from({ length: count }, (_, i) => `VT-${i + 1},${name}${i + 1},4000,16`)].join('\n');

t.test('CSV imports', async (t) => {
  const { app, db } = await demoApp(t);
  const hq = await signedIn(app, 'hq');
  const superAdmin = (await findActor(db, (await db.selectFrom('users').select('id').where('login_id', '=', 'super').executeTakeFirstOrThrow()).id))!;
  const ja = translator('ja');
  const vehicleTypes = () => db.selectFrom('vehicle_types').selectAll().orderBy('id').execute();

  t.test('a file over the upload limit answers 413 and writes nothing', async (t) => {
    const small = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent' }), db, jwtSecret: JWT_SECRET, logger: false, maxUploadBytes: 4096 });
    t.teardown(() => small.close());
    const before = await vehicleTypes();
    const file = vehicleTypeRows(1000);
    t.ok(Buffer.byteLength(file) > 4096 * 2, 'the first part alone would be valid rows');
    const response = await (await signedIn(small, 'hq'))(post('/api/vehicle_type/import', file));
    t.equal(response.statusCode, 413);
    t.match(response.json().message, /^ファイルが大きすぎます/);
    t.same(await vehicleTypes(), before);
  });

  t.test('the file must come in the field "file"; broken multipart bodies answer 400', async (t) => {
    const upload = csvUpload('code,name\nX,x\n');
    const renamed = { ...upload, payload: Buffer.from(upload.payload.toString().replace('name="file"', 'name="csv"')) };
    const wrongField = await hq({ method: 'POST', url: '/api/vehicle_type/import', ...renamed });
    t.equal(wrongField.statusCode, 400);
    t.match(wrongField.json(), { message: /「csv」/, errors: { csv: /「file」/ } });

    const truncated = { ...upload, payload: upload.payload.subarray(0, upload.payload.length - 20) };
    t.equal((await hq({ method: 'POST', url: '/api/vehicle_type/import', ...truncated })).statusCode, 400, 'truncated');
    const noBoundary = await hq({ method: 'POST', url: '/api/vehicle_type/import', payload: Buffer.from([0, 1, 2, 255]), headers: { 'content-type': 'multipart/form-data' } });
    t.equal(noBoundary.statusCode, 400, 'binary body without a boundary');
    t.equal((await vehicleTypes()).some((row) => row.code === 'X'), false);
  });

  t.test('a file in two encodings is refused at its first row in the other one, whichever comes first', async (t) => {
    const before = await vehicleTypes();
    const mixedMessage = (row: number, found: string, expected: string) =>
      `${row}行目: 文字コードがそれより前の行と異なります（この行は${found}、前の行は${expected}）。ファイル全体をUTF-8またはShift_JISのどちらか一方で保存してください。`;
    // UTF-8 with one Shift_JIS row among its first lines: read as Shift_JIS throughout, it was all mojibake.
    const lines = vehicleTypeRows(1500, '大型トラック').split('\n');
    const utf8WithOne = Buffer.concat([Buffer.from(`${lines.slice(0, 11).join('\n')}\n`), iconv.encode(`${lines[11]}\n`, 'cp932'), Buffer.from(`${lines.slice(12).join('\n')}\n`)]);
    const response = await hq(post('/api/vehicle_type/import', utf8WithOne));
    t.equal(response.statusCode, 422);
    t.match(response.json(), { ok: false, errors: [{ row: 12, message: mixedMessage(12, 'Shift_JIS', 'UTF-8') }] });
    const upload = csvUpload(utf8WithOne);
    const english = await hq({ method: 'POST', url: '/api/vehicle_type/check_file_import', payload: upload.payload, headers: { ...upload.headers, 'accept-language': 'en' } });
    const inEnglish = 'Row 12: its encoding differs from the rows before it (Shift_JIS here, UTF-8 before). Save the whole file in one encoding, UTF-8 or Shift_JIS.';
    t.match(english.json(), { ok: false, errors: [{ row: 12, message: inEnglish }] });

    // The reverse: Shift_JIS with one UTF-8 row, whose bytes Shift_JIS would also have read (as mojibake).
    const sjisWithOne = Buffer.concat([iconv.encode(`${lines.slice(0, 100).join('\n')}\n`, 'cp932'), Buffer.from(`${lines[100]}\n`), iconv.encode(`${lines.slice(101).join('\n')}\n`, 'cp932')]);
    t.ok(iconv.decode(Buffer.from(`${lines[100]}\n`), 'cp932').length > 0, 'the UTF-8 row is also Shift_JIS bytes');
    t.match((await hq(post('/api/vehicle_type/import', sjisWithOne))).json(), { ok: false, errors: [{ row: 101, message: mixedMessage(101, 'UTF-8', 'Shift_JIS') }] });

    // 70 KiB of UTF-8 rows (beyond the first piece read), then one Shift_JIS row.
    const utf8 = vehicleTypeRows(3000, '大型トラック');
    const late = Buffer.concat([Buffer.from(`${utf8}\n`), iconv.encode('VT-SJIS,小型\n', 'cp932')]);
    t.ok(late.length > 64 * 1024);
    t.match((await hq(post('/api/vehicle_type/import', late))).json(), { ok: false, errors: [{ row: 3002, message: mixedMessage(3002, 'Shift_JIS', 'UTF-8') }] });
    t.same(await vehicleTypes(), before, 'nothing written');
  });

  t.test('bytes valid in neither encoding are refused at their first bad row', async (t) => {
    const before = await vehicleTypes();
    const broken = Buffer.concat([Buffer.from(`${vehicleTypeRows(20, '大型トラック')}\n`), Buffer.from([0x56, 0x54, 0x2c, 0xff, 0xfe, 0x0a])]);
    const response = await hq(post('/api/vehicle_type/import', broken));
    t.equal(response.statusCode, 422);
    t.match(response.json(), { ok: false, errors: [{ row: 22, message: '22行目: 文字コードが正しくありません。ファイル全体をUTF-8またはShift_JISで保存してください。' }] });
    t.same(await vehicleTypes(), before, 'nothing written');

    const binary = await hq(post('/api/vehicle_type/check_file_import', Buffer.from('code,name\nA,a\nB,\u0000\u0001\u0002\n')));
    t.match(binary.json(), { ok: false, errors: [{ row: 3, message: /テキストのCSVファイルではありません/ }] });
  });

  t.test('quoted values hold commas, quotes and line breaks; unbalanced quotes are a row error, never a 500', async (t) => {
    const quoted = await hq(post('/api/vehicle_type/check_file_import', 'code,name\r\n"QT-1","大型, ""冷凍""\r\n車"\r\n QT-2 , 小型 \r\n'));
    t.match(quoted.json(), { ok: true, total: 2 });
    const escaped = await hq(post('/api/vehicle_type/import', 'code,name\nQT-ESC,"a\\b ""q"" {x}, NULL"\nQT-NULL,NULL\n'));
    t.match(escaped.json(), { ok: true, created: 2 });
    const stored = await db.selectFrom('vehicle_types').select(['code', 'name']).where('code', 'like', 'QT-%').orderBy('code').execute();
    t.same(stored, [{ code: 'QT-ESC', name: 'a\\b "q" {x}, NULL' }, { code: 'QT-NULL', name: 'NULL' }], 'stored as the file wrote them');
    const before = await vehicleTypes();
    for (const [file, row] of [
      ['code,name\nQT-1,a\nQT-2,大型"冷凍"\n', 3],
      ['code,name\nQT-1,"a\nb"x\n', 3],
      ['code,name\nQT-1,a\nQT-2,"never closed\nQT-3,c\n', 3],
    ] as const) {
      const response = await hq(post('/api/vehicle_type/import', file));
      t.equal(response.statusCode, 422, file);
      t.match(response.json(), { ok: false, errors: [{ row, message: `${row}行目: 引用符（"）の対応が正しくありません。値の中の " は "" と書き、値全体を " で囲んでください。` }] });
    }
    t.same(await vehicleTypes(), before, 'nothing written');
  });

  t.test('a Shift_JIS file that is plain ASCII for its first 64 KiB is still read as Shift_JIS', async (t) => {
    const ascii = Array.from({ length: 3000 }, (_, i) => `AS-${i},ascii-name-${i}`).join('\n');
    const file = Buffer.concat([Buffer.from(`code,name\n${ascii}\n`), iconv.encode('AS-KANA,軽トラック\n', 'cp932')]);
    const response = await hq(post('/api/vehicle_type/check_file_import', file));
    t.match(response.json(), { ok: true, total: 3001, encoding: 'shift_jis' });
  });

  t.test('an upsert changes only the columns the file carries; new rows still need the required ones', async (t) => {
    await hq(post('/api/vehicle_type/import', 'code,name,max_loading_capacity,pallet_capacity,cage_cart_capacity\nKEEP,4t車,4000,16,20\n'));
    const renamed = await hq(post('/api/vehicle_type/import', 'code,name\nKEEP,4tウイング車\n'));
    t.match(renamed.json(), { ok: true, updated: 1 });
    const kept = await db.selectFrom('vehicle_types').selectAll().where('code', '=', 'KEEP').executeTakeFirstOrThrow();
    t.match(kept, { name: '4tウイング車', max_loading_capacity: 4000, pallet_capacity: 16, cage_cart_capacity: 20, version: 2 });

    const capacityOnly = await hq(post('/api/vehicle_type/import', 'code,pallet_capacity\nKEEP,18\nNEWONE,10\n'));
    t.match(capacityOnly.json(), { ok: false, errors: [{ row: 3, field: '車種名', message: '車種名を入力してください。' }] });
    t.match(await db.selectFrom('vehicle_types').select('pallet_capacity').where('code', '=', 'KEEP').executeTakeFirstOrThrow(), { pallet_capacity: 16 });
  });

  t.test('re-importing 200 rows is a handful of queries, not three per row', async (t) => {
    let queries = 0;
    const counted = db.withPlugin({
      transformQuery: (args) => {
        queries++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const file = vehicleTypeRows(200, '再取込');
    const first = await importMaster(counted, vehicleTypeMaster, superAdmin, ja, Readable.from([file]), { commit: true });
    t.match(first, { ok: true, created: 200 });
    queries = 0;
    const again = await importMaster(counted, vehicleTypeMaster, superAdmin, ja, Readable.from([file.replaceAll('再取込', '再々取込')]), { commit: true });
    t.match(again, { ok: true, created: 0, updated: 200 });
    t.ok(queries <= 12, `${queries} queries`);
    t.equal((await db.selectFrom('vehicle_types').select('name').where('code', '=', 'VT-200').executeTakeFirstOrThrow()).name, '再々取込200');
  });

  t.test('other requests are served while a long import runs on the one embedded connection', async (t) => {
    const lines = [...destinationCsvLines(4000)];
    let reading!: () => void;
    const readingStarted = new Promise<void>((resolve) => (reading = resolve));
    // The file in chunks of 100 lines: the second is asked for only once the import has taken the first.
    async function* chunks() {
      for (let start = 0; start < lines.length; start += 100) {
        if (start > 0) reading();
        yield lines.slice(start, start + 100).join('\n') + '\n';
      }
    }
    let importDone = false;
    const running = importMaster(db, deliveryDestinationMaster, superAdmin, ja, Readable.from(chunks()), { commit: true }).then((result) => {
      importDone = true;
      return result;
    });
    await readingStarted;
    const profile = await hq({ method: 'GET', url: '/api/auth/profile' });
    t.equal(profile.statusCode, 200);
    t.equal(importDone, false, 'the profile answered before the import finished');
    t.match(await running, { ok: true, created: 4000 });
  });

  t.test('a row changed by someone else between check and merge makes the merge write nothing', async (t) => {
    const row = await db.selectFrom('vehicle_types').selectAll().where('code', '=', 'KEEP').executeTakeFirstOrThrow();
    const stale = { line: 7, targetId: row.id, targetVersion: row.version - 1, columns: { name: '古い' }, values: {} };
    const fresh = { line: 2, targetId: null, targetVersion: null, columns: { code: 'NEVER', name: 'x' }, values: {} };
    const merge = db.transaction().execute((trx) =>
      mergeRows(trx, vehicleTypeMaster, superAdmin.id, { rows: [fresh, stale] }, { inserted: new Set(['code', 'name']), updated: new Set(['name']) }),
    );
    t.match(await merge.catch((error: unknown) => error), { statusCode: 409, messageKey: 'csv.changedDuringImport', params: { row: 7 } });
    t.match(await db.selectFrom('vehicle_types').select('name').where('id', '=', row.id).executeTakeFirstOrThrow(), { name: row.name });
    t.equal(await db.selectFrom('vehicle_types').select('id').where('code', '=', 'NEVER').executeTakeFirst(), undefined);
  });

  t.test('every master exports its import’s file: the list’s rows, references by code, no password; checked back, each row updates itself and nothing is new', async (t) => {
    const api = await signedIn(app, 'super');
    for (const def of MASTERS.filter((master) => !master.actions || master.actions.includes('import'))) {
      const exported = await api({ method: 'GET', url: `/api/${def.resource}/export` });
      t.equal(exported.statusCode, 200, `${def.resource}: ${exported.statusCode === 200 ? 'exported' : exported.body}`);
      t.same([...exported.rawPayload.subarray(0, 3)], [0xef, 0xbb, 0xbf], `${def.resource}: UTF-8 with a BOM`);
      const [header, ...rows] = csvRecords(exported.rawPayload, 'utf8');
      const template = csvRecords((await api({ method: 'GET', url: `/api/${def.resource}/import_template` })).rawPayload, 'utf8')[0]!;
      t.same(header, template.filter((label) => label !== ja(`${def.i18n}.fields.password`)), `${def.resource}: the template's columns, without a password`);
      const listed = Number((await api({ method: 'GET', url: `/api/${def.resource}?_end=1` })).headers['x-total-count']);
      t.equal(rows.length, listed, `${def.resource}: every row of the list (${listed})`);
      const checked = (await api(post(`/api/${def.resource}/check_file_import`, exported.rawPayload))).json();
      t.match(checked, { ok: true, errorCount: 0, created: 0, updated: listed }, `${def.resource}: checked back without an error: ${JSON.stringify(checked.errors?.slice(0, 2))}`);
    }
  });

  t.test('a master export takes the list’s search, filters and scope, and Shift_JIS on request', async (t) => {
    const carrier = await signedIn(app, 'carrier');
    const theirs = await carrier({ method: 'GET', url: '/api/vehicle/export?encoding=sjis' });
    t.match(theirs.headers['content-type'], /text\/csv; charset=shift_jis/);
    const [header, ...rows] = csvRecords(theirs.rawPayload, 'sjis');
    t.equal(header![0], '車番');
    const company = header!.indexOf('配送会社コード');
    t.ok(rows.length > 0 && rows.every((row) => row[company] === 'DC-TOTO'), `a carrier exports its own company's ${rows.length} vehicles only`);
    const type = await db.selectFrom('vehicle_types').select(['id', 'code']).where('code', '=', 'VT-4T').executeTakeFirstOrThrow();
    const filtered = csvRecords((await hq({ method: 'GET', url: `/api/vehicle/export?vehicle_type_id=${type.id}` })).rawPayload, 'utf8');
    const typeColumn = filtered[0]!.indexOf('車種コード');
    t.ok(filtered.length > 1 && filtered.slice(1).every((row) => row[typeColumn] === type.code), 'a filter applies');
    const searched = csvRecords((await hq({ method: 'GET', url: '/api/delivery_destination/export?q=' + encodeURIComponent('大田区') })).rawPayload, 'utf8');
    t.ok(searched.length > 1 && searched.slice(1).every((row) => row.join(',').includes('大田区')), 'and the search');
    t.equal((await hq({ method: 'GET', url: '/api/vehicle/export?_start=0' })).statusCode, 400, 'no paging: the whole list');
  });

  t.test('a master export reads its rows a page at a time after the last one’s id: none twice, none left out', async (t) => {
    const ctx = { db, actor: superAdmin, t: ja };
    const ids: number[] = [];
    let pages = 0;
    for await (const page of exportPages(ctx, deliveryDestinationMaster, {}, 7)) {
      pages += 1;
      ids.push(...page.map((row) => row.id));
    }
    const live = await db.selectFrom('delivery_destinations').select('id').where('deleted_at', 'is', null).orderBy('id').execute();
    t.ok(live.length > 14, `${live.length} destinations`);
    t.equal(pages, Math.ceil(live.length / 7));
    t.same(ids, live.map((row) => row.id), 'every live destination (a super admin’s scope), in id order');
    t.equal(new Set(ids).size, ids.length, 'none twice');
  });

  t.test('the staging table of a dead import is dropped by the next import; a finished one leaves none', async (t) => {
    const stagingTables = async () =>
      (await sql<{ name: string }>`select relname as name from pg_class where relname ~ '^import_[0-9a-f]{32}$' and relkind = 'r'`.execute(db)).rows;
    const dead = await startImport(db, vehicleTypeMaster);
    await stageRows(db, dead, [{ line: 2, targetId: null, targetVersion: null, columns: { code: 'DEAD', name: '死' } }]);
    await db.updateTable('imports').set({ touched_at: new Date(Date.now() - 3600_000) }).where('id', '=', dead.id).execute();
    t.same(await stagingTables(), [{ name: dead.table }], 'the dead import left its staging table');
    const alive = await hq(post('/api/vehicle_type/import', 'code,name\nALIVE,生存\n'));
    t.match(alive.json(), { created: 1 });
    t.same(await stagingTables(), []);
    t.same(await db.selectFrom('imports').selectAll().execute(), []);
    t.equal(await db.selectFrom('vehicle_types').select('id').where('code', '=', 'DEAD').executeTakeFirst(), undefined, 'its rows were never merged');
  });
});

t.test('at most two imports run at once per database; the next waits briefly, then answers 503', async (t) => {
  const db = {};
  const releases = await Promise.all(Array.from({ length: MAX_CONCURRENT_IMPORTS }, () => takeImportSlot(db)));
  t.match(await takeImportSlot(db, 200).catch((error: unknown) => error), { statusCode: 503, messageKey: 'csv.busy' });
  const waiting = takeImportSlot(db, 2000);
  releases[0]!();
  const release = await waiting;
  t.type(release, 'function', 'a freed slot is taken by the waiting import');
  t.type(await takeImportSlot({}, 0), 'function', 'another database has its own slots');
});

// The import's final merge: references deleted after the check.
// (A block of its own: its names and its application stay apart from the tests above.)
{
  t.test("a merge refuses rows whose reference was deleted after they were checked, and writes nothing", async (t) => {
    const { db } = await demoApp(t);
    const superId = (await db.selectFrom('users').select('id').where('login_id', '=', 'super').executeTakeFirstOrThrow()).id;
    const type = await db.selectFrom('vehicle_types').select('id').where('code', '=', 'VT-K').executeTakeFirstOrThrow();
    const company = await db.selectFrom('delivery_companies').select('id').where('code', '=', 'DC-TOTO').executeTakeFirstOrThrow();
    const row = (line: number, number: string) => {
      const columns = { vehicle_number: number, vehicle_type_id: type.id, delivery_company_id: company.id };
      return { line, targetId: null, targetVersion: null, columns, values: columns };
    };
    const staging = await startImport(db, vehicleMaster);
    await stageRows(db, staging, [row(2, '品川 100 あ 90-01'), row(3, '品川 100 あ 90-02')]);
    // Checked and staged; then someone deletes the vehicle type they name.
    await db.updateTable('vehicle_types').set({ deleted_at: sql`now()` }).where('id', '=', type.id).execute();

    const columns = { inserted: new Set(['vehicle_number', 'vehicle_type_id', 'delivery_company_id']), updated: new Set<string>() };
    const refused = await db
      .transaction()
      .execute((trx) => mergeRows(trx, vehicleMaster, superId, { staging }, columns))
      .then(() => undefined, (error: unknown) => error);
    t.ok(refused instanceof AppError, 'the merge is refused');
    t.match(refused, { statusCode: 409, messageKey: 'csv.referenceGoneDuringImport', params: { row: 2 } });
    const written = await db.selectFrom('vehicles').select('id').where('vehicle_number', 'like', '品川 100 あ 90-%').execute();
    t.equal(written.length, 0, 'no row of the file was written');

    await db.updateTable('vehicle_types').set({ deleted_at: null }).where('id', '=', type.id).execute();
    await db.transaction().execute((trx) => mergeRows(trx, vehicleMaster, superId, { staging }, columns));
    const merged = await db.selectFrom('vehicles').select('id').where('vehicle_number', 'like', '品川 100 あ 90-%').execute();
    t.equal(merged.length, 2, 'with the reference live again, both rows are written');
  });
}
