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
