import { test, expect, appReady, rpc, signIn, type WebHost, clickRowAction, rowHasAction } from './fixtures';
import type { Page } from '@playwright/test';

// The extra buttons' own permission codes and the approval of registered guests,
// end to end in browser mode.

type Reply = { ok: boolean; data?: { code?: number; success?: boolean; data?: unknown; msg?: string }; error?: unknown };
const call = async (host: WebHost, method: 'get' | 'post', url: string, opts: { params?: object; data?: unknown } = {}) =>
  (await rpc(host, 'api:request', { method, url, ...opts })) as Reply;
const S = '/website-blade-system';
type Rec = Record<string, unknown>;
const flat = (nodes: Rec[]): Rec[] => nodes.flatMap((n) => [n, ...flat((n.children as Rec[] | undefined) ?? [])]);

async function openUsers(page: Page) {
  if (!(await page.getByRole('menuitem', { name: /用户管理/ }).isVisible())) await page.getByRole('menuitem', { name: /系统管理/ }).click();
  await page.getByRole('menuitem', { name: /用户管理/ }).click();
  await expect(page).toHaveURL(/#\/system\/user/);
  await expect(page.getByRole('table').filter({ visible: true })).toHaveCount(1);
}

test.describe.serial('system: extra buttons and guest approval', () => {
  test('a role without user_reset does not see 密码重置; the administrator does', async ({ page, host }) => {
    await signIn(page, host);
    await openUsers(page);
    const toolbar = page.getByRole('button', { name: '密码重置' }).filter({ visible: true });
    await expect(toolbar).toBeVisible();
    await expect(page.getByRole('button', { name: '账号解封' }).filter({ visible: true })).toBeVisible();

    // a role granted the user menu, user_edit and user_unlock only
    const role = await call(host, 'post', `${S}/role/submit`, { data: { roleName: '用户维护', roleAlias: 'usermaint', sort: 4, parentId: '0' } });
    const roleId = String((role.data?.data as Rec).id);
    const menus = flat((await call(host, 'get', `${S}/menu/list`)).data?.data as Rec[]);
    const id = (code: string) => String(menus.find((m) => m.code === code)!.id);
    const grant = await call(host, 'post', `${S}/role/grant`, {
      data: { roleIds: [roleId], menuIds: [id('system'), id('user'), id('user_edit'), id('user_unlock')], dataScopeIds: [], apiScopeIds: [] },
    });
    expect(grant.data?.success).toBe(true);
    const depts = (await call(host, 'get', `${S}/dept/tree`)).data?.data as Rec[];
    const made = await call(host, 'post', `${S}/user/submit`, {
      data: { account: 'maint1', name: 'm', realName: '维护员', password: 'maintpw', password2: 'maintpw', roleId, deptId: String(depts[0]!.id) },
    });
    expect(made.data?.success).toBe(true);
    await rpc(host, 'auth:logout');

    await signIn(page, host, 'maint1', 'maintpw');
    await openUsers(page);
    await expect(page.getByRole('button', { name: '账号解封' }).filter({ visible: true })).toBeVisible();
    await expect(page.getByRole('button', { name: '密码重置' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: '角色配置' })).toHaveCount(0);
  });

  test('the administrator approves a registered guest under 待审核, who can then sign in', async ({ page, host }) => {
    await signIn(page, host);
    const params = (await call(host, 'get', '/website-blade-system/param/list', { params: { paramKey: 'account.registerUser', current: 1, size: 10 } })).data?.data as { records: Rec[] };
    const param = params.records.find((p) => p.paramKey === 'account.registerUser')!;
    expect((await call(host, 'post', '/website-blade-system/param/submit', { data: { ...param, paramValue: 'true' } })).data?.success).toBe(true);
    const reg = await call(host, 'post', `${S}/user/register-guest`, { data: { tenantId: '000000', name: '访客', account: 'visitor1', password: 'visitpw' } });
    expect(reg.data?.success).toBe(true);

    await openUsers(page);
    await page.getByLabel('审核状态').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '待审核' }).first().click();
    await page.getByTestId('crud-search').filter({ visible: true }).getByRole('button', { name: /搜\s*索/ }).click();
    const row = page.getByRole('row').filter({ hasText: 'visitor1' }).filter({ visible: true });
    await expect(row).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'admin' }).filter({ visible: true })).toHaveCount(0);
    expect(await rowHasAction(page, row, '拒绝')).toBe(true);
    await clickRowAction(page, row, '通过');
    await page.getByRole('dialog').getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect(page.getByText('操作成功')).toBeVisible();
    await expect(row).toHaveCount(0);
    await rpc(host, 'auth:logout');

    await page.goto(host.url);
    await appReady(page);
    await signIn(page, host, 'visitor1', 'visitpw');
    await expect(page).toHaveURL(/#\/wel\/index/);
  });
});
