/**
 * Making trips on the store-direct board, in a real browser: a 新規便 counted in the cage carts the day
 * brings and following what is put on it (方面, 混載); the number keys right after ticking a direction; a
 * vehicle's second round (2回転目) from its return; a trip below the fold reached by dragging; a drop off
 * every trip told; a refusal that stays, off the toolbar, until closed.
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { addDays } from '../../common/allocation.js';
import { LOAD_UNIT } from '../../common/enums.js';
import { demoDay } from '../server/helpers.js';
import { directionStores } from './allocation-fixtures.js';
import { centerVehicles, departmentId, palletDelivery, signIn, type Stack, useStack } from './harness.js';

const stackOf: () => Stack = useStack();
/** Days of their own, away from the demo's trips and the other allocation tests' days. */
const CAGE_DAY = addDays(demoDay, 50);
const ROUND_DAY = addDays(demoDay, 51);
const SCROLL_DAY = addDays(demoDay, 52);

let centerId: number;
/** A 4t truck of the center: 16 cage carts, 8 pallets. */
let truck: { id: number; vehicle_number: string; cage_cart_capacity: number | null; pallet_capacity: number | null };

const boardPath = (date: string) => `/store-direct?center=${centerId}&date=${date}`;
const settled = (page: Page) => expect.poll(() => page.getByTestId('allocation-board').getAttribute('data-busy')).toBe('false');
const deliveryRow = (page: Page, id: number) => page.locator(`[data-testid=unallocated-delivery][data-delivery-id="${id}"]`);
const cardOf = (page: Page, tripNo: number) => page.locator(`[data-testid=trip-card][data-trip-no="${tripNo}"]`);

/** Stores of the center by direction, in id order: two of the first direction and one of another. */
async function storesByDirection() {
  const rows = (await directionStores(stackOf().db, centerId)).map((row) => ({ ...row, direction_name: row.name }));
  const [first, second] = rows.filter((r) => r.direction_id === rows[0]!.direction_id);
  const other = rows.find((r) => r.direction_id !== rows[0]!.direction_id)!;
  return { first: first!, second: second!, other };
}

/** Deliveries of the center on a day, made now, in the order given. */
async function deliveries(date: string, rows: { store: number; slip: string; quantity: number; loadUnit: number }[]) {
  const made = await stackOf()
    .db.insertInto('deliveries')
    .values(
      rows.map((row) => ({
        ...palletDelivery({ date, department_id: centerId, delivery_destination_id: row.store, slip_number: row.slip, quantity: row.quantity, weight: 50 }),
        load_unit: row.loadUnit,
      })),
    )
    .returning('id')
    .execute();
  return made.map((row) => row.id);
}

/** 新規便 with a vehicle chosen by its number; the option as offered is given back for a look first. */
async function newTrip(page: Page, vehicleNumber: string) {
  await page.getByTestId('new-trip-vehicle').click();
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: vehicleNumber }).first();
  return {
    option,
    create: async () => {
      await option.click();
      await page.getByTestId('new-trip-create').click();
    },
  };
}

/** dnd-kit listens to pointer events: press, move past its 5 px threshold, move on in steps. */
async function pickUp(page: Page, from: Locator) {
  await settled(page);
  const a = (await from.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 5, { steps: 5 });
}

