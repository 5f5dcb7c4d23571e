// Saber 4.9's writes beside a list's add/edit/delete, each checked in the
// database: a role's 权限设置 (menus, data and API scopes), a user's 角色配置,
// 密码重置 and 账号解封, and a top menu's 配置 (the menus it holds). What a test
// needs that is not the screen under test is made through the back end.
import type { Locator, Page } from '@playwright/test';
import { SEED_IDS } from '../../src-server/db/seed';
import { adminCall, expect, one, signIn, test, type Stack } from './stack';
import { clickForReply, dialog, openScreen, rowAction } from './saber-ui';

/** Ticks a row's selection box (the row found by a text it shows) unless it is ticked. */
async function selectRow(page: Page, text: string): Promise<void> {
  const row = page.locator('.el-table__row', { hasText: text }).first();
  await expect(row).toBeVisible();
  const box = row.locator('.el-checkbox').first();
  if (!(await box.evaluate((el) => el.classList.contains('is-checked')))) await box.click();
  await expect(box).toHaveClass(/is-checked/);
}

/** Ticks a node of a checkbox tree (the node found by its exact label). */
async function tickNode(scope: Locator, label: string): Promise<void> {
  const node = scope.locator('.el-tree-node__content').filter({ has: scope.page().getByText(label, { exact: true }) }).first();
  await node.locator('.el-checkbox').first().click();
}

const made = async (stack: Stack, path: string, body: Record<string, unknown>): Promise<void> => {
  const saved = await adminCall(stack, path, body);
  expect(saved.code, saved.msg).toBe(200);
};
const idOf = (stack: Stack, sql: string): string => String(one(stack, sql)!.id);
const menuId = (stack: Stack, code: string): string => idOf(stack, `SELECT id FROM blade_menu WHERE code = '${code}' AND is_deleted = 0`);

test('角色管理 › 权限设置: menus, data and API scopes of a role', async ({ page, stack }) => {
  await made(stack, '/blade-system/role/submit', { roleName: 'Saber授权角色', roleAlias: 'saber_grant', sort: 50, parentId: '0' });
  const wel = menuId(stack, 'workbench');
  await made(stack, '/blade-system/data-scope/submit', { menuId: wel, resourceCode: 'workbench', scopeName: 'Saber授权数据', scopeClass: 'org.springblade.Demo', scopeColumn: '-', scopeField: '*', scopeType: 1 });
  await made(stack, '/blade-system/api-scope/submit', { menuId: wel, resourceCode: 'workbench', scopeName: 'Saber授权接口', scopePath: '/api/demo/**', scopeType: 1 });
  const role = idOf(stack, "SELECT id FROM blade_role WHERE role_alias = 'saber_grant' AND is_deleted = 0");

  await signIn(page, stack);
  await openScreen(page, ['权限管理', '角色管理', '/authority/role']);
  await selectRow(page, 'saber_grant');
  await page.locator('button', { hasText: '权限设置' }).click();
  const dlg = dialog(page);
  await expect(dlg.locator('.el-tree-node').first()).toBeVisible();
  await tickNode(dlg, '报表管理');
  for (const [tab, scope] of [['数据权限', 'Saber授权数据'], ['接口权限', 'Saber授权接口']] as const) {
    await dlg.getByRole('tab', { name: tab }).click();
    const pane = dlg.locator('.el-tab-pane:visible');
    const leaf = pane.getByText(scope, { exact: true });
    if (!(await leaf.isVisible())) await pane.locator('.el-tree-node__content', { hasText: '工作台' }).locator('.el-tree-node__expand-icon').first().click();
    await tickNode(pane, scope);
  }
  await clickForReply(page, dlg.locator('button', { hasText: /确\s*定/ }), /\/role\/grant$/);

  expect(one(stack, 'SELECT 1 AS v FROM blade_role_menu WHERE role_id = ? AND menu_id = ?', role, menuId(stack, 'report'))).toBeDefined();
  const scopes = stack.db.prepare('SELECT s.scope_category AS category, COALESCE(d.scope_name, a.scope_name) AS name FROM blade_role_scope s LEFT JOIN blade_scope_data d ON s.scope_category = 1 AND d.id = s.scope_id LEFT JOIN blade_scope_api a ON s.scope_category = 2 AND a.id = s.scope_id WHERE s.role_id = ? ORDER BY s.scope_category').all(role);
  expect(scopes).toEqual([{ category: 1, name: 'Saber授权数据' }, { category: 2, name: 'Saber授权接口' }]);
});

