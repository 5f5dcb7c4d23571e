// Saber 4.9's writes beside a list's add/edit/delete, each checked in the
// database: a role's 权限设置 (menus, data and API scopes), a user's 角色配置,
// 密码重置 and 账号解封, the users' 导入 (a filled template) and 导出,
// and a top menu's 配置 (the menus it holds). What a test needs that is not the
// screen under test is made through the back end.
import type { Locator, Page } from '@playwright/test';
import { readXlsx, writeXlsx } from '../../src-server/modules/admin/xlsx';
import { verifyPasswordDigest, md5Hex } from '../../src-server/auth/passwords';
import { SEED_IDS } from '../../src-server/db/seed';
import { adminCall, adminToken, expect, one, signIn, test, type Stack } from './stack';
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

/** The workbook a click downloads from a path ending in `name` (Saber opens downloads in a new window: the reply is read on its way). */
async function downloadOf(page: Page, name: string, click: () => Promise<void>): Promise<{ url: URL; sheet: string[][] }> {
  const got = new Promise<{ url: URL; bytes: Buffer }>((resolve) => {
    void page.context().route(`**/${name}?*`, async (route) => {
      const response = await route.fetch();
      resolve({ url: new URL(route.request().url()), bytes: await response.body() });
      await route.fulfill({ response });
    });
  });
  await click();
  const { url, bytes } = await got;
  const sheet = readXlsx(bytes);
  expect(sheet).not.toBeNull();
  return { url, sheet: sheet! };
}

test('用户管理 › 导入 (a filled template) and 导出', async ({ page, stack }) => {
  // the template, as Saber's 模板下载 would open it (Saber's import dialog shows a text box where
  // its download button should be: the slot is not rendered by its avue version)
  const templateFile = await fetch(`${stack.api}/blade-system/user/export-template?blade-auth=bearer ${await adminToken(stack)}`);
  expect(templateFile.headers.get('content-type')).toContain('spreadsheetml');
  const header = readXlsx(Buffer.from(await templateFile.arrayBuffer()))![0]!;
  expect(header).toEqual(expect.arrayContaining(['账户', '姓名', '角色名称', '部门名称']));
  const row = (values: Record<string, string>): string[] => header.map((h) => values[h] ?? '');
  const filled = writeXlsx('用户数据表', [
    header,
    row({ 租户编号: '000000', 用户平台: 'WEB', 账户: 'saberimport1', 昵称: '导入一', 姓名: 'Saber导入一', 手机: '13700000001', 角色名称: '普通用户', 部门名称: 'SEO矩阵' }),
    row({ 账户: 'saberimport2', 姓名: 'Saber导入二', 邮箱: 'two@example.com', 角色名称: '普通用户,超级管理员', 部门名称: 'SEO矩阵' }),
  ]);
  await signIn(page, stack);
  await openScreen(page, ['系统管理', '用户管理', '/system/user']);
  await page.locator('button', { hasText: /导\s*入/ }).click();
  const dlg = dialog(page);
  const reply = page.waitForResponse((r) => r.url().includes('/user/import-user'));
  await dlg.locator('input[type=file]').setInputFiles({ name: 'users.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: filled });
  const body = (await (await reply).json()) as { code: number; msg: string };
  expect(body.code, body.msg).toBe(200);
  await expect(page.locator('.el-table__row', { hasText: 'saberimport2' })).toBeVisible();

  const imported = stack.db.prepare("SELECT account, real_name, phone, email, role_id, dept_id, password FROM blade_user WHERE account LIKE 'saberimport%' AND is_deleted = 0 ORDER BY account").all() as Record<string, string>[];
  expect(imported.map((u) => [u.account, u.real_name, u.phone, u.email, u.role_id, u.dept_id])).toEqual([
    ['saberimport1', 'Saber导入一', '13700000001', null, SEED_IDS.userRole, SEED_IDS.dept],
    ['saberimport2', 'Saber导入二', null, 'two@example.com', `${SEED_IDS.userRole},${SEED_IDS.administratorRole}`, SEED_IDS.dept],
  ]);
  // the initial password (parameter account.initPassword)
  expect(await verifyPasswordDigest(md5Hex('123456'), imported[0]!.password)).toBe(true);

  await page.locator('.el-input', { has: page.getByPlaceholder('请输入 登录账号') }).locator('input').fill('saberimport');
  await page.locator('button', { hasText: /搜\s*索/ }).click();
  const { url, sheet: exported } = await downloadOf(page, 'export-user', async () => {
    await page.locator('button', { hasText: /导\s*出/ }).click();
    await page.locator('.el-message-box:visible').getByRole('button', { name: /确\s*定/ }).click();
  });
  expect(url.searchParams.get('account')).toBe('saberimport');
  expect(exported[0]).toEqual(header);
  const account = header.indexOf('账户');
  const roles = header.indexOf('角色名称');
  expect(exported.slice(1).map((r) => [r[account], r[roles]])).toEqual([['saberimport1', '普通用户'], ['saberimport2', '普通用户,超级管理员']]);
});
