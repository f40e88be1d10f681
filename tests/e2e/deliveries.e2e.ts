/**
 * The delivery list and the trip screens in a real browser, over the real server: a carrier's scope,
 * a column choice surviving logout and login, the trip list's status filter; a day's CSV imported
 * through the list's dialog, a date mismatch refused, the filter exported (UTF-8 with BOM and
 * Shift_JIS), rows deleted in bulk; in ja and en.
 */
import { readFile } from 'node:fs/promises';
import iconv from 'iconv-lite';
import type { Kysely } from 'kysely';
import type { Download, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { addDays, DELIVERY_COLUMNS } from '../../common/deliveries.js';
import { formatDateTime } from '../../common/time.js';
import { deliveriesJa } from '../../common/locales/deliveries-ja.js';
import type { Database } from '../../db/types.js';
import { todayForFile } from './midnight.js';
import { asksFor, choose, csvFileInput, hoverUntilShown, logIn, searchBox, signIn, toast, useStack, visit } from './harness.js';

const stackOf = useStack();
/** The day of the deliveries this file makes, and the day the list opens on (the browser's today). */
const TODAY = await todayForFile();
/** The trips' day: far from any demo trip, so the trip list shows only these. */
const TRIP_DAY = new Date(Date.parse(`${TODAY}T00:00:00Z`) + 45 * 86_400_000).toISOString().slice(0, 10);
const tripListPath = `/vehicle-allocation?${['date_from', 'date_to']
  .map((field, i) => `filters[${i}][field]=${field}&filters[${i}][operator]=eq&filters[${i}][value]=${TRIP_DAY}`)
  .join('&')}`;

interface Seeded {
  ownTrip: number;
  otherTrip: number;
  ownDelivery: number;
  /** on no trip */
  freeDelivery: number;
}

let seeded: Seeded;
/** The slips of the deliveries the export test finds (not found by the other tests' searches for E2E-). */
const EXPORT_SLIP = 'CSV-OUT-';
/** The slips of the unallocated deliveries the bulk-delete test selects: its own, whatever ran before it (not found by the searches for E2E-). */
const DELETE_SLIP = 'BULK-DEL-';
/** Three stores of 品川センター (the center user's), for the imported rows. */
let stores: { delivery_code: string; customer_store_name: string }[];

/** Two trips at 品川センター, one of the carrier's company (東都運輸), one of another; a delivery on each and one unallocated. */
async function seed(db: Kysely<Database>): Promise<Seeded> {
  const center = await db.selectFrom('departments').select('id').where('code', '=', 'CT-SHINAGAWA').executeTakeFirstOrThrow();
  const carrier = await db
    .selectFrom('users')
    .innerJoin('delivery_companies', 'delivery_companies.id', 'users.delivery_company_id')
    .select('delivery_companies.id')
    .where('users.login_id', '=', 'carrier')
    .executeTakeFirstOrThrow();
  const other = await db.selectFrom('delivery_companies').select('id').where('id', '!=', carrier.id).orderBy('id').executeTakeFirstOrThrow();
  const vehicleOf = (companyId: number) =>
    db.selectFrom('vehicles').select('id').where('delivery_company_id', '=', companyId).where('deleted_at', 'is', null).orderBy('id').executeTakeFirstOrThrow();
  const driverOf = (companyId: number) =>
    db.selectFrom('drivers').select('id').where('delivery_company_id', '=', companyId).where('deleted_at', 'is', null).orderBy('id').executeTakeFirstOrThrow();
  const stores = await db
    .selectFrom('delivery_destinations')
    .innerJoin('directions', 'directions.id', 'delivery_destinations.direction_id')
    .select('delivery_destinations.id')
    .where('directions.department_id', '=', center.id)
    .orderBy('delivery_destinations.id')
    .limit(3)
    .execute();
  const trip = async (companyId: number, tripNo: number, routeName: string, status: number) => {
    const [vehicle, driver] = await Promise.all([vehicleOf(companyId), driverOf(companyId)]);
    const row = await db
      .insertInto('vehicle_allocations')
      .values({
        date: TRIP_DAY,
        kind: 'store_direct',
        department_id: center.id,
        trip_no: tripNo,
        route_name: routeName,
        delivery_company_id: companyId,
        vehicle_id: vehicle.id,
        driver_id: driver.id,
        status,
        quantity: 3,
        weight: 120,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const ownTrip = await trip(carrier.id, 91, 'E2E東都便', 2);
  const otherTrip = await trip(other.id, 92, 'E2E他社便', 0);
  const delivery = async (slip: string, storeIndex: number, tripId: number | null) =>
    (
      await db
        .insertInto('deliveries')
        .values({
          date: TODAY,
          department_id: center.id,
          delivery_destination_id: stores[storeIndex]!.id,
          slip_number: slip,
          item_name: 'E2E品目',
          quantity: 3,
          load_unit: 0,
          weight: 120.5,
          volume: 1.2,
          status: tripId === null ? 0 : 1,
          vehicle_allocation_id: tripId,
          stop_seq: tripId === null ? null : 1,
          delivery_delay_status: tripId === null ? 0 : 2,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const ownDelivery = await delivery('E2E-OWN-1', 0, ownTrip);
  await delivery('E2E-OTHER-1', 1, otherTrip);
  const freeDelivery = await delivery('E2E-FREE-1', 2, null);
  // For the export and for the bulk delete: one unallocated delivery at each store, found by their own search.
  for (const prefix of [EXPORT_SLIP, DELETE_SLIP]) for (const index of [0, 1, 2]) await delivery(`${prefix}${index + 1}`, index, null);
  return { ownTrip, otherTrip, ownDelivery, freeDelivery };
}

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

async function search(page: Page, text: string) {
  const box = searchBox(page, 'delivery-search');
  await box.fill(text);
  await box.press('Enter');
}
const headers = (page: Page) => page.locator('.ant-table-thead th').allTextContents();

async function logOut(page: Page) {
  await (await hoverUntilShown(page.getByTestId('user-menu'), page.getByTestId('logout'))).click();
  await page.waitForURL((url) => url.pathname.startsWith('/login'));
}

async function toEnglish(page: Page) {
  await page.getByTestId('language-switch').getByText('English').click();
}

beforeAll(async () => {
  const db = stackOf().db;
  seeded = await seed(db);
  stores = await db
    .selectFrom('delivery_destinations')
    .innerJoin('directions', 'directions.id', 'delivery_destinations.direction_id')
    .innerJoin('departments', 'departments.id', 'directions.department_id')
    .select(['delivery_destinations.delivery_code', 'delivery_destinations.customer_store_name'])
    .where('departments.code', '=', 'CT-SHINAGAWA')
    .where('delivery_destinations.deleted_at', 'is', null)
    .orderBy('delivery_destinations.id')
    .limit(3)
    .execute();
});

const IMPORT_HEADER = '日付,配送先コード,伝票番号,数量,荷姿,商品名,重量';
/** A day's delivery CSV as a file for the dialog's file input. */
const csvFile = (lines: string[]) => ({ name: 'deliveries.csv', mimeType: 'text/csv', buffer: Buffer.from([IMPORT_HEADER, ...lines].join('\r\n')) });
const slipsStartingWith = (db: Kysely<Database>, prefix: string) =>
  db.selectFrom('deliveries').select(['slip_number', 'deleted_at']).where('slip_number', 'like', `${prefix}%`).orderBy('slip_number').execute();

/** Opens the list (the user's saved conditions come with the signed-in profile) and waits for its rows. */
async function openList(page: Page) {
  await page.goto('/delivery');
  await expect.poll(() => rows(page).count()).toBeGreaterThan(0);
}

/** A fresh browser signed in as `center`, on the delivery list. */
async function centerOnList(clock?: { fixedAt: number }) {
  const opened = await stackOf().newPage();
  if (clock) await opened.page.clock.setFixedTime(clock.fixedAt);
  await signIn(opened.page, 'center');
  await openList(opened.page);
  return opened;
}

/** Opens the list's CSV dialog, chooses the file and runs the check step. */
async function checkImport(page: Page, lines: string[]) {
  await page.getByTestId('import-open').click();
  await csvFileInput(page).setInputFiles(csvFile(lines));
  await page.getByTestId('import-check').click();
}

/** Exports the list's current conditions in one encoding: the downloaded file's bytes. */
async function exported(page: Page, encoding: 'utf8' | 'sjis') {
  await page.getByTestId('export-open').click();
  const [download]: [Download, void] = await Promise.all([page.waitForEvent('download'), page.getByTestId(`export-${encoding}`).click()]);
  return readFile((await download.path())!);
}

/** The export's header: the list's columns under their Japanese names. */
const EXPORT_HEADER = DELIVERY_COLUMNS.map((column) => deliveriesJa.deliveries.fields[column]).join(',');
/** The delivery-list row of the specification (its section on data), by our column names. */
const SPEC_COLUMNS = ['date', 'delivery_route', 'driver_name', 'delivery_delay_status', 'estimated_arrival_time', 'address', 'quantity', 'volume', 'weight', 'item_code', 'item_name', 'report_time', 'report_location', 'order_number', 'slip_number'] as const;
const rowOf = (page: Page, slip: string) => rows(page).filter({ hasText: slip });
const rowCheckbox = (page: Page, slip: string) => rowOf(page, slip).locator('.ant-table-selection-column input[type=checkbox]');

describe('deliveries and trips, in a real browser', () => {
  test("carrier: the delivery list shows only its own company's deliveries, read-only", async () => {
    const { page, context } = await stackOf().newPage();
    await signIn(page, 'carrier');
    await page.goto('/delivery');
    await expect.poll(() => rows(page).count()).toBeGreaterThan(0);
    const all = await rows(page).allTextContents();
    expect(all.some((text) => text.includes('E2E-OTHER-1') || text.includes('E2E-FREE-1'))).toBe(false);
    await search(page, 'E2E-');
    await expect.poll(() => rows(page).allTextContents()).toHaveLength(1);
    expect((await rows(page).allTextContents())[0]).toContain('E2E-OWN-1');
    // Read-only: no add, import or delete; no row selection.
    expect(await page.getByTestId('delivery-create').count()).toBe(0);
    expect(await page.getByTestId('import-open').count()).toBe(0);
    expect(await page.getByTestId('delete-selected').count()).toBe(0);
    expect(await page.locator('.ant-table-selection-column').count()).toBe(0);
    await context.close();
  });

  test('center: a column choice and the search survive a logout and login', async () => {
    const { page, context } = await stackOf().newPage();
    await signIn(page, 'center');
    await page.goto('/delivery');
    await expect.poll(() => rows(page).count()).toBeGreaterThan(0);
    await search(page, 'E2E-');
    await expect.poll(() => rows(page).count()).toBe(3);
    // 3 deliveries of 3 pallets, 120.5 kg each.
    expect(await page.getByTestId('total-quantity').textContent()).toBe('9 パレット');
    expect(await page.getByTestId('total-weight').textContent()).toBe('361.5');
    expect(await headers(page)).toContain('重量(kg)');

    await page.getByTestId('columns-open').click();
    await page.getByTestId('column-weight').locator('input[type=checkbox]').uncheck();
    await page.getByTestId('column-slip_number-up').click();
    await expect.poll(() => headers(page)).not.toContain('重量(kg)');
    // The server has the choice before the user logs out.
    const saved = async () => {
      const user = await stackOf().db.selectFrom('users').select('config').where('login_id', '=', 'center').executeTakeFirstOrThrow();
      return JSON.stringify(user.config ?? {});
    };
    await expect.poll(saved).toContain('"weight"');
    await page.keyboard.press('Escape');

    await logOut(page);
    expect(await page.evaluate(() => [localStorage.getItem('check-hide'), localStorage.getItem('delivery-search')])).toEqual([null, null]);
    await logIn(page, 'center');
    await page.goto('/delivery');
    // The search came back too: only the three E2E deliveries.
    await expect.poll(() => rows(page).count()).toBe(3);
    expect(await searchBox(page, 'delivery-search').inputValue()).toBe('E2E-');
    const after = await headers(page);
    expect(after).not.toContain('重量(kg)');
    expect(after).toContain('伝票番号');
    // 伝票番号 moved one place up: now before 受注番号.
    expect(after.indexOf('伝票番号')).toBeLessThan(after.indexOf('受注番号'));
    await context.close();
  });

  test('center: the delivery detail shows the trip and the add form, in ja and en', async () => {
    const { page, context } = await stackOf().newPage();
    await signIn(page, 'center');
    await page.goto(`/delivery/detail/${seeded.ownDelivery}`);
    await expect.poll(() => page.getByTestId('detail-slip_number').textContent()).toBe('E2E-OWN-1');
    await expect.poll(() => page.getByTestId('delivery-trip').textContent()).toContain('E2E東都便');
    expect(await page.getByTestId('detail-trip-link').getAttribute('href')).toBe(`/store-direct/detail/${seeded.ownTrip}`);
    // One on no trip leads to the board of its center and day, searched for its slip: there it gets one.
    await visit(page, `/delivery/detail/${seeded.freeDelivery}`);
    await page.getByTestId('detail-board-link').click();
    await page.waitForURL((url) => url.pathname === '/store-direct' && url.searchParams.get('q') === 'E2E-FREE-1' && url.searchParams.get('date') === TODAY);
    await expect.poll(() => page.getByTestId('unallocated-delivery').allTextContents()).toEqual([expect.stringContaining('E2E-FREE-1')]);
    await visit(page, '/delivery/add');
    await page.getByTestId('delivery-form').waitFor();
    await toEnglish(page);
    await visit(page, `/delivery/detail/${seeded.ownDelivery}`);
    await expect.poll(() => page.getByTestId('delivery-details').textContent()).toContain('Slip number');
    await visit(page, '/delivery');
    await expect.poll(() => rows(page).count()).toBeGreaterThan(0);
    await visit(page, '/delivery/add');
    await page.getByTestId('delivery-form').waitFor();
    await context.close();
  });

  test('center: a 配車済 delivery whose trip should have left says 未出発 instead, the plan on hover; its trip turns volcano and the board counts it; the others do not', async () => {
    // The page's clock stands still, 90 minutes after the plan: its delays are exact however long the test takes.
    const now = Date.now();
    const planned = new Date(now - 90 * 60_000);
    await stackOf().db.updateTable('vehicle_allocations').set({ planned_departure: planned }).where('id', '=', seeded.otherTrip).execute();
    const { page, context } = await centerOnList({ fixedAt: now });
    await search(page, 'E2E-');
    const status = (slip: string) => rowOf(page, slip).getByTestId('status-tag');
    await expect.poll(() => status('E2E-OTHER-1').textContent()).toBe('未出発');
    const tooltip = await hoverUntilShown(status('E2E-OTHER-1'), page.locator('.ant-tooltip').filter({ hasText: '出発予定' }));
    expect(await tooltip.textContent()).toMatch(new RegExp(`^配車済：出発予定 ${formatDateTime(planned)} を1時間30分過ぎても出発していません$`));
    // On a trip without a planned departure, and on no trip: the status as it is.
    expect([await status('E2E-OWN-1').textContent(), await status('E2E-FREE-1').textContent()]).toEqual(['配車済', '未配車']);
    // The trip list says so of the trip: its 計画 in volcano; the one on the road says 配送中 as ever.
    await visit(page, tripListPath);
    const tripStatus = (route: string) => rows(page).filter({ hasText: route }).getByTestId('trip-status');
    await expect.poll(() => tripStatus('E2E他社便').getAttribute('data-overdue')).toBe('90');
    expect(await tripStatus('E2E他社便').textContent()).toBe('計画');
    expect([await tripStatus('E2E東都便').textContent(), await tripStatus('E2E東都便').getAttribute('data-overdue')]).toEqual(['配送中', null]);
    const tripTooltip = await hoverUntilShown(tripStatus('E2E他社便'), page.locator('.ant-tooltip').filter({ hasText: '計画：' }));
    expect(await tripTooltip.textContent()).toContain(`計画：出発予定 ${formatDateTime(planned)} を`);
    // The board of its day counts it in its strip: 未出発 1 (the other trip is on the road).
    const center = await stackOf().db.selectFrom('departments').select('id').where('code', '=', 'CT-SHINAGAWA').executeTakeFirstOrThrow();
    await visit(page, `/store-direct?center=${center.id}&date=${TRIP_DAY}`);
    await expect.poll(() => page.getByTestId('trips-not-left').textContent()).toBe('未出発 1');
    await context.close();
    await stackOf().db.updateTable('vehicle_allocations').set({ planned_departure: null }).where('id', '=', seeded.otherTrip).execute();
  });

  test('center: an open delivery list turns a row 未出発 once its trip’s departure has passed, without a reload', async () => {
    const db = stackOf().db;
    await db.updateTable('vehicle_allocations').set({ planned_departure: new Date(Date.now() + 60_000) }).where('id', '=', seeded.otherTrip).execute();
    const { page, context } = await stackOf().newPage();
    // The page's clock runs as the real one until the test moves it on.
    await page.clock.install();
    await signIn(page, 'center');
    await openList(page);
    await search(page, 'E2E-OTHER');
    const status = rowOf(page, 'E2E-OTHER-1').getByTestId('status-tag');
    await expect.poll(() => status.textContent()).toBe('配車済');
    // Eight minutes on: past the plan and the five minutes' grace.
    await page.clock.fastForward('08:00');
    await expect.poll(() => status.textContent()).toBe('未出発');
    await context.close();
    await db.updateTable('vehicle_allocations').set({ planned_departure: null }).where('id', '=', seeded.otherTrip).execute();
  });

  test('center: the trip list filters by status', async () => {
    const { page, context } = await stackOf().newPage();
    await signIn(page, 'center');
    await page.goto(tripListPath);
    await expect.poll(async () => (await rows(page).allTextContents()).join('\n')).toContain('E2E他社便');
    expect((await rows(page).allTextContents()).join('\n')).toContain('E2E東都便');
    // The page's totals: its trips, and their weight as the database has it.
    const day = await stackOf().db.selectFrom('vehicle_allocations').select('weight').where('date', '=', TRIP_DAY).execute();
    const kg = day.reduce((sum, trip) => sum + Number(trip.weight), 0).toLocaleString('ja-JP');
    const totals = await page.getByTestId('trip-totals').textContent();
    expect(totals).toContain(`合計（このページ）: ${day.length}便`);
    expect(totals).toContain(`${kg}kg`);
    await page.getByTestId('trip-status-filter').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '配送中' }).click();
    await page.keyboard.press('Escape');
    // Only the trip in transit is left (the planned one went with the filter).
    await expect.poll(async () => (await rows(page).allTextContents()).map((row) => row.includes('E2E東都便'))).toEqual([true]);
    const statuses = await page.getByTestId('trip-status').allTextContents();
    expect(statuses).toEqual(['配送中']);
    // The filter lives in the URL: a reload keeps it.
    await page.reload();
    await expect.poll(() => page.getByTestId('trip-status').allTextContents()).toEqual(statuses);
    // 「CSV出力」 takes the list's conditions: the one trip in transit, here in Shift_JIS for Excel.
    const csv = iconv.decode(await exported(page, 'sjis'), 'cp932').trimEnd().split('\r\n');
    expect(csv[0]).toMatch(/^配車日,便No,便名,センター,種別,ルート,/);
    expect(csv.slice(1)).toHaveLength(1);
    expect(csv[1]).toContain('E2E東都便');
    expect(csv[1]).toContain(',配送中,');

    await visit(page, `/vehicle-allocation/edit/${seeded.otherTrip}`);
    await expect.poll(() => page.getByTestId('trip-vehicle').textContent()).toMatch(/\D/);
    // Someone else saves first: the save answers 409, the dialog says so and loads the latest version.
    const db = stackOf().db;
    await db.updateTable('vehicle_allocations').set((eb) => ({ version: eb('version', '+', 1), route_name: 'E2E他社便（変更）' })).where('id', '=', seeded.otherTrip).execute();
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await expect.poll(() => page.getByTestId('conflict-message').textContent()).toContain('再読み込み');
    await page.getByTestId('conflict-reload').click();
    await expect.poll(() => page.locator('#route_name').inputValue()).toBe('E2E他社便（変更）');
    await visit(page, '/vehicle-allocation/add');
    await page.getByTestId('trip-form').waitFor();
    await toEnglish(page);
    await visit(page, tripListPath);
    await expect.poll(() => rows(page).count()).toBe(2);
    await visit(page, `/vehicle-allocation/edit/${seeded.otherTrip}`);
    await expect.poll(() => page.getByTestId('trip-vehicle').textContent()).toMatch(/\D/);
    await context.close();
  });

  test('center: the new trip form lines its fields up in three columns', async () => {
    const { page, context } = await stackOf().newPage();
    await signIn(page, 'center');
    await page.goto('/vehicle-allocation/add');
    await page.getByTestId('trip-form').waitFor();
    const lefts = await page.getByTestId('trip-form').locator('.ant-form-item').evaluateAll((items) =>
      items.filter((item) => item.getBoundingClientRect().width > 0).map((item) => Math.round(item.getBoundingClientRect().left)),
    );
    expect(lefts.length, 'fields shown').toBeGreaterThan(10);
    expect(new Set(lefts).size, 'the left edges of the fields').toBe(3);
    await context.close();
  });

  test('center: a new trip’s vehicle brings its regular driver (担当車両); a driver already there stays', async () => {
    const { page, context } = await stackOf().newPage();
    await signIn(page, 'center');
    const regulars = await stackOf()
      .db.selectFrom('drivers as d')
      .innerJoin('vehicles as v', 'v.id', 'd.default_vehicle_id')
      .innerJoin('departments as c', 'c.id', 'v.base_department_id')
      .select(['d.name', 'v.vehicle_number'])
      .where('c.code', '=', 'CT-SHINAGAWA')
      .where('d.deleted_at', 'is', null)
      .orderBy('v.id')
      .limit(2)
      .execute();
    expect(regulars).toHaveLength(2);
    const [first, second] = regulars as [(typeof regulars)[number], (typeof regulars)[number]];
    const chooseIn = (testId: string, text: string) => choose(page, `[data-testid=${testId}] input`, text);
    const shownDriver = () => page.getByTestId('trip-driver').locator('.ant-select-selection-item').textContent().catch(() => null);
    await page.goto('/vehicle-allocation/add');
    await page.getByTestId('trip-form').waitFor();
    await chooseIn('trip-vehicle', first.vehicle_number);
    await expect.poll(shownDriver).toBe(first.name);
    // Another vehicle leaves the driver already there alone (its own regular driver is someone else): nothing is even looked up.
    const lookedUp = asksFor(page, 'default_vehicle_id=');
    await chooseIn('trip-vehicle', second.vehicle_number);
    await expect.poll(() => page.getByTestId('trip-vehicle').locator('.ant-select-selection-item').textContent()).toContain(second.vehicle_number);
    expect(await lookedUp, 'no regular driver looked up').toBe(false);
    expect(await shownDriver(), 'the driver stays').toBe(first.name);
    await context.close();
  });

  test('center: a new trip starts at its center’s 稼働時間 for its kind and day (a store trip added today past its loading start, from the next quarter hour), until the planner types times of their own', async () => {
    const { page, context } = await stackOf().newPage();
    // The browser's clock at 06:00 today, before any loading start of 品川.
    await page.clock.setFixedTime(new Date(`${TODAY}T06:00:00+09:00`));
    await signIn(page, 'center');
    const timesOf = (deliveryType: number) =>
      stackOf()
        .db.selectFrom('operation_times as o')
        .innerJoin('departments as c', 'c.id', 'o.department_id')
        .select(['o.loading_start', 'o.departure'])
        .where('c.code', '=', 'CT-SHINAGAWA')
        .where('o.delivery_type', '=', deliveryType)
        .where('o.deleted_at', 'is', null)
        .executeTakeFirstOrThrow();
    const [storeDirect, transfer] = [await timesOf(1), await timesOf(0)];
    expect(storeDirect.loading_start).not.toBe(transfer.loading_start);
    const shown = async () =>
      Promise.all(['planned_loading_start', 'planned_departure'].map((name) => page.locator(`.ant-form-item:has(#${name}) input`).inputValue()));
    const expected = (day: string, times: { loading_start: string; departure: string }) =>
      [times.loading_start, times.departure].map((time) => `${day.replaceAll('-', '/')} ${time.slice(0, 5)}`);
    await page.goto('/vehicle-allocation/add');
    await page.getByTestId('trip-form').waitFor();
    await expect.poll(shown).toEqual(expected(TODAY, storeDirect));
    await choose(page, '#kind', 'センター間（前日）');
    await expect.poll(shown).toEqual(expected(TODAY, transfer));
    // Times of the planner's own stay whatever the kind.
    const start = page.locator('#planned_loading_start');
    await start.click();
    await start.fill(`${TODAY.replaceAll('-', '/')} 04:15`);
    await page.keyboard.press('Enter');
    await expect.poll(shown).toEqual([`${TODAY.replaceAll('-', '/')} 04:15`, expected(TODAY, transfer)[1]]);
    const timesRead = asksFor(page, '/operation_time');
    await choose(page, '#kind', '店舗直送');
    expect(await timesRead, 'no 稼働時間 read over times of the planner’s own').toBe(false);
    expect((await shown())[0]).toBe(`${TODAY.replaceAll('-', '/')} 04:15`);

    // At 11:05: a store trip loads from 11:15 and leaves after the center's usual loading time; a transfer keeps the lane's times.
    await page.clock.setFixedTime(new Date(`${TODAY}T11:05:00+09:00`));
    await page.goto('/vehicle-allocation/add');
    await page.getByTestId('trip-form').waitFor();
    const loadingMinutes = (times: { loading_start: string; departure: string }) =>
      [times.departure, times.loading_start].map((time) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))).reduce((departure, start) => departure - start);
    const departure = 11 * 60 + 15 + loadingMinutes(storeDirect);
    const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    await expect.poll(shown).toEqual([`${TODAY.replaceAll('-', '/')} 11:15`, `${TODAY.replaceAll('-', '/')} ${clock(departure)}`]);
    await choose(page, '#kind', 'センター間（前日）');
    await expect.poll(shown).toEqual(expected(TODAY, transfer));
    await context.close();
  });

  test('a completed trip opens read-only from its 詳細 button: its reason shows, its fields and 保存 are disabled; a planned one stays editable', async () => {
    const { page, context } = await stackOf().newPage();
    await signIn(page, 'center');
    const shinagawaTrip = (status: number) =>
      stackOf()
        .db.selectFrom('vehicle_allocations as va')
        .innerJoin('departments as d', 'd.id', 'va.department_id')
        .select(['va.id', 'va.date'])
        .where('d.code', '=', 'CT-SHINAGAWA')
        .where('va.status', '=', status)
        .orderBy('va.id')
        .executeTakeFirstOrThrow();
    const save = page.getByRole('button', { name: /保\s*存/ });
    const completed = await shinagawaTrip(3);
    const day = String(completed.date).slice(0, 10);
    await page.goto(`/vehicle-allocation?filters[0][field]=date_from&filters[0][operator]=eq&filters[0][value]=${day}&filters[1][field]=date_to&filters[1][operator]=eq&filters[1][value]=${day}`);
    const row = page.locator(`tr.ant-table-row[data-row-key="${completed.id}"]`);
    await expect.poll(() => row.getByTestId('row-show').count()).toBe(1);
    expect(await row.getByTestId('row-edit').count()).toBe(0);
    // Its 確定 tag tells when on hover (a tooltip made on the pointer's first visit).
    await page.mouse.move(0, 0);
    await row.getByTestId('trip-confirmed').hover();
    await expect.poll(() => page.locator('.ant-tooltip:visible').textContent()).toMatch(/^確定日時 \d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/);
    await row.getByTestId('row-show').click();
    await expect.poll(() => page.getByTestId('trip-closed').textContent()).toBe('この便は完了済みのため操作できません。');
    await expect.poll(() => page.locator('#route_name').isDisabled()).toBe(true);
    expect(await save.isDisabled()).toBe(true);

    await visit(page, `/vehicle-allocation/edit/${(await shinagawaTrip(0)).id}`);
    await expect.poll(() => page.locator('#route_name').isDisabled()).toBe(false);
    expect(await page.getByTestId('trip-closed').count()).toBe(0);
    await expect.poll(() => save.isDisabled()).toBe(false);
    await context.close();
  });

  test('a cut store name shows whole in a tooltip while the pointer is on it, each time', async () => {
    const { page, context } = await stackOf().newPage();
    await signIn(page, 'center');
    await page.goto('/delivery');
    await expect.poll(() => rows(page).count()).toBeGreaterThan(0);
    const store = rows(page).first().getByTestId('clipped-text').first();
    const whole = (await store.textContent()) ?? '';
    expect(whole.length).toBeGreaterThan(0);
    const shown = page.locator('.ant-tooltip:not(.ant-tooltip-hidden) .ant-tooltip-inner');
    for (const time of ['first', 'second']) {
      await page.mouse.move(0, 0);
      await expect.poll(() => shown.count(), { message: `${time} time: nothing shown away from it` }).toBe(0);
      await store.hover();
      await expect.poll(() => shown.allTextContents(), { message: `${time} time: the whole text` }).toEqual([whole]);
    }
    await context.close();
  });

  test('center: the header keeps its place when the rows arrive', async () => {
    const { page, context } = await stackOf().newPage();
    await signIn(page, 'center');
    // The list's answer held back until the empty, loading table has been measured.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/delivery?*', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/delivery');
    const header = page.locator('.ant-table-thead th');
    const edges = () => header.evaluateAll((cells) => cells.map((cell) => Math.round(cell.getBoundingClientRect().left)));
    await expect.poll(() => header.count()).toBeGreaterThan(10);
    const loading = await edges();
    release();
    await expect.poll(() => rows(page).count()).toBeGreaterThan(0);
    const loaded = await edges();
    expect(loaded.length).toBe(loading.length);
    // Each column starts where it started (a day's longer store name may widen one a little).
    const moved = loaded.map((left, i) => Math.abs(left - loading[i]!));
    expect(Math.max(...moved), `header edges ${loading.join(',')} → ${loaded.join(',')}`).toBeLessThanOrEqual(24);
    await context.close();
  });

  test('on a 390 px phone the delivery list scrolls inside its card; its filters line up in two columns', async () => {
    const { page, context } = await stackOf().newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'center');
    await page.goto('/delivery');
    await expect.poll(() => rows(page).count()).toBeGreaterThan(0);
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      view: window.innerWidth,
      table: document.querySelector('.ant-table-content, .ant-table-body')?.scrollWidth ?? 0,
    }));
    expect(widths.page).toBeLessThanOrEqual(widths.view);
    expect(widths.table).toBeGreaterThan(widths.view);
    // The date range and the search a line each, every other filter half a line: two left edges, two widths.
    const filters = await page.evaluate(() =>
      [...document.querySelectorAll('.list-filters > .ant-form-item')].map((item) => {
        const box = item.getBoundingClientRect();
        const control = item.querySelector('.ant-select, .ant-picker, .ant-input-search')!.getBoundingClientRect();
        return { left: Math.round(box.left), width: Math.round(box.width), control: Math.round(control.width) };
      }),
    );
    expect(filters.length).toBeGreaterThanOrEqual(7);
    expect(new Set(filters.map((filter) => filter.left)).size, JSON.stringify(filters)).toBe(2);
    const [full, half] = [Math.max(...filters.map((f) => f.width)), Math.min(...filters.map((f) => f.width))];
    expect(filters.every((filter) => filter.width === full || filter.width === half), JSON.stringify(filters)).toBe(true);
    expect(full - 2 * half).toBeLessThanOrEqual(8);
    expect(filters.every((filter) => filter.control === filter.width), 'each control fills its cell').toBe(true);
    await context.close();
  });

  test('center: a CSV for a day is checked, then imported through the dialog; the new rows are listed', async () => {
    const { page, context } = await centerOnList();
    const lines = stores.map((store, i) => `${TODAY},${store.delivery_code},E2E-IMP-${i + 1},${i + 1},パレット,E2E取込品,${10 * (i + 1)}`);
    await checkImport(page, lines);
    // The day the rows are imported for: the list's first day unless chosen otherwise.
    expect(await page.locator('input[data-testid="import-date"], [data-testid="import-date"] input').first().inputValue()).toBe(TODAY.replaceAll('-', '/'));
    await expect.poll(() => page.getByTestId('import-check-ok').textContent()).toContain('3行すべて問題ありません。');
    expect(await slipsStartingWith(stackOf().db, 'E2E-IMP-'), 'the check stores nothing').toEqual([]);

    await page.getByTestId('import-run').click();
    await toast(page, '3件を登録、0件を更新しました。');
    await expect.poll(() => page.locator('.ant-modal:visible').count()).toBe(0);
    expect((await slipsStartingWith(stackOf().db, 'E2E-IMP-')).map((row) => row.slip_number)).toEqual(['E2E-IMP-1', 'E2E-IMP-2', 'E2E-IMP-3']);
    await search(page, 'E2E-IMP');
    await expect.poll(() => rows(page).count()).toBe(3);
    for (const [i, store] of stores.entries()) {
      const text = await rowOf(page, `E2E-IMP-${i + 1}`).textContent();
      expect(text).toContain(store.customer_store_name);
      expect(text).toContain(`${i + 1} パレット`);
    }
    await context.close();
  });

  test('center: a row of another day is refused with the date-mismatch message naming it; nothing is stored', async () => {
    const { page, context } = await centerOnList();
    await checkImport(page, [`${TODAY},${stores[0]!.delivery_code},E2E-MIS-1,1,パレット,,`, `${addDays(TODAY, 1)},${stores[1]!.delivery_code},E2E-MIS-2,1,パレット,,`]);
    await expect.poll(() => page.getByTestId('import-check-failed').count()).toBe(1);
    // Row 3 of the file (the header is row 1) has tomorrow's date.
    await expect.poll(() => page.getByTestId('import-errors').textContent()).toContain('取込日と異なる日付の行があります（行: 3）');
    expect(await page.getByTestId('import-errors').locator('tbody tr').first().textContent()).toMatch(/^3日付/);
    expect(await page.getByTestId('import-run').isDisabled()).toBe(true);
    expect(await slipsStartingWith(stackOf().db, 'E2E-MIS-')).toEqual([]);
    await context.close();
  });

  test('center: the current filter exported as CSV, UTF-8 with BOM and Shift_JIS', async () => {
    const { page, context } = await centerOnList();
    await search(page, EXPORT_SLIP);
    await expect.poll(() => rows(page).count()).toBe(3);

    const utf8 = await exported(page, 'utf8');
    expect([...utf8.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const utf8Lines = utf8.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(utf8Lines[0]).toBe(EXPORT_HEADER);
    const header = utf8Lines[0]!.split(',');
    for (const column of SPEC_COLUMNS) expect(header).toContain(deliveriesJa.deliveries.fields[column]);
    // Only the filter's rows: the three found, with their store names.
    expect(utf8Lines).toHaveLength(4);
    for (const [i, store] of stores.entries()) expect(utf8Lines.find((line) => line.includes(`${EXPORT_SLIP}${i + 1}`))).toContain(store.customer_store_name);

    const sjis = await exported(page, 'sjis');
    expect([...sjis.subarray(0, 3)]).not.toEqual([0xef, 0xbb, 0xbf]);
    const name = stores[0]!.customer_store_name;
    expect(name).toMatch(/[^ -~]/);
    expect(sjis.toString('utf8')).not.toContain(name);
    const sjisLines = iconv.decode(sjis, 'cp932').trimEnd().split('\r\n');
    expect(sjisLines[0]).toBe(EXPORT_HEADER);
    expect(sjisLines).toHaveLength(4);
    expect(sjisLines.find((line) => line.includes(`${EXPORT_SLIP}1`))).toContain(name);
    await context.close();
  });

  test('center: selected rows are deleted in bulk; a delivery on a trip is not, and the message says so', async () => {
    const db = stackOf().db;
    const { page, context } = await centerOnList();
    await search(page, DELETE_SLIP);
    await expect.poll(() => rows(page).count()).toBe(3);
    for (const slip of ['BULK-DEL-1', 'BULK-DEL-2', 'BULK-DEL-3']) await rowCheckbox(page, slip).check();
    // Meanwhile another planner puts one of them on a trip.
    await db
      .updateTable('deliveries')
      .set((eb) => ({ vehicle_allocation_id: seeded.otherTrip, stop_seq: 1, status: 1, version: eb('version', '+', 1) }))
      .where('slip_number', '=', 'BULK-DEL-3')
      .execute();
    await page.getByTestId('delete-selected').click();
    await expect.poll(() => page.locator('.ant-modal-confirm').textContent()).toContain('選択した3件を削除しますか？');
    expect(await page.getByTestId('delete-selected-names').locator('li').count()).toBe(3);
    await page.locator('.ant-modal-confirm .ant-btn-dangerous').click();
    await toast(page, '便に割り当てられている配送は削除できません');
    await page.locator('.ant-modal-confirm').waitFor({ state: 'detached' });
    expect(await page.locator('.ant-notification-notice').filter({ hasText: '便に割り当てられている' }).textContent()).toContain('BULK-DEL-3');
    expect((await slipsStartingWith(db, 'BULK-DEL-')).every((row) => row.deleted_at === null), 'all or nothing: none deleted').toBe(true);
    // The refused delete refreshed the list: the row now on a trip left the selection, the others stayed in it.
    await expect.poll(() => rowCheckbox(page, 'BULK-DEL-3').isChecked()).toBe(false);
    expect(await rowCheckbox(page, 'BULK-DEL-3').isDisabled()).toBe(true);
    expect([await rowCheckbox(page, 'BULK-DEL-1').isChecked(), await rowCheckbox(page, 'BULK-DEL-2').isChecked()]).toEqual([true, true]);

    // Listed again, the delivery on the trip cannot be selected.
    await page.reload();
    await expect.poll(() => rows(page).count()).toBe(3);
    expect(await rowCheckbox(page, 'BULK-DEL-3').isDisabled()).toBe(true);
    expect(await rowOf(page, 'BULK-DEL-3').locator('.ant-table-selection-column [title]').first().getAttribute('title')).toBe('削除できるのは未配車の配送だけです。');
    for (const slip of ['BULK-DEL-1', 'BULK-DEL-2']) await rowCheckbox(page, slip).check();
    await page.getByTestId('delete-selected').click();
    await expect.poll(() => page.locator('.ant-modal-confirm').textContent()).toContain('選択した2件を削除しますか？');
    await page.locator('.ant-modal-confirm .ant-btn-dangerous').click();
    await expect.poll(async () => (await rows(page).allTextContents()).map((text) => text.match(/BULK-DEL-\d/)?.[0])).toEqual(['BULK-DEL-3']);
    const after = await slipsStartingWith(db, 'BULK-DEL-');
    expect(after.map((row) => [row.slip_number, row.deleted_at === null])).toEqual([
      ['BULK-DEL-1', false],
      ['BULK-DEL-2', false],
      ['BULK-DEL-3', true],
    ]);
    await context.close();
  });
});
