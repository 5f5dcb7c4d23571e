import Database from 'better-sqlite3';
import { join } from 'node:path';
import { test as base, expect } from '@playwright/test';
import { appReady, startWebHost, type WebHost } from './fixtures';

// The default Local workspace signs in with a captcha (the spec's captchaMode).
// The answer is read from the embedded back end's own database, as an operator
// would read it off the image; nothing in the product exposes it.

const test = base.extend<object, { captchaHost: WebHost }>({
  captchaHost: [
    async ({}, use) => {
      const host = await startWebHost([]);
      await use(host);
      await host.stop();
    },
    { scope: 'worker' },
  ],
});

function captchaAnswer(host: WebHost, imageSrc: string): string {
  const db = new Database(join(host.dataDir, 'server', 'server.db'), { readonly: true });
  try {
    // the newest captcha issued is the one on the page
    const row = db.prepare('SELECT captcha_key, code FROM blade_captcha ORDER BY rowid DESC LIMIT 1').get() as {
      captcha_key: string;
      code: string;
    };
    expect(imageSrc.startsWith('data:image/')).toBe(true);
    return row.code;
  } finally {
    db.close();
  }
}

test('captcha login: a wrong code is refused with a fresh image, the right one signs in', async ({ page, captchaHost }) => {
  await page.goto(captchaHost.url);
  await appReady(page);
  const image = page.getByTestId('captcha-image');
  await expect(image).toBeVisible();
  const firstSrc = (await image.getAttribute('src')) ?? '';

  await page.getByLabel(/账号|用户名/).fill('admin');
  await page.getByLabel('密码').fill('admin');
  await page.getByLabel('验证码').fill('zzzzz');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page.getByText('验证码不正确')).toBeVisible();
  await expect(page).toHaveURL(/#\/login/);
  // the image was refreshed and the typed account kept
  await expect(image).not.toHaveAttribute('src', firstSrc);
  await expect(page.getByLabel(/账号|用户名/)).toHaveValue('admin');

  const code = captchaAnswer(captchaHost, (await image.getAttribute('src')) ?? '');
  await page.getByLabel('密码').fill('admin');
  await page.getByLabel('验证码').fill(code.toUpperCase()); // case-insensitive
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(/#\/wel\/index/);
  await expect(page.getByRole('menuitem', { name: /系统管理/ })).toBeVisible();
});

function captchasIssued(host: WebHost): number {
  const db = new Database(join(host.dataDir, 'server', 'server.db'), { readonly: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM blade_captcha').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

test('the first captcha is asked for with the start-up calls, once, and only when the login page comes next', async ({ page }) => {
  // a host of its own: the test above leaves its host signed in
  const captchaHost = await startWebHost([]);
  try {
    const before = captchasIssued(captchaHost);
    // the order of two events: the captcha's request and the login page's first render (React's frame replacing index.html's)
    await page.addInitScript(() => {
      const w = window as unknown as { order: string[] };
      w.order = [];
      const fetchNow = window.fetch.bind(window);
      window.fetch = (input, init) => {
        if (String(input instanceof Request ? input.url : input).includes('/rpc/auth:captcha')) w.order.push('captcha');
        return fetchNow(input, init);
      };
      new MutationObserver(() => {
        if (!w.order.includes('page') && document.querySelector('.desk-login:not(.desk-static-login)')) w.order.push('page');
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(captchaHost.url);
    await appReady(page);
    await expect(page.getByTestId('captcha-image')).toBeVisible();
    // asked for before the login page rendered, not by the page afterwards
    expect(await page.evaluate(() => (window as unknown as { order: string[] }).order)).toEqual(['captcha', 'page']);
    expect(captchasIssued(captchaHost)).toBe(before + 1);

    // a start on the profiles manager (a public page that is not the login page) asks for none
    await page.goto(`${new URL(captchaHost.url).origin}/#/profiles`);
    await page.reload();
    await expect(page.getByRole('table')).toBeVisible();
    await expect(page.getByTestId('captcha-image')).toHaveCount(0);
    expect(captchasIssued(captchaHost)).toBe(before + 1);

    // signed in, a reload of a console page asks for none
    await page.goto(`${new URL(captchaHost.url).origin}/#/login`);
    await page.reload();
    await appReady(page);
    await expect(page.getByTestId('captcha-image')).toBeVisible();
    const code = captchaAnswer(captchaHost, (await page.getByTestId('captcha-image').getAttribute('src')) ?? '');
    await page.getByLabel(/账号|用户名/).fill('admin');
    await page.getByLabel('密码').fill('admin');
    await page.getByLabel('验证码').fill(code);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await expect(page).toHaveURL(/#\/wel\/index/);
    const signedIn = captchasIssued(captchaHost);
    await page.reload();
    await expect(page.getByRole('menuitem', { name: /系统管理/ })).toBeVisible();
    expect(captchasIssued(captchaHost)).toBe(signedIn);
  } finally {
    await captchaHost.stop();
  }
});
