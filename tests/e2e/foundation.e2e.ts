import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { checkCsv, choose, csvFileInput, hoverUntilShown, logIn, searchBox, signIn, toast, useStack, visit } from './harness.js';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');
const stackOf = useStack();

/** Opens a top-menu group and answers its popup menu item named `label`. */
function menuItem(page: Page, group: string, label: string) {
  return hoverUntilShown(
    page.getByTestId('top-menu').getByText(group, { exact: true }),
    page.locator('.ant-menu-submenu-popup .ant-menu-item').filter({ hasText: label }).first(),
  );
}

describe('foundation, in a real browser', () => {
  test('super admin: sees the menu, switches language, sees name in the header', async () => {
    const { page, context } = await stackOf().newPage();
    await logIn(page, 'super');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await expect.poll(() => page.getByTestId('user-name').textContent()).toBe('山田 太郎');
    const departments = await menuItem(page, 'マスタ管理', '部署マスタ');
    await expect.poll(() => departments.getAttribute('aria-disabled')).not.toBe('true');

    await page.getByTestId('language-switch').getByText('English').click();
    await expect.poll(() => page.getByTestId('top-menu').textContent()).toContain('Master data management');
    await page.getByTestId('language-switch').getByText('日本語').click();
    await expect.poll(() => page.getByTestId('top-menu').textContent()).toContain('マスタ管理');
    await context.close();
  });

  test('super admin: creates, edits and deletes a department', async () => {
    const { page, context } = await stackOf().newPage();
    await signIn(page, 'super');
    await page.goto('/departments/add');
    const form = page.getByTestId('department-form');
    await form.locator('#code').fill('CT-E2E');
    await form.locator('#name').fill('試験センター');
    await choose(page, '[data-testid=department-form] #level', 'センター');
    await choose(page, '[data-testid=department-form] #parent_id', 'BR-TOKYO');
    await form.locator('#address').fill('東京都江東区有明3-1-1');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await toast(page, '成功しました');
    await expect.poll(() => page.url()).toMatch(/\/departments$/);

    await searchBox(page, 'department-search').fill('CT-E2E');
    await searchBox(page, 'department-search').press('Enter');
    const row = page.getByTestId('department-table').locator('tr').filter({ hasText: 'CT-E2E' });
    await expect.poll(() => row.count()).toBe(1);
    await row.getByTestId('row-edit').click();
    await expect.poll(() => page.url()).toMatch(/\/departments\/edit\/\d+$/);
    // The record loads after the URL changes: a name typed before it arrives is overwritten by it.
    const name = page.getByTestId('department-form').locator('#name');
    await expect.poll(() => name.inputValue()).toBe('試験センター');
    await name.fill('試験センター（改）');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await toast(page, '成功しました');
    // The create's toast may still show: the stored row says when the save has landed.
    const department = () => stackOf().db.selectFrom('departments').select(['id', 'name', 'deleted_at']).where('code', '=', 'CT-E2E').executeTakeFirstOrThrow();
    await expect.poll(async () => (await department()).name).toBe('試験センター（改）');
    await visit(page, '/departments');
    await searchBox(page, 'department-search').fill('CT-E2E');
    await searchBox(page, 'department-search').press('Enter');
    const editedRow = page.getByTestId('department-table').locator('tr').filter({ hasText: 'CT-E2E' });
    await editedRow.getByTestId('row-delete').click();
    await page.locator('.ant-popconfirm-buttons button').last().click();
    await toast(page, '成功しました');
    await expect.poll(async () => (await department()).deleted_at).not.toBeNull();
    await context.close();
  });

  test('CSV import: a file with bad rows shows them and writes nothing; a good one imports', async () => {
    const { page, context } = await stackOf().newPage();
    await signIn(page, 'hq');
    await checkCsv(page, '/departments', path.join(FIXTURES, 'departments-bad-rows.csv'));
    await expect.poll(() => page.getByTestId('import-errors').textContent()).toContain('部署名を入力してください。');
    expect(await page.getByTestId('import-run').isDisabled()).toBe(true);
    const saitama = await stackOf().db.selectFrom('departments').select('id').where('code', '=', 'BR-SAITAMA').execute();
    expect(saitama).toHaveLength(0);

    await csvFileInput(page).setInputFiles(path.join(FIXTURES, 'departments-sjis.csv'));
    await page.getByTestId('import-check').click();
    await expect.poll(() => page.getByTestId('import-check-ok').count()).toBe(1);
    await page.getByTestId('import-run').click();
    await toast(page, '2件を登録、1件を更新しました。');
    const funabashi = await stackOf().db.selectFrom('departments').select('name').where('code', '=', 'CT-FUNABASHI').executeTakeFirstOrThrow();
    expect(funabashi.name).toBe('船橋センター');
    await context.close();
  });

  test('carrier: the department master is disabled in the menu and its page is refused', async () => {
    const { page, context } = await stackOf().newPage();
    await signIn(page, 'carrier');
    await page.goto('/');
    await expect.poll(() => page.getByTestId('user-company').textContent()).toBe('東都運輸株式会社');
    const departments = await menuItem(page, 'マスタ管理', '部署マスタ');
    await expect.poll(() => departments.getAttribute('aria-disabled')).toBe('true');
    const vehicles = await menuItem(page, 'マスタ管理', '車両マスタ');
    await expect.poll(() => vehicles.getAttribute('aria-disabled')).not.toBe('true');
    await visit(page, '/departments');
    await expect.poll(() => page.getByTestId('error-status').textContent()).toBe('403');
    expect(await page.getByTestId('department-table').count()).toBe(0);
    await context.close();
  });

  test('the profile is read once for a first load and the pages that follow it, not again by each page', async () => {
    const { page, context } = await stackOf().newPage();
    await signIn(page, 'center');
    let profileReads = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/auth/profile') profileReads++;
    });
    const rowsShown = async (path: RegExp) => {
      await expect.poll(() => page.url()).toMatch(path);
      await expect.poll(() => page.locator('.ant-table-row').count()).toBeGreaterThan(0);
    };
    await page.goto('/delivery');
    await rowsShown(/\/delivery$/);
    await visit(page, '/vehicle-allocation');
    await rowsShown(/\/vehicle-allocation$/);
    await visit(page, '/vehicles');
    await rowsShown(/\/vehicles$/);
    await expect.poll(() => page.getByTestId('user-name').textContent()).toBe('高橋 健');
    expect(profileReads).toBe(1);
    await context.close();
  });

  test('an unknown URL shows the 404 page with a link home; a guest is sent to login', async () => {
    const { page, context } = await stackOf().newPage();
    await page.goto('/departments');
    await expect.poll(() => page.url()).toMatch(/\/login/);
    await signIn(page, 'center');
    await page.goto('/no/such/page');
    await expect.poll(() => page.getByText('This page could not be found').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('error-hint').textContent()).toBe('お探しのページは見つかりませんでした。');
    await page.getByTestId('error-home-link').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await page.goto('/login');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await context.close();
  });
});
