import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { InjectOptions } from 'light-my-request';
import { sql } from 'kysely';
import t from 'tap';
import { correctionProblem } from '../../common/shares.js';
import { demoApp, signedIn } from './helpers.js';

/** A local stand-in for the GSI address search, answering in its real format; it knows one address. */
const KNOWN = '東京都品川区東品川5-6-1';
const KNOWN_AT = { latitude: 35.614803, longitude: 139.749612 };
const gsi = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  response.setHeader('content-type', 'application/json');
  const known = url.searchParams.get('q') === KNOWN;
  response.end(
    JSON.stringify(known ? [{ geometry: { coordinates: [KNOWN_AT.longitude, KNOWN_AT.latitude], type: 'Point' }, type: 'Feature', properties: { addressCode: '', title: KNOWN } }] : []),
  );
});
await new Promise<void>((resolve) => gsi.listen(0, '127.0.0.1', resolve));
t.teardown(() => new Promise((resolve) => gsi.close(resolve)));
const GSI_URL = `http://127.0.0.1:${(gsi.address() as AddressInfo).port}/address-search/AddressSearch`;

// One app for the file; each test writes its own shares.
const { app, db } = await demoApp(t, { GSI_GEOCODER_URL: GSI_URL });
const [hq, center, branch, carrier] = await Promise.all(['hq', 'center', 'branch', 'carrier'].map((id) => signedIn(app, id)));
type Client = typeof hq;

/** A store of a center's directions (the center user's scope). */
async function storeOf(centerCode: string, n = 0) {
  const rows = await db
    .selectFrom('delivery_destinations as dd')
    .innerJoin('directions as dir', 'dir.id', 'dd.direction_id')
    .innerJoin('departments as dep', 'dep.id', 'dir.department_id')
    .select(['dd.id', 'dd.customer_address', 'dd.version'])
    .where('dep.code', '=', centerCode)
    .where('dd.deleted_at', 'is', null)
    .orderBy('dd.id')
    .execute();
  return rows[n]!;
}

/** A DC-TOTO driver with published trips, and a store on one of them. */
const onTrip = await db
  .selectFrom('allocation_stops as s')
  .innerJoin('vehicle_allocations as va', 'va.id', 's.vehicle_allocation_id')
  .innerJoin('drivers as dr', 'dr.id', 'va.driver_id')
  .innerJoin('delivery_companies as dc', 'dc.id', 'dr.delivery_company_id')
  .select(['dr.id as driver_id', 'dr.login_id', 's.delivery_destination_id'])
  .where('dc.code', '=', 'DC-TOTO')
  .where('va.confirmed_at', 'is not', null)
  .where('va.deleted_at', 'is', null)
  .orderBy('va.id')
  .executeTakeFirstOrThrow();
const osaka = await storeOf('CT-NANKO');

async function asDriver(loginId: string): Promise<Client> {
  const response = await app.inject({ method: 'POST', url: '/api/driver/auth/login', payload: { login_id: loginId, password: 'demo1234' } });
  const token = response.json().access_token as string;
  return (options: InjectOptions) => app.inject({ ...options, headers: { authorization: `Bearer ${token}`, ...options.headers } });
}

const share = async (as: Client, destinationId: number, extra: Record<string, unknown> = {}) => {
  const response = await as({ method: 'POST', url: '/api/destination_share', payload: { delivery_destination_id: destinationId, title: '駐車位置', category: 'parking', ...extra } });
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json();
};
const comment = (as: Client, id: number, body: string) => as({ method: 'POST', url: `/api/destination_share/${id}/comments`, payload: { body } });

