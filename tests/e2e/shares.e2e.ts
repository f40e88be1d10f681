/**
 * Address sharing in a real browser over the real server: a comment thread round trip (post, edit,
 * one comment's own page, delete), markup and a script shown as text, and the apply-correction
 * messages in the specification's order on the list; in ja and en.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, expect, test } from 'vitest';
import { choose, signIn, useStack, visit } from './harness.js';

/** A local stand-in for the GSI address search, in its real format; it knows one address. */
const KNOWN = '東京都品川区東品川5-6-1';
const gsi = createServer((request, response) => {
  const q = new URL(request.url ?? '/', 'http://localhost').searchParams.get('q');
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify(q === KNOWN ? [{ geometry: { coordinates: [139.749612, 35.614803], type: 'Point' }, type: 'Feature', properties: { addressCode: '', title: KNOWN } }] : []));
});
await new Promise<void>((resolve) => gsi.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => gsi.close(() => resolve())));

const stackOf = useStack({ GSI_GEOCODER_URL: `http://127.0.0.1:${(gsi.address() as AddressInfo).port}/address-search/AddressSearch` });
const MARKUP = '<b>x</b><script>window.__xss=1</script>';
const DATE_TIME = /^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/;

/** A share by `center` on a 品川センター store, written straight to the database. */
async function shareOn(storeIndex: number, title: string, correctedAddress: string | null = null) {
  const { db } = stackOf();
  const store = await db
    .selectFrom('delivery_destinations as dd')
    .innerJoin('directions as dir', 'dir.id', 'dd.direction_id')
    .innerJoin('departments as dep', 'dep.id', 'dir.department_id')
    .select(['dd.id'])
    .where('dep.code', '=', 'CT-SHINAGAWA')
    .orderBy('dd.id')
    .offset(storeIndex)
    .limit(1)
    .executeTakeFirstOrThrow();
  const author = await db.selectFrom('users').select('id').where('login_id', '=', 'center').executeTakeFirstOrThrow();
  const row = await db
    .insertInto('destination_shares')
    .values({ delivery_destination_id: store.id, title, body: '一行目\n二行目', category: 'other', corrected_address: correctedAddress, author_user_id: author.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, storeId: store.id };
}

const comments = (page: Page) => page.getByTestId('share-comment');
const notice = (page: Page, text: string) => page.locator('.ant-notification-notice').filter({ hasText: text }).last();

test('a comment thread round trip: post, edit, its own page, delete', async () => {
  const { page, context } = await stackOf().newPage();
  const share = await shareOn(5, 'E2E スレッド');
  await signIn(page, 'center');
  await page.goto(`/delivery-destination-share/${share.id}/comments`);
  await expect.poll(() => page.getByTestId('share-body').innerText()).toBe('一行目\n二行目');

  await page.getByTestId('comment-input').fill('最初のコメント\n二行目もある');
  await page.getByTestId('comment-post').click();
  await expect.poll(() => comments(page).count()).toBe(1);
  const first = comments(page).first();
  expect(await first.getByTestId('comment-body').innerText()).toBe('最初のコメント\n二行目もある');
  expect(await first.getByTestId('comment-link').innerText()).toContain('#1');
  expect(await first.getByTestId('author').innerText()).toContain('高橋 健');
  expect((await first.getByTestId('comment-time').innerText()).trim()).toMatch(DATE_TIME);

  await page.getByTestId('comment-input').fill('二件目');
  await page.getByTestId('comment-input').press('Control+Enter');
  await expect.poll(() => comments(page).count()).toBe(2);

  await first.getByTestId('comment-edit').click();
  await first.getByTestId('comment-edit-input').fill('最初のコメント（訂正）');
  await first.getByTestId('comment-save').click();
  await expect.poll(() => first.getByTestId('comment-body').innerText()).toBe('最初のコメント（訂正）');

  await comments(page).nth(1).getByTestId('comment-link').click();
  await page.waitForURL(`**/delivery-destination-share/${share.id}/comment/2`);
  await expect.poll(() => page.getByTestId('comment-body').innerText()).toBe('二件目');
  await page.getByTestId('back-to-thread').click();
  await page.waitForURL((url) => url.pathname === `/delivery-destination-share/${share.id}/comments` && url.hash === '#c2');

  await comments(page).first().getByTestId('comment-delete').click();
  await page.getByTestId('comment-delete-confirm').click();
  await expect.poll(() => comments(page).count()).toBe(1);
  expect(await comments(page).first().getAttribute('data-idx')).toBe('2');
  const kept = await stackOf().db.selectFrom('share_comments').select(['idx', 'deleted_at']).where('share_id', '=', share.id).orderBy('idx').execute();
  expect(kept.map((c) => [c.idx, c.deleted_at !== null])).toEqual([
    [1, true],
    [2, false],
  ]);

  // Someone else's comment offers no edit or delete.
  const other = await stackOf().newPage();
  await signIn(other.page, 'hq');
  await other.page.goto(`/delivery-destination-share/${share.id}/comments`);
  await expect.poll(() => comments(other.page).count()).toBe(1);
  expect(await other.page.getByTestId('comment-edit').count()).toBe(0);

  await page.getByTestId('language-switch').getByText('English').click();
  await expect.poll(() => page.getByTestId('comment-post').innerText()).toBe('Post');
  await visit(page, `/delivery-destination-share/${share.id}/comment/2`);
  await expect.poll(() => page.getByTestId('back-to-thread').innerText()).toBe('Back to the thread');
  await other.context.close();
  await context.close();
});

test('markup and a script in a comment and a title are shown as text, never run', async () => {
  const { page, context } = await stackOf().newPage();
  const share = await shareOn(6, `件名${MARKUP}`);
  await signIn(page, 'center');
  await page.goto(`/delivery-destination-share/${share.id}/comments`);
  await page.getByTestId('comment-input').fill(MARKUP);
  await page.getByTestId('comment-post').click();
  await expect.poll(() => comments(page).count()).toBe(1);
  const body = comments(page).first().getByTestId('comment-body');
  expect(await body.innerText()).toBe(MARKUP);
  expect(await body.locator('b, script').count()).toBe(0);
  expect(await page.getByTestId('page-title').innerText()).toContain(`件名${MARKUP}`);
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();

  await visit(page, '/delivery-destination-share');
  const title = page.getByTestId('share-title').filter({ hasText: `件名${MARKUP}` });
  await title.waitFor();
  expect(await title.locator('b, script').count()).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();

  // The demo's thread with a driver's comment: tagged as a driver, with where they were.
  const demo = await stackOf().db.selectFrom('destination_shares').select('id').where('title', '=', '搬入口が北側に変更').executeTakeFirstOrThrow();
  await visit(page, `/delivery-destination-share/${demo.id}/comments`);
  await expect.poll(() => comments(page).count()).toBe(2);
  expect(await comments(page).nth(1).getByTestId('author').innerText()).toContain('ドライバー');
  expect(await comments(page).nth(1).innerText()).toMatch(/\d+\.\d{5}, \d+\.\d{5}/);
  await context.close();
});

test("applying a correction on the list: the specification's four messages in their order, then the master", async () => {
  const { page, context } = await stackOf().newPage();
  const share = await shareOn(7, 'E2E 住所修正', '東京都品川区 旧表記');
  await signIn(page, 'hq');
  await page.goto('/delivery-destination-share');
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  const row = rows.filter({ hasText: 'E2E 住所修正' });
  await row.waitFor();

  // A new share from the dialog, then the author filter: only mine.
  await page.getByTestId('share-create').click();
  await choose(page, '[data-testid=share-create-form] #delivery_destination_id', 'ST00010');
  await page.getByTestId('share-create-title').fill('E2E 新規共有');
  await page.getByTestId('share-create-body').fill('一行目\n二行目');
  await page.getByTestId('share-create-submit').click();
  await rows.filter({ hasText: 'E2E 新規共有' }).waitFor();
  await page.getByTestId('share-mine-filter').check();
  await expect.poll(() => rows.count()).toBe(2); // the demo's share by 佐藤 花子 and this one
  expect(await rows.getByTestId('author').allInnerTexts()).toEqual(['佐藤 花子', '佐藤 花子']);
  await page.getByTestId('share-mine-filter').uncheck();
  await row.waitFor();

  // 1. No row selected.
  await page.getByTestId('share-apply-correction').click();
  await notice(page, '一つ行を選択してください。').waitFor();

  await row.locator('.ant-radio-wrapper').click();
  await page.getByTestId('share-apply-correction').click();
  const drawer = page.getByTestId('correction-drawer');
  const error = () => page.getByTestId('correction-error').innerText();

  // 2. Address empty.
  await page.getByTestId('correction-address').fill('');
  await page.getByTestId('correction-apply').click();
  await expect.poll(error).toBe('修正住所を記入してください。');

  // 3. The geocoder does not know the address (asked by the button, and again on apply).
  await page.getByTestId('correction-address').fill('どこにもない町1-1');
  await page.getByTestId('correction-geocode').click();
  await expect.poll(error).toBe('住所が不明です。');
  await page.getByTestId('correction-apply').click();
  await expect.poll(error).toBe('住所が不明です。');

  // 4. A known address whose coordinates were not fetched.
  await page.getByTestId('correction-address').fill(KNOWN);
  await page.getByTestId('correction-apply').click();
  await expect.poll(error).toBe('緯度経度を取得してください。');

  await page.getByTestId('correction-geocode').click();
  await expect.poll(() => page.getByTestId('correction-latitude').innerText()).toBe('35.614803');
  await page.getByTestId('correction-apply').click();
  await notice(page, '配送先マスタに反映しました。').waitFor();
  await drawer.waitFor({ state: 'hidden' });
  const master = await stackOf().db.selectFrom('delivery_destinations').select(['customer_address', 'latitude']).where('id', '=', share.storeId).executeTakeFirstOrThrow();
  expect(master).toEqual({ customer_address: KNOWN, latitude: 35.614803 });
  await expect.poll(() => row.getByTestId('share-status').innerText()).toBe('反映済');

  await page.getByTestId('language-switch').getByText('English').click();
  await expect.poll(() => page.getByTestId('share-apply-correction').innerText()).toBe('Apply address correction');
  await page.getByTestId('share-create').click();
  await page.getByTestId('share-create-form').waitFor();
  await context.close();
});
