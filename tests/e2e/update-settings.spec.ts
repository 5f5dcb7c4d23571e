import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { test, expect, signIn } from './fixtures';

// Update settings from the avatar menu: the feed URL is checked in the form
// and by main; "check" reads a local generic feed (latest-linux.yml and an
// installer with its sha512, as electron-builder publishes them), downloads
// and verifies it; browser mode says it cannot install.

test('update settings: feed URL validated, check finds, downloads and verifies the new version', async ({ page, host }) => {
  const installer = randomBytes(2 * 1024 * 1024);
  const sha512 = createHash('sha512').update(installer).digest('base64');
  const feed: Server = createServer((req, res) => {
    if (req.url === '/feed/latest-linux.yml') {
      return void res.writeHead(200).end(`version: 9.9.9\nfiles:\n  - url: SEO-Matrix-Console-9.9.9.AppImage\n    sha512: ${sha512}\n    size: ${installer.length}\npath: SEO-Matrix-Console-9.9.9.AppImage\nsha512: ${sha512}\n`);
    }
    if (req.url === '/feed/SEO-Matrix-Console-9.9.9.AppImage') return void res.writeHead(200, { 'content-length': String(installer.length) }).end(installer);
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => feed.listen(0, '127.0.0.1', r));
  const feedUrl = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/feed`;
  try {
    await signIn(page, host);
    await page.getByRole('button', { name: /用户菜单/ }).click();
    await page.getByRole('menuitem', { name: '更新设置' }).click();
    const dialog = page.getByRole('dialog', { name: '更新设置' });
    await dialog.getByLabel('更新地址').fill('ftp://updates.example.com');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(dialog.getByText('更新地址必须是 http(s) 地址')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('update-feed-refused.png') });
    await dialog.getByLabel('更新地址').fill(`${feedUrl}/`);
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('保存成功')).toBeVisible();
    await expect(dialog.getByLabel('更新地址')).toHaveValue(feedUrl);

    await dialog.getByTestId('update-check').click();
    await expect(dialog.getByTestId('update-state')).toHaveAttribute('data-phase', 'downloaded', { timeout: 20_000 });
    await expect(dialog.getByTestId('update-state')).toHaveText('新版本 9.9.9 已下载');
    await expect(dialog.getByTestId('update-no-restart')).toHaveText('浏览器模式无法安装更新，请在桌面版中安装');
    const saved = join(host.dataDir, 'updates', 'SEO-Matrix-Console-9.9.9.AppImage');
    expect(existsSync(saved)).toBe(true);
    expect(readFileSync(saved).equals(installer)).toBe(true);
  } finally {
    await new Promise((r) => feed.close(r));
  }
});
