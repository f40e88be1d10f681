/**
 * The report pages (/download/<slug>) in a real browser over the real server: a center prints the
 * day's 配送運行指示書 for its center (a real PDF, printed by the server's Chromium), downloads the
 * daily summary as Shift_JIS CSV and with Enter as Excel; a carrier gets no delivery company filter;
 * a refused download shows the server's message, and the buttons wait while a file is being made.
 */
import { readFile } from 'node:fs/promises';
import type { Download, Page, Response, Route } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { periodText } from '../../client/src/features/reports/report-query.js';
import { translator } from '../../server/i18n.js';
import { choose, signIn, toast, useStack, visit } from './harness.js';
import { todayForFile } from './midnight.js';

const stackOf = useStack();
/** The day a report's form opens on (the browser's today). */
const TODAY = await todayForFile();
// Today is read where a check compares with what the page shows, not once when the file loads: a run
// may cross midnight in Tokyo (15:00 UTC) between the two.
/** A PDF takes Chromium a second or two; on a loaded 2-core machine, more. */
const FILE_TIMEOUT = 60_000;

const reportAnswer = (page: Page, slug: string, format: string) =>
  page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === `/api/report/${slug}` && url.searchParams.get('format') === format;
  }, { timeout: FILE_TIMEOUT });

/** Clicks `testId` and waits for both the server's answer and the browser's download. */
async function download(page: Page, slug: string, format: string, click: () => Promise<void>): Promise<{ response: Response; file: Download; bytes: Buffer }> {
  const [response, file] = await Promise.all([reportAnswer(page, slug, format), page.waitForEvent('download', { timeout: FILE_TIMEOUT }), click()]);
  return { response, file, bytes: await readFile((await file.path())!) };
}

/** A new browser page signed in as `login`, open on the report `slug`. */
async function openReport(login: string, slug: string) {
  const { page, context } = await stackOf().newPage();
  await signIn(page, login);
  await page.goto(`/download/${slug}`);
  await page.getByTestId('page-title').waitFor({ timeout: 15_000 });
  return { page, context };
}

