import { type KyselyPlugin, sql } from 'kysely';
import t from 'tap';
import { findActor } from '../../server/auth/actor.js';
import { translator } from '../../server/i18n.js';
import { MASTERS } from '../../server/masters/index.js';
import { listRecords } from '../../server/masters/service.js';
import { vehicleMaster } from '../../server/masters/vehicle.js';
import type { Db } from '../../db/index.js';
import { demoApp, signedIn } from './helpers.js';

// One application for the file: every test only reads.
const { app, db } = await demoApp(t);

type Named = { delivery_company_name: string };

/** The distinct values of a column, in the order they first appear. */
const runs = (rows: Named[]) => [...new Set(rows.map((row) => row.delivery_company_name))];

t.test('vehicles sort by the delivery company name shown, not by its id', async (t) => {
  const hq = await signedIn(app, 'hq');
  const companies = (await hq({ method: 'GET', url: '/api/delivery_company?_sort=name&_end=50' })).json() as { id: number; name: string }[];
  const byName = companies.map((company) => company.name);
  t.not(
    companies.map((company) => company.id).join(),
    [...companies].sort((a, b) => a.id - b.id).map((company) => company.id).join(),
    'the demo companies\' names are not in the order of their ids (or this test would prove nothing)',
  );

  const ascending = await hq({ method: 'GET', url: '/api/vehicle?_start=0&_end=50&_sort=delivery_company_name' });
  t.equal(ascending.statusCode, 200);
  t.same(runs(ascending.json()), byName.filter((name) => runs(ascending.json()).includes(name)));
  t.ok(runs(ascending.json()).length > 1, 'several companies on the page');
  const descending = await hq({ method: 'GET', url: '/api/vehicle?_start=0&_end=50&_sort=delivery_company_name&_order=desc' });
  t.same(runs(descending.json()), [...runs(ascending.json())].reverse());

  const page = ascending.json();
  const second = await hq({ method: 'GET', url: '/api/vehicle?_start=1&_end=3&_sort=delivery_company_name' });
  t.same(second.json().map((v: { id: number }) => v.id), page.slice(1, 3).map((v: { id: number }) => v.id), 'pages are stable: ties go by id');
  t.match(page[0], { vehicle_type_name: String, base_department_name: String }, 'every display column still comes with the row');
});

t.test('drivers filter by their regular vehicle (担当車両): the trip form fills the driver in from the vehicle', async (t) => {
  const center = await signedIn(app, 'center');
  const regulars = await db.selectFrom('drivers').select(['id', 'default_vehicle_id']).where('default_vehicle_id', 'is not', null).where('deleted_at', 'is', null).execute();
  const { default_vehicle_id: vehicleId } = regulars[0]!;
  const response = await center({ method: 'GET', url: `/api/driver?default_vehicle_id=${vehicleId}&_start=0&_end=50` });
  t.equal(response.statusCode, 200, response.body);
  t.same(
    response.json().map((d: { id: number }) => d.id),
    regulars.filter((d) => d.default_vehicle_id === vehicleId).map((d) => d.id),
    'only the drivers of that vehicle',
  );
});

