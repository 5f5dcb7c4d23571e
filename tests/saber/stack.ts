// The stack every Saber test runs against, once per worker: `npm run server`
// (src-server/cli.ts) on a fresh temp data folder, Saber 4.9 built once from
// its unchanged source (scripts/saber.mjs, cached per source hash) and served
// with /api proxied to it, and the back end's SQLite file opened read-only so a
// test checks what a screen wrote. Plus Saber's own sign-in.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { test as base, expect, type Page } from '@playwright/test';
import { ensureSaberBuild, serveSaber } from '../../scripts/saber.mjs';

export interface Stack {
  saberUrl: string;
  /** the back end, http://127.0.0.1:P/api */
  api: string;
  dataDir: string;
  db: Database.Database;
}

async function startServer(dataDir: string): Promise<{ api: string; publicKey: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src-server/cli.ts', '--port', '0', '--data', dataDir], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const found = await new Promise<RegExpExecArray>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 30_000);
    const onData = (c: Buffer) => {
      out += c.toString();
      const m = /^ready (\S+)\nsm2-public-key (\S+)$/m.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (code) => reject(new Error(`server exited ${code}:\n${out}`)));
  });
  return { api: found[1]!, publicKey: found[2]!, child };
}

export const test = base.extend<object, { stack: Stack }>({
  stack: [
    async ({}, use) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'smc-saber-'));
      const server = await startServer(dataDir);
      const saber = await serveSaber({ dist: ensureSaberBuild(), api: server.api, publicKey: server.publicKey });
      const db = new Database(join(dataDir, 'server.db'), { readonly: true });
      await use({ saberUrl: saber.url, api: server.api, dataDir, db });
      db.close();
      await saber.close();
      const exited = new Promise((r) => server.child.once('exit', r));
      server.child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
});

export { expect };

/** Signs in through Saber's login page (the captcha's code read from the database). */
export async function signIn(page: Page, stack: Stack, account = 'admin', password = 'admin'): Promise<void> {
  const captcha = page.waitForResponse((r) => r.url().includes('/api/blade-auth/captcha'));
  await page.goto(`${stack.saberUrl}/login`);
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

/** A stored row, or undefined. */
export const one = (stack: Stack, sql: string, ...args: unknown[]) => stack.db.prepare(sql).get(...args) as Record<string, unknown> | undefined;

const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

/** An access token of the admin (the stock password grant). */
export async function adminToken(stack: Stack): Promise<string> {
  const md5 = createHash('md5').update('admin').digest('hex');
  const token = await fetch(`${stack.api}/blade-auth/oauth/token`, {
    method: 'POST',
    headers: { Authorization: BASIC, 'Tenant-Id': '000000', 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', scope: 'all', username: 'admin', password: md5 }),
  }).then((r) => r.json() as Promise<{ access_token: string }>);
  return token.access_token;
}

/** Calls the back end as the admin, for what a test needs that is not the screen under test. */
export async function adminCall(stack: Stack, path: string, body: unknown): Promise<{ code: number; msg: string; data: unknown }> {
  return fetch(`${stack.api}${path}`, {
    method: 'POST',
    headers: { Authorization: BASIC, 'Blade-Auth': `bearer ${await adminToken(stack)}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  }).then((r) => r.json() as Promise<{ code: number; msg: string; data: unknown }>);
}
