import t from 'tap';
import { csvUpload, demoApp, departmentId, signedIn } from './helpers.js';

// One application for the file; each test creates the users it changes.
const { app, db } = await demoApp(t);
const as = {
  super: await signedIn(app, 'super'),
  hq: await signedIn(app, 'hq'),
  branch: await signedIn(app, 'branch'),
  center: await signedIn(app, 'center'),
  carrier: await signedIn(app, 'carrier'),
};

const userId = async (loginId: string) =>
  (await db.selectFrom('users').select('id').where('login_id', '=', loginId).executeTakeFirstOrThrow()).id;
const companyId = async (code: string) =>
  (await db.selectFrom('delivery_companies').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;

const newUser = (login_id: string, place: { department_id?: number; delivery_company_id?: number }, type = 2) => ({
  name: `利用者 ${login_id}`,
  login_id,
  password: 'secret-pass-1',
  type,
  department_id: place.department_id ?? null,
  delivery_company_id: place.delivery_company_id ?? null,
});

t.test('only a super admin deletes, edits or reallocates a super admin', async (t) => {
  const hq = await departmentId(db, 'HQ');
  const created = await as.super({ method: 'POST', url: '/api/user', payload: newUser('super-two', { department_id: hq }, 1) });
  t.equal(created.statusCode, 201);
  const superTwo = created.json().id as number;
  const superOne = await userId('super');

  const deleted = await as.hq({ method: 'DELETE', url: `/api/user/${superTwo}` });
  t.equal(deleted.statusCode, 403);
  t.equal(deleted.json().message, 'スーパー管理者の削除・変更・車両割当はスーパー管理者のみ行えます。');
  const center = await userId('center');
  const bulk = await as.hq({ method: 'POST', url: '/api/user/delete', payload: { ids: [center, superTwo] } });
  t.equal(bulk.statusCode, 403, 'a bulk delete holding a super admin deletes nobody');
  const live = await db.selectFrom('users').select('id').where('id', 'in', [center, superTwo]).where('deleted_at', 'is', null).execute();
  t.equal(live.length, 2);

  const edited = await as.hq({ method: 'PATCH', url: `/api/user/${superOne}`, payload: { name: '乗っ取り' } });
  t.equal(edited.statusCode, 400);
  t.equal(edited.json().errors.type, 'スーパー管理者の削除・変更・車両割当はスーパー管理者のみ行えます。');
  const allocation = await as.hq({ method: 'PUT', url: `/api/user/${superOne}/vehicle_allocation`, payload: { vehicle_ids: [] } });
  t.equal(allocation.statusCode, 403);
  const english = await as.hq({ method: 'DELETE', url: `/api/user/${superTwo}`, headers: { 'accept-language': 'en' } });
  t.equal(english.json().message, 'Only a super admin can delete or change a super admin or their vehicle allocation.');

  const stored = await db.selectFrom('users').select(['name', 'deleted_at']).where('id', '=', superOne).executeTakeFirstOrThrow();
  t.equal(stored.name, '山田 太郎', 'the super admin is unchanged');

  t.equal((await as.super({ method: 'PUT', url: `/api/user/${superTwo}/vehicle_allocation`, payload: { vehicle_ids: [] } })).statusCode, 200);
  t.equal((await as.super({ method: 'PATCH', url: `/api/user/${superTwo}`, payload: { name: '副管理者' } })).statusCode, 200);
  t.equal((await as.super({ method: 'DELETE', url: `/api/user/${superTwo}` })).statusCode, 200, 'a super admin deletes another');
  t.equal((await as.super({ method: 'DELETE', url: `/api/user/${superOne}` })).statusCode, 409, 'but not themselves');
});

t.test("a user is created in, or moved to, only a place inside the creator's scope", async (t) => {
  const branch = await departmentId(db, 'BR-TOKYO');
  const shinagawa = await departmentId(db, 'CT-SHINAGAWA');
  const branchCarrier = await as.super({
    method: 'POST',
    url: '/api/delivery_company',
    payload: { code: 'DC-BRANCH', name: '支店契約運送株式会社', department_id: branch },
  });
  t.equal(branchCarrier.statusCode, 201);
  const aboveCenter = branchCarrier.json().id as number;
  const toto = await companyId('DC-TOTO');
  const wangan = await companyId('DC-WANGAN');

  const refused = await as.center({ method: 'POST', url: '/api/user', payload: newUser('center-above', { delivery_company_id: aboveCenter }) });
  t.equal(refused.statusCode, 400, "a center does not create users in its branch's carrier");
  t.ok(refused.json().errors.delivery_company_id);
  t.equal((await as.center({ method: 'POST', url: '/api/user', payload: newUser('center-up', { department_id: branch }) })).statusCode, 400);
  const own = await as.center({ method: 'POST', url: '/api/user', payload: newUser('center-own', { delivery_company_id: toto }) });
  t.equal(own.statusCode, 201, 'a carrier contracted at the center is fine');
  const moved = await as.center({ method: 'PATCH', url: `/api/user/${own.json().id}`, payload: { delivery_company_id: aboveCenter } });
  t.equal(moved.statusCode, 400, 'nor moves one there');
  const movedUp = await as.center({
    method: 'PATCH',
    url: `/api/user/${own.json().id}`,
    payload: { delivery_company_id: null, department_id: branch },
  });
  t.equal(movedUp.statusCode, 400);
  t.equal((await as.center({ method: 'PATCH', url: `/api/user/${own.json().id}`, payload: { delivery_company_id: null, department_id: shinagawa } })).statusCode, 200);

  const carrierElsewhere = await as.carrier({ method: 'POST', url: '/api/user', payload: newUser('toto-elsewhere', { delivery_company_id: wangan }) });
  t.equal(carrierElsewhere.statusCode, 400, 'a carrier creates users only in its own company');
  t.equal((await as.hq({ method: 'POST', url: '/api/user', payload: newUser('hq-branch-carrier', { delivery_company_id: aboveCenter }) })).statusCode, 201);
});

t.test('a taken login id is "not available", whoever holds it, live or deleted', async (t) => {
  const wangan = await companyId('DC-WANGAN');
  const yokohama = await departmentId(db, 'CT-YOKOHAMA');
  const gone = await as.super({ method: 'POST', url: '/api/user', payload: newUser('wangan-gone', { delivery_company_id: wangan }) });
  t.equal((await as.super({ method: 'DELETE', url: `/api/user/${gone.json().id}` })).statusCode, 200);
  t.equal((await as.super({ method: 'POST', url: '/api/user', payload: newUser('yokohama-live', { department_id: yokohama }) })).statusCode, 201);

  const toto = await companyId('DC-TOTO');
  const answers = [];
  for (const loginId of ['yokohama-live', 'wangan-gone', 'carrier']) {
    const response = await as.carrier({ method: 'POST', url: '/api/user', payload: newUser(loginId, { delivery_company_id: toto }) });
    t.equal(response.statusCode, 409, loginId);
    answers.push(response.json());
  }
  t.equal(answers[0].errors.login_id, 'このログインIDは使用できません。別のログインIDを入力してください。');
  t.same(answers[1], answers[0], 'a deleted holder looks the same as a live one elsewhere');
  t.same(answers[2], answers[0], 'and the same as a holder in the own company');
  t.notMatch(JSON.stringify(answers[0]), /湾岸|横浜|非表示|CSV/, 'nothing says where the id is used');

  const csv = 'login_id,name,password,type,delivery_company_code\nyokohama-live,別会社,secret-pass-1,2,DC-TOTO\n';
  const imported = await as.carrier({ method: 'POST', url: '/api/user/check_file_import', ...csvUpload(csv) });
  t.equal(imported.json().errors[0]?.message, answers[0].errors.login_id, 'a CSV row learns no more');
});

t.test("a planner's vehicle allocation is read under the user area's permission", async (t) => {
  const center = await userId('center');
  const own = await as.center({ method: 'GET', url: '/api/user/vehicle_allocation' });
  t.equal(own.statusCode, 200);
  t.ok(own.json().length > 0, "the center planner's vehicles");
  t.equal((await as.hq({ method: 'GET', url: `/api/user/vehicle_allocation?user_id=${center}` })).statusCode, 200);
  const staff = await as.branch({ method: 'GET', url: `/api/user/vehicle_allocation?user_id=${center}` });
  t.equal(staff.statusCode, 403, 'allocation staff do not enter the user area');
  t.equal((await as.carrier({ method: 'GET', url: `/api/user/vehicle_allocation?user_id=${center}` })).statusCode, 404, 'outside the scope');
});

t.test('a carrier reads vehicle types to register its vehicles, and changes none', async (t) => {
  const list = await as.carrier({ method: 'GET', url: '/api/vehicle_type' });
  t.equal(list.statusCode, 200);
  t.ok(list.json().some((type: { code: string }) => type.code === 'VT-2T'));
  const id = list.json()[0].id as number;
  t.equal((await as.carrier({ method: 'GET', url: `/api/vehicle_type/${id}` })).statusCode, 200);
  t.equal((await as.carrier({ method: 'POST', url: '/api/vehicle_type', payload: { code: 'VT-X', name: 'x' } })).statusCode, 403);
  t.equal((await as.carrier({ method: 'PATCH', url: `/api/vehicle_type/${id}`, payload: { name: 'x' } })).statusCode, 403);
  t.equal((await as.carrier({ method: 'DELETE', url: `/api/vehicle_type/${id}` })).statusCode, 403);
  t.equal((await as.carrier({ method: 'GET', url: '/api/vehicle_type/import_template' })).statusCode, 403);
});
