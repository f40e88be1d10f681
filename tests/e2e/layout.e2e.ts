/**
 * Screens that fit where they are used: at 1366 px in English (the longer labels), at 1280 px, and on a
 * 390 px phone; lists, the store-direct board, the between-centers time chart, the detail screens.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { addDays } from '../../common/deliveries.js';
import { demoDay } from '../server/helpers.js';
import { signIn, useStack } from './harness.js';
import { todayForFile } from './midnight.js';

const stackOf = useStack();
/** The day of the transfer this file adds, and the day the trip list opens on (the browser's today). */
const TODAY = await todayForFile();

const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

/** How far the page or an element is wider than what it shows (0 when nothing overflows). */
function overflowOf(page: Page, selector: string): Promise<number> {
  return page.locator(selector).first().evaluate((element) => element.scrollWidth - element.clientWidth);
}

/** Waits for a list's rows (not the empty table's placeholder), no longer loading nor fading in. */
async function listLoaded(page: Page, table: string) {
  await expect.poll(() => page.locator(`${table} tbody tr.ant-table-row`).count()).toBeGreaterThan(1);
  await expect.poll(() => page.locator('.ant-spin-blur').count()).toBe(0);
  await expect.poll(() => page.evaluate(() => document.getAnimations().length)).toBe(0);
}

/**
 * How far a list's table is wider than its card: it scrolls sideways when this is above 0. The table
 * scrolls in `.ant-table-body` under a sticky header (the lists), in `.ant-table-content` without one.
 */
const tableOverflow = (page: Page, table: string) => overflowOf(page, `${table} .ant-table-body, ${table} .ant-table-content`);

/** How many lines each header that may take two (`.col-title--wrap`) takes. */
function headerLines(page: Page, table: string): Promise<number[]> {
  return page
    .locator(`${table} .ant-table-thead .col-title--wrap`)
    .evaluateAll((titles) => titles.map((title) => Math.round(title.getBoundingClientRect().height / parseFloat(getComputedStyle(title).lineHeight))));
}

/** A fresh browser of `viewport`'s size, signed in as `loginId`, on `path` (the user's start page by default). */
async function signedIn(loginId: string, viewport: { width: number; height: number }, path = '/') {
  const { page, context } = await stackOf().newPage();
  await page.setViewportSize(viewport);
  await signIn(page, loginId);
  await page.goto(path);
  await page.getByTestId('app-header').waitFor();
  return { page, context };
}

/** How wide the screen's title (its card's) needs to be, and how wide it is. */
function titleRoom(page: Page): Promise<{ needs: number; has: number }> {
  return page.locator('.ant-card-head-title').first().evaluate((place) => ({ needs: place.scrollWidth, has: place.clientWidth }));
}

/** What of an allocation page lies past a phone's right edge, but in what scrolls sideways on purpose (tables, the time chart). */
function partsBeyondPhone(page: Page): Promise<string[]> {
  return page.evaluate((width) => {
    const parts = [...document.querySelectorAll<HTMLElement>('.alloc-page *')];
    return parts
      .filter((part) => part.getBoundingClientRect().right > width + 0.5 && !part.closest('.ant-table-wrapper, .alloc-chart'))
      .map((part) => part.getAttribute('data-testid') ?? part.className);
  }, PHONE.width);
}

async function switchToEnglish(page: Page) {
  let languageSwitch = page.getByTestId('language-switch');
  const onPhone = !(await languageSwitch.getByText('English').isVisible());
  if (onPhone) {
    await page.getByTestId('mobile-menu-button').click();
    languageSwitch = page.getByTestId('mobile-menu').getByTestId('language-switch');
  }
  await languageSwitch.getByText('English').click();
  // The page has rendered in English once the switch shows English chosen (the language changes before React renders).
  await expect.poll(() => languageSwitch.locator('.ant-segmented-item-selected').textContent()).toBe('English');
  if (onPhone) await page.keyboard.press('Escape');
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
}

