/**
 * システム情報 (/debug), 動作確認 (/test) and the sign-in check (/auth) in a real browser over the real
 * server: the self-check passes on a working installation (the PDF printed by the server's Chromium),
 * system information is a super admin's, and /auth sends a user on to the page asked for, never away.
 */
import { describe, expect, test } from 'vitest';
import { APP_VERSION } from '../../common/enums.js';
import { hoverUntilShown, signIn, useStack } from './harness.js';

const stackOf = useStack();
/** The first PDF starts Chromium: a few seconds, more on a loaded 2-core machine. */
const PDF_TIMEOUT = 60_000;

async function signedInPage(login: string) {
  const { page, context } = await stackOf().newPage();
  await signIn(page, login);
  return { page, context };
}

const outcome = (page: import('playwright-core').Page, check: string) => page.getByTestId(`check-${check}`).getByTestId('check-outcome').getAttribute('data-outcome');

describe('system pages', () => {
  test('center: 動作確認 finds the server, the clock, realtime and PDF printing working', async () => {
    const { page, context } = await signedInPage('center');
    await page.goto('/delivery');
    // From the user menu, where a user looks for it; システム情報 is not offered to a center.
    await (await hoverUntilShown(page.getByTestId('user-menu'), page.getByTestId('menu-self-check'))).click();
    expect(await page.getByTestId('menu-system').count()).toBe(0);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/test');
    await expect.poll(() => outcome(page, 'api'), { timeout: 15_000 }).toBe('ok');
    expect(await page.getByTestId('check-api').textContent()).toContain(APP_VERSION);
    await expect.poll(() => outcome(page, 'clock'), { timeout: 15_000 }).toBe('ok');
    await expect.poll(() => outcome(page, 'realtime'), { timeout: 15_000 }).toBe('ok');
    await expect.poll(() => outcome(page, 'pdf'), { timeout: PDF_TIMEOUT }).toBe('ok');
    expect(await page.getByTestId('check-pdf').textContent()).toMatch(/出力できました（\d+ KB・\d+ ms）/);
    await context.close();
  });

  test('super: システム情報 shows the installation; a center is refused', async () => {
    const { page, context } = await signedInPage('super');
    await page.goto('/delivery');
    await (await hoverUntilShown(page.getByTestId('user-menu'), page.getByTestId('menu-system'))).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/debug');
    await expect.poll(() => page.getByTestId('system-facts').textContent(), { timeout: 15_000 }).toContain(APP_VERSION);
    const facts = (await page.getByTestId('system-facts').textContent()) ?? '';
    expect(facts).toContain('/usr/bin/chromium-headless-shell');
    expect(facts).toContain('国土地理院 住所検索');
    await context.close();

    const center = await signedInPage('center');
    await center.page.goto('/debug');
    await expect.poll(() => center.page.getByTestId('error-status').textContent()).toBe('403');
    await center.context.close();
  });

  test('/auth sends a signed-in user on to the page asked for, and home for another site', async () => {
    const { page, context } = await signedInPage('center');
    const origin = new URL(page.url()).origin;
    await page.goto('/auth?to=/vehicles');
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/vehicles');
    // Another site: the home page (the dashboard) of this one instead.
    await page.goto('/auth?to=//evil.example/login');
    await expect.poll(() => page.url(), { timeout: 15_000 }).toBe(`${origin}/`);
    await context.close();
  });
});