test('用户管理 › 角色配置, 密码重置, 账号解封', async ({ page, stack }) => {
  await made(stack, '/blade-system/user/submit', {
    account: 'sabergrant', password: 'Saber_123', password2: 'Saber_123', realName: 'Saber配置', name: 'sabergrant',
    roleId: SEED_IDS.userRole, deptId: SEED_IDS.dept, tenantId: '000000',
  });
  const user = () => one(stack, "SELECT role_id, password FROM blade_user WHERE account = 'sabergrant' AND is_deleted = 0")!;
  const before = user();
  // one wrong password: a failed sign-in is counted
  const basic = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
  await fetch(`${stack.api}/blade-auth/oauth/token`, {
    method: 'POST',
    headers: { Authorization: basic, 'Tenant-Id': '000000', 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', scope: 'all', username: 'sabergrant', password: 'wrong' }),
  });
  const failures = () => one(stack, "SELECT fail_count AS v FROM blade_login_fail WHERE account = 'sabergrant'");
  expect(failures()?.v).toBe(1);

  await signIn(page, stack);
  await openScreen(page, ['系统管理', '用户管理', '/system/user']);
  await selectRow(page, 'sabergrant');

  await page.locator('button', { hasText: '角色配置' }).click();
  const dlg = dialog(page);
  await tickNode(dlg, '超级管理员');
  await clickForReply(page, dlg.locator('button', { hasText: /确\s*定/ }), /\/user\/grant$/);
  expect(String(user().role_id).split(',').sort()).toEqual([SEED_IDS.administratorRole, SEED_IDS.userRole].sort());

  // a grant reloads the list (the selection is gone)
  await selectRow(page, 'sabergrant');
  await page.locator('button', { hasText: '密码重置' }).click();
  await clickForReply(page, page.locator('.el-message-box:visible').getByRole('button', { name: /确\s*定/ }), /\/user\/reset-password$/);
  expect(user().password).not.toBe(before.password);

  await selectRow(page, 'sabergrant');
  await page.locator('button', { hasText: '账号解封' }).click();
  await clickForReply(page, page.locator('.el-message-box:visible').getByRole('button', { name: /确\s*定/ }), /\/user\/unlock$/);
  expect(failures()).toBeUndefined();
});

test('顶部菜单 › 配置: the menus a top menu holds', async ({ page, stack }) => {
  await made(stack, '/blade-system/topmenu/submit', { name: 'Saber配置顶部', code: 'saber_top_grant', source: 'iconfont iconicon_setting', sort: 9 });
  const top = idOf(stack, "SELECT id FROM blade_top_menu WHERE code = 'saber_top_grant' AND is_deleted = 0");

  await signIn(page, stack);
  await openScreen(page, ['系统管理', '顶部菜单', '/system/topmenu']);
  await rowAction(page, 'saber_top_grant', /^\s*配\s*置\s*$/);
  const dlg = dialog(page);
  await expect(dlg.locator('.el-tree-node').first()).toBeVisible();
  await tickNode(dlg, '报表管理');
  await tickNode(dlg, '日志管理');
  await clickForReply(page, dlg.locator('button', { hasText: /确\s*定/ }), /\/topmenu\/grant$/);

  const held = stack.db.prepare('SELECT m.code FROM blade_top_menu_setting s JOIN blade_menu m ON m.id = s.menu_id WHERE s.top_menu_id = ? ORDER BY m.code').all(top);
  expect(held).toEqual([{ code: 'log' }, { code: 'report' }]);
});
