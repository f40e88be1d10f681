import { writeFile } from 'node:fs/promises';
import { describe, expect, test } from 'vitest';
import { demoDay } from '../server/helpers.js';
import { departmentId, signIn, useStack } from './harness.js';

const stackOf = useStack();
describe('shots', () => {
  test('shots', { timeout: 300_000 }, async () => {
    const centerId = await departmentId(stackOf().db, 'CT-SHINAGAWA');
    for (const [locale, lang] of [['ja-JP', 'ja'], ['en-US', 'en']] as const) {
      for (const width of [1366, 390]) {
        const { page, context } = await stackOf().newPage(locale);
        await context.addInitScript((l) => localStorage.setItem('locale', l), lang);
        await page.setViewportSize({ width, height: 900 });
        await signIn(page, 'center');
        await page.goto(`/store-direct?center=${centerId}&date=${demoDay}&view=chart`);
        await expect.poll(() => page.getByTestId('chart-row').count(), { timeout: 30_000 }).toBeGreaterThan(3);
        await page.waitForTimeout(1500);
        await page.screenshot({ path: `/tmp/shots/chart-${lang}-${width}.png`, fullPage: true });
        if (width === 1366) {
          const pdf = await page.request.get(`/api/report/vehicle-chart?date=${demoDay}&department_id=${centerId}&format=pdf`, {
            headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem(Object.keys(localStorage).find((k) => k.includes('token'))!))}`, 'accept-language': lang },
          });
          await writeFile(`/tmp/shots/chart-${lang}.pdf`, await pdf.body());
        }
        await context.close();
      }
    }
  });
});
