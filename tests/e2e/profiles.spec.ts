import { test, expect, appReady, rpc, signIn, type WebHost, clickRowAction } from './fixtures';
import type { Page } from '@playwright/test';

// Profiles side by side in browser mode: the manager (reached from the avatar
// menu and from the login page) creates a second profile on the same embedded
// back end but a second tenant; it opens in a second page; each page signs in
// as its own tenant's admin and the two sessions stay apart.

type Reply = { ok: boolean; data?: { code?: number; data?: unknown }; error?: { message: string } };
const call = async (host: WebHost, method: 'get' | 'post', url: string, opts: { params?: object; data?: unknown } = {}) =>
  (await rpc(host, 'api:request', { method, url, ...opts })) as Reply;

/** A tenant with user management in its package, created by the platform administrator; its admin is admin/admin. */
async function secondTenant(host: WebHost, name: string): Promise<string> {
  const menus = (await call(host, 'get', '/website-blade-system/menu/list')).data?.data as { id: string; code: string; children?: unknown[] }[];
  const flat = (list: { id: string; code: string; children?: unknown[] }[]): { id: string; code: string }[] =>
    list.flatMap((m) => [m, ...flat((m.children ?? []) as { id: string; code: string; children?: unknown[] }[])]);
  const byCode = new Map(flat(menus).map((m) => [m.code, m.id]));
  const pkg = await call(host, 'post', '/website-blade-system/tenant-package/submit', {
    data: { packageName: `${name}包`, menuId: ['system', 'user', 'user_view', 'dept'].map((c) => byCode.get(c)).join(',') },
  });
  expect(pkg.ok).toBe(true);
  const created = await call(host, 'post', '/website-blade-system/tenant/submit', {
    data: { tenantName: name, linkman: '王五', contactNumber: '13900000000', packageId: (pkg.data?.data as { id: string }).id },
  });
  expect(created.ok, JSON.stringify(created.error)).toBe(true);
  const row = created.data?.data as { tenantId?: string; tenant_id?: string };
  return String(row.tenantId ?? row.tenant_id);
}

const dialog = (page: Page) => page.getByRole('dialog');

