/**
 * What planners see on the master screens, in a real Chromium: paged lists with their total,
 * filters named after a reload, read-only detail views, the not-found page for records outside
 * the caller's scope, refused out-of-range numbers, toasts and confirmations in plain words.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { csvFileInput, hoverUntilShown, searchBox, signIn, useStack, visit } from './harness.js';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');
const stackOf = useStack();

/** The total the API reports for a list (`X-Total-Count`), asked with the page's own token. */
function apiTotal(page: Page, resource: string): Promise<number> {
  return page.evaluate(async (name) => {
    const token = localStorage.getItem('access_token');
    const answer = await fetch(`/api/${name}?_start=0&_end=1`, { headers: { Authorization: `Bearer ${token}` } });
    return Number(answer.headers.get('x-total-count'));
  }, resource);
}

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
const notices = (page: Page) => page.locator('.ant-notification-notice');

/**
 * One session of `hq` (an admin at headquarters) for the tests that act as hq, at `path`: the
 * application loads once, then each test reaches its page as a link in it does.
 */
let hqPage: Page | undefined;
async function hqAt(path: string): Promise<Page> {
  if (hqPage) {
    // The test before may have left a toast showing: closed, as the person who read it would.
    // (One that closes by itself meanwhile needs no click.)
    for (const close of await hqPage.locator('.ant-notification-notice-close').all()) await close.click({ timeout: 2_000 }).catch(() => undefined);
    await visit(hqPage, path);
    return hqPage;
  }
  const { page } = await stackOf().newPage();
  await signIn(page, 'hq');
  await page.goto(path);
  hqPage = page;
  return page;
}
afterAll(async () => {
  await hqPage?.context().close();
});

/**
 * The fields whose placeholder is cut: a select's (a field's name) and an empty box's (what it takes or
 * searches), the latter measured in the box's own font against the room inside its padding.
 */
async function cutPlaceholders(page: Page): Promise<string[]> {
  return page.locator('main').evaluate((main) => {
    const context = document.createElement('canvas').getContext('2d')!;
    const boxes = [...main.querySelectorAll<HTMLInputElement>('input[placeholder]')].filter((input) => input.value === '' && input.clientWidth > 0);
    const cutBoxes = boxes.filter((input) => {
      const style = getComputedStyle(input);
      context.font = style.font;
      return context.measureText(input.placeholder).width > input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) + 0.5;
    });
    const selects = [...main.querySelectorAll('.ant-select-selection-placeholder')].filter((one) => one.scrollWidth > one.clientWidth);
    return [...cutBoxes.map((input) => input.placeholder), ...selects.map((one) => one.textContent ?? '')];
  });
}

/** How many lines a list's filters take. */
const filterLines = (page: Page) =>
  page.locator('.list-filters > .ant-form-item').evaluateAll((items) => new Set(items.map((item) => Math.round(item.getBoundingClientRect().top))).size);

async function englishPage() {
  const { page, context } = await stackOf().newPage('en-US');
  await context.addInitScript(() => localStorage.setItem('locale', 'en'));
  return { page, context };
}

