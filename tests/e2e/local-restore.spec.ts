import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { freshHostTest as test, expect, rpc, signIn, type WebHost } from './fixtures';

// 恢复 in the Local workspace's profile menu (browser mode: the page picks the file): the data folder is
// replaced by a backup's, the data before kept aside, the console signs out; a damaged file is refused
// with its reason and the workspace keeps its data.

const PARAMS = '/website-blade-system/param/submit';

async function addParam(host: WebHost, key: string): Promise<void> {
  const r = (await rpc(host, 'api:request', { method: 'post', url: PARAMS, data: { paramName: key, paramKey: key, paramValue: '1' } })) as { ok: boolean };
  expect(r.ok, JSON.stringify(r)).toBe(true);
}

/** The param keys among these that the Local workspace's back end lists (signed in). */
async function paramKeys(host: WebHost, keys: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const key of keys) {
    const r = (await rpc(host, 'api:request', { method: 'get', url: '/website-blade-system/param/list', params: { paramKey: key } })) as {
      ok: boolean;
      data: { data: { records: { paramKey: string }[] } };
    };
    expect(r.ok, JSON.stringify(r)).toBe(true);
    if (r.data.data.records.some((p) => p.paramKey === key)) found.push(key);
  }
  return found;
}

async function chooseRestore(page: Page, file: string): Promise<void> {
  await page.getByRole('button', { name: /用户菜单/ }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('menuitem', { name: '恢复' }).click();
  await (await chooser).setFiles(file);
}

test('恢复 brings a backup back into the Local workspace; a damaged file is refused and nothing changes', async ({ page, freshHost }) => {
  test.setTimeout(120_000);
  await signIn(page, freshHost);
  await addParam(freshHost, 'restore.before');

  await page.getByRole('button', { name: /用户菜单/ }).click();
  await page.getByRole('menuitem', { name: '备份' }).click();
  await expect(page.getByText(/^备份完成: /)).toBeVisible({ timeout: 30_000 });
  const downloads = join(freshHost.dataDir, 'downloads');
  const backup = join(downloads, readdirSync(downloads).find((n) => n.endsWith('.tar.gz'))!);

  await addParam(freshHost, 'restore.after');
  expect(await paramKeys(freshHost, ['restore.before', 'restore.after'])).toEqual(['restore.before', 'restore.after']);

  // a damaged file: refused with its reason, the workspace as it was and serving (still signed in)
  const bytes = readFileSync(backup);
  const damaged = join(freshHost.dataDir, 'damaged.tar.gz');
  writeFileSync(damaged, Buffer.concat([bytes.subarray(0, bytes.length >> 1), Buffer.from('not a backup'), bytes.subarray((bytes.length >> 1) + 12)]));
  await chooseRestore(page, damaged);
  await page.getByRole('button', { name: '替换并恢复' }).click();
  const failed = page.getByTestId('restore-failed');
  await expect(failed).toBeVisible({ timeout: 60_000 });
  await expect(failed).toContainText(/^备份未恢复：.+。本机工作区保持恢复前的数据，可继续使用。$/);
  // the reason in Chinese (main sends it coded): damaged, or not matching its manifest; none of the back end's English sentences
  await expect(failed).toContainText(/^备份未恢复：备份文件已损坏：压缩数据无法解开（zlib: .+）。/);
  await expect(failed).not.toContainText(/the archive|does not match|is damaged|is missing|not a backup/);
  await expect(page.getByText('恢复成功')).toHaveCount(0);
  await page.waitForTimeout(600); // the dialog's opening animation, for the screenshot only
  await page.screenshot({ path: '/tmp/restore-refused.png' });
  await page.getByRole('button', { name: /OK|确\s*定|知道了/ }).click();
  expect(await paramKeys(freshHost, ['restore.before', 'restore.after'])).toEqual(['restore.before', 'restore.after']);

  // a file over the limit the page may send: refused in the page, before any confirm, with the same reason main gives
  const big = join(freshHost.dataDir, 'big.tar.gz');
  writeFileSync(big, Buffer.alloc(50 * 1024 * 1024 + 1));
  await chooseRestore(page, big);
  await expect(failed).toHaveText('备份未恢复：备份文件 big.tar.gz 超过 50 MB。本机工作区保持恢复前的数据，可继续使用。');
  await expect(page.getByTestId('restore-confirm')).toHaveCount(0);
  await page.getByRole('button', { name: /OK|确\s*定|知道了/ }).click();

  // a path that is not there (as Electron's open dialog gives one): refused with its own reason, coded, over the RPC
  const refused = (await rpc(freshHost, 'local:restore', { path: join(freshHost.dataDir, 'gone.tar.gz') })) as { ok: boolean; error: { code: number; reason?: unknown } };
  expect(refused).toMatchObject({ ok: false, error: { code: 400, reason: { code: 'backupFileMissing', params: { file: join(freshHost.dataDir, 'gone.tar.gz') } } } });
  expect(readdirSync(freshHost.dataDir).filter((n) => n.startsWith('server-before-restore-'))).toEqual([]);
  await expect(page).toHaveURL(/#\/wel\/index/);

  // the backup: confirmed, restored, signed out; the change after the backup is gone, the data before it is there
  await chooseRestore(page, backup);
  const confirm = page.getByTestId('restore-confirm');
  await expect(confirm).toContainText(`本机工作区当前的数据（${join(freshHost.dataDir, 'server')}）将被备份文件 ${backup.split('/').pop()} 中的数据替换`);
  await expect(confirm).toContainText(`当前的数据不会删除：恢复前整个数据文件夹移到旁边的 ${join(freshHost.dataDir, 'server')}-before-restore-<恢复时间> 文件夹中保留。`);
  await page.waitForTimeout(600); // the dialog's opening animation, for the screenshot only
  await page.screenshot({ path: '/tmp/restore-confirm.png' });
  await page.getByRole('button', { name: '替换并恢复' }).click();
  const done = page.getByTestId('restore-done');
  await expect(done).toBeVisible({ timeout: 60_000 });
  const kept = readdirSync(freshHost.dataDir).filter((n) => n.startsWith('server-before-restore-'));
  expect(kept).toHaveLength(1);
  await expect(done).toContainText(/^恢复成功：已恢复 .+ 的备份，SQLite 架构版本 \d+，\d+ 张表（\d+ 行），\d+ 个文件。/);
  await expect(done).toContainText(`恢复前的数据保留在 ${join(freshHost.dataDir, kept[0]!)}。请重新登录。`);
  await expect(page).toHaveURL(/#\/login/);
  await page.screenshot({ path: '/tmp/restore-done.png' });
  // rendered on the login page: it follows a change of language
  await page.getByRole('button', { name: 'English' }).click();
  await expect(done).toContainText(/^Restore succeeded: restored the backup taken .+, SQLite schema version \d+, \d+ tables \(\d+ rows\), \d+ files\./);
  await page.getByRole('button', { name: '中文' }).click();
  await expect(done).toContainText(/^恢复成功：/);
  expect(((await rpc(freshHost, 'auth:session')) as { data: unknown }).data).toBeNull();

  await signIn(page, freshHost);
  expect(await paramKeys(freshHost, ['restore.before', 'restore.after'])).toEqual(['restore.before']);
});
