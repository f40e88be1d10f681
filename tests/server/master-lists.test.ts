import { type KyselyPlugin, sql } from 'kysely';
import t from 'tap';
import { findActor } from '../../server/auth/actor.js';
import { translator } from '../../server/i18n.js';
import { MASTERS } from '../../server/masters/index.js';
import { listRecords } from '../../server/masters/service.js';
import { vehicleMaster } from '../../server/masters/vehicle.js';
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

t.test('a list page is two queries (count and page) whatever its length', async (t) => {
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
  for (const end of [5, 30]) {
    queries = 0;
    const { rows } = await listRecords(ctx, vehicleMaster, { _start: 0, _end: end, _sort: 'delivery_company_name' });
    t.equal(rows.length, end);
    t.equal(queries, 2, `${end} rows`);
  }
});

t.test('every column a list filters or sorts by leads an index', async (t) => {
  const { rows } = await sql<{ table: string; column: string }>`
    select t.relname as table, a.attname as column
    from pg_index i join pg_class t on t.oid = i.indrelid join pg_attribute a on a.attrelid = t.oid and a.attnum = i.indkey[0]`.execute(db);
  const leading = new Set(rows.map((row) => `${row.table}.${row.column}`));
  for (const master of MASTERS) {
    const own = [...master.filters, ...master.sorts].filter((column) => !master.displayColumns?.[column]);
    for (const column of new Set(own)) t.ok(leading.has(`${master.table}.${column}`), `${master.table}.${column}`);
  }
});