async function openUsers(page: Page) {
  if (!(await page.getByRole('menuitem', { name: /用户管理/ }).isVisible())) await page.getByRole('menuitem', { name: /系统管理/ }).click();
  await page.getByRole('menuitem', { name: /用户管理/ }).click();
  await expect(page).toHaveURL(/#\/system\/user/);
}

test('two profiles on two tenants, open at once in two pages, keep their sessions apart', async ({ page, host, context }) => {
  test.setTimeout(120_000);
  await signIn(page, host);
  const tenantB = await secondTenant(host, '乙公司');
  const info = (await rpc(host, 'app:info')) as { data: { profile: { baseUrl: string } } };
  const baseUrl = info.data.profile.baseUrl;

  // the band of the Local workspace
  await expect(page.getByTestId('profile-band')).toContainText('000000');

  // the manager from the avatar menu
  await page.getByRole('button', { name: /用户菜单/ }).click();
  await page.getByRole('menuitem', { name: '管理配置' }).click();
  await expect(page).toHaveURL(/#\/profiles$/);
  await expect(page.getByRole('row').filter({ hasText: '本地工作区' })).toContainText('内置');
  // the built-in profile has no remove action
  await expect(page.getByRole('row').filter({ hasText: '本地工作区' }).getByRole('button', { name: '删除' })).toHaveCount(0);

  // add: the form's rules first
  await page.getByRole('button', { name: /新增配置/ }).click();
  await dialog(page).getByLabel('配置名称').fill('Local workspace');
  await dialog(page).getByLabel('后端地址').fill('ftp://nowhere');
  await dialog(page).getByLabel('租户ID').fill('');
  await dialog(page).getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog(page).getByText('配置名称已存在')).toBeVisible();
  await expect(dialog(page).getByText('后端地址必须是 http:// 或 https:// 开头的完整地址')).toBeVisible();
  await expect(dialog(page).getByText('请输入租户ID')).toBeVisible();
  await expect(dialog(page).getByText('请输入客户端密钥')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('profile-refused.png') });
  await dialog(page).getByLabel('HTTP(S) 代理').fill('socks5://proxy:1080');
  await expect(dialog(page).getByText('代理地址必须是 http:// 或 https:// 开头的完整地址')).toBeVisible();
  await dialog(page).getByLabel('HTTP(S) 代理').fill('');

  await dialog(page).getByLabel('配置名称').fill('乙公司');
  await dialog(page).getByLabel('后端地址').fill(baseUrl);
  await dialog(page).getByLabel('租户ID').fill(tenantB);
  await dialog(page).getByLabel('客户端ID').fill('saber');
  // a wrong secret: the test says the back end is there but refuses the client
  await dialog(page).getByLabel('客户端密钥').fill('not-the-secret');
  await dialog(page).getByRole('button', { name: '测试连接' }).click();
  await expect(dialog(page).getByTestId('profile-test-result')).toContainText('客户端ID或密钥被拒绝');
  await dialog(page).getByLabel('客户端密钥').fill('saber_secret');
  await dialog(page).getByRole('button', { name: '测试连接' }).click();
  await expect(dialog(page).getByTestId('profile-test-result')).toContainText('后端可访问（HTTP 200），客户端认证通过。');
  await dialog(page).getByRole('switch').first().click(); // captcha sign-in off
  await dialog(page).getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('配置已保存')).toBeVisible();
  const rowB = page.getByRole('row').filter({ hasText: '乙公司' });
  await expect(rowB).toContainText(tenantB);
  // the secret is only ever shown masked
  await expect(rowB).toContainText('sa••••••');
  await expect(page.locator('body')).not.toContainText('saber_secret');

  // open it: a second page on that profile
  const [pageB] = await Promise.all([context.waitForEvent('page'), rowB.getByRole('button', { name: '打开' }).click()]);
  await appReady(pageB);
  await expect(pageB).toHaveURL(/[?&]profile=p[0-9a-f]{10}/);
  await expect(pageB.getByTestId('profile-band')).toContainText('乙公司');
  await expect(pageB.getByTestId('profile-band')).toContainText(tenantB);
  await expect(pageB.getByLabel('租户ID')).toHaveValue(tenantB);
  await expect(pageB.getByLabel('配置', { exact: true })).toHaveValue(/p[0-9a-f]{10}/);
  await pageB.getByLabel(/账号|用户名/).fill('admin');
  await pageB.getByLabel('密码').fill('admin');
  await pageB.getByRole('button', { name: /登\s*录/ }).click();
  await expect(pageB).toHaveURL(/#\/wel\/index/);

  // page A is still signed in as the platform's admin (tenant 000000), page B as 乙公司's
  await page.goto(`${host.origin}/#/wel/index`);
  await appReady(page);
  await expect(page).toHaveURL(/#\/wel\/index/);
  await openUsers(page);
  await expect(page.getByTestId('side-tree').getByText('SEO矩阵')).toBeVisible();
  await expect(page.getByTestId('side-tree').getByText('乙公司')).toHaveCount(0);
  await openUsers(pageB);
  await expect(pageB.getByTestId('side-tree').getByText('乙公司')).toBeVisible();
  await expect(pageB.getByTestId('side-tree').getByText('SEO矩阵')).toHaveCount(0);
  await expect(pageB.getByTestId('profile-band')).toContainText(tenantB);
  await expect(page.getByTestId('profile-band')).toContainText('000000');

  // logging out of B keeps A
  await pageB.getByRole('button', { name: /用户菜单/ }).click();
  await pageB.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(pageB).toHaveURL(/#\/login/);
  await page.reload();
  await appReady(page);
  await expect(page).toHaveURL(/#\/system\/user/);
  await expect(page.getByTestId('side-tree').getByText('SEO矩阵')).toBeVisible();
  // and B, reloaded, stays signed out on its own profile
  await pageB.reload();
  await appReady(pageB);
  await expect(pageB).toHaveURL(/#\/login/);
  await expect(pageB.getByTestId('profile-band')).toContainText('乙公司');

  // from B's login page, the manager: B is the current profile and cannot be removed there; Local can be opened
  await pageB.getByRole('link', { name: '管理配置' }).click();
  await expect(pageB).toHaveURL(/#\/profiles$/);
  const rowBonB = pageB.getByRole('row').filter({ hasText: '乙公司' });
  await expect(rowBonB).toContainText('当前');
  await expect(rowBonB.getByRole('button', { name: '删除' })).toHaveCount(0);
  await pageB.close();

  // duplicate and remove from A
  await page.goto(`${host.origin}/#/profiles`);
  await appReady(page);
  await clickRowAction(page, page.getByRole('row').filter({ hasText: '乙公司' }), '复制');
  await expect(page.getByRole('row').filter({ hasText: '乙公司 (2)' })).toBeVisible();
  await page.getByRole('row').filter({ hasText: '乙公司 (2)' }).getByRole('button', { name: '删除' }).click();
  await page.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(page.getByRole('row').filter({ hasText: '乙公司 (2)' })).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: '乙公司' })).toHaveCount(1);
});
