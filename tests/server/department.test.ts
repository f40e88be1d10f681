import t from 'tap';
import { demoApp, departmentId, signedIn } from './helpers.js';

const list = (query = '') => ({ method: 'GET' as const, url: `/api/department?${query}` });

// The tests that change nothing (their writes are refused) share one application; the others get their own.
const readOnly = await demoApp(t);

t.test('lists page, sort, search and filter on the server, with the total in x-total-count', async (t) => {
  const { app } = readOnly;
  const hq = await signedIn(app, 'hq');
  const page = await hq(list('_start=2&_end=5&_sort=code&_order=asc'));
  t.equal(page.statusCode, 200);
  t.equal(page.headers['x-total-count'], '10');
  t.same(page.json().map((d: { code: string }) => d.code), ['BR-TOKYO', 'CT-ITABASHI', 'CT-NANKO']);
  const descending = await hq(list('_start=0&_end=1&_sort=code&_order=desc'));
  t.equal(descending.json()[0].code, 'HQ');
  const search = await hq(list(`q=${encodeURIComponent('横浜')}&_sort=code`));
  t.same(search.json().map((d: { code: string }) => d.code), ['BR-KANAGAWA', 'CT-YOKOHAMA'], 'by name or address');
  const centers = await hq(list('level=4&_end=50'));
  t.equal(centers.headers['x-total-count'], '4');
  t.ok(centers.json().every((d: { level: number; parent_name: string }) => d.level === 4 && d.parent_name));
  const byIds = await hq(list(`id=1&id=2`));
  t.equal(byIds.json().length, 2);
});

t.test('scope: a department user sees their department and its descendants only', async (t) => {
  const { app, db } = readOnly;
  const branch = await signedIn(app, 'branch');
  const codes = (await branch(list('_end=50&_sort=code'))).json().map((d: { code: string }) => d.code);
  t.same(codes, ['BR-TOKYO', 'CT-ITABASHI', 'CT-SHINAGAWA']);
  const center = await signedIn(app, 'center');
  const hqId = await departmentId(db, 'HQ');
  const outside = await center({ method: 'GET', url: `/api/department/${hqId}` });
  t.equal(outside.statusCode, 404, 'a record outside the scope is a 404');
  const own = await center({ method: 'GET', url: `/api/department/${await departmentId(db, 'CT-SHINAGAWA')}` });
  t.equal(own.json().name, '品川センター');
  const patch = await center({ method: 'PATCH', url: `/api/department/${hqId}`, payload: { name: '乗っ取り' } });
  t.equal(patch.statusCode, 404, 'nor can it be written');
});

t.test('permissions: a delivery company gets 403, allocation staff read only', async (t) => {
  const { app } = readOnly;
  const carrier = await signedIn(app, 'carrier');
  const refused = await carrier(list());
  t.equal(refused.statusCode, 403);
  t.same(refused.json(), { message: 'このページにアクセスする権限がありません.再度ログイン必要があります。', code: 403 });
  const english = await carrier({ ...list(), headers: { 'accept-language': 'en' } });
  t.equal(english.json().message, 'You do not have permission to access this page');

  const branch = await signedIn(app, 'branch');
  t.equal((await branch(list())).statusCode, 200);
  const create = await branch({ method: 'POST', url: '/api/department', payload: { code: 'X1', name: 'x', level: 4 } });
  t.equal(create.statusCode, 403);
  t.equal((await branch({ method: 'POST', url: '/api/department/delete', payload: { ids: [1] } })).statusCode, 403);
  t.equal((await branch({ method: 'GET', url: '/api/department/import_template' })).statusCode, 403);
});

