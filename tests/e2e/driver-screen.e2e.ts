/**
 * The driver's screen (/driver) on a phone (Chromium at 390×844): a demo driver signs in, clocks in
 * with the alcohol check, loads, departs, arrives (with the phone's position), waits 45 minutes (the
 * page's clock moved on, no real waiting), works, has it confirmed, leaves, returns and clocks out; a
 * planner's board and delivery list, open in a second browser, follow each step without a reload. A
 * report whose answer is lost is sent again and applied once; reports made without signal wait on the
 * phone, are listed, and arrive in order, once, when the connection returns. The shell works offline.
 */
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { TOKEN_KEY } from '../../client/src/app/providers/session.js';
import { tokyoToday } from '../../common/deliveries.js';
import { clockOf, tokyoInstant, tokyoMinutes } from '../../common/time.js';
import { rows, search } from './deliveries-fixtures.js';
import { type DriverFixture, driverDay } from './driver-fixtures.js';
import { signIn, type Stack, useStack } from './harness.js';

const stackOf = useStack();
const TODAY = tokyoToday();
const SLIP = 'E2E-DRV-0001';
const POSITION = { latitude: 35.6284, longitude: 139.7387 };
/** Screens to look at (not compared): .scratch/ is not kept in git. */
const SHOTS = path.resolve(import.meta.dirname, '../../.scratch/driver-screen');

let fixture: DriverFixture;

