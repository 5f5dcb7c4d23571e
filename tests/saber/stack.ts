// The stack every Saber test runs against, once per worker: `npm run server`
// (src-server/cli.ts) on a fresh temp data folder, Saber 4.9 built once from
// its unchanged source (scripts/saber.mjs, cached per source hash) and served
// with /api proxied to it, and the back end's SQLite file opened read-only so a
// test checks what a screen wrote. Plus Saber's own sign-in.
import { expect, type Page } from '@playwright/test';
import { ensureSaberBuild, serveSaber } from '../../scripts/saber.mjs';
import { adminToken as stockAdminToken, one, stockConsoleTest, type StockStack } from '../stock-consoles/backend';

export type Stack = StockStack;

export const test = stockConsoleTest('saber', (o) => serveSaber({ dist: ensureSaberBuild(), ...o }));

export { expect };

/** Signs in through Saber's login page (the captcha's code read from the database). */
export async function signIn(page: Page, stack: Stack, account = 'admin', password = 'admin'): Promise<void> {
  const captcha = page.waitForResponse((r) => r.url().includes('/api/blade-auth/captcha'));
  await page.goto(`${stack.url}/login`);
  const key = ((await (await captcha).json()) as { data: { key: string } }).data.key;
  const code = (stack.db.prepare('SELECT code FROM blade_captcha WHERE captcha_key = ?').get(key) as { code: string }).code;
  await expect(page.getByPlaceholder('请输入租户ID')).toHaveValue('000000');
  await page.getByPlaceholder('请输入账号').fill(account);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByPlaceholder('请输入验证码').fill(code);
  const token = page.waitForResponse((r) => r.url().includes('/api/blade-auth/token'));
  await page.getByRole('button', { name: '登录' }).click();
  const body = (await (await token).json()) as { code?: number; error_description?: string };
  expect(body.code, body.error_description).toBe(200);
  await page.waitForURL(/\/wel\/index/);
}

export { one };

const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

/** An access token of the admin (the stock password grant, as Saber's client). */
export const adminToken = (stack: Stack): Promise<string> => stockAdminToken(stack, 'saber');

/** Calls the back end as the admin, for what a test needs that is not the screen under test. */
export async function adminCall(stack: Stack, path: string, body: unknown): Promise<{ code: number; msg: string; data: unknown }> {
  return fetch(`${stack.api}${path}`, {
    method: 'POST',
    headers: { Authorization: BASIC, 'Blade-Auth': `bearer ${await adminToken(stack)}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  }).then((r) => r.json() as Promise<{ code: number; msg: string; data: unknown }>);
}
