/**
 * The store-direct board in a real browser: a planner at 品川センター creates a trip from a vehicle,
 * drags deliveries onto it (the capacity bar fills), sees an over-capacity drop refused, undoes with
 * Ctrl+Z, confirms and starts loading; the branch above the center sees the same trip.
 */
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, onTestFinished, test } from 'vitest';
import { addDays } from '../../common/allocation.js';
import { tokyoToday } from '../../common/deliveries.js';
import type { Point } from '../../common/places.js';
import { bestRound, type RoundStop } from '../../common/rounds.js';
import { demoDay } from '../server/helpers.js';
import { centerDestinations, choose, signIn, toast, useStack, visit } from './harness.js';

const stackOf = useStack();
/** A day of its own, away from the demo's trips. */
const DATE = addDays(demoDay, 40);

interface Fixture {
  centerId: number;
  vehicleNumber: string;
  /** the driver whose regular vehicle (担当車両) it is */
  regularDriver: string;
  capacity: number;
  small: number;
  second: number;
  huge: number;
}
let fixture: Fixture;

/** Three deliveries of 品川センター on DATE: two that fit a 4t truck, one that no truck holds. */
async function seed(): Promise<Fixture> {
  const db = stackOf().db;
  const center = await db.selectFrom('departments').select('id').where('code', '=', 'CT-SHINAGAWA').executeTakeFirstOrThrow();
  const destinations = await centerDestinations(db, center.id, 2);
  const vehicle = await db
    .selectFrom('vehicles as v')
    .innerJoin('vehicle_types as vt', 'vt.id', 'v.vehicle_type_id')
    .select(['v.id', 'v.vehicle_number', 'vt.pallet_capacity'])
    .where('v.base_department_id', '=', center.id)
    .where('v.deleted_at', 'is', null)
    .where('v.temporary_registration_date', 'is', null)
    .where('vt.code', '=', 'VT-4T')
    .orderBy('v.id')
    .executeTakeFirstOrThrow();
  const now = new Date();
  const delivery = (slip: string, destination: number, quantity: number) => ({
    date: DATE,
    department_id: center.id,
    delivery_destination_id: destination,
    slip_number: slip,
    item_name: 'E2E 日配品',
    quantity,
    load_unit: 0,
    weight: 100,
    created_at: now,
    updated_at: now,
  });
  const rows = await db
    .insertInto('deliveries')
    .values([delivery('E2E-0001', destinations[0]!.id, 2), delivery('E2E-0002', destinations[1]!.id, 1), delivery('E2E-0099', destinations[0]!.id, 999)])
    .returning('id')
    .execute();
  const regular = await db.selectFrom('drivers').select('name').where('default_vehicle_id', '=', vehicle.id).where('deleted_at', 'is', null).executeTakeFirstOrThrow();
  return {
    centerId: center.id,
    vehicleNumber: vehicle.vehicle_number,
    regularDriver: regular.name,
    capacity: vehicle.pallet_capacity ?? 0,
    small: rows[0]!.id,
    second: rows[1]!.id,
    huge: rows[2]!.id,
  };
}

/** A second day: three deliveries for stores of one direction, for moves between trips (or on `date`, the calculator's). */
const MOVE_DATE = addDays(DATE, 1);

async function seedDirection(centerId: number, date = MOVE_DATE, slipPrefix = 'E2E-M'): Promise<{ direction: string; ids: number[] }> {
  const db = stackOf().db;
  const rows = await db
    .selectFrom('delivery_destinations as dd')
    .innerJoin('directions as dir', 'dir.id', 'dd.direction_id')
    .select(['dd.id', 'dir.id as direction_id', 'dir.name'])
    .where('dir.department_id', '=', centerId)
    .where('dd.deleted_at', 'is', null)
    .where('dd.temporary_registration_date', 'is', null)
    .orderBy('dir.id')
    .orderBy('dd.id')
    .execute();
  const first = rows[0]!;
  const stores = rows.filter((r) => r.direction_id === first.direction_id).slice(0, 3);
  const now = new Date();
  const inserted = await db
    .insertInto('deliveries')
    .values(
      stores.map((store, i) => ({
        date,
        department_id: centerId,
        delivery_destination_id: store.id,
        slip_number: `${slipPrefix}${i}`,
        quantity: 1,
        load_unit: 0,
        weight: 10,
        created_at: now,
        updated_at: now,
      })),
    )
    .returning('id')
    .execute();
  return { direction: first.name, ids: inserted.map((r) => r.id) };
}

