/**
 * The transfers pages and the allocation calculator in a real browser: a planner at 品川センター sees the
 * demo's truck from 横浜 listed apart, makes a transfer trip for a lane of the demand and moves it on the
 * time chart, copies the previous day's transfers, sees today's overdue trip outlined; the calculator
 * proposes trips (a second round of a vehicle, a driver who would rest too little) and accepts them.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { addDays } from '../../common/allocation.js';
import { tokyoToday } from '../../common/deliveries.js';
import { demoDay } from '../server/helpers.js';
import { useAllocationStack, DATE, type Fixture } from './allocation-fixtures.js';
import { centerDestinations, choose, signIn, toast, visit } from './harness.js';

const { stackOf, seed, seedDirection } = useAllocationStack();
let fixture: Fixture;

describe('the store-direct board, in a real browser', () => {
  beforeAll(async () => {
    fixture = await seed();
  });

  test('center: a transfer trip for a lane of the demand, moved on the time chart', async () => {
    const db = stackOf().db;
    const other = await db
      .selectFrom('delivery_destinations as dd')
      .innerJoin('directions as dir', 'dir.id', 'dd.direction_id')
      .select('dd.id')
      .where('dir.department_id', '<>', fixture.centerId)
      .where('dd.temporary_registration_date', 'is', null)
      .orderBy('dd.id')
      .executeTakeFirstOrThrow();
    const day = addDays(DATE, 2);
    const now = new Date();
    await db
      .insertInto('deliveries')
      .values({ date: day, department_id: fixture.centerId, delivery_destination_id: other.id, slip_number: 'E2E-T1', quantity: 6, load_unit: 0, weight: 600, created_at: now, updated_at: now })
      .execute();
    const { page, context } = await stackOf().newPage();
    await signIn(page, 'center');
    await page.goto(`/between-centers-today?date=${day}&department_id=${fixture.centerId}`);
    await page.getByTestId('demand-create').first().click();
    for (const [field, time] of [['planned_loading_start', '09:00'], ['planned_arrival', '11:00']] as const) {
      await page.locator(`.ant-modal #${field}`).click();
      await page.locator(`.ant-modal #${field}`).fill(time);
      await page.keyboard.press('Enter');
    }
    await page.getByTestId('trip-dialog-save').click();
    await expect.poll(() => page.getByTestId('chart-bar').count()).toBe(1);
    const trip = () =>
      db.selectFrom('vehicle_allocations').select(['id', 'vehicle_id', 'planned_loading_start', 'quantity']).where('date', '=', day).executeTakeFirstOrThrow();
    const created = await trip();
    expect(created.quantity).toBe(6);
    expect(created.vehicle_id).toBeNull();
    // No driver chosen yet: the trips table says so rather than leaving the cell blank.
    await expect.poll(() => page.getByTestId('no-driver').first().textContent(), { timeout: 5_000 }).toBe('ドライバー未定');

    // One hour to the right and one row up: the first vehicle's row, an hour later.
    const track = (await page.getByTestId('chart-row').first().locator('.alloc-chart__track').boundingBox())!;
    const rows = await page.getByTestId('chart-row').count();
    const firstVehicle = Number(await page.getByTestId('chart-row').first().getAttribute('data-vehicle-id'));
    const hours = (await page.locator('.alloc-chart__hour').count()) - 1;
    const bar = (await page.getByTestId('chart-bar').boundingBox())!;
    const [x, y] = [bar.x + 10, bar.y + bar.height / 2];
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + track.width / hours, y - 30 * (rows - 1), { steps: 10 });
    await page.mouse.up();
    await expect.poll(async () => (await trip()).vehicle_id).toBe(firstVehicle);
    const moved = await trip();
    expect(new Date(moved.planned_loading_start!).getTime() - new Date(created.planned_loading_start!).getTime()).toBe(60 * 60_000);

    // Reassigning it to a vehicle while it has no driver brings that vehicle's regular driver, as on the board.
    await page.getByTestId('trip-reassign').click();
    await choose(page, '.ant-modal #vehicle_id', fixture.vehicleNumber);
    await expect.poll(() => page.locator('.ant-modal .ant-form-item').filter({ has: page.locator('#driver_id') }).locator('.ant-select-selection-item').textContent()).toBe(fixture.regularDriver);
    await page.locator('.ant-modal').getByRole('button', { name: /キャンセル/ }).click();

    // Its detail shows the lane, mode and receive timing, no stops, and leads back to this board.
    await visit(page, `/store-direct/detail/${created.id}`);
    await expect.poll(() => page.getByTestId('trip-lane').textContent()).toMatch(/^\S+センター → \S+センター$/);
    expect(await page.getByTestId('trip-stops').count()).toBe(0);
    // A fact it does not have yet (not loaded, not departed) reads 「—」, as its unset expenses do: no cell is left blank.
    const facts = page.locator('.alloc-detail__facts td.ant-descriptions-item-content');
    expect(await facts.count()).toBeGreaterThan(10);
    expect((await facts.allTextContents()).filter((text) => text.trim() === '')).toEqual([]);
    const loadingStarted = page.locator('.alloc-detail__facts th', { hasText: /^積込開始$/ }).locator('xpath=following-sibling::td[1]');
    expect(await loadingStarted.textContent()).toBe('—');
    const back = await page.getByRole('link', { name: '配車ボードへ' }).evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(back).toEqual(Array(2).fill(`/between-centers-today?date=${day}&department_id=${fixture.centerId}`));
    await context.close();
  });

  test('center: the demo’s same-day truck from 横浜 covers its lane and is listed apart, read only', async () => {
    const { page, context } = await stackOf().newPage();
    await signIn(page, 'center');
    await page.goto(`/between-centers-today?center=${fixture.centerId}&date=${demoDay}`);
    const others = page.getByTestId('transfer-others');
    await expect.poll(() => others.locator('tr.ant-table-row').count(), { timeout: 10_000 }).toBe(1);
    const row = await others.locator('tr.ant-table-row').first().textContent();
    expect(row).toContain('横浜センター → 品川センター');
    expect(row, 'times on the page’s day read HH:mm, without the date').not.toMatch(/\d{4}\/\d{2}\/\d{2}/);
    expect(await others.locator('button').count()).toBe(0);
    // The time chart shows the day's store rounds on 品川's vehicles, grey and fixed: the trucks are taken then.
    const rounds = page.getByTestId('chart-busy');
    await expect.poll(() => rounds.count(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await rounds.first().textContent()).toMatch(/^便\d+ 店舗直送$/);
    expect(await page.locator('[data-testid="chart-busy"][tabindex], [data-testid="chart-busy"][role="button"]').count()).toBe(0);
    const lane = page.getByTestId('transfer-demand').locator('tr.ant-table-row', { hasText: '横浜センター → 品川センター' });
    expect(await lane.locator('.ant-typography-success').count()).toBe(1);
    await context.close();
  });

  test('center: 前日コピー on the transfers page copies the previous day’s transfer trips, lane and quantity, once; its arrow, the same day last week', async () => {
    const db = stackOf().db;
    const [lastWeek, from, to] = [addDays(DATE, 10), addDays(DATE, 16), addDays(DATE, 17)];
    const itabashi = await db.selectFrom('departments').select('id').where('code', '=', 'CT-ITABASHI').executeTakeFirstOrThrow();
    const vehicle = await db.selectFrom('vehicles').select('id').where('base_department_id', '=', fixture.centerId).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const transfer = (date: string, trip_no: number, quantity: number, [loading, departure, arrival]: string[], vehicle_id: number | null = null, kind: 'between_centers_before' | 'store_direct' = 'between_centers_before') => {
      const at = (clock: string) => new Date(`${date}T${clock}:00+09:00`);
      return db
        .insertInto('vehicle_allocations')
        .values({
          date,
          kind,
          department_id: fixture.centerId,
          trip_no,
          vehicle_id,
          origin_department_id: fixture.centerId,
          destination_department_id: itabashi.id,
          quantity,
          load_unit: 0,
          planned_loading_start: at(loading!),
          planned_departure: at(departure!),
          planned_arrival: at(arrival!),
        })
        .execute();
    };
    await transfer(from, 1, 7, ['17:00', '18:00', '18:40']);
    // Last week's trip 2 ran on a vehicle that is out on a store round at that hour this week.
    await transfer(lastWeek, 2, 4, ['19:00', '19:30', '20:10'], vehicle.id);
    await transfer(to, 9, 0, ['18:30', '19:00', '21:00'], vehicle.id, 'store_direct');
    const { page, context } = await stackOf().newPage();
    await signIn(page, 'center');
    await page.goto(`/between-centers-before?center=${fixture.centerId}&date=${to}`);
    await expect.poll(() => page.getByTestId('transfer-trips').textContent()).toContain('この日の便はありません');
    await page.getByTestId('transfer-copy-previous-day').click();
    await toast(page, '前日の便を1件コピーしました');
    const rows = page.getByTestId('transfer-trips').locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toMatch(/便1.*品川センター.*→ 板橋センター.*7 パレット.*17:00 \/ 18:00 \/ 18:40/);
    await page.getByTestId('transfer-copy-previous-day').click();
    await toast(page, '前日の便を0件コピーしました。この日に既にある1件はコピーしていません');

    await page.getByTestId('transfer-copy-previous-day-more').click();
    await page.getByTestId('transfer-copy-previous-day-last-week').click();
    await toast(page, `${lastWeek.replaceAll('-', '/')}の便を1件コピーしました。うち1件は車両またはドライバーが同じ時間帯に別の便にあるなどのため、外してコピーしました。確認してください`);
    expect(await page.locator('.ant-notification-notice-warning').count(), 'amber: the planner has a trip to look at').toBe(1);
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.nth(1).textContent()).toMatch(/便2.*4 パレット.*19:00 \/ 19:30 \/ 20:10/);
    const copiedSecond = await db.selectFrom('vehicle_allocations').select('vehicle_id').where('date', '=', to).where('kind', '=', 'between_centers_before').where('trip_no', '=', 2).executeTakeFirstOrThrow();
    expect(copiedSecond.vehicle_id, 'copied without the busy vehicle').toBeNull();
    expect(await db.selectFrom('vehicle_allocations').select('trip_no').where('date', '=', to).where('kind', '=', 'between_centers_before').orderBy('trip_no').execute()).toEqual([{ trip_no: 1 }, { trip_no: 2 }]);
    await context.close();
  });

  test('center: today’s time chart marks the time now and outlines a trip that should have left', async () => {
    const db = stackOf().db;
    // The page's clock stands still at noon of the day, its trips around it: the chart and the delay are the
    // same whatever the time of day the test runs (late at night, an hour on would be tomorrow).
    const today = tokyoToday();
    const noon = Date.parse(`${today}T12:00:00+09:00`);
    const minutesFromNoon = (minutes: number) => new Date(noon + minutes * 60_000);
    const [late, later] = await db
      .insertInto('vehicle_allocations')
      .values(
        [90, 91].map((trip_no) => ({
          date: today,
          kind: 'between_centers_today' as const,
          department_id: fixture.centerId,
          origin_department_id: fixture.centerId,
          trip_no,
          planned_loading_start: minutesFromNoon(trip_no === 90 ? -60 : 30),
          planned_departure: minutesFromNoon(trip_no === 90 ? -30 : 60),
          planned_arrival: minutesFromNoon(trip_no === 90 ? 60 : 120),
        })),
      )
      .returning('id')
      .execute();
    const { page, context } = await stackOf().newPage();
    await page.clock.setFixedTime(noon);
    await signIn(page, 'center');
    await page.goto(`/between-centers-today?center=${fixture.centerId}&date=${today}`);
    const bar = (id: number) => page.locator(`[data-testid=chart-bar][data-trip-id="${id}"]`);
    await expect.poll(() => bar(late!.id).getAttribute('data-overdue')).toBe('30');
    expect(await bar(later!.id).getAttribute('data-overdue'), 'one that leaves in an hour').toBeNull();
    expect(await bar(late!.id).getAttribute('title')).toContain('未出発');
    // The line of the time now: right of the late trip's departure, left of the later one's loading.
    const now = (await page.getByTestId('chart-now').boundingBox())!;
    const [lateBox, laterBox] = [(await bar(late!.id).boundingBox())!, (await bar(later!.id).boundingBox())!];
    expect(now.x).toBeGreaterThan(lateBox.x);
    expect(now.x).toBeLessThan(laterBox.x);
    await context.close();
    await db.deleteFrom('vehicle_allocations').where('id', 'in', [late!.id, later!.id]).execute();
  });
});

describe('the allocation calculator, in a real browser', () => {
  /** A day of its own with two small deliveries of one direction and every vehicle free. */
  const CALC_DATE = addDays(DATE, 5);

  test('center: discards a proposal, then accepts the trips left ticked, then the rest; the proposal says why it is empty each time', async () => {
    const center = await stackOf().db.selectFrom('departments').select('id').where('code', '=', 'CT-SHINAGAWA').executeTakeFirstOrThrow();
    const centerId = center.id;
    const { ids } = await seedDirection(centerId, CALC_DATE, 'E2E-C');
    // …and one that no vehicle carries: listed under the proposal with why, then taken away.
    const db = stackOf().db;
    const huge = await db
      .insertInto('deliveries')
      .columns(['date', 'department_id', 'delivery_destination_id', 'slip_number', 'quantity', 'load_unit', 'weight', 'created_at', 'updated_at'])
      .expression((eb) =>
        eb.selectFrom('deliveries').select([
          'date',
          'department_id',
          'delivery_destination_id',
          eb.val('E2E-C999').as('slip_number'),
          eb.val(999).as('quantity'),
          'load_unit',
          'weight',
          'created_at',
          'updated_at',
        ]).where('id', '=', ids[0]!),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    const { page, context } = await stackOf().newPage();
    await signIn(page, 'center');
    const proposal = page.getByTestId('calculator-proposal');
    const proposedRows = () => proposal.locator('tbody tr.ant-table-row').count();
    await page.goto(`/debug/caculator_data_allocation?center=${centerId}&date=${CALC_DATE}`);
    await expect.poll(proposedRows).toBeGreaterThan(0);
    const left = page.getByTestId('calculator-unassigned-delivery');
    await expect.poll(() => left.allTextContents()).toEqual([expect.stringMatching(/^E2E-C999 .+ — 1台の積載上限を超えています$/)]);
    await db.updateTable('deliveries').set({ deleted_at: new Date() }).where('id', '=', huge.id).execute();
    // A store of 板橋's shipped from 品川: its direction reads as a transfer, as on the board.
    const itabashi = await db.selectFrom('departments').select('id').where('code', '=', 'CT-ITABASHI').executeTakeFirstOrThrow();
    const [itabashiStore] = await centerDestinations(db, itabashi.id, 1);
    await db
      .insertInto('deliveries')
      .values({ date: CALC_DATE, department_id: centerId, delivery_destination_id: itabashiStore!.id, slip_number: 'E2E-C-TR', quantity: 1, load_unit: 0, weight: 100 })
      .execute();
    await page.reload();
    await expect.poll(proposedRows).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('calculator-unassigned').count()).toBe(0);
    const transferRow = page.getByTestId('calculator-directions').locator('tr.ant-table-row', { hasText: itabashiStore!.direction_name });
    expect(await transferRow.getByTestId('transfer-tag').textContent()).toBe('板橋センターへ移送');
    // A direction's name opens the board searched for it: its unallocated deliveries alone, the search kept in the address.
    // The link names the center and day as the allocation screens' addresses do (`?date=…&department_id=…`).
    expect(await transferRow.getByTestId('direction-board-link').getAttribute('href')).toMatch(/^\/store-direct\?date=\d{4}-\d{2}-\d{2}&department_id=\d+&q=/);
    await transferRow.getByTestId('direction-board-link').click();
    await page.waitForURL((url) => url.pathname === '/store-direct' && url.searchParams.get('q') === itabashiStore!.direction_name);
    await expect.poll(() => page.getByTestId('direction-group').evaluateAll((groups) => groups.map((g) => g.getAttribute('data-direction')))).toEqual([itabashiStore!.direction_name]);
    expect(await page.getByTestId('unallocated-search').inputValue()).toBe(itabashiStore!.direction_name);
    await page.goBack();
    await expect.poll(proposedRows).toBeGreaterThan(0);
    // Each table ends with its totals: the column summed, the count of what it sums in the label.
    const directions = page.getByTestId('calculator-directions');
    const directionCount = await directions.locator('tbody tr.ant-table-row').count();
    const totalsOf = async (table: typeof proposal, column: number) => {
      const cells = await table.locator(`tbody tr.ant-table-row > td:nth-child(${column})`).allTextContents();
      return cells.reduce((sum, cell) => sum + Number(cell.replace(/,/g, '')), 0).toLocaleString('ja-JP');
    };
    const directionTotals = page.getByTestId('calculator-directions-totals').locator('td');
    expect(await directionTotals.first().textContent()).toBe(`合計（${directionCount}方面）`);
    expect(await directionTotals.nth(2).textContent()).toBe(await totalsOf(directions, 3));
    // Vehicles needed by type, a column each after カゴ車 (the 6th): one recommended count on every direction; under each type
    // the vehicles they take together, never more than their sum (directions run several times a day share vehicles).
    const directionRows = directions.locator('tbody tr.ant-table-row');
    for (let i = 0; i < directionCount; i++) expect(await directionRows.nth(i).getByTestId('recommended-vehicles').count()).toBe(1);
    const typeCount = await directions.locator('thead .alloc-calc__type').count();
    expect(typeCount).toBeGreaterThan(1);
    expect(await directions.locator('thead .alloc-calc__owned').first().textContent()).toMatch(/^保有 \d+台$/);
    for (let column = 6; column < 6 + typeCount; column++) {
      const recommended = await directions.locator(`tbody tr.ant-table-row > td:nth-child(${column}) [data-testid=recommended-vehicles]`).allTextContents();
      const sum = recommended.reduce((total, count) => total + Number(count), 0);
      const total = Number(await directionTotals.nth(column - 1).textContent());
      expect(total).toBeLessThanOrEqual(sum);
      expect(total > 0).toBe(sum > 0);
    }
    // Each proposed vehicle with its type and its load against its capacity, as the trip list shows a trip's.
    const firstProposed = proposal.locator('tbody tr.ant-table-row').first();
    expect(await firstProposed.locator('.alloc-calc__vehicle-type').textContent()).toMatch(/車|トレーラー/);
    expect(await firstProposed.locator('.trip-load__text').allTextContents()).toEqual([
      expect.stringMatching(/^\d+ \/ \d+ (パレット|カゴ車)$/),
      expect.stringMatching(/^[\d,]+ \/ [\d,]+kg$/),
    ]);
    const proposalTotals = page.getByTestId('calculator-proposal-totals').locator('td');
    // The proposal's columns after its tick boxes: 車両, ドライバー, 出発–帰着, 方面, 配送件数 (6th), 数量, 重量 (8th).
    expect(await proposalTotals.nth(1).textContent()).toBe(await totalsOf(proposal, 6));
    expect(await proposalTotals.nth(3).textContent()).toBe(await totalsOf(proposal, 8));
    // Each proposed trip departs at the center's time and is back later: both on the day's clock.
    const [departs, back] = (await firstProposed.getByTestId('proposal-times').textContent())!.split('–');
    expect([departs, back]).toEqual([expect.stringMatching(/^\d{2}:\d{2}$/), expect.stringMatching(/^\d{2}:\d{2}$/)]);
    expect(back! > departs!).toBe(true);
    await page.getByTestId('calculator-discard').click();
    await expect.poll(() => proposal.textContent()).toContain('配車案を破棄しました');
    expect(await proposedRows()).toBe(0);

    // The optimizer puts these few deliveries on one vehicle (混載): a delivery that fills the center's
    // largest vehicle by pallets makes a second trip.
    const largest = await db
      .selectFrom('vehicles as v')
      .innerJoin('vehicle_types as vt', 'vt.id', 'v.vehicle_type_id')
      .select((eb) => eb.fn.max('vt.pallet_capacity').as('pallets'))
      .where('v.base_department_id', '=', centerId)
      .where('v.deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('deliveries')
      .values({ date: CALC_DATE, department_id: centerId, delivery_destination_id: itabashiStore!.id, slip_number: 'E2E-C-FULL', quantity: Number(largest.pallets), load_unit: 0, weight: 100 })
      .execute();
    await page.reload();
    await expect.poll(proposedRows).toBeGreaterThan(1);
    // Every proposed trip is ticked; the planner unticks one and accepts the rest: only those become drafts.
    const proposedCount = await proposedRows();
    const accept = page.getByTestId('calculator-accept');
    expect(await accept.textContent()).toBe(`配車案を採用（${proposedCount}便）`);
    const lastRow = proposal.locator('tbody tr.ant-table-row').last();
    const leftVehicle = await lastRow.locator('input[type=checkbox]').getAttribute('aria-label');
    await lastRow.locator('input[type=checkbox]').uncheck();
    expect(await accept.textContent()).toBe(`配車案を採用（${proposedCount - 1}便）`);
    await accept.click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: `${proposedCount - 1}便を作成しました` }).count()).toBe(1);
    // Calculated again: the unticked vehicle's deliveries are still to allocate, and proposed again.
    await expect.poll(proposedRows).toBe(1);
    expect(await proposal.locator('tbody tr.ant-table-row').first().textContent()).toContain(leftVehicle!.trim());
    expect(await accept.textContent()).toBe('配車案を採用（1便）');
    // Another planner accepts the same trip first: this accept is refused with the server's reason, and the
    // page calculates again by itself, so what it shows is the day as it now is.
    const otherPlanner = await page.evaluate(
      async ({ centerId, date }) => {
        const headers = { authorization: `Bearer ${localStorage.getItem('access_token')}`, 'content-type': 'application/json' };
        const calculated = await (await fetch(`/api/vehicle_allocation/calculator?department_id=${centerId}&date=${date}`, { headers })).json();
        const proposal = calculated.proposal.map((p: { vehicle_id: number; driver_id: number | null; delivery_ids: number[] }) => ({ vehicle_id: p.vehicle_id, driver_id: p.driver_id, delivery_ids: p.delivery_ids }));
        return (await fetch('/api/vehicle_allocation/calculator/accept', { method: 'POST', headers, body: JSON.stringify({ department_id: centerId, date, proposal }) })).status;
      },
      { centerId, date: CALC_DATE },
    );
    expect(otherPlanner).toBe(200);
    await accept.click();
    await toast(page, 'この車両は同じ時間帯に便');
    await expect.poll(() => proposal.textContent()).toContain('この日の配送はすべて配車済みです');
    expect(await proposedRows()).toBe(0);
    expect(await page.getByTestId('calculator-accept').isDisabled()).toBe(true);
    await context.close();
  });

  test('center: a direction run twice a day sends its vehicle again (2回転目), shown with its times and accepted at them', async () => {
    const day = addDays(DATE, 6);
    const db = stackOf().db;
    const center = await db.selectFrom('departments').select('id').where('code', '=', 'CT-SHINAGAWA').executeTakeFirstOrThrow();
    // A direction whose base's default type the center has a vehicle of, with two stores open until 20:00 at no set time.
    const stores = await db
      .selectFrom('delivery_destinations as dd')
      .innerJoin('direction_bases as base', (join) => join.onRef('base.direction_id', '=', 'dd.direction_id').on('base.base_department_id', '=', center.id))
      .innerJoin('vehicle_types as vt', 'vt.id', 'base.vehicle_type_id')
      .select(['dd.id', 'dd.direction_id', 'vt.cage_cart_capacity', 'base.trips_per_day'])
      .where('dd.specified_time', 'is', null)
      .where('dd.ending_time', '=', '20:00')
      .where('dd.deleted_at', 'is', null)
      .where(({ exists, selectFrom }) => exists(selectFrom('vehicles as v').select('v.id').whereRef('v.vehicle_type_id', '=', 'base.vehicle_type_id').where('v.base_department_id', '=', center.id)))
      .orderBy('dd.direction_id')
      .orderBy('dd.id')
      .execute();
    const [a, b] = stores.filter((store) => stores.filter((other) => other.direction_id === store.direction_id).length > 1);
    expect(b!.direction_id).toBe(a!.direction_id);
    const base = () => db.updateTable('direction_bases').where('direction_id', '=', a!.direction_id!).where('base_department_id', '=', center.id);
    await base().set({ trips_per_day: 2 }).execute();
    // Each delivery fills a vehicle of the type: the second waits for the first round to come back.
    await db
      .insertInto('deliveries')
      .values([a!, b!].map((store, i) => ({ date: day, department_id: center.id, delivery_destination_id: store.id, slip_number: `E2E-R${i}`, quantity: store.cage_cart_capacity!, load_unit: 1, weight: 100 })))
      .execute();
    const { page, context } = await stackOf().newPage();
    await signIn(page, 'center');
    await page.goto(`/debug/caculator_data_allocation?center=${center.id}&date=${day}`);
    const proposal = page.getByTestId('calculator-proposal').locator('tbody tr.ant-table-row');
    await expect.poll(() => proposal.count()).toBe(2);
    const vehicles = await proposal.locator('input[type=checkbox]').evaluateAll((boxes) => boxes.map((box) => box.getAttribute('aria-label')));
    expect(vehicles[1]).toBe(vehicles[0]);
    expect(await proposal.nth(0).getByTestId('proposal-round').count()).toBe(0);
    expect(await proposal.nth(1).getByTestId('proposal-round').textContent()).toBe('2回転目');
    // The second round leaves after the first is back.
    const times = (await proposal.getByTestId('proposal-times').allTextContents()).map((text) => text.match(/^(\d{2}:\d{2})–(\d{2}:\d{2})/)!.slice(1));
    expect(times[1]![0]! > times[0]![1]!).toBe(true);
    expect(await page.getByTestId('calculator-proposal-totals').locator('td').first().textContent()).toBe('合計（1台・2便）');
    await page.getByTestId('calculator-accept').click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: '2便を作成しました' }).count()).toBe(1);
    const trips = await db.selectFrom('vehicle_allocations').select('planned_departure').where('date', '=', day).where('department_id', '=', center.id).orderBy('planned_departure').execute();
    const clock = (at: Date | null) => new Date(at!.getTime() + 9 * 3600_000).toISOString().slice(11, 16);
    expect(trips.map((trip) => clock(trip.planned_departure))).toEqual(times.map(([departs]) => departs));
    await base().set({ trips_per_day: a!.trips_per_day }).execute();
    await context.close();
  });

  test('center: a proposed driver who would rest too little is named with the rule his trip breaks, in red', async () => {
    // Days of its own: the evening before too (DATE + 6 is the 2回転目 test's).
    const day = addDays(DATE, 8);
    const eve = addDays(day, -1);
    const db = stackOf().db;
    const center = await db.selectFrom('departments').select('id').where('code', '=', 'CT-SHINAGAWA').executeTakeFirstOrThrow();
    const [store] = await centerDestinations(db, center.id, 1);
    await db.insertInto('deliveries').values({ date: day, department_id: center.id, delivery_destination_id: store!.id, slip_number: 'E2E-W1', quantity: 1, load_unit: 0, weight: 100 }).execute();
    // Every driver of the center back at 23:30 the evening before: none has the 9 h of rest a morning round needs.
    const drivers = await db.selectFrom('drivers').select('id').where('base_department_id', '=', center.id).where('deleted_at', 'is', null).execute();
    await db
      .insertInto('vehicle_allocations')
      .values(drivers.map((driver, i) => ({ date: eve, kind: 'store_direct' as const, department_id: center.id, trip_no: 70 + i, driver_id: driver.id, planned_loading_start: new Date(`${eve}T14:00:00+09:00`), planned_departure: new Date(`${eve}T15:00:00+09:00`), planned_arrival: new Date(`${eve}T23:30:00+09:00`) })))
      .execute();
    const { page, context } = await stackOf().newPage();
    await signIn(page, 'center');
    await page.goto(`/debug/caculator_data_allocation?center=${center.id}&date=${day}`);
    const proposal = page.getByTestId('calculator-proposal').locator('tbody tr.ant-table-row');
    await expect.poll(() => proposal.count(), { timeout: 10_000 }).toBe(1);
    const finding = proposal.getByTestId('proposal-work-rules').getByTestId('work-rule-finding');
    await expect.poll(() => finding.count()).toBe(1);
    expect(await finding.getAttribute('data-level')).toBe('violation');
    // The tag names the rule and the rest the driver would get (back at 23:30, out in the morning: under 9 h).
    expect(await finding.textContent()).toMatch(/^違反：休息期間 [0-8]:[0-5]\d$/);
    await context.close();
  });

  test('center: while the optimizer runs, the page shows its best cost so far and the time elapsed of the chosen 5 s; then the proposal against the day', async () => {
    const day = addDays(DATE, 12);
    const db = stackOf().db;
    const center = await db.selectFrom('departments').select('id').where('code', '=', 'CT-SHINAGAWA').executeTakeFirstOrThrow();
    const stores = await centerDestinations(db, center.id, 12);
    await db
      .insertInto('deliveries')
      .values(stores.map((store, i) => ({ date: day, department_id: center.id, delivery_destination_id: store.id, slip_number: `E2E-P${i}`, quantity: 1 + (i % 3), load_unit: 0, weight: 100 })))
      .execute();
    const { page, context } = await stackOf().newPage();
    await signIn(page, 'center');
    await page.goto(`/debug/caculator_data_allocation?center=${center.id}&date=${day}`);
    const progress = page.getByTestId('calculator-progress');
    // The socket's progress events: a best cost, and the seconds moving on, before the answer.
    await expect.poll(async () => Number((await progress.getAttribute('data-seconds', { timeout: 100 }).catch(() => null)) ?? 0), { timeout: 10_000 }).toBeGreaterThan(0.5);
    expect(await progress.getAttribute('data-cost')).toMatch(/^\d+(\.\d)?$/);
    expect(await progress.textContent()).toMatch(/^計算中… 最良コスト [\d,]+（\d+\.\d \/ 5秒）$/);
    expect(await page.getByTestId('calculator-proposal').locator('tbody tr.ant-table-row').count()).toBe(0);
    // Then the proposal, beside the day as it stands, and no more progress.
    await expect.poll(() => page.getByTestId('calculator-proposal').locator('tbody tr.ant-table-row').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await progress.count()).toBe(0);
    expect(await page.getByTestId('calculator-summary').textContent()).toMatch(/^台数 \d+/);
    await context.close();
  });
});
