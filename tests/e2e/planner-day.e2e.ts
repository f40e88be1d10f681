/**
 * The planner's day, as a planner at 品川センター does it and counted as they would feel it: from the
 * signed-in home page, open the board from the menu (it lands on today), 再最適化 and apply, fix two
 * stops (one moved to another trip, one reordered), 全便確定, and start loading every trip. The page
 * itself counts the trusted pointer presses (a drag is one) and keys; the whole day must take at most
 * 20. The day is the test's own: 40 deliveries (76 カゴ車) of five directions, five vehicles whose
 * capacity needs all five (any four hold at most 74), at 06:00 on the day in Tokyo for the browser and
 * the server alike, so loading may start.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { LOAD_UNIT } from '../../common/enums.js';
import { TRIP_STATUS } from '../../common/allocation.js';
import { tokyoInstant } from '../../common/time.js';
import { TOKEN_KEY } from '../../client/src/app/providers/session.js';
import type { Board, TripDetail } from '../../client/src/shared/trips/types.js';
import { dayAfterDemo } from '../server/helpers.js';
import { boardSettled as settled, dragOnBoard } from './allocation-fixtures.js';
import { centerVehicles, departmentId, hoverUntilShown, signIn, useStack } from './harness.js';

// The server's clock back once its stack has stopped (after hooks run last-registered first): nothing it
// scheduled on the test's day outlives it.
afterAll(() => {
  vi.useRealTimers();
});
const stackOf = useStack();
/** The day: past the demo's, so no demo trip holds a vehicle, driver or delivery of it. */
const DAY = dayAfterDemo(12);
/** An hour before the center's loading start (07:00) that day: the planner's morning. */
const MORNING = tokyoInstant(DAY, '06:00');
/** The whole day, the optimizer's seconds and twenty writes included, on a loaded 2-core machine (within the file's 6 minutes: midnight.ts). */
const JOURNEY_MS = 300_000;
/** The budget the product promises for the day. */
const BUDGET = 20;
/** The vehicles of the day by type: 10 + 16 + 32 + 10 + 16 = 84 カゴ車, and any four hold at most 74. */
const FLEET = ['VT-2T', 'VT-4T', 'VT-10T', 'VT-2T', 'VT-4T'];
const DIRECTIONS = 5;
const STORES_PER_DIRECTION = 8;
let centerId: number;

/** What the page counted (window-level capture listeners installed before the application's own). */
interface Tally {
  pointerdown: number;
  keydown: number;
  steps: string[];
}
const TALLY_KEY = '__plannerDayTally';

/** Counts every trusted pointer press and key in the page, with what it hit; kept across reloads in sessionStorage. */
function countInteractions(key: string) {
  const read = (): Tally => JSON.parse(sessionStorage.getItem(key) ?? '{"pointerdown":0,"keydown":0,"steps":[]}') as Tally;
  const label = (target: EventTarget | null) => {
    if (!(target instanceof Element)) return String(target);
    const control = target.closest('button, a, [role=menuitem], li, [data-testid]');
    const testId = target.closest('[data-testid]')?.getAttribute('data-testid');
    const text = (control?.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 24);
    return `${testId ?? target.nodeName}${text ? ` 「${text}」` : ''}`;
  };
  const count = (kind: 'pointerdown' | 'keydown', event: Event) => {
    if (!event.isTrusted) return;
    const tally = read();
    tally[kind]++;
    tally.steps.push(`${kind}${event instanceof KeyboardEvent ? ` ${event.key}` : ''} ${location.pathname} ${label(event.target)}`);
    sessionStorage.setItem(key, JSON.stringify(tally));
  };
  window.addEventListener('pointerdown', (event) => count('pointerdown', event), true);
  window.addEventListener('keydown', (event) => count('keydown', event), true);
}

const tallyOf = (page: Page) => page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? '{"pointerdown":0,"keydown":0,"steps":[]}') as Tally, TALLY_KEY);

const tripCard = (page: Page, id: number) => page.locator(`[data-testid=trip-card][data-trip-id="${id}"]`);
const stopsIn = (card: Locator) => card.getByTestId('trip-stop');

/** A drag (one press) from a stop that the planner scrolled into view, onto `to`. */
async function drag(page: Page, from: Locator, to: Locator) {
  await settled(page);
  await from.scrollIntoViewIfNeeded();
  await dragOnBoard(page, from, to);
}