const boardPath = () => `/store-direct?center=${fixture.centerId}&date=${DATE}`;
const deliveryRow = (page: Page, id: number) => page.locator(`[data-testid=unallocated-delivery][data-delivery-id="${id}"]`);
const tripCard = (page: Page) => page.getByTestId('trip-card').filter({ hasText: fixture.vehicleNumber });
const palletFigures = (card: Locator) => card.getByTestId('capacity-pallets-figures');
/** The board takes one write at a time: wait until the last one and its reload are done. */
/**
 * The tooltips shown once the mouse is over a control, as a planner opens them: the mouse comes onto it from elsewhere (after a
 * click on the control itself the pointer is already there, and no tooltip opens on the way in).
 */
async function tooltipsOver(page: Page, control: Locator) {
  await page.mouse.move(0, 0);
  await control.hover();
  return page.getByRole('tooltip').allTextContents();
}
const settled = (page: Page) => expect.poll(() => page.getByTestId('allocation-board').getAttribute('data-busy')).toBe('false');

/** How far a stop is shifted down while a drag sorts it (dnd-kit's transform; 0 when it stays). */
const shiftOf = (stop: Locator) => stop.evaluate((element) => new DOMMatrixReadOnly(getComputedStyle(element).transform).m42);
const movedDown = async (stop: Locator) => (await shiftOf(stop)) > 0;
const movedUp = async (stop: Locator) => (await shiftOf(stop)) < 0;

