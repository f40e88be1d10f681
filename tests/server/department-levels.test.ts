import t from 'tap';
import { csvUpload, demoApp, departmentId, signedIn } from './helpers.js';

// The demo tree: HQ (1) → DV-KANTO (2) → BR-TOKYO (3) → CT-SHINAGAWA, CT-ITABASHI (4).

// The tests whose writes are all refused share one application; the first, which adds BR-CHIBA, has its own.
const refusedOnly = await demoApp(t);

t.test('a level change that would put a department at or below one of its children is refused, naming the field', async (t) => {
  const { app, db } = await demoApp(t);
  const hq = await signedIn(app, 'hq');
  const tokyo = await departmentId(db, 'BR-TOKYO');
  const refused = await hq({ method: 'PATCH', url: `/api/department/${tokyo}`, payload: { level: 4 } });
  t.equal(refused.statusCode, 400);
  t.match(refused.json().errors, { level: /^配下の部署（CT-(SHINAGAWA|ITABASHI)）のレベルより上のレベルを指定してください。$/ });
  const english = await hq({ method: 'PATCH', url: `/api/department/${tokyo}`, headers: { 'accept-language': 'en' }, payload: { level: 4 } });
  t.match(english.json().errors.level, /^The level must be above the level of its department CT-/);
  const kanto = await departmentId(db, 'DV-KANTO');
  const middle = await hq({ method: 'PATCH', url: `/api/department/${kanto}`, payload: { level: 3 } });
  t.match(middle.json().errors, { level: /配下の部署（BR-/ }, 'a division cannot come down to its branches’ level');
  const stored = await db.selectFrom('departments').select(['code', 'level']).where('id', 'in', [tokyo, kanto]).orderBy('code').execute();
  t.same(stored, [{ code: 'BR-TOKYO', level: 3 }, { code: 'DV-KANTO', level: 2 }], 'nothing changed');

  const chiba = await hq({ method: 'POST', url: '/api/department', payload: { code: 'BR-CHIBA', name: '千葉支店', level: 3, parent_id: kanto } });
  const lowered = await hq({ method: 'PATCH', url: `/api/department/${chiba.json().id}`, payload: { level: 4 } });
  t.equal(lowered.statusCode, 200, 'a department without children may change level below its parent');
});

t.test('a parent or level change that puts a department at or above its parent is refused', async (t) => {
  const { app, db } = refusedOnly;
  const hq = await signedIn(app, 'hq');
  const tokyo = await departmentId(db, 'BR-TOKYO');
  const kanagawa = await departmentId(db, 'BR-KANAGAWA');
  const sideways = await hq({ method: 'PATCH', url: `/api/department/${tokyo}`, payload: { parent_id: kanagawa } });
  t.equal(sideways.json().errors.level, '親部署のレベルより下のレベルを指定してください。');
  const up = await hq({ method: 'PATCH', url: `/api/department/${tokyo}`, payload: { level: 2 } });
  t.equal(up.json().errors.level, '親部署のレベルより下のレベルを指定してください。');
});

t.test('CSV import applies the same rule to every row and writes nothing when one breaks it', async (t) => {
  const { app, db } = refusedOnly;
  const hq = await signedIn(app, 'hq');
  const before = await db.selectFrom('departments').selectAll().orderBy('id').execute();
  const csv = 'code,name,level,parent_code\r\nBR-CHIBA,千葉支店,3,DV-KANTO\r\nBR-TOKYO,東京支店,4,DV-KANTO\r\n';
  const response = await hq({ method: 'POST', url: '/api/department/import', ...csvUpload(csv) });
  t.equal(response.statusCode, 422);
  t.match(response.json().errors, [{ row: 3, field: 'レベル', message: /^配下の部署（CT-(SHINAGAWA|ITABASHI)）のレベルより上/ }]);
  t.equal(response.json().errors.length, 1);
  t.same(await db.selectFrom('departments').selectAll().orderBy('id').execute(), before, 'nothing written');
});
