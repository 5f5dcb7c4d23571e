import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startPostgres, type PostgresServer } from '../support/postgres';
import { test, expect, rpc, signInOnProfile, startBackend, type Backend } from './fixtures';

// The console on the team server: a back end started with `--database` on a
// real PostgreSQL (tests/support/postgres.ts). A profile pointed at it is this
// product's back end ("test" says spec), so the console signs in and both the
// system screens and the content area work, writes included, and the 控制台
// reads it.

const shown = (page: Page) => page.locator('.desk-page:not([hidden])');

test.describe('console on the team server (PostgreSQL)', () => {
  let dataDir: string;
  let pg: PostgresServer;
  let backend: Backend;

  test.beforeAll(async () => {
    pg = await startPostgres();
    dataDir = mkdtempSync(join(tmpdir(), 'smc-e2e-team-'));
    backend = await startBackend(dataDir, 0, ['--database', await pg.createDatabase()]);
  });
  test.afterAll(async () => {
    await backend?.stop();
    await pg?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('a profile on the team server signs in; system and content screens read and write', async ({ page, host }) => {
    const input = {
      name: '团队服务器',
      baseUrl: backend.url,
      tenantId: '000000',
      clientId: 'saber',
      clientSecret: 'saber_secret',
      colour: '#1677FF',
      language: 'zh',
      captchaMode: false,
      switchMode: false,
    };
    const tested = (await rpc(host, 'profiles:test', input)) as { ok: boolean; data: { reachable: boolean; clientAccepted: boolean; dialect: string } };
    expect(tested.ok).toBe(true);
    expect(tested.data).toMatchObject({ reachable: true, clientAccepted: true, dialect: 'spec' });
    const saved = (await rpc(host, 'profiles:save', { ...input, dialect: 'spec' })) as { ok: boolean; data: { id: string } };
    expect(saved.ok).toBe(true);

    await signInOnProfile(page, host, saved.data.id);

    // system screens
    await page.evaluate(() => (window.location.hash = '#/system/user'));
    await expect(shown(page).getByRole('cell', { name: 'admin', exact: true })).toBeVisible();
    await page.evaluate(() => (window.location.hash = '#/system/dict'));
    await expect(shown(page).getByRole('cell', { name: 'sex', exact: true })).toBeVisible();

    // a write, then the list shows it
    await page.evaluate(() => (window.location.hash = '#/system/param'));
    await shown(page).getByRole('button', { name: /新\s*增/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('参数名称').fill('团队参数');
    await dialog.getByLabel('参数键名').fill('e2e.team');
    await dialog.getByLabel('参数键值').fill('v');
    await dialog.getByRole('button', { name: /确\s*定|保\s*存/ }).click();
    await expect(page.getByText('新增成功')).toBeVisible();
    await expect(shown(page).getByRole('cell', { name: 'e2e.team' })).toBeVisible();

    // the content area is there: a website group made through its screen is listed
    await page.evaluate(() => (window.location.hash = '#/site/websiteGroup'));
    await shown(page).getByRole('button', { name: /新\s*增/ }).click();
    const group = page.getByRole('dialog');
    await group.getByLabel('分组名称').fill('团队分组');
    await group.getByLabel('分组类型', { exact: true }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '普通' }).first().click();
    await group.getByRole('button', { name: /确\s*定|保\s*存/ }).click();
    await expect(page.getByText('新增成功')).toBeVisible();
    await expect(shown(page).getByRole('cell', { name: '团队分组' })).toBeVisible();
    await page.screenshot({ path: 'test-results/team-server-content.png' });

    // the 控制台 reads this product's back end
    await page.evaluate(() => (window.location.hash = '#/wel/dashboard'));
    await expect(shown(page).getByText('控制台只在本产品的后端上可用')).toHaveCount(0);
    await expect(shown(page).getByText('后端版本').first()).toBeVisible();
    // the database is on PostgreSQL's server: its own line, not in the data folder's total
    const storage = shown(page).getByTestId('dashboard-storage');
    await expect(storage).toContainText('数据库 (PostgreSQL)');
    await expect(storage).toContainText('在数据库服务器上，未计入数据目录合计');
    await expect(storage).not.toContainText('含数据库');
    await page.screenshot({ path: 'test-results/team-server-dashboard.png' });
    await storage.screenshot({ path: 'test-results/team-server-storage.png' });
  });
});
