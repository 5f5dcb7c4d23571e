// Sword 4.5, the stock open-source React console of SpringBlade, built from its
// unchanged source (scripts/sword.mjs) and driven against `npm run server`: it
// signs in through its own login page (captcha, SM2-encrypted password, stock
// /blade-auth/token), opens every system screen it has with rows, and adds,
// edits and deletes one row on users, roles, menus, dictionaries, parameters
// and notices (its delete posts ids= to the delete button's path from
// menu/buttons). The rows are checked in the back end's database.
import { expect, type Locator, type Page, type Response } from '@playwright/test';
import { ensureSwordBuild, serveSword } from '../../scripts/sword.mjs';
import { ensurePost, one, stockConsoleTest, type StockStack as Stack } from '../stock-consoles/backend';

const test = stockConsoleTest('sword', (o) => serveSword({ dist: ensureSwordBuild(), ...o }));

type R = { code: number; msg: string; success: boolean };

async function signIn(page: Page, stack: Stack): Promise<void> {
  await page.goto(`${stack.url}/#/user/login`);
  // the captcha the form shows: its key is what Sword sends as Captcha-key
  // (the page may ask for a second one while it settles)
  await expect(page.locator('img[src^="data:image/svg"]')).toBeVisible();
  await page.waitForLoadState('networkidle');
  let code = '';
  await expect
    .poll(async () => {
      const key = await page.evaluate(() => localStorage.getItem('sword-captcha-key'));
      code = (one(stack, 'SELECT code FROM blade_captcha WHERE captcha_key = ?', key)?.code as string | undefined) ?? '';
      return code;
    })
    .not.toBe('');
  await expect(page.locator('#tenantId')).toHaveValue('000000');
  await page.locator('#account').fill('admin');
  await page.locator('#password').fill('admin');
  await page.locator('#code').fill(code);
  const token = page.waitForResponse((r) => r.url().includes('/api/blade-auth/token'));
  await page.getByRole('button', { name: /登\s*录/ }).click();
  const body = (await (await token).json()) as R;
  expect(body.code, body.msg).toBe(200);
  await page.waitForURL((url) => !url.hash.startsWith('#/user/login'));
  await expect(page.locator('.ant-layout-sider .ant-menu').first()).toBeVisible();
}

/**
 * Opens a screen through its hash route and waits for its first row; every
 * back-end call of the load answered 200 with an R envelope of code 200.
 */
const TABLE_ROW = '.ant-table-tbody tr.ant-table-row';

/** `rows`: the selector of the screen's rows (a table's by default; false: the screen opens empty). */
async function openList(page: Page, stack: Stack, path: string, { rows = TABLE_ROW as string | false } = {}): Promise<void> {
  const failed: string[] = [];
  const read: Promise<void>[] = [];
  const check = async (r: Response) => {
    // (a body can be gone when a call of the page before the reload answers late: its status still counts)
    const body = (await r.json().catch(() => undefined)) as R | undefined;
    if (r.status() !== 200 || (body && body.code !== 200)) failed.push(`${r.status()} ${r.url()} ${body?.msg ?? ''}`);
  };
  const watch = (r: Response) => {
    if (r.url().startsWith(`${stack.url}/api/`)) read.push(check(r));
  };
  await page.goto(`${stack.url}/#${path}`);
  // a fresh load: a hash change alone can leave the previous screen's table in view
  page.on('response', watch);
  await page.reload();
  if (rows) await expect(page.locator(rows).first(), path).toBeVisible();
  else await expect(page.locator('.ant-table-placeholder, .ant-empty').first(), path).toBeVisible();
  await page.waitForLoadState('networkidle');
  page.off('response', watch);
  await Promise.all(read);
  expect(read.length, path).toBeGreaterThan(0);
  expect(failed, path).toEqual([]);
}

const formItem = (page: Page, label: string): Locator =>
  page.locator('.ant-form-item').filter({ has: page.locator('.ant-form-item-label label', { hasText: new RegExp(`^${label}$`) }) }).first();

