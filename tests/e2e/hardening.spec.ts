import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { openDatabase } from '../../src-server/db/database';
import { PAGE_CSP } from '../../src-main/security';
import { test, expect, appReady, rpc, signIn, type WebHost } from './fixtures';

// Browser-mode hardening: the console page's strict CSP (header, inline and
// remote scripts refused, eval refused, no connection to other origins), and
// the /myiframe route: an external page is sandboxed and cannot reach the
// console; a menu page on the console's own origin gets no allow-same-origin
// and is refused anyway (frame-ancestors 'none').

async function addFrameMenu(host: WebHost, id: string, name: string, url: string) {
  const db = openDatabase(join(host.dataDir, 'server'));
  try {
    const parent = db.prepare("SELECT id FROM blade_menu WHERE code = 'workbench'").get() as { id: string };
    db.prepare(
      "INSERT INTO blade_menu (id, parent_id, code, name, alias, path, source, sort, category, action, is_open, remark, roles) VALUES (?, ?, ?, ?, 'menu', ?, 'link', 9, 1, 0, 2, NULL, NULL)",
    ).run(id, parent.id, `e2e${id}`, name, url);
  } finally {
    db.close();
  }
  await rpc(host, 'api:request', { method: 'get', url: '/blade-auth/oauth/clear-cache' });
}

const violation = (page: Page, inject: string) =>
  page.evaluate(
    (html) =>
      new Promise<string>((resolve) => {
        document.addEventListener('securitypolicyviolation', (e) => resolve(e.violatedDirective), { once: true });
        const holder = document.createElement('div');
        holder.innerHTML = html;
        // scripts from innerHTML never run: re-create them so the CSP is what decides
        for (const old of Array.from(holder.querySelectorAll('script'))) {
          const s = document.createElement('script');
          if (old.src) s.src = old.src;
          s.textContent = old.textContent;
          document.head.appendChild(s);
        }
        setTimeout(() => resolve('none'), 3000);
      }),
    inject,
  );

test('the console page has the strict CSP: inline and remote scripts, inline handlers and foreign connections are refused', async ({ page, host }) => {
  const res = await page.goto(host.url);
  expect(res?.headers()['content-security-policy']).toBe(PAGE_CSP);
  await appReady(page);
  expect(await violation(page, '<script>window.__inlineRan = true</script>')).toBe('script-src-elem');
  expect(await page.evaluate(() => (window as unknown as Record<string, unknown>).__inlineRan)).toBeUndefined();
  expect(await violation(page, '<script src="https://cdn.example.com/x.js"></script>')).toBe('script-src-elem');
  // inline event handlers too (eval is refused as well: no 'unsafe-eval', see tests/unit/main/hardening-window.test.ts)
  expect(
    await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          document.addEventListener('securitypolicyviolation', (e) => resolve(e.violatedDirective), { once: true });
          const img = document.createElement('img');
          img.setAttribute('onerror', 'window.__handlerRan = true');
          img.src = 'data:,';
          document.body.appendChild(img);
          setTimeout(() => resolve('none'), 3000);
        }),
    ),
  ).toBe('script-src-attr');
  expect(await page.evaluate(() => fetch('https://api.example.com/x').then(() => 'fetched', (e: Error) => e.name))).toBe('TypeError');
});

test('an external menu page is sandboxed and cannot reach the console; a page of the console\'s own origin is sandboxed without its origin and refused', async ({ page, host }) => {
  await signIn(page, host);
  // menus added after sign-in: clear-cache (signed in) and a reload make the console read them
  await addFrameMenu(host, '990101', '外部页面', 'https://frame.example/page');
  await addFrameMenu(host, '990102', '同源页面', `${host.origin}/#/wel/index`);
  await page.context().route('https://frame.example/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>external</h1>' }));
  await page.reload();
  await appReady(page);
  await page.goto(`${host.origin}/#/myiframe/${encodeURIComponent('https://frame.example/page')}`);
  const frame = page.locator('iframe.desk-frame[title="https://frame.example/page"]');
  await expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-forms allow-popups allow-same-origin');
  await expect(frame.contentFrame().getByRole('heading', { name: 'external' })).toBeVisible();
  const external = page.frames().find((f) => f.url().startsWith('https://frame.example/'))!;
  expect(await external.evaluate(() => self.origin)).toBe('https://frame.example');
  // the console's document, storage (the RPC secret) and RPC are out of its reach
  expect(await external.evaluate(() => {
    try {
      return window.parent.document.title;
    } catch (e) {
      return (e as Error).name;
    }
  })).toBe('SecurityError');
  const rpcFromFrame = await external.evaluate((origin) => fetch(`${origin}/rpc/app:info`, { method: 'POST', body: '{}' }).then((r) => r.status, (e: Error) => e.name), host.origin);
  expect([403, 'TypeError']).toContain(rpcFromFrame);

  await page.goto(`${host.origin}/#/myiframe/${encodeURIComponent(`${host.origin}/#/wel/index`)}`);
  await expect(page.locator(`iframe.desk-frame[title="${host.origin}/#/wel/index"]`)).toHaveAttribute('sandbox', 'allow-scripts allow-forms allow-popups');
  const own = (await (await page.locator(`iframe.desk-frame[title="${host.origin}/#/wel/index"]`).elementHandle())!.contentFrame())!;
  // and the console refuses to be framed at all (frame-ancestors 'none'): nothing of its origin loads into the frame
  await expect.poll(() => own.url()).toBe('chrome-error://chromewebdata/');
});
