/**
 * The home page (ダッシュボード) in a real browser: signing in through the form lands on it, its figures
 * are the API's, its charts draw, and a figure opens the page behind it; a delivery the driver reports
 * delivered changes its figures live, without a reload. Screenshots at 1366 px and at
 * a phone's 390 px, in Japanese and English, go to tmp/screenshots/ to be looked at.
 */
import { mkdir } from 'node:fs/promises';
import { describe, expect, test } from 'vitest';
import { asDriver, driverDay } from './driver-fixtures.js';
import { logIn, useStack } from './harness.js';

const stackOf = useStack();
const SHOTS = 'tmp/screenshots';

describe('the home page', () => {
  test('signing in lands on the dashboard; a figure opens its page', async () => {
    const { page, context } = await stackOf().newPage();
    const figures = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/dashboard');
    await logIn(page, 'center');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    const answer = await (await figures).json();
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('ダッシュボード');
    // The trips' total and the deliveries' counts are the API's; the chart is drawn (a canvas).
    await expect.poll(() => page.getByTestId('dashboard-trips-total').textContent()).toBe(
      `${answer.trips.planned + answer.trips.loading + answer.trips.in_transit + answer.trips.completed}便`,
    );
    await expect.poll(() => page.getByTestId('dashboard-deliveries').locator('.ant-statistic-content-value').first().textContent()).toBe(String(answer.deliveries.delivered));
    await page.getByTestId('dashboard-trips').locator('canvas').first().waitFor({ timeout: 30_000 });
    await page.getByTestId('dashboard-efficiency').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/download/load-efficiency');
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('積載効率');
    await context.close();
  });

  test('a delivery the driver reports delivered moves the figures, without a reload', async () => {
    const stack = stackOf();
    const { tripId, loginId } = await driverDay(stack, 'E2E-DASH-0001');
    const { page, context } = await stack.newPage();
    await logIn(page, 'center');
    const figure = (testId: string) => page.getByTestId(testId).locator('.ant-statistic-content-value').textContent().then(Number);
    await expect.poll(() => page.getByTestId('dashboard-delivered').count()).toBe(1);
    const [delivered, toCome] = [await figure('dashboard-delivered'), await figure('dashboard-to-come')];
    expect(toCome).toBeGreaterThan(0);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));

    // The driver's day through the driver app's API: loading, the road, and the arrival that delivers.
    const driver = await asDriver(stack, loginId);
    for (const step of ['loading_start', 'departure']) await driver('POST', `/driver/trips/${tripId}/${step}`);
    await driver('POST', `/driver/trips/${tripId}/stops/1/arrival`, { at: new Date().toISOString() });
    await expect.poll(() => figure('dashboard-delivered')).toBe(delivered + 1);
    expect(await figure('dashboard-to-come')).toBe(toCome - 1);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker), 'the page was not reloaded').toBe(1);
    await context.close();
  });

  test('screenshots at 1366 and 390 px, in Japanese and English', { timeout: 120_000 }, async () => {
    await mkdir(SHOTS, { recursive: true });
    for (const [locale, language] of [
      ['ja-JP', 'ja'],
      ['en-US', 'en'],
    ] as const) {
      for (const width of [1366, 390]) {
        const { page, context } = await stackOf().newPage(locale);
        await logIn(page, 'center');
        if (language === 'en') await page.getByTestId('language-switch').getByText('English').click();
        await expect.poll(() => page.getByTestId('page-title').textContent()).toBe(language === 'ja' ? 'ダッシュボード' : 'Dashboard');
        // Opened again at the width it is shown at, as a phone or a desktop opens it (the language is kept).
        await page.setViewportSize({ width, height: width > 400 ? 900 : 844 });
        await page.reload();
        await expect.poll(() => page.getByTestId('page-title').textContent()).toBe(language === 'ja' ? 'ダッシュボード' : 'Dashboard');
        await page.getByTestId('dashboard-deliveries').locator('canvas').first().waitFor({ timeout: 30_000 });
        // Nothing wider than the screen: no sideways scrolling on a phone.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.screenshot({ path: `${SHOTS}/dashboard-${language}-${width}.png`, fullPage: true });
        await context.close();
      }
    }
  });
});
