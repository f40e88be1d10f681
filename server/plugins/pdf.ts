import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { AppError } from '../errors.js';

/**
 * Where Debian and the usual packages put Chromium, tried in order when `CHROMIUM_PATH` is unset. First
 * Debian's headless shell (package chromium-headless-shell, what scripts/setup-system.sh installs): the
 * same Blink and Skia without the full browser around them, and less CPU than the full `chromium`
 * (docs/performance.md).
 */
const KNOWN_PATHS = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
const FLAGS = ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];
/** Pages rendered at once; the others wait their turn (each page holds tens of MB). */
const PAGES_AT_ONCE = 2;

export interface PdfOptions {
  landscape?: boolean;
}

export interface PdfRenderer {
  /** A4 PDF of a complete HTML document (its fonts embedded); 503 when no Chromium can be started. */
  render(html: string, options?: PdfOptions): Promise<Uint8Array>;
}

/** How Puppeteer starts it: the headless shell is headless already (`--headless`); a full browser in its new headless mode. */
const headlessMode = (executablePath: string) => (path.basename(executablePath).includes('headless-shell') ? 'shell' : true);

export function chromiumPath(configured: string | undefined): string | undefined {
  if (configured) return existsSync(configured) ? configured : undefined;
  return KNOWN_PATHS.find((candidate) => existsSync(candidate));
}

const unavailable = () => new AppError(503, 'reports.errors.pdfUnavailable');

/** Lets `limit` callers run at once; the others wait in order. */
function turns(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await work();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}

/**
 * One Chromium for the whole process, started at the first PDF and again after it exits. A page
 * renders our own HTML only: no script runs and nothing is fetched from anywhere. Pages are kept
 * for the next PDF (at most one per turn): a kept page renders the next report without paying a new
 * page's set-up (docs/performance.md).
 */
export default fp(async function pdfPlugin(app: FastifyInstance, options: { chromiumPath?: string }) {
  let browser: Promise<Browser> | undefined;
  const inTurn = turns(PAGES_AT_ONCE);
  /** Pages set up and free for the next PDF; gone with their Chromium. */
  let idle: Page[] = [];

  const started = (): Promise<Browser> => {
    const executablePath = chromiumPath(options.chromiumPath);
    if (!executablePath) throw unavailable();
    browser ??= puppeteer.launch({ executablePath, headless: headlessMode(executablePath), args: FLAGS }).then((launched) => {
      launched.on('disconnected', () => {
        browser = undefined;
        idle = [];
      });
      return launched;
    });
    return browser.catch((error: unknown) => {
      browser = undefined;
      app.log.error({ err: error }, 'Chromium did not start');
      throw unavailable();
    });
  };

  const newPage = async (): Promise<Page> => {
    const page = await (await started()).newPage();
    await page.setJavaScriptEnabled(false);
    await page.setRequestInterception(true);
    page.on('request', (request) => void (request.url().startsWith('data:') ? request.continue() : request.abort()));
    return page;
  };

  const render: PdfRenderer['render'] = (html, { landscape = false } = {}) =>
    inTurn(async () => {
      const page = idle.pop() ?? (await newPage());
      try {
        await page.setContent(html, { waitUntil: 'load' });
        const file = await page.pdf({ format: 'A4', landscape, printBackground: true, preferCSSPageSize: true });
        idle.push(page);
        return file;
      } catch (error) {
        await page.close().catch(() => undefined);
        throw error;
      }
    });

  app.decorate('pdf', { render } satisfies PdfRenderer);
  app.addHook('onClose', async () => {
    const running = browser;
    browser = undefined;
    if (running) await (await running.catch(() => undefined))?.close();
  });
});
