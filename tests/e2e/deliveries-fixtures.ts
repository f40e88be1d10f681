/**
 * What the browser tests of the delivery list and the trip screens share: the deliveries and trips they
 * seed at 品川センター (today's and a day of their own), and the list's helpers.
 */
import { readFile } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import type { Download, Page } from 'playwright-core';
import { expect } from 'vitest';
import { DELIVERY_COLUMNS } from '../../common/deliveries.js';
import { deliveriesJa } from '../../common/locales/deliveries-ja.js';
import type { Database } from '../../db/types.js';
import { todayForFile } from './midnight.js';
import { csvFileInput, hoverUntilShown, searchBox, signIn, useStack } from './harness.js';

export interface Seeded {
  ownTrip: number;
  otherTrip: number;
  ownDelivery: number;
  /** on no trip */
  freeDelivery: number;
}
/** A store of 品川センター (the center user's), for the imported rows. */
export interface Store {
  delivery_code: string;
  customer_store_name: string;
}

/** The slips of the deliveries the export test finds (not found by the other tests' searches for E2E-). */
export const EXPORT_SLIP = 'CSV-OUT-';
/** The slips of the unallocated deliveries the bulk-delete test selects: its own, whatever ran before it (not found by the searches for E2E-). */
export const DELETE_SLIP = 'BULK-DEL-';

/**
 * Starts the stack of a test file (`useStack`) and gives its days, the seeding on its database and the
 * way onto the list: TODAY, the day of the deliveries the file makes and the day the list opens on (the
 * browser's today), asked once per file (`todayForFile`).
 */
export async function useDeliveriesStack() {
  const stackOf = useStack();
  const TODAY = await todayForFile();
  /** The trips' day: far from any demo trip, so the trip list shows only these. */
  const TRIP_DAY = new Date(Date.parse(`${TODAY}T00:00:00Z`) + 45 * 86_400_000).toISOString().slice(0, 10);
  const tripListPath = `/vehicle-allocation?${['date_from', 'date_to']
    .map((field, i) => `filters[${i}][field]=${field}&filters[${i}][operator]=eq&filters[${i}][value]=${TRIP_DAY}`)
    .join('&')}`;

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

  /** The seeded deliveries and trips, and three stores of 品川センター for the imported rows. */
  async function seedAll(): Promise<{ seeded: Seeded; stores: Store[] }> {
    const db = stackOf().db;
    const seeded = await seed(db);
    const stores = await db
      .selectFrom('delivery_destinations')
      .innerJoin('directions', 'directions.id', 'delivery_destinations.direction_id')
      .innerJoin('departments', 'departments.id', 'directions.department_id')
      .select(['delivery_destinations.delivery_code', 'delivery_destinations.customer_store_name'])
      .where('departments.code', '=', 'CT-SHINAGAWA')
      .where('delivery_destinations.deleted_at', 'is', null)
      .orderBy('delivery_destinations.id')
      .limit(3)
      .execute();
    return { seeded, stores };
  }

  /** A fresh browser signed in as `center`, on the delivery list. */
  async function centerOnList(clock?: { fixedAt: number }) {
    const opened = await stackOf().newPage();
    if (clock) await opened.page.clock.setFixedTime(clock.fixedAt);
    await signIn(opened.page, 'center');
    await openList(opened.page);
    return opened;
  }

  return { stackOf, TODAY, TRIP_DAY, tripListPath, seedAll, centerOnList };
}

export const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

export async function search(page: Page, text: string) {
  const box = searchBox(page, 'delivery-search');
  await box.fill(text);
  await box.press('Enter');
}
export const headers = (page: Page) => page.locator('.ant-table-thead th').allTextContents();

export async function logOut(page: Page) {
  await (await hoverUntilShown(page.getByTestId('user-menu'), page.getByTestId('logout'))).click();
  await page.waitForURL((url) => url.pathname.startsWith('/login'));
}

export async function toEnglish(page: Page) {
  await page.getByTestId('language-switch').getByText('English').click();
}

const IMPORT_HEADER = '日付,配送先コード,伝票番号,数量,荷姿,商品名,重量';
/** A day's delivery CSV as a file for the dialog's file input. */
const csvFile = (lines: string[]) => ({ name: 'deliveries.csv', mimeType: 'text/csv', buffer: Buffer.from([IMPORT_HEADER, ...lines].join('\r\n')) });
export const slipsStartingWith = (db: Kysely<Database>, prefix: string) =>
  db.selectFrom('deliveries').select(['slip_number', 'deleted_at']).where('slip_number', 'like', `${prefix}%`).orderBy('slip_number').execute();

/** Opens the list (the user's saved conditions come with the signed-in profile) and waits for its rows. */
export async function openList(page: Page) {
  await page.goto('/delivery');
  await expect.poll(() => rows(page).count()).toBeGreaterThan(0);
}

/** Opens the list's CSV dialog, chooses the file and runs the check step. */
export async function checkImport(page: Page, lines: string[]) {
  await page.getByTestId('import-open').click();
  await csvFileInput(page).setInputFiles(csvFile(lines));
  await page.getByTestId('import-check').click();
}

/** Exports the list's current conditions in one encoding: the downloaded file's bytes. */
export async function exported(page: Page, encoding: 'utf8' | 'sjis') {
  await page.getByTestId('export-open').click();
  const [download]: [Download, void] = await Promise.all([page.waitForEvent('download'), page.getByTestId(`export-${encoding}`).click()]);
  return readFile((await download.path())!);
}

/** The export's header: the list's columns under their Japanese names. */
export const EXPORT_HEADER = DELIVERY_COLUMNS.map((column) => deliveriesJa.deliveries.fields[column]).join(',');
/** The delivery-list row of the specification (its section on data), by our column names. */
export const SPEC_COLUMNS = ['date', 'delivery_route', 'driver_name', 'delivery_delay_status', 'estimated_arrival_time', 'address', 'quantity', 'volume', 'weight', 'item_code', 'item_name', 'report_time', 'report_location', 'order_number', 'slip_number'] as const;
export const rowOf = (page: Page, slip: string) => rows(page).filter({ hasText: slip });
export const rowCheckbox = (page: Page, slip: string) => rowOf(page, slip).locator('.ant-table-selection-column input[type=checkbox]');