t.test('create, update (PUT of the record as read, PATCH) and read back; unknown fields refused', async (t) => {
  const { app, db } = await demoApp(t);
  const center = await signedIn(app, 'center');
  const parent_id = await departmentId(db, 'CT-SHINAGAWA');
  // Centers are the deepest level (4): a center can only be re-parented, so create under the branch as hq.
  const hq = await signedIn(app, 'hq');
  const body = { code: 'CT-KOTO', name: '江東センター', level: 4, parent_id: await departmentId(db, 'BR-TOKYO'), postal_code: '135-0052' };
  const unknown = await hq({ method: 'POST', url: '/api/department', payload: { ...body, is_admin: true } });
  t.equal(unknown.statusCode, 400, 'a field the master does not declare is refused, not silently dropped');
  t.match(unknown.json().errors, { is_admin: /不明な項目/ });
  const created = await hq({ method: 'POST', url: '/api/department', payload: body });
  t.equal(created.statusCode, 201);
  const record = created.json();
  t.match(record, { code: 'CT-KOTO', name: '江東センター', level: 4, parent_name: '東京支店', version: 1 });

  const put = await hq({ method: 'PUT', url: `/api/department/${record.id}`, payload: { ...record, name: '江東第一センター' } });
  t.equal(put.statusCode, 200);
  t.match(put.json(), { name: '江東第一センター', version: 2, postal_code: '135-0052' });
  const patch = await hq({ method: 'PATCH', url: `/api/department/${record.id}`, payload: { phone: '03-1234-5678' } });
  t.match(patch.json(), { name: '江東第一センター', phone: '03-1234-5678', version: 3 });

  const own = await center({ method: 'PATCH', url: `/api/department/${parent_id}`, payload: { phone: '03-0000-0000' } });
  t.equal(own.statusCode, 200, 'a center edits its own record without touching its parent');
});

t.test('concurrent edits: a stale version answers 409 and changes nothing', async (t) => {
  const { app, db } = await demoApp(t);
  const hq = await signedIn(app, 'hq');
  const id = await departmentId(db, 'CT-ITABASHI');
  const first = await hq({ method: 'PATCH', url: `/api/department/${id}`, payload: { name: '板橋A', version: 1 } });
  t.equal(first.statusCode, 200);
  const second = await hq({ method: 'PATCH', url: `/api/department/${id}`, payload: { name: '板橋B', version: 1 } });
  t.equal(second.statusCode, 409);
  t.match(second.json(), { code: 409, message: /他のユーザー/ });
  t.equal((await hq({ method: 'GET', url: `/api/department/${id}` })).json().name, '板橋A');
});

t.test('validation names each wrong field in the caller language', async (t) => {
  const { app, db } = readOnly;
  const hq = await signedIn(app, 'hq');
  const response = await hq({
    method: 'POST',
    url: '/api/department',
    headers: { 'accept-language': 'en' },
    payload: { code: 'bad code!', name: '', level: 'x', postal_code: '12', latitude: 200 },
  });
  t.equal(response.statusCode, 400);
  const { errors } = response.json();
  t.same(Object.keys(errors).sort(), ['code', 'latitude', 'level', 'name', 'postal_code']);
  t.equal(errors.name, 'Department name is required.');
  t.equal(errors.latitude, 'Latitude must be between -90 and 90.');

  const tokyo = await departmentId(db, 'BR-TOKYO');
  const tooHigh = await hq({ method: 'POST', url: '/api/department', payload: { code: 'X-2', name: 'x', level: 3, parent_id: tokyo } });
  t.equal(tooHigh.json().errors.level, '親部署のレベルより下のレベルを指定してください。');
  const root = await hq({ method: 'POST', url: '/api/department', payload: { code: 'X-3', name: 'x', level: 1 } });
  t.equal(root.json().errors.parent_id, '親部署のない部署はスーパー管理者のみ登録できます。');
  const superApi = await signedIn(app, 'super');
  const cycle = await superApi({
    method: 'PATCH',
    url: `/api/department/${await departmentId(db, 'DV-KANTO')}`,
    payload: { parent_id: await departmentId(db, 'CT-SHINAGAWA') },
  });
  t.equal(cycle.json().errors.parent_id, '自分自身または配下の部署を親部署にはできません。');
});

