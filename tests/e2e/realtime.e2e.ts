/**
 * Realtime notifications in two real browsers: a planner at 品川センター (`center`) starts a trip's
 * loading on the store-direct board; the branch above it (`branch`, signed in elsewhere) sees the
 * notification arrive in its bell and the trip's detail change status, without a reload; asks for more
 * with the specification's per_page, and opens it: marked read with the server's read_at, the trip's
 * detail opened.
 */
import type { Page, Request, WebSocketRoute } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { addDays } from '../../common/allocation.js';
import { tokyoToday } from '../../common/deliveries.js';
import { NOTIFICATION_PAGE_SIZE, notificationPageSize } from '../../client/src/app/config.js';
import { REALTIME_CLOSE, REALTIME_PROTOCOL, TOKEN_PROTOCOL_PREFIX } from '../../common/realtime.js';
import { centerDestinations, centerVehicles, departmentId, palletDelivery, signIn, useStack } from './harness.js';

const stackOf = useStack();
const DATE = addDays(tokyoToday(), 3);
/** Older notifications of `branch`, so that the list has more than one page of 15. */
const OLDER = 35;
/** Every other one of them is unread. */
const OLDER_UNREAD = Math.ceil(OLDER / 2);

interface Fixture {
  centerId: number;
  vehicleId: number;
  deliveryId: number;
}
let fixture: Fixture;

async function seed(): Promise<Fixture> {
  const db = stackOf().db;
  const centerId = await departmentId(db, 'CT-SHINAGAWA');
  const branch = await db.selectFrom('users').select('id').where('login_id', '=', 'branch').executeTakeFirstOrThrow();
  const [destination] = await centerDestinations(db, centerId, 1);
  const vehicle = await centerVehicles(db, centerId).select('v.id').executeTakeFirstOrThrow();
  const now = new Date();
  const delivery = await db
    .insertInto('deliveries')
    .values(palletDelivery({ date: DATE, department_id: centerId, delivery_destination_id: destination!.id, slip_number: 'RT-0001', item_name: 'E2E リアルタイム', quantity: 1, weight: 10 }))
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('notifications')
    .values(
      Array.from({ length: OLDER }, (_, i) => ({
        user_id: branch.id,
        type: 'start_center_loading_start',
        title: `過去のお知らせ ${i + 1}`,
        created_at: new Date(now.getTime() - (i + 1) * 3_600_000),
        read_at: i % 2 === 0 ? null : new Date(now.getTime() - i * 3_600_000),
        vehicle_allocation_id: null,
      })),
    )
    .execute();
  return { centerId, vehicleId: vehicle.id, deliveryId: delivery.id };
}

