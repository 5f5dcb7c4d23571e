import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect, type Locator, type Page } from '@playwright/test';

/** A running browser-mode host (`src-main/web/cli.ts`) on a fresh data folder. */
export interface WebHost {
  /** the `ready` URL, launch secret included */
  url: string;
  origin: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** `cwd`: the checkout whose host runs (default this one; the code generation test runs a copy's). */
export async function startWebHost(args: string[] = ['--captcha', 'off'], cwd?: string): Promise<WebHost> {
  const dataDir = mkdtempSync(join(tmpdir(), 'smc-e2e-'));
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'src-main/web/cli.ts', '--port', '0', '--data', dataDir, ...args],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env }, cwd },
  );
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`web host did not get ready:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /^ready (\S+)$/m.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
    child.on('exit', (code) => reject(new Error(`web host exited with ${code}:\n${output}`)));
  });
  return {
    url,
    origin: new URL(url).origin,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A second embedded back end (`src-server/cli.ts`) on its own data folder, for profiles aimed at it. */
export interface Backend {
  url: string;
  /** its SM2 public key (the line after `ready`) */
  publicKey: string;
  stop(): Promise<void>;
}

export async function startBackend(dataDir: string, port = 0, args: string[] = []): Promise<Backend> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src-server/cli.ts', '--port', String(port), '--data', dataDir, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const found = await new Promise<RegExpExecArray>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`back end did not get ready:\n${output}`)), 30_000);
    child.stdout?.on('data', (c: Buffer) => {
      output += c.toString();
      const m = /^ready (\S+)\nsm2-public-key (\S+)$/m.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m);
      }
    });
    child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
    child.on('exit', (code) => reject(new Error(`back end exited with ${code}:\n${output}`)));
  });
  return {
    url: found[1]!,
    publicKey: found[2]!,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Goes to a screen by its address and waits for that screen's own table: the screen shown before it stays
 * on screen until the new one has rendered, so waiting for "a table" could find the old one, and the next
 * click (新增) would land on the old screen.
 */
export async function openScreen(page: Page, host: WebHost, path: string): Promise<void> {
  await page.goto(`${host.origin}/#${path}`);
  await expect(page.locator(`.desk-page[data-path="${path}"]:not([hidden]) .ant-table`).first()).toBeVisible();
}

/** Waits until the renderer says it is usable. */
export async function appReady(page: Page): Promise<void> {
  await expect(page.locator('body')).toHaveAttribute('data-app-state', 'ready');
}