t.test('a share is created, listed with filters and a total, read and edited with its version', async (t) => {
  const store = await storeOf('CT-SHINAGAWA');
  const created = await share(center, store.id, { title: '  裏口の搬入口  ', body: '夜間は裏口から', category: 'entrance' });
  t.match(created, { title: '裏口の搬入口', body: '夜間は裏口から', category: 'entrance', status: 'open', author_kind: 'user', author_name: '高橋 健', mine: true, version: 1, comment_count: 0 });
  t.equal(created.delivery_destination_id, store.id);
  t.equal(created.destination_address, store.customer_address);

  const list = await center({ method: 'GET', url: `/api/destination_share?delivery_destination_id=${store.id}&category=entrance&status=open&author=mine&_start=0&_end=50` });
  t.equal(list.statusCode, 200);
  t.same(list.json().map((row: { id: number }) => row.id), [created.id]);
  t.equal(list.headers['x-total-count'], '1');
  const byName = await hq({ method: 'GET', url: `/api/destination_share?author=${encodeURIComponent('高橋')}&q=${encodeURIComponent('裏口')}` });
  t.ok(byName.json().some((row: { id: number; mine: boolean }) => row.id === created.id && !row.mine), 'author by name, and not mine for another user');
  const otherCategory = await center({ method: 'GET', url: `/api/destination_share?delivery_destination_id=${store.id}&category=parking` });
  t.same(otherCategory.json(), []);

  const shown = await center({ method: 'GET', url: `/api/destination_share/${created.id}` });
  t.equal(shown.json().title, '裏口の搬入口');

  const edited = await center({ method: 'PATCH', url: `/api/destination_share/${created.id}`, payload: { version: 1, body: '夜間は裏口（北側）から' } });
  t.equal(edited.statusCode, 200);
  t.equal(edited.json().version, 2);
  const stale = await hq({ method: 'PATCH', url: `/api/destination_share/${created.id}`, payload: { version: 1, status: 'closed' } });
  t.equal(stale.statusCode, 409);
  t.equal(stale.json().message, '高橋 健さんがこの共有を更新しました。画面を再読み込みしてください。');

  const foreignWords = await branch({ method: 'PATCH', url: `/api/destination_share/${created.id}`, payload: { version: 2, title: '書き換え' } });
  t.equal(foreignWords.statusCode, 403, "another user may not change the author's words");
  const closed = await branch({ method: 'PATCH', url: `/api/destination_share/${created.id}`, payload: { version: 2, status: 'closed' } });
  t.equal(closed.statusCode, 200, 'department staff may close a share they see');
  t.equal(closed.json().status, 'closed');
  const applied = await center({ method: 'PATCH', url: `/api/destination_share/${created.id}`, payload: { version: 3, status: 'applied' } });
  t.equal(applied.statusCode, 400, 'applied is reached only by applying the correction');
  t.match(applied.json().errors, { status: String });
});

t.test('scope: a share is seen only by who sees its store (404 otherwise), carriers the stores of their trips', async (t) => {
  const far = await share(hq, osaka.id, { title: '大阪の店舗' });
  for (const request of [
    { method: 'GET', url: `/api/destination_share/${far.id}` },
    { method: 'GET', url: `/api/destination_share/${far.id}/comments` },
    { method: 'GET', url: `/api/destination_share/${far.id}/comments/1` },
    { method: 'POST', url: `/api/destination_share/${far.id}/comments`, payload: { body: 'x' } },
    { method: 'PATCH', url: `/api/destination_share/${far.id}`, payload: { version: 1, status: 'closed' } },
  ] as const) {
    t.equal((await center(request)).statusCode, 404, `${request.method} ${request.url}`);
  }
  const listed = await center({ method: 'GET', url: `/api/destination_share?_end=500` });
  t.notOk(listed.json().some((row: { id: number }) => row.id === far.id), 'not in the list either');
  const refused = await center({ method: 'POST', url: '/api/destination_share', payload: { delivery_destination_id: osaka.id, title: 'x', category: 'other' } });
  t.equal(refused.statusCode, 400);
  t.equal(refused.json().errors.delivery_destination_id, '配送先が見つかりません。');

  const onTotoTrip = await share(center, onTrip.delivery_destination_id, { title: '東都の便の店舗' });
  t.equal((await carrier({ method: 'GET', url: `/api/destination_share/${onTotoTrip.id}` })).statusCode, 200, 'a carrier sees stores on its trips');
  t.equal((await carrier({ method: 'GET', url: `/api/destination_share/${far.id}` })).statusCode, 404);
  const carriers = await share(carrier, onTrip.delivery_destination_id, { title: '東都の投稿' });
  t.match(carriers, { author_name: '田中 誠', mine: true });
  const notTheirs = await carrier({ method: 'PATCH', url: `/api/destination_share/${onTotoTrip.id}`, payload: { version: 1, status: 'closed' } });
  t.equal(notTheirs.statusCode, 403, "a carrier does not close another's share");
  const own = await carrier({ method: 'PATCH', url: `/api/destination_share/${carriers.id}`, payload: { version: 1, status: 'closed' } });
  t.equal(own.statusCode, 200, 'but closes its own');
  const carrierList = await carrier({ method: 'GET', url: '/api/destination_share?_end=500' });
  const carrierStores = await db
    .selectFrom('allocation_stops as s')
    .innerJoin('vehicle_allocations as va', 'va.id', 's.vehicle_allocation_id')
    .innerJoin('delivery_companies as dc', 'dc.id', 'va.delivery_company_id')
    .select('s.delivery_destination_id')
    .where('dc.code', '=', 'DC-TOTO')
    .execute();
  const allowed = new Set(carrierStores.map((row) => row.delivery_destination_id));
  t.ok(carrierList.json().every((row: { delivery_destination_id: number }) => allowed.has(row.delivery_destination_id)));
  const destinations = await carrier({ method: 'GET', url: '/api/destination_share/destinations?_end=500' });
  t.ok(destinations.json().length > 0 && destinations.json().every((row: { id: number }) => allowed.has(row.id)), 'the store select offers only those');
});

