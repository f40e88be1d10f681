import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { createDb } from '../../db/index.js';
import { chromiumPath } from '../../server/plugins/pdf.js';
import { demoSnapshot } from '../server/helpers.js';
import { COLUMN_CONFIG_KEY, DAY_SECONDS, TOKEN_KEY, USER_KEY } from '../../client/src/app/providers/session.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** The Chromium the PDF reports use (Debian's headless shell when installed), or `CHROMIUM_PATH`. */
export const CHROMIUM = chromiumPath(process.env.CHROMIUM_PATH) ?? '/usr/bin/chromium-headless-shell';
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/**
 * The real application as `npm start` runs it — built client, API, embedded database with the demo
 * data — on a free port, and a real headless Chromium to drive it. The database is a copy of the demo
 * snapshot the server tests share (seeded once a day, not once per file).
 * `env` adds settings (e.g. GSI_GEOCODER_URL pointing at a local stand-in).
 */
export async function startStack(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'haisha-e2e-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '3000', ...env });
  const db = createDb({ dataDir: 'memory://', snapshot: await demoSnapshot() });
  await db.selectFrom('users').select('id').limit(1).execute(); // PGlite opens lazily; open it now
  const app = await buildApp({
    config,
    db,
    jwtSecret: 'e2e-secret-that-is-long-enough-for-hs256-000000',
    clientDir: path.join(ROOT, 'client', 'dist'),
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  return {
    baseUrl,
    browser,
    db,
    async newPage(locale = 'ja-JP'): Promise<{ page: Page; context: BrowserContext }> {
      // As a user who asks for less motion: nothing animates, so nothing is waited for or composited frame by frame.
      const context = await browser.newContext({ baseURL: baseUrl, locale, viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce' });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      return { page, context };
    },
    async stop() {
      await browser.close();
      await app.close();
      await db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type Stack = Awaited<ReturnType<typeof startStack>>;

/** Starts the stack before a test file's tests and stops it after them; call the answer to reach it. `env` adds configuration. */
export function useStack(env: Record<string, string> = {}): () => Stack {
  let stack: Stack | undefined;
  beforeAll(async () => {
    stack = await startStack(env);
  });
  afterAll(async () => {
    await stack?.stop();
  });
  return () => stack!;
}

/** Signs in through the login screen, as a person does; the page ends where the login sends the user. */
export async function logIn(page: Page, loginId: string, password = 'demo1234') {
  await page.goto('/login');
  await page.locator('input#login_id, input[name="login_id"]').fill(loginId);
  await page.locator('input#password, input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

const BLANK_PAGE = '/__blank-for-session';

/**
 * Signs in without loading the login screen: the same `POST /api/auth/login` the form sends, its answer
 * kept as the client keeps it (`saveSession`: the token as cookie and in localStorage, the profile and
 * its saved columns). The page is left on an empty page of the application's origin, so the test's next
 * `page.goto` is the only time the application boots. Tests of the login screen itself use `logIn`.
 */
export async function signIn(page: Page, loginId: string, password = 'demo1234') {
  const response = await page.request.post('/api/auth/login', { data: { login_id: loginId, password } });
  expect(response.status(), `login of ${loginId}`).toBe(200);
  const session = (await response.json()) as { access_token: string; user: { config?: unknown } };
  await page.route(`**${BLANK_PAGE}`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>-</title>' }));
  await page.goto(BLANK_PAGE);
  await page.unroute(`**${BLANK_PAGE}`);
  await page.evaluate(
    ({ keys, session, maxAge }) => {
      document.cookie = `${keys.token}=${encodeURIComponent(session.access_token)}; Max-Age=${maxAge}; Path=/; SameSite=Lax`;
      localStorage.setItem(keys.token, session.access_token);
      localStorage.setItem(keys.user, JSON.stringify(session.user));
      if (session.user.config !== undefined && session.user.config !== null) localStorage.setItem(keys.columns, JSON.stringify(session.user.config));
    },
    { keys: { token: TOKEN_KEY, user: USER_KEY, columns: COLUMN_CONFIG_KEY }, session, maxAge: DAY_SECONDS },
  );
}

/**
 * Goes to `path` inside the application already open in `page`, as a click on one of its links does:
 * the router follows the browser's history and nothing reloads. A test opens its first page with
 * `page.goto` (each load boots the whole client again); the pages after
 * it, when the test is not about a reload, come this way.
 */
export async function visit(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/**
 * Whether the page asks the server for an address containing `part` within `ms`: started before an action,
 * it shows that the action asked nothing (false) where a wait for the page to settle cannot.
 */
export const asksFor = (page: Page, part: string, ms = 2_000) =>
  page.waitForRequest((request) => request.url().includes(part), { timeout: ms }).then(
    () => true,
    () => false,
  );

/** The search box of a list, whichever element carries its test id. */
export const searchBox = (page: Page, testId: string) =>
  page.locator(`input[data-testid="${testId}"], [data-testid="${testId}"] input`).first();

/** The file input of the CSV import dialog. */
export const csvFileInput = (page: Page) => page.locator('.ant-modal input[type=file]').first();

/** Types into an antd select (searchable or not) and picks the first option containing `text`. */
export async function choose(page: Page, selector: string, text: string) {
  const input = page.locator(selector);
  await input.click();
  // A searchable select filters by what is typed; a plain one is read-only and is only clicked.
  if (await input.isEditable()) await input.fill(text);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click();
}

/** The first `limit` live (not deleted, not temporary) delivery destinations of a center's directions, by id, with their direction's name. */
export function centerDestinations(db: Stack['db'], centerId: number, limit: number) {
  return db
    .selectFrom('delivery_destinations as dd')
    .innerJoin('directions as dir', 'dir.id', 'dd.direction_id')
    .select(['dd.id', 'dir.name as direction_name'])
    .where('dir.department_id', '=', centerId)
    .where('dd.deleted_at', 'is', null)
    .where('dd.temporary_registration_date', 'is', null)
    .orderBy('dd.id')
    .limit(limit)
    .execute();
}

/** The id of the department with `code` (a center: 'CT-SHINAGAWA'). */
export async function departmentId(db: Stack['db'], code: string) {
  const department = await db.selectFrom('departments').select('id').where('code', '=', code).executeTakeFirstOrThrow();
  return department.id;
}

/** A delivery counted in pallets (load unit 0), made now: the row to insert for the day, center, store, slip, quantity and weight given. */
export function palletDelivery(fields: {
  date: string;
  department_id: number;
  delivery_destination_id: number;
  slip_number: string;
  item_name?: string;
  quantity: number;
  weight: number;
}) {
  const now = new Date();
  return { ...fields, load_unit: 0, created_at: now, updated_at: now };
}

/** The live (not deleted, not temporary) vehicles based at a center, by id; the caller selects and may join their type. */
export const centerVehicles = (db: Stack['db'], centerId: number) =>
  db
    .selectFrom('vehicles as v')
    .where('v.base_department_id', '=', centerId)
    .where('v.deleted_at', 'is', null)
    .where('v.temporary_registration_date', 'is', null)
    .orderBy('v.id');

/**
 * Hovers `trigger` until `target` shows. A hover menu opens after a delay and closes again when the
 * header re-renders under the pointer (fonts, the user's name arriving), so one hover is not enough;
 * and a pointer that stays where it is sends no new hover, so each try comes in from outside.
 */
export async function hoverUntilShown(trigger: Locator, target: Locator) {
  await expect
    .poll(async () => {
      await trigger.page().mouse.move(0, 0);
      await trigger.hover();
      return target.waitFor({ state: 'visible', timeout: 2_000 }).then(
        () => true,
        () => false,
      );
    })
    .toBe(true);
  return target;
}

/**
 * Waits for a toast containing `text`. When none comes, the error names the toasts shown instead and
 * the page's path, so that a failure in CI says what the user saw.
 */
export async function toast(page: Page, text: string) {
  const notices = page.locator('.ant-notification-notice');
  try {
    await notices.filter({ hasText: text }).first().waitFor();
  } catch (error) {
    const shown = await notices.allTextContents().catch(() => []);
    throw new Error(`no toast with "${text}" on ${new URL(page.url()).pathname}; toasts shown: ${JSON.stringify(shown)}`, { cause: error });
  }
}

/** On a master's list, opens the CSV import dialog, chooses `file` and runs the check step. */
export async function checkCsv(page: Page, listPath: string, file: string) {
  await page.goto(listPath);
  await page.getByTestId('import-open').click();
  await csvFileInput(page).setInputFiles(file);
  await page.getByTestId('import-check').click();
}