async function fill(page: Page, label: string, value: string): Promise<void> {
  await formItem(page, label).locator('input:not([type=hidden]), textarea').first().fill(value);
}

/** Picks the first option of a select or tree select. */
async function choose(page: Page, label: string): Promise<void> {
  await formItem(page, label).locator('.ant-select-selection').first().click();
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();
  await dropdown.locator('.ant-select-dropdown-menu-item, .ant-select-tree-node-content-wrapper').first().click();
  // a multiple select stays open: close it
  await page.keyboard.press('Escape');
}

/** Submits an add or edit page (提交) and checks the back end's reply. */
async function submit(page: Page): Promise<void> {
  const reply = page.waitForResponse((r) => /\/(submit|update|save)(\?|$)/.test(r.url()) && r.request().method() === 'POST');
  await page.getByRole('button', { name: /提\s*交/ }).click();
  const body = (await (await reply).json()) as R;
  expect(body.code, body.msg).toBe(200);
}

/** Clicks a row's action (修改, 删除) in the row holding `text`. */
async function rowAction(page: Page, text: string, action: RegExp): Promise<void> {
  const row = page.locator(TABLE_ROW, { hasText: text }).first();
  await expect(row).toBeVisible();
  // the list may load twice as a screen settles (its tree, its dictionaries): click the settled row
  await page.waitForLoadState('networkidle');
  await row.locator('a, button', { hasText: action }).first().click();
}

/** Deletes the row holding `text` through its 删除 action: Sword posts ids= to the delete button's path. */
async function remove(page: Page, text: string, api: string): Promise<void> {
  await rowAction(page, text, /删\s*除/);
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm).toBeVisible();
  const reply = page.waitForResponse((r) => r.url().endsWith(api) && r.request().method() === 'POST');
  await confirm.getByRole('button', { name: /确\s*定/ }).click();
  const res = await reply;
  expect(res.request().postData() ?? '').toMatch(/^ids=\d+$/);
  const body = (await res.json()) as R;
  expect(body.code, body.msg).toBe(200);
}

test('Sword signs in through its own login page and opens every system screen with rows', async ({ page, stack }) => {
  await ensurePost(stack, 'sword');
  await signIn(page, stack);
  const screens = [
    '/system/user', '/system/dept', '/system/post', '/system/dict', '/system/menu', '/system/param', '/system/tenant', '/system/client',
    '/authority/role', '/authority/datascope', '/desk/notice', '/monitor/log/usual', '/monitor/log/api',
    '/tool/datasource',
  ];
  for (const path of screens) await openList(page, stack, path);
  // a tree of regions beside its form
  await openList(page, stack, '/base/region', { rows: '.ant-tree li' });
  // empty on a fresh install: no error yet, no code generation
  for (const path of ['/monitor/log/error', '/tool/code']) await openList(page, stack, path, { rows: false });
});

/** The list's toolbar 新增 (add page), as Sword's Grid offers it from menu/buttons. */
async function add(page: Page, path: string): Promise<void> {
  await page.locator('button', { hasText: /新\s*增/ }).first().click();
  await page.waitForURL((url) => url.hash.startsWith(`#${path}/add`));
}

