/**
 * The store-direct board in a real browser: a planner at 品川センター drags deliveries onto a trip (the
 * capacity bar fills), sees an over-capacity drop refused, undoes with Ctrl+Z, confirms and starts
 * loading; moves stops between trips, confirms every draft, runs the stops as a round; the branch above
 * the center sees the same trip.
 */
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, onTestFinished, test } from 'vitest';
import { addDays } from '../../common/allocation.js';
import type { Point } from '../../common/places.js';
import { bestRound, type RoundStop } from '../../common/rounds.js';
import { demoDay } from '../server/helpers.js';
import { boardSettled as settled, dragOnBoard as drag, useAllocationStack, DATE, type Fixture, MOVE_DATE } from './allocation-fixtures.js';
import { choose, signIn, toast } from './harness.js';

const { stackOf, seed, seedDirection } = useAllocationStack();
let fixture: Fixture;

const boardPath = () => `/store-direct?center=${fixture.centerId}&date=${DATE}`;
const deliveryRow = (page: Page, id: number) => page.locator(`[data-testid=unallocated-delivery][data-delivery-id="${id}"]`);
const tripCard = (page: Page) => page.getByTestId('trip-card').filter({ hasText: fixture.vehicleNumber });
const palletFigures = (card: Locator) => card.getByTestId('capacity-pallets-figures');
/**
 * The tooltips shown once the mouse is over a control, as a planner opens them: the mouse comes onto it from elsewhere (after a
 * click on the control itself the pointer is already there, and no tooltip opens on the way in).
 */
async function tooltipsOver(page: Page, control: Locator) {
  await page.mouse.move(0, 0);
  await control.hover();
  return page.getByRole('tooltip').allTextContents();
}

/** How far a stop is shifted down while a drag sorts it (dnd-kit's transform; 0 when it stays). */
const shiftOf = (stop: Locator) => stop.evaluate((element) => new DOMMatrixReadOnly(getComputedStyle(element).transform).m42);
const movedDown = async (stop: Locator) => (await shiftOf(stop)) > 0;
const movedUp = async (stop: Locator) => (await shiftOf(stop)) < 0;

