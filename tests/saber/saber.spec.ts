// Saber 4.9, the stock open-source BladeX console, built from its unchanged
// source (scripts/saber.mjs) and driven against `npm run server`: it signs in
// through its own login page (captcha, SM2-encrypted password, stock
// /blade-auth/token), opens users, roles, menus, dictionaries, parameters and
// notices, and adds, edits and deletes one row on each. The rows are checked in
// the back end's database, not only on the screen.
import { expect, type Locator, type Page } from '@playwright/test';
import { ensureSaberBuild, serveSaber } from '../../scripts/saber.mjs';
import { ensurePost, one, stockConsoleTest, type StockStack as Stack } from '../stock-consoles/backend';

const test = stockConsoleTest('saber', (o) => serveSaber({ dist: ensureSaberBuild(), ...o }));

async function signIn(page: Page, stack: Stack): Promise<void> {
  const captcha = page.waitForResponse((r) => r.url().includes('/api/blade-auth/captcha'));
  await page.goto(`${stack.url}/login`);
  const key = ((await (await captcha).json()) as { data: { key: string } }).data.key;
  const code = (stack.db.prepare('SELECT code FROM blade_captcha WHERE captcha_key = ?').get(key) as { code: string }).code;
  await expect(page.getByPlaceholder('请输入租户ID')).toHaveValue('000000');
  await page.getByPlaceholder('请输入账号').fill('admin');
  await page.getByPlaceholder('请输入密码').fill('admin');
  await page.getByPlaceholder('请输入验证码').fill(code);
  const token = page.waitForResponse((r) => r.url().includes('/api/blade-auth/token'));
  await page.getByRole('button', { name: '登录' }).click();
  expect(((await (await token).json()) as { code: number }).code).toBe(200);
  await page.waitForURL(/\/wel\/index/);
}

async function openScreen(page: Page, group: string, item: string, path: string): Promise<void> {
  const menu = page.locator('.el-menu').first();
  const entry = menu.getByText(item, { exact: true }).first();
  // a group already open would close on a click
  if (!(await entry.isVisible())) await menu.getByText(group, { exact: true }).first().click();
  const list = page.waitForResponse((r) => /\/api\/blade-(system|desk)\/.*(list|tree)/.test(r.url()) && r.status() === 200);
  await entry.click();
  await page.waitForURL(new RegExp(`${path}$`));
  await list;
  await expect(page.locator('.el-table__row').first()).toBeVisible();
}

const dialog = (page: Page): Locator => page.locator('.el-dialog:visible, .el-drawer:visible').last();
const field = (dlg: Locator, label: string): Locator => dlg.locator('.el-form-item').filter({ has: dlg.page().locator('label', { hasText: label }) }).first();

async function fill(dlg: Locator, label: string, value: string): Promise<void> {
  const input = field(dlg, label).locator('input:not([type=hidden]), textarea').first();
  await input.fill(value);
}

/** Picks the first option of a select or tree select (in the dropdown it opens). */
async function choose(dlg: Locator, label: string): Promise<void> {
  await field(dlg, label).locator('.el-select__wrapper, .el-select').first().click();
  const page = dlg.page();
  const options = page.locator('.el-popper[aria-hidden="false"]').last().locator('.el-select-dropdown__item, .el-tree-node__content');
  await options.first().click();
  // close a multiple select's dropdown without Escape (which would close the dialog)
  await dlg.locator('.el-dialog__header, .el-drawer__header').first().click();
}

async function radio(dlg: Locator, label: string, option: string): Promise<void> {
  await field(dlg, label).locator('.el-radio', { hasText: option }).first().click();
}

/** Today in a date(-time) picker. */
async function pickToday(dlg: Locator, label: string): Promise<void> {
  await field(dlg, label).locator('input').first().click();
  const panel = dlg.page().locator('.el-picker-panel:visible').last();
  await panel.locator('td.today').first().click();
  const ok = panel.locator('button', { hasText: /确\s*定|OK/ });
  if (await ok.count()) await ok.first().click();
}

async function save(page: Page, button: RegExp): Promise<void> {
  const reply = page.waitForResponse((r) => /\/(submit|update|save)(\?|$)/.test(r.url()) && r.request().method() === 'POST');
  await dialog(page).locator('button', { hasText: button }).click();
  const body = (await (await reply).json()) as { code: number; msg: string };
  expect(body.code, body.msg).toBe(200);
  await expect(dialog(page)).toHaveCount(0);
}