/** The branch's between-centers screen in English at `viewport`, its time chart's rows drawn. */
async function branchTimeChart(viewport: { width: number; height: number }) {
  const { page, context } = await signedIn('branch', viewport, '/between-centers-before');
  await switchToEnglish(page);
  const chart = page.getByTestId('time-chart');
  await expect.poll(() => chart.getByTestId('chart-row').count()).toBeGreaterThan(1);
  return { page, context, chart };
}

/** A list at 1366 px in `locale` as `loginId`: how far it overflows, how many lines its wrapping headers take, its text. */
async function listAt1366(loginId: string, locale: 'ja' | 'en', path: string, table: string) {
  const { page, context } = await signedIn(loginId, DESKTOP, path);
  if (locale === 'en') await switchToEnglish(page);
  await listLoaded(page, table);
  const fit = {
    overflow: await tableOverflow(page, table),
    headerLines: await headerLines(page, table),
    text: await page.locator(table).innerText(),
    // Texts cut short with an ellipsis (their tooltip holds them whole).
    cut: await page.locator(`${table} [data-testid=clipped-text]`).evaluateAll((texts) => texts.filter((e) => e.scrollWidth > e.clientWidth).map((e) => e.textContent)),
    // The search conditions' lines: each filter's top, once each.
    filterLines: new Set(await page.locator('.list-filters > *').evaluateAll((filters) => filters.map((filter) => Math.round(filter.getBoundingClientRect().top)))).size,
  };
  await context.close();
  return fit;
}

