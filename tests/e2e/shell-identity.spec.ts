import Database from 'better-sqlite3';
import { join } from 'node:path';
import { test as base, expect } from '@playwright/test';
import { rpc, signIn, startWebHost, type WebHost } from './fixtures';
import { sqliteDataLayer } from '../../src-server/db/data-layer';
import { createDept, createRole, createUser } from '../../src-server/system/directory';
import { ADMIN_TENANT_ID, SEED_IDS } from '../../src-server/db/seed';

// Switch department/role (switchMode on: `--switch-mode on`) and the
// registration dialog of a social-login guest. The extra users, departments
// and roles are written into the host's back-end database with the server's
// own directory helpers, as the seed does.

const test = base.extend<object, { identityHost: WebHost }>({
  identityHost: [
    async ({}, use) => {
      const host = await startWebHost(['--captcha', 'off', '--switch-mode', 'on']);
      await use(host);
      await host.stop();
    },
    { scope: 'worker' },
  ],
});

test.afterEach(async ({ identityHost }) => {
  await rpc(identityHost, 'auth:logout');
});

function serverDb(host: WebHost): Database.Database {
  const db = new Database(join(host.dataDir, 'server', 'server.db'));
  db.pragma('busy_timeout = 5000');
  return db;
}

test('switch department/role: both required, then a re-login with the chosen pair lands on /', async ({ page, identityHost }) => {
  const data = sqliteDataLayer(serverDb(identityHost));
  let deptB: string, editor: string;
  try {
    const deptA = await createDept(data, { tenantId: ADMIN_TENANT_ID, deptName: '华东运营部' });
    deptB = await createDept(data, { tenantId: ADMIN_TENANT_ID, deptName: '华南运营部' });
    editor = await createRole(data, { tenantId: ADMIN_TENANT_ID, roleName: '内容编辑', roleAlias: 'editor', sort: 5 });
    await createUser(data, {
      tenantId: ADMIN_TENANT_ID,
      account: 'switcher',
      password: 'switch123',
      realName: '切换者',
      roleIds: [SEED_IDS.administratorRole, editor],
      deptIds: [deptA, deptB],
    });
  } finally {
    await data.close();
  }

  await signIn(page, identityHost, 'switcher', 'switch123');
  await page.getByRole('button', { name: /用户菜单/ }).click();
  await page.getByRole('menuitem', { name: '切换部门/角色' }).click();
  const dialog = page.getByRole('dialog', { name: '切换部门/角色' });
  await expect(dialog).toBeVisible();
  // both lists come from dept/select and role/select for this user
  const dept = dialog.getByLabel('部门');
  const role = dialog.getByLabel('角色');

  // empty: both messages of the spec, nothing switched
  // both start with the current pair: clear them (department first, then role)
  for (const index of [0, 1]) {
    const select = dialog.locator('.ant-select').nth(index);
    await select.hover();
    await select.locator('.ant-select-clear').click();
  }
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog.getByText('请选择部门')).toBeVisible();
  await expect(dialog.getByText('请选择角色')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('switch-refused.png') });
  await expect(dialog).toBeVisible();

  await dept.click();
  await page.getByTitle('华南运营部').click();
  await role.click();
  await page.getByTitle('内容编辑').click();
  await dialog.getByRole('button', { name: '确定' }).click();

  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/#\/wel\/index/);
  // the new token carries the chosen pair only; the editor role has no menus
  const session = (await rpc(identityHost, 'auth:session')) as { ok: boolean; data: { dept_id: string; role_id: string; role_name: string } };
  expect(session.data.dept_id).toBe(deptB!);
  expect(session.data.role_id).toBe(editor!);
  expect(session.data.role_name).toBe('editor');
  await expect(page.getByText('editor', { exact: true })).toBeVisible();
});

test('registration dialog of a guest (negative user id): checks in the spec order, then submitted and signed out', async ({ page, identityHost }) => {
  const db = serverDb(identityHost);
  const data = sqliteDataLayer(db);
  try {
    // A social-login guest as BladeX issues it: a negative user id with a guest role.
    const guestRole = await createRole(data, { tenantId: ADMIN_TENANT_ID, roleName: '游客', roleAlias: 'guest', sort: 9 });
    await createUser(data, { id: '-1001', tenantId: ADMIN_TENANT_ID, account: 'wechat-guest', password: 'guest123', roleIds: [guestRole] });
    db.prepare("UPDATE blade_param SET param_value = 'true' WHERE param_key = 'account.registerUser'").run();
  } finally {
    await data.close(); // closes db too
  }

  await page.goto(identityHost.url);
  await page.getByLabel('账号').fill('wechat-guest');
  await page.getByLabel('密码').fill('guest123');
  await page.getByRole('button', { name: '登录' }).click();
  const dialog = page.getByRole('dialog', { name: '账号注册' });
  await expect(dialog).toBeVisible();
  const submit = dialog.getByRole('button', { name: '提交' });
  const warning = (text: string) => page.locator('.ant-message').getByText(text);

  // the tenant comes from the workspace profile; then account, password and confirm, equality
  await submit.click();
  await expect(warning('请先输入账号名称')).toBeVisible();
  await dialog.getByLabel('账号名称').fill('new-writer');
  await submit.click();
  await expect(warning('请先输入密码')).toBeVisible();
  await dialog.getByLabel('密码', { exact: true }).fill('writer123');
  // the same warning again: wait until the first one has gone
  await expect(page.locator('.ant-message-notice')).toHaveCount(0);
  await submit.click();
  await expect(warning('请先输入密码')).toBeVisible();
  await dialog.getByLabel('确认密码').fill('writer124');
  await submit.click();
  await expect(warning('两次密码输入不一致')).toBeVisible();
  await dialog.getByLabel('确认密码').fill('writer123');
  await dialog.getByLabel('用户姓名').fill('新写手');
  await submit.click();

  await expect(page.getByText('注册申请已提交,请耐心等待管理员通过!')).toBeVisible();
  await expect(page).toHaveURL(/#\/login/);
  expect(await rpc(identityHost, 'auth:session')).toMatchObject({ data: null });

  // a pending user (no role, no department) waits for an administrator
  const check = serverDb(identityHost);
  try {
    const row = check.prepare('SELECT real_name, role_id, dept_id FROM blade_user WHERE account = ?').get('new-writer') as
      | { real_name: string; role_id: string; dept_id: string }
      | undefined;
    expect(row).toEqual({ real_name: '新写手', role_id: '-1', dept_id: '-1' });
  } finally {
    check.close();
  }
});
