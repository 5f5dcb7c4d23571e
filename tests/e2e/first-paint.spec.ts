// The login page paints at once: index.html holds the login frame, so the first
// paint shows it before any module script has run (src-renderer/index.html: the
// frame, its stylesheet inline, and the inline script that picks the frame or the
// loading indicator). Checked with the console's module scripts held back:
// the static frame is what the browser paints; a start that is not a sign-in
// (a console page, a language other than Chinese, a session left from before)
// paints the plain loading indicator instead; once the scripts run, React's
// login page replaces the frame and signs in as usual.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { appReady, expect, test } from './fixtures';

/** Holds back every script file (the inline one runs): the page as painted before the console's code runs. */
async function withoutModules(page: Page): Promise<void> {
  await page.route('**/*', (route) => (route.request().resourceType() === 'script' ? route.abort() : route.continue()));
}

test('the first paint is the login frame, before any module script runs', async ({ page, host }) => {
  await withoutModules(page);
  await page.goto(host.url);
  const frame = page.locator('#root > .desk-static-login');
  await expect(frame).toBeVisible();
  await expect(frame.locator('h1')).toHaveText('SEO 矩阵控制台');
  await expect(frame.getByText('账号登录')).toBeVisible();
  for (const label of ['租户ID', '账号', '密码', '验证码']) await expect(frame.getByText(label, { exact: true })).toBeVisible();
  await expect(frame.locator('input[name=tenantId]')).toHaveValue('000000');
  await expect(frame.locator('button[type=submit]')).toHaveText('登录'); // inert: the panel is aria-hidden until React's arrives
  await expect(page.locator('#root > .desk-static-loading')).toBeHidden();
  // nothing holds the first paint: no stylesheet file, no classic script file (only the module scripts, which wait)
  const files = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname));
  expect(files.filter((p) => p.endsWith('.css') || (p.endsWith('.js') && !p.startsWith('/assets/')))).toEqual([]);
  expect(files.some((p) => p.startsWith('/assets/index-'))).toBe(true);
  // the frame is styled: the panel is a centred card, not unstyled text
  const box = await frame.locator('.desk-login-panel').boundingBox();
  expect(box).not.toBeNull();
  expect(box!.width).toBeGreaterThan(300);
  expect(box!.width).toBeLessThan(600);
  await page.screenshot({ path: 'test-results/first-paint-login.png' });
});

test('a start that is not a sign-in paints the loading indicator, never the login frame', async ({ page, host }) => {
  await withoutModules(page);
  await page.goto(`${host.url}#/system/user`);
  await expect(page.locator('#root > .desk-static-loading')).toBeVisible();
  await expect(page.locator('#root > .desk-static-login')).toBeHidden();

  // English chosen earlier: the Chinese frame would be wrong
  await page.goto(host.url);
  await page.evaluate(() => localStorage.setItem('desk.language', 'en'));
  await page.reload();
  await expect(page.locator('#root > .desk-static-loading')).toBeVisible();
  await expect(page.locator('#root > .desk-static-login')).toBeHidden();

  // a session left from before (its permission map is stored) may still be signed in
  await page.evaluate(() => {
    localStorage.removeItem('desk.language');
    localStorage.setItem('desk.permission', '{}');
  });
  await page.reload();
  await expect(page.locator('#root > .desk-static-loading')).toBeVisible();
  await expect(page.locator('#root > .desk-static-login')).toBeHidden();
});

test('React replaces the static frame with the working login page', async ({ page, host }) => {
  await page.goto(host.url);
  await appReady(page);
  await expect(page.locator('.desk-static-login')).toHaveCount(0);
  await expect(page.locator('.desk-static-loading')).toHaveCount(0);
  await page.getByLabel(/账号|用户名/).fill('admin');
  await page.getByLabel('密码').fill('admin');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(/#\/wel\/index/);
});

test('the code asks to be compiled at once, but for the two editors loaded when one is opened', async ({ page, host }) => {
  await page.goto(host.url);
  await appReady(page);
  // the entry as the page received it
  const entry = await page.evaluate(async () => {
    const src = document.querySelector<HTMLScriptElement>('script[type=module][src]')!.src;
    return (await (await fetch(src)).text()).split('\n', 1)[0];
  });
  expect(entry).toBe('//# allFunctionsCalledOnLoad');
  // every chunk of the build the host serves
  const assets = join(process.env.DESK_RENDERER_DIR ?? join(process.cwd(), 'out/renderer'), 'assets');
  const chunks = readdirSync(assets).filter((f) => f.endsWith('.js'));
  const hinted = chunks.filter((f) => readFileSync(join(assets, f), 'utf8').startsWith('//# allFunctionsCalledOnLoad\n'));
  expect(chunks.filter((f) => !hinted.includes(f)).map((f) => f.replace(/-[\w-]+\.js$/, '')).sort()).toEqual(['BpmnCanvas', 'BpmnDesigner', 'RichText']);
  expect(hinted.some((f) => f.startsWith('ConsoleRoot-'))).toBe(true);
});
