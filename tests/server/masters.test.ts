import iconv from 'iconv-lite';
import t from 'tap';
import { can } from '../../common/permissions.js';
import { MASTERS } from '../../server/masters/index.js';
import { translator } from '../../server/i18n.js';
import { toCsv } from '../../server/imports/csv.js';
import { csvUpload, demoApp, signedIn } from './helpers.js';
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
