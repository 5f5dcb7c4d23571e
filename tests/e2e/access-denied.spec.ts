import { join } from 'node:path';
import { openDatabase } from '../../src-server/db/database';
import { sqliteDataLayer } from '../../src-server/db/data-layer';
import { createDept, createRole, createUser } from '../../src-server/system/directory';
import { nextId } from '../../src-server/util/ids';
import { test, expect, rpc, signIn } from './fixtures';

// Default deny as an operator meets it: a plain user (a role holding the 工作台
// menu plus one screen, 参数管理, with its view button only) signs in, sees only
// those screens and buttons, and when the server refuses a call (the grant was
// taken away meanwhile) the screen shows 请求未授权 and the operator stays signed in.

const PLAIN_GRANTS = ['workbench', 'wel', 'dashboard', 'system', 'param', 'param_view'];

test('a plain user sees only their screens and buttons; a refused call shows 请求未授权 and keeps them signed in', async ({ page, host }) => {
  const db = openDatabase(join(host.dataDir, 'server'));
  const data = sqliteDataLayer(db);
  const role = await createRole(data, { tenantId: '000000', roleName: '参数查看员', roleAlias: 'param_viewer' });
  const grant = db.prepare('INSERT INTO blade_role_menu (id, role_id, menu_id) SELECT ?, ?, id FROM blade_menu WHERE code = ? AND is_deleted = 0');
  for (const code of PLAIN_GRANTS) expect(grant.run(nextId(), role, code).changes, code).toBe(1);
  const dept = await createDept(data, { tenantId: '000000', deptName: '甲部' });
  await createUser(data, { tenantId: '000000', account: 'plain', password: 'plain123', realName: '普通用户甲', roleIds: [role], deptIds: [dept] });

  await signIn(page, host, 'plain', 'plain123');
  // the top menus follow the grants: 站群业务 holds none of this user's screens (only the 工作台 every top menu
  // carries), so it is not offered; 系统运维 holds 参数管理
  const top = page.getByRole('menu', { name: '顶部菜单' });
  await expect(top.getByRole('menuitem', { name: /系统运维/ })).toBeVisible();
  await expect(top.getByRole('menuitem', { name: /站群业务/ })).toHaveCount(0);
  // the side menu: the workbench and the one granted screen, nothing else
  const sider = page.locator('.ant-layout-sider');
  await expect(sider.getByRole('menuitem', { name: /系统管理/ })).toBeVisible();
  for (const absent of [/站点管理/, /内容管理/, /权限管理/, /日志管理/, /流程管理/]) await expect(sider.getByRole('menuitem', { name: absent })).toHaveCount(0);
  await sider.getByRole('menuitem', { name: /系统管理/ }).click();
  await expect(sider.getByRole('menuitem', { name: /参数管理/ })).toBeVisible();
  await expect(sider.getByRole('menuitem', { name: /用户管理/ })).toHaveCount(0);
  await sider.getByRole('menuitem', { name: /参数管理/ }).click();
  await expect(page).toHaveURL(/#\/system\/param/);
  const table = page.getByRole('table').filter({ visible: true });
  await expect(table.getByRole('cell', { name: 'account.registerUser' })).toBeVisible();
  // buttons: view only (no add, edit or delete granted)
  await expect(page.getByRole('button', { name: /^新\s*增$/ }).filter({ visible: true })).toHaveCount(0);
  const row = table.getByRole('row').filter({ hasText: 'account.registerUser' });
  await expect(row.getByRole('button', { name: /查\s*看/ })).toBeVisible();
  await expect(row.getByRole('button', { name: /编\s*辑/ })).toHaveCount(0);
  await expect(row.getByRole('button', { name: /删\s*除/ })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('plain-user-param.png') });
  // a screen of the console this user holds no grant for, opened by its address: 403, not 404 (and no tab);
  // an address the console has no screen for stays 404
  await page.evaluate(() => (window.location.hash = '#/system/user'));
  await expect(page).toHaveURL(/#\/403$/);
  await expect(page.getByText('403', { exact: true })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('plain-user-403.png') });
  await page.evaluate(() => (window.location.hash = '#/site/websiteInfo'));
  await expect(page).toHaveURL(/#\/403$/);
  await page.evaluate(() => (window.location.hash = '#/no/such/screen'));
  await expect(page).toHaveURL(/#\/404$/);
  await page.evaluate(() => (window.location.hash = '#/system/param'));
  await expect(page).toHaveURL(/#\/system\/param$/);
  await expect(page.getByRole('navigation', { name: '已打开的页面' }).getByRole('tab')).toHaveCount(2);
  // the tab menu offers no clear cache (the platform administrator's call)
  await page.getByRole('navigation', { name: '已打开的页面' }).getByRole('tab', { name: '首页' }).click({ button: 'right' });
  await expect(page.getByRole('menuitem', { name: '关闭其他' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: '清除缓存' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // the screen's grant is taken away while the operator works: the next list call is refused
  db.prepare("DELETE FROM blade_role_menu WHERE role_id = ? AND menu_id = (SELECT id FROM blade_menu WHERE code = 'param' AND is_deleted = 0)").run(role);
  await page.getByTestId('crud-search').getByRole('button', { name: /搜\s*索/ }).filter({ visible: true }).click();
  await expect(page.locator('.ant-message').getByText('请求未授权')).toBeVisible();
  await page.waitForTimeout(400); // the message's entry animation, for the screenshot
  await page.screenshot({ path: test.info().outputPath('plain-user-refused.png') });
  // still signed in: same page, same session, and the rest of the console still answers
  await expect(page).toHaveURL(/#\/system\/param/);
  expect(((await rpc(host, 'auth:session')) as { data: { account: string } | null }).data?.account).toBe('plain');
  await sider.getByRole('menuitem', { name: /工作台/ }).click();
  await sider.getByRole('menuitem', { name: /首页/ }).click();
  await expect(page).toHaveURL(/#\/wel\/index/);
  await expect(page.getByLabel('密码')).toHaveCount(0);
  await data.close(); // closes db too
});
