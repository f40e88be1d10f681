/**
 * Drivers' working times in a real browser: on /driver-time-in-out a center planner types a clock
 * out before the clock in and sees the specification's message at the field (nothing is sent);
 * a valid pair saves with the keyboard and the computed binding (拘束時間) follows. Both pages are
 * photographed in Japanese and English on the demo's last day (a warning and a violation).
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { addDays } from '../../common/deliveries.js';
import { demoDay } from '../server/helpers.js';
import { signIn, useStack, visit } from './harness.js';

const stackOf = useStack();
/** A day of its own, away from the demo's working days. */
const DATE = addDays(demoDay, 45);
const YESTERDAY = addDays(demoDay, -1);

const row = (page: Page, loginId: string) => page.getByTestId(`row-${loginId}`);

async function englishPage() {
  const { page, context } = await stackOf().newPage('en-US');
  await context.addInitScript(() => localStorage.setItem('locale', 'en'));
  return { page, context };
}

describe('driver time in/out', () => {
  test('today: a driver clocked in and not out is 「勤務中」 with no figures yet; in English "On duty"', async () => {
    const { page, context } = await stackOf().newPage();
    await signIn(page, 'center');
    await page.goto(`/driver-time-in-out?date=${demoDay}`);
    const toto = row(page, 'toto-d01');
    await expect.poll(() => toto.getByTestId('open-day').textContent(), { timeout: 10_000 }).toBe('勤務中');
    expect(await toto.getByTestId('cell-clock_in').textContent()).toMatch(/^\d{2}:\d{2}$/);
    expect(await toto.getByTestId('figure-binding').textContent()).toBe('');
    await context.close();
    const english = await englishPage();
    await signIn(english.page, 'center');
    await english.page.goto(`/driver-time-in-out?date=${demoDay}`);
    await expect.poll(() => row(english.page, 'toto-d01').getByTestId('open-day').textContent(), { timeout: 10_000 }).toBe('On duty');
    await english.context.close();
  });

  test('a day that could not be read says why and loads again on Refresh, rather than listing no drivers (English)', async () => {
    const { page, context } = await englishPage();
    await signIn(page, 'center');
    let answers = 0;
    await page.route('**/api/driver_time?**', (route) => {
      answers++;
      return answers === 1 ? route.fulfill({ status: 503, json: { message: 'The database is not answering (test)', code: 503 } }) : route.continue();
    });
    await page.goto(`/driver-time-in-out?date=${demoDay}`);
    const failure = page.getByTestId('load-failure');
    await expect.poll(() => failure.textContent()).toContain('The database is not answering (test)');
    await failure.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => row(page, 'toto-d01').count()).toBe(1);
    expect(await failure.count()).toBe(0);
    await context.close();
  });

  test('center: an end before its start shows the message at the field; a valid edit saves and the binding follows', async () => {
    const { page, context } = await stackOf().newPage();
    await signIn(page, 'center');
    await page.goto(`/driver-time-in-out?date=${DATE}`);
    const toto = row(page, 'toto-d01');
    await toto.waitFor();
    expect(await toto.getByTestId('figure-binding').textContent()).toBe('');

    await toto.getByTestId('edit-row').click();
    const clockIn = page.getByTestId('edit-clock_in');
    await expect.poll(() => clockIn.evaluate((input) => input === document.activeElement)).toBe(true);
    await clockIn.fill('09:00');
    await page.keyboard.press('Enter');
    await page.getByTestId('edit-clock_out').fill('08:30');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.getByTestId('error-clock_out').textContent()).toBe('終了時間が開始時間以降ではありません');
    // Saving is refused on the client: nothing reaches the database.
    await page.getByTestId('edit-clock_out').press('Control+Enter');
    await expect.poll(() => page.getByTestId('error-clock_out').isVisible()).toBe(true);
    const none = await stackOf().db.selectFrom('driver_work_records').select('id').where('date', '=', DATE).execute();
    expect(none).toHaveLength(0);

    await page.getByTestId('edit-clock_out').fill('18:15');
    await expect.poll(() => page.getByTestId('error-clock_out').count()).toBe(0);
    await expect.poll(() => toto.getByTestId('figure-binding').textContent()).toBe('9:15');
    await page.getByTestId('edit-clock_out').press('Control+Enter');
    await expect.poll(() => page.getByTestId('save-row').count()).toBe(0);
    await expect.poll(() => toto.getByTestId('figure-binding').textContent()).toBe('9:15');
    expect(await toto.getByTestId('cell-clock_out').textContent()).toBe('18:15');
    await expect.poll(() => page.getByTestId('total-binding').textContent()).toBe('9:15');
    const saved = await stackOf().db.selectFrom('driver_work_records').select(['clock_in', 'clock_out', 'version']).where('date', '=', DATE).executeTakeFirstOrThrow();
    expect([saved.clock_in?.toISOString(), saved.clock_out?.toISOString(), saved.version]).toEqual([
      new Date(`${DATE}T09:00:00+09:00`).toISOString(),
      new Date(`${DATE}T18:15:00+09:00`).toISOString(),
      1,
    ]);

    // Esc cancels an edit: the row shows what was saved.
    await toto.getByTestId('edit-row').click();
    await page.getByTestId('edit-clock_out').fill('19:00');
    await page.getByTestId('edit-clock_out').press('Escape');
    await expect.poll(() => toto.getByTestId('cell-clock_out').textContent()).toBe('18:15');
    await context.close();
  });

  test('出発状況 left open turns a trip overdue by itself once its planned departure and the grace have passed', async () => {
    const db = stackOf().db;
    const driver = await db.selectFrom('drivers').select(['id', 'name', 'delivery_company_id', 'base_department_id']).where('login_id', '=', 'toto-d01').executeTakeFirstOrThrow();
    const trip = await db
      .insertInto('vehicle_allocations')
      .values({
        date: DATE,
        kind: 'store_direct',
        department_id: driver.base_department_id!,
        trip_no: 97,
        driver_id: driver.id,
        delivery_company_id: driver.delivery_company_id,
        planned_departure: new Date(Date.now() + 60_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { page, context } = await stackOf().newPage();
    // The page's clock runs as the real one until the test moves it on.
    await page.clock.install();
    await signIn(page, 'center');
    await page.goto(`/attendance-departure-of-the-driver?date=${DATE}`);
    const state = page.locator('[data-testid=attendance-table] tr', { hasText: driver.name }).getByTestId('departure-state');
    await expect.poll(() => state.getAttribute('data-state')).toBe('waiting');
    await expect.poll(() => page.getByTestId('attendance-totals').textContent()).toContain('遅れ 0');
    // Eight minutes on, nothing reloaded: past the plan and the five minutes' grace.
    await page.clock.fastForward('08:00');
    await expect.poll(() => state.getAttribute('data-state')).toBe('overdue');
    expect(await state.textContent()).toBe('未出発（予定超過）');
    expect(await page.getByTestId('attendance-totals').textContent()).toContain('遅れ 1');
    await context.close();
    await db.deleteFrom('vehicle_allocations').where('id', '=', trip.id).execute();
  });

  test('the demo’s last day: a warning (amber) and a violation (red), named, in Japanese and English; attendance', async () => {
    const { page, context } = await stackOf().newPage();
    await signIn(page, 'center');
    await page.goto(`/driver-time-in-out?date=${YESTERDAY}`);
    await row(page, 'toto-d03').waitFor();
    const finding = (loginId: string, level: string) => row(page, loginId).locator(`[data-testid=work-rule-finding][data-level=${level}]`).first();
    await expect.poll(() => finding('toto-d03', 'violation').textContent()).toMatch(/1日の拘束時間が15時間を超えています（15:20）/);
    expect(await finding('toto-d03', 'violation').getAttribute('data-rule')).toBe('dailyBinding');
    await expect.poll(() => finding('toto-d02', 'warning').textContent()).toMatch(/1日の拘束時間が13時間を超えています（13:30）/);
    expect(await row(page, 'toto-d03').getAttribute('class')).toContain('dt-row--violation');
    const breakOf = (p: Page) => row(p, 'toto-d03').getByTestId('break-interval').first().textContent();
    expect(await breakOf(page)).toMatch(/^\d{2}:\d{2}〜\d{2}:\d{2}$/);

    await visit(page, `/attendance-departure-of-the-driver?date=${YESTERDAY}`);
    await expect.poll(() => page.getByTestId('departure-state').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('attendance-totals').textContent()).toMatch(/^合計: ドライバー \d+名/);
    await context.close();

    const english = await englishPage();
    await signIn(english.page, 'center');
    await english.page.goto(`/driver-time-in-out?date=${YESTERDAY}`);
    await expect.poll(() => row(english.page, 'toto-d03').locator('[data-testid=work-rule-finding][data-level=violation]').first().textContent()).toMatch(/binding/i);
    expect(await breakOf(english.page), 'a break as English writes a range').toMatch(/^\d{2}:\d{2}–\d{2}:\d{2}$/);
    await visit(english.page, `/attendance-departure-of-the-driver?date=${YESTERDAY}`);
    await expect.poll(() => english.page.getByTestId('departure-state').count()).toBeGreaterThan(0);
    await english.context.close();
  });
});