/** A phone: 390×844, touch, the position granted (or not), service workers as asked. */
async function phone(stack: Stack, options: { locale?: string; serviceWorkers?: 'allow' | 'block' } = {}) {
  const context = await stack.browser.newContext({
    baseURL: stack.baseUrl,
    locale: options.locale ?? 'ja-JP',
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    reducedMotion: 'reduce',
    geolocation: POSITION,
    permissions: ['geolocation'],
    serviceWorkers: options.serviceWorkers ?? 'block',
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

async function signInAsDriver(page: Page, loginId: string) {
  await page.goto('/driver/');
  await page.locator('input[name="login_id"]').fill(loginId);
  await page.locator('input[name="password"]').fill('demo1234');
  await page.getByRole('button', { name: /ログイン|Sign in/ }).click();
}

const stopRow = () => stackOf().db.selectFrom('allocation_stops').selectAll().where('vehicle_allocation_id', '=', fixture.tripId).executeTakeFirstOrThrow();
const reportsOf = async (driverId: number) =>
  Number((await stackOf().db.selectFrom('driver_reports').select((eb) => eb.fn.countAll().as('n')).where('driver_id', '=', driverId).executeTakeFirstOrThrow()).n);

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/** A planner's page (or a part of it) shot as a phone shows it (390 px wide), then back at its own size; the page is not reloaded. */
async function shootAt390(page: Page, name: string, part?: Locator) {
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  if (part) await part.screenshot({ path: path.join(SHOTS, `${name}.png`) });
  else await shoot(page, name);
  await page.setViewportSize(size);
}

describe("the driver's screen on a phone", () => {
  beforeAll(async () => {
    fixture = await driverDay(stackOf(), SLIP);
  });

  test('a day from 出勤 to 退勤; the planner sees each step live; a lost answer and a lost signal change nothing twice', async () => {
    const stack = stackOf();
    // The planner, in another browser: the board of the day and the delivery list, never reloaded.
    const board = await stack.newPage();
    await signIn(board.page, 'center');
    await board.page.goto(`/store-direct?center=${fixture.centerId}&date=${TODAY}`);
    const tripCard = board.page.getByTestId('trip-card').filter({ hasText: fixture.vehicleNumber });
    const tripStatus = tripCard.getByTestId('trip-status');
    const boardStop = () => tripCard.getByTestId('trip-stop').textContent();
    await expect.poll(() => tripStatus.textContent()).toBe('計画');
    const list = await stack.newPage();
    await signIn(list.page, 'center');
    await list.page.goto('/delivery');
    await expect.poll(() => rows(list.page).count()).toBeGreaterThan(0);
    await search(list.page, SLIP);
    await expect.poll(() => rows(list.page).allTextContents()).toHaveLength(1);
    await board.page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await list.page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));

    const { context, page } = await phone(stack);
    await page.clock.install({ time: tokyoInstant(TODAY, '08:00') });
    await page.goto('/driver/');
    await page.getByRole('button', { name: 'ログイン' }).waitFor();
    await shoot(page, 'ja-1-login');
    await signInAsDriver(page, fixture.loginId);

    // 出勤 needs its alcohol check.
    const clockIn = page.getByTestId('clock_in');
    await clockIn.getByRole('button', { name: '出勤' }).click();
    await clockIn.getByText('アルコールチェックの値').waitFor();
    await clockIn.locator('input[name="alcohol_check"]').fill('0');
    await clockIn.locator('input[name="alcohol_checker"]').fill('運行管理者 山田');
    await clockIn.getByRole('button', { name: '出勤' }).click();
    await page.locator('p.driver-clocked', { hasText: '出勤 08:00' }).waitFor();
    const record = await stack.db.selectFrom('driver_work_records').selectAll().where('driver_id', '=', fixture.driverId).where('date', '=', TODAY).executeTakeFirstOrThrow();
    expect([record.alcohol_check_before, record.checker]).toEqual([0, '運行管理者 山田']);
    expect(record.clock_in!.getTime() - tokyoInstant(TODAY, '08:00').getTime()).toBeLessThan(60_000);

    const trip = page.getByTestId(`trip-${fixture.tripId}`);
    const stop = trip.getByTestId('stop-1');
    await expect.poll(() => stop.textContent()).toContain(SLIP);
    await shoot(page, 'ja-2-trip');
    const tap = (name: string) => trip.getByRole('button', { name, exact: true }).click();
    const deliveryRow = () => rows(list.page).first().textContent();

    // The trip not started yet: 退勤 asks first, its form stays folded.
    expect(await page.getByTestId('clock_out').count(), 'no 退勤 form under a trip not started').toBe(0);
    expect(await page.getByTestId('clock-out-early').textContent()).toContain('未着手の便が1件あります');
    await tap('積込開始');
    await expect.poll(() => tripStatus.textContent()).toBe('積込中');
    await page.clock.fastForward('30:00');
    await tap('出発');
    await expect.poll(() => tripStatus.textContent()).toBe('配送中');
    await expect.poll(deliveryRow).toContain('配送中');
    expect(await page.getByTestId('clock_out').count(), 'no 退勤 while the trip is on the road').toBe(0);

    await page.clock.fastForward('40:00');
    await tap('到着');
    await expect.poll(deliveryRow).toContain('配達完了');
    await expect.poll(async () => (await stopRow()).arrival_latitude).toBe(POSITION.latitude);
    expect((await stopRow()).arrival_longitude).toBe(POSITION.longitude);

    // 荷待ち: 45 minutes on the page's clock.
    await tap('荷待ち開始');
    await stop.getByText('荷待ち中').waitFor();
    // The planner's board and list, never reloaded, say the driver is waiting and since when (the time reported).
    await expect.poll(async () => (await stopRow()).wait_started_at).not.toBeNull();
    const waitingSince = `荷待ち中 ${clockOf(tokyoMinutes((await stopRow()).wait_started_at!))}〜`;
    await expect.poll(boardStop).toContain(waitingSince);
    await expect.poll(deliveryRow).toContain(waitingSince);
    await shootAt390(list.page, 'ja-planner-list-waiting');
    await shootAt390(board.page, 'ja-planner-board-waiting', tripCard);
    await page.clock.fastForward('45:00');
    await tap('荷待ち終了');
    await stop.getByText('（45分）').waitFor();
    await expect.poll(async () => (await stopRow()).wait_minutes).toBe(45);
    const waited = await stopRow();
    // 45 minutes on the clock, and the seconds the taps took.
    const waitedMs = waited.wait_ended_at!.getTime() - waited.wait_started_at!.getTime();
    expect(waitedMs).toBeGreaterThanOrEqual(45 * 60_000);
    expect(waitedMs).toBeLessThan(45.5 * 60_000);

    // 荷役開始 reaches the server, but its answer is lost: the phone keeps it and sends it again; applied once.
    let lost = false;
    await page.route('**/api/driver/trips/*/stops/1/work_start', async (route) => {
      if (lost) return route.continue();
      lost = true;
      await route.fetch();
      await route.abort('connectionreset');
    });
    const reportsBefore = await reportsOf(fixture.driverId);
    await tap('荷役開始');
    await page.getByTestId('outbox').waitFor();
    await expect.poll(async () => (await stopRow()).work_started_at).not.toBeNull();
    await expect.poll(boardStop).toMatch(/荷役中 \d\d:\d\d〜/);
    await expect.poll(deliveryRow).toMatch(/荷役中 \d\d:\d\d〜/);
    expect(await boardStop()).not.toContain('荷待ち中');
    const firstStart = (await stopRow()).work_started_at!.toISOString();
    await page.clock.fastForward('01:00');
    await page.getByTestId('outbox').getByRole('button', { name: '今すぐ送信' }).click();
    await expect.poll(() => page.getByTestId('outbox').count()).toBe(0);
    expect((await stopRow()).work_started_at!.toISOString()).toBe(firstStart);
    expect(await reportsOf(fixture.driverId)).toBe(reportsBefore + 1);
    expect(await page.getByTestId('refused').count()).toBe(0);

    await page.clock.fastForward('20:00');
    await stop.locator('input[name="work_content"]').fill('カゴ車4台 手降ろし');
    await tap('荷役終了');
    await expect.poll(async () => (await stopRow()).work_content).toBe('カゴ車4台 手降ろし');

    // Without signal: 荷主確認 and the departure wait on the phone, listed, and the server has neither.
    await context.setOffline(true);
    await page.getByTestId('offline').waitFor();
    await tap('荷主が確認した');
    await page.clock.fastForward('05:00');
    await tap('この配送先を出発');
    await expect.poll(() => page.getByTestId('outbox').locator('li').allTextContents()).toEqual(['荷主確認 ', expect.stringMatching(/^この配送先を出発 \d\d:\d\d$/)]);
    await stop.getByText('荷主確認: 確認済').waitFor();
    await shoot(page, 'ja-3-offline');
    const offline = await stopRow();
    expect([offline.consignee_confirmed, offline.departed_at]).toEqual([null, null]);

    await context.setOffline(false);
    await expect.poll(() => page.getByTestId('outbox').count()).toBe(0);
    const left = await stopRow();
    expect(left.consignee_confirmed).toBe(true);
    // Work ended: the board and the list say the consignee confirmed (the list by a mark of that name), and nothing is under way.
    await expect.poll(boardStop).toContain('荷主確認済');
    await expect.poll(() => rows(list.page).first().getByRole('img', { name: '荷主確認済' }).count()).toBe(1);
    expect(await deliveryRow()).not.toContain('荷役中');
    expect(left.departed_at!.getTime()).toBeGreaterThan(left.work_ended_at!.getTime());
    expect(await reportsOf(fixture.driverId)).toBe(reportsBefore + 4);

    await page.clock.fastForward('30:00');
    await tap('帰着');
    await expect.poll(() => tripStatus.textContent()).toBe('完了');
    await shoot(page, 'ja-4-returned');

    const clockOut = page.getByTestId('clock_out');
    await clockOut.locator('input[name="alcohol_check"]').fill('0');
    await clockOut.locator('input[name="alcohol_checker"]').fill('運行管理者 佐藤');
    await clockOut.getByRole('button', { name: '退勤' }).click();
    await page.locator('p.driver-clocked', { hasText: /^退勤 \d\d:\d\d$/ }).waitFor();
    const day = await stack.db.selectFrom('driver_work_records').selectAll().where('driver_id', '=', fixture.driverId).where('date', '=', TODAY).executeTakeFirstOrThrow();
    expect([day.alcohol_check_after, day.checker_after]).toEqual([0, '運行管理者 佐藤']);
    expect(day.clock_out!.getTime()).toBeGreaterThan(day.clock_in!.getTime());

    // Every report of the day arrived once: 出勤, 積込開始, 出発, 到着, 荷待ち×2, 荷役×2, 荷主確認, 出発, 帰着, 退勤.
    expect(await reportsOf(fixture.driverId)).toBe(12);
    // The planner's 荷待ち・荷役記録 of the day lists the stop with its 45 minutes.
    const token = await board.page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
    const file = await board.page.request.get(`/api/report/waiting-loading-record?date_from=${TODAY}&date_to=${TODAY}&format=csv&encoding=utf8`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(file.status()).toBe(200);
    const lines = parse(await file.text(), { bom: true }) as string[][];
    const waitColumn = lines[0]!.indexOf('荷待ち(分)');
    expect(lines.filter((line) => line.includes(fixture.vehicleNumber)).map((line) => line[waitColumn])).toEqual(['45']);
    // The planner's pages were never reloaded.
    expect(await board.page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    expect(await list.page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    await Promise.all([context.close(), board.context.close(), list.context.close()]);
  });

  test('in English, the notes of a stop: read them, post one with the position, post one without signal', async () => {
    const stack = stackOf();
    const { context, page } = await phone(stack, { locale: 'en-US' });
    await page.clock.install({ time: tokyoInstant(TODAY, '12:00') });
    await signInAsDriver(page, fixture.loginId);
    const trip = page.getByTestId(`trip-${fixture.tripId}`);
    await trip.getByText('Returned').waitFor();
    await shoot(page, 'en-1-day');
    await trip.getByRole('button', { name: 'Site notes' }).click();
    const drawer = page.locator('.ant-drawer');
    await drawer.locator('input[name="title"]').fill('Gate B after 18:00');
    await drawer.locator('textarea[name="body"]').fill('Use the back gate; the front closes at 18:00.');
    await drawer.getByText('Entrance', { exact: true }).click();
    await drawer.getByRole('button', { name: 'Post a note' }).click();
    await drawer.getByText('Posted.').waitFor();
    await expect.poll(() => drawer.getByTestId('shares').textContent()).toContain('Gate B after 18:00');
    await shoot(page, 'en-2-notes');
    const share = await stack.db.selectFrom('destination_shares').selectAll().where('title', '=', 'Gate B after 18:00').executeTakeFirstOrThrow();
    expect([share.category, share.latitude, share.longitude]).toEqual(['entrance', POSITION.latitude, POSITION.longitude]);

    // Without signal a note waits on the phone: listed with the reports waiting, shown as waiting here; sent once when the signal returns.
    const notesCalled = (title: string) => stack.db.selectFrom('destination_shares').selectAll().where('title', '=', title).execute();
    await context.setOffline(true);
    await page.getByTestId('offline').waitFor();
    await drawer.locator('input[name="title"]').fill('Side door code 1234');
    await drawer.getByText('Parking', { exact: true }).click();
    await drawer.getByRole('button', { name: 'Post a note' }).click();
    await expect.poll(() => page.getByTestId('outbox').locator('li').allTextContents()).toEqual(['Site notes Side door code 1234']);
    await expect.poll(() => drawer.getByTestId('share-waiting').textContent()).toContain('Side door code 1234');
    await drawer.getByTestId('share-waiting').scrollIntoViewIfNeeded();
    await shoot(page, 'en-3-note-waiting');
    expect(await notesCalled('Side door code 1234')).toHaveLength(0);
    await context.setOffline(false);
    await expect.poll(() => page.getByTestId('outbox').count()).toBe(0);
    await drawer.getByText('Posted.').waitFor();
    await expect.poll(() => drawer.getByTestId('shares').textContent()).toContain('Side door code 1234');
    expect(await drawer.getByTestId('share-waiting').count()).toBe(0);
    const sent = await notesCalled('Side door code 1234');
    expect(sent.map((note) => [note.category, note.author_driver_id])).toEqual([['parking', fixture.driverId]]);

    await drawer.getByRole('button', { name: 'Close' }).click();
    await drawer.waitFor({ state: 'hidden' });
    await page.getByTestId('language').click();
    await trip.getByText('帰着済').waitFor();
    await context.close();
  });

  test('installable: the manifest, and the shell served by its service worker without signal', async () => {
    const stack = stackOf();
    const { context, page } = await phone(stack, { serviceWorkers: 'allow' });
    await page.goto('/driver');
    expect(new URL(page.url()).pathname).toBe('/driver/');
    const manifest = await (await page.request.get('/driver/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({ start_url: '/driver/', scope: '/driver/', display: 'standalone' });
    expect(manifest.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 15_000 }).toBe(true);
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('button', { name: 'ログイン' }).waitFor();
    await context.close();
  });
});
