/**
 * The map pages in a real browser. No tile server is reachable in tests (tile requests are refused),
 * so the pages must say the tiles are unavailable and still show every point: the list with its
 * coordinates, and the numbered markers. /places searches through a local stand-in for the GSI
 * address search (its real answer format), which the server is configured to use.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { formatDateTime } from '../../common/time.js';
import { addDays } from '../../common/allocation.js';
import { demoDay } from '../server/helpers.js';
import { signIn, type Stack, startStack, visit } from './harness.js';

/** A 1×1 transparent PNG: a map tile as the tile server would send it. */
const ONE_PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

const KNOWN_ADDRESS = '東京都品川区東品川5-6-1';

/** The first (by id) live, approved destination of 品川センター: what the known address geocodes beside. */
interface Place {
  id: number;
  name: string;
  latitude: number;
  longitude: number;
}
let place: Place | undefined;
let gsi: Server;
let stack: Stack;

/** Answers like msearch.gsi.go.jp/address-search/AddressSearch: a GeoJSON-like array, empty when unknown. */
async function startFakeGsi(): Promise<string> {
  gsi = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    response.setHeader('content-type', 'application/json');
    const known = url.pathname === '/address-search/AddressSearch' && url.searchParams.get('q') === KNOWN_ADDRESS && place;
    response.end(
      JSON.stringify(
        known
          ? [{ geometry: { coordinates: [place!.longitude + 0.0002, place!.latitude + 0.0001], type: 'Point' }, type: 'Feature', properties: { addressCode: '', title: KNOWN_ADDRESS } }]
          : [],
      ),
    );
  });
  await new Promise<void>((resolve) => gsi.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(gsi.address() as AddressInfo).port}/address-search/AddressSearch`;
}

beforeAll(async () => {
  stack = await startStack({ GSI_GEOCODER_URL: await startFakeGsi() });
  const center = await stack.db.selectFrom('departments').select('id').where('code', '=', 'CT-SHINAGAWA').executeTakeFirstOrThrow();
  const row = await stack.db
    .selectFrom('delivery_destinations as dd')
    .innerJoin('directions as dir', 'dir.id', 'dd.direction_id')
    .select(['dd.id', 'dd.customer_store_name as name', 'dd.latitude', 'dd.longitude'])
    .where('dir.department_id', '=', center.id)
    .where('dd.deleted_at', 'is', null)
    .where('dd.temporary_registration_date', 'is', null)
    .orderBy('dd.id')
    .executeTakeFirstOrThrow();
  place = row;
});

afterAll(async () => {
  await stack?.stop();
  await new Promise((resolve) => gsi?.close(resolve));
});

/** A page whose tile requests fail, as on a machine without a tile server; `en` stores English first. */
async function mapPage(locale: 'ja' | 'en'): Promise<{ page: Page; context: BrowserContext }> {
  const opened = await stack.newPage(locale === 'en' ? 'en-US' : 'ja-JP');
  if (locale === 'en') await opened.context.addInitScript(() => localStorage.setItem('locale', 'en'));
  await opened.context.route(/\{z\}|\/\d+\/\d+\/\d+\.(png|jpg|webp)/, (route) => route.abort());
  return opened;
}

/** Today's first store-direct trip of 品川センター and its stops in order, as the database has them. */
async function demoTrip() {
  const db = stack.db;
  const center = await db.selectFrom('departments').select('id').where('code', '=', 'CT-SHINAGAWA').executeTakeFirstOrThrow();
  const trip = await db
    .selectFrom('vehicle_allocations')
    .select(['id', 'trip_no'])
    .where('department_id', '=', center.id)
    .where('date', '=', demoDay)
    .where('kind', '=', 'store_direct')
    .where('deleted_at', 'is', null)
    .orderBy('trip_no')
    .executeTakeFirstOrThrow();
  const stops = await db
    .selectFrom('allocation_stops as s')
    .innerJoin('delivery_destinations as dd', 'dd.id', 's.delivery_destination_id')
    .select(['s.seq', 'dd.customer_store_name as name', 'dd.start_time', 'dd.ending_time', 'dd.specified_time', 's.planned_arrival'])
    .where('s.vehicle_allocation_id', '=', trip.id)
    .orderBy('s.seq')
    .execute();
  return { centerId: center.id, ...trip, stops };
}

const markerLabels = (page: Page, testId: string) =>
  page.getByTestId(testId).locator('[data-testid="map-marker"]').allTextContents();

describe('/check-map', () => {
  test("a demo trip's stops, numbered in order, with their time windows and planned arrivals, on the map and in the list", async () => {
    const trip = await demoTrip();
    expect(trip.stops.length).toBeGreaterThan(1);
    const { page, context } = await mapPage('ja');
    await signIn(page, 'center');
    await page.goto(`/check-map?center=${trip.centerId}&date=${demoDay}`);

    const rows = page.getByTestId('map-row');
    await expect.poll(() => rows.count()).toBe(trip.stops.length);
    expect(await page.getByTestId('trip-select').textContent()).toContain(`${trip.trip_no}便`);
    for (const [index, stop] of trip.stops.entries()) {
      const row = rows.nth(index);
      const cells = await row.locator('td').allTextContents();
      expect(cells[0]).toBe(String(index + 1));
      expect(cells[1]).toContain(stop.name);
      const window = await row.getByTestId('map-row-window').textContent();
      expect(window).toContain(`${stop.start_time?.slice(0, 5) ?? ''}〜${stop.ending_time?.slice(0, 5) ?? ''}`);
      if (stop.specified_time) expect(window).toContain(`指定 ${stop.specified_time.slice(0, 5)}`);
      expect(await row.getByTestId('map-row-arrival').textContent()).toBe(formatDateTime(stop.planned_arrival));
      expect(await row.getByTestId('map-row-coordinates').textContent()).toMatch(/^\d+\.\d{6}, \d+\.\d{6}$/);
    }
    // The center the trip leaves from and returns to, then one marker per stop, labelled 1..n in the stops' order, on a map without tiles.
    await expect.poll(() => markerLabels(page, 'check-map')).toEqual(['センター', ...trip.stops.map((_, i) => String(i + 1))]);
    expect(await page.getByTestId('check-map').locator('.leaflet-marker-icon').first().getAttribute('title')).toBe('品川センター（出発・帰着）');
    // The route leaves the center through the stops (one line), and a dashed line brings it back.
    expect(await page.getByTestId('check-map').locator('path.leaflet-interactive').count()).toBe(2);
    expect(await page.getByTestId('check-map').locator('path[stroke-dasharray="6 6"]').count()).toBe(1);
    // …and its estimated road distance beside the count, as on the board's card.
    expect(await page.getByTestId('trip-distance').textContent()).toMatch(/^約\d+\.\d km$/);
    await page.getByTestId('tiles-unavailable').waitFor();
    expect(await page.getByTestId('tiles-unavailable').textContent()).toContain('地図タイルを表示できません');

    // A row focuses its marker; a marker selects its row.
    await rows.nth(1).click();
    await expect.poll(() => page.locator('.map-marker.is-selected').allTextContents()).toEqual(['2']);
    await page.getByTestId('check-map').locator('[data-testid="map-marker"]').filter({ hasText: /^1$/ }).click();
    await expect.poll(() => rows.nth(0).getAttribute('aria-selected')).toBe('true');
    expect(await rows.nth(1).getAttribute('aria-selected')).toBe('false');
    await expect.poll(() => page.locator('.map-marker.is-selected').allTextContents()).toEqual(['1']);

    // The trip's detail page draws the same map (one shared component): the same numbered markers.
    await page.getByRole('link', { name: '便詳細を開く' }).click();
    await page.waitForURL(`**/store-direct/detail/${trip.id}`);
    await expect.poll(() => markerLabels(page, 'trip-map')).toEqual(['センター', ...trip.stops.map((_, i) => String(i + 1))]);
    // The round's estimated road distance among the trip's facts (as on the board's card).
    expect(await page.locator('.alloc-detail__facts').getByTestId('trip-distance').textContent()).toMatch(/^約\d+\.\d km$/);
    await context.close();
  });

  // The default tiles (GSI) stand in for the network: served here, they must pass the page's content security policy.
  test("the trip map's tiles are let in by the content security policy and shown; the trip's facts fit beside it at 1366 px", async () => {
    const trip = await demoTrip();
    const { page, context } = await stack.newPage('ja-JP');
    await page.setViewportSize({ width: 1366, height: 768 });
    const served: string[] = [];
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await context.route(/^https:\/\/cyberjapandata\.gsi\.go\.jp\/xyz\/std\/\d+\/\d+\/\d+\.png$/, (route) => {
      served.push(route.request().url());
      return route.fulfill({ contentType: 'image/png', body: ONE_PIXEL_PNG });
    });
    await signIn(page, 'center');
    await page.goto(`/store-direct/detail/${trip.id}`);
    await expect.poll(() => markerLabels(page, 'trip-map')).toEqual(['センター', ...trip.stops.map((_, i) => String(i + 1))]);
    await expect.poll(() => served.length).toBeGreaterThan(0);
    await expect.poll(() => page.locator('[data-testid=trip-map] img.leaflet-tile-loaded').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('tiles-unavailable').count()).toBe(0);
    expect(violations).toEqual([]);
    // Two columns of facts at this width: every value, the load's figures too, without sideways scroll.
    expect(await page.locator('.alloc-detail__facts').evaluate((facts) => facts.scrollWidth - facts.clientWidth)).toBeLessThanOrEqual(0);
    await context.close();
  });

  test.each(['ja', 'en'] as const)("a driven trip's stops at 1366 px in %s: every column in view, its stay and its work as HH:mm ranges, the work's time over what was done, the map's controls under the header", async (locale) => {
    // Yesterday's longest round of 品川, driven and reported: every column of the table has its figures.
    const center = await stack.db.selectFrom('departments').select('id').where('code', '=', 'CT-SHINAGAWA').executeTakeFirstOrThrow();
    const driven = await stack.db
      .selectFrom('vehicle_allocations as va')
      .innerJoin('allocation_stops as s', 's.vehicle_allocation_id', 'va.id')
      .select(['va.id', (eb) => eb.fn.countAll<number>().as('stops')])
      .where('va.department_id', '=', center.id)
      .where('va.date', '=', addDays(demoDay, -1))
      .where('va.kind', '=', 'store_direct')
      .where('va.status', '=', 3)
      .where('s.departed_at', 'is not', null)
      .groupBy('va.id')
      .orderBy('stops', 'desc')
      .orderBy('va.id')
      .executeTakeFirstOrThrow();
    const { page, context } = await stack.newPage('ja-JP');
    if (locale === 'en') await context.addInitScript(() => localStorage.setItem('locale', 'en'));
    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page, 'center');
    await page.goto(`/store-direct/detail/${driven.id}`);
    const table = page.getByTestId('trip-stops').locator('.ant-table-body');
    await expect.poll(() => table.locator('tbody tr.ant-table-row').count()).toBe(Number(driven.stops));
    const range = locale === 'ja' ? /^\d\d:\d\d〜\d\d:\d\d$/ : /^\d\d:\d\d–\d\d:\d\d$/;
    const first = table.locator('tbody tr.ant-table-row').first().locator('td');
    expect(await first.nth(5).textContent(), 'arrived and left, as HH:mm〜HH:mm').toMatch(range);
    expect(await first.nth(7).locator('div').allTextContents(), 'the work: its time, then what was done').toEqual([expect.stringMatching(range), expect.stringMatching(/\S/)]);
    expect(await table.evaluate((element) => element.scrollWidth - element.clientWidth), 'no sideways scroll').toBeLessThanOrEqual(0);
    // Scrolled down to the stops, the map's controls pass under the page's header, not over it.
    await page.evaluate(() => window.scrollTo(0, 600));
    const attribution = page.locator('.leaflet-control-attribution');
    const box = (await attribution.boundingBox())!;
    expect(box.y + box.height, 'the attribution is scrolled up behind the header').toBeLessThan(85);
    const onTop = await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.closest('[data-testid="app-header"], .leaflet-control')?.className ?? '', [box.x + box.width / 2, Math.max(box.y + box.height / 2, 1)]);
    expect(onTop, 'what is seen there: the header').toContain('app-header');
    await context.close();
  });

  test("by direction: the direction's destinations in delivery order (English)", async () => {
    const { page, context } = await mapPage('en');
    await signIn(page, 'center');
    const trip = await demoTrip();
    const direction = await stack.db
      .selectFrom('directions')
      .select(['id', 'code'])
      .where('department_id', '=', trip.centerId)
      .where('deleted_at', 'is', null)
      .orderBy('code')
      .executeTakeFirstOrThrow();
    const destinations = await stack.db
      .selectFrom('delivery_destinations')
      .select(['customer_store_name as name', 'order'])
      .where('direction_id', '=', direction.id)
      .where('deleted_at', 'is', null)
      .where('temporary_registration_date', 'is', null)
      .orderBy(({ ref }) => ref('order'), (ob) => ob.asc().nullsLast())
      .orderBy('id')
      .execute();
    await page.goto(`/check-map?mode=direction&center=${trip.centerId}&direction=${direction.id}`);
    const rows = page.getByTestId('map-row');
    await expect.poll(() => rows.count()).toBe(Math.min(destinations.length, 50));
    expect(await rows.nth(0).locator('td').nth(1).textContent()).toContain(destinations[0]!.name);
    await expect.poll(async () => (await markerLabels(page, 'check-map')).length).toBe(destinations.length);
    expect((await markerLabels(page, 'check-map')).slice(0, 3)).toEqual(['1', '2', '3']);
    expect(await page.getByTestId('tiles-unavailable').textContent()).toContain('Map tiles are unavailable');

    // The trip view in English.
    await visit(page, `/check-map?center=${trip.centerId}&date=${demoDay}`);
    await expect.poll(() => rows.count()).toBe(trip.stops.length);
    expect(await page.getByTestId('trip-select').textContent()).toContain(`Trip ${trip.trip_no}`);
    await context.close();
  });

  test('head office, which may not list trips, gets the direction view and never asks for trips', async () => {
    const { page, context } = await mapPage('ja');
    const tripCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/vehicle_allocation')) tripCalls.push(request.url());
    });
    await signIn(page, 'hq');
    await page.goto('/check-map');
    await page.getByTestId('direction-select').waitFor();
    await expect.poll(() => page.getByTestId('map-row').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('map-mode').locator('.ant-segmented-item-disabled').textContent()).toBe('便で表示');
    expect(tripCalls).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/check-map');
    await context.close();
  });
});

describe('/places', () => {
  test('an address searched through the geocoder, its coordinates, and the nearest destination opened', async () => {
    const { page, context } = await mapPage('ja');
    await signIn(page, 'center');
    await page.goto('/places');

    await page.getByTestId('places-search').click();
    expect(await page.getByTestId('places-error').textContent()).toBe('住所を入力してください。');

    await page.getByTestId('places-query').fill('どこにもない町1-1');
    await page.getByTestId('places-query').press('Enter');
    await expect.poll(() => page.getByTestId('places-error').textContent()).toBe('住所が不明です。');

    await page.getByTestId('places-query').fill(KNOWN_ADDRESS);
    await page.getByTestId('places-search').click();
    await expect.poll(() => page.getByTestId('places-latitude').textContent()).toBe((place!.latitude + 0.0001).toFixed(6));
    expect(await page.getByTestId('places-longitude').textContent()).toBe((place!.longitude + 0.0002).toFixed(6));
    await expect.poll(() => page.getByTestId('places-error').count()).toBe(0);

    const rows = page.getByTestId('map-row');
    await expect.poll(() => rows.count()).toBe(10);
    expect(await rows.nth(0).locator('td').nth(1).textContent()).toContain(place!.name);
    const distances = (await page.getByTestId('map-row-distance').allTextContents()).map((text) => Number.parseFloat(text));
    expect(distances[0]).toBeLessThan(0.05);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    // The searched point (◎) and ten numbered destinations.
    await expect.poll(() => markerLabels(page, 'places-map')).toEqual(['◎', ...Array.from({ length: 10 }, (_, i) => String(i + 1))]);
    await page.getByTestId('tiles-unavailable').waitFor();

    await rows.nth(0).getByTestId('map-row-open').click();
    await page.waitForURL(`**/delivery-destination/detail/${place!.id}`);
    await context.close();
  });

  test('in English, with five results', async () => {
    const { page, context } = await mapPage('en');
    await signIn(page, 'center');
    await page.goto(`/places?q=${encodeURIComponent(KNOWN_ADDRESS)}&limit=5`);
    const rows = page.getByTestId('map-row');
    await expect.poll(() => rows.count()).toBe(5);
    expect(await page.getByTestId('map-row-distance').first().textContent()).toMatch(/^0\.0\d km$/);
    await page.getByTestId('places-query').fill('  ');
    await page.getByTestId('places-search').click();
    expect(await page.getByTestId('places-error').textContent()).toBe('Please enter an address.');
    await context.close();
  });
});
