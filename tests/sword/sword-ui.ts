// Driving Sword 4.5's own screens (React, antd 3, umi with hash routes): its
// login page (the captcha's code read from the back end's database), opening a
// screen by its route, filling a form by its labels, submitting, row actions and
// its delete (ids= posted to the delete button's path from menu/buttons).
import { expect, type Locator, type Page, type Response } from '@playwright/test';
import { ensureSwordBuild, serveSword } from '../../scripts/sword.mjs';
import { one, stockConsoleTest, type StockStack as Stack } from '../stock-consoles/backend';

export { expect, one, type Stack };

export const test = stockConsoleTest('sword', (o) => serveSword({ dist: ensureSwordBuild(), ...o }));

export type R = { code: number; msg: string; success: boolean };

export async function signIn(page: Page, stack: Stack): Promise<void> {
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

export const TABLE_ROW = '.ant-table-tbody tr.ant-table-row';

/**
 * Opens a screen through its hash route and waits for its first row; every
 * back-end call of the load answered 200 with an R envelope of code 200.
 * `rows`: the selector of the screen's rows (a table's by default; false: the screen opens empty).
 */
export async function openList(page: Page, stack: Stack, path: string, { rows = TABLE_ROW as string | false } = {}): Promise<void> {
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

export const formItem = (page: Page, label: string): Locator =>
  page.locator('.ant-form-item').filter({ has: page.locator('.ant-form-item-label label', { hasText: new RegExp(`^${label}$`) }) }).first();

export async function fill(page: Page, label: string, value: string): Promise<void> {
  await formItem(page, label).locator('input:not([type=hidden]), textarea').first().fill(value);
}

/** Picks the first option of a select or tree select. */
export async function choose(page: Page, label: string): Promise<void> {
  await formItem(page, label).locator('.ant-select-selection').first().click();
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();
  await dropdown.locator('.ant-select-dropdown-menu-item, .ant-select-tree-node-content-wrapper').first().click();
  // a multiple select stays open: close it
  await page.keyboard.press('Escape');
}

/** Submits an add or edit page (提交) and checks the back end's reply. */
export async function submit(page: Page): Promise<void> {
  const reply = page.waitForResponse((r) => /\/(submit|update|save)(\?|$)/.test(r.url()) && r.request().method() === 'POST');
  await page.getByRole('button', { name: /提\s*交/ }).click();
  const body = (await (await reply).json()) as R;
  expect(body.code, body.msg).toBe(200);
}

/** Clicks a row's action (修改, 删除) in the row holding `text`. */
export async function rowAction(page: Page, text: string, action: RegExp): Promise<void> {
  const row = page.locator(TABLE_ROW, { hasText: text }).first();
  await expect(row).toBeVisible();
  // the list may load twice as a screen settles (its tree, its dictionaries): click the settled row
  await page.waitForLoadState('networkidle');
  await row.locator('a, button', { hasText: action }).first().click();
}

/** Deletes the row holding `text` through its 删除 action: Sword posts ids= to the delete button's path. */
export async function remove(page: Page, text: string, api: string): Promise<void> {
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

/** The list's toolbar 新增 (add page), as Sword's Grid offers it from menu/buttons. */
export async function add(page: Page, path: string): Promise<void> {
  await page.locator('button', { hasText: /新\s*增/ }).first().click();
  await page.waitForURL((url) => url.hash.startsWith(`#${path}/add`));
}