/** The board as the API answers it to the signed-in planner. */
async function boardOf(page: Page): Promise<Board> {
  const token = await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
  const response = await page.request.get(`/api/vehicle_allocation/board?department_id=${centerId}&date=${DAY}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return (await response.json()) as Board;
}

const stopsOf = (trip: TripDetail) => [...trip.stops].sort((a, b) => a.seq - b.seq);
const cartsOf = (trip: TripDetail) => trip.stops.reduce((sum, stop) => sum + stop.quantity, 0);
/** A trip's stores in stop order. */
const destinationsOf = (board: Board, tripId: number) => stopsOf(board.trips.find((trip) => trip.id === tripId)!).map((stop) => stop.delivery_destination_id);

/** The center's day: five vehicles (the others out of service), one round a day per direction, 40 deliveries of 76 カゴ車. */
async function seedDay() {
  const db = stackOf().db;
  centerId = await departmentId(db, 'CT-SHINAGAWA');
  const vehicles = await centerVehicles(db, centerId).innerJoin('vehicle_types as vt', 'vt.id', 'v.vehicle_type_id').select(['v.id', 'vt.code']).execute();
  const kept: number[] = [];
  for (const code of FLEET) kept.push(vehicles.find((v) => v.code === code && !kept.includes(v.id))!.id);
  await db
    .updateTable('vehicles')
    .set({ deleted_at: new Date() })
    .where('id', 'in', vehicles.filter((v) => !kept.includes(v.id)).map((v) => v.id))
    .execute();
  const directions = await db.selectFrom('directions').select('id').where('department_id', '=', centerId).orderBy('id').limit(DIRECTIONS).execute();
  await db
    .updateTable('direction_bases')
    .set({ trips_per_day: 1 })
    .where('base_department_id', '=', centerId)
    .execute();
  const stores = await db
    .selectFrom('delivery_destinations')
    .select(['id', 'direction_id'])
    .where('direction_id', 'in', directions.map((d) => d.id))
    .where('deleted_at', 'is', null)
    .where('temporary_registration_date', 'is', null)
    .orderBy('direction_id')
    .orderBy('id')
    .execute();
  const chosen = directions.flatMap((direction) => stores.filter((s) => s.direction_id === direction.id).slice(0, STORES_PER_DIRECTION));
  expect(chosen).toHaveLength(DIRECTIONS * STORES_PER_DIRECTION);
  const now = new Date();
  // 36 deliveries of two カゴ車 and four of one: 76.
  await db
    .insertInto('deliveries')
    .values(
      chosen.map((store, i) => {
        const quantity = i % 10 === 9 ? 1 : 2;
        return {
          date: DAY,
          department_id: centerId,
          delivery_destination_id: store.id,
          slip_number: `PD-${String(i + 1).padStart(4, '0')}`,
          item_name: '日配品',
          quantity,
          load_unit: LOAD_UNIT.cageCart,
          weight: quantity * 90,
          created_at: now,
          updated_at: now,
        };
      }),
    )
    .execute();
}

describe("the planner's day, in a real browser", () => {
  beforeAll(async () => {
    await seedDay();
    // The server's clock at the planner's morning (Date only; its timers run as they do), time flowing from there.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(MORNING);
  });

  test(`center: 40 deliveries into five trips, two stops fixed, all confirmed and loading, in at most ${BUDGET} interactions`, async () => {
    const { page, context } = await stackOf().newPage();
    await page.clock.install({ time: MORNING });
    await page.addInitScript(countInteractions, TALLY_KEY);
    await signIn(page, 'center');

    // The signed-in home page: the count starts here.
    await page.goto('/');
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('ダッシュボード');
    await page.evaluate((key) => sessionStorage.removeItem(key), TALLY_KEY);

    // 1. The board from the menu (its 配車 group opens under the pointer): it opens on the planner's center and today.
    const boardItem = await hoverUntilShown(
      page.getByTestId('top-menu').getByText('配車', { exact: true }),
      page.locator('.ant-menu-submenu-popup .ant-menu-item').filter({ hasText: '配車設定' }).first(),
    );
    await boardItem.click();
    await page.waitForURL((url) => url.pathname === '/store-direct');
    await expect.poll(() => page.getByTestId('totals-unallocated').textContent()).toContain('40');
    expect(await page.getByTestId('unallocated-delivery').count()).toBe(40);

    // 2-3. 再最適化, then apply the plan it shows.
    await page.getByTestId('board-reoptimize').click();
    await expect.poll(() => page.getByTestId('reoptimize-preview').count(), { timeout: 60_000 }).toBe(1);
    await page.getByTestId('reoptimize-apply').click();
    await settled(page);
    await expect.poll(() => page.getByTestId('trip-card').count()).toBe(5);
    await expect.poll(() => page.getByTestId('unallocated-delivery').count()).toBe(0);
    const planned = await boardOf(page);
    expect(planned.trips).toHaveLength(5);

    // 4. A stop dragged to the trip with the most room: the day's room (84 - 76) puts two カゴ車 at least on one trip, and no stop holds more.
    const trips = [...planned.trips].sort((a, b) => a.trip_no - b.trip_no);
    const room = (trip: TripDetail) => (trip.cage_cart_capacity ?? 0) - cartsOf(trip);
    const target = [...trips].sort((a, b) => room(b) - room(a))[0]!;
    const source = trips.find((trip) => trip !== target)!;
    const movedAt = stopsOf(source).findIndex((stop) => stop.quantity === Math.min(...source.stops.map((each) => each.quantity)));
    const moved = stopsOf(source)[movedAt]!;
    expect(room(target)).toBeGreaterThanOrEqual(moved.quantity);
    await tripCard(page, target.id).scrollIntoViewIfNeeded();
    await drag(page, stopsIn(tripCard(page, source.id)).nth(movedAt), tripCard(page, target.id));
    await expect.poll(() => stopsIn(tripCard(page, target.id)).count()).toBe(target.stops.length + 1);
    await settled(page);

    // 5. On another trip, its first stop dragged onto its third.
    const reordered = trips.find((trip) => trip !== source && trip !== target && trip.stops.length >= 3)!;
    const first = stopsOf(reordered)[0]!;
    const card = tripCard(page, reordered.id);
    // In the middle of the window, as a planner would look at it: a drag near the window's edge scrolls the page.
    await card.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await drag(page, stopsIn(card).nth(0), stopsIn(card).nth(2));
    await expect.poll(async () => destinationsOf(await boardOf(page), reordered.id)[2]).toBe(first.delivery_destination_id);
    await settled(page);

    // 6-7. 全便確定, and OK.
    await page.getByTestId('board-confirm-all').click();
    await page.getByTestId('confirm-all-ok').click();
    await expect.poll(() => page.getByTestId('trip-confirmed').count()).toBe(5);
    await settled(page);

    // Then 積込開始 on every trip, each asked once more.
    for (const trip of trips) {
      const each = tripCard(page, trip.id);
      await each.scrollIntoViewIfNeeded();
      await each.getByTestId('trip-loading-start').click();
      await page.locator('[data-testid=trip-loading-start-ok]:visible').click();
      await expect.poll(() => each.getByTestId('trip-status').textContent()).toBe('積込中');
      await settled(page);
    }

    // The count, as the page saw it.
    const tally = await tallyOf(page);
    const total = tally.pointerdown + tally.keydown;
    console.log(`The planner's day: ${total} interactions (${tally.pointerdown} presses and drags, ${tally.keydown} keys)\n${tally.steps.map((step, i) => `  ${i + 1}. ${step}`).join('\n')}`);

    // The outcome, as the API reads it: every delivery on one of five trips, the two fixed stops where they were put, all confirmed and loading.
    const day = await boardOf(page);
    expect(day.unallocated.flatMap((group) => group.deliveries)).toHaveLength(0);
    expect(day.trips).toHaveLength(5);
    expect(day.trips.flatMap((trip) => trip.stops.flatMap((stop) => stop.deliveries))).toHaveLength(DIRECTIONS * STORES_PER_DIRECTION);
    const after = (id: number) => day.trips.find((trip) => trip.id === id)!;
    const deliveriesOf = (id: number) => after(id).stops.flatMap((stop) => stop.deliveries.map((delivery) => delivery.id));
    expect(deliveriesOf(target.id)).toEqual(expect.arrayContaining(moved.deliveries.map((delivery) => delivery.id)));
    expect(destinationsOf(day, source.id)).not.toContain(moved.delivery_destination_id);
    expect(destinationsOf(day, reordered.id)[2]).toBe(first.delivery_destination_id);
    for (const trip of day.trips) {
      expect(trip.confirmed_at, `trip ${trip.trip_no} confirmed`).not.toBeNull();
      expect(trip.status, `trip ${trip.trip_no} loading`).toBe(TRIP_STATUS.loading);
      expect(trip.loading_started_at).not.toBeNull();
    }
    expect(total, tally.steps.join('\n')).toBeLessThanOrEqual(BUDGET);
    await context.close();
  }, JOURNEY_MS);
});