t.test('comments are numbered within the share, also when posted at once; only their author edits or deletes them', async (t) => {
  const store = await storeOf('CT-SHINAGAWA', 1);
  const { id } = await share(center, store.id);
  const first = await comment(center, id, '一件目');
  t.equal(first.statusCode, 201);
  t.match(first.json(), { share_id: id, idx: 1, body: '一件目', author_name: '高橋 健', mine: true });
  t.equal((await comment(hq, id, '二件目')).json().idx, 2);
  const together = await Promise.all(Array.from({ length: 6 }, (_, i) => comment(i % 2 ? hq : center, id, `同時${i}`)));
  t.same(together.map((r) => r.statusCode), [201, 201, 201, 201, 201, 201]);
  t.same(together.map((r) => r.json().idx).sort((a, b) => a - b), [3, 4, 5, 6, 7, 8], 'each a number of its own, none skipped');

  const othersEdit = await hq({ method: 'PATCH', url: `/api/destination_share/${id}/comments/1`, payload: { body: '書き換え' } });
  t.equal(othersEdit.statusCode, 403);
  t.equal(othersEdit.json().message, '自分が投稿したコメントのみ編集・削除できます。');
  t.equal((await hq({ method: 'DELETE', url: `/api/destination_share/${id}/comments/1` })).statusCode, 403);
  t.equal((await hq({ method: 'GET', url: `/api/destination_share/${id}/comments/1` })).json().body, '一件目', 'unchanged');

  const own = await center({ method: 'PATCH', url: `/api/destination_share/${id}/comments/1`, payload: { body: '一件目（訂正）', version: 1 } });
  t.equal(own.statusCode, 200);
  t.match(own.json(), { idx: 1, body: '一件目（訂正）', version: 2 });
  t.equal((await center({ method: 'PATCH', url: `/api/destination_share/${id}/comments/1`, payload: { body: 'x', version: 1 } })).statusCode, 409, 'stale');

  t.equal((await hq({ method: 'DELETE', url: `/api/destination_share/${id}/comments/2` })).statusCode, 200);
  t.equal((await hq({ method: 'GET', url: `/api/destination_share/${id}/comments/2` })).statusCode, 404);
  t.equal((await comment(center, id, '九件目')).json().idx, 9, "a deleted comment's number is not reused");
  const thread = await center({ method: 'GET', url: `/api/destination_share/${id}/comments` });
  t.same(thread.json().map((c: { idx: number }) => c.idx), [1, 3, 4, 5, 6, 7, 8, 9]);
  t.equal((await center({ method: 'GET', url: `/api/destination_share/${id}` })).json().comment_count, 8);
});

t.test('what users write is stored and answered verbatim, markup included', async (t) => {
  const store = await storeOf('CT-SHINAGAWA', 2);
  const markup = '<b>x</b><script>window.__xss=1</script>\n2行目 & "quotes"';
  const created = await share(center, store.id, { title: '<i>件名</i>', body: markup });
  t.equal(created.title, '<i>件名</i>');
  t.equal(created.body, markup);
  const posted = await comment(center, created.id, markup);
  t.equal(posted.json().body, markup);
  const row = await db.selectFrom('share_comments').select('body').where('share_id', '=', created.id).executeTakeFirstOrThrow();
  t.equal(row.body, markup, 'stored as written, not escaped');
  t.equal((await center({ method: 'GET', url: `/api/destination_share/${created.id}/comments/1` })).json().body, markup);
});

