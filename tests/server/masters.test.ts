import iconv from 'iconv-lite';
import t from 'tap';
import { can } from '../../common/permissions.js';
import { MASTERS } from '../../server/masters/index.js';
import { translator } from '../../server/i18n.js';
import { toCsv } from '../../server/imports/csv.js';
import { csvUpload, demoApp, signedIn, login } from './helpers.js';
import { demoIds, SAMPLES } from './master-samples.js';

const offers = (master: (typeof MASTERS)[number], action: string) => !master.actions || master.actions.includes(action as never);

// One application for the file: each master's test writes only that master's sample rows, whose codes
// no other test uses, and the access test only reads (its writes are refused).
const { app, db } = await demoApp(t);
const api = await signedIn(app, 'super');

t.test('every master has a sample', async (t) => {
  t.same(MASTERS.map((m) => m.resource).sort(), Object.keys(SAMPLES).sort());
});

for (const master of MASTERS) {
  t.test(`${master.resource}: the generic routes, rules and CSV import`, async (t) => {
    const sample = SAMPLES[master.resource]!(await demoIds(db));
    const base = `/api/${master.resource}`;

    const list = await api({ method: 'GET', url: `${base}?_start=0&_end=5` });
    t.equal(list.statusCode, 200);
    t.ok(Number(list.headers['x-total-count']) >= list.json().length);
    t.ok(list.json().every((row: Record<string, unknown>) => !('password_hash' in row)), 'no password hashes');

    let id: number;
    if (offers(master, 'create')) {
      const created = await api({ method: 'POST', url: base, payload: sample.create });
      t.equal(created.statusCode, 201, created.body);
      id = created.json().id;
      for (const field of master.fields.filter((f) => !f.writeOnly && f.name in sample.create)) {
        t.equal(created.json()[field.name], sample.create[field.name], `${field.name} stored`);
      }
      t.notOk('password' in created.json(), 'write-only fields are never returned');
      const duplicate = await api({ method: 'POST', url: base, payload: sample.create });
      t.equal(duplicate.statusCode, 409, 'the business key is unique');
      t.ok(duplicate.json().errors[master.key[0]!]);
    } else {
      id = list.json()[0].id;
      t.equal((await api({ method: 'POST', url: base, payload: {} })).statusCode, 404, 'no create route');
    }

    const before = (await api({ method: 'GET', url: `${base}/${id}` })).json();
    const patched = await api({ method: 'PATCH', url: `${base}/${id}`, payload: { ...sample.patch, version: before.version } });
    t.equal(patched.statusCode, 200, patched.body);
    t.match(patched.json(), { ...sample.patch, version: before.version + 1 });
    const stale = await api({ method: 'PATCH', url: `${base}/${id}`, payload: { ...sample.patch, version: before.version } });
    t.equal(stale.statusCode, 409, 'a stale version is a conflict');

    if (master.search.length > 0) {
      const text = String(patched.json()[master.search[0]!]);
      const found = await api({ method: 'GET', url: `${base}?q=${encodeURIComponent(text)}&_end=50` });
      t.ok(found.json().some((row: { id: number }) => row.id === id), 'search finds it');
    }

    if (offers(master, 'delete')) {
      t.equal((await api({ method: 'DELETE', url: `${base}/${id}` })).statusCode, 200);
      t.equal((await api({ method: 'GET', url: `${base}/${id}` })).statusCode, 404, 'soft-deleted rows are hidden');
      const again = await api({ method: 'POST', url: base, payload: sample.create });
      t.equal(again.statusCode, 409);
      // A login id says only "not available", whoever holds it (no oracle of other companies' users).
      const hidden = master.keyTaken ? translator('ja')(master.keyTaken) : /CSVインポート/;
      t.match(again.json().errors[master.key[0]!], hidden, 'the "hidden but registered" message');
    }

    const template = await api({ method: 'GET', url: `${base}/import_template` });
    t.equal(template.body.replace('\uFEFF', '').trim().split(',').length, master.csvColumns.length, 'template lists every column');
    const rows = [Object.keys(sample.csv), Object.values(sample.csv)];
    const check = await api({ method: 'POST', url: `${base}/check_file_import`, ...csvUpload(toCsv(rows)) });
    t.match(check.json(), { ok: true, total: 1, encoding: 'utf-8', errors: [] }, check.body);
    // The same row with Japanese headers, in Shift_JIS as Excel saves it.
    const ja = translator('ja');
    const japaneseRows = [rows[0]!.map((key) => ja(`${master.i18n}.fields.${key}`)), rows[1]!];
    const shiftJis = iconv.encode(toCsv(japaneseRows).replace('\uFEFF', ''), 'cp932');
    const imported = await api({ method: 'POST', url: `${base}/import`, ...csvUpload(shiftJis) });
    t.match(imported.json(), { ok: true, total: 1, encoding: 'shift_jis' }, imported.body);
    t.equal(imported.json().created + imported.json().updated, 1);
  });
}

