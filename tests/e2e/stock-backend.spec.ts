import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, rpc, signInOnProfile, startBackend, type Backend } from './fixtures';

// The console on a stock back end: a second back end started with
// `--dialect stock` serves only the stock SpringBlade paths (/blade-system,
// POST /blade-auth/token with an SM2 password). A profile's "test" detects the
// dialect; with the profile set to SpringBlade and the back end's public key,
// the console signs in and its system screens work; a content screen says the
// content area needs this product's back end.

const shown = (page: Page) => page.locator('.desk-page:not([hidden])');

test.describe('console on a stock SpringBlade back end', () => {
  let dataDir: string;
  let backend: Backend;

  test.beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'smc-e2e-stock-'));
    backend = await startBackend(dataDir, 0, ['--dialect', 'stock']);
  });
  test.afterAll(async () => {
    await backend?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('test detects the dialect; sign-in with SM2 and the system screens work; content says it needs the spec back end', async ({ page, host }) => {
    const input = {
      name: '标准后端',
      baseUrl: backend.url,
      tenantId: '000000',
      clientId: 'saber',
      clientSecret: 'saber_secret',
      colour: '#2EA300',
      language: 'zh',
      captchaMode: false,
      switchMode: false,
    };
    const tested = (await rpc(host, 'profiles:test', input)) as { ok: boolean; data: { reachable: boolean; clientAccepted: boolean; dialect: string } };
    expect(tested.ok).toBe(true);
    expect(tested.data).toMatchObject({ reachable: true, clientAccepted: true, dialect: 'springblade' });

    // SpringBlade without its public key is refused with the reason
    const noKey = (await rpc(host, 'profiles:save', { ...input, dialect: 'springblade' })) as { ok: boolean; error?: { message: string } };
    expect(noKey.ok).toBe(false);
    expect(noKey.error?.message).toBe('SpringBlade 后端需要填写 SM2 公钥');
    const saved = (await rpc(host, 'profiles:save', { ...input, dialect: 'springblade', publicKey: backend.publicKey })) as { ok: boolean; data: { id: string } };
    expect(saved.ok).toBe(true);

    await signInOnProfile(page, host, saved.data.id);

    // system screens over the stock paths
    await page.evaluate(() => (window.location.hash = '#/system/param'));
    await expect(shown(page).getByRole('cell', { name: 'account.initPassword' })).toBeVisible();
    await page.evaluate(() => (window.location.hash = '#/system/user'));
    await expect(shown(page).getByRole('cell', { name: 'admin', exact: true })).toBeVisible();
    await page.evaluate(() => (window.location.hash = '#/authority/role'));
    await expect(shown(page).getByRole('cell', { name: '超级管理员' }).first()).toBeVisible();
    await page.evaluate(() => (window.location.hash = '#/system/dict'));
    await expect(shown(page).getByRole('cell', { name: 'sex', exact: true })).toBeVisible();

    // a write goes to the stock back end too
    await page.evaluate(() => (window.location.hash = '#/system/param'));
    await shown(page).getByRole('button', { name: /新\s*增/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('参数名称').fill('标准参数');
    await dialog.getByLabel('参数键名').fill('e2e.stock');
    await dialog.getByLabel('参数键值').fill('v');
    await dialog.getByRole('button', { name: /确\s*定|保\s*存/ }).click();
    await expect(page.getByText('新增成功')).toBeVisible();
    await expect(shown(page).getByRole('cell', { name: 'e2e.stock' })).toBeVisible();

    // the content area is not on a stock back end: its menus are not offered (a stock back end answers the
    // stock paths with what a stock console has a page for, docs/development.md § the two dialects), and the
    // 控制台 says it needs this product's back end
    const sider = page.locator('.desk-sider');
    await expect(sider.getByText('系统管理')).toBeVisible();
    await expect(sider.getByText('站点管理')).toHaveCount(0);
    await expect(sider.getByText('内容管理')).toHaveCount(0);
    await page.screenshot({ path: 'test-results/stock-backend-content.png' });

    // the 控制台 reads this product's back end only: it says so instead of failing
    await page.evaluate(() => (window.location.hash = '#/wel/dashboard'));
    const dash = shown(page);
    await expect(dash.getByText('控制台只在本产品的后端上可用')).toBeVisible();
    await expect(dash.getByText(/站群内容功能需要本产品的后端/)).toBeVisible();
    await page.screenshot({ path: 'test-results/stock-backend-dashboard.png' });
  });
});