/** dnd-kit listens to pointer events: press, move in steps past its 5 px threshold, release. */
async function drag(page: Page, from: Locator, to: Locator) {
  await settled(page);
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 5, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2, b.y + Math.min(b.height / 2, 40), { steps: 15 });
  await page.mouse.up();
}

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

    // 確定, then 積込開始.
    await card.getByTestId('trip-confirm').click();
    await expect.poll(() => card.getByTestId('trip-confirmed').count()).toBe(1);
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
    expect(await middle('board-print-day'), 'the day’s tools on the totals’ line').toBeCloseTo(await middle('totals-unallocated'), 0);
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

  test('center: the demo’s same-day truck from 横浜 covers its lane and is listed apart, read only', async () => {
    const { page, context } = await stackOf().newPage();
    await signIn(page, 'center');
    await page.goto(`/between-centers-today?center=${fixture.centerId}&date=${demoDay}`);
    const others = page.getByTestId('transfer-others');
    await expect.poll(() => others.locator('tr.ant-table-row').count(), { timeout: 10_000 }).toBe(1);
    const row = await others.locator('tr.ant-table-row').first().textContent();
    expect(row).toContain('横浜センター → 品川センター');
    expect(row, 'times on the page’s day read HH:mm, without the date').not.toMatch(/\d{4}\/\d{2}\/\d{2}/);
    expect(await others.locator('button').count()).toBe(0);
    // The time chart shows the day's store rounds on 品川's vehicles, grey and fixed: the trucks are taken then.
    const rounds = page.getByTestId('chart-busy');
    await expect.poll(() => rounds.count(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await rounds.first().textContent()).toMatch(/^便\d+ 店舗直送$/);
    expect(await page.locator('[data-testid="chart-busy"][tabindex], [data-testid="chart-busy"][role="button"]').count()).toBe(0);
    const lane = page.getByTestId('transfer-demand').locator('tr.ant-table-row', { hasText: '横浜センター → 品川センター' });
    expect(await lane.locator('.ant-typography-success').count()).toBe(1);
    await context.close();
  });

  test('center: a transfer trip for a lane of the demand, moved on the time chart', async () => {
    const db = stackOf().db;
    const other = await db
      .selectFrom('delivery_destinations as dd')
      .innerJoin('directions as dir', 'dir.id', 'dd.direction_id')
      .select('dd.id')
      .where('dir.department_id', '<>', fixture.centerId)
      .where('dd.temporary_registration_date', 'is', null)
      .orderBy('dd.id')
      .executeTakeFirstOrThrow();
    const day = addDays(DATE, 2);
    const now = new Date();
    await db
      .insertInto('deliveries')
      .values({ date: day, department_id: fixture.centerId, delivery_destination_id: other.id, slip_number: 'E2E-T1', quantity: 6, load_unit: 0, weight: 600, created_at: now, updated_at: now })
      .execute();
    const { page, context } = await stackOf().newPage();
    await signIn(page, 'center');
    await page.goto(`/between-centers-today?center=${fixture.centerId}&date=${day}`);
    await page.getByTestId('demand-create').first().click();
    for (const [field, time] of [['planned_loading_start', '09:00'], ['planned_arrival', '11:00']] as const) {
      await page.locator(`.ant-modal #${field}`).click();
      await page.locator(`.ant-modal #${field}`).fill(time);
      await page.keyboard.press('Enter');
    }
    await page.getByTestId('trip-dialog-save').click();
    await expect.poll(() => page.getByTestId('chart-bar').count()).toBe(1);
    const trip = () =>
      db.selectFrom('vehicle_allocations').select(['id', 'vehicle_id', 'planned_loading_start', 'quantity']).where('date', '=', day).executeTakeFirstOrThrow();
    const created = await trip();
    expect(created.quantity).toBe(6);
    expect(created.vehicle_id).toBeNull();
    // No driver chosen yet: the trips table says so rather than leaving the cell blank.
    await expect.poll(() => page.getByTestId('no-driver').first().textContent(), { timeout: 5_000 }).toBe('ドライバー未定');

    // One hour to the right and one row up: the first vehicle's row, an hour later.
    const track = (await page.getByTestId('chart-row').first().locator('.alloc-chart__track').boundingBox())!;
    const rows = await page.getByTestId('chart-row').count();
    const firstVehicle = Number(await page.getByTestId('chart-row').first().getAttribute('data-vehicle-id'));
    const hours = (await page.locator('.alloc-chart__hour').count()) - 1;
    const bar = (await page.getByTestId('chart-bar').boundingBox())!;
    const [x, y] = [bar.x + 10, bar.y + bar.height / 2];
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + track.width / hours, y - 30 * (rows - 1), { steps: 10 });
    await page.mouse.up();
    await expect.poll(async () => (await trip()).vehicle_id).toBe(firstVehicle);
    const moved = await trip();
    expect(new Date(moved.planned_loading_start!).getTime() - new Date(created.planned_loading_start!).getTime()).toBe(60 * 60_000);

    // Reassigning it to a vehicle while it has no driver brings that vehicle's regular driver, as on the board.
    await page.getByTestId('trip-reassign').click();
    await choose(page, '.ant-modal #vehicle_id', fixture.vehicleNumber);
    await expect.poll(() => page.locator('.ant-modal .ant-form-item').filter({ has: page.locator('#driver_id') }).locator('.ant-select-selection-item').textContent()).toBe(fixture.regularDriver);
    await page.locator('.ant-modal').getByRole('button', { name: /キャンセル/ }).click();

    // Its detail shows the lane, mode and receive timing, no stops, and leads back to this board.
    await visit(page, `/store-direct/detail/${created.id}`);
    await expect.poll(() => page.getByTestId('trip-lane').textContent()).toMatch(/^\S+センター → \S+センター$/);
    expect(await page.getByTestId('trip-stops').count()).toBe(0);
    // A fact it does not have yet (not loaded, not departed) reads 「—」, as its unset expenses do: no cell is left blank.
    const facts = page.locator('.alloc-detail__facts td.ant-descriptions-item-content');
    expect(await facts.count()).toBeGreaterThan(10);
    expect((await facts.allTextContents()).filter((text) => text.trim() === '')).toEqual([]);
    const loadingStarted = page.locator('.alloc-detail__facts th', { hasText: /^積込開始$/ }).locator('xpath=following-sibling::td[1]');
    expect(await loadingStarted.textContent()).toBe('—');
    const back = await page.getByRole('link', { name: '配車ボードへ' }).evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(back).toEqual(Array(2).fill(`/between-centers-today?center=${fixture.centerId}&date=${day}`));
    await context.close();
  });

  test('center: 前日コピー on the transfers page copies the previous day’s transfer trips, lane and quantity, once; its arrow, the same day last week', async () => {
    const db = stackOf().db;
    const [lastWeek, from, to] = [addDays(DATE, 10), addDays(DATE, 16), addDays(DATE, 17)];
    const itabashi = await db.selectFrom('departments').select('id').where('code', '=', 'CT-ITABASHI').executeTakeFirstOrThrow();
    const vehicle = await db.selectFrom('vehicles').select('id').where('base_department_id', '=', fixture.centerId).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const transfer = (date: string, trip_no: number, quantity: number, [loading, departure, arrival]: string[], vehicle_id: number | null = null, kind: 'between_centers_before' | 'store_direct' = 'between_centers_before') => {
      const at = (clock: string) => new Date(`${date}T${clock}:00+09:00`);
      return db
        .insertInto('vehicle_allocations')
        .values({
          date,
          kind,
          department_id: fixture.centerId,
          trip_no,
          vehicle_id,
          origin_department_id: fixture.centerId,
          destination_department_id: itabashi.id,
          quantity,
          load_unit: 0,
          planned_loading_start: at(loading!),
          planned_departure: at(departure!),
          planned_arrival: at(arrival!),
        })
        .execute();
    };
    await transfer(from, 1, 7, ['17:00', '18:00', '18:40']);
    // Last week's trip 2 ran on a vehicle that is out on a store round at that hour this week.
    await transfer(lastWeek, 2, 4, ['19:00', '19:30', '20:10'], vehicle.id);
    await transfer(to, 9, 0, ['18:30', '19:00', '21:00'], vehicle.id, 'store_direct');
    const { page, context } = await stackOf().newPage();
    await signIn(page, 'center');
    await page.goto(`/between-centers-before?center=${fixture.centerId}&date=${to}`);
    await expect.poll(() => page.getByTestId('transfer-trips').textContent()).toContain('この日の便はありません');
    await page.getByTestId('transfer-copy-previous-day').click();
    await toast(page, '前日の便を1件コピーしました');
    const rows = page.getByTestId('transfer-trips').locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toMatch(/便1.*品川センター.*→ 板橋センター.*7 パレット.*17:00 \/ 18:00 \/ 18:40/);
    await page.getByTestId('transfer-copy-previous-day').click();
    await toast(page, '前日の便を0件コピーしました。この日に既にある1件はコピーしていません');

    await page.getByTestId('transfer-copy-previous-day-more').click();
    await page.getByTestId('transfer-copy-previous-day-last-week').click();
    await toast(page, `${lastWeek.replaceAll('-', '/')}の便を1件コピーしました。うち1件は車両またはドライバーが同じ時間帯に別の便にあるなどのため、外してコピーしました。確認してください`);
    expect(await page.locator('.ant-notification-notice-warning').count(), 'amber: the planner has a trip to look at').toBe(1);
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.nth(1).textContent()).toMatch(/便2.*4 パレット.*19:00 \/ 19:30 \/ 20:10/);
    const copiedSecond = await db.selectFrom('vehicle_allocations').select('vehicle_id').where('date', '=', to).where('kind', '=', 'between_centers_before').where('trip_no', '=', 2).executeTakeFirstOrThrow();
    expect(copiedSecond.vehicle_id, 'copied without the busy vehicle').toBeNull();
    expect(await db.selectFrom('vehicle_allocations').select('trip_no').where('date', '=', to).where('kind', '=', 'between_centers_before').orderBy('trip_no').execute()).toEqual([{ trip_no: 1 }, { trip_no: 2 }]);
    await context.close();
  });

  test('center: today’s time chart marks the time now and outlines a trip that should have left', async () => {
    const db = stackOf().db;
    // The page's clock stands still at noon of the day, its trips around it: the chart and the delay are the
    // same whatever the time of day the test runs (late at night, an hour on would be tomorrow).
    const today = tokyoToday();
    const noon = Date.parse(`${today}T12:00:00+09:00`);
    const minutesFromNoon = (minutes: number) => new Date(noon + minutes * 60_000);
    const [late, later] = await db
      .insertInto('vehicle_allocations')
      .values(
        [90, 91].map((trip_no) => ({
          date: today,
          kind: 'between_centers_today' as const,
          department_id: fixture.centerId,
          origin_department_id: fixture.centerId,
          trip_no,
          planned_loading_start: minutesFromNoon(trip_no === 90 ? -60 : 30),
          planned_departure: minutesFromNoon(trip_no === 90 ? -30 : 60),
          planned_arrival: minutesFromNoon(trip_no === 90 ? 60 : 120),
        })),
      )
      .returning('id')
      .execute();
    const { page, context } = await stackOf().newPage();
    await page.clock.setFixedTime(noon);
    await signIn(page, 'center');
    await page.goto(`/between-centers-today?center=${fixture.centerId}&date=${today}`);
    const bar = (id: number) => page.locator(`[data-testid=chart-bar][data-trip-id="${id}"]`);
    await expect.poll(() => bar(late!.id).getAttribute('data-overdue')).toBe('30');
    expect(await bar(later!.id).getAttribute('data-overdue'), 'one that leaves in an hour').toBeNull();
    expect(await bar(late!.id).getAttribute('title')).toContain('未出発');
    // The line of the time now: right of the late trip's departure, left of the later one's loading.
    const now = (await page.getByTestId('chart-now').boundingBox())!;
    const [lateBox, laterBox] = [(await bar(late!.id).boundingBox())!, (await bar(later!.id).boundingBox())!];
    expect(now.x).toBeGreaterThan(lateBox.x);
    expect(now.x).toBeLessThan(laterBox.x);
    await context.close();
    await db.deleteFrom('vehicle_allocations').where('id', 'in', [late!.id, later!.id]).execute();
  });
});

