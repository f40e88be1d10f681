/**
 * The delivery list in a real browser, over the real server: a carrier's scope, a column choice
 * surviving logout and login, a delivery's detail, 未出発 when its trip should have left; a day's CSV
 * imported through the list's dialog, a date mismatch refused, the filter exported (UTF-8 with BOM and
 * Shift_JIS), rows deleted in bulk; in ja and en.
 */
import iconv from 'iconv-lite';
import { beforeAll, describe, expect, test } from 'vitest';
import { addDays } from '../../common/deliveries.js';
import { deliveriesJa } from '../../common/locales/deliveries-ja.js';
import { formatDateTime } from '../../common/time.js';
import {
  checkImport,
  DELETE_SLIP,
  EXPORT_HEADER,
  EXPORT_SLIP,
  exported,
  headers,
  logOut,
  openList,
  rowCheckbox,
  rowOf,
  rows,
  search,
  type Seeded,
  slipsStartingWith,
  SPEC_COLUMNS,
  type Store,
  toEnglish,
  useDeliveriesStack,
} from './deliveries-fixtures.js';
import { hoverUntilShown, logIn, searchBox, signIn, toast, visit } from './harness.js';

const { stackOf, TODAY, TRIP_DAY, tripListPath, seedAll, centerOnList } = await useDeliveriesStack();
let seeded: Seeded;
let stores: Store[];

beforeAll(async () => {
  ({ seeded, stores } = await seedAll());
});