async function rowAction(page: Page, text: string, action: RegExp): Promise<void> {
  const row = page.locator('.el-table__row', { hasText: text }).first();
  await expect(row).toBeVisible();
  // fixed action columns render their buttons in a second table: pick the row of the same index
  const index = await row.evaluate((tr) => [...(tr.parentElement?.children ?? [])].indexOf(tr));
  const buttons = page.locator('.el-table__body-wrapper .el-table__row, .el-table__fixed-right .el-table__row').nth(index).locator('button', { hasText: action });
  await (await buttons.count() ? buttons.first() : page.locator('.el-table__row').nth(index).locator('button', { hasText: action }).first()).click();
}

async function remove(page: Page, text: string): Promise<void> {
  await rowAction(page, text, /删\s*除/);
  const reply = page.waitForResponse((r) => /\/remove(\?|$)/.test(r.url()));
  await page.locator('.el-message-box:visible').getByRole('button', { name: /确\s*定/ }).click();
  const body = (await (await reply).json()) as { code: number; msg: string };
  expect(body.code, body.msg).toBe(200);
}

test('Saber signs in through its own login page and opens the system screens', async ({ page, stack }) => {
  await signIn(page, stack);
  await openScreen(page, '系统管理', '用户管理', '/system/user');
  await openScreen(page, '权限管理', '角色管理', '/authority/role');
  await openScreen(page, '系统管理', '菜单管理', '/system/menu');
  await openScreen(page, '系统管理', '系统字典', '/system/dict');
  await openScreen(page, '系统管理', '参数管理', '/system/param');
  await openScreen(page, '消息与资源', '通知公告', '/desk/notice');
});

test('parameters: add, edit, delete', async ({ page, stack }) => {
  await signIn(page, stack);
  await openScreen(page, '系统管理', '参数管理', '/system/param');
  await page.locator('button:visible', { hasText: /新\s*增/ }).first().click();
  await fill(dialog(page), '参数名称', 'Saber参数');
  await fill(dialog(page), '参数键名', 'saber.key');
  await fill(dialog(page), '参数键值', 'one');
  await save(page, /保\s*存/);
  expect(one(stack, "SELECT param_value FROM blade_param WHERE param_key = 'saber.key' AND is_deleted = 0")?.param_value).toBe('one');
  await rowAction(page, 'saber.key', /编\s*辑/);
  await fill(dialog(page), '参数键值', 'two');
  await save(page, /修\s*改/);
  expect(one(stack, "SELECT param_value FROM blade_param WHERE param_key = 'saber.key' AND is_deleted = 0")?.param_value).toBe('two');
  await remove(page, 'saber.key');
  expect(one(stack, "SELECT 1 FROM blade_param WHERE param_key = 'saber.key' AND is_deleted = 0")).toBeUndefined();
});

test('dictionaries: add, edit, delete', async ({ page, stack }) => {
  await signIn(page, stack);
  await openScreen(page, '系统管理', '系统字典', '/system/dict');
  await page.locator('button:visible', { hasText: /新\s*增/ }).first().click();
  await fill(dialog(page), '字典编号', 'saber_dict');
  await fill(dialog(page), '字典名称', 'Saber字典');
  await fill(dialog(page), '字典键值', '-1');
  await fill(dialog(page), '字典排序', '99');
  await save(page, /保\s*存/);
  expect(one(stack, "SELECT dict_value FROM blade_dict WHERE code = 'saber_dict' AND is_deleted = 0")?.dict_value).toBe('Saber字典');
  await rowAction(page, 'saber_dict', /编\s*辑/);
  await fill(dialog(page), '字典名称', 'Saber字典二');
  await save(page, /修\s*改/);
  expect(one(stack, "SELECT dict_value FROM blade_dict WHERE code = 'saber_dict' AND is_deleted = 0")?.dict_value).toBe('Saber字典二');
  await remove(page, 'saber_dict');
  expect(one(stack, "SELECT 1 FROM blade_dict WHERE code = 'saber_dict' AND is_deleted = 0")).toBeUndefined();
});

test('roles: add, edit, delete', async ({ page, stack }) => {
  await signIn(page, stack);
  await openScreen(page, '权限管理', '角色管理', '/authority/role');
  await page.locator('button:visible', { hasText: /新\s*增/ }).first().click();
  await fill(dialog(page), '角色名称', 'Saber角色');
  await fill(dialog(page), '角色别名', 'saber_role');
  await fill(dialog(page), '角色排序', '99');
  await save(page, /保\s*存/);
  expect(one(stack, "SELECT role_name FROM blade_role WHERE role_alias = 'saber_role' AND is_deleted = 0")?.role_name).toBe('Saber角色');
  await rowAction(page, 'saber_role', /编\s*辑/);
  await fill(dialog(page), '角色名称', 'Saber角色二');
  await save(page, /修\s*改/);
  expect(one(stack, "SELECT role_name FROM blade_role WHERE role_alias = 'saber_role' AND is_deleted = 0")?.role_name).toBe('Saber角色二');
  await remove(page, 'saber_role');
  expect(one(stack, "SELECT 1 FROM blade_role WHERE role_alias = 'saber_role' AND is_deleted = 0")).toBeUndefined();
});

