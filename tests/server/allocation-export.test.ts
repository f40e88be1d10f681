import t from 'tap';
import { csvRecords } from './report-files.js';
import { findActor } from '../../server/auth/actor.js';
import { listTrips, tripExportPages } from '../../server/allocation/repository.js';
import { addDays } from '../../common/allocation.js';
import { allocationWorld, type Api, userId } from './allocation-fixtures.js';
import { demoDay, signedIn } from './helpers.js';

// The trip list’s CSV export.

// What the tests share, set once before they run (allocation-fixtures.ts).
let { app, db, center, branch } = {} as Awaited<ReturnType<typeof allocationWorld>>;
t.before(async () => {
  ({ app, db, center, branch } = await allocationWorld(t));
});

t.test('the trip list exports as CSV: every trip its conditions choose, in the caller’s scope and language, UTF-8 with BOM or Shift_JIS', async (t) => {
  const range = `date_from=${addDays(demoDay, -7)}&date_to=${demoDay}`;
  const total = async (api: Api, query: string) => Number((await api({ method: 'GET', url: `/api/vehicle_allocation?${query}&_end=1` })).headers['x-total-count']);
  const exported = async (api: Api, query: string, encoding: 'utf8' | 'sjis' = 'utf8', lang = 'ja') => {
    const response = await api({ method: 'GET', url: `/api/vehicle_allocation/export?${query}&encoding=${encoding}`, headers: { 'accept-language': lang } });
    t.equal(response.statusCode, 200, response.statusCode === 200 ? `export of ${query}` : response.body);
    t.match(response.headers['content-type'], encoding === 'sjis' ? /text\/csv; charset=shift_jis/ : /text\/csv; charset=utf-8/);
    return { response, records: csvRecords(response.rawPayload, encoding) };
  };

  const { response, records } = await exported(center, range);
  t.match(response.headers['content-disposition'], /attachment; filename="trips_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv"/);
  t.same([...response.rawPayload.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'UTF-8 with a BOM, as Excel reads it');
  const [header, ...rows] = records;
  t.same(header!.slice(0, 6), ['配車日', '便No', '便名', 'センター', '種別', 'ルート']);
  t.ok(rows.length > 0, `${rows.length} trips`);
  t.equal(rows.length, await total(center, range), 'every trip of the list, not a page of it');
  const column = (name: string) => header!.indexOf(name);
  t.ok(rows.every((row) => /^\d{4}\/\d{2}\/\d{2}$/.test(row[column('配車日')]!) && row[column('センター')] === '品川センター'), 'dates as the screens write them; the center’s own trips');
  t.ok(rows.some((row) => row[column('ステータス')] === '完了' && /^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/.test(row[column('完了（実績）')]!)), 'a completed trip with its actual times');
  t.ok(rows.every((row) => ['計画', '積込中', '配送中', '完了', '取消'].includes(row[column('ステータス')]!)), 'statuses by name');

  const completed = await exported(center, `${range}&status=3`, 'sjis');
  t.throws(() => new TextDecoder('utf-8', { fatal: true }).decode(completed.response.rawPayload), 'Shift_JIS, not UTF-8');
  t.equal(completed.records.length - 1, await total(center, `${range}&status=3`), 'the list’s conditions apply');
  t.ok(completed.records.slice(1).every((row) => row[column('ステータス')] === '完了'));

  const english = await exported(center, range, 'utf8', 'en');
  t.same(english.records[0]!.slice(0, 3), ['Date', 'Trip no.', 'Route name']);
  t.equal(english.records.length, records.length);

  // The branch above the center exports its whole subtree, as its list shows it.
  t.equal((await exported(branch, range)).records.length - 1, await total(branch, range));
  const carrier = await signedIn(app, 'carrier');
  // A carrier exports its own company's trips only (tests/server/allocation-carrier.test.ts), none of this center's others.
  const carried = await carrier({ method: 'GET', url: `/api/vehicle_allocation/export?${range}` });
  t.equal(carried.statusCode, 200);
  t.equal(csvRecords(carried.rawPayload, 'utf8').length - 1, await total(carrier, range), 'as its list shows it');
  const tooLong = await center({ method: 'GET', url: '/api/vehicle_allocation/export?date_from=2026-01-01&date_to=2026-02-01' });
  t.equal(tooLong.statusCode, 400);
  t.equal(tooLong.json().errors.date_to, '期間は31日以内で指定してください。', 'the list’s range, named');
});

t.test('an export reads its rows a page at a time after the last one’s (date, id): none twice, none left out', async (t) => {
  const actor = (await findActor(db, await userId(db, 'branch')))!;
  const filters = { date_from: addDays(demoDay, -14), date_to: addDays(demoDay, 14) };
  const ids: number[] = [];
  let pages = 0;
  for await (const page of tripExportPages(db, actor, filters, 7)) {
    pages += 1;
    ids.push(...page.map((trip) => trip.id));
  }
  const all = await listTrips(db, actor, { ...filters, _end: 1000 });
  t.ok(all.total > 14 && all.total < 1000, `${all.total} trips`);
  t.equal(pages, Math.ceil(all.total / 7));
  t.same([...ids].sort((a, b) => a - b), all.rows.map((trip) => trip.id).sort((a, b) => a - b), 'the same trips as the list');
  t.equal(new Set(ids).size, ids.length, 'none twice');
});
