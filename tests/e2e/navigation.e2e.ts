/**
 * Finding the allocation screens and coming back to them: the 配車 menu group (計画・当日・地図) at 1366 px
 * in English and on a 390 px phone, the center and day kept in the address and for the user (a screen
 * opened from the menu returns to the day worked on), and a saved trip's form back on its day's list.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { addDays } from '../../common/allocation.js';
import { departmentId, hoverUntilShown, signIn, useStack, visit } from './harness.js';
import { todayForFile } from './midnight.js';

const stackOf = useStack();
const TODAY = await todayForFile();

/** Opens a top-menu group and answers its popup menu item named `label`. */
function menuItem(page: Page, group: string, label: string) {
  return hoverUntilShown(
    page.getByTestId('top-menu').getByText(group, { exact: true }),
    page.locator('.ant-menu-submenu-popup .ant-menu-item').filter({ hasText: label }).first(),
  );
}

/** Refine's list filters in the address (`filters[i][field]` and `[value]`), by field. */
function listFilters(url: URL): Record<string, string> {
  const filters: Record<string, string> = {};
  for (let i = 0; url.searchParams.has(`filters[${i}][field]`); i++) {
    filters[url.searchParams.get(`filters[${i}][field]`)!] = url.searchParams.get(`filters[${i}][value]`)!;
  }
  return filters;
}

const centerDay = (url: URL) => ({ path: url.pathname, date: url.searchParams.get('date'), center: url.searchParams.get('department_id'), old: url.searchParams.has('center') });

describe('navigation between the allocation screens, in a real browser', () => {
  test('branch: the board keeps its center and day; from another screen the menu returns to them on every allocation screen', async () => {
    const { page, context } = await stackOf().newPage();
    await signIn(page, 'branch');
    await page.goto('/store-direct');
    // A first visit: the first center in scope, today, both written into the address.
    await expect.poll(() => centerDay(new URL(page.url())).date).toBe(TODAY);
    const select = page.getByTestId('center-select');
    await expect.poll(() => select.locator('.ant-select-selection-item').textContent()).toMatch(/センター/);
    const first = await select.locator('.ant-select-selection-item').textContent();
    // Another center, two days on.
    await select.click();
    const other = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasNotText: first!.split(' ').pop()! }).first();
    const otherName = (await other.textContent())!;
    await other.click();
    await page.getByTestId('next-day').click();
    await page.getByTestId('next-day').click();
    const day = addDays(TODAY, 2);
    await expect.poll(() => centerDay(new URL(page.url())).date).toBe(day);
    const center = centerDay(new URL(page.url())).center!;
    expect(await select.locator('.ant-select-selection-item').textContent()).toBe(otherName);

    // Elsewhere, then back through the menu: the same center and day, not today.
    await visit(page, '/delivery');
    await (await menuItem(page, '配車', '配車設定')).click();
    await expect.poll(() => centerDay(new URL(page.url()))).toEqual({ path: '/store-direct', date: day, center, old: false });
    await expect.poll(() => select.locator('.ant-select-selection-item').textContent()).toBe(otherName);

    await (await menuItem(page, '配車', '配車一覧')).click();
    await expect.poll(() => listFilters(new URL(page.url()))).toMatchObject({ date_from: day, date_to: day, department_id: center });
    await (await menuItem(page, '配車', 'センター間配車（当日）')).click();
    await expect.poll(() => centerDay(new URL(page.url()))).toEqual({ path: '/between-centers-today', date: day, center, old: false });
    // A new load of the application (a new tab, the next visit) remembers them too.
    await page.goto('/between-centers-before');
    await expect.poll(() => centerDay(new URL(page.url()))).toEqual({ path: '/between-centers-before', date: day, center, old: false });

    // An older link (`?center=`) still opens its center, the address rewritten with the API's names.
    await page.goto(`/store-direct?center=${await centerIdOf(first!)}&date=${TODAY}`);
    await expect.poll(() => centerDay(new URL(page.url())).old).toBe(false);
    await expect.poll(() => select.locator('.ant-select-selection-item').textContent()).toBe(first);
    expect(centerDay(new URL(page.url())).date).toBe(TODAY);
    await context.close();
  });

  test('center: a saved trip’s form returns to 配車一覧 of the trip’s day and center, not today’s', async () => {
    const db = stackOf().db;
    const shinagawa = await departmentId(db, 'CT-SHINAGAWA');
    const trip = await db
      .selectFrom('vehicle_allocations')
      .select(['id', 'date'])
      .where('department_id', '=', shinagawa)
      .where('status', '=', 0)
      .where('deleted_at', 'is', null)
      .where('date', '>', TODAY)
      .orderBy('date')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const day = String(trip.date).slice(0, 10);
    const { page, context } = await stackOf().newPage();
    await signIn(page, 'center');
    await page.goto(`/vehicle-allocation/edit/${trip.id}`);
    await expect.poll(() => page.locator('#route_name').isDisabled()).toBe(false);
    await expect.poll(() => page.getByRole('button', { name: /保\s*存/ }).isDisabled()).toBe(false);
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.waitForURL((url) => url.pathname === '/vehicle-allocation');
    expect(listFilters(new URL(page.url()))).toMatchObject({ date_from: day, date_to: day, department_id: String(shinagawa) });
    const row = page.locator(`tr.ant-table-row[data-row-key="${trip.id}"]`);
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.locator('td').first().textContent()).toBe(day.replaceAll('-', '/'));
    await context.close();
  });

  test('the 配車 group in English at 1366 px: its sections and screens; on a 390 px phone every screen whole', async () => {
    const { page, context } = await stackOf().newPage();
    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page, 'center');
    await page.goto('/delivery');
    await page.getByTestId('language-switch').getByText('English').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
    const popup = page.locator('.ant-menu-submenu-popup:visible');
    await menuItem(page, 'Allocation', 'Vehicle allocations');
    expect(await popup.locator('.ant-menu-item-group-title').allTextContents()).toEqual(['Planning', 'On the day', 'Maps']);
    const entries = popup.locator('.ant-menu-item');
    expect(await entries.count()).toBe(9);
    // Every entry whole and inside the screen, the popup within 768 px.
    const boxes = await entries.evaluateAll((items) => items.map((item) => ({ right: item.getBoundingClientRect().right, bottom: item.getBoundingClientRect().bottom, cut: item.scrollWidth > item.clientWidth })));
    for (const box of boxes) expect(box.right <= 1366 && box.bottom <= 768 && !box.cut, JSON.stringify(box)).toBe(true);
    expect(await page.getByTestId('top-menu').locator('.ant-menu-overflow-item-rest').isVisible()).toBe(false);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('mobile-menu-button').click();
    const mobile = page.getByTestId('mobile-menu');
    await mobile.getByText('Allocation', { exact: true }).click();
    const items = mobile.locator('.ant-menu-sub .ant-menu-item');
    await expect.poll(() => items.count()).toBeGreaterThanOrEqual(9);
    await expect.poll(() => mobile.getByText('Map check', { exact: true }).isVisible()).toBe(true);
    const cut = await items.evaluateAll((all) => all.filter((item) => item.getBoundingClientRect().right > 390.5 || item.scrollWidth > item.clientWidth).map((item) => item.textContent));
    expect(cut).toEqual([]);
    await context.close();
  });
});

async function centerIdOf(label: string): Promise<number> {
  const code = label.split(' ')[0]!;
  return departmentId(stackOf().db, code);
}