describe('a layout that fits', () => {
  test('the English header fits at 1366 px, every top-level item on the bar', async () => {
    // A long list: the page's scrollbar takes its share of the 1366 px too.
    const { page, context } = await signedIn('super', DESKTOP, '/departments');
    await listLoaded(page, '[data-testid=department-table]');
    await switchToEnglish(page);
    await expect.poll(() => page.getByTestId('top-menu').textContent()).toContain('Allocation');
    // Every top-level item on the bar, none in the overflow (an overflowed item is 0 px high): the
    // product's three-line English name gives way to the truck on a laptop.
    const menu = page.getByTestId('top-menu');
    for (const label of ['Delivery list', 'Allocation', 'Delivery address information sharing', 'Master data management', 'Reporting']) {
      expect(await menu.locator('.ant-menu-title-content', { hasText: label }).first().isVisible(), label).toBe(true);
    }
    expect(await menu.locator('.ant-menu-overflow-item-rest').isVisible()).toBe(false);
    expect(await page.getByTestId('logo').locator('svg').isVisible()).toBe(true);
    expect(await overflowOf(page, '[data-testid=app-header]')).toBeLessThanOrEqual(0);
    expect(await overflowOf(page, 'html')).toBeLessThanOrEqual(0);
    const header = await page.getByTestId('app-header').boundingBox();
    for (const testId of ['notification-bell', 'language-switch', 'user-name']) {
      const box = await page.getByTestId('app-header').getByTestId(testId).boundingBox();
      expect(box, testId).not.toBeNull();
      expect(box!.x + box!.width, testId).toBeLessThanOrEqual(header!.x + header!.width);
    }
    await context.close();
  });

  test('the vehicle list fits 1366 px in English: a numeric header takes two lines there, one in Japanese', async () => {
    const { page, context } = await signedIn('hq', DESKTOP, '/vehicles');
    const table = '[data-testid=vehicle-table]';
    await listLoaded(page, table);
    expect(await headerLines(page, table)).toEqual([1, 1, 1]);
    await switchToEnglish(page);
    await expect.poll(() => page.locator(`${table} thead`).textContent()).toContain('Max loading capacity (kg)');
    expect(await headerLines(page, table)).toEqual([2, 2, 2]);
    expect(await tableOverflow(page, table)).toBeLessThanOrEqual(0);
    await context.close();
  });

  // The widest masters scroll sideways at 1366 px rather than squeeze their columns: a squeezed column
  // broke 「2026/11/29 17:48」 and the companies' names onto two lines, and every row was one and a half times as tall.
  // The drivers' list has fitted without scrolling since cells keep 6 px a side (client/src/app/providers/theme.ts).
  test.each([
    ['/delivery-destination', 'delivery_destination', true],
    ['/drivers', 'driver', false],
  ] as const)('%s (%s) keeps one line to a row at 1366 px in English; scrolls sideways: %s', async (path, resource, scrolls) => {
    const { page, context } = await signedIn('hq', DESKTOP, path);
    await switchToEnglish(page);
    const table = `[data-testid=${resource}-table]`;
    await listLoaded(page, table);
    // A row of one-line cells: a line, the cell's padding and its border.
    const oneLine = await page.locator(`${table} tbody tr.ant-table-row td`).nth(1).evaluate((cell) => {
      const style = getComputedStyle(cell);
      return parseFloat(style.lineHeight) + parseFloat(style.paddingTop) + parseFloat(style.paddingBottom) + parseFloat(style.borderBottomWidth);
    });
    const heights = await page.locator(`${table} tbody tr.ant-table-row`).evaluateAll((rows) => rows.map((row) => row.getBoundingClientRect().height));
    expect(heights.length).toBeGreaterThan(1);
    expect(Math.max(...heights), `the tallest row; one line is ${oneLine} px`).toBeLessThanOrEqual(oneLine + 2);
    const overflow = await tableOverflow(page, table);
    if (scrolls) expect(overflow, 'the table scrolls sideways').toBeGreaterThan(0);
    else expect(overflow, 'the table fits').toBeLessThanOrEqual(0);
    await context.close();
  });

  // The trip list's widest day: a transfer between the branch's two centers besides the demo's store trips.
  beforeAll(async () => {
    const db = stackOf().db;
    const center = (code: string) => db.selectFrom('departments').select('id').where('code', '=', code).executeTakeFirstOrThrow();
    const [from, to] = await Promise.all([center('CT-SHINAGAWA'), center('CT-ITABASHI')]);
    await db
      .insertInto('vehicle_allocations')
      .values({ date: TODAY, kind: 'between_centers_before', department_id: from.id, trip_no: 901, origin_department_id: from.id, destination_department_id: to.id })
      .execute();
  });

  // Every center's trips (a super admin's view, the longest names: 湾岸ロジスティクス株式会社). The trip number's and the load's headers take two lines in English.
  test.each([
    ['ja', [1, 1]],
    ['en', [2, 2]],
  ] as const)('the trip list fits 1366 px in %s: a day of trips with a transfer, without sideways scroll, no company cut', async (locale, loadHeaderLines) => {
    const fit = await listAt1366('super', locale, '/vehicle-allocation', '[data-testid=trip-table]');
    expect(fit.overflow).toBeLessThanOrEqual(0);
    expect(fit.text).toContain('湾岸ロジスティクス株式会社');
    expect(fit.cut, 'names cut short while the page has room').toEqual([]);
    expect(fit.headerLines).toEqual(loadHeaderLines);
    expect(fit.filterLines, 'the search conditions on one line').toBe(1);
    // The transfer has no route name: it reads by its number, in the page's language.
    expect(fit.text).toContain(locale === 'en' ? 'Trip 901' : '便901');
    if (locale === 'en') expect(fit.text).not.toContain('便901');
  });

  // Every center's drivers (the head office's view, the longest names: 湾岸ロジスティクス株式会社, 大阪市住之江区ルート),
  // each driver's day, a line per trip. The departure headers take two lines in English.
  test.each([
    ['ja', [1, 1]],
    ['en', [2, 2]],
  ] as const)('driver attendance fits 1366 px in %s: the day of every driver without sideways scroll, no trip or company cut short', async (locale, departureHeaderLines) => {
    const fit = await listAt1366('hq', locale, '/attendance-departure-of-the-driver', '[data-testid=attendance-table]');
    expect(fit.overflow).toBeLessThanOrEqual(0);
    expect(fit.headerLines).toEqual(departureHeaderLines);
    expect(fit.text).toContain('湾岸ロジスティクス株式会社');
    expect(fit.text).toContain('大阪市住之江区ルート');
    expect(fit.cut, 'trips and companies cut short while the page has room').toEqual([]);
  });

  // The demo's last day has 2024-rule findings: in the overview each tag names its rule and figure (the sentence is its tooltip).
  test('driver attendance fits 1366 px in English on a day with 2024-rule findings, each naming its rule and figure', async () => {
    const yesterday = addDays(demoDay, -1);
    const table = '[data-testid=attendance-table]';
    const { page, context } = await signedIn('center', DESKTOP, `/attendance-departure-of-the-driver?date=${yesterday}`);
    await switchToEnglish(page);
    await listLoaded(page, table);
    const violation = page.locator(`${table} [data-testid=work-rule-finding][data-rule=dailyBinding][data-level=violation]`).first();
    await expect.poll(() => violation.textContent()).toBe('Violation: Daily binding time 15:20');
    expect(await tableOverflow(page, table)).toBeLessThanOrEqual(0);
    await violation.hover();
    await expect.poll(() => page.locator('.ant-tooltip:visible').textContent()).toMatch(/Binding time of the day is over 15 h \(15:20\)/);
    await context.close();
  });

  // The shares of a center's stores: the corrected address clear of the fixed actions column.
  test.each(['ja', 'en'] as const)('the address-sharing list fits 1366 px in %s: every column without sideways scroll', async (locale) => {
    const fit = await listAt1366('center', locale, '/delivery-destination-share', '[data-testid=share-table]');
    expect(fit.overflow).toBeLessThanOrEqual(0);
  });

  // The demo's transfer trip of today: lane, vehicle, driver, mode, receive timing, times, status and actions in view.
  test.each(['ja', 'en'] as const)('the between-centers trips fit 1366 px in %s without sideways scroll', async (locale) => {
    const { page, context } = await signedIn('center', DESKTOP, '/between-centers-before');
    if (locale === 'en') await switchToEnglish(page);
    const table = '[data-testid=transfer-trips]';
    await expect.poll(() => page.locator(`${table} tbody tr.ant-table-row`).count()).toBeGreaterThan(0);
    await expect.poll(() => page.evaluate(() => document.getAnimations().length)).toBe(0);
    expect(await tableOverflow(page, table)).toBeLessThanOrEqual(0);
    await context.close();
  });

  // A planner away from the desk: the board stacks on a phone, and nothing of it is cut at the screen's edge.
  test('the store-direct board on a 390 px phone: its title shows, nothing lies beyond the screen, every store named whole', async () => {
    const { page, context } = await signedIn('branch', PHONE, '/store-direct');
    await switchToEnglish(page);
    await expect.poll(() => page.getByTestId('trip-card').count()).toBeGreaterThan(1);
    await expect.poll(() => page.getByTestId('unallocated-delivery').count()).toBeGreaterThan(0);
    const title = await titleRoom(page);
    expect(title.has, 'the title, not squeezed out by the center and day').toBeGreaterThanOrEqual(title.needs);
    expect(await partsBeyondPhone(page)).toEqual([]);
    // No hover on a phone for the name's tooltip: 「ホームセンターくすのき 大田区駅前店」 wraps at its space instead.
    const stores = await page.locator('.alloc-stop__store, .alloc-delivery__store').evaluateAll((names) =>
      names.map((name) => ({ text: name.textContent, cut: name.scrollWidth > name.clientWidth, lines: Math.round(name.getBoundingClientRect().height / 20) })),
    );
    expect(stores.length).toBeGreaterThan(5);
    expect(stores.filter((store) => store.cut)).toEqual([]);
    expect(stores.some((store) => store.lines > 1), 'a long name takes a second line').toBe(true);
    await context.close();
  });

  test("on a 390 px phone a screen's title keeps its width beside its day and search: driver time in/out, attendance", async () => {
    for (const path of ['/driver-time-in-out', '/attendance-departure-of-the-driver']) {
      const { page, context } = await signedIn('branch', PHONE, path);
      await switchToEnglish(page);
      await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
      const title = await titleRoom(page);
      expect(title.needs, path).toBeGreaterThan(100);
      expect(title.has, path).toBeGreaterThanOrEqual(title.needs);
      await context.close();
    }
  });

  test('the between-centers time chart on a 390 px phone scrolls inside itself, an hour wide enough for its label', async () => {
    const { page, context, chart } = await branchTimeChart(PHONE);
    expect(await partsBeyondPhone(page)).toEqual([]);
    expect(await chart.evaluate((element) => element.scrollWidth - element.clientWidth), 'the chart scrolls inside itself').toBeGreaterThan(0);
    // The hours between the first and the last, which lean inwards.
    const hours = (await chart.locator('.alloc-chart__hour').evaluateAll((labels) => labels.map((label) => label.getBoundingClientRect().left))).slice(1, -1);
    const closest = Math.min(...hours.slice(1).map((left, i) => left - hours[i]!));
    expect(closest, 'the distance between two hours').toBeGreaterThanOrEqual(36);
    const hidden = await chart.evaluate((element) => {
      const [vehicles, track] = [...element.querySelector('.alloc-chart__hours')!.children].map((part) => part.getBoundingClientRect());
      return [...element.querySelectorAll('.alloc-chart__hour')]
        .filter((label) => label.getBoundingClientRect().left < vehicles!.right || label.getBoundingClientRect().right > track!.right + 0.5)
        .map((label) => label.textContent);
    });
    expect(hidden, 'hours under the vehicles or past the chart').toEqual([]);
    // Each vehicle whole in its 120 px column: the 車番, its type under it.
    const vehicles = await chart.locator('.alloc-chart__label').evaluateAll((labels) =>
      labels.flatMap((label) => {
        const edge = label.getBoundingClientRect().right;
        return [...label.children].filter((part) => part.getBoundingClientRect().right > edge).map((part) => part.textContent);
      }),
    );
    expect(vehicles, 'vehicles cut').toEqual([]);
    expect(await chart.locator('.alloc-chart__note').first().textContent()).toMatch(/\S/);
    await context.close();
  });

  test('the between-centers time chart at 1366 px in English names every vehicle in full, its rows aligned', async () => {
    const { context, chart } = await branchTimeChart(DESKTOP);
    // 練馬's trailers (「練馬 143 た 89-81 トレーラー」) were cut by a fixed 180 px column.
    await expect.poll(() => chart.locator('.alloc-chart__label').allTextContents()).toContainEqual(expect.stringContaining('トレーラー'));
    const labels = await chart.locator('.alloc-chart__label').evaluateAll((elements) =>
      elements.map((label) => ({ text: label.textContent, cut: label.scrollWidth > label.clientWidth, right: Math.round(label.getBoundingClientRect().right) })),
    );
    expect(labels.filter((label) => label.cut).map((label) => label.text), 'vehicles cut').toEqual([]);
    expect(new Set(labels.map((label) => label.right)).size, 'one column edge for the hours and every row').toBe(1);
    await context.close();
  });

  // The board's trip cards in English: the flags wrap under the trip's name rather than spill past the card.
  test('the store-direct board fits 1366 px in English: nothing of a trip card or a direction header lies outside it, no store name is cut', async () => {
    const { page, context } = await signedIn('center', DESKTOP, '/store-direct');
    await switchToEnglish(page);
    const cards = page.getByTestId('trip-card');
    await expect.poll(() => cards.count()).toBeGreaterThan(1);
    await expect.poll(() => page.locator('.alloc-trips').textContent()).toContain('Cage carts');
    const spills = await cards.evaluateAll((elements) =>
      elements.flatMap((card) => {
        const edge = card.getBoundingClientRect().right;
        const outside = [...card.querySelectorAll('*')].filter((part) => part.getBoundingClientRect().right > edge + 0.5);
        return outside.map((part) => `${card.getAttribute('data-trip-no')}: ${part.getAttribute('data-testid') ?? part.getAttribute('class')}`);
      }),
    );
    expect(spills).toEqual([]);
    // The demo's transfers: directions of 板橋 on 品川's board, tagged, each name on one line.
    const tags = page.getByTestId('transfer-tag');
    await expect.poll(() => tags.count(), { timeout: 5_000 }).toBeGreaterThan(0);
    expect(await tags.first().textContent()).toBe('To 板橋センター');
    // Each unallocated store's name and tag read whole; the slip, which gave the name its room, is in the row's tooltip.
    const cut = (selector: string) =>
      page.locator(selector).evaluateAll((elements) => elements.filter((e) => e.scrollWidth > e.clientWidth).map((e) => e.textContent));
    await expect.poll(() => page.getByTestId('unallocated-delivery').count()).toBeGreaterThan(0);
    expect(await cut('[data-testid=unallocated-delivery] .alloc-delivery__store'), 'store names cut').toEqual([]);
    expect(await cut('[data-testid=transfer-tag]'), 'transfer tags cut').toEqual([]);
    const firstRow = page.getByTestId('unallocated-delivery').first();
    const slip = await firstRow.locator('.alloc-delivery__slip').textContent();
    expect(await firstRow.locator('.alloc-delivery__store').getAttribute('title')).toMatch(new RegExp(`\\(${slip}\\)$`));
    const headers = await page.getByTestId('direction-header').evaluateAll((elements) =>
      elements.map((header) => {
        const edge = header.getBoundingClientRect().right;
        const name = header.querySelector('strong')!.getBoundingClientRect();
        const outside = [...header.querySelectorAll('*')].filter((part) => part.getBoundingClientRect().right > edge + 0.5);
        return { outside: outside.length, nameLines: Math.round(name.height / 18) };
      }),
    );
    expect(headers.filter((header) => header.outside > 0 || header.nameLines > 1)).toEqual([]);
    await context.close();
  });

  test('a list fits a 390 px phone: the table scrolls inside its card; bell and name show', async () => {
    for (const locale of ['ja', 'en'] as const) {
      const { page, context } = await signedIn('hq', PHONE, '/departments');
      if (locale === 'en') await switchToEnglish(page);
      await listLoaded(page, '[data-testid=department-table]');
      expect(await overflowOf(page, 'html')).toBeLessThanOrEqual(0);
      expect(await page.evaluate(() => document.body.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      expect(await page.getByTestId('app-header').getByTestId('user-name').isVisible()).toBe(true);
      await page.getByTestId('user-menu').click();
      const userDropdown = page.locator('.ant-dropdown:visible');
      await expect.poll(() => userDropdown.textContent()).toContain('本社');
      await page.keyboard.press('Escape');
      await userDropdown.waitFor({ state: 'hidden' });

      await page.getByTestId('notification-bell').click();
      const list = page.getByTestId('notification-list');
      await list.waitFor();
      const box = await list.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
      await context.close();
    }
  });

  // Beside its value, a one-line label such as "Binding time extension agreement" left the value one character a line, or pushed it past the screen.
  test('a detail screen on a 390 px phone puts each label over its value, nothing past the edge: driver, delivery, trip', async () => {
    const db = stackOf().db;
    const driver = await db.selectFrom('drivers').select('id').where('login_id', '=', 'toto-d01').executeTakeFirstOrThrow();
    const delivery = await db.selectFrom('deliveries').select(['id', 'vehicle_allocation_id']).where('vehicle_allocation_id', 'is not', null).where('report_time', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
    for (const [path, details] of [
      [`/drivers/detail/${driver.id}`, 'driver-details'],
      [`/delivery/detail/${delivery.id}`, 'delivery-trip'],
      [`/store-direct/detail/${delivery.vehicle_allocation_id}`, 'page-title'],
    ]) {
      const { page, context } = await signedIn('center', PHONE, path);
      await switchToEnglish(page);
      await page.getByTestId(details).waitFor();
      const beyond = await page.evaluate((width) => [...document.querySelectorAll('main *')].filter((part) => part.getBoundingClientRect().right > width + 0.5 && !part.closest('.ant-table-wrapper, .leaflet-container')).map((part) => part.className), PHONE.width);
      expect(beyond, path).toEqual([]);
      expect(await page.locator('.ant-descriptions-item-label').count(), path).toBeGreaterThan(3);
      const beside = await page.locator('.ant-descriptions-row').evaluateAll((rows) => rows.filter((row) => row.querySelector('.ant-descriptions-item-label') && row.querySelector('.ant-descriptions-item-content')).length);
      expect(beside, `${path}: rows with a label beside a value`).toBe(0);
      if (details === 'page-title') {
        // The trip's heading (its number, vehicle and marks) keeps its width; the buttons beside it go under it.
        const title = await titleRoom(page);
        expect(title.has, `${path}: the card's title whole`).toBeGreaterThanOrEqual(title.needs);
      }
      await context.close();
    }
  });

  test("the store-direct board at 1280 px: a direction's transfer tag whole, its figures on a second line when the side has no room", async () => {
    const { page, context } = await signedIn('super', { width: 1280, height: 900 }, '/store-direct');
    const tags = page.getByTestId('transfer-tag');
    await expect.poll(() => tags.count()).toBeGreaterThan(0);
    // 「横浜市港北区方面」 and 「横浜センターへ移送」 left no room for 「横浜センターへ…」 on one line.
    expect(await tags.evaluateAll((elements) => elements.filter((e) => e.scrollWidth > e.clientWidth).map((e) => e.textContent)), 'tags cut').toEqual([]);
    const headers = await page.getByTestId('direction-header').evaluateAll((elements) =>
      elements.map((header) => {
        const edge = header.getBoundingClientRect().right;
        const name = header.querySelector('strong')!.getBoundingClientRect();
        return { outside: [...header.querySelectorAll('*')].filter((part) => part.getBoundingClientRect().right > edge + 0.5).length, nameLines: Math.round(name.height / 18) };
      }),
    );
    expect(headers.filter((header) => header.outside > 0 || header.nameLines > 1)).toEqual([]);
    await context.close();
  });

  test("the trip form on a 390 px phone: the center's name whole (its select had half the width)", async () => {
    const { page, context } = await signedIn('center', PHONE, '/vehicle-allocation/add');
    await switchToEnglish(page);
    const center = page.locator('.ant-form-item').filter({ has: page.locator('label', { hasText: /^Center$/ }) }).locator('.ant-select-selection-item');
    await expect.poll(() => center.textContent()).toBe('CT-SHINAGAWA 品川センター');
    expect(await center.evaluate((item) => item.scrollWidth > item.clientWidth), 'the center cut').toBe(false);
    await context.close();
  });

  test("a list's title on a 390 px phone wraps rather than losing its end: address sharing in English", async () => {
    const { page, context } = await signedIn('center', PHONE, '/delivery-destination-share');
    await switchToEnglish(page);
    const title = page.locator('.ant-page-header-heading-title');
    await expect.poll(() => title.textContent()).toBe('Delivery address information sharing');
    const room = await title.evaluate((element) => ({ needs: element.scrollWidth, has: element.clientWidth, right: element.getBoundingClientRect().right }));
    expect(room.has, 'the whole title').toBeGreaterThanOrEqual(room.needs);
    expect(room.right).toBeLessThanOrEqual(PHONE.width);
    await context.close();
  });

  test('the 404 page keeps the header and menu of a signed-in user', async () => {
    const { page, context } = await signedIn('center', DESKTOP, '/no/such/page');
    await page.getByTestId('error-page').waitFor();
    expect(await page.getByTestId('error-status').textContent()).toBe('404');
    expect(await page.getByTestId('app-header').isVisible()).toBe(true);
    expect(await page.getByTestId('top-menu').isVisible()).toBe(true);
    expect(await page.getByTestId('user-name').textContent()).not.toBe('');
    await context.close();
  });
});
