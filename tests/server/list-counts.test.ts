import { sql } from 'kysely';
import t, { type Test } from 'tap';
import type { Db } from '../../db/index.js';
import { csvUpload, demoApp, signedIn } from './helpers.js';
import { demoIds, SAMPLES } from './master-samples.js';

/** The counted masters (`counted: true`) and the columns their `<table>_counts` group live rows by. */
const COUNTED = {
  vehicle: { table: 'vehicles', keys: ['delivery_company_id', 'base_department_id'] },
  driver: { table: 'drivers', keys: ['delivery_company_id', 'base_department_id'] },
  delivery_destination: { table: 'delivery_destinations', keys: ['direction_id'] },
} as const;

const ROLES = ['super', 'hq', 'branch', 'center', 'carrier'] as const;

type Client = Awaited<ReturnType<typeof signedIn>>;

/** The counts as stored, and as a count of the table's live rows gives them (zeros dropped, keys as text). */
async function countsBesideRows(db: Db, table: string, keys: readonly string[]) {
  const key = sql.raw(keys.map((column) => `coalesce(${column}::text, '-')`).join(` || '/' || `));
  const stored = await sql<{ key: string; n: string }>`select ${key} as key, n::text from ${sql.table(`${table}_counts`)} where n <> 0 order by 1`.execute(db);
  const counted = await sql<{ key: string; n: string }>`select ${key} as key, count(*)::text as n from ${sql.table(table)}
    where deleted_at is null group by 1 order by 1`.execute(db);
  return { stored: stored.rows, counted: counted.rows };
}

/**
 * For each role and counted master: the total of a full one-row page (summed from the counts) against
 * the number of rows of a page long enough to hold them all (which needs no count). Returns how many
 * pairs went through the counts.
 */
async function checkTotals(t: Test, clients: Record<string, Client>) {
  let summed = 0;
  for (const role of ROLES) {
    for (const resource of Object.keys(COUNTED)) {
      const all = await clients[role]!({ method: 'GET', url: `/api/${resource}?_start=0&_end=500` });
      const one = await clients[role]!({ method: 'GET', url: `/api/${resource}?_start=0&_end=1` });
      if (all.statusCode === 403 && one.statusCode === 403) continue;
      t.equal(all.statusCode, 200);
      const rows = (all.json() as unknown[]).length;
      t.ok(rows < 500, `${role} ${resource}: every row on one page`);
      t.equal(Number(one.headers['x-total-count']), rows, `${role} ${resource}: ${rows} rows`);
      if (rows > 1) summed++;
    }
  }
  return summed;
}

async function checkCounts(t: Test, db: Db) {
  for (const { table, keys } of Object.values(COUNTED)) {
    const { stored, counted } = await countsBesideRows(db, table, keys);
    t.same(stored, counted, `${table}_counts holds the live rows of ${table}`);
  }
}

t.test('an unfiltered list totals from its counts, and the counts follow every write', async (t) => {
  const { app, db } = await demoApp(t);
  const clients = Object.fromEntries(await Promise.all(ROLES.map(async (role) => [role, await signedIn(app, role)] as const)));
  const hq = clients.hq!;
  const ids = await demoIds(db);

  await checkCounts(t, db);
  t.ok((await checkTotals(t, clients)) >= 10, 'most roles see several rows of each master (the counts are read)');

  // Screens: create, move to another center, soft-delete; create two and delete them at once.
  const created = await hq({ method: 'POST', url: '/api/vehicle', payload: SAMPLES.vehicle!(ids).create });
  t.equal(created.statusCode, 201);
  const vehicleId = created.json().id as number;
  const moved = await hq({ method: 'PATCH', url: `/api/vehicle/${vehicleId}`, payload: { version: created.json().version, base_department_id: ids.itabashi } });
  t.equal(moved.statusCode, 200);
  t.equal((await hq({ method: 'POST', url: '/api/driver', payload: { ...SAMPLES.driver!(ids).create, base_department_id: ids.shinagawa } })).statusCode, 201);
  await checkCounts(t, db);
  t.equal((await hq({ method: 'DELETE', url: `/api/vehicle/${vehicleId}` })).statusCode, 200);
  const store = SAMPLES.delivery_destination!(ids).create;
  const stores = await Promise.all(['T-ST1', 'T-ST2'].map((code) => hq({ method: 'POST', url: '/api/delivery_destination', payload: { ...store, delivery_code: code } })));
  t.same(stores.map((response) => response.statusCode), [201, 201]);
  const deleted = await hq({ method: 'POST', url: '/api/delivery_destination/delete', payload: { ids: stores.map((response) => response.json().id) } });
  t.equal(deleted.json().deleted, 2);

  // A CSV import: one statement updates a store (to another direction), another adds a store.
  const { csv } = SAMPLES.delivery_destination!(ids);
  const [existing] = (await hq({ method: 'GET', url: '/api/delivery_destination?_start=5&_end=6&_sort=id' })).json() as { delivery_code: string }[];
  const lines = [Object.keys(csv).join(','), Object.values(csv).join(','), Object.values({ ...csv, delivery_code: existing!.delivery_code, direction_code: 'DIR-002' }).join(',')];
  const imported = await hq({ method: 'POST', url: '/api/delivery_destination/import', ...csvUpload(lines.join('\n')) });
  t.equal(imported.statusCode, 200, imported.body);

  await checkCounts(t, db);
  await checkTotals(t, clients);

  // Statements of many rows, a restore and a hard delete, straight in SQL.
  await sql`update vehicles set delivery_company_id = ${ids.toto} where id % 3 = 0`.execute(db);
  await sql`update vehicles set deleted_at = null where id = ${vehicleId}`.execute(db);
  await sql`update delivery_destinations set direction_id = null where id % 4 = 0`.execute(db);
  await checkCounts(t, db);
  await sql`delete from vehicles where id = ${vehicleId}`.execute(db);
  await checkCounts(t, db);
  await checkTotals(t, clients);
});

t.test('a search or a filter counts its rows', async (t) => {
  const { app, db } = await demoApp(t);
  const hq = await signedIn(app, 'hq');
  const ids = await demoIds(db);
  // Counts that disagree with the rows would show in an unfiltered total, never in a filtered one.
  await sql`update vehicles_counts set n = n + 1000`.execute(db);
  const filtered = await hq({ method: 'GET', url: `/api/vehicle?_start=0&_end=1&delivery_company_id=${ids.toto}` });
  const all = await hq({ method: 'GET', url: `/api/vehicle?_start=0&_end=500&delivery_company_id=${ids.toto}` });
  t.ok((all.json() as unknown[]).length > 1);
  t.equal(Number(filtered.headers['x-total-count']), (all.json() as unknown[]).length);
  const unfiltered = await hq({ method: 'GET', url: '/api/vehicle?_start=0&_end=1' });
  t.ok(Number(unfiltered.headers['x-total-count']) > 1000, 'the unfiltered total is read from the counts');
});