/** A call of our API from the page, with the signed-in user's token. */
async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = localStorage.getItem('access_token');
      const response = await fetch(`/api${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    },
    { method, path, body },
  );
}

const listRequests = (requests: Request[]) =>
  requests.map((request) => new URL(request.url())).filter((url) => url.pathname === '/api/notification/get_notification_submit_loading_center');

describe('notifications in realtime, in two browsers', () => {
  beforeAll(async () => {
    fixture = await seed();
  });

  test("a loading start on the board reaches the other browser's bell without a reload; more, then open it", async () => {
    const stack = stackOf();
    const planner = await stack.newPage();
    const watcher = await stack.newPage();
    const sockets: string[] = [];
    watcher.page.on('websocket', (socket) => sockets.push(new URL(socket.url()).pathname));
    const requests: Request[] = [];
    watcher.page.on('request', (request) => requests.push(request));

    // The planner's trip: one stop, confirmed, ready to start loading.
    await signIn(planner.page, 'center');
    const trip = await api<{ id: number; version: number; trip_no: number }>(planner.page, 'POST', '/vehicle_allocation', {
      date: DATE,
      kind: 'store_direct',
      department_id: fixture.centerId,
      vehicle_id: fixture.vehicleId,
    });
    const planned = await api<{ version: number }>(planner.page, 'PUT', `/vehicle_allocation/${trip.id}/stops`, {
      version: trip.version,
      stops: [{ delivery_id: fixture.deliveryId, seq: 1 }],
    });
    await api(planner.page, 'POST', `/vehicle_allocation/${trip.id}/confirm`, { version: planned.version });
    // Its loading planned within the hour: 積込開始 opens 12 hours before the planned loading start.
    await stackOf().db.updateTable('vehicle_allocations').set({ planned_loading_start: new Date(Date.now() + 30 * 60_000) }).where('id', '=', trip.id).execute();
    await planner.page.goto(`/store-direct?department_id=${fixture.centerId}&date=${DATE}`);
    const card = planner.page.getByTestId('trip-card').filter({ has: planner.page.getByTestId('trip-confirmed') });
    await card.waitFor();

    // The branch watches the trip's detail and its bell; a marker shows that page is never reloaded.
    await watcher.page.bringToFront();
    await signIn(watcher.page, 'branch');
    await watcher.page.goto(`/store-direct/detail/${trip.id}`);
    const watchedStatus = watcher.page.getByTestId('trip-status').first();
    await watchedStatus.waitFor();
    expect(await watchedStatus.textContent()).not.toBe('積込中');
    await watcher.page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    await watcher.page.getByTestId('notification-bell').click();
    const items = watcher.page.getByTestId('notification-item');
    await expect.poll(() => items.count()).toBe(NOTIFICATION_PAGE_SIZE);
    expect(await items.first().textContent()).toContain('過去のお知らせ 1');
    const unreadBefore = Number(await watcher.page.locator('[data-testid=notification-badge] .ant-scroll-number').getAttribute('title'));
    expect(unreadBefore).toBe(OLDER_UNREAD);
    expect(sockets).toContain('/api/ws');

    // 積込開始 in the first browser.
    await planner.page.bringToFront();
    await card.getByTestId('trip-loading-start').click();
    await planner.page.getByTestId('trip-loading-start-ok').click();
    await expect.poll(() => card.getByTestId('trip-status').textContent()).toBe('積込中');

    // The second browser's open list gets it on top, unread, without a reload.
    const newest = items.first();
    await expect.poll(() => newest.textContent()).toContain(`便${trip.trip_no}`);
    expect(await newest.textContent()).toContain('積込開始');
    expect(await newest.getAttribute('data-read')).toBe('false');
    expect(await newest.getByTestId('notification-time').textContent()).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/);
    await expect.poll(() => watcher.page.locator('[data-testid=notification-badge] .ant-scroll-number').getAttribute('title')).toBe(String(unreadBefore + 1));
    // The trip's detail, open in the second browser, shows the new status in place.
    await expect.poll(() => watchedStatus.textContent()).toBe('積込中');
    expect(await watcher.page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    await watcher.page.bringToFront();

    // "Show more": page 1 again, per_page 15 × (presses + 2): 30, then 45.
    for (const [presses, expected] of [[0, 30], [1, 45]] as const) {
      expect(notificationPageSize(presses)).toBe(expected);
      const before = listRequests(requests).length;
      await watcher.page.getByTestId('notification-more').click();
      await expect.poll(() => items.count()).toBe(Math.min(expected, OLDER + 1));
      const asked = listRequests(requests).slice(before);
      expect(asked.length).toBeGreaterThan(0);
      for (const url of asked) {
        expect(url.searchParams.get('page')).toBe('1');
        expect(url.searchParams.get('per_page')).toBe(String(expected));
      }
    }
    // All 36 are shown: nothing more to ask.
    expect(await watcher.page.getByTestId('notification-more').count()).toBe(0);

    // A click marks it read with the server's read_at and opens the trip (from another screen: the menu's 配送一覧).
    await watcher.page.keyboard.press('Escape');
    await watcher.page.getByTestId('top-menu').getByText('配送一覧').click();
    await watcher.page.waitForURL((url) => url.pathname === '/delivery');
    await watcher.page.getByTestId('notification-bell').click();
    const id = Number(await newest.getAttribute('data-id'));
    const shown = watcher.page.waitForResponse((response) => new URL(response.url()).pathname === `/api/notification/show/${id}`);
    await newest.click();
    const body = (await (await shown).json()) as { read_at: string };
    await watcher.page.waitForURL((url) => url.pathname === `/store-direct/detail/${trip.id}`);
    const row = await stack.db.selectFrom('notifications').select(['read_at', 'vehicle_allocation_id']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.vehicle_allocation_id).toBe(trip.id);
    expect(row.read_at).not.toBeNull();
    expect(new Date(body.read_at).getTime()).toBe(new Date(row.read_at!).getTime());
    await watcher.page.getByTestId('notification-bell').click();
    const opened = watcher.page.locator(`[data-testid=notification-item][data-id="${id}"]`);
    await expect.poll(() => opened.getAttribute('data-read')).toBe('true');
    await expect.poll(() => watcher.page.locator('[data-testid=notification-badge] .ant-scroll-number').getAttribute('title')).toBe(String(unreadBefore));
    expect(await watcher.page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);

    // The same bell in English.
    await watcher.page.keyboard.press('Escape');
    await watcher.page.getByTestId('language-switch').getByText('English').click();
    await expect.poll(() => watcher.page.evaluate(() => document.documentElement.lang)).toBe('en');
    await watcher.page.getByTestId('notification-bell').click();
    await expect.poll(() => watcher.page.getByTestId('notification-summary').textContent()).toContain('unread');

    await planner.context.close();
    await watcher.context.close();
  });

  test('the socket comes back by itself after the server drops it; the bell says so meanwhile, then reads again', async () => {
    const { page, context } = await stackOf().newPage();
    // Every socket of the page goes through here: the first to the server; while `refusing`, the
    // reconnection attempts are closed as a restarting server would; then they reach the server again.
    const sockets: WebSocketRoute[] = [];
    let refusing = false;
    await context.routeWebSocket(/\/api\/ws$/, (socket) => {
      sockets.push(socket);
      if (refusing) void socket.close({ code: REALTIME_CLOSE.restarting, reason: 'restarting' });
      else socket.connectToServer();
    });
    const requests: Request[] = [];
    page.on('request', (request) => requests.push(request));

    await signIn(page, 'branch');
    await page.goto('/');
    await page.getByTestId('notification-bell').click();
    await expect.poll(() => page.getByTestId('notification-item').count()).toBeGreaterThan(0);
    await expect.poll(() => sockets.length).toBe(1);
    const token = await page.evaluate(() => localStorage.getItem('access_token'));
    expect(sockets[0]!.protocols()).toEqual([REALTIME_PROTOCOL, `${TOKEN_PROTOCOL_PREFIX}${token}`]);
    expect(await page.getByTestId('notification-reconnecting').count()).toBe(0);

    // The server goes away and refuses for a while: the bell says live updates are interrupted.
    refusing = true;
    await sockets[0]!.close({ code: REALTIME_CLOSE.restarting, reason: 'restarting' });
    await expect.poll(() => sockets.length).toBeGreaterThan(1);
    await page.getByTestId('notification-reconnecting').waitFor();

    // Back: the next attempt connects, the line goes, and the list is read again (events were missed).
    const before = listRequests(requests).length;
    const attempts = sockets.length;
    refusing = false;
    await expect.poll(() => sockets.length).toBeGreaterThan(attempts);
    await page.getByTestId('notification-reconnecting').waitFor({ state: 'detached' });
    await expect.poll(() => listRequests(requests).length).toBeGreaterThan(before);
    expect(sockets.at(-1)!.protocols()).toEqual([REALTIME_PROTOCOL, `${TOKEN_PROTOCOL_PREFIX}${token}`]);
    await context.close();
  });
});
