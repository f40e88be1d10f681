/**
 * The working-time rules on an assignment, in a real browser: a center planner gives a trip to a
 * driver whose recorded day makes it a 15 h 1 min day; the violation shows, named and red, on the
 * form before saving, the save goes through, and it shows after the save, on the trip form and on the
 * store-direct board's trip card.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { tokyoToday } from '../../common/deliveries.js';
import { signIn, useStack, visit } from './harness.js';

const stackOf = useStack();
/** Far from the demo trips, so the driver has nothing else planned that day. */
const DAY = new Date(Date.parse(`${tokyoToday()}T00:00:00Z`) + 52 * 86_400_000).toISOString().slice(0, 10);
const at = (time: string) => `${DAY}T${time}:00+09:00`;

let fixture: { tripId: number; centerId: number; driverName: string };

beforeAll(async () => {
  const db = stackOf().db;
  const center = await db.selectFrom('departments').select('id').where('code', '=', 'CT-SHINAGAWA').executeTakeFirstOrThrow();
  const driver = await db
    .selectFrom('drivers')
    .select(['id', 'name'])
    .where('base_department_id', '=', center.id)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  // The driver worked 05:00-11:00 that day (recorded); the trip runs 12:00-20:01: 15 h 1 min of binding.
  await db
    .insertInto('driver_work_records')
    .values({ driver_id: driver.id, date: DAY, clock_in: at('05:00'), clock_out: at('11:00'), departure_at: at('05:30'), return_at: at('10:30') })
    .execute();
  const trip = await db
    .insertInto('vehicle_allocations')
    .values({
      date: DAY,
      kind: 'store_direct',
      department_id: center.id,
      trip_no: 901,
      route_name: 'E2E労働時間便',
      planned_loading_start: at('12:00'),
      planned_departure: at('12:30'),
      planned_arrival: at('20:01'),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  fixture = { tripId: trip.id, centerId: center.id, driverName: driver.name };
});

const violations = (page: Page) => page.locator('[data-testid="work-rule-finding"][data-level="violation"][data-rule="dailyBinding"]');

describe('working-time rules on an assignment', () => {
  test('center assigns a driver whose recorded day makes the trip violate: saved, and the violation shows', async () => {
    const { page, context } = await stackOf().newPage();
    await signIn(page, 'center');
    await page.goto(`/vehicle-allocation/edit/${fixture.tripId}`);
    await expect.poll(() => page.locator('#route_name').inputValue()).toBe('E2E労働時間便');
    await expect.poll(() => page.getByTestId('work-rule-alert').count(), { message: 'no driver yet: no finding' }).toBe(0);

    await page.getByTestId('trip-driver').click();
    await page.keyboard.type(fixture.driverName);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: fixture.driverName }).first().click();
    // Before saving, the form already says what the assignment breaks.
    await expect.poll(() => page.getByTestId('work-rule-alert').locator('[data-level="violation"][data-rule="dailyBinding"]').count()).toBe(1);
    await page.getByRole('button', { name: /保\s*存/ }).click();

    // Saved (the list opens) with a notice naming the rule, in red.
    await page.waitForURL((url) => url.pathname === '/vehicle-allocation');
    const notice = page.locator('.ant-notification-notice').filter({ has: violations(page) });
    await expect.poll(() => notice.count()).toBe(1);
    expect(await notice.locator('[data-testid="work-rule-finding"]').textContent()).toBe('違反：1日の拘束時間が15時間を超えています（15:01）');
    expect(await notice.locator('.ant-tag-error').count()).toBe(1);

    // The trip form shows it stored with the trip.
    await visit(page, `/vehicle-allocation/edit/${fixture.tripId}`);
    await expect.poll(() => page.getByTestId('work-rule-alert').locator('[data-level="violation"]').count()).toBe(1);
    expect(await page.getByTestId('work-rule-alert').getAttribute('class')).toContain('ant-alert-error');

    // And the trip card on the store-direct board.
    await visit(page, `/store-direct?center=${fixture.centerId}&date=${DAY}`);
    const card = page.getByTestId('trip-card').filter({ has: violations(page) });
    await expect.poll(() => card.count()).toBe(1);
    expect(await card.locator('[data-testid="work-rule-finding"]').textContent()).toContain('1日の拘束時間が15時間を超えています（15:01）');

    // In English, the same finding in English words.
    await page.getByTestId('language-switch').getByText('English').click();
    await expect.poll(() => card.locator('[data-testid="work-rule-finding"]').textContent()).toBe('Violation: Binding time of the day is over 15 h (15:01)');
    await visit(page, `/vehicle-allocation/edit/${fixture.tripId}`);
    await expect.poll(() => page.getByTestId('work-rule-alert').textContent()).toContain('Binding time of the day is over 15 h (15:01)');
    await context.close();
  });
});