t.test("applying a correction: the specification's messages in their order, the store's version, then the master", async (t) => {
  // The rule both sides apply, all four in order.
  const none = { selected: false, address: '', addressFound: false, latitude: null, longitude: null };
  t.equal(correctionProblem(none), 'selectRow');
  t.equal(correctionProblem({ ...none, selected: true }), 'addressEmpty');
  t.equal(correctionProblem({ ...none, selected: true, address: '   ' }), 'addressEmpty');
  t.equal(correctionProblem({ ...none, selected: true, address: '不明' }), 'addressNotFound');
  t.equal(correctionProblem({ ...none, selected: true, address: KNOWN, addressFound: undefined }), 'getLatLngFirst');
  t.equal(correctionProblem({ ...none, selected: true, address: KNOWN, addressFound: true }), 'getLatLngFirst');
  t.equal(correctionProblem({ selected: true, address: KNOWN, addressFound: true, ...KNOWN_AT }), null);

  const store = await storeOf('CT-SHINAGAWA', 3);
  const created = await share(center, store.id, { corrected_address: KNOWN });
  const apply = (as: Client, payload: Record<string, unknown>) =>
    as({ method: 'POST', url: `/api/destination_share/${created.id}/apply`, payload: { delivery_destination_version: store.version, ...payload } });

  // The server's three, each one while every later one is also wrong.
  const empty = await apply(center, { corrected_address: ' ', latitude: null, longitude: null });
  t.equal(empty.statusCode, 400);
  t.equal(empty.json().message, '修正住所を記入してください。');
  t.equal(empty.json().errors.corrected_address, '修正住所を記入してください。');
  const unknown = await apply(center, { corrected_address: 'どこにもない町1-1', latitude: null, longitude: null });
  t.equal(unknown.statusCode, 422);
  t.equal(unknown.json().message, '住所が不明です。');
  const unknownWithCoordinates = await apply(center, { corrected_address: 'どこにもない町1-1', ...KNOWN_AT });
  t.equal(unknownWithCoordinates.json().message, '住所が不明です。', 'an unknown address is refused even with coordinates');
  const noCoordinates = await apply(center, { corrected_address: KNOWN });
  t.equal(noCoordinates.statusCode, 400);
  t.equal(noCoordinates.json().message, '緯度経度を取得してください。');
  const english = await center({
    method: 'POST',
    url: `/api/destination_share/${created.id}/apply`,
    headers: { 'accept-language': 'en' },
    payload: { delivery_destination_version: store.version, corrected_address: KNOWN, latitude: null, longitude: null },
  });
  t.equal(english.json().message, 'Please get the latitude and longitude first.');

  t.equal((await apply(carrier, { corrected_address: KNOWN, ...KNOWN_AT })).statusCode, 403, 'a carrier cannot write the master');
  t.equal((await apply(branch, { corrected_address: KNOWN, ...KNOWN_AT })).statusCode, 403, 'allocation staff read masters only');

  await db.updateTable('delivery_destinations').set({ comment: '別の更新', version: sql`version + 1`, updated_by: sql`(select id from users where login_id = 'hq')` }).where('id', '=', store.id).execute();
  const stale = await apply(center, { corrected_address: KNOWN, ...KNOWN_AT });
  t.equal(stale.statusCode, 409);
  t.equal(stale.json().message, '佐藤 花子さんがこの配送先を更新しました。画面を再読み込みしてから反映してください。');

  const done = await apply(center, { corrected_address: KNOWN, ...KNOWN_AT, delivery_destination_version: store.version + 1 });
  t.equal(done.statusCode, 200);
  t.match(done.json(), { status: 'applied', corrected_address: KNOWN, destination_address: KNOWN, destination_version: store.version + 2, ...KNOWN_AT });
  const master = await db.selectFrom('delivery_destinations').select(['customer_address', 'latitude', 'longitude']).where('id', '=', store.id).executeTakeFirstOrThrow();
  t.same(master, { customer_address: KNOWN, ...KNOWN_AT });
});

