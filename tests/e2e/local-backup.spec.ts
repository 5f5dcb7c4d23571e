import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { freshHostTest as test, expect, signIn } from './fixtures';
import { restoreDataFolder } from '../../src-server/backup/commands';

// 备份 in the Local workspace's profile menu: the embedded back end's data folder
// into one file (browser mode: the downloads folder), which restores.

test('备份 writes a backup of the Local workspace that restores', async ({ page, freshHost }) => {
  await signIn(page, freshHost);
  await page.getByRole('button', { name: /用户菜单/ }).click();
  await page.getByRole('menuitem', { name: '备份' }).click();
  const done = page.getByText(/^备份完成: /);
  await expect(done).toBeVisible({ timeout: 30_000 });

  const downloads = join(freshHost.dataDir, 'downloads');
  const names = readdirSync(downloads).filter((n) => /^seo-matrix-backup-\d{8}-\d{4}\.tar\.gz$/.test(n));
  expect(names).toHaveLength(1);
  const file = join(downloads, names[0]!);
  await expect(done).toContainText(file);

  const target = join(mkdtempSync(join(tmpdir(), 'smc-restore-')), 'server');
  try {
    const m = await restoreDataFolder(file, target);
    expect(m.engine).toBe('sqlite');
    const db = new Database(join(target, 'server.db'), { readonly: true });
    try {
      expect(db.prepare("SELECT account FROM blade_user WHERE account = 'admin' AND is_deleted = 0").get()).toEqual({ account: 'admin' });
    } finally {
      db.close();
    }
    expect(existsSync(join(target, 'content-secret.key'))).toBe(m.files.some((f) => f.path === 'content-secret.key'));
  } finally {
    rmSync(join(target, '..'), { recursive: true, force: true });
  }
});