describe('the store-direct board, in a real browser', () => {
  beforeAll(async () => {
    fixture = await seed();
  });

  test('center: allocates by drag and drop, is refused over capacity, undoes, confirms and starts loading', async () => {
    const { page, context } = await stackOf().newPage();
    await signIn(page, 'center');
    await page.goto(boardPath());
    await expect.poll(() => deliveryRow(page, fixture.small).count()).toBe(1);

    // / jumps to the left side's search, as on every list; it finds a delivery by its slip, says when nothing matches; Esc lists all again.
    const search = page.getByTestId('unallocated-search');
    await page.keyboard.press('/');
    await expect.poll(() => search.evaluate((input) => input === document.activeElement)).toBe(true);
    await page.keyboard.type('e2e-0002');
    await expect.poll(() => page.getByTestId('unallocated-delivery').count()).toBe(1);
    expect(await page.getByTestId('unallocated-search-count').textContent()).toBe('1 / 3件');
    expect(await deliveryRow(page, fixture.second).count()).toBe(1);
    await search.fill('該当しない店');
    await expect.poll(() => page.getByTestId('unallocated-panel').textContent()).toContain('該当する未配車の配送はありません');
    await search.press('Escape');
    await expect.poll(() => page.getByTestId('unallocated-delivery').count()).toBe(3);

    // A new trip from a free vehicle: its regular driver (担当車両) comes with it.
    await page.getByTestId('new-trip-vehicle').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: fixture.vehicleNumber }).first().click();
    expect(await page.getByTestId('new-trip-driver').locator('.ant-select-selection-item').textContent()).toBe(fixture.regularDriver);
    await page.getByTestId('new-trip-create').click();
    await expect.poll(() => tripCard(page).count()).toBe(1);
    const card = tripCard(page);
    expect(await card.textContent()).toContain(fixture.regularDriver);
    await expect.poll(() => palletFigures(card).textContent()).toBe(`0 / ${fixture.capacity}`);

    // One delivery onto the trip: the bar fills and the delivery leaves the left side.
    await drag(page, deliveryRow(page, fixture.small), card);
    await expect.poll(() => palletFigures(card).textContent()).toBe(`2 / ${fixture.capacity}`);
    await expect.poll(() => deliveryRow(page, fixture.small).count()).toBe(0);
    await expect.poll(() => card.getByTestId('trip-stop').count()).toBe(1);

    // 999 more pallets do not fit: refused with the server's figures (2 + 999 over the capacity), nothing changes.
    await drag(page, deliveryRow(page, fixture.huge), card);
    const refusal = page.locator('.ant-notification-notice').filter({ hasText: /1,?001/ }).filter({ hasText: String(fixture.capacity) });
    await expect.poll(() => refusal.count()).toBeGreaterThan(0);
    expect(await palletFigures(card).textContent()).toBe(`2 / ${fixture.capacity}`);
    await expect.poll(() => deliveryRow(page, fixture.huge).count()).toBe(1);

    // Ctrl+Z puts the last allocation back.
    await settled(page);
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('Control+z');
    await expect.poll(() => palletFigures(card).textContent()).toBe(`0 / ${fixture.capacity}`);
    await expect.poll(() => deliveryRow(page, fixture.small).count()).toBe(1);

    // Two deliveries selected by click go on together.
    await deliveryRow(page, fixture.small).click();
    await deliveryRow(page, fixture.second).click();
    await drag(page, deliveryRow(page, fixture.second), card);
    await expect.poll(() => palletFigures(card).textContent()).toBe(`3 / ${fixture.capacity}`);
    await expect.poll(() => card.getByTestId('trip-stop').count()).toBe(2);

    // Keyboard reorder: focus the first stop, Space, ↓, Space: it becomes the second.
    await settled(page);
    const stops = card.getByTestId('trip-stop');
    const [first, second] = [await stops.nth(0).getAttribute('data-store'), await stops.nth(1).getAttribute('data-store')];
    await stops.nth(0).focus();
    await page.keyboard.press('Space');
    await expect.poll(() => stops.nth(0).getAttribute('class')).toContain('alloc-stop--dragging');
    // dnd-kit measures the stops after the drag starts: an arrow before that moves nothing, so it is pressed until the stop moves.
    await expect
      .poll(async () => {
        if (await movedDown(stops.nth(0))) return true;
        await page.keyboard.press('ArrowDown');
        return false;
      })
      .toBe(true);
    // Dropped once the second stop has made room above it.
    await expect.poll(() => movedUp(stops.nth(1))).toBe(true);
    await page.keyboard.press('Space');
    await expect.poll(() => stops.nth(0).getAttribute('data-store')).toBe(second);
    await expect.poll(() => stops.nth(1).getAttribute('data-store')).toBe(first);
    await page.reload();
    await expect.poll(() => tripCard(page).getByTestId('trip-stop').nth(0).getAttribute('data-store')).toBe(second);

    // A draft cannot start loading: the button waits for 確定 and its tooltip says why.
    await settled(page);
    expect(await card.getByTestId('trip-loading-start').isDisabled()).toBe(true);
    await expect.poll(() => tooltipsOver(page, card.getByTestId('trip-loading-start-wrapper'))).toContain('この便は確定されていないため積込開始できません。');

    // 確定; 積込開始 still waits: the trip loads weeks ahead, and loading opens 12 hours before its planned start.
    await card.getByTestId('trip-confirm').click();
    await expect.poll(() => card.getByTestId('trip-confirmed').count()).toBe(1);
    expect(await card.getByTestId('trip-loading-start').isDisabled()).toBe(true);
    await expect.poll(() => tooltipsOver(page, card.getByTestId('trip-loading-start-wrapper')).then((tips) => tips.join(' '))).toMatch(/^この便の積込開始は \d{4}\/\d{2}\/\d{2} \d{2}:\d{2} 以降に行えます/);
    // The planner brings its loading forward to within the hour: now it may start.
    await stackOf()
      .db.updateTable('vehicle_allocations')
      .set({ planned_loading_start: new Date(Date.now() + 60 * 60_000) })
      .where('date', '=', DATE)
      .where('department_id', '=', fixture.centerId)
      .execute();
    await page.reload();
    await expect.poll(() => card.getByTestId('trip-loading-start').isDisabled()).toBe(false);
    await card.getByTestId('trip-loading-start').click();
    await page.getByTestId('trip-loading-start-ok').click();
    await expect.poll(() => card.getByTestId('trip-status').textContent()).toBe('積込中');
    await expect.poll(() => card.getByTestId('trip-confirm').isDisabled()).toBe(true); // a loading trip stays confirmed
    const trip = await stackOf()
      .db.selectFrom('vehicle_allocations')
      .select(['status', 'confirmed_at', 'loading_started_at'])
      .where('date', '=', DATE)
      .where('department_id', '=', fixture.centerId)
      .executeTakeFirstOrThrow();
    expect(trip.status).toBe(1);
    expect(trip.confirmed_at).not.toBeNull();
    expect(trip.loading_started_at).not.toBeNull();
    await context.close();
  });

  test('center: a loading board claims nothing is empty; a board that failed says why and loads again on request', async () => {
    const { page, context } = await stackOf().newPage();
    await signIn(page, 'center');
    // The board's first answer held back, then refused; the next one passes.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let answers = 0;
    await page.route('**/api/vehicle_allocation/board?**', async (route) => {
      answers++;
      if (answers > 1) return route.continue();
      await held;
      return route.fulfill({ status: 500, json: { message: '配車ボードの読み込みに失敗しました（試験）', code: 500 } });
    });
    await page.goto(boardPath());
    const panel = page.getByTestId('unallocated-panel');
    await expect.poll(() => panel.count()).toBe(1);
    await expect.poll(() => page.locator('.ant-spin-spinning').count()).toBeGreaterThan(0);
    expect(await panel.locator('.ant-empty').count(), 'no 「未配車の配送はありません」 before the board is read').toBe(0);
    expect(await page.getByTestId('trip-list').locator('.ant-empty').count(), 'no 「この日の便はありません」 either').toBe(0);

    release();
    const failure = page.getByTestId('load-failure');
    await expect.poll(() => failure.textContent()).toContain('配車ボードの読み込みに失敗しました（試験）');
    expect(await panel.locator('.ant-empty').count(), 'a failed board is not an empty one').toBe(0);

    await failure.getByRole('button', { name: '再読み込み' }).click();
    await expect.poll(() => page.getByTestId('totals-unallocated').count()).toBe(1);
    expect(await failure.count()).toBe(0);
    await context.close();
  });

  test('center: a link to a center outside its scope opens its own center’s board, without an error on the way', async () => {
    const { page, context } = await stackOf().newPage();
    await signIn(page, 'center');
    const elsewhere = await stackOf().db.selectFrom('departments').select('id').where('code', '=', 'CT-YOKOHAMA').executeTakeFirstOrThrow();
    // The centers in scope come late: the board of the address's center is refused before they are known.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/department?**', async (route) => {
      if (new URL(route.request().url()).searchParams.get('level') === '4') await held;
      return route.continue();
    });
    const refused = page.waitForResponse((response) => response.url().includes(`/api/vehicle_allocation/board?department_id=${elsewhere.id}&`));
    await page.goto(`/store-direct?center=${elsewhere.id}&date=${DATE}`);
    expect((await refused).status()).toBe(404);
    await settled(page); // the refusal read, and rendered if it were shown
    expect(await page.getByTestId('load-failure').count(), 'no error for a center about to be replaced').toBe(0);
    release();
    await expect.poll(() => page.getByTestId('totals-unallocated').count()).toBe(1);
    expect(await page.getByTestId('center-select').textContent()).toContain('品川センター');
    expect(await page.getByTestId('load-failure').count()).toBe(0);
    await context.close();
  });

  test('branch: sees the trip of its center, loading', async () => {
    const { page, context } = await stackOf().newPage('en-US');
    await signIn(page, 'branch');
    await page.goto(boardPath());
    await expect.poll(() => tripCard(page).count()).toBe(1);
    await expect.poll(() => tripCard(page).getByTestId('trip-stop').count()).toBe(2);
    expect(await tripCard(page).getByTestId('trip-status').textContent()).toMatch(/積込中|Loading/);
    await context.close();
  });

  test('center, in English on a 1366 px screen: every trip keeps its head on one line, the vehicle type giving way; the tools that make trips share a line', async () => {
    // The longest name a type of the demo might have had: the demo's own names all fit at 07:05.
    const db = stackOf().db;
    const trailer = await db.selectFrom('vehicle_types').select(['id', 'name']).where('name', '=', 'トレーラー').executeTakeFirstOrThrow();
    const longName = 'セミトレーラー（ウイング・エアサス）';
    await db.updateTable('vehicle_types').set({ name: longName }).where('id', '=', trailer.id).execute();
    onTestFinished(() => db.updateTable('vehicle_types').set({ name: trailer.name }).where('id', '=', trailer.id).execute().then(() => undefined));
    const { page, context } = await stackOf().newPage();
    await context.addInitScript(() => localStorage.setItem('locale', 'en'));
    await page.setViewportSize({ width: 1366, height: 900 });
    await signIn(page, 'center');
    await page.goto(`/store-direct?center=${fixture.centerId}&date=${demoDay}`);
    const cards = page.getByTestId('trip-card');
    await expect.poll(() => cards.count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(4);
    const heights = await cards.evaluateAll((all) =>
      all.map((card) => ({
        head: card.querySelector('.alloc-trip__head')!.getBoundingClientRect().height,
        pin: card.querySelector('[data-testid=trip-pin]')!.getBoundingClientRect().height,
      })),
    );
    for (const { head, pin } of heights) expect(head, 'one line, as high as its pin button').toBeLessThanOrEqual(pin + 2);
    const types = await cards.locator('.alloc-trip__type').evaluateAll((all) =>
      all.map((type) => ({ cut: type.scrollWidth > type.clientWidth, text: type.textContent, title: type.getAttribute('title') })),
    );
    expect(types.find((type) => type.text === longName)?.cut, 'the long name gives way').toBe(true);
    for (const type of types) expect(type.title, 'its full name in the tooltip').toBe(type.text);

    const middle = async (testId: string) => {
      const box = (await page.getByTestId(testId).boundingBox())!;
      return box.y + box.height / 2;
    };
    expect(await middle('board-copy-previous-day')).toBeCloseTo(await middle('new-trip-create'), 0);
    expect(await middle('board-print-day'), 'the day’s prints beside the tools that make trips').toBeCloseTo(await middle('new-trip-create'), 0);
    expect(await middle('board-confirm-all'), 'the day’s tools on the totals’ line').toBeCloseTo(await middle('totals-unallocated'), 0);
    await context.close();
  });

  test('center: a whole direction onto a trip, a stop to another trip, back to the left, undo, and a digit key sends a ticked delivery to that trip', async () => {
    const { direction, ids } = await seedDirection(fixture.centerId);
    const { page, context } = await stackOf().newPage();
    await signIn(page, 'center');
    await page.goto(`/store-direct?center=${fixture.centerId}&date=${MOVE_DATE}`);
    await expect.poll(() => page.getByTestId('unallocated-delivery').count()).toBe(ids.length);
    for (let i = 0; i < 2; i++) {
      await page.getByTestId('new-trip-vehicle').click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option:not(.ant-select-item-option-disabled)').first().click();
      await page.getByTestId('new-trip-create').click();
      await expect.poll(() => page.getByTestId('trip-card').count()).toBe(i + 1);
    }
    const [one, two] = [page.getByTestId('trip-card').nth(0), page.getByTestId('trip-card').nth(1)];
    const stopsOf = (card: Locator) => card.getByTestId('trip-stop');

    // The direction's handle carries all its deliveries.
    const group = page.getByTestId('direction-group').filter({ hasText: direction });
    await drag(page, group.locator('.alloc-handle'), one);
    await expect.poll(() => palletFigures(one).textContent()).toMatch(new RegExp(`^${ids.length} / `));
    await expect.poll(() => page.getByTestId('unallocated-delivery').count()).toBe(0);

    // A stop dragged to the other trip moves there (POST …/move).
    await settled(page);
    const moved = await stopsOf(one).first().getAttribute('data-store');
    await drag(page, stopsOf(one).first(), two);
    await expect.poll(() => stopsOf(two).count()).toBe(1);
    expect(await stopsOf(two).first().getAttribute('data-store')).toBe(moved);
    await expect.poll(() => palletFigures(one).textContent()).toMatch(new RegExp(`^${ids.length - 1} / `));

    // Dropped on the left, it is unallocated again; Ctrl+Z puts it back on its trip.
    await settled(page);
    await drag(page, stopsOf(two).first(), page.getByTestId('unallocated-panel'));
    await expect.poll(() => page.getByTestId('unallocated-delivery').count()).toBe(1);
    await expect.poll(() => stopsOf(two).count()).toBe(0);
    await settled(page);
    await page.keyboard.press('Control+z');
    await expect.poll(() => stopsOf(two).count()).toBe(1);
    await expect.poll(() => page.getByTestId('unallocated-delivery').count()).toBe(0);

    // Without dragging: back on the left, ticked, then the digit of a trip's number sends it there.
    await settled(page);
    await drag(page, stopsOf(two).first(), page.getByTestId('unallocated-panel'));
    await expect.poll(() => page.getByTestId('unallocated-delivery').count()).toBe(1);
    await settled(page);
    await page.getByTestId('unallocated-delivery').first().click();
    const oneNo = await one.getAttribute('data-trip-no');
    await page.keyboard.press(oneNo!);
    await expect.poll(() => page.getByTestId('unallocated-delivery').count()).toBe(0);
    await expect.poll(() => palletFigures(one).textContent()).toMatch(new RegExp(`^${ids.length} / `));
    await context.close();
  });

  test('center: 全便確定 confirms every draft ready to run, after asking; a draft without a driver stays a draft', async () => {
    const day = addDays(DATE, 4);
    const { direction, ids } = await seedDirection(fixture.centerId, day, 'E2E-A');
    const { page, context } = await stackOf().newPage();
    await signIn(page, 'center');
    await page.goto(`/store-direct?center=${fixture.centerId}&date=${day}`);
    await expect.poll(() => page.getByTestId('unallocated-delivery').count()).toBe(ids.length);
    // One trip with the fixture's vehicle and its regular driver, the direction on it; one with another vehicle, its driver cleared.
    await choose(page, '[data-testid=new-trip-vehicle] input', fixture.vehicleNumber);
    await page.getByTestId('new-trip-create').click();
    await expect.poll(() => page.getByTestId('trip-card').count()).toBe(1);
    const ready = tripCard(page);
    await drag(page, page.getByTestId('direction-group').filter({ hasText: direction }).locator('.alloc-handle'), ready);
    await expect.poll(() => page.getByTestId('unallocated-delivery').count()).toBe(0);
    await settled(page);
    await page.getByTestId('new-trip-vehicle').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option:not(.ant-select-item-option-disabled)').first().click();
    await page.getByTestId('new-trip-driver').hover();
    const clear = page.getByTestId('new-trip-driver').locator('.ant-select-clear');
    if (await clear.count()) await clear.click();
    await page.getByTestId('new-trip-create').click();
    await expect.poll(() => page.getByTestId('trip-card').count()).toBe(2);
    await settled(page);

    const confirmAll = page.getByTestId('board-confirm-all');
    expect(await confirmAll.textContent()).toBe('全便確定（1）');
    await confirmAll.click();
    await expect.poll(() => page.locator('.ant-modal-confirm-title').textContent()).toBe('1便を確定します');
    await page.getByTestId('confirm-all-ok').click();
    await toast(page, '1便を確定しました');
    await expect.poll(() => ready.getByTestId('trip-confirmed').count()).toBe(1);
    const confirmed = await stackOf()
      .db.selectFrom('vehicle_allocations')
      .select(['driver_id', 'confirmed_at'])
      .where('date', '=', day)
      .where('department_id', '=', fixture.centerId)
      .orderBy('trip_no')
      .execute();
    expect(confirmed.map((trip) => [trip.driver_id !== null, trip.confirmed_at !== null])).toEqual([
      [true, true],
      [false, false],
    ]);
    await expect.poll(() => confirmAll.isDisabled()).toBe(true);

    // Then the day's 運行指示書 for the drivers, one PDF for the center's trips, from the same strip.
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByTestId('board-print-day').click()]);
    expect(download.suggestedFilename()).toBe(`delivery-operation_${day}.pdf`);
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    await context.close();
  });

  test('center: 近い順 runs the stops as a round from the center, is off once they are, undoes with Ctrl+Z, and never moves a pinned trip', async () => {
    const day = addDays(DATE, 3);
    const { ids } = await seedDirection(fixture.centerId, day, 'E2E-R');
    const { page, context } = await stackOf().newPage();
    await signIn(page, 'center');
    await page.goto(`/store-direct?center=${fixture.centerId}&date=${day}`);
    await expect.poll(() => page.getByTestId('unallocated-delivery').count()).toBe(ids.length);
    await page.getByTestId('new-trip-vehicle').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option:not(.ant-select-item-option-disabled)').first().click();
    await page.getByTestId('new-trip-create').click();
    const card = page.getByTestId('trip-card').first();
    // It starts at the center's 稼働時間 (the demo's store delivery: 09:00), so its stops get arrivals.
    await expect.poll(() => card.getByTestId('trip-times').textContent()).toBe('09:00 出発');
    await drag(page, page.getByTestId('direction-group').first().locator('.alloc-handle'), card);
    await expect.poll(() => card.getByTestId('trip-stop').count()).toBe(ids.length);
    await expect.poll(() => card.getByTestId('stop-arrival').allTextContents()).toEqual(ids.map(() => expect.stringMatching(/^\d{2}:\d{2}$/)));
    const order = () => card.getByTestId('trip-stop').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-store')));
    await expect.poll(() => card.getByTestId('trip-distance').textContent()).toMatch(/^約\d+\.\d km$/);
    const round = page.getByTestId('trip-round');

    // Nearest first, then off: the stops already are, and the tooltip says so.
    await settled(page);
    if (await round.isEnabled()) await round.click();
    await settled(page);
    await expect.poll(() => round.isDisabled()).toBe(true);
    await expect.poll(() => tooltipsOver(page, card.getByTestId('trip-round-wrapper'))).toContain('すでにこの停車順が最適です。');
    const nearestFirst = await order();
    // …the order the rule keeps (common/rounds.ts): the stores' times kept first, then the shortest way;
    // no other order of the three is better, from the trip's planned departure as stored (none: km alone).
    const db = stackOf().db;
    const center = (await db.selectFrom('departments').select(['latitude', 'longitude']).where('id', '=', fixture.centerId).executeTakeFirstOrThrow()) as Point;
    const stored = await db
      .selectFrom('vehicle_allocations')
      .select('planned_departure')
      .where('id', '=', Number(await card.getAttribute('data-trip-id')))
      .executeTakeFirstOrThrow();
    const stores = await db
      .selectFrom('delivery_destinations')
      .select(['customer_store_name', 'latitude', 'longitude', 'start_time', 'ending_time', 'specified_time'])
      .where('customer_store_name', 'in', nearestFirst as string[])
      .execute();
    const at = (name: string | null) => stores.find((s) => s.customer_store_name === name) as unknown as RoundStop;
    expect(bestRound(center, stored.planned_departure, nearestFirst.map(at))).toEqual([0, 1, 2]);

    // Out of order by a drag, 近い順 brings the round back and Ctrl+Z the dragged order, each stored (a reload shows it).
    await drag(page, card.getByTestId('trip-stop').first(), card.getByTestId('trip-stop').last());
    await settled(page);
    const dragged = await order();
    expect(dragged).not.toEqual(nearestFirst);
    await expect.poll(() => round.isEnabled()).toBe(true);
    await round.click();
    await expect.poll(order).toEqual(nearestFirst);
    await settled(page);
    await page.keyboard.press('Control+z');
    await expect.poll(order).toEqual(dragged);
    await settled(page);
    await page.reload();
    await expect.poll(order).toEqual(dragged);
    await round.click();
    await settled(page);
    await page.reload();
    await expect.poll(order).toEqual(nearestFirst);

    // 全便を近い順 does the same for every trip it would reorder, and one Ctrl+Z puts them back.
    await drag(page, card.getByTestId('trip-stop').first(), card.getByTestId('trip-stop').last());
    await settled(page);
    const draggedAgain = await order();
    expect(draggedAgain).not.toEqual(nearestFirst);
    await page.getByTestId('board-round-all').click();
    await expect.poll(order).toEqual(nearestFirst);
    await toast(page, '1便の停車順を並べ替えました。');
    await settled(page);
    await page.keyboard.press('Control+z');
    await expect.poll(order).toEqual(draggedAgain);
    await settled(page);

    // A pinned trip (固定) is never reordered: off, with the reason.
    await drag(page, card.getByTestId('trip-stop').first(), card.getByTestId('trip-stop').last());
    await settled(page);
    await card.getByTestId('trip-pin').click();
    await settled(page);
    await expect.poll(() => card.getByTestId('trip-pin').getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => round.isDisabled()).toBe(true);
    await expect.poll(() => tooltipsOver(page, card.getByTestId('trip-round-wrapper'))).toContain('固定された便は並べ替えできません。');

    // A stop's warning as long as a store's name makes it wraps inside the card, not past its edge.
    const { vehicle_allocation_id: tripId } = await db.selectFrom('deliveries').select('vehicle_allocation_id').where('id', '=', ids[0]!).executeTakeFirstOrThrow();
    const longStore = 'ホームセンターくすのき 世田谷区南町駅前ショッピングモール二階店';
    const warning = { code: 'allocation.warnings.missesSpecifiedTime', params: { store: longStore, planned: '11:01', specified: '09:00' } };
    await db.updateTable('allocation_stops').set({ warnings: JSON.stringify([warning, warning]) }).where('vehicle_allocation_id', '=', tripId!).where('seq', '=', 1).execute();
    await page.reload();
    const tag = card.getByTestId('stop-warning').first();
    await expect.poll(() => card.getByTestId('stop-warning').count(), { timeout: 10_000 }).toBe(2);
    const [tagBox, cardBox] = [await tag.boundingBox(), await card.boundingBox()];
    expect(tagBox!.x + tagBox!.width).toBeLessThanOrEqual(cardBox!.x + cardBox!.width);
    expect(tagBox!.height, 'on more than one line').toBeGreaterThan(20);
    await context.close();
  });
});
