/**
 * 再最適化 on the store-direct board in a real browser: a planner at 品川センター pins one of a demo
 * day's draft trips, re-optimises the day, sees what would move where, applies it (the pinned trip keeps
 * its vehicle, times and stops), reloads the page and takes it back with the board's undo (the server
 * keeps the apply).
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { addDays } from '../../common/allocation.js';
import { demoDay } from '../server/helpers.js';
import { departmentId, signIn, toast, useStack } from './harness.js';

const stackOf = useStack();
/** A coming day of the demo with draft trips at 品川 (the seed plans three days ahead). */
const DAY = addDays(demoDay, 2);
let centerId: number;

const settled = (page: Page) => expect.poll(() => page.getByTestId('allocation-board').getAttribute('data-busy')).toBe('false');

/** The center's live store trips of the day, each with its vehicle, times and deliveries in stop order. */
async function dayPlan() {
  const db = stackOf().db;
  const trips = await db
    .selectFrom('vehicle_allocations')
    .select(['id', 'trip_no', 'vehicle_id', 'driver_id', 'pinned', 'planned_loading_start', 'planned_departure', 'planned_arrival'])
    .where('department_id', '=', centerId)
    .where('date', '=', DAY)
    .where('kind', '=', 'store_direct')
    .where('status', '<>', 9)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  const deliveries = await db.selectFrom('deliveries').select(['id', 'vehicle_allocation_id', 'stop_seq']).where('date', '=', DAY).where('department_id', '=', centerId).orderBy('id').execute();
  const stops = await db
    .selectFrom('allocation_stops')
    .select(['vehicle_allocation_id', 'seq', 'delivery_destination_id', 'planned_arrival'])
    .where('vehicle_allocation_id', 'in', trips.length ? trips.map((trip) => trip.id) : [0])
    .orderBy('vehicle_allocation_id')
    .orderBy('seq')
    .execute();
  return { trips, deliveries, stops };
}

describe('再最適化 on the store-direct board, in a real browser', () => {
  beforeAll(async () => {
    centerId = await departmentId(stackOf().db, 'CT-SHINAGAWA');
  });

  test('center: a pinned trip stays where it was; the preview is applied and undone in one step', async () => {
    const { page, context } = await stackOf().newPage();
    await signIn(page, 'center');
    await page.goto(`/store-direct?center=${centerId}&date=${DAY}`);
    await expect.poll(() => page.getByTestId('trip-card').count()).toBeGreaterThan(1);
    const drafts = (await dayPlan()).trips;
    expect(drafts.some((trip) => trip.pinned)).toBe(false);

    // The planner pins the first trip (固定).
    const first = page.getByTestId('trip-card').first();
    await first.getByTestId('trip-pin').click();
    await settled(page);
    await expect.poll(async () => (await dayPlan()).trips.filter((trip) => trip.pinned).length).toBe(1);
    const before = await dayPlan();
    const pinned = before.trips.find((trip) => trip.pinned)!;
    const pinnedStops = before.stops.filter((stop) => stop.vehicle_allocation_id === pinned.id);
    const pinnedDeliveries = before.deliveries.filter((d) => d.vehicle_allocation_id === pinned.id);
    expect(pinnedDeliveries.length).toBeGreaterThan(0);
    const undoButton = page.getByTestId('board-undo');
    expect(await undoButton.isDisabled()).toBe(true);

    // 再最適化: the preview shows the figures before and after, the plan's trips and what moves.
    await page.getByTestId('board-reoptimize').click();
    // While the optimizer runs, the dialog shows its progress: the best plan's cost so far.
    await expect.poll(() => page.getByTestId('reoptimize-planning').getByTestId('calculator-progress').getAttribute('data-cost')).toMatch(/^\d/);
    await expect.poll(() => page.getByTestId('reoptimize-preview').count(), { timeout: 30_000 }).toBe(1);
    expect(await page.getByTestId('reoptimize-figures').textContent()).toMatch(/車両数.*積載率/);
    expect(await page.getByTestId('reoptimize-trips').locator('tbody tr').count()).toBeGreaterThan(0);
    expect(await dayPlan()).toEqual(before);

    await page.getByTestId('reoptimize-apply').click();
    await settled(page);
    await expect.poll(async () => (await dayPlan()).trips.map((trip) => trip.id)).not.toEqual(before.trips.map((trip) => trip.id));
    const after = await dayPlan();
    expect(after.trips.find((trip) => trip.id === pinned.id)).toEqual(pinned);
    expect(after.stops.filter((stop) => stop.vehicle_allocation_id === pinned.id)).toEqual(pinnedStops);
    expect(after.deliveries.filter((d) => d.vehicle_allocation_id === pinned.id)).toEqual(pinnedDeliveries);
    const replaced = before.trips.filter((trip) => trip.id !== pinned.id);
    expect(after.trips.some((trip) => replaced.some((old) => old.id === trip.id))).toBe(false);
    // On the board: the pinned trip's card with its vehicle, and the plan's trips beside it.
    await expect.poll(() => page.getByTestId('trip-card').count()).toBe(after.trips.length);

    // After a reload the board still offers the undo: the server kept the apply.
    await page.reload();
    await expect.poll(() => page.getByTestId('trip-card').count()).toBe(after.trips.length);
    await expect.poll(() => undoButton.isEnabled()).toBe(true);
    expect(await dayPlan()).toEqual(after);

    // One undo takes the whole 再最適化 back: the day's trips, their vehicles, times and stops as before.
    await undoButton.click();
    await toast(page, '元に戻しました');
    await settled(page);
    await expect.poll(async () => (await dayPlan()).trips.map((trip) => trip.id)).toEqual(before.trips.map((trip) => trip.id));
    expect(await dayPlan()).toEqual(before);
    await expect.poll(() => page.getByTestId('trip-card').count()).toBe(before.trips.length);
    // Nothing left to undo, after another reload too.
    await expect.poll(() => undoButton.isDisabled()).toBe(true);
    const asked = page.waitForResponse((response) => response.url().includes('/reoptimize/last'));
    await page.reload();
    expect(await (await asked).json()).toEqual({ reoptimization: null });
    await expect.poll(() => page.getByTestId('trip-card').count()).toBe(before.trips.length);
    await settled(page);
    expect(await undoButton.isDisabled()).toBe(true);
    await context.close();
  });
});
