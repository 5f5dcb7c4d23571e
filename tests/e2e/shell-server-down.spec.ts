import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, rpc, signInOnProfile, startBackend, type Backend } from './fixtures';

// Server down: the console works against a second back end (`src-server/cli.ts`
// on its own data folder) through a profile aimed at it. The back end stops in
// the middle of the session: calls fail with a clear network message, the
// session and what the operator typed stay, and once the back end is back on
// the same address the same action goes through.

const SABER = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

/** The param keys like `key` on a back end, read over HTTP as admin. */
async function paramKeysOn(base: string, key: string): Promise<string[]> {
  const form = new URLSearchParams({ grant_type: 'password', scope: 'all', username: 'admin', password: createHash('md5').update('admin').digest('hex') });
  const token = (await fetch(`${base}/blade-auth/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Tenant-Id': '000000', Authorization: SABER },
    body: form,
  }).then((r) => r.json())) as { access_token: string };
  const list = (await fetch(`${base}/website-blade-system/param/list?paramKey=${encodeURIComponent(key)}`, {
    headers: { Authorization: SABER, 'Blade-Auth': `bearer ${token.access_token}` },
  }).then((r) => r.json())) as { data: { records: { paramKey: string }[] } };
  return list.data.records.map((r) => r.paramKey);
}

const shown = (page: Page) => page.locator('.desk-page:not([hidden])');

test.describe('shell: the back end goes down mid-session', () => {
  let dataDir: string;
  let backend: Backend;

  test.beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'smc-e2e-down-'));
  });
  test.afterAll(async () => {
    await backend?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('calls fail with a network message, nothing is lost, and the same save succeeds when the server is back', async ({ page, host }) => {
    backend = await startBackend(dataDir);
    const port = Number(new URL(backend.url).port);
    const saved = (await rpc(host, 'profiles:save', {
      name: '断线测试',
      baseUrl: backend.url,
      tenantId: '000000',
      clientId: 'saber',
      clientSecret: 'saber_secret',
      colour: '#2EA300',
      language: 'zh',
      captchaMode: false,
      switchMode: false,
    })) as { ok: boolean; data: { id: string } };
    expect(saved.ok).toBe(true);
    const profileId = saved.data.id;

    // the console on that profile, signed in on the second back end
    await signInOnProfile(page, host, profileId);
    await page.evaluate(() => (window.location.hash = '#/system/param'));
    await expect(shown(page).getByRole('cell', { name: 'account.initPassword' })).toBeVisible();

    // the operator fills the add form ...
    await shown(page).getByRole('button', { name: /新\s*增/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('参数名称').fill('断线参数');
    await dialog.getByLabel('参数键名').fill('e2e.down');
    await dialog.getByLabel('参数键值').fill('kept');

    // ... the back end stops ...
    await backend.stop();
    await dialog.getByRole('button', { name: /确\s*定|保\s*存/ }).click();
    await expect(page.getByText(new RegExp(`无法连接服务器 ${backend.url.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: .*ECONNREFUSED`))).toBeVisible();
    // the failed save re-enables the dialog with every value kept; the session stays (no forced logout)
    await expect(dialog.getByLabel('参数名称')).toHaveValue('断线参数');
    await expect(dialog.getByLabel('参数键名')).toHaveValue('e2e.down');
    await expect(dialog.getByLabel('参数键值')).toHaveValue('kept');
    await expect(dialog.getByRole('button', { name: /确\s*定|保\s*存/ })).toBeEnabled();
    await expect(page).toHaveURL(/#\/system\/param/);

    // a list call fails the same way, and the rows already shown stay
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
    await shown(page).getByLabel('参数名称').first().fill('account');
    await shown(page).getByRole('button', { name: /搜\s*索/ }).click();
    await expect(page.getByText(/无法连接服务器/).first()).toBeVisible();
    await expect(shown(page).getByRole('cell', { name: 'account.initPassword' })).toBeVisible();
    await expect(shown(page).getByLabel('参数名称').first()).toHaveValue('account');

    // the back end comes back on the same address and data: the same actions go through, still signed in
    backend = await startBackend(dataDir, port);
    await shown(page).getByRole('button', { name: /新\s*增/ }).click();
    await dialog.getByLabel('参数名称').fill('断线参数');
    await dialog.getByLabel('参数键名').fill('e2e.down');
    await dialog.getByLabel('参数键值').fill('kept');
    await dialog.getByRole('button', { name: /确\s*定|保\s*存/ }).click();
    await expect(page.getByText('新增成功')).toBeVisible();
    await shown(page).getByLabel('参数名称').first().fill('断线');
    await shown(page).getByRole('button', { name: /搜\s*索/ }).click();
    await expect(shown(page).getByRole('cell', { name: 'e2e.down' })).toBeVisible();
    // it is on the second back end (the failed save above already showed the calls go there, not to the embedded one)
    const onBackend = await paramKeysOn(backend.url, 'e2e.down');
    expect(onBackend).toEqual(['e2e.down']);
  });
});
