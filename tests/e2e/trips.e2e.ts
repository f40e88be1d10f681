/**
 * The trip screens in a real browser, over the real server: the trip list's status filter, the new
 * trip form (its layout, the regular driver its vehicle brings, the times its center's 稼働時間 give), a
 * completed trip read-only.
 */
import iconv from 'iconv-lite';
import { beforeAll, describe, expect, test } from 'vitest';
import { exported, rows, type Seeded, toEnglish, useDeliveriesStack } from './deliveries-fixtures.js';
import { asksFor, choose, signIn, visit } from './harness.js';

const { stackOf, TODAY, TRIP_DAY, tripListPath, seedAll } = await useDeliveriesStack();
let seeded: Seeded;

beforeAll(async () => {
  ({ seeded } = await seedAll());
});

describe('deliveries and trips, in a real browser', () => {
  test('center: the trip list filters by status', async () => {
    const { page, context } = await stackOf().newPage();
    await signIn(page, 'center');
    await page.goto(tripListPath);
    await expect.poll(async () => (await rows(page).allTextContents()).join('\n')).toContain('E2E他社便');
    expect((await rows(page).allTextContents()).join('\n')).toContain('E2E東都便');
    // The page's totals: its trips, and their weight as the database has it.
    const day = await stackOf().db.selectFrom('vehicle_allocations').select('weight').where('date', '=', TRIP_DAY).execute();
    const kg = day.reduce((sum, trip) => sum + Number(trip.weight), 0).toLocaleString('ja-JP');
    const totals = await page.getByTestId('trip-totals').textContent();
    expect(totals).toContain(`合計（このページ）: ${day.length}便`);
    expect(totals).toContain(`${kg}kg`);
    await page.getByTestId('trip-status-filter').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '配送中' }).click();
    await page.keyboard.press('Escape');
    // Only the trip in transit is left (the planned one went with the filter).
    await expect.poll(async () => (await rows(page).allTextContents()).map((row) => row.includes('E2E東都便'))).toEqual([true]);
    const statuses = await page.getByTestId('trip-status').allTextContents();
    expect(statuses).toEqual(['配送中']);
    // The filter lives in the URL: a reload keeps it.
    await page.reload();
    await expect.poll(() => page.getByTestId('trip-status').allTextContents()).toEqual(statuses);
    // 「CSV出力」 takes the list's conditions: the one trip in transit, here in Shift_JIS for Excel.
    const csv = iconv.decode(await exported(page, 'sjis'), 'cp932').trimEnd().split('\r\n');
    expect(csv[0]).toMatch(/^配車日,便No,便名,センター,種別,ルート,/);
    expect(csv.slice(1)).toHaveLength(1);
    expect(csv[1]).toContain('E2E東都便');
    expect(csv[1]).toContain(',配送中,');

    await visit(page, `/vehicle-allocation/edit/${seeded.otherTrip}`);
    await expect.poll(() => page.getByTestId('trip-vehicle').textContent()).toMatch(/\D/);
    // Someone else saves first: the save answers 409, the dialog says so and loads the latest version.
    const db = stackOf().db;
    await db.updateTable('vehicle_allocations').set((eb) => ({ version: eb('version', '+', 1), route_name: 'E2E他社便（変更）' })).where('id', '=', seeded.otherTrip).execute();
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await expect.poll(() => page.getByTestId('conflict-message').textContent()).toContain('再読み込み');
    await page.getByTestId('conflict-reload').click();
    await expect.poll(() => page.locator('#route_name').inputValue()).toBe('E2E他社便（変更）');
    await visit(page, '/vehicle-allocation/add');
    await page.getByTestId('trip-form').waitFor();
    await toEnglish(page);
    await visit(page, tripListPath);
    await expect.poll(() => rows(page).count()).toBe(2);
    await visit(page, `/vehicle-allocation/edit/${seeded.otherTrip}`);
    await expect.poll(() => page.getByTestId('trip-vehicle').textContent()).toMatch(/\D/);
    await context.close();
  });

  test('carrier: reads its own company’s trips in 配車一覧 and a trip’s detail, with nothing to edit', async () => {
    const { page, context } = await stackOf().newPage();
    await signIn(page, 'carrier');
    await page.goto(tripListPath);
    // Its own trip, not the other company's of the same center and day.
    await expect.poll(async () => (await rows(page).allTextContents()).map((row) => row.includes('E2E東都便'))).toEqual([true]);
    expect((await rows(page).allTextContents()).join('\n')).not.toContain('E2E他社便');
    // No new trip, no center or company to choose (the server chooses its company's), no edit: its detail.
    expect(await page.getByTestId('trip-create').count()).toBe(0);
    expect(await page.getByTestId('trip-department-filter').count()).toBe(0);
    expect(await page.getByTestId('trip-company-filter').count()).toBe(0);
    const row = page.locator(`tr.ant-table-row[data-row-key="${seeded.ownTrip}"]`);
    expect(await row.getByTestId('row-edit').count()).toBe(0);
    await row.getByTestId('row-show').click();
    await page.waitForURL(`**/store-direct/detail/${seeded.ownTrip}`);
    await expect.poll(() => page.getByTestId('page-title').textContent()).toContain('91');
    // Back to 配車一覧 of its day, not to a board it may not open.
    const back = page.getByRole('link', { name: '配車一覧へ' });
    expect(await back.count()).toBe(2);
    await back.last().click();
    await page.waitForURL((url) => url.pathname === '/vehicle-allocation' && url.search.includes(TRIP_DAY));
    await expect.poll(async () => (await rows(page).allTextContents()).map((row) => row.includes('E2E東都便'))).toEqual([true]);
    // Another company's trip: its detail is not found.
    await visit(page, `/store-direct/detail/${seeded.otherTrip}`);
    await expect.poll(() => page.locator('.ant-alert-error').count()).toBe(1);
    await context.close();
  });

  test('center: the new trip form lines its fields up in three columns', async () => {
    const { page, context } = await stackOf().newPage();
    await signIn(page, 'center');
    await page.goto('/vehicle-allocation/add');
    await page.getByTestId('trip-form').waitFor();
    const lefts = await page.getByTestId('trip-form').locator('.ant-form-item').evaluateAll((items) =>
      items.filter((item) => item.getBoundingClientRect().width > 0).map((item) => Math.round(item.getBoundingClientRect().left)),
    );
    expect(lefts.length, 'fields shown').toBeGreaterThan(10);
    expect(new Set(lefts).size, 'the left edges of the fields').toBe(3);
    await context.close();
  });

  test('center: a new trip’s vehicle brings its regular driver (担当車両); a driver already there stays', async () => {
    const { page, context } = await stackOf().newPage();
    await signIn(page, 'center');
    const regulars = await stackOf()
      .db.selectFrom('drivers as d')
      .innerJoin('vehicles as v', 'v.id', 'd.default_vehicle_id')
      .innerJoin('departments as c', 'c.id', 'v.base_department_id')
      .select(['d.name', 'v.vehicle_number'])
      .where('c.code', '=', 'CT-SHINAGAWA')
      .where('d.deleted_at', 'is', null)
      .orderBy('v.id')
      .limit(2)
      .execute();
    expect(regulars).toHaveLength(2);
    const [first, second] = regulars as [(typeof regulars)[number], (typeof regulars)[number]];
    const chooseIn = (testId: string, text: string) => choose(page, `[data-testid=${testId}] input`, text);
    const shownDriver = () => page.getByTestId('trip-driver').locator('.ant-select-selection-item').textContent().catch(() => null);
    await page.goto('/vehicle-allocation/add');
    await page.getByTestId('trip-form').waitFor();
    await chooseIn('trip-vehicle', first.vehicle_number);
    await expect.poll(shownDriver).toBe(first.name);
    // Another vehicle leaves the driver already there alone (its own regular driver is someone else): nothing is even looked up.
    const lookedUp = asksFor(page, 'default_vehicle_id=');
    await chooseIn('trip-vehicle', second.vehicle_number);
    await expect.poll(() => page.getByTestId('trip-vehicle').locator('.ant-select-selection-item').textContent()).toContain(second.vehicle_number);
    expect(await lookedUp, 'no regular driver looked up').toBe(false);
    expect(await shownDriver(), 'the driver stays').toBe(first.name);
    await context.close();
  });

  test('center: a new trip starts at its center’s 稼働時間 for its kind and day (a store trip added today past its loading start, from the next quarter hour), until the planner types times of their own', async () => {
    const { page, context } = await stackOf().newPage();
    // The browser's clock at 06:00 today, before any loading start of 品川.
    await page.clock.setFixedTime(new Date(`${TODAY}T06:00:00+09:00`));
    await signIn(page, 'center');
    const timesOf = (deliveryType: number) =>
      stackOf()
        .db.selectFrom('operation_times as o')
        .innerJoin('departments as c', 'c.id', 'o.department_id')
        .select(['o.loading_start', 'o.departure'])
        .where('c.code', '=', 'CT-SHINAGAWA')
        .where('o.delivery_type', '=', deliveryType)
        .where('o.deleted_at', 'is', null)
        .executeTakeFirstOrThrow();
    const [storeDirect, transfer] = [await timesOf(1), await timesOf(0)];
    expect(storeDirect.loading_start).not.toBe(transfer.loading_start);
    const shown = async () =>
      Promise.all(['planned_loading_start', 'planned_departure'].map((name) => page.locator(`.ant-form-item:has(#${name}) input`).inputValue()));
    const expected = (day: string, times: { loading_start: string; departure: string }) =>
      [times.loading_start, times.departure].map((time) => `${day.replaceAll('-', '/')} ${time.slice(0, 5)}`);
    await page.goto('/vehicle-allocation/add');
    await page.getByTestId('trip-form').waitFor();
    await expect.poll(shown).toEqual(expected(TODAY, storeDirect));
    await choose(page, '#kind', 'センター間（前日）');
    await expect.poll(shown).toEqual(expected(TODAY, transfer));
    // Times of the planner's own stay whatever the kind.
    const start = page.locator('#planned_loading_start');
    await start.click();
    await start.fill(`${TODAY.replaceAll('-', '/')} 04:15`);
    await page.keyboard.press('Enter');
    await expect.poll(shown).toEqual([`${TODAY.replaceAll('-', '/')} 04:15`, expected(TODAY, transfer)[1]]);
    const timesRead = asksFor(page, '/operation_time');
    await choose(page, '#kind', '店舗直送');
    expect(await timesRead, 'no 稼働時間 read over times of the planner’s own').toBe(false);
    expect((await shown())[0]).toBe(`${TODAY.replaceAll('-', '/')} 04:15`);

    // At 11:05: a store trip loads from 11:15 and leaves after the center's usual loading time; a transfer keeps the lane's times.
    await page.clock.setFixedTime(new Date(`${TODAY}T11:05:00+09:00`));
    await page.goto('/vehicle-allocation/add');
    await page.getByTestId('trip-form').waitFor();
    const loadingMinutes = (times: { loading_start: string; departure: string }) =>
      [times.departure, times.loading_start].map((time) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))).reduce((departure, start) => departure - start);
    const departure = 11 * 60 + 15 + loadingMinutes(storeDirect);
    const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    await expect.poll(shown).toEqual([`${TODAY.replaceAll('-', '/')} 11:15`, `${TODAY.replaceAll('-', '/')} ${clock(departure)}`]);
    await choose(page, '#kind', 'センター間（前日）');
    await expect.poll(shown).toEqual(expected(TODAY, transfer));
    await context.close();
  });

  test('a completed trip opens read-only from its 詳細 button: its reason shows, its fields and 保存 are disabled; a planned one stays editable', async () => {
    const { page, context } = await stackOf().newPage();
    await signIn(page, 'center');
    const shinagawaTrip = (status: number) =>
      stackOf()
        .db.selectFrom('vehicle_allocations as va')
        .innerJoin('departments as d', 'd.id', 'va.department_id')
        .select(['va.id', 'va.date'])
        .where('d.code', '=', 'CT-SHINAGAWA')
        .where('va.status', '=', status)
        .orderBy('va.id')
        .executeTakeFirstOrThrow();
    const save = page.getByRole('button', { name: /保\s*存/ });
    const completed = await shinagawaTrip(3);
    const day = String(completed.date).slice(0, 10);
    await page.goto(`/vehicle-allocation?filters[0][field]=date_from&filters[0][operator]=eq&filters[0][value]=${day}&filters[1][field]=date_to&filters[1][operator]=eq&filters[1][value]=${day}`);
    const row = page.locator(`tr.ant-table-row[data-row-key="${completed.id}"]`);
    await expect.poll(() => row.getByTestId('row-show').count()).toBe(1);
    expect(await row.getByTestId('row-edit').count()).toBe(0);
    // Its 確定 tag tells when on hover (a tooltip made on the pointer's first visit).
    await page.mouse.move(0, 0);
    await row.getByTestId('trip-confirmed').hover();
    await expect.poll(() => page.locator('.ant-tooltip:visible').textContent()).toMatch(/^確定日時 \d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/);
    await row.getByTestId('row-show').click();
    await expect.poll(() => page.getByTestId('trip-closed').textContent()).toBe('この便は完了済みのため操作できません。');
    await expect.poll(() => page.locator('#route_name').isDisabled()).toBe(true);
    expect(await save.isDisabled()).toBe(true);

    await visit(page, `/vehicle-allocation/edit/${(await shinagawaTrip(0)).id}`);
    await expect.poll(() => page.locator('#route_name').isDisabled()).toBe(false);
    expect(await page.getByTestId('trip-closed').count()).toBe(0);
    await expect.poll(() => save.isDisabled()).toBe(false);
    await context.close();
  });
});
