import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { checkCsv, choose, signIn, toast, useStack, visit } from './harness.js';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');
const stackOf = useStack();

const save = (page: import('playwright-core').Page) => page.getByRole('button', { name: /保\s*存/ }).click();

describe('masters, in a real browser', () => {
  test('center: creates a vehicle and a driver of its carrier', async () => {
    const { page, context } = await stackOf().newPage();
    await signIn(page, 'center');
    await page.goto('/vehicles/add');
    const vehicle = '[data-testid=vehicle-form]';
    await page.locator(`${vehicle} #vehicle_number`).fill('品川 300 せ 12-34');
    await choose(page, `${vehicle} #vehicle_type_id`, '4t車');
    await choose(page, `${vehicle} #delivery_company_id`, '東都運輸');
    await choose(page, `${vehicle} #base_department_id`, '品川センター');
    await save(page);
    await toast(page, '成功しました');
    const created = await stackOf().db.selectFrom('vehicles').selectAll().where('vehicle_number', '=', '品川 300 せ 12-34').executeTakeFirstOrThrow();
    expect(created.max_loading_capacity === null || created.max_loading_capacity >= 0).toBe(true);

    await visit(page, '/drivers/add');
    const driver = '[data-testid=driver-form]';
    await page.locator(`${driver} #name`).fill('青木 大地');
    await page.locator(`${driver} #login_id`).fill('toto-aoki');
    await choose(page, `${driver} #delivery_company_id`, '東都運輸');
    await choose(page, `${driver} #employment_type`, '正社員');
    // 労使協定: the switch that lets the 2024 rules allow 310 h of monthly binding for this driver.
    const agreement = page.locator(`${driver} [data-testid=field-binding_extension_agreement]`);
    await agreement.click();
    await expect.poll(() => agreement.getAttribute('aria-checked')).toBe('true');
    await save(page);
    await toast(page, '成功しました');
    // Polled: the vehicle's 成功しました may still be showing when the driver is saved (seen in CI), so the
    // toast alone does not say the driver's save has come back.
    const aoki = () => stackOf().db.selectFrom('drivers').select(['name', 'binding_extension_agreement']).where('login_id', '=', 'toto-aoki').executeTakeFirst();
    await expect.poll(aoki).toEqual({ name: '青木 大地', binding_extension_agreement: true });
    await context.close();
  });

  test('center: an edit form reads each select’s options once, not again when the record arrives', async () => {
    const { page, context } = await stackOf().newPage();
    await signIn(page, 'center');
    const vehicle = await stackOf()
      .db.selectFrom('vehicles as v')
      .innerJoin('departments as d', 'd.id', 'v.base_department_id')
      .select('v.id')
      .where('d.code', '=', 'CT-SHINAGAWA')
      .where('v.deleted_at', 'is', null)
      .orderBy('v.id')
      .executeTakeFirstOrThrow();
    const lists: string[] = [];
    const isTypes = (url: URL) => url.pathname === '/api/vehicle_type';
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (isTypes(url) && !url.searchParams.has('id')) lists.push(url.search);
    });
    // The select's label for the record's value is looked up once the record is in the form.
    const looked = page.waitForResponse((response) => isTypes(new URL(response.url())) && new URL(response.url()).searchParams.has('id'));
    await page.goto(`/vehicles/edit/${vehicle.id}`);
    await looked;
    await expect.poll(() => page.locator('[data-testid=vehicle-form] .ant-select-selection-item').count()).toBeGreaterThan(0);
    expect(lists, 'the vehicle types, read once').toHaveLength(1);
    // and every type is still offered, not only the record's own
    await page.locator('[data-testid=vehicle-form] #vehicle_type_id').click();
    await expect.poll(() => page.locator('.ant-select-dropdown:visible .ant-select-item-option').count()).toBeGreaterThan(1);
    await context.close();
  });

  test("carrier: sees only its own company's vehicles", async () => {
    const { page, context } = await stackOf().newPage();
    await signIn(page, 'carrier');
    await page.goto('/vehicles');
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const texts = await rows.allTextContents();
    expect(texts.every((text) => text.includes('東都運輸株式会社'))).toBe(true);
    expect(texts.some((text) => text.includes('湾岸ロジスティクス'))).toBe(false);
    // 「CSV出力」: the list as the import reads it, its own company's vehicles only, by code.
    await page.getByTestId('export-open').click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-utf8').click()]);
    const [header, ...lines] = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(header).toMatch(/^車番,車種コード,配送会社コード,/);
    expect(lines).toHaveLength(Number((await page.getByTestId('list-total').textContent())?.match(/(\d+)件/)?.[1]));
    expect(lines.every((line) => line.split(',')[2] === 'DC-TOTO')).toBe(true);
    await context.close();
  });

  test('center: approves a temporary delivery destination', async () => {
    const store = await stackOf().db
      .selectFrom('delivery_destinations')
      .innerJoin('directions', 'directions.id', 'delivery_destinations.direction_id')
      .innerJoin('departments', 'departments.id', 'directions.department_id')
      .select('delivery_destinations.id')
      .where('departments.code', '=', 'CT-SHINAGAWA')
      .orderBy('delivery_destinations.id')
      .executeTakeFirstOrThrow();
    await stackOf().db.updateTable('delivery_destinations').set({ temporary_registration_date: new Date() }).where('id', '=', store.id).execute();
    const { page, context } = await stackOf().newPage();
    await signIn(page, 'center');
    await page.goto(`/delivery-destination/temp/${store.id}`);
    await page.getByTestId('approve-button').waitFor();
    await page.getByTestId('approve-button').click();
    await expect
      .poll(async () => (await stackOf().db.selectFrom('delivery_destinations').select('temporary_registration_date').where('id', '=', store.id).executeTakeFirstOrThrow()).temporary_registration_date)
      .toBeNull();
    await context.close();
  });

  test('hq: importing users with one bad row shows that row and writes nothing', async () => {
    const { page, context } = await stackOf().newPage();
    await signIn(page, 'hq');
    await checkCsv(page, '/users', path.join(FIXTURES, 'users-one-bad-row.csv'));
    await expect.poll(() => page.getByTestId('import-errors').textContent()).toContain('氏名を入力してください。');
    const errorRows = page.getByTestId('import-errors').locator('tbody tr');
    await expect.poll(() => errorRows.count()).toBe(1);
    expect(await errorRows.first().textContent()).toContain('3');
    const written = await stackOf().db.selectFrom('users').select('id').where('login_id', 'in', ['yamashita', 'morita']).execute();
    expect(written).toHaveLength(0);
    await context.close();
  });
});