async function drag(page: Page, from: Locator, to: Locator) {
  await pickUp(page, from);
  const b = (await to.boundingBox())!;
  await page.mouse.move(b.x + b.width / 2, b.y + Math.min(b.height / 2, 40), { steps: 15 });
  await page.mouse.up();
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('making trips on the store-direct board, in a real browser', () => {
  beforeAll(async () => {
    const db = stackOf().db;
    centerId = await departmentId(db, 'CT-SHINAGAWA');
    truck = await centerVehicles(db, centerId)
      .innerJoin('vehicle_types as vt', 'vt.id', 'v.vehicle_type_id')
      .select(['v.id', 'v.vehicle_number', 'vt.cage_cart_capacity', 'vt.pallet_capacity'])
      .where('vt.code', '=', 'VT-4T')
      .executeTakeFirstOrThrow();
  });

  test('a new trip counts the day’s cage carts; ticking a direction and pressing 1 sends it there; a second direction makes it 混載; a refusal stays off the toolbar until closed', async () => {
    const { first, second, other } = await storesByDirection();
    const [a, b, c, huge] = await deliveries(CAGE_DAY, [
      { store: first.id, slip: 'E2E-CAGE-1', quantity: 6, loadUnit: LOAD_UNIT.cageCart },
      { store: second.id, slip: 'E2E-CAGE-2', quantity: 6, loadUnit: LOAD_UNIT.cageCart },
      { store: other.id, slip: 'E2E-CAGE-3', quantity: 2, loadUnit: LOAD_UNIT.cageCart },
      { store: other.id, slip: 'E2E-CAGE-4', quantity: 30, loadUnit: LOAD_UNIT.cageCart },
    ]);
    const { page, context } = await stackOf().newPage();
    // The page's clock is the test's: a toast's time runs out at once when the test says so.
    await page.clock.install();
    await signIn(page, 'center');
    await page.goto(boardPath(CAGE_DAY));
    await expect.poll(() => deliveryRow(page, a!).count()).toBe(1);

    // 新規便 with the 4t truck: the day's freight is cage carts, so the empty trip reads カゴ車 0 / 16.
    await (await newTrip(page, truck.vehicle_number)).create();
    const card = cardOf(page, 1);
    await expect.poll(() => card.getByTestId('capacity-cage_carts-figures').textContent()).toBe(`0 / ${truck.cage_cart_capacity}`);
    expect(await card.getByTestId('capacity-pallets-figures').count()).toBe(0);

    // The direction's box ticked, 1 at once (the box still has the focus): its 12 cage carts go on trip 1, over the truck's 8 pallets.
    await settled(page);
    const group = page.getByTestId('direction-group').filter({ hasText: first.direction_name });
    await group.getByTestId('direction-header').getByRole('checkbox').check();
    await expect.poll(() => group.getByTestId('direction-header').getByRole('checkbox').evaluate((box) => box === document.activeElement)).toBe(true);
    await page.keyboard.press('1');
    await expect.poll(() => card.getByTestId('capacity-cage_carts-figures').textContent()).toBe(`12 / ${truck.cage_cart_capacity}`);
    await expect.poll(() => deliveryRow(page, b!).count()).toBe(0);
    expect(await card.getByTestId('trip-direction').textContent()).toBe(first.direction_name);

    // A store of another direction joins: the trip is 混載.
    await drag(page, deliveryRow(page, c!), card);
    await expect.poll(() => card.getByTestId('capacity-cage_carts-figures').textContent()).toBe(`14 / ${truck.cage_cart_capacity}`);
    await expect.poll(() => card.getByTestId('trip-direction').textContent()).toBe('混載');

    // 30 more cage carts do not fit: the refusal says so in cage carts and stays, bottom right, off the toolbar, until closed.
    await drag(page, deliveryRow(page, huge!), card);
    const refusal = page.locator('.ant-notification-notice-error').filter({ hasText: `カゴ車：44 / 上限 ${truck.cage_cart_capacity}` });
    await expect.poll(() => refusal.count()).toBe(1);
    await settled(page);
    await page.clock.fastForward(60_000);
    const created = page.locator('.ant-notification-notice-success').filter({ hasText: '便1を作成しました' });
    await expect.poll(() => created.count(), { message: 'a success goes after its seconds' }).toBe(0);
    expect(await refusal.isVisible(), 'the refusal is still there a minute later').toBe(true);
    const box = (await refusal.boundingBox())!;
    for (const button of ['board-confirm-all', 'board-print-day', 'board-undo', 'new-trip-create']) {
      const control = (await page.getByTestId(button).boundingBox())!;
      expect(overlaps(box, control), `the refusal does not cover ${button}`).toBe(false);
    }
    await refusal.locator('.ant-notification-notice-close').click();
    await expect.poll(() => refusal.count()).toBe(0);
    await context.close();
  });

  test('a vehicle back from its first round is offered for its second (2回転目) from its return, and the trip starts then', async () => {
    const db = stackOf().db;
    const { first } = await storesByDirection();
    await deliveries(ROUND_DAY, [{ store: first.id, slip: 'E2E-ROUND-1', quantity: 2, loadUnit: LOAD_UNIT.pallet }]);
    const at = (time: string) => new Date(`${ROUND_DAY}T${time}:00+09:00`);
    const vehicle = await db.selectFrom('vehicles').select(['delivery_company_id']).where('id', '=', truck.id).executeTakeFirstOrThrow();
    await db
      .insertInto('vehicle_allocations')
      .values({
        date: ROUND_DAY,
        kind: 'store_direct',
        department_id: centerId,
        trip_no: 1,
        vehicle_id: truck.id,
        delivery_company_id: vehicle.delivery_company_id,
        planned_loading_start: at('07:00'),
        planned_departure: at('09:00'),
        planned_arrival: at('12:30'),
        created_at: new Date(),
        updated_at: new Date(),
      })
      .execute();
    const { page, context } = await stackOf().newPage();
    await signIn(page, 'center');
    await page.goto(boardPath(ROUND_DAY));
    await expect.poll(() => cardOf(page, 1).count()).toBe(1);

    const offer = await newTrip(page, truck.vehicle_number);
    await expect.poll(() => offer.option.textContent()).toContain('2回転目 12:30〜');
    expect(await offer.option.getAttribute('aria-disabled'), 'offered, not greyed as 使用中').not.toBe('true');
    await offer.create();
    await expect.poll(() => cardOf(page, 2).count()).toBe(1);
    const second = await db
      .selectFrom('vehicle_allocations')
      .select(['planned_loading_start', 'planned_departure'])
      .where('date', '=', ROUND_DAY)
      .where('trip_no', '=', 2)
      .executeTakeFirstOrThrow();
    expect(second.planned_loading_start?.toISOString(), 'loads from the first round’s return').toBe(at('12:30').toISOString());
    expect(second.planned_departure!.getTime()).toBeGreaterThan(second.planned_loading_start!.getTime());
    const departure = new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', hour: '2-digit', minute: '2-digit', hour12: false }).format(second.planned_departure!);
    await expect.poll(() => cardOf(page, 2).getByTestId('trip-times').textContent()).toContain(departure);
    await context.close();
  });

  test('a drag reaches a trip below the fold (the page scrolls), and a drop off every trip says where to drop', async () => {
    const db = stackOf().db;
    const { first } = await storesByDirection();
    // Forty deliveries (the left side scrolls too) and twenty empty trips (the last well below the fold).
    const ids = await deliveries(
      SCROLL_DAY,
      Array.from({ length: 40 }, (_, i) => ({ store: first.id, slip: `E2E-SCROLL-${String(i).padStart(2, '0')}`, quantity: 1, loadUnit: LOAD_UNIT.pallet })),
    );
    await db
      .insertInto('vehicle_allocations')
      .values(Array.from({ length: 20 }, (_, i) => ({ date: SCROLL_DAY, kind: 'store_direct' as const, department_id: centerId, trip_no: i + 1, created_at: new Date(), updated_at: new Date() })))
      .execute();
    const { page, context } = await stackOf().newPage();
    await signIn(page, 'center');
    await page.goto(boardPath(SCROLL_DAY));
    const last = cardOf(page, 20);
    await expect.poll(() => last.count()).toBe(1);
    await expect.poll(() => deliveryRow(page, ids[0]!).count()).toBe(1);
    const viewport = page.viewportSize()!;
    expect((await last.boundingBox())!.y, 'the last trip starts below the fold').toBeGreaterThan(viewport.height);

    // Held at the bottom edge over the trips, the page scrolls until the last trip is in sight; dropped on it, the delivery is on it.
    await pickUp(page, deliveryRow(page, ids[0]!));
    const column = (await page.getByTestId('trip-list').boundingBox())!;
    const x = column.x + column.width / 2;
    await page.mouse.move(x, viewport.height - 60, { steps: 10 });
    await expect
      .poll(async () => {
        await page.mouse.move(x, viewport.height - 5, { steps: 2 });
        const box = (await last.boundingBox())!;
        return box.y + Math.min(box.height, 80) < viewport.height;
      })
      .toBe(true);
    const target = (await last.boundingBox())!;
    await page.mouse.move(target.x + target.width / 2, target.y + Math.min(target.height / 2, 30), { steps: 10 });
    await page.mouse.up();
    await expect.poll(() => last.getByTestId('trip-stop').count()).toBe(1);
    await expect.poll(() => deliveryRow(page, ids[0]!).count()).toBe(0);
    // The page scrolled, not the left side's list under it.
    expect(await page.getByTestId('unallocated-panel').evaluate((panel) => panel.scrollTop), 'the left side stays at its top').toBe(0);

    // Released over the header, off every trip: nothing moves, and the board says to drop onto a trip.
    await page.evaluate(() => window.scrollTo(0, 0));
    await pickUp(page, deliveryRow(page, ids[1]!));
    const title = (await page.locator('.alloc-page .ant-card-head').boundingBox())!;
    await page.mouse.move(title.x + 20, title.y + title.height / 2, { steps: 10 });
    await page.mouse.up();
    await expect.poll(() => page.locator('.ant-notification-notice').filter({ hasText: '便の上で離してください' }).count()).toBe(1);
    expect(await deliveryRow(page, ids[1]!).count()).toBe(1);
    await context.close();
  });
});