t.test('a list page is one query, its total included, whatever its length; an empty page past the end counts on its own', async (t) => {
  let queries = 0;
  const counting: KyselyPlugin = {
    transformQuery: (args) => {
      queries++;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  const hqUser = await db.selectFrom('users').select('id').where('login_id', '=', 'hq').executeTakeFirstOrThrow();
  const ctx = { db: db.withPlugin(counting), actor: (await findActor(db, hqUser.id))!, t: translator('ja') };
  // What hq sees: the vehicles based in the company's tree.
  const { n } = await db
    .selectFrom('vehicles')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('deleted_at', 'is', null)
    .where('base_department_id', 'is not', null)
    .executeTakeFirstOrThrow();
  const vehicles = Number(n);
  t.ok(vehicles > 30, 'hq sees more vehicles than one page');
  for (const end of [5, 30]) {
    queries = 0;
    const { rows, total } = await listRecords(ctx, vehicleMaster, { _start: 0, _end: end, _sort: 'delivery_company_name' });
    t.equal(rows.length, end);
    t.equal(total, vehicles);
    t.equal(queries, 1, `${end} rows`);
  }
  for (const [start, end, expected] of [[0, 0, 2], [vehicles - 3, vehicles + 7, 1], [0, vehicles + 10, 1], [vehicles, vehicles + 10, 2], [vehicles + 5, vehicles + 10, 2]]) {
    queries = 0;
    const { rows, total } = await listRecords(ctx, vehicleMaster, { _start: start, _end: end, _sort: 'delivery_company_name' });
    t.equal(total, vehicles, `rows ${start}-${end}: the exact total`);
    t.equal(rows.length, Math.max(0, Math.min(end, vehicles) - start));
    t.equal(queries, expected, `rows ${start}-${end}: ${expected === 1 ? 'the page shows the total' : 'an empty page counts'}`);
  }
});

t.test('every column a list filters or sorts by leads an index', async (t) => {
  const { rows } = await sql<{ table: string; column: string }>`
    select t.relname as table, a.attname as column
    from pg_index i join pg_class t on t.oid = i.indrelid join pg_attribute a on a.attrelid = t.oid and a.attnum = i.indkey[0]`.execute(db);
  const leading = new Set(rows.map((row) => `${row.table}.${row.column}`));
  for (const master of MASTERS) {
    // A copied display column is the table's own column (kept by triggers), sorted through its index.
    const own = [...master.filters, ...master.sorts].filter((column) => !master.displayColumns?.[column] || master.displayColumns[column]!.copied);
    for (const column of new Set(own)) t.ok(leading.has(`${master.table}.${column}`), `${master.table}.${column}`);
  }
});

/** Every copied display column of every master that differs from the value it copies (live rows). */
async function staleCopies(db: Db) {
  const stale: string[] = [];
  for (const master of MASTERS) {
    for (const [name, display] of Object.entries(master.displayColumns ?? {})) {
      if (!display.copied) continue;
      const { rows } = await sql<{ id: number }>`select t.id from ${sql.table(master.table)} as t
        left join ${sql.table(display.table)} as p on p.id = t.${sql.ref(display.foreignKey)}
        where t.deleted_at is null and t.${sql.ref(name)} is distinct from p.${sql.ref(display.column)}`.execute(db);
      stale.push(...rows.map((row) => `${master.table}.${name} #${row.id}`));
    }
  }
  return stale;
}

t.test('large masters keep the names they show and sort by on their rows, in step with the named rows', async (t) => {
  const { app, db } = await demoApp(t);
  const copied = MASTERS.flatMap((m) => Object.values(m.displayColumns ?? {}).filter((d) => d.copied).map((d) => `${m.table}.${d.foreignKey}`));
  t.ok(copied.length >= 10, 'vehicles, drivers, users and delivery destinations copy their shown names');
  t.same(await staleCopies(db), [], 'the demo data (written before and after the copies existed)');
  const count = async (table: 'vehicles' | 'drivers' | 'users' | 'delivery_destinations', column: string) =>
    Number((await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where ${sql.ref(column)} is not null and deleted_at is null`.execute(db)).rows[0]!.n);
  t.ok((await count('vehicles', 'delivery_company_name')) > 0 && (await count('delivery_destinations', 'direction_name')) > 0, 'copies are filled');

  const api = await signedIn(app, 'super');
  const renameAll = async (resource: string, column: string, prefix: string) => {
    const rows = (await api({ method: 'GET', url: `/api/${resource}?_end=500` })).json() as Record<string, unknown>[];
    for (const row of rows) {
      const renamed = await api({ method: 'PATCH', url: `/api/${resource}/${row.id}`, payload: { [column]: `${prefix}${String(row[column]).slice(0, 20)}`, version: row.version } });
      t.equal(renamed.statusCode, 200, `${resource} #${row.id} renamed`);
    }
    return rows.length;
  };
  // Every named row renamed through the API: each rename reaches the rows showing it.
  t.ok(await renameAll('delivery_company', 'name', '新'));
  t.ok(await renameAll('department', 'name', '新'));
  t.ok(await renameAll('vehicle_type', 'name', '新'));
  t.ok(await renameAll('direction', 'name', '新'));
  t.ok(await renameAll('customer', 'name', '新'));
  t.ok(await renameAll('vehicle', 'vehicle_number', '新 '));
  t.same(await staleCopies(db), [], 'after renaming every company, department, vehicle type, direction, customer and vehicle');

  // A row moved to another named row, and a soft-deleted row restored after its company was renamed.
  const vehicles = (await api({ method: 'GET', url: '/api/vehicle?_end=500&_sort=id' })).json() as { id: number; version: number; delivery_company_id: number }[];
  const companies = (await api({ method: 'GET', url: '/api/delivery_company?_end=500&_sort=id' })).json() as { id: number; name: string; version: number }[];
  const [moved, restored] = vehicles;
  const other = companies.find((c) => c.id !== moved!.delivery_company_id)!;
  const patched = await api({ method: 'PATCH', url: `/api/vehicle/${moved!.id}`, payload: { delivery_company_id: other.id, version: moved!.version } });
  t.equal(patched.json().delivery_company_name, other.name, 'a vehicle moved to another company shows that one');
  await db.updateTable('vehicles').set({ deleted_at: new Date() }).where('id', '=', restored!.id).execute();
  const owner = (await api({ method: 'GET', url: `/api/delivery_company/${restored!.delivery_company_id}` })).json();
  await api({ method: 'PATCH', url: `/api/delivery_company/${owner.id}`, payload: { name: '再開運輸', version: owner.version } });
  await db.updateTable('vehicles').set({ deleted_at: null }).where('id', '=', restored!.id).execute();
  t.equal((await api({ method: 'GET', url: `/api/vehicle/${restored!.id}` })).json().delivery_company_name, '再開運輸', 'restored after a rename');
  t.same(await staleCopies(db), []);

  // A rename moves the company's vehicles in the list sorted by its name: the last company comes first.
  const sorted = (await api({ method: 'GET', url: '/api/vehicle?_start=0&_end=500&_sort=delivery_company_name' })).json() as (Named & { delivery_company_id: number })[];
  const last = sorted.at(-1)!.delivery_company_id;
  t.not(sorted[0]!.delivery_company_id, last, 'the first and last companies differ');
  const current = (await api({ method: 'GET', url: `/api/delivery_company/${last}` })).json();
  await api({ method: 'PATCH', url: `/api/delivery_company/${last}`, payload: { name: '0 先頭運輸', version: current.version } });
  const first = (await api({ method: 'GET', url: '/api/vehicle?_start=0&_end=1&_sort=delivery_company_name' })).json();
  t.match(first[0], { delivery_company_id: last, delivery_company_name: '0 先頭運輸' }, 'the renamed company sorts first');
});

t.test('every list sorted by a copied name is in the order of the name it copies, both ways, ties by id', async (t) => {
  const { app, db } = await demoApp(t);
  const api = await signedIn(app, 'super');
  for (const master of MASTERS) {
    for (const [name, display] of Object.entries(master.displayColumns ?? {})) {
      if (!display.copied || !master.sorts.includes(name)) continue;
      for (const order of ['asc', 'desc'] as const) {
        const listed = (await api({ method: 'GET', url: `/api/${master.resource}?_end=500&_sort=${name}&_order=${order}` })).json() as { id: number }[];
        const { rows } = await sql<{ id: number }>`select t.id from ${sql.table(master.table)} as t
          left join ${sql.table(display.table)} as p on p.id = t.${sql.ref(display.foreignKey)}
          where t.deleted_at is null
          order by p.${sql.ref(display.column)} ${sql.raw(order)}, t.id ${sql.raw(order)}`.execute(db);
        t.ok(rows.length > 1, `${master.resource} has rows to sort`);
        t.same(listed.map((row) => row.id), rows.map((row) => row.id), `${master.resource} by ${name} ${order}`);
      }
    }
  }
});