t.test('areas closed to delivery companies answer 403; allocation staff only read masters', async (t) => {
  const carrier = await signedIn(app, 'carrier');
  const branch = await signedIn(app, 'branch');
  for (const master of MASTERS) {
    const open = can({ type: 2, level: 5 }, master.area, 'list');
    t.equal((await carrier({ method: 'GET', url: `/api/${master.resource}` })).statusCode, open ? 200 : 403, `carrier ${master.resource}`);
    const read = await branch({ method: 'GET', url: `/api/${master.resource}` });
    const write = await branch({ method: 'PATCH', url: `/api/${master.resource}/1`, payload: {} });
    if (master.resource === 'user') {
      t.equal(read.statusCode, 403, 'allocation staff have no access to admin users');
    } else {
      t.equal(read.statusCode, 200, `branch reads ${master.resource}`);
      t.equal(write.statusCode, 403, `branch cannot edit ${master.resource}`);
    }
  }
});

// Master rules: the same per-row rules on the screens and in CSV.
// (A test of its own, its application made inside it: at the top level, the file's other tests could all end while this one's database was made, and tap refuses subtests after its root has ended.)
t.test('Master rules: the same per-row rules on the screens and in CSV', async (t) => {
  // One application for the file (but for the password change): each test writes rows of its own and
  // counts only rows the others leave alone.
  const { app, db } = await demoApp(t);
  const ids = await demoIds(db);

  t.test('a delivery company sees and writes only its own vehicles, drivers and users', async (t) => {
    const carrier = await signedIn(app, 'carrier');
    const vehicles = await carrier({ method: 'GET', url: '/api/vehicle?_end=100' });
    t.equal(vehicles.headers['x-total-count'], '8');
    t.ok(vehicles.json().every((v: { delivery_company_id: number }) => v.delivery_company_id === ids.toto));
    const drivers = await carrier({ method: 'GET', url: '/api/driver?_end=100' });
    t.ok(drivers.json().length > 0 && drivers.json().every((d: { delivery_company_id: number }) => d.delivery_company_id === ids.toto));
    const users = await carrier({ method: 'GET', url: '/api/user?_end=100' });
    t.same(users.json().map((u: { login_id: string }) => u.login_id), ['carrier']);

    const other = await db.selectFrom('vehicles').select('id').where('delivery_company_id', '!=', ids.toto).executeTakeFirstOrThrow();
    t.equal((await carrier({ method: 'GET', url: `/api/vehicle/${other.id}` })).statusCode, 404, "another company's vehicle is a 404");
    t.equal((await carrier({ method: 'PATCH', url: `/api/vehicle/${other.id}`, payload: { avg_fuel_economy: 1 } })).statusCode, 404);

    const wangan = await db.selectFrom('delivery_companies').select('id').where('code', '=', 'DC-WANGAN').executeTakeFirstOrThrow();
    const foreign = await carrier({
      method: 'POST',
      url: '/api/vehicle',
      payload: { vehicle_number: '横浜 100 あ 00-01', vehicle_type_id: ids.fourTon, delivery_company_id: wangan.id },
    });
    t.equal(foreign.statusCode, 400);
    t.equal(foreign.json().errors.delivery_company_id, '配送会社が見つかりません。');
    const own = await carrier({
      method: 'POST',
      url: '/api/vehicle',
      payload: { vehicle_number: '品川 100 あ 00-01', vehicle_type_id: ids.fourTon, delivery_company_id: ids.toto },
    });
    t.equal(own.statusCode, 201);

    const csv = 'vehicle_number,vehicle_type_code,delivery_company_code\n品川 100 あ 00-02,VT-2T,DC-TOTO\n横浜 100 あ 00-03,VT-2T,DC-WANGAN\n';
    const imported = await carrier({ method: 'POST', url: '/api/vehicle/import', ...csvUpload(csv) });
    t.equal(imported.statusCode, 422);
    t.match(imported.json().errors, [{ row: 3, field: '配送会社コード', message: '配送会社コードが見つかりません。' }]);
  });

  t.test('user types: nobody grants what they may not; nobody deletes their own account', async (t) => {
    const hq = await signedIn(app, 'hq');
    const superUser = { name: '新 管理者', login_id: 'new-super', password: 'password-9', type: 1, department_id: ids.shinagawa };
    const refused = await hq({ method: 'POST', url: '/api/user', payload: superUser });
    t.equal(refused.statusCode, 400);
    t.equal(refused.json().errors.type, 'この権限種別のユーザーは登録・変更できません。');
    const center = await db.selectFrom('users').select(['id', 'version']).where('login_id', '=', 'center').executeTakeFirstOrThrow();
    const promote = await hq({ method: 'PATCH', url: `/api/user/${center.id}`, payload: { type: 1 } });
    t.equal(promote.json().errors.type, 'この権限種別のユーザーは登録・変更できません。');
    const superAccount = await db.selectFrom('users').select('id').where('login_id', '=', 'super').executeTakeFirstOrThrow();
    t.equal((await hq({ method: 'PATCH', url: `/api/user/${superAccount.id}`, payload: { name: 'x' } })).json().errors?.type, 'スーパー管理者の削除・変更・車両割当はスーパー管理者のみ行えます。');
    const superApi = await signedIn(app, 'super');
    t.equal((await superApi({ method: 'POST', url: '/api/user', payload: superUser })).statusCode, 201, 'a super admin may');

    const self = await db.selectFrom('users').select('id').where('login_id', '=', 'hq').executeTakeFirstOrThrow();
    const own = await hq({ method: 'DELETE', url: `/api/user/${self.id}` });
    t.equal(own.statusCode, 409);
    t.equal(own.json().message, '自分自身のアカウントは削除できません。');
    const both = await hq({ method: 'POST', url: '/api/user', payload: { name: 'x', login_id: 'both', password: 'password-1', type: 2, department_id: ids.shinagawa, delivery_company_id: ids.toto } });
    t.equal(both.json().errors.department_id, '所属部署か配送会社のどちらか一方を指定してください。');
    const noPassword = await hq({ method: 'POST', url: '/api/user', payload: { name: 'x', login_id: 'nopass', type: 2, department_id: ids.shinagawa } });
    t.equal(noPassword.json().errors.password, 'パスワードを入力してください。');
  });

  t.test('a password change hashes with argon2id, is never returned, and ends older sessions', async (t) => {
    // An application of its own: it changes a demo account's password.
    const { app, db } = await demoApp(t);
    const hq = await signedIn(app, 'hq');
    const oldToken = await login(app, 'center');
    const center = await db.selectFrom('users').select('id').where('login_id', '=', 'center').executeTakeFirstOrThrow();
    const changed = await hq({ method: 'PATCH', url: `/api/user/${center.id}`, payload: { password: 'brand-new-pass' } });
    t.equal(changed.statusCode, 200);
    t.notOk('password' in changed.json() || 'password_hash' in changed.json());
    const stored = await db.selectFrom('users').select('password_hash').where('id', '=', center.id).executeTakeFirstOrThrow();
    t.match(stored.password_hash, /^\$argon2id\$/);
    const old = await app.inject({ method: 'GET', url: '/api/auth/profile', headers: { authorization: `Bearer ${oldToken}` } });
    t.equal(old.statusCode, 401);
    t.ok(await login(app, 'center', 'brand-new-pass'));
    const short = await hq({ method: 'PATCH', url: `/api/user/${center.id}`, payload: { password: 'short' } });
    t.equal(short.json().errors.password, 'パスワードは8文字以上で入力してください。');
  });

  t.test('destinations: coordinates required, the receiving window ends after it starts', async (t) => {
    const hq = await signedIn(app, 'hq');
    const response = await hq({
      method: 'POST',
      url: '/api/delivery_destination',
      payload: { delivery_code: 'X1', customer_company_name: 'a', customer_store_name: 'b', customer_address: 'c', delivery_type: 1, start_time: '10:00', ending_time: '09:00' },
    });
    t.equal(response.statusCode, 400);
    t.match(response.json().errors, { latitude: '緯度を入力してください。', longitude: '経度を入力してください。' });
    const window = await hq({
      method: 'POST',
      url: '/api/delivery_destination',
      headers: { 'accept-language': 'en' },
      payload: { delivery_code: 'X1', customer_company_name: 'a', customer_store_name: 'b', customer_address: 'c', delivery_type: 1, latitude: 35, longitude: 139, start_time: '10:00', ending_time: '09:00' },
    });
    t.equal(window.json().errors.ending_time, 'End time must after start time');
  });

  t.test('delivery companies: the invoice registration number is T and 13 digits', async (t) => {
    const hq = await signedIn(app, 'hq');
    for (const [number, ok] of [['T1234567890123', true], ['1234567890123', false], ['T123456789012', false], ['T12345678901234', false]] as const) {
      const response = await hq({ method: 'POST', url: '/api/delivery_company', payload: { code: `X-${number}`.slice(0, 20), name: 'x', department_id: ids.shinagawa, invoice_registration_number: number } });
      t.equal(response.statusCode, ok ? 201 : 400, number);
    }
  });

  t.test('operation times: each step after the previous; rows exist for every center, new ones too', async (t) => {
    const hq = await signedIn(app, 'hq');
    const rows = await hq({ method: 'GET', url: `/api/operation_time?department_id=${ids.shinagawa}` });
    t.equal(rows.json().length, 2);
    const wrong = await hq({ method: 'PATCH', url: `/api/operation_time/${rows.json()[0].id}`, payload: { departure: '05:00' } });
    t.equal(wrong.json().errors.departure, '終了時間が開始時間以降ではありません');
    const center = await hq({ method: 'POST', url: '/api/department', payload: { code: 'CT-NEW', name: '新センター', level: 4, parent_id: ids.tokyo } });
    const created = await hq({ method: 'GET', url: `/api/operation_time?department_id=${center.json().id}` });
    t.equal(created.json().length, 2, 'a new center gets its operation times');
  });

  t.test('temporary registrations are listed apart and approved', async (t) => {
    const center = await signedIn(app, 'center');
    const vehicle = await db.selectFrom('vehicles').select('id').where('vehicle_number', 'like', '品川%').orderBy('id').executeTakeFirstOrThrow();
    await db.updateTable('vehicles').set({ temporary_registration_date: new Date() }).where('id', '=', vehicle.id).execute();
    const temporary = await center({ method: 'GET', url: '/api/vehicle?temporary=1' });
    t.same(temporary.json().map((v: { id: number }) => v.id), [vehicle.id]);
    const approved = await center({ method: 'POST', url: `/api/vehicle/${vehicle.id}/approve` });
    t.equal(approved.statusCode, 200);
    t.equal(approved.json().temporary_registration_date, null);
    t.equal((await center({ method: 'GET', url: '/api/vehicle?temporary=1' })).json().length, 0);
    const branch = await signedIn(app, 'branch');
    t.equal((await branch({ method: 'POST', url: `/api/vehicle/${vehicle.id}/approve` })).statusCode, 403, 'read-only staff cannot approve');
  });

  t.test('user/vehicle_allocation: the vehicles a planner is responsible for', async (t) => {
    const center = await signedIn(app, 'center');
    const mine = await center({ method: 'GET', url: '/api/user/vehicle_allocation' });
    t.equal(mine.json().length, 8);
    t.ok(mine.json().every((v: { vehicle_number: string }) => v.vehicle_number.startsWith('品川')));
    const hq = await signedIn(app, 'hq');
    const user = await db.selectFrom('users').select('id').where('login_id', '=', 'center').executeTakeFirstOrThrow();
    const set = await hq({ method: 'PUT', url: `/api/user/${user.id}/vehicle_allocation`, payload: { vehicle_ids: [mine.json()[0].vehicle_id] } });
    t.equal(set.json().length, 1);
    const carrier = await signedIn(app, 'carrier');
    t.equal((await carrier({ method: 'GET', url: `/api/user/vehicle_allocation?user_id=${user.id}` })).statusCode, 404, 'outside the scope');
  });

  t.test('a row others refer to cannot be deleted, and the message names what refers to it', async (t) => {
    const hq = await signedIn(app, 'hq');
    const company = await hq({ method: 'DELETE', url: `/api/delivery_company/${ids.toto}` });
    t.equal(company.statusCode, 409);
    t.equal(company.json().message, '車両マスタから参照されているため削除できません。');
    const type = await hq({ method: 'DELETE', url: `/api/vehicle_type/${ids.fourTon}`, headers: { 'accept-language': 'en' } });
    t.equal(type.json().message, 'Cannot delete: it is referred to by Vehicle master.');
  });

  t.test('department users give their vehicles and drivers a base center; a unit price may have no per-km charge', async (t) => {
    const center = await signedIn(app, 'center');
    const vehicle = await center({ method: 'POST', url: '/api/vehicle', payload: { vehicle_number: '品川 1 あ 11-11', vehicle_type_id: ids.fourTon, delivery_company_id: ids.toto } });
    t.equal(vehicle.json().errors?.base_department_id, '所属センターを入力してください。');
    const driver = await center({ method: 'POST', url: '/api/driver', payload: { name: 'x', login_id: 'x-driver', delivery_company_id: ids.toto, employment_type: 0 } });
    t.equal(driver.json().errors?.base_department_id, '所属センターを入力してください。');
    const hq = await signedIn(app, 'hq');
    const price = await hq({ method: 'POST', url: '/api/unit_price', payload: { vehicle_type_id: ids.fourTon, kind: 1, price_per_trip: 9000, price_per_km: null, effective_from: '2027-01-01' } });
    t.equal(price.statusCode, 201);
    t.equal(price.json().price_per_km, null);
  });

  t.test('a unit price’s 適用開始日 must be a day that exists, on the form and in a CSV row', async (t) => {
    const hq = await signedIn(app, 'hq');
    const body = { vehicle_type_id: ids.fourTon, kind: 0, price_per_trip: 9000, effective_from: '2027-02-29' };
    const form = await hq({ method: 'POST', url: '/api/unit_price', payload: body });
    t.equal(form.statusCode, 400);
    t.same(form.json().errors, { effective_from: '適用開始日は正しい日付（YYYY-MM-DD）で指定してください。' });
    const row = await hq({ method: 'POST', url: '/api/unit_price/check_file_import', ...csvUpload('vehicle_type_code,kind,price_per_trip,effective_from\nVT-4T,0,9000,2027-04-31\n') });
    t.match(row.json(), { ok: false, errors: [{ row: 2, message: '適用開始日は正しい日付（YYYY-MM-DD）で指定してください。' }] });
    t.equal((await hq({ method: 'POST', url: '/api/unit_price', payload: { ...body, effective_from: '2028-02-29' } })).statusCode, 201, 'a leap day is a day');
  });
});