t.test('codes: a live duplicate is refused; a soft-deleted one gets the "hidden but registered" message', async (t) => {
  const { app, db } = await demoApp(t);
  const hq = await signedIn(app, 'hq');
  const tokyo = await departmentId(db, 'BR-TOKYO');
  const duplicate = await hq({ method: 'POST', url: '/api/department', payload: { code: 'CT-ITABASHI', name: 'x', level: 4, parent_id: tokyo } });
  t.equal(duplicate.statusCode, 409);
  t.same(duplicate.json(), { message: '部署コードは既に登録されています。', code: 409, errors: { code: '部署コードは既に登録されています。' } });
  const created = await hq({ method: 'POST', url: '/api/department', payload: { code: 'CT-KOTO', name: '江東センター', level: 4, parent_id: tokyo } });
  const koto = created.json().id;
  t.equal((await hq({ method: 'DELETE', url: `/api/department/${koto}` })).statusCode, 200);
  t.equal((await hq({ method: 'GET', url: `/api/department/${koto}` })).statusCode, 404, 'hidden once deleted');
  const operationTimes = await db.selectFrom('operation_times').select('deleted_at').where('department_id', '=', koto).execute();
  t.ok(operationTimes.length === 2 && operationTimes.every((row) => row.deleted_at !== null), 'its operation times go with it');
  const again = await hq({ method: 'POST', url: '/api/department', payload: { code: 'CT-KOTO', name: 'x', level: 4, parent_id: tokyo } });
  t.equal(again.statusCode, 409);
  t.match(again.json().errors.code, /マスタ画面では非表示ですが、データベースに存在します。変更はCSVインポートで行ってください。/);
});

t.test('delete: refused while referred to; bulk delete is all or nothing', async (t) => {
  const { app, db } = await demoApp(t);
  const hq = await signedIn(app, 'hq');
  const tokyo = await departmentId(db, 'BR-TOKYO');
  const referred = await hq({ method: 'DELETE', url: `/api/department/${tokyo}` });
  t.equal(referred.statusCode, 409);
  t.equal(referred.json().message, '部署マスタから参照されているため削除できません。');
  const shinagawa = await departmentId(db, 'CT-SHINAGAWA');
  const usedByUser = await hq({ method: 'DELETE', url: `/api/department/${shinagawa}` });
  t.match(usedByUser.json().message, /管理者マスタ|配送会社マスタ/);

  const itabashi = await departmentId(db, 'CT-ITABASHI');
  const usedByVehicles = await hq({ method: 'DELETE', url: `/api/department/${itabashi}` });
  t.equal(usedByVehicles.statusCode, 409);

  const create = async (code: string, level: number, parent_id: number) =>
    (await hq({ method: 'POST', url: '/api/department', payload: { code, name: code, level, parent_id } })).json().id as number;
  const kanto = await departmentId(db, 'DV-KANTO');
  const chiba = await create('BR-CHIBA', 3, kanto);
  const funabashi = await create('CT-FUNABASHI', 4, chiba);
  const kashiwa = await create('CT-KASHIWA', 4, chiba);

  const center = await signedIn(app, 'center');
  const mixed = await center({ method: 'POST', url: '/api/department/delete', payload: { ids: [shinagawa, funabashi] } });
  t.equal(mixed.statusCode, 404, 'one row outside the scope refuses the whole batch');
  const alone = await hq({ method: 'DELETE', url: `/api/department/${chiba}` });
  t.equal(alone.statusCode, 409, 'a branch with live centers stays');
  const bulk = await hq({ method: 'POST', url: '/api/department/delete', payload: { ids: [chiba, funabashi, kashiwa] } });
  t.same(bulk.json(), { deleted: 3 }, 'a branch goes together with its centers');
});
