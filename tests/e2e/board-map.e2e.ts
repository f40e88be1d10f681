/**
 * The store-direct board's day map in a real browser, without tiles (tile requests are refused): the
 * center, the pool's stores, a trip's stops in the colour of its card; a click on a store selects its
 * deliveries, Shift+drag selects the stores inside the box, 1 sends the selection to 便1. The trip card
 * shows its m³ against the vehicle's 平均容積, the strip the day's 積載率.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { addDays } from '../../common/allocation.js';
import { DATE, useAllocationStack } from './allocation-fixtures.js';
import { centerDestinations, centerVehicles, departmentId, palletDelivery, signIn } from './harness.js';

const { stackOf } = useAllocationStack();
/** A day of its own on this file's database. */
const MAP_DATE = addDays(DATE, 5);

interface World {
  centerId: number;
  vehicleNumber: string;
  palletCapacity: number;
  /** three stores: two close together (west), one apart (east) */
  stores: number[];
  deliveries: number[];
}
let world: World;

async function seedWorld(): Promise<World> {
  const db = stackOf().db;
  const centerId = await departmentId(db, 'CT-SHINAGAWA');
  const stores = (await centerDestinations(db, centerId, 3)).map((s) => s.id);
  const places: [number, number][] = [
    [35.6, 139.7],
    [35.61, 139.71],
    [35.66, 139.8],
  ];
  for (const [i, id] of stores.entries()) await db.updateTable('delivery_destinations').set({ latitude: places[i]![0], longitude: places[i]![1] }).where('id', '=', id).execute();
  await db.updateTable('departments').set({ latitude: 35.62, longitude: 139.74 }).where('id', '=', centerId).execute();
  const vehicle = await centerVehicles(db, centerId)
    .innerJoin('vehicle_types as vt', 'vt.id', 'v.vehicle_type_id')
    .select(['v.id', 'v.vehicle_number', 'vt.pallet_capacity'])
    .where('vt.code', '=', 'VT-4T')
    .executeTakeFirstOrThrow();
  await db.updateTable('vehicles').set({ average_volume: 20 }).where('id', '=', vehicle.id).execute();
  const rows = await db
    .insertInto('deliveries')
    .values(
      [0, 0, 1, 2].map((store, i) => ({
        ...palletDelivery({ date: MAP_DATE, department_id: centerId, delivery_destination_id: stores[store]!, slip_number: `E2E-MAP-${i}`, quantity: 2, weight: 50 }),
        volume: 1.5,
      })),
    )
    .returning('id')
    .execute();
  await db.insertInto('vehicle_allocations').values({ date: MAP_DATE, kind: 'store_direct', department_id: centerId, trip_no: 1, vehicle_id: vehicle.id, load_unit: 0 }).execute();
  return { centerId, vehicleNumber: vehicle.vehicle_number, palletCapacity: vehicle.pallet_capacity ?? 0, stores, deliveries: rows.map((r) => r.id) };
}

const storeMarker = (page: Page, store: number) => page.locator(`[data-testid=map-store][data-destination-id="${store}"]`);
const settled = (page: Page) => expect.poll(() => page.getByTestId('allocation-board').getAttribute('data-busy')).toBe('false');
const selectedCount = (page: Page) => page.getByTestId('board-totals').textContent();