/** Signs in as admin/admin on the login page (captcha off). */
export async function signIn(page: Page, host: WebHost, account = 'admin', password = 'admin'): Promise<void> {
  await page.goto(host.url);
  await appReady(page);
  await page.getByLabel(/账号|用户名/).fill(account);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(/#\/wel\/index/);
}

/** Signs in as a tenant's admin/admin on the login page (captcha off), naming the tenant. */
export async function signInTenant(page: Page, host: WebHost, tenantId: string): Promise<void> {
  await page.goto(host.url);
  await appReady(page);
  await page.getByLabel('租户ID').fill(tenantId);
  await page.getByLabel(/账号|用户名/).fill('admin');
  await page.getByLabel('密码').fill('admin');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(/#\/wel\/index/);
}

/** Opens the console on another profile's page (`/?profile=`) and signs in there as admin (captcha off). */
export async function signInOnProfile(page: Page, host: WebHost, profileId: string): Promise<void> {
  const secret = new URL(host.url).searchParams.get('k') ?? '';
  await page.goto(`${host.origin}/?profile=${encodeURIComponent(profileId)}&k=${encodeURIComponent(secret)}`);
  await appReady(page);
  await page.getByLabel(/账号|用户名/).fill('admin');
  await page.getByLabel('密码').fill('admin');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(/#\/wel\/index/);
}

/** Calls one channel of the host's RPC from the test process (as the renderer would). */
export async function rpc(host: WebHost, channel: string, req: unknown = null): Promise<unknown> {
  const secret = new URL(host.url).searchParams.get('k') ?? '';
  const res = await fetch(`${host.origin}/rpc/${channel}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-desk-key': secret },
    body: JSON.stringify({ req }),
  });
  return res.json();
}

/** A back-end call through the host's workspace (the signed-in session), as a screen makes it: the reply's data. */
export async function api(host: WebHost, method: string, url: string, data?: unknown, params?: Record<string, unknown>): Promise<Record<string, unknown>> {
  const r = (await rpc(host, 'api:request', { method, url, data, params })) as { ok: boolean; data: { data: Record<string, unknown> } };
  expect(r.ok, JSON.stringify(r)).toBe(true);
  return r.data.data;
}

type Fixtures = { host: WebHost };
type TestFixtures = { signedOutAfter: void };

/**
 * One host (fresh data folder) per worker; the session lives in the host, so
 * every test ends signed out and the next one starts from the login page.
 */
export const test = base.extend<TestFixtures, Fixtures>({
  signedOutAfter: [
    async ({ host }, use) => {
      await use();
      await rpc(host, 'auth:logout');
    },
    { auto: true },
  ],
  host: [
    async ({}, use) => {
      const host = await startWebHost();
      await use(host);
      await host.stop();
    },
    { scope: 'worker' },
  ],
});
export { expect };

/**
 * The shared fixtures plus `freshHost`: a Local workspace of the test's own on a fresh data folder (what a new
 * install holds; the worker's shared host holds what earlier specs created).
 */
export const freshHostTest = test.extend<{ freshHost: WebHost }>({
  freshHost: async ({}, use) => {
    const host = await startWebHost();
    await use(host);
    await host.stop();
  },
});

/**
 * Clicks a row's action: an inline button, or (past the third action) the
 * item of the row's "more" menu.
 */
export async function clickRowAction(page: Page, row: Locator, name: string | RegExp): Promise<void> {
  await row.getByRole('button').first().waitFor(); // the row and its actions are drawn
  const inline = row.getByRole('button', { name, exact: true });
  if ((await inline.count()) > 0) {
    await inline.click();
    return;
  }
  await row.getByRole('button', { name: /更多|More/ }).click();
  await page.locator('.ant-dropdown:visible').getByRole('menuitem', { name, exact: true }).click();
}

/** Switches the console's language from the header. */
export async function switchLanguage(page: Page, to: 'English' | '中文'): Promise<void> {
  await page.getByRole('button', { name: /切换语言|Switch language/ }).click();
  await page.getByRole('menuitem', { name: to }).click();
}

/** Whether a row offers an action, inline or in its "more" menu (closes the menu again). */
export async function rowHasAction(page: Page, row: Locator, name: string | RegExp): Promise<boolean> {
  await row.getByRole('button').first().waitFor();
  if ((await row.getByRole('button', { name, exact: true }).count()) > 0) return true;
  const more = row.getByRole('button', { name: /更多|More/ });
  if ((await more.count()) === 0) return false;
  await more.click();
  const menu = page.locator('.ant-dropdown:visible');
  await menu.waitFor();
  // the menu's items are drawn after the menu itself (a loaded machine shows the gap)
  await menu.getByRole('menuitem').first().waitFor();
  // and read once its opening motion is over: at the motion's start the menu is scaled to nothing, and an item
  // read then has no accessible name (so a present item was counted as missing, about once in fifty opens)
  await expect(menu).not.toHaveClass(/-(appear|enter)(-|\s|$)/);
  const found = (await menu.getByRole('menuitem', { name, exact: true }).count()) > 0;
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'hidden' });
  return found;
}

/**
 * In the deploy task form's cron editor (opened with 生成 cron): second 0, minute 0, every `hours` hours, ticked
 * tab by tab. Answers the editor's dialog, still open.
 */
export async function cronEveryHours(page: Page, hours: number): Promise<Locator> {
  const builder = page.getByRole('dialog', { name: 'Cron 表达式生成器' });
  const pane = builder.getByRole('tabpanel'); // the shown tab's (hidden panes are not in the accessibility tree)
  await builder.getByRole('tab', { name: '秒' }).click();
  await pane.getByRole('radio', { name: '指定' }).click();
  await builder.getByRole('tab', { name: '分' }).click();
  await pane.getByRole('radio', { name: '指定' }).click();
  await builder.getByRole('tab', { name: '时' }).click();
  await pane.getByRole('radio', { name: /间隔/ }).click();
  await pane.getByLabel('时 step').fill(String(hours));
  await expect(builder.getByTestId('cron-text')).toHaveValue(`0 0 */${hours} * * ?`);
  return builder;
}