describe('deliveries and trips, in a real browser', () => {
  test('center at 1366 px, in Japanese and English: 数量 and its page total are left of the fixed 操作 column, not under it', async () => {
    const { page, context } = await stackOf().newPage();
    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page, 'center');
    await page.goto('/delivery');
    // The first page of a fresh browser on a loaded machine may take a while: its rows, however long.
    await expect.poll(() => rows(page).count(), { timeout: 90_000 }).toBeGreaterThan(0);
    const box = async (selector: string) => (await page.locator(selector).first().boundingBox())!;
    const quantityLeftOfActions = async (label: string) => {
      const headers = page.locator('[data-testid=delivery-table] thead th');
      await expect.poll(() => headers.evaluateAll((cells, name) => cells.findIndex((cell) => cell.textContent?.trim() === name), label)).toBeGreaterThan(0);
      const column = await headers.evaluateAll((cells, name) => cells.findIndex((cell) => cell.textContent?.trim() === name), label);
      const actions = await box('[data-testid=delivery-table] thead th.ant-table-cell-fix-right');
      const body = await box('[data-testid=delivery-table] .ant-table-body, [data-testid=delivery-table] .ant-table-content');
      for (const selector of [`[data-testid=delivery-table] thead th:nth-child(${column + 1})`, `[data-testid=delivery-table] tbody tr.ant-table-row td:nth-child(${column + 1})`, '[data-testid=total-quantity]']) {
        const cell = await box(selector);
        expect(cell.x + cell.width, `${label}: ${selector} ends before the actions begin`).toBeLessThanOrEqual(actions.x + 0.5);
        expect(cell.x, `${label}: ${selector} is inside the table`).toBeGreaterThanOrEqual(body.x);
      }
    };
    await quantityLeftOfActions('数量');
    await toEnglish(page);
    await quantityLeftOfActions('Quantity');
    await context.close();
  });

  test("carrier: the delivery list shows only its own company's deliveries, read-only", async () => {
    const { page, context } = await stackOf().newPage();
    await signIn(page, 'carrier');
    await page.goto('/delivery');
    await expect.poll(() => rows(page).count()).toBeGreaterThan(0);
    const all = await rows(page).allTextContents();
    expect(all.some((text) => text.includes('E2E-OTHER-1') || text.includes('E2E-FREE-1'))).toBe(false);
    await search(page, 'E2E-');
    await expect.poll(() => rows(page).allTextContents()).toHaveLength(1);
    expect((await rows(page).allTextContents())[0]).toContain('E2E-OWN-1');
    // Read-only: no add, import or delete; no row selection.
    expect(await page.getByTestId('delivery-create').count()).toBe(0);
    expect(await page.getByTestId('import-open').count()).toBe(0);
    expect(await page.getByTestId('delete-selected').count()).toBe(0);
    expect(await page.locator('.ant-table-selection-column').count()).toBe(0);
    await context.close();
  });

  test('center: a column choice and the search survive a logout and login', async () => {
    const { page, context } = await stackOf().newPage();
    await signIn(page, 'center');
    await page.goto('/delivery');
    await expect.poll(() => rows(page).count()).toBeGreaterThan(0);
    await search(page, 'E2E-');
    await expect.poll(() => rows(page).count()).toBe(3);
    // 3 deliveries of 3 pallets, 120.5 kg each.
    expect(await page.getByTestId('total-quantity').textContent()).toBe('9 パレット');
    expect(await page.getByTestId('total-weight').textContent()).toBe('361.5');
    expect(await headers(page)).toContain('重量(kg)');

    await page.getByTestId('columns-open').click();
    await page.getByTestId('column-weight').locator('input[type=checkbox]').uncheck();
    await page.getByTestId('column-slip_number-up').click();
    await expect.poll(() => headers(page)).not.toContain('重量(kg)');
    // The server has the choice before the user logs out.
    const saved = async () => {
      const user = await stackOf().db.selectFrom('users').select('config').where('login_id', '=', 'center').executeTakeFirstOrThrow();
      return JSON.stringify(user.config ?? {});
    };
    await expect.poll(saved).toContain('"weight"');
    await page.keyboard.press('Escape');

    await logOut(page);
    expect(await page.evaluate(() => [localStorage.getItem('check-hide'), localStorage.getItem('delivery-search')])).toEqual([null, null]);
    await logIn(page, 'center');
    await page.goto('/delivery');
    // The search came back too: only the three E2E deliveries.
    await expect.poll(() => rows(page).count()).toBe(3);
    expect(await searchBox(page, 'delivery-search').inputValue()).toBe('E2E-');
    const after = await headers(page);
    expect(after).not.toContain('重量(kg)');
    expect(after).toContain('伝票番号');
    // 伝票番号 moved one place up: now before 受注番号.
    expect(after.indexOf('伝票番号')).toBeLessThan(after.indexOf('受注番号'));
    await context.close();
  });

  test('center: the delivery detail shows the trip and the add form, in ja and en', async () => {
    const { page, context } = await stackOf().newPage();
    await signIn(page, 'center');
    await page.goto(`/delivery/detail/${seeded.ownDelivery}`);
    await expect.poll(() => page.getByTestId('detail-slip_number').textContent()).toBe('E2E-OWN-1');
    await expect.poll(() => page.getByTestId('delivery-trip').textContent()).toContain('E2E東都便');
    expect(await page.getByTestId('detail-trip-link').getAttribute('href')).toBe(`/store-direct/detail/${seeded.ownTrip}`);
    // One on no trip leads to the board of its center and day, searched for its slip: there it gets one.
    await visit(page, `/delivery/detail/${seeded.freeDelivery}`);
    expect(await page.getByTestId('detail-board-link').getAttribute('href')).toMatch(new RegExp(`^/store-direct\\?date=${TODAY}&department_id=\\d+&q=E2E-FREE-1$`));
    await page.getByTestId('detail-board-link').click();
    await page.waitForURL((url) => url.pathname === '/store-direct' && url.searchParams.get('q') === 'E2E-FREE-1' && url.searchParams.get('date') === TODAY);
    await expect.poll(() => page.getByTestId('unallocated-delivery').allTextContents()).toEqual([expect.stringContaining('E2E-FREE-1')]);
    await visit(page, '/delivery/add');
    await page.getByTestId('delivery-form').waitFor();
    await toEnglish(page);
    await visit(page, `/delivery/detail/${seeded.ownDelivery}`);
    await expect.poll(() => page.getByTestId('delivery-details').textContent()).toContain('Slip number');
    await visit(page, '/delivery');
    await expect.poll(() => rows(page).count()).toBeGreaterThan(0);
    await visit(page, '/delivery/add');
    await page.getByTestId('delivery-form').waitFor();
    await context.close();
  });

  test('center: a 配車済 delivery whose trip should have left says 未出発 instead, the plan on hover; its trip turns volcano and the board counts it; the others do not', async () => {
    // The page's clock stands still, 90 minutes after the plan: its delays are exact however long the test takes.
    const now = Date.now();
    const planned = new Date(now - 90 * 60_000);
    await stackOf().db.updateTable('vehicle_allocations').set({ planned_departure: planned }).where('id', '=', seeded.otherTrip).execute();
    const { page, context } = await centerOnList({ fixedAt: now });
    await search(page, 'E2E-');
    const status = (slip: string) => rowOf(page, slip).getByTestId('status-tag');
    await expect.poll(() => status('E2E-OTHER-1').textContent()).toBe('未出発');
    const tooltip = await hoverUntilShown(status('E2E-OTHER-1'), page.locator('.ant-tooltip').filter({ hasText: '出発予定' }));
    expect(await tooltip.textContent()).toMatch(new RegExp(`^配車済：出発予定 ${formatDateTime(planned)} を1時間30分過ぎても出発していません$`));
    // On a trip without a planned departure, and on no trip: the status as it is.
    expect([await status('E2E-OWN-1').textContent(), await status('E2E-FREE-1').textContent()]).toEqual(['配車済', '未配車']);
    // The trip list says so of the trip: its 計画 in volcano; the one on the road says 配送中 as ever.
    await visit(page, tripListPath);
    const tripStatus = (route: string) => rows(page).filter({ hasText: route }).getByTestId('trip-status');
    await expect.poll(() => tripStatus('E2E他社便').getAttribute('data-overdue')).toBe('90');
    expect(await tripStatus('E2E他社便').textContent()).toBe('計画');
    expect([await tripStatus('E2E東都便').textContent(), await tripStatus('E2E東都便').getAttribute('data-overdue')]).toEqual(['配送中', null]);
    const tripTooltip = await hoverUntilShown(tripStatus('E2E他社便'), page.locator('.ant-tooltip').filter({ hasText: '計画：' }));
    expect(await tripTooltip.textContent()).toContain(`計画：出発予定 ${formatDateTime(planned)} を`);
    // The board of its day counts it in its strip: 未出発 1 (the other trip is on the road).
    const center = await stackOf().db.selectFrom('departments').select('id').where('code', '=', 'CT-SHINAGAWA').executeTakeFirstOrThrow();
    await visit(page, `/store-direct?center=${center.id}&date=${TRIP_DAY}`);
    await expect.poll(() => page.getByTestId('trips-not-left').textContent()).toBe('未出発 1');
    await context.close();
    await stackOf().db.updateTable('vehicle_allocations').set({ planned_departure: null }).where('id', '=', seeded.otherTrip).execute();
  });

  test('center: an open delivery list turns a row 未出発 once its trip’s departure has passed, without a reload', async () => {
    const db = stackOf().db;
    await db.updateTable('vehicle_allocations').set({ planned_departure: new Date(Date.now() + 60_000) }).where('id', '=', seeded.otherTrip).execute();
    const { page, context } = await stackOf().newPage();
    // The page's clock runs as the real one until the test moves it on.
    await page.clock.install();
    await signIn(page, 'center');
    await openList(page);
    await search(page, 'E2E-OTHER');
    const status = rowOf(page, 'E2E-OTHER-1').getByTestId('status-tag');
    await expect.poll(() => status.textContent()).toBe('配車済');
    // Eight minutes on: past the plan and the five minutes' grace.
    await page.clock.fastForward('08:00');
    await expect.poll(() => status.textContent()).toBe('未出発');
    await context.close();
    await db.updateTable('vehicle_allocations').set({ planned_departure: null }).where('id', '=', seeded.otherTrip).execute();
  });

  test('a cut store name shows whole in a tooltip while the pointer is on it, each time', async () => {
    const { page, context } = await stackOf().newPage();
    await signIn(page, 'center');
    await page.goto('/delivery');
    await expect.poll(() => rows(page).count()).toBeGreaterThan(0);
    const store = rows(page).first().getByTestId('clipped-text').first();
    const whole = (await store.textContent()) ?? '';
    expect(whole.length).toBeGreaterThan(0);
    const shown = page.locator('.ant-tooltip:not(.ant-tooltip-hidden) .ant-tooltip-inner');
    for (const time of ['first', 'second']) {
      await page.mouse.move(0, 0);
      await expect.poll(() => shown.count(), { message: `${time} time: nothing shown away from it` }).toBe(0);
      await store.hover();
      await expect.poll(() => shown.allTextContents(), { message: `${time} time: the whole text` }).toEqual([whole]);
    }
    await context.close();
  });

  test('center: the header keeps its place when the rows arrive', async () => {
    const { page, context } = await stackOf().newPage();
    await signIn(page, 'center');
    // The list's answer held back until the empty, loading table has been measured.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/delivery?*', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/delivery');
    const header = page.locator('.ant-table-thead th');
    const edges = () => header.evaluateAll((cells) => cells.map((cell) => Math.round(cell.getBoundingClientRect().left)));
    await expect.poll(() => header.count()).toBeGreaterThan(10);
    const loading = await edges();
    release();
    await expect.poll(() => rows(page).count()).toBeGreaterThan(0);
    const loaded = await edges();
    expect(loaded.length).toBe(loading.length);
    // Each column starts where it started (a day's longer store name may widen one a little).
    const moved = loaded.map((left, i) => Math.abs(left - loading[i]!));
    expect(Math.max(...moved), `header edges ${loading.join(',')} → ${loaded.join(',')}`).toBeLessThanOrEqual(24);
    await context.close();
  });

  test('on a 390 px phone the delivery list scrolls inside its card; its filters line up in two columns', async () => {
    const { page, context } = await stackOf().newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'center');
    await page.goto('/delivery');
    await expect.poll(() => rows(page).count()).toBeGreaterThan(0);
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      view: window.innerWidth,
      table: document.querySelector('.ant-table-content, .ant-table-body')?.scrollWidth ?? 0,
    }));
    expect(widths.page).toBeLessThanOrEqual(widths.view);
    expect(widths.table).toBeGreaterThan(widths.view);
    // The date range and the search a line each, every other filter half a line: two left edges, two widths.
    const filters = await page.evaluate(() =>
      [...document.querySelectorAll('.list-filters > .ant-form-item')].map((item) => {
        const box = item.getBoundingClientRect();
        const control = item.querySelector('.ant-select, .ant-picker, .ant-input-search')!.getBoundingClientRect();
        return { left: Math.round(box.left), width: Math.round(box.width), control: Math.round(control.width) };
      }),
    );
    expect(filters.length).toBeGreaterThanOrEqual(7);
    expect(new Set(filters.map((filter) => filter.left)).size, JSON.stringify(filters)).toBe(2);
    const [full, half] = [Math.max(...filters.map((f) => f.width)), Math.min(...filters.map((f) => f.width))];
    expect(filters.every((filter) => filter.width === full || filter.width === half), JSON.stringify(filters)).toBe(true);
    expect(full - 2 * half).toBeLessThanOrEqual(8);
    expect(filters.every((filter) => filter.control === filter.width), 'each control fills its cell').toBe(true);
    await context.close();
  });

  test('center: a CSV for a day is checked, then imported through the dialog; the new rows are listed', async () => {
    const { page, context } = await centerOnList();
    const lines = stores.map((store, i) => `${TODAY},${store.delivery_code},E2E-IMP-${i + 1},${i + 1},パレット,E2E取込品,${10 * (i + 1)}`);
    await checkImport(page, lines);
    // The day the rows are imported for: the list's first day unless chosen otherwise.
    expect(await page.locator('input[data-testid="import-date"], [data-testid="import-date"] input').first().inputValue()).toBe(TODAY.replaceAll('-', '/'));
    await expect.poll(() => page.getByTestId('import-check-ok').textContent()).toContain('3行すべて問題ありません。');
    expect(await slipsStartingWith(stackOf().db, 'E2E-IMP-'), 'the check stores nothing').toEqual([]);

    await page.getByTestId('import-run').click();
    await toast(page, '3件を登録、0件を更新しました。');
    await expect.poll(() => page.locator('.ant-modal:visible').count()).toBe(0);
    expect((await slipsStartingWith(stackOf().db, 'E2E-IMP-')).map((row) => row.slip_number)).toEqual(['E2E-IMP-1', 'E2E-IMP-2', 'E2E-IMP-3']);
    await search(page, 'E2E-IMP');
    await expect.poll(() => rows(page).count()).toBe(3);
    for (const [i, store] of stores.entries()) {
      const text = await rowOf(page, `E2E-IMP-${i + 1}`).textContent();
      expect(text).toContain(store.customer_store_name);
      expect(text).toContain(`${i + 1} パレット`);
    }
    await context.close();
  });

  test('center: a row of another day is refused with the date-mismatch message naming it; nothing is stored', async () => {
    const { page, context } = await centerOnList();
    await checkImport(page, [`${TODAY},${stores[0]!.delivery_code},E2E-MIS-1,1,パレット,,`, `${addDays(TODAY, 1)},${stores[1]!.delivery_code},E2E-MIS-2,1,パレット,,`]);
    await expect.poll(() => page.getByTestId('import-check-failed').count()).toBe(1);
    // Row 3 of the file (the header is row 1) has tomorrow's date.
    await expect.poll(() => page.getByTestId('import-errors').textContent()).toContain('取込日と異なる日付の行があります（行: 3）');
    expect(await page.getByTestId('import-errors').locator('tbody tr').first().textContent()).toMatch(/^3日付/);
    expect(await page.getByTestId('import-run').isDisabled()).toBe(true);
    expect(await slipsStartingWith(stackOf().db, 'E2E-MIS-')).toEqual([]);
    await context.close();
  });

  test('center: the current filter exported as CSV, UTF-8 with BOM and Shift_JIS', async () => {
    const { page, context } = await centerOnList();
    await search(page, EXPORT_SLIP);
    await expect.poll(() => rows(page).count()).toBe(3);

    const utf8 = await exported(page, 'utf8');
    expect([...utf8.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const utf8Lines = utf8.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(utf8Lines[0]).toBe(EXPORT_HEADER);
    const header = utf8Lines[0]!.split(',');
    for (const column of SPEC_COLUMNS) expect(header).toContain(deliveriesJa.deliveries.fields[column]);
    // Only the filter's rows: the three found, with their store names.
    expect(utf8Lines).toHaveLength(4);
    for (const [i, store] of stores.entries()) expect(utf8Lines.find((line) => line.includes(`${EXPORT_SLIP}${i + 1}`))).toContain(store.customer_store_name);

    const sjis = await exported(page, 'sjis');
    expect([...sjis.subarray(0, 3)]).not.toEqual([0xef, 0xbb, 0xbf]);
    const name = stores[0]!.customer_store_name;
    expect(name).toMatch(/[^ -~]/);
    expect(sjis.toString('utf8')).not.toContain(name);
    const sjisLines = iconv.decode(sjis, 'cp932').trimEnd().split('\r\n');
    expect(sjisLines[0]).toBe(EXPORT_HEADER);
    expect(sjisLines).toHaveLength(4);
    expect(sjisLines.find((line) => line.includes(`${EXPORT_SLIP}1`))).toContain(name);
    await context.close();
  });

  test('center: selected rows are deleted in bulk; a delivery on a trip is not, and the message says so', async () => {
    const db = stackOf().db;
    const { page, context } = await centerOnList();
    await search(page, DELETE_SLIP);
    await expect.poll(() => rows(page).count()).toBe(3);
    for (const slip of ['BULK-DEL-1', 'BULK-DEL-2', 'BULK-DEL-3']) await rowCheckbox(page, slip).check();
    // Meanwhile another planner puts one of them on a trip.
    await db
      .updateTable('deliveries')
      .set((eb) => ({ vehicle_allocation_id: seeded.otherTrip, stop_seq: 1, status: 1, version: eb('version', '+', 1) }))
      .where('slip_number', '=', 'BULK-DEL-3')
      .execute();
    await page.getByTestId('delete-selected').click();
    await expect.poll(() => page.locator('.ant-modal-confirm').textContent()).toContain('選択した3件を削除しますか？');
    expect(await page.getByTestId('delete-selected-names').locator('li').count()).toBe(3);
    await page.locator('.ant-modal-confirm .ant-btn-dangerous').click();
    await toast(page, '便に割り当てられている配送は削除できません');
    await page.locator('.ant-modal-confirm').waitFor({ state: 'detached' });
    expect(await page.locator('.ant-notification-notice').filter({ hasText: '便に割り当てられている' }).textContent()).toContain('BULK-DEL-3');
    expect((await slipsStartingWith(db, 'BULK-DEL-')).every((row) => row.deleted_at === null), 'all or nothing: none deleted').toBe(true);
    // The refused delete refreshed the list: the row now on a trip left the selection, the others stayed in it.
    await expect.poll(() => rowCheckbox(page, 'BULK-DEL-3').isChecked()).toBe(false);
    expect(await rowCheckbox(page, 'BULK-DEL-3').isDisabled()).toBe(true);
    expect([await rowCheckbox(page, 'BULK-DEL-1').isChecked(), await rowCheckbox(page, 'BULK-DEL-2').isChecked()]).toEqual([true, true]);

    // Listed again, the delivery on the trip cannot be selected.
    await page.reload();
    await expect.poll(() => rows(page).count()).toBe(3);
    expect(await rowCheckbox(page, 'BULK-DEL-3').isDisabled()).toBe(true);
    expect(await rowOf(page, 'BULK-DEL-3').locator('.ant-table-selection-column [title]').first().getAttribute('title')).toBe('削除できるのは未配車の配送だけです。');
    for (const slip of ['BULK-DEL-1', 'BULK-DEL-2']) await rowCheckbox(page, slip).check();
    await page.getByTestId('delete-selected').click();
    await expect.poll(() => page.locator('.ant-modal-confirm').textContent()).toContain('選択した2件を削除しますか？');
    await page.locator('.ant-modal-confirm .ant-btn-dangerous').click();
    await expect.poll(async () => (await rows(page).allTextContents()).map((text) => text.match(/BULK-DEL-\d/)?.[0])).toEqual(['BULK-DEL-3']);
    const after = await slipsStartingWith(db, 'BULK-DEL-');
    expect(after.map((row) => [row.slip_number, row.deleted_at === null])).toEqual([
      ['BULK-DEL-1', false],
      ['BULK-DEL-2', false],
      ['BULK-DEL-3', true],
    ]);
    await context.close();
  });
});