test('menus: add, edit, delete', async ({ page, stack }) => {
  await signIn(page, stack);
  await openScreen(page, '系统管理', '菜单管理', '/system/menu');
  await page.locator('button:visible', { hasText: /新\s*增/ }).first().click();
  await fill(dialog(page), '菜单名称', 'Saber菜单');
  await fill(dialog(page), '路由地址', '/saber/menu');
  await field(dialog(page), '菜单图标').locator('input').first().click();
  await page.locator('.el-dialog:visible').last().getByText('iconicon_setting', { exact: false }).first().click();
  await fill(dialog(page), '菜单编号', 'saber_menu');
  await fill(dialog(page), '菜单别名', 'menu');
  await radio(dialog(page), '菜单类型', '菜单');
  await radio(dialog(page), '按钮功能', '工具栏');
  await fill(dialog(page), '菜单排序', '99');
  await save(page, /保\s*存/);
  expect(one(stack, "SELECT name FROM blade_menu WHERE code = 'saber_menu' AND is_deleted = 0")?.name).toBe('Saber菜单');
  await rowAction(page, 'saber_menu', /编\s*辑/);
  await fill(dialog(page), '菜单名称', 'Saber菜单二');
  await save(page, /修\s*改/);
  expect(one(stack, "SELECT name FROM blade_menu WHERE code = 'saber_menu' AND is_deleted = 0")?.name).toBe('Saber菜单二');
  await remove(page, 'saber_menu');
  expect(one(stack, "SELECT 1 FROM blade_menu WHERE code = 'saber_menu' AND is_deleted = 0")).toBeUndefined();
});

test('notices: add, edit, delete', async ({ page, stack }) => {
  await signIn(page, stack);
  await openScreen(page, '消息与资源', '通知公告', '/desk/notice');
  await page.locator('button:visible', { hasText: /新\s*增/ }).first().click();
  await fill(dialog(page), '通知标题', 'Saber通知');
  await choose(dialog(page), '通知类型');
  await pickToday(dialog(page), '通知日期');
  await save(page, /保\s*存/);
  expect(one(stack, "SELECT title FROM blade_notice WHERE title = 'Saber通知' AND is_deleted = 0")).toBeDefined();
  await rowAction(page, 'Saber通知', /编\s*辑/);
  await fill(dialog(page), '通知标题', 'Saber通知二');
  await save(page, /修\s*改/);
  expect(one(stack, "SELECT 1 FROM blade_notice WHERE title = 'Saber通知二' AND is_deleted = 0")).toBeDefined();
  await remove(page, 'Saber通知二');
  expect(one(stack, "SELECT 1 FROM blade_notice WHERE title LIKE 'Saber通知%' AND is_deleted = 0")).toBeUndefined();
});

test('users: add, edit, delete', async ({ page, stack }) => {
  await ensurePost(stack, 'saber');
  await signIn(page, stack);
  await openScreen(page, '系统管理', '用户管理', '/system/user');
  await page.locator('button:visible', { hasText: /新\s*增/ }).first().click();
  const dlg = dialog(page);
  await fill(dlg, '登录账号', 'saberuser');
  await choose(dlg, '所属租户');
  await fill(dlg, '密码', 'Saber123');
  await fill(dlg, '确认密码', 'Saber123');
  await fill(dlg, '用户昵称', 'saber');
  await fill(dlg, '用户姓名', 'Saber用户');
  await choose(dlg, '所属角色');
  await choose(dlg, '所属部门');
  await choose(dlg, '所属岗位');
  await save(page, /保\s*存/);
  expect(one(stack, "SELECT real_name FROM blade_user WHERE account = 'saberuser' AND is_deleted = 0")?.real_name).toBe('Saber用户');
  await rowAction(page, 'saberuser', /编\s*辑/);
  await fill(dialog(page), '用户姓名', 'Saber用户二');
  await save(page, /修\s*改/);
  expect(one(stack, "SELECT real_name FROM blade_user WHERE account = 'saberuser' AND is_deleted = 0")?.real_name).toBe('Saber用户二');
  await remove(page, 'saberuser');
  expect(one(stack, "SELECT 1 FROM blade_user WHERE account = 'saberuser' AND is_deleted = 0")).toBeUndefined();
});
