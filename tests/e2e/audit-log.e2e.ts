/**
 * 監査ログ (/audit-log) in a real browser over the real server: a super admin opens it from the user
 * menu, finds a master edit by record type and id with who made it and the change as
 * field: before → after, and exports it as CSV; headquarters (not a super admin) is offered no menu
 * item and the address answers forbidden.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, test } from 'vitest';
import { choose, hoverUntilShown, searchBox, signIn, useStack } from './harness.js';

const stackOf = useStack();

describe('audit log', () => {
  test('super: from the menu, filtered to one district’s edit, exported as CSV', async () => {
    const { db } = stackOf();
    const district = await db.selectFrom('districts').select(['id', 'name', 'version']).orderBy('id').executeTakeFirstOrThrow();
    const renamed = `${district.name}（監査）`;
    const { page, context } = await stackOf().newPage();
    // The edit, by the super admin through the API, as the master's screen sends it.
    const login = await page.request.post('/api/auth/login', { data: { login_id: 'super', password: 'demo1234' } });
    const token = ((await login.json()) as { access_token: string }).access_token;
    const edit = await page.request.patch(`/api/district/${district.id}`, { data: { name: renamed, version: district.version }, headers: { authorization: `Bearer ${token}` } });
    expect(edit.status()).toBe(200);

    await signIn(page, 'super');
    await page.goto('/delivery');
    await (await hoverUntilShown(page.getByTestId('user-menu'), page.getByTestId('menu-audit-log'))).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/audit-log');
    await page.getByTestId('audit-table').locator('tbody tr.ant-table-row').first().waitFor();

    await choose(page, '[data-testid=audit-entity-filter] input', '地区');
    await searchBox(page, 'audit-entity-id-filter').fill(String(district.id));
    const rows = page.getByTestId('audit-table').locator('tbody tr.ant-table-row');
    // The demo's loading added it (no known writer), the super admin renamed it.
    await expect.poll(() => rows.count()).toBe(2);
    const superId = (await db.selectFrom('users').select('id').where('login_id', '=', 'super').executeTakeFirstOrThrow()).id;
    await searchBox(page, 'audit-user-filter').fill(String(superId));
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().getByTestId('audit-writer').textContent()).toBe('山田 太郎');
    expect(await rows.first().getByTestId('audit-changes').textContent()).toBe(`name: ${district.name} → ${renamed}`);
    expect(await rows.first().textContent()).toMatch(/\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}/);

    await page.getByTestId('export-open').click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-utf8').click()]);
    const [header, ...lines] = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(header).toBe('日時,操作者,接続元,プロセス,対象,ID,操作,変更内容');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^\\d{4}/\\d{2}/\\d{2} \\d{2}:\\d{2},山田 太郎,127\\.0\\.0\\.1,\\d+@[^,]+,地区,${district.id},変更,name: ${district.name} → ${renamed}$`));
    await context.close();
  });

  test('hq: no menu item, and the address is forbidden', async () => {
    const { page, context } = await stackOf().newPage();
    await signIn(page, 'hq');
    await page.goto('/delivery');
    await hoverUntilShown(page.getByTestId('user-menu'), page.getByTestId('menu-self-check'));
    expect(await page.getByTestId('menu-audit-log').count()).toBe(0);
    await page.goto('/audit-log');
    await expect.poll(() => page.getByTestId('error-status').textContent()).toBe('403');
    await context.close();
  });
});