describe('master screens, as planners see them', () => {
  test('hq: a list answers the keyboard: ↓/↑ move a row cursor, x ticks it, →/← turn the page, Enter opens the row, / finds the search box', async () => {
    const page = await hqAt('/delivery-destination');
    await expect.poll(() => rows(page).count()).toBe(50);
    const total = await apiTotal(page, 'delivery_destination');
    const cursorKey = () => page.locator('tr.list-row--cursor').getAttribute('data-row-key', { timeout: 5_000 });
    const rowKey = (index: number) => rows(page).nth(index).getAttribute('data-row-key');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    for (const key of ['ArrowDown', 'ArrowDown', 'j', 'ArrowUp']) await page.keyboard.press(key);
    await expect.poll(cursorKey).toBe(await rowKey(1));
    // x ticks the row's box for the bulk delete, Space unticks it.
    const ticked = () => page.locator('tr.list-row--cursor .ant-table-selection-column input').isChecked();
    await page.keyboard.press('x');
    await expect.poll(ticked).toBe(true);
    await page.keyboard.press(' ');
    await expect.poll(ticked).toBe(false);

    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByTestId('list-total').textContent()).toBe(`51-100 / ${total}件`);
    expect(await page.locator('tr.list-row--cursor').count()).toBe(0);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => page.getByTestId('list-total').textContent()).toBe(`1-50 / ${total}件`);

    await page.keyboard.press('k');
    const first = await rowKey(0);
    await expect.poll(cursorKey).toBe(first);
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/delivery-destination/detail/${first}$`));

    await visit(page, '/delivery-destination');
    await expect.poll(() => rows(page).count()).toBe(50);
    await page.keyboard.press('/');
    const search = page.locator('.list-toolbar .ant-input-search input');
    await expect.poll(() => search.evaluate((input) => input === document.activeElement)).toBe(true);
    // Typed into the box, j is a letter, not a move.
    await page.keyboard.press('j');
    expect(await search.inputValue()).toBe('j');
    expect(await page.locator('tr.list-row--cursor').count()).toBe(0);
    await search.fill('');
  });

  test('hq: a list shows 50 compact rows, its total, right-aligned numbers; a filter keeps its name after a reload', async () => {
    const page = await hqAt('/delivery-destination');
    await expect.poll(() => rows(page).count()).toBe(50);
    const total = await apiTotal(page, 'delivery_destination');
    expect(total).toBeGreaterThan(50);
    expect(await page.getByTestId('list-total').textContent()).toBe(`1-50 / ${total}件`);
    expect(await page.locator('.ant-table.ant-table-small').count()).toBe(1);
    expect(await page.locator('.ant-pagination-options-size-changer').count()).toBe(1);
    // 配送順 (order) is a number: right-aligned so digits line up.
    const orderHeader = page.locator('.ant-table-thead th').filter({ hasText: /^配送順$/ });
    expect(await orderHeader.evaluate((th) => getComputedStyle(th).textAlign)).toBe('right');
    expect(await page.getByRole('button', { name: '検索' }).textContent()).toBe('検索');
    // The search box says all it searches: 「コード・会社名・店舗名・住所・電話番号で検索」.
    expect(await cutPlaceholders(page)).toEqual([]);
    expect(await filterLines(page)).toBe(1);
    expect(await page.locator('.ant-table-sticky-holder').count()).toBe(1);
    // Headers with words in them stay on one line (the selection column's box has none).
    const wrapping = await page.locator('.ant-table-thead th').evaluateAll((cells) => cells.filter((th) => th.textContent && getComputedStyle(th).whiteSpace !== 'nowrap').length);
    expect(wrapping).toBe(0);
    expect(await page.locator('td').filter({ hasText: /^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/ }).count()).toBe(50);
    // An address cut to its column reads whole in a tooltip.
    const address = rows(page).first().locator('td').nth(4);
    const full = (await address.textContent()) ?? '';
    const tooltip = await hoverUntilShown(address.locator('span').first(), page.locator('.ant-tooltip:visible'));
    await expect.poll(() => tooltip.textContent()).toBe(full);

    const type = await stackOf().db.selectFrom('vehicle_types').select(['id', 'code', 'name']).orderBy('id').executeTakeFirstOrThrow();
    await page.goto(`/vehicles?filters[0][field]=vehicle_type_id&filters[0][operator]=eq&filters[0][value]=${type.id}`);
    const filter = page.getByTestId('vehicle-vehicle_type_id-filter');
    await expect.poll(() => filter.locator('.ant-select-selection-item').textContent()).toBe(`${type.code} ${type.name}`);
  });

  test('hq, in English: the total reads "1-N of N"; a filter shows its whole name', async () => {
    const { page, context } = await englishPage();
    await signIn(page, 'hq');
    await page.goto('/vehicle-type');
    await expect.poll(() => rows(page).count()).toBeGreaterThan(0);
    const total = await apiTotal(page, 'vehicle_type');
    expect(await page.getByTestId('list-total').textContent()).toBe(`1-${total} of ${total}`);
    expect(await page.getByRole('button', { name: 'Search' }).count()).toBe(1);
    // A filter's placeholder (the field's name, longer in English) is shown whole: 「Contracting department」,
    // 「Employment type」, and the search box's list of what it searches, on one line of filters.
    for (const list of ['/delivery-company', '/drivers', '/delivery-destination', '/users']) {
      await visit(page, list);
      await page.locator('.list-filters .ant-select-selection-placeholder').first().waitFor();
      expect(await cutPlaceholders(page), list).toEqual([]);
      expect(await filterLines(page), list).toBe(1);
    }
    await context.close();
  });

  test('center, in Japanese and English: the delivery list, the drivers\' days and the places say in full what their boxes search, and stop at a phone\'s edge', async () => {
    for (const english of [false, true]) {
      const { page, context } = english ? await englishPage() : await stackOf().newPage();
      await signIn(page, 'center');
      for (const [list, ready] of [
        ['/delivery', 'delivery-search'],
        ['/driver-time-in-out', 'driver-search'],
        ['/attendance-departure-of-the-driver', 'driver-search'],
        ['/places', 'places-query'],
      ] as const) {
        await (list === '/delivery' ? page.goto(list) : visit(page, list));
        await page.getByTestId(ready).first().waitFor();
        expect(await cutPlaceholders(page), `${list}${english ? ' (en)' : ''}`).toEqual([]);
      }
      // On a phone the same boxes stop at the screen's edge (their placeholders cut there, as they must be).
      await page.setViewportSize({ width: 390, height: 844 });
      for (const list of ['/delivery', '/driver-time-in-out', '/places']) {
        await visit(page, list);
        await page.locator('main input[placeholder]').first().waitFor();
        // The box as drawn (its border and button), and the form line it sits in, not only the text inside.
        const beyond = await page.locator('main input[placeholder]').evaluateAll((inputs) =>
          inputs
            .filter((input) =>
              [input.closest('.ant-form-item'), input.closest('.ant-input-group-wrapper'), input.closest('.ant-input-affix-wrapper'), input].some(
                (part) => part !== null && part.getBoundingClientRect().right > window.innerWidth,
              ),
            )
            .map((input) => input.getAttribute('placeholder')),
        );
        expect(beyond, `${list} on a phone`).toEqual([]);
      }
      await context.close();
    }
  });

  test("branch (allocation staff): opens a destination's detail from the list and reads its phone, 指定時刻 and 備考", async () => {
    const { page, context } = await stackOf().newPage();
    await signIn(page, 'branch');
    await page.goto('/delivery-destination');
    await expect.poll(() => rows(page).count()).toBeGreaterThan(0);
    // Read-only: no edit or delete on the list.
    expect(await page.locator('.ant-table-tbody .ant-btn .anticon-edit').count()).toBe(0);
    expect(await page.getByTestId('row-delete').count()).toBe(0);
    await rows(page).first().getByTestId('row-show').click();
    await page.waitForURL(/\/delivery-destination\/detail\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    await stackOf().db
      .updateTable('delivery_destinations')
      .set({ phone: '03-1234-5678', specified_time: '09:30', comment: '裏口から搬入' })
      .where('id', '=', id)
      .execute();
    await page.reload();
    await expect.poll(() => page.getByTestId('detail-phone').textContent()).toBe('03-1234-5678');
    expect(await page.getByTestId('detail-specified_time').textContent()).toBe('09:30');
    expect(await page.getByTestId('detail-comment').textContent()).toBe('裏口から搬入');
    expect(await page.locator('.ant-page-header .anticon-edit').count()).toBe(0);
    await context.close();
  });

  test("carrier: another company's vehicle, by its edit or detail URL, is the not-found page", async () => {
    const other = await stackOf().db
      .selectFrom('vehicles')
      .innerJoin('delivery_companies', 'delivery_companies.id', 'vehicles.delivery_company_id')
      .select('vehicles.id')
      .where('delivery_companies.name', '<>', '東都運輸株式会社')
      .executeTakeFirstOrThrow();
    const { page, context } = await stackOf().newPage();
    await signIn(page, 'carrier');
    for (const url of [`/vehicles/edit/${other.id}`, `/vehicles/detail/${other.id}`]) {
      await page.goto(url);
      await expect.poll(() => page.getByTestId('error-status').textContent()).toBe('404');
      expect(await page.getByTestId('vehicle-form').count()).toBe(0);
      expect(await page.getByRole('button', { name: '保存' }).count()).toBe(0);
      // The page says it; no error toast says it again (the toast and the page come from one answer).
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect(await notices(page).count()).toBe(0);
    }
    await context.close();
  });

  test('hq: a temporary registration that does not exist is the not-found page, with no edit or approve button', async () => {
    const { page, context } = await stackOf().newPage();
    await signIn(page, 'hq');
    for (const url of ['/vehicles/temp/999999', '/delivery-destination/temp/999999', '/direction-master/temp/999999']) {
      await page.goto(url);
      await expect.poll(() => page.getByTestId('error-status').textContent(), { message: url }).toBe('404');
      expect(await page.getByTestId('approve-button').count(), url).toBe(0);
      expect(await page.locator('.anticon-edit').count(), url).toBe(0);
    }
    await context.close();
  });

  test('hq: a detail view offers its edit button to who may edit', async () => {
    const type = await stackOf().db.selectFrom('vehicle_types').select(['id', 'name']).orderBy('id').executeTakeFirstOrThrow();
    const page = await hqAt(`/vehicle-type/detail/${type.id}`);
    await expect.poll(() => page.getByTestId('detail-name').textContent()).toBe(type.name);
    expect(await page.locator('.ant-page-header .anticon-edit').count()).toBe(1);
  });

  test('hq: an out-of-range number is refused with its message, not clamped; a required select says 選択', async () => {
    const page = await hqAt('/vehicle-type/add');
    const form = '[data-testid=vehicle_type-form]';
    await page.locator(`${form} #code`).fill('VT-HUGE');
    await page.locator(`${form} #name`).fill('超大型');
    await page.locator(`${form} #max_loading_capacity`).fill('120000');
    await page.getByRole('button', { name: '保存' }).click();
    await page.locator('.ant-form-item-explain-error').filter({ hasText: '0から100000の範囲で入力してください' }).waitFor();
    expect(await page.locator(`${form} #max_loading_capacity`).inputValue()).toBe('120000');
    const stored = await stackOf().db.selectFrom('vehicle_types').select('id').where('code', '=', 'VT-HUGE').execute();
    expect(stored).toHaveLength(0);

    await visit(page, '/vehicles/add');
    await page.getByRole('button', { name: '保存' }).click();
    await page.locator('.ant-form-item-explain-error').filter({ hasText: /^車種を選択してください。$/ }).waitFor();
  });

  test("hq: a refused save's toast shows the server's message without the status code", async () => {
    const taken = await stackOf().db.selectFrom('vehicle_types').select('code').orderBy('id').executeTakeFirstOrThrow();
    const page = await hqAt('/vehicle-type/add');
    const form = '[data-testid=vehicle_type-form]';
    await page.locator(`${form} #code`).fill(taken.code);
    await page.locator(`${form} #name`).fill('重複');
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/vehicle_type') && response.request().method() === 'POST');
    await page.getByRole('button', { name: '保存' }).click();
    const refusal = (await (await answer).json()) as { message: string };
    const notice = notices(page).filter({ hasText: '車種マスタを登録できませんでした' }).first();
    await notice.waitFor();
    const text = await notice.textContent();
    expect(text).toContain(refusal.message);
    expect(text).not.toContain('ステータスコード');
    expect(text).not.toMatch(/\b409\b|\b400\b/);
    // The field the server named says why.
    await page.locator('.ant-form-item-explain-error').filter({ hasText: '既に登録されています' }).waitFor();
  });

  test('hq: the delete confirmation names the record; its own user row offers no delete', async () => {
    const page = await hqAt('/vehicle-type');
    await expect.poll(() => rows(page).count()).toBeGreaterThan(0);
    const first = await stackOf().db
      .selectFrom('vehicle_types')
      .select(['code', 'name'])
      .where('deleted_at', 'is', null)
      .orderBy('code')
      .executeTakeFirstOrThrow();
    await rows(page).first().getByTestId('row-delete').click();
    const confirm = page.locator('.ant-popconfirm:visible');
    await expect.poll(() => confirm.textContent()).toContain(`「${first.code} ${first.name}」を削除しますか？`);
    await confirm.getByRole('button', { name: 'キャンセル' }).click();

    // Deleting the selected rows names them too.
    await rows(page).nth(0).locator('.ant-checkbox-input').check();
    await rows(page).nth(1).locator('.ant-checkbox-input').check();
    await page.getByTestId('delete-selected').click();
    const names = page.getByTestId('delete-selected-names');
    await expect.poll(() => names.locator('li').count()).toBe(2);
    expect(await names.locator('li').first().textContent()).toBe(`${first.code} ${first.name}`);
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'キャンセル' }).click();

    await visit(page, '/users');
    await searchBox(page, 'user-search').fill('hq');
    await searchBox(page, 'user-search').press('Enter');
    const own = rows(page).filter({ has: page.locator('td', { hasText: /^hq$/ }) });
    await own.first().waitFor();
    expect(await own.getByTestId('row-delete').count()).toBe(0);
    expect(await own.locator('.ant-checkbox-input').isDisabled()).toBe(true);
    await page.goto('/users');
    await expect.poll(() => page.getByTestId('row-delete').count()).toBeGreaterThan(0);
  });

  test('hq: a customer (edited in a modal) shows its detail in a modal over the list', async () => {
    const page = await hqAt('/customers');
    await rows(page).first().getByTestId('row-show').click();
    const details = page.getByTestId('customer-details');
    await details.waitFor();
    expect(await details.textContent()).toContain((await rows(page).first().locator('td').nth(1).textContent()) ?? '-');
  });

  test('hq: the CSV dialog closes after a successful import', async () => {
    const page = await hqAt('/departments');
    await page.getByTestId('import-open').click();
    await csvFileInput(page).setInputFiles(path.join(FIXTURES, 'departments-utf8.csv'));
    await page.getByTestId('import-check').click();
    await page.getByTestId('import-check-ok').waitFor();
    await page.getByTestId('import-run').click();
    await notices(page).filter({ hasText: '件を登録' }).first().waitFor();
    await expect.poll(() => page.locator('.ant-modal:visible').count()).toBe(0);
  });

  test('a failed login shows its message once', async () => {
    const { page, context } = await stackOf().newPage();
    await page.goto('/login');
    await page.getByTestId('login-id').fill('hq');
    await page.getByTestId('login-password').fill('wrong-password');
    await page.getByTestId('login-submit').click();
    await page.getByTestId('login-error').waitFor();
    // Refine would also raise a toast, in the same answer's handling: once the sign-in has settled and
    // the page has nothing left to do (its queued renders done), such a toast would be on the page.
    await expect.poll(() => page.getByTestId('login-submit').getAttribute('class')).not.toContain('ant-btn-loading');
    await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));
    const message = (await page.getByTestId('login-error').textContent()) ?? '';
    expect(message.length).toBeGreaterThan(0);
    expect(await page.getByText(message).count()).toBe(1);
    expect(await notices(page).count()).toBe(0);
    await context.close();
  });
});