describe('the allocation calculator, in a real browser', () => {
  /** A day of its own with two small deliveries of one direction and every vehicle free. */
  const CALC_DATE = addDays(DATE, 5);

  test('center: discards a proposal, then accepts the trips left ticked, then the rest; the proposal says why it is empty each time', async () => {
    const center = await stackOf().db.selectFrom('departments').select('id').where('code', '=', 'CT-SHINAGAWA').executeTakeFirstOrThrow();
    const centerId = center.id;
    const { ids } = await seedDirection(centerId, CALC_DATE, 'E2E-C');
    // …and one that no vehicle carries: listed under the proposal with why, then taken away.
    const db = stackOf().db;
    const huge = await db
      .insertInto('deliveries')
      .columns(['date', 'department_id', 'delivery_destination_id', 'slip_number', 'quantity', 'load_unit', 'weight', 'created_at', 'updated_at'])
      .expression((eb) =>
        eb.selectFrom('deliveries').select([
          'date',
          'department_id',
          'delivery_destination_id',
          eb.val('E2E-C999').as('slip_number'),
          eb.val(999).as('quantity'),
          'load_unit',
          'weight',
          'created_at',
          'updated_at',
        ]).where('id', '=', ids[0]!),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    const { page, context } = await stackOf().newPage();
    await signIn(page, 'center');
    const proposal = page.getByTestId('calculator-proposal');
    const proposedRows = () => proposal.locator('tbody tr.ant-table-row').count();
    await page.goto(`/debug/caculator_data_allocation?center=${centerId}&date=${CALC_DATE}`);
    await expect.poll(proposedRows).toBeGreaterThan(0);
    const left = page.getByTestId('calculator-unassigned-delivery');
    await expect.poll(() => left.allTextContents()).toEqual([expect.stringMatching(/^E2E-C999 .+ — 1台の積載上限を超えています$/)]);
    await db.updateTable('deliveries').set({ deleted_at: new Date() }).where('id', '=', huge.id).execute();
    // A store of 板橋's shipped from 品川: its direction reads as a transfer, as on the board.
    const itabashi = await db.selectFrom('departments').select('id').where('code', '=', 'CT-ITABASHI').executeTakeFirstOrThrow();
    const [itabashiStore] = await centerDestinations(db, itabashi.id, 1);
    await db
      .insertInto('deliveries')
      .values({ date: CALC_DATE, department_id: centerId, delivery_destination_id: itabashiStore!.id, slip_number: 'E2E-C-TR', quantity: 1, load_unit: 0, weight: 100 })
      .execute();
    await page.reload();
    await expect.poll(proposedRows).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('calculator-unassigned').count()).toBe(0);
    const transferRow = page.getByTestId('calculator-directions').locator('tr.ant-table-row', { hasText: itabashiStore!.direction_name });
    expect(await transferRow.getByTestId('transfer-tag').textContent()).toBe('板橋センターへ移送');
    // A direction's name opens the board searched for it: its unallocated deliveries alone, the search kept in the address.
    await transferRow.getByTestId('direction-board-link').click();
    await page.waitForURL((url) => url.pathname === '/store-direct' && url.searchParams.get('q') === itabashiStore!.direction_name);
    await expect.poll(() => page.getByTestId('direction-group').evaluateAll((groups) => groups.map((g) => g.getAttribute('data-direction')))).toEqual([itabashiStore!.direction_name]);
    expect(await page.getByTestId('unallocated-search').inputValue()).toBe(itabashiStore!.direction_name);
    await page.goBack();
    await expect.poll(proposedRows).toBeGreaterThan(0);
    // Each table ends with its totals: the column summed, the count of what it sums in the label.
    const directions = page.getByTestId('calculator-directions');
    const directionCount = await directions.locator('tbody tr.ant-table-row').count();
    const totalsOf = async (table: typeof proposal, column: number) => {
      const cells = await table.locator(`tbody tr.ant-table-row > td:nth-child(${column})`).allTextContents();
      return cells.reduce((sum, cell) => sum + Number(cell.replace(/,/g, '')), 0).toLocaleString('ja-JP');
    };
    const directionTotals = page.getByTestId('calculator-directions-totals').locator('td');
    expect(await directionTotals.first().textContent()).toBe(`合計（${directionCount}方面）`);
    expect(await directionTotals.nth(2).textContent()).toBe(await totalsOf(directions, 3));
    // Vehicles needed by type, a column each after カゴ車 (the 6th): one recommended count on every direction; under each type
    // the vehicles they take together, never more than their sum (directions run several times a day share vehicles).
    const directionRows = directions.locator('tbody tr.ant-table-row');
    for (let i = 0; i < directionCount; i++) expect(await directionRows.nth(i).getByTestId('recommended-vehicles').count()).toBe(1);
    const typeCount = await directions.locator('thead .alloc-calc__type').count();
    expect(typeCount).toBeGreaterThan(1);
    expect(await directions.locator('thead .alloc-calc__owned').first().textContent()).toMatch(/^保有 \d+台$/);
    for (let column = 6; column < 6 + typeCount; column++) {
      const recommended = await directions.locator(`tbody tr.ant-table-row > td:nth-child(${column}) [data-testid=recommended-vehicles]`).allTextContents();
      const sum = recommended.reduce((total, count) => total + Number(count), 0);
      const total = Number(await directionTotals.nth(column - 1).textContent());
      expect(total).toBeLessThanOrEqual(sum);
      expect(total > 0).toBe(sum > 0);
    }
    // Each proposed vehicle with its type and its load against its capacity, as the trip list shows a trip's.
    const firstProposed = proposal.locator('tbody tr.ant-table-row').first();
    expect(await firstProposed.locator('.alloc-calc__vehicle-type').textContent()).toMatch(/車|トレーラー/);
    expect(await firstProposed.locator('.trip-load__text').allTextContents()).toEqual([
      expect.stringMatching(/^\d+ \/ \d+ (パレット|カゴ車)$/),
      expect.stringMatching(/^[\d,]+ \/ [\d,]+kg$/),
    ]);
    const proposalTotals = page.getByTestId('calculator-proposal-totals').locator('td');
    // The proposal's columns after its tick boxes: 車両, ドライバー, 出発–帰着, 方面, 配送件数 (6th), 数量, 重量 (8th).
    expect(await proposalTotals.nth(1).textContent()).toBe(await totalsOf(proposal, 6));
    expect(await proposalTotals.nth(3).textContent()).toBe(await totalsOf(proposal, 8));
    // Each proposed trip departs at the center's time and is back later: both on the day's clock.
    const [departs, back] = (await firstProposed.getByTestId('proposal-times').textContent())!.split('–');
    expect([departs, back]).toEqual([expect.stringMatching(/^\d{2}:\d{2}$/), expect.stringMatching(/^\d{2}:\d{2}$/)]);
    expect(back! > departs!).toBe(true);
    await page.getByTestId('calculator-discard').click();
    await expect.poll(() => proposal.textContent()).toContain('配車案を破棄しました');
    expect(await proposedRows()).toBe(0);

    // The optimizer puts these few deliveries on one vehicle (混載): a delivery that fills the center's
    // largest vehicle by pallets makes a second trip.
    const largest = await db
      .selectFrom('vehicles as v')
      .innerJoin('vehicle_types as vt', 'vt.id', 'v.vehicle_type_id')
      .select((eb) => eb.fn.max('vt.pallet_capacity').as('pallets'))
      .where('v.base_department_id', '=', centerId)
      .where('v.deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('deliveries')
      .values({ date: CALC_DATE, department_id: centerId, delivery_destination_id: itabashiStore!.id, slip_number: 'E2E-C-FULL', quantity: Number(largest.pallets), load_unit: 0, weight: 100 })
      .execute();
    await page.reload();
    await expect.poll(proposedRows).toBeGreaterThan(1);
    // Every proposed trip is ticked; the planner unticks one and accepts the rest: only those become drafts.
    const proposedCount = await proposedRows();
    const accept = page.getByTestId('calculator-accept');
    expect(await accept.textContent()).toBe(`配車案を採用（${proposedCount}便）`);
    const lastRow = proposal.locator('tbody tr.ant-table-row').last();
    const leftVehicle = await lastRow.locator('input[type=checkbox]').getAttribute('aria-label');
    await lastRow.locator('input[type=checkbox]').uncheck();
    expect(await accept.textContent()).toBe(`配車案を採用（${proposedCount - 1}便）`);
    await accept.click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: `${proposedCount - 1}便を作成しました` }).count()).toBe(1);
    // Calculated again: the unticked vehicle's deliveries are still to allocate, and proposed again.
    await expect.poll(proposedRows).toBe(1);
    expect(await proposal.locator('tbody tr.ant-table-row').first().textContent()).toContain(leftVehicle!.trim());
    expect(await accept.textContent()).toBe('配車案を採用（1便）');
    // Another planner accepts the same trip first: this accept is refused with the server's reason, and the
    // page calculates again by itself, so what it shows is the day as it now is.
    const otherPlanner = await page.evaluate(
      async ({ centerId, date }) => {
        const headers = { authorization: `Bearer ${localStorage.getItem('access_token')}`, 'content-type': 'application/json' };
        const calculated = await (await fetch(`/api/vehicle_allocation/calculator?department_id=${centerId}&date=${date}`, { headers })).json();
        const proposal = calculated.proposal.map((p: { vehicle_id: number; driver_id: number | null; delivery_ids: number[] }) => ({ vehicle_id: p.vehicle_id, driver_id: p.driver_id, delivery_ids: p.delivery_ids }));
        return (await fetch('/api/vehicle_allocation/calculator/accept', { method: 'POST', headers, body: JSON.stringify({ department_id: centerId, date, proposal }) })).status;
      },
      { centerId, date: CALC_DATE },
    );
    expect(otherPlanner).toBe(200);
    await accept.click();
    await toast(page, 'この車両は同じ時間帯に便');
    await expect.poll(() => proposal.textContent()).toContain('この日の配送はすべて配車済みです');
    expect(await proposedRows()).toBe(0);
    expect(await page.getByTestId('calculator-accept').isDisabled()).toBe(true);
    await context.close();
  });

  test('center: a direction run twice a day sends its vehicle again (2回転目), shown with its times and accepted at them', async () => {
    const day = addDays(DATE, 6);
    const db = stackOf().db;
    const center = await db.selectFrom('departments').select('id').where('code', '=', 'CT-SHINAGAWA').executeTakeFirstOrThrow();
    // A direction whose base's default type the center has a vehicle of, with two stores open until 20:00 at no set time.
    const stores = await db
      .selectFrom('delivery_destinations as dd')
      .innerJoin('direction_bases as base', (join) => join.onRef('base.direction_id', '=', 'dd.direction_id').on('base.base_department_id', '=', center.id))
      .innerJoin('vehicle_types as vt', 'vt.id', 'base.vehicle_type_id')
      .select(['dd.id', 'dd.direction_id', 'vt.cage_cart_capacity', 'base.trips_per_day'])
      .where('dd.specified_time', 'is', null)
      .where('dd.ending_time', '=', '20:00')
      .where('dd.deleted_at', 'is', null)
      .where(({ exists, selectFrom }) => exists(selectFrom('vehicles as v').select('v.id').whereRef('v.vehicle_type_id', '=', 'base.vehicle_type_id').where('v.base_department_id', '=', center.id)))
      .orderBy('dd.direction_id')
      .orderBy('dd.id')
      .execute();
    const [a, b] = stores.filter((store) => stores.filter((other) => other.direction_id === store.direction_id).length > 1);
    expect(b!.direction_id).toBe(a!.direction_id);
    const base = () => db.updateTable('direction_bases').where('direction_id', '=', a!.direction_id!).where('base_department_id', '=', center.id);
    await base().set({ trips_per_day: 2 }).execute();
    // Each delivery fills a vehicle of the type: the second waits for the first round to come back.
    await db
      .insertInto('deliveries')
      .values([a!, b!].map((store, i) => ({ date: day, department_id: center.id, delivery_destination_id: store.id, slip_number: `E2E-R${i}`, quantity: store.cage_cart_capacity!, load_unit: 1, weight: 100 })))
      .execute();
    const { page, context } = await stackOf().newPage();
    await signIn(page, 'center');
    await page.goto(`/debug/caculator_data_allocation?center=${center.id}&date=${day}`);
    const proposal = page.getByTestId('calculator-proposal').locator('tbody tr.ant-table-row');
    await expect.poll(() => proposal.count()).toBe(2);
    const vehicles = await proposal.locator('input[type=checkbox]').evaluateAll((boxes) => boxes.map((box) => box.getAttribute('aria-label')));
    expect(vehicles[1]).toBe(vehicles[0]);
    expect(await proposal.nth(0).getByTestId('proposal-round').count()).toBe(0);
    expect(await proposal.nth(1).getByTestId('proposal-round').textContent()).toBe('2回転目');
    // The second round leaves after the first is back.
    const times = (await proposal.getByTestId('proposal-times').allTextContents()).map((text) => text.match(/^(\d{2}:\d{2})–(\d{2}:\d{2})/)!.slice(1));
    expect(times[1]![0]! > times[0]![1]!).toBe(true);
    expect(await page.getByTestId('calculator-proposal-totals').locator('td').first().textContent()).toBe('合計（1台・2便）');
    await page.getByTestId('calculator-accept').click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: '2便を作成しました' }).count()).toBe(1);
    const trips = await db.selectFrom('vehicle_allocations').select('planned_departure').where('date', '=', day).where('department_id', '=', center.id).orderBy('planned_departure').execute();
    const clock = (at: Date | null) => new Date(at!.getTime() + 9 * 3600_000).toISOString().slice(11, 16);
    expect(trips.map((trip) => clock(trip.planned_departure))).toEqual(times.map(([departs]) => departs));
    await base().set({ trips_per_day: a!.trips_per_day }).execute();
    await context.close();
  });

  test('center: a proposed driver who would rest too little is named with the rule his trip breaks, in red', async () => {
    // Days of its own: the evening before too (DATE + 6 is the 2回転目 test's).
    const day = addDays(DATE, 8);
    const eve = addDays(day, -1);
    const db = stackOf().db;
    const center = await db.selectFrom('departments').select('id').where('code', '=', 'CT-SHINAGAWA').executeTakeFirstOrThrow();
    const [store] = await centerDestinations(db, center.id, 1);
    await db.insertInto('deliveries').values({ date: day, department_id: center.id, delivery_destination_id: store!.id, slip_number: 'E2E-W1', quantity: 1, load_unit: 0, weight: 100 }).execute();
    // Every driver of the center back at 23:30 the evening before: none has the 9 h of rest a morning round needs.
    const drivers = await db.selectFrom('drivers').select('id').where('base_department_id', '=', center.id).where('deleted_at', 'is', null).execute();
    await db
      .insertInto('vehicle_allocations')
      .values(drivers.map((driver, i) => ({ date: eve, kind: 'store_direct' as const, department_id: center.id, trip_no: 70 + i, driver_id: driver.id, planned_loading_start: new Date(`${eve}T14:00:00+09:00`), planned_departure: new Date(`${eve}T15:00:00+09:00`), planned_arrival: new Date(`${eve}T23:30:00+09:00`) })))
      .execute();
    const { page, context } = await stackOf().newPage();
    await signIn(page, 'center');
    await page.goto(`/debug/caculator_data_allocation?center=${center.id}&date=${day}`);
    const proposal = page.getByTestId('calculator-proposal').locator('tbody tr.ant-table-row');
    await expect.poll(() => proposal.count(), { timeout: 10_000 }).toBe(1);
    const finding = proposal.getByTestId('proposal-work-rules').getByTestId('work-rule-finding');
    await expect.poll(() => finding.count()).toBe(1);
    expect(await finding.getAttribute('data-level')).toBe('violation');
    // The tag names the rule and the rest the driver would get (back at 23:30, out in the morning: under 9 h).
    expect(await finding.textContent()).toMatch(/^違反：休息期間 [0-8]:[0-5]\d$/);
    await context.close();
  });
});
