/**
 * The board's 配車表 in a real browser: a planner at 品川センター switches the board to the day by
 * vehicle, sees every vehicle (free ones too) with its driver's remaining binding time, drags a trip to
 * another vehicle and earlier (the bar turns red while the move would bind the driver past 13 h),
 * undoes it with Ctrl+Z, meets another planner's change (409), and prints the day's 配車表.
 */
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, test } from 'vitest';
import { addDays } from '../../common/allocation.js';
import { boardSettled, DATE, useAllocationStack } from './allocation-fixtures.js';
import { centerVehicles, departmentId, signIn, toast } from './harness.js';

const { stackOf } = useAllocationStack();
const day = addDays(DATE, 5);
const at = (hhmm: string) => new Date(`${day}T${hhmm}:00+09:00`);

let centerId: number;
let vehicles: { id: number; vehicle_number: string }[];
let drivers: { id: number; name: string }[];
let early: number;

describe('the board’s 配車表, in a real browser', () => {
  beforeAll(async () => {
    const db = stackOf().db;
    centerId = await departmentId(db, 'CT-SHINAGAWA');
    vehicles = await centerVehicles(db, centerId).select(['v.id', 'v.vehicle_number']).execute();
    drivers = await db.selectFrom('drivers').select(['id', 'name']).where('base_department_id', '=', centerId).where('deleted_at', 'is', null).orderBy('id').limit(2).execute();
    const trip = (trip_no: number, vehicle: number, driver: number, from: string, to: string) => ({
      date: day,
      kind: 'store_direct' as const,
      department_id: centerId,
      trip_no,
      vehicle_id: vehicles[vehicle]!.id,
      driver_id: drivers[driver]!.id,
      planned_loading_start: at(from),
      planned_departure: at(from),
      planned_arrival: at(to),
    });
    // The first vehicle's driver 06:00-10:00; the second's 09:00-18:00, 4 h left of his 13.
    const made = await db.insertInto('vehicle_allocations').values([trip(1, 0, 0, '06:00', '10:00'), trip(2, 1, 1, '09:00', '18:00')]).returning('id').execute();
    early = made[0]!.id;
  });

  test('center: every vehicle with its driver’s binding left; a drag to another vehicle warns past 13 h, writes, and Ctrl+Z puts it back', async () => {
    const db = stackOf().db;
    const { page } = await stackOf().newPage();
    await signIn(page, 'center');
    await page.goto(`/store-direct?center=${centerId}&date=${day}`);
    // The first load of a board on a loaded machine: up to a minute.
    await expect.poll(() => page.getByTestId('trip-card').count(), { timeout: 60_000 }).toBe(2);
    await page.getByTestId('board-view').getByText('配車表').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('view')).toBe('chart');
    const rows = page.getByTestId('chart-row');
    await expect.poll(() => rows.count()).toBe(vehicles.length);
    await expect.poll(() => page.getByTestId('trip-card').count(), { message: 'no cards beside the chart' }).toBe(0);
    const row = (vehicle: number) => page.locator(`[data-testid=chart-row][data-vehicle-id="${vehicles[vehicle]!.id}"]`);
    await expect.poll(() => row(0).getByTestId('chart-binding').textContent()).toBe('残9:00');
    await expect.poll(() => row(1).getByTestId('chart-binding').textContent()).toBe('残4:00');
    expect(await row(1).locator('.alloc-chart__label').textContent()).toContain(drivers[1]!.name);
    expect(await row(0).getByTestId('chart-bar').textContent()).toContain('便1');

    // Onto the second vehicle, two hours earlier: its driver would be bound 04:00-18:00, an hour over.
    const bar = page.locator(`[data-testid=chart-bar][data-trip-id="${early}"]`);
    const track = (await row(0).locator('.alloc-chart__track').boundingBox())!;
    const hours = (await page.locator('.alloc-chart__hour').count()) - 1;
    const box = (await bar.boundingBox())!;
    const [x, y] = [box.x + 10, box.y + box.height / 2];
    const rowGap = (await row(1).boundingBox())!.y - (await row(0).boundingBox())!.y;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x - (2 * track.width) / hours, y + rowGap, { steps: 12 });
    await expect.poll(() => bar.getAttribute('class')).toContain('alloc-chart__bar--over');
    expect(await bar.getAttribute('data-verdict')).toBe(`${drivers[1]!.name} 1:00超過`);
    await page.mouse.up();
    await toast(page, `${drivers[1]!.name}の拘束時間が上限を1:00超えます`);
    const stored = () => db.selectFrom('vehicle_allocations').select(['vehicle_id', 'driver_id', 'planned_loading_start', 'version']).where('id', '=', early).executeTakeFirstOrThrow();
    await expect.poll(async () => (await stored()).vehicle_id).toBe(vehicles[1]!.id);
    expect(await stored()).toMatchObject({ driver_id: drivers[1]!.id, planned_loading_start: at('04:00') });
    await expect.poll(() => row(1).getByTestId('chart-binding').textContent()).toBe('1:00超過');
    expect(await row(1).getByTestId('chart-binding').getAttribute('class')).toContain('alloc-chart__binding--over');

    // Ctrl+Z: back on the first vehicle, with its driver, at 06:00.
    await page.keyboard.press('Control+z');
    await toast(page, '元に戻しました');
    await expect.poll(async () => (await stored()).vehicle_id).toBe(vehicles[0]!.id);
    expect(await stored()).toMatchObject({ driver_id: drivers[0]!.id, planned_loading_start: at('06:00') });
    await expect.poll(() => row(1).getByTestId('chart-binding').textContent()).toBe('残4:00');

    // Another planner changed the trip meanwhile: the move is refused (409), said, and the chart read again.
    await db.updateTable('vehicle_allocations').set((eb) => ({ version: eb('version', '+', 1) })).where('id', '=', early).execute();
    // The board read again after the refusal: the first board answer from here on carries the new version.
    const readAgain = page.waitForResponse((response) => response.url().includes('/api/vehicle_allocation/board') && response.ok());
    await bar.focus();
    await page.keyboard.press('ArrowRight');
    await toast(page, 'がこの便を更新しました。画面を再読み込みしてから操作してください。');
    expect((await stored()).planned_loading_start).toEqual(at('06:00'));
    await readAgain;
    await boardSettled(page);
    // Read again, the keys move it (15 minutes later) with the new version.
    await bar.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await stored()).planned_loading_start?.getTime()).toBe(at('06:15').getTime());

    // The chart stays the planner's view: a new visit without ?view= opens it.
    await page.goto(`/store-direct?center=${centerId}&date=${day}`);
    await expect.poll(() => rows.count(), { timeout: 60_000 }).toBe(vehicles.length);
    await page.getByTestId('board-view').getByText('カード').click();
    await expect.poll(() => page.getByTestId('trip-card').count()).toBe(2);
  });

  test('center: 配車表印刷 downloads the day as an A4 landscape PDF', async () => {
    const { page } = await stackOf().newPage();
    await signIn(page, 'center');
    await page.goto(`/store-direct?center=${centerId}&date=${day}`);
    await expect.poll(() => page.getByTestId('board-print-chart').isEnabled(), { timeout: 60_000 }).toBe(true);
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByTestId('board-print-chart').click()]);
    expect(download.suggestedFilename()).toBe(`vehicle-chart_${day}.pdf`);
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 841\.9\d* 59[45]\.\d+\]/);
  });
});
