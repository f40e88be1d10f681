import { describe, test } from 'vitest';
import { demoDay } from '../server/helpers.js';
import { departmentId, signIn, useStack } from './harness.js';
const stackOf = useStack();
describe('shots', () => {
  test('shots', async () => {
    const db = stackOf().db;
    const centerId = await departmentId(db, 'CT-SHINAGAWA');
    for (const [locale, lang] of [['ja-JP', 'ja'], ['en-US', 'en']] as const) {
      for (const width of [1366, 390]) {
        const { page, context } = await stackOf().newPage(locale);
        await page.setViewportSize({ width, height: 1100 });
        await page.route(/cyberjapandata/, (route) => route.abort());
        await signIn(page, 'center');
        if (lang === 'en') await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
        await page.goto(`/store-direct?center=${centerId}&date=${demoDay}&map=1${lang === 'en' ? '&lng=en' : ''}`);
        await page.getByTestId('map-store').first().waitFor({ timeout: 20000 }).catch(() => undefined);
        await page.getByTestId('trip-card').first().waitFor();
        const stores = page.getByTestId('map-store');
        if ((await stores.count()) > 0) await stores.first().click();
        await page.waitForTimeout(800);
        await page.screenshot({ path: `/tmp/map-shots/${lang}-${width}.png`, fullPage: false });
        await context.close();
      }
    }
  });
});