async function centreOf(page: Page, store: number) {
  const box = (await storeMarker(page, store).boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

describe('the board’s day map', () => {
  beforeAll(async () => {
    world = await seedWorld();
  });

  test('center: stores and trips on a map without tiles; click and lasso select, 1 sends to 便1; m³ and 積載率', async () => {
    const { page, context } = await stackOf().newPage();
    // No tile server in tests: every tile request fails, as in tests/e2e/maps.e2e.ts.
    await context.route(/\{z\}|\/\d+\/\d+\/\d+\.(png|jpg|webp)/, (route) => route.abort());
    await signIn(page, 'center');
    const leaflet: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/(points-map|day-map)-/.test(request.url())) leaflet.push(request.url());
    });
    await page.goto(`/store-direct?center=${world.centerId}&date=${MAP_DATE}`);
    await expect.poll(() => page.getByTestId('unallocated-delivery').count()).toBe(4);
    await settled(page);
    expect(leaflet, 'the map and Leaflet load only once the map is opened').toEqual([]);

    // The strip's 積載率: one empty 4t truck, 0 %.
    expect(await page.getByTestId('fleet-fill').textContent()).toBe('積載率0%');

    await page.getByTestId('board-map-toggle').click();
    await expect.poll(() => page.getByTestId('map-store').count()).toBe(3);
    expect(new URL(page.url()).searchParams.get('map'), 'kept in the address').toBe('1');
    // No tiles: the map says so and still draws its markers.
    await expect.poll(() => page.getByTestId('tiles-unavailable').isVisible()).toBe(true);
    expect(await page.getByTestId('map-center').textContent()).toBe('センター');
    expect(await storeMarker(page, world.stores[0]!).textContent(), 'a store shows its number of deliveries').toBe('2');

    // A click on a store selects both its deliveries; again, unselects them.
    await storeMarker(page, world.stores[0]!).click();
    await expect.poll(() => selectedCount(page)).toContain('2件選択中');
    expect(await storeMarker(page, world.stores[0]!).getAttribute('data-selected')).toBe('all');
    expect(await page.locator('[data-testid=unallocated-delivery].alloc-delivery--selected').count()).toBe(2);
    await storeMarker(page, world.stores[0]!).click();
    await expect.poll(() => storeMarker(page, world.stores[0]!).getAttribute('data-selected')).toBe('none');
    expect(await selectedCount(page)).not.toContain('選択中');

    // Shift+drag a box around the two western stores: their three deliveries, not the eastern one's.
    const [a, b, c] = [await centreOf(page, world.stores[0]!), await centreOf(page, world.stores[1]!), await centreOf(page, world.stores[2]!)];
    const left = Math.min(a.x, b.x) - 20;
    const right = Math.max(a.x, b.x) + 20;
    const top = Math.min(a.y, b.y) - 20;
    const bottom = Math.max(a.y, b.y) + 20;
    expect(c.x < left || c.x > right || c.y < top || c.y > bottom, 'the eastern store lies outside the box').toBe(true);
    await page.keyboard.down('Shift');
    await page.mouse.move(left, top);
    await page.mouse.down();
    await page.mouse.move((left + right) / 2, (top + bottom) / 2, { steps: 4 });
    await page.mouse.move(right, bottom, { steps: 4 });
    expect(await page.getByTestId('map-lasso').count(), 'the box is drawn while dragging').toBe(1);
    await page.mouse.up();
    await page.keyboard.up('Shift');
    await expect.poll(() => selectedCount(page)).toContain('3件選択中');
    expect(await storeMarker(page, world.stores[2]!).getAttribute('data-selected')).toBe('none');
    expect(await page.getByTestId('map-lasso').count()).toBe(0);

    // 1 sends the selection to 便1, as any selection: the stores leave the pool and become its stops in its colour.
    await page.keyboard.press('1');
    await settled(page);
    const card = page.getByTestId('trip-card').filter({ hasText: world.vehicleNumber });
    await expect.poll(() => card.getByTestId('trip-stop').count()).toBe(2);
    await expect.poll(() => page.getByTestId('map-store').count()).toBe(1);
    const stops = page.getByTestId('map-trip-stop');
    expect(await stops.count()).toBe(2);
    const cardColour = await card.getByTestId('trip-map-colour').evaluate((e) => getComputedStyle(e).backgroundColor);
    expect(await stops.first().evaluate((e) => getComputedStyle(e).backgroundColor), 'the stops in the colour of the card').toBe(cardColour);
    expect(await page.getByTestId('day-map-trip').textContent()).toContain(world.vehicleNumber);

    // The card: 6 pallets, 150 kg, 4.5 m³ of the vehicle's 20 m³; the strip: 6 of the truck's pallets.
    expect(await card.getByTestId('capacity-volume-figures').textContent()).toBe('4.5 / 20');
    expect(await card.getByTestId('capacity-volume').textContent()).toContain('容積（m³）');
    expect(await page.getByTestId('fleet-fill').textContent()).toBe(`積載率${Math.round((6 / world.palletCapacity) * 100)}%`);

    // Closed, the map is gone; the address forgets it.
    await page.getByTestId('board-map-toggle').click();
    await expect.poll(() => page.getByTestId('day-map').count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('map')).toBeNull();
    await context.close();
  });
});