test('parameters: add, edit, delete', async ({ page, stack }) => {
  await signIn(page, stack);
  await openList(page, stack, '/system/param');
  await add(page, '/system/param');
  await fill(page, '参数名称', 'Sword参数');
  await fill(page, '参数键名', 'sword.key');
  await fill(page, '参数键值', 'one');
  await submit(page);
  expect(one(stack, "SELECT param_value FROM blade_param WHERE param_key = 'sword.key' AND is_deleted = 0")?.param_value).toBe('one');
  await rowAction(page, 'sword.key', /修\s*改/);
  await page.waitForURL(/#\/system\/param\/edit\/\d+/);
  await expect(formItem(page, '参数键值').locator('input')).toHaveValue('one');
  await fill(page, '参数键值', 'two');
  await submit(page);
  expect(one(stack, "SELECT param_value FROM blade_param WHERE param_key = 'sword.key' AND is_deleted = 0")?.param_value).toBe('two');
  await remove(page, 'sword.key', '/api/blade-system/param/remove');
  expect(one(stack, "SELECT 1 FROM blade_param WHERE param_key = 'sword.key' AND is_deleted = 0")).toBeUndefined();
});

test('dictionaries: add, edit, delete', async ({ page, stack }) => {
  await signIn(page, stack);
  await openList(page, stack, '/system/dict');
  await add(page, '/system/dict');
  await fill(page, '字典编号', 'sword_dict');
  await fill(page, '字典排序', '99');
  await fill(page, '字典名称', 'Sword字典');
  await fill(page, '字典键值', '-1');
  await submit(page);
  expect(one(stack, "SELECT dict_value FROM blade_dict WHERE code = 'sword_dict' AND is_deleted = 0")?.dict_value).toBe('Sword字典');
  await rowAction(page, 'sword_dict', /修\s*改/);
  await page.waitForURL(/#\/system\/dict\/edit\/\d+/);
  await expect(formItem(page, '字典名称').locator('input')).toHaveValue('Sword字典');
  await fill(page, '字典名称', 'Sword字典二');
  await submit(page);
  expect(one(stack, "SELECT dict_value FROM blade_dict WHERE code = 'sword_dict' AND is_deleted = 0")?.dict_value).toBe('Sword字典二');
  await remove(page, 'sword_dict', '/api/blade-system/dict/remove');
  expect(one(stack, "SELECT 1 FROM blade_dict WHERE code = 'sword_dict' AND is_deleted = 0")).toBeUndefined();
});

test('roles: add, edit, delete', async ({ page, stack }) => {
  await signIn(page, stack);
  await openList(page, stack, '/authority/role');
  await add(page, '/authority/role');
  await fill(page, '角色名称', 'Sword角色');
  await fill(page, '角色别名', 'sword_role');
  await fill(page, '角色排序', '99');
  await submit(page);
  expect(one(stack, "SELECT role_name FROM blade_role WHERE role_alias = 'sword_role' AND is_deleted = 0")?.role_name).toBe('Sword角色');
  // Sword 4.5 returns to /system/role after a role's submit, a route it does not have: back to the list
  await openList(page, stack, '/authority/role');
  await rowAction(page, 'sword_role', /修\s*改/);
  await page.waitForURL(/#\/authority\/role\/edit\/\d+/);
  await expect(formItem(page, '角色名称').locator('input')).toHaveValue('Sword角色');
  await fill(page, '角色名称', 'Sword角色二');
  await submit(page);
  expect(one(stack, "SELECT role_name FROM blade_role WHERE role_alias = 'sword_role' AND is_deleted = 0")?.role_name).toBe('Sword角色二');
  await openList(page, stack, '/authority/role');
  await remove(page, 'sword_role', '/api/blade-system/role/remove');
  expect(one(stack, "SELECT 1 FROM blade_role WHERE role_alias = 'sword_role' AND is_deleted = 0")).toBeUndefined();
});

test('menus: add, edit, delete', async ({ page, stack }) => {
  await signIn(page, stack);
  await openList(page, stack, '/system/menu');
  await add(page, '/system/menu');
  await fill(page, '菜单名称', 'Sword菜单');
  await fill(page, '路由地址', '/sword/menu');
  await fill(page, '菜单图标', 'setting');
  await fill(page, '菜单编号', 'sword_menu');
  await fill(page, '菜单别名', 'menu');
  await fill(page, '菜单排序', '99');
  await submit(page);
  expect(one(stack, "SELECT name, path, category FROM blade_menu WHERE code = 'sword_menu' AND is_deleted = 0")).toEqual({ name: 'Sword菜单', path: '/sword/menu', category: 1 });
  await rowAction(page, 'sword_menu', /修\s*改/);
  await page.waitForURL(/#\/system\/menu\/edit\/\d+/);
  await expect(formItem(page, '菜单名称').locator('input')).toHaveValue('Sword菜单');
  await fill(page, '菜单名称', 'Sword菜单二');
  await submit(page);
  expect(one(stack, "SELECT name FROM blade_menu WHERE code = 'sword_menu' AND is_deleted = 0")?.name).toBe('Sword菜单二');
  await remove(page, 'sword_menu', '/api/blade-system/menu/remove');
  expect(one(stack, "SELECT 1 FROM blade_menu WHERE code = 'sword_menu' AND is_deleted = 0")).toBeUndefined();
});

test('notices: add, edit, delete', async ({ page, stack }) => {
  await signIn(page, stack);
  await openList(page, stack, '/desk/notice');
  await add(page, '/desk/notice');
  await fill(page, '通知标题', 'Sword通知');
  await choose(page, '通知类型');
  // Sword allows only days after today, with a time (确定)
  await formItem(page, '通知日期').locator('input').first().click();
  const calendar = page.locator('.ant-calendar-picker-container:visible');
  await calendar.locator('td.ant-calendar-cell:not(.ant-calendar-disabled-cell) .ant-calendar-date').first().click();
  await calendar.locator('.ant-calendar-ok-btn').click();
  await expect(formItem(page, '通知日期').locator('input').first()).toHaveValue(/^\d{4}-\d{2}-\d{2} 00:00:00$/);
  await fill(page, '通知内容', 'Sword的通知');
  await submit(page);
  expect(one(stack, "SELECT content FROM blade_notice WHERE title = 'Sword通知' AND is_deleted = 0")?.content).toBe('Sword的通知');
  await rowAction(page, 'Sword通知', /修\s*改/);
  await page.waitForURL(/#\/desk\/notice\/edit\/\d+/);
  await expect(formItem(page, '通知标题').locator('input')).toHaveValue('Sword通知');
  await fill(page, '通知标题', 'Sword通知二');
  await submit(page);
  expect(one(stack, "SELECT 1 FROM blade_notice WHERE title = 'Sword通知二' AND is_deleted = 0")).toBeDefined();
  await remove(page, 'Sword通知二', '/api/blade-desk/notice/remove');
  expect(one(stack, "SELECT 1 FROM blade_notice WHERE title LIKE 'Sword通知%' AND is_deleted = 0")).toBeUndefined();
});

test('users: add, edit, delete', async ({ page, stack }) => {
  await ensurePost(stack, 'sword');
  await signIn(page, stack);
  await openList(page, stack, '/system/user');
  await add(page, '/system/user');
  await fill(page, '登录账号', 'sworduser');
  await choose(page, '所属租户');
  await fill(page, '密码', 'Sword123');
  await fill(page, '确认密码', 'Sword123');
  await fill(page, '用户昵称', 'sword');
  await fill(page, '用户姓名', 'Sword用户');
  await choose(page, '所属角色');
  await choose(page, '所属部门');
  await choose(page, '所属岗位');
  await submit(page);
  expect(one(stack, "SELECT real_name FROM blade_user WHERE account = 'sworduser' AND is_deleted = 0")?.real_name).toBe('Sword用户');
  await rowAction(page, 'sworduser', /修\s*改/);
  await page.waitForURL(/#\/system\/user\/edit\/\d+/);
  await expect(formItem(page, '用户姓名').locator('input')).toHaveValue('Sword用户');
  await fill(page, '用户姓名', 'Sword用户二');
  await submit(page);
  expect(one(stack, "SELECT real_name FROM blade_user WHERE account = 'sworduser' AND is_deleted = 0")?.real_name).toBe('Sword用户二');
  await remove(page, 'sworduser', '/api/blade-user/remove');
  expect(one(stack, "SELECT 1 FROM blade_user WHERE account = 'sworduser' AND is_deleted = 0")).toBeUndefined();
});
