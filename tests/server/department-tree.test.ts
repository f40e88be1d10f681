import { sql } from 'kysely';
import t from 'tap';
import type { Db } from '../../db/index.js';
import { DEMO_PASSWORD } from '../../db/seed/demo.js';
import { csvUpload, demoApp, departmentId, signedIn } from './helpers.js';

/** Every (ancestor, descendant, depth) of the tree as `parent_id` says it is, computed the slow way. */
async function treePairs(db: Db) {
  const { rows } = await sql<{ ancestor_id: number; descendant_id: number; depth: number }>`
    with recursive chain(ancestor_id, descendant_id, depth) as (
      select id, id, 0 from departments
      union all
      select d.parent_id, c.descendant_id, c.depth + 1 from chain c join departments d on d.id = c.ancestor_id where d.parent_id is not null
    ) select ancestor_id, descendant_id, depth from chain order by 1, 2`.execute(db);
  return rows;
}

const closurePairs = (db: Db) =>
  db.selectFrom('department_closure').select(['ancestor_id', 'descendant_id', 'depth']).orderBy('ancestor_id').orderBy('descendant_id').execute();

const codes = (rows: { code: string }[]) => rows.map((row) => row.code);

t.test('moving a subtree moves every descendant into the new ancestors\' scope and out of the old', async (t) => {
  const { app, db } = await demoApp(t);
  t.same(await closurePairs(db), await treePairs(db), 'the migration filled the closure of the demo tree');
  const hq = await signedIn(app, 'hq');
  const kansai = await departmentId(db, 'DV-KANSAI');
  const created = await hq({
    method: 'POST',
    url: '/api/user',
    payload: { name: '関西管理者', login_id: 'kansai', password: DEMO_PASSWORD, type: 2, department_id: kansai },
  });
  t.equal(created.statusCode, 201);
  const asKansai = await signedIn(app, 'kansai');
  const seenByKansai = async (resource: string, sort: string) =>
    (await asKansai({ method: 'GET', url: `/api/${resource}?_end=100&_sort=${sort}` })).json();

  t.notOk(codes(await seenByKansai('department', 'code')).includes('CT-SHINAGAWA'), 'Shinagawa is under Kanto at first');

  const tokyo = await departmentId(db, 'BR-TOKYO');
  const moved = await hq({ method: 'PATCH', url: `/api/department/${tokyo}`, payload: { parent_id: kansai } });
  t.equal(moved.statusCode, 200);

  t.same(await closurePairs(db), await treePairs(db), 'the closure follows the move');
  const departments = codes(await seenByKansai('department', 'code'));
  t.same(departments, ['BR-OSAKA', 'BR-TOKYO', 'CT-ITABASHI', 'CT-NANKO', 'CT-SHINAGAWA', 'DV-KANSAI'], 'the branch and both its centers');
  const vehicles = await seenByKansai('vehicle', 'vehicle_number');
  t.ok(
    vehicles.some((v: { base_department_name: string }) => v.base_department_name === '品川センター'),
    'vehicles based at a moved center are in the new division\'s scope',
  );
  const branch = await signedIn(app, 'branch');
  const ownCenters = codes((await branch({ method: 'GET', url: '/api/department?_sort=code' })).json());
  t.same(ownCenters, ['BR-TOKYO', 'CT-ITABASHI', 'CT-SHINAGAWA'], 'the moved branch keeps its own subtree');

  const kanto = await departmentId(db, 'DV-KANTO');
  const kantoPairs = await db.selectFrom('department_closure').select('descendant_id').where('ancestor_id', '=', kanto).execute();
  t.notOk(kantoPairs.some((pair) => pair.descendant_id === tokyo), 'and leaves the old division');
});

t.test('CSV import, soft delete and restore keep the closure equal to the tree', async (t) => {
  const { app, db } = await demoApp(t);
  const hq = await signedIn(app, 'hq');
  // A new branch and its new centers in one file: the centers' parent exists only in this import.
  const file = [
    '部署コード,部署名,レベル,親部署コード',
    'BR-CHIBA,千葉支店,3,DV-KANTO',
    'CT-FUNABASHI,船橋センター,4,BR-CHIBA',
    'CT-KASHIWA,柏センター,4,BR-CHIBA',
  ].join('\r\n');
  const imported = await hq({ method: 'POST', url: '/api/department/import', ...csvUpload(file) });
  t.match(imported.json(), { ok: true, created: 3 });
  t.same(await closurePairs(db), await treePairs(db), 'after the import');
  const kanto = await departmentId(db, 'DV-KANTO');
  const kashiwa = await departmentId(db, 'CT-KASHIWA');
  const pair = await db.selectFrom('department_closure').select('depth').where('ancestor_id', '=', kanto).where('descendant_id', '=', kashiwa).executeTakeFirst();
  t.same(pair, { depth: 2 }, 'a new center is two levels below its division');

  t.equal((await hq({ method: 'DELETE', url: `/api/department/${kashiwa}` })).statusCode, 200);
  const restored = await hq({
    method: 'POST',
    url: '/api/department/import',
    ...csvUpload(['部署コード,部署名,レベル,親部署コード', 'CT-KASHIWA,柏センター,4,BR-TOKYO'].join('\r\n')),
  });
  t.match(restored.json(), { ok: true });
  t.same(await closurePairs(db), await treePairs(db), 'after a restore under another branch');
  const branch = await signedIn(app, 'branch');
  const seen = codes((await branch({ method: 'GET', url: '/api/department?_sort=code' })).json());
  t.ok(seen.includes('CT-KASHIWA'), 'the restored center is in its new branch\'s scope');
});

// Department levels: a parent's level stays below its children's.
// (A test of its own, its application made inside it: at the top level, the file's other tests could all end while this one's database was made, and tap refuses subtests after its root has ended.)
t.test("Department levels: a parent's level stays below its children's", async (t) => {
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
});
