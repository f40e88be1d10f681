/**
 * What the browser loads first and how the server serves it: the login page's JavaScript within its
 * budget, compressed and cached assets, a page never cached; motion only for those who want it.
 */
import { get, type IncomingHttpHeaders } from 'node:http';
import { describe, expect, test } from 'vitest';
import { useStack } from './harness.js';

const stackOf = useStack();

/** What a planner on a slow line waits for before the login form, in gzip bytes. */
const LOGIN_BUDGET_BYTES = 350 * 1024;

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** the body's bytes as sent, before any decoding */
  bytes: number;
}

/** A GET whose body is counted as it travels: Node's http never decodes it. */
function rawGet(url: string, acceptEncoding: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, bytes }));
      response.on('error', reject);
    }).on('error', reject);
  });
}

/** Every script a fresh Chromium requests for the login page until the network is idle. */
async function loginScripts(): Promise<string[]> {
  const { page, context } = await stackOf().newPage();
  const scripts = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.add(request.url());
  });
  await page.goto('/login');
  await page.getByTestId('login-form').waitFor();
  await page.waitForLoadState('networkidle');
  await context.close();
  return [...scripts];
}

describe('first load and serving', () => {
  test(`the login page's first load is at most ${LOGIN_BUDGET_BYTES / 1024} KB of gzip JavaScript`, async () => {
    const scripts = await loginScripts();
    const served = await Promise.all(scripts.map((url) => rawGet(url, 'gzip')));
    // The build compresses every file of 1 KB or more (MIN_COMPRESS_BYTES in vite.config.ts); a smaller one goes as it is.
    for (const [i, response] of served.entries()) {
      const expected = response.bytes < 1024 && response.headers['content-encoding'] === undefined ? undefined : 'gzip';
      expect([scripts[i], response.headers['content-encoding']]).toEqual([scripts[i], expected]);
    }
    const total = served.reduce((sum, response) => sum + response.bytes, 0);
    const brotli = (await Promise.all(scripts.map((url) => rawGet(url, 'br')))).reduce((sum, response) => sum + response.bytes, 0);
    console.info(`login first load: ${scripts.length} scripts, ${(total / 1024).toFixed(1)} KB gzip, ${(brotli / 1024).toFixed(1)} KB brotli`);
    // The layout, menus, master pages and the websocket client are not part of it.
    expect(scripts.some((url) => /\/assets\/(app-layout|list|master-form|live-provider)-/.test(url))).toBe(false);
    expect(total).toBeLessThanOrEqual(LOGIN_BUDGET_BYTES);
  });

  test('hashed assets are compressed and cached for good; the page itself is never cached', async () => {
    const [entry] = await loginScripts();
    const brotli = await rawGet(entry, 'gzip, deflate, br');
    expect(brotli.status).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    const gzip = await rawGet(entry, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await rawGet(entry, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(brotli.bytes).toBeLessThan(plain.bytes / 3);

    const page = await rawGet(`${stackOf().baseUrl}/login`, 'gzip, br');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    const missing = await rawGet(`${stackOf().baseUrl}/assets/index-gone.js`, 'gzip');
    expect(missing.status).toBe(404);
    expect(missing.headers['cache-control'] ?? '').not.toContain('immutable');
  });
});

describe('motion', () => {
  // The browser tests run as such a user (harness.ts); here one page also as everyone else.
  test("whoever asks for less motion gets antd without its transitions; everyone else keeps them", async () => {
    const { page, context } = await stackOf().newPage();
    const submitTransition = async (reducedMotion: 'reduce' | 'no-preference') => {
      await page.emulateMedia({ reducedMotion });
      await page.goto('/login');
      return page.locator('button[type=submit]').evaluate((button) => parseFloat(getComputedStyle(button).transitionDuration));
    };
    expect(await submitTransition('reduce')).toBeLessThan(0.001);
    expect(await submitTransition('no-preference')).toBeGreaterThanOrEqual(0.1);
    await context.close();
  });
});
