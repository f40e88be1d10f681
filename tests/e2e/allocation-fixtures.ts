/**
 * What the browser tests of allocation (the store-direct board, the transfers pages, the calculator)
 * seed: deliveries of 品川センター on days of their own, away from the demo's trips.
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { addDays } from '../../common/allocation.js';
import { demoDay } from '../server/helpers.js';
import { centerDestinations, centerVehicles, departmentId, palletDelivery, type Stack, useStack } from './harness.js';

/** A day of its own, away from the demo's trips. */
export const DATE = addDays(demoDay, 40);
/** A second day: three deliveries for stores of one direction, for moves between trips. */
export const MOVE_DATE = addDays(DATE, 1);

export interface Fixture {
  centerId: number;
  vehicleNumber: string;
  /** the driver whose regular vehicle (担当車両) it is */
  regularDriver: string;
  capacity: number;
  small: number;
  second: number;
  huge: number;
}

/** The live stores of a center's directions, by direction then id, with the direction's id and name. */
export function directionStores(db: Stack['db'], centerId: number) {
  return db
    .selectFrom('delivery_destinations as dd')
    .innerJoin('directions as dir', 'dir.id', 'dd.direction_id')
    .select(['dd.id', 'dir.id as direction_id', 'dir.name'])
    .where('dir.department_id', '=', centerId)
    .where('dd.deleted_at', 'is', null)
    .where('dd.temporary_registration_date', 'is', null)
    .orderBy('dir.id')
    .orderBy('dd.id')
    .execute();
}

/** Starts the stack of a test file (`useStack`) and gives the seeding on its database. */
export function useAllocationStack() {
  const stackOf: () => Stack = useStack();
  /** Three deliveries of 品川センター on DATE: two that fit a 4t truck, one that no truck holds. */
  async function seed(): Promise<Fixture> {
    const db = stackOf().db;
    const centerId = await departmentId(db, 'CT-SHINAGAWA');
    const destinations = await centerDestinations(db, centerId, 2);
    const vehicle = await centerVehicles(db, centerId)
      .innerJoin('vehicle_types as vt', 'vt.id', 'v.vehicle_type_id')
      .select(['v.id', 'v.vehicle_number', 'vt.pallet_capacity'])
      .where('vt.code', '=', 'VT-4T')
      .executeTakeFirstOrThrow();
    const delivery = (slip: string, destination: number, quantity: number) =>
      palletDelivery({ date: DATE, department_id: centerId, delivery_destination_id: destination, slip_number: slip, item_name: 'E2E 日配品', quantity, weight: 100 });
    const rows = await db
      .insertInto('deliveries')
      .values([delivery('E2E-0001', destinations[0]!.id, 2), delivery('E2E-0002', destinations[1]!.id, 1), delivery('E2E-0099', destinations[0]!.id, 999)])
      .returning('id')
      .execute();
    const regular = await db.selectFrom('drivers').select('name').where('default_vehicle_id', '=', vehicle.id).where('deleted_at', 'is', null).executeTakeFirstOrThrow();
    return {
      centerId,
      vehicleNumber: vehicle.vehicle_number,
      regularDriver: regular.name,
      capacity: vehicle.pallet_capacity ?? 0,
      small: rows[0]!.id,
      second: rows[1]!.id,
      huge: rows[2]!.id,
    };
  }

  /** Three deliveries for stores of one direction of the center, on MOVE_DATE (or on `date`, the calculator's). */
  async function seedDirection(centerId: number, date = MOVE_DATE, slipPrefix = 'E2E-M'): Promise<{ direction: string; ids: number[] }> {
    const db = stackOf().db;
    const rows = await directionStores(db, centerId);
    const first = rows[0]!;
    const stores = rows.filter((r) => r.direction_id === first.direction_id).slice(0, 3);
    const inserted = await db
      .insertInto('deliveries')
      .values(stores.map((store, i) => palletDelivery({ date, department_id: centerId, delivery_destination_id: store.id, slip_number: `${slipPrefix}${i}`, quantity: 1, weight: 10 })))
      .returning('id')
      .execute();
    return { direction: first.name, ids: inserted.map((r) => r.id) };
  }

  return { stackOf, seed, seedDirection };
}

/** The board takes one write at a time: wait until the last one and its reload are done. */
export const boardSettled = (page: Page) => expect.poll(() => page.getByTestId('allocation-board').getAttribute('data-busy')).toBe('false');

/** A drag on the board, as dnd-kit hears it: one press, moves in steps past its 5 px threshold, one release. */
export async function dragOnBoard(page: Page, from: Locator, to: Locator) {
  await boardSettled(page);
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 5, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2, b.y + Math.min(b.height / 2, 40), { steps: 15 });
  await page.mouse.up();
}