describe('reports', () => {
  test("center: the day's 配送運行指示書 for its center is a PDF", async () => {
    const { page, context } = await openReport('center', 'delivery-operation');
    expect(await page.getByTestId('page-title').textContent()).toBe('配送運行指示書');
    expect(await page.getByTestId('report-description').textContent()).toContain('受領印欄');
    expect(await page.getByTestId('report-period').inputValue()).toBe(TODAY.replaceAll('-', '/'));
    expect(await page.getByTestId('report-download-xlsx').count()).toBe(0); // PDF only
    await choose(page, '[data-testid="report-filter-department_id"] input', '品川センター');
    const center = await stackOf().db.selectFrom('departments').select('id').where('code', '=', 'CT-SHINAGAWA').executeTakeFirstOrThrow();

    const { response, file, bytes } = await download(page, 'delivery-operation', 'pdf', () => page.getByTestId('report-download-pdf').click());
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    const asked = new URL(response.url()).searchParams;
    expect(Object.fromEntries(asked)).toEqual({ date: TODAY, department_id: String(center.id), format: 'pdf' });
    expect(file.suggestedFilename()).toBe(`delivery-operation_${TODAY}.pdf`);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
    // Done: the button is a button again.
    await expect.poll(() => page.getByTestId('report-download-pdf').getAttribute('class'), { timeout: 15_000 }).not.toContain('ant-btn-loading');
    await context.close();
  });

  test('center: the daily summary as Shift_JIS CSV, and Enter downloads the Excel', async () => {
    const { page, context } = await openReport('center', 'daily-summary');

    await page.getByTestId('report-download-csv').click();
    const csv = await download(page, 'daily-summary', 'csv', () => page.getByTestId('report-download-csv-sjis').click());
    expect(csv.response.status()).toBe(200);
    expect(csv.response.headers()['content-type']).toMatch(/^text\/csv; charset=shift_jis$/i);
    expect(new URL(csv.response.url()).searchParams.get('encoding')).toBe('sjis');
    expect(csv.file.suggestedFilename()).toBe(`daily-summary_${TODAY}.csv`);
    expect([...csv.bytes.subarray(0, 3)]).not.toEqual([0xef, 0xbb, 0xbf]); // no BOM in Shift_JIS

    // Enter in the form: the first format (Excel).
    const [xlsx] = await Promise.all([reportAnswer(page, 'daily-summary', 'xlsx'), page.getByTestId('report-period').press('Enter')]);
    expect(xlsx.status()).toBe(200);
    expect(xlsx.headers()['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    await context.close();
  });

  test('carrier: no delivery company filter, its own company said instead', async () => {
    const { page, context } = await openReport('carrier', 'daily-summary');
    await page.getByTestId('report-download-xlsx').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('report-filter-delivery_company_id').count()).toBe(0);
    // Nor the center: a carrier may not list departments.
    expect(await page.getByTestId('report-filter-department_id').count()).toBe(0);
    expect(await page.getByTestId('report-own-company').textContent()).toContain('東都運輸');
    // The file is the carrier's own company's, scoped by the server: no company in the query.
    const xlsx = await download(page, 'daily-summary', 'xlsx', () => page.getByTestId('report-download-xlsx').click());
    expect(xlsx.response.status()).toBe(200);
    expect(Object.fromEntries(new URL(xlsx.response.url()).searchParams)).toEqual({ date: TODAY, format: 'xlsx' });

    // A week report shows the Monday-to-Sunday week it covers.
    await visit(page, '/download/weekly-summary');
    await expect.poll(() => page.getByTestId('report-period').inputValue(), { timeout: 15_000 }).toBe(periodText('week', { date: TODAY }, translator('ja')));
    expect(await page.getByTestId('report-period').inputValue()).toMatch(/^\d{4}\/\d{2}\/\d{2}〜\d{4}\/\d{2}\/\d{2}$/);
    await context.close();
  });

  test("a refused download shows the server's message; the buttons wait while it is made", async () => {
    const { page, context } = await openReport('center', 'daily-summary');
    const message = '日付が正しくありません（テスト）';
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/report/daily-summary?**', async (route: Route) => {
      await answered;
      await route.fulfill({ status: 400, contentType: 'application/json; charset=utf-8', body: JSON.stringify({ message, code: 'validation', errors: { date: message } }) });
    });
    await page.getByTestId('report-download-xlsx').click();
    // While the file is being made: the Excel button spins, the CSV one waits.
    await expect.poll(() => page.getByTestId('report-download-xlsx').getAttribute('class'), { timeout: 15_000 }).toContain('ant-btn-loading');
    expect(await page.getByTestId('report-download-csv').isDisabled()).toBe(true);
    answer();
    await toast(page, message);
    await expect.poll(() => page.getByTestId('report-download-csv').isDisabled(), { timeout: 15_000 }).toBe(false);
    await context.close();
  });

  test('center: 日次経費 starts from the default diesel price, then from the center’s last, kept by the server', async () => {
    const { page, context } = await openReport('center', 'daily-expense');
    let asked = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/report/daily-expense') asked += 1;
    });
    // Never entered for this center: the stated default, marked 既定値.
    const price = page.getByTestId('report-amount-fuel_price');
    await expect.poll(() => price.inputValue()).toBe('170');
    await expect.poll(() => page.getByTestId('report-amount-fuel_price-default').textContent()).toBe('既定値');
    // Emptied, it is asked for.
    await price.fill('');
    await page.getByTestId('report-download-xlsx').click();
    await expect.poll(() => page.locator('.ant-form-item-explain-error').textContent()).toBe('軽油単価は1〜999の整数で入力してください。');
    expect(asked).toBe(0);

    await price.fill('158');
    expect(await page.getByTestId('report-amount-fuel_price-default').count()).toBe(0);
    const xlsx = await download(page, 'daily-expense', 'xlsx', () => page.getByTestId('report-download-xlsx').click());
    expect(xlsx.response.status()).toBe(200);
    expect(new URL(xlsx.response.url()).searchParams.get('fuel_price')).toBe('158');
    await context.close();

    // Another browser (nothing in its storage) of the same center starts from 158, not the default.
    const again = await openReport('center', 'daily-expense');
    await expect.poll(() => again.page.getByTestId('report-amount-fuel_price').inputValue()).toBe('158');
    expect(await again.page.getByTestId('report-amount-fuel_price-default').count()).toBe(0);
    await again.context.close();
  });

  test('carrier: 日次売上報告 is refused, as its server route is', async () => {
    const { page, context } = await stackOf().newPage();
    await signIn(page, 'carrier');
    await page.goto('/download/daily-sales-report');
    await expect.poll(() => page.getByTestId('error-status').textContent()).toBe('403');
    expect(await page.getByTestId('report-download-xlsx').count()).toBe(0);
    await context.close();
  });
});