t.test('drivers post shares and comments with their location about the stores on their trips', async (t) => {
  const driver = await asDriver(onTrip.login_id);
  const created = await driver({
    method: 'POST',
    url: '/api/driver/shares',
    payload: { delivery_destination_id: onTrip.delivery_destination_id, title: '駐車場が工事中', category: 'parking', latitude: 35.61, longitude: 139.75 },
  });
  t.equal(created.statusCode, 201);
  t.match(created.json(), { author_kind: 'driver', mine: true, latitude: 35.61, longitude: 139.75 });
  const id = created.json().id as number;

  const posted = await driver({ method: 'POST', url: `/api/driver/shares/${id}/comments`, payload: { body: '北側の路上に停車', latitude: 35.6123, longitude: 139.7456 } });
  t.equal(posted.statusCode, 201);
  t.match(posted.json(), { idx: 1, author_kind: 'driver', latitude: 35.6123, longitude: 139.7456 });
  const half = await driver({ method: 'POST', url: `/api/driver/shares/${id}/comments`, payload: { body: 'x', latitude: 35.6 } });
  t.equal(half.statusCode, 400);
  t.equal(half.json().errors.longitude, '緯度と経度は両方指定してください。');

  const elsewhere = await driver({ method: 'POST', url: '/api/driver/shares', payload: { delivery_destination_id: osaka.id, title: 'x', category: 'other' } });
  t.equal(elsewhere.statusCode, 400, 'not a store of their trips');
  const far = await share(hq, osaka.id);
  t.equal((await driver({ method: 'POST', url: `/api/driver/shares/${far.id}/comments`, payload: { body: 'x' } })).statusCode, 404);
  t.ok((await driver({ method: 'GET', url: '/api/driver/shares' })).json().some((row: { id: number }) => row.id === id));
  t.equal((await center({ method: 'POST', url: '/api/driver/shares', payload: { delivery_destination_id: onTrip.delivery_destination_id, title: 'x', category: 'other' } })).statusCode, 401, 'a user token is not a driver token');

  // The planners see the driver's words, named, and cannot change them.
  const seen = await center({ method: 'GET', url: `/api/destination_share/${id}/comments` });
  t.match(seen.json(), [{ idx: 1, author_kind: 'driver', mine: false, body: '北側の路上に停車' }]);
  t.equal((await center({ method: 'PATCH', url: `/api/destination_share/${id}/comments/1`, payload: { body: 'x' } })).statusCode, 403);
  t.equal((await comment(center, id, '承知しました')).json().idx, 2);
});

t.test("a driver's note sent again with its report id (the answer lost with the signal) is posted once", async (t) => {
  const driver = await asDriver(onTrip.login_id);
  const reportId = randomUUID();
  const payload = { delivery_destination_id: onTrip.delivery_destination_id, title: '裏口は18時まで', category: 'entrance', report_id: reportId };
  const first = await driver({ method: 'POST', url: '/api/driver/shares', payload });
  t.equal(first.statusCode, 201, first.body);
  const again = await driver({ method: 'POST', url: '/api/driver/shares', payload });
  t.equal(again.statusCode, 200, 'the repeat is not an error');
  t.equal(again.json().id, first.json().id, 'answered with the note the first made');
  const titled = await db.selectFrom('destination_shares').select('id').where('title', '=', payload.title).execute();
  t.equal(titled.length, 1, 'one note on the server');

  const another = await driver({ method: 'POST', url: '/api/driver/shares', payload: { ...payload, report_id: randomUUID() } });
  t.equal(another.statusCode, 201, 'a new report id is a new note');
  t.not(another.json().id, first.json().id);

  // A refused note keeps no trace of its id: sent again once it can pass, it is posted.
  const refusedId = randomUUID();
  const blank = await driver({ method: 'POST', url: '/api/driver/shares', payload: { ...payload, title: ' ', report_id: refusedId } });
  t.equal(blank.statusCode, 400);
  t.equal((await driver({ method: 'POST', url: '/api/driver/shares', payload: { ...payload, title: '正門は8時から', report_id: refusedId } })).statusCode, 201);

  const malformed = await driver({ method: 'POST', url: '/api/driver/shares', payload: { ...payload, report_id: 'not-a-uuid' } });
  t.equal(malformed.statusCode, 400);
  t.ok(malformed.json().errors.report_id.includes('報告ID'), 'names the field');
});
