import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { freshHostTest as test, expect, rpc, signIn } from './fixtures';

// A restored copy stays quiet until told (issue 37 item 4): after 恢复 of a backup in the Local workspace, the
// platform administrator sees the banner 后台任务已暂停 above the page with 恢复后台任务; resumed (confirmed), the
// banner goes and the back end says its background work runs.

test('after 恢复 the platform administrator sees 后台任务已暂停 and resumes it with 恢复后台任务', async ({ page, freshHost }) => {
  test.setTimeout(120_000);
  await signIn(page, freshHost);
  // a workspace that was never restored: no banner
  await expect(page.getByTestId('background-work-paused')).toHaveCount(0);

  await page.getByRole('button', { name: /用户菜单/ }).click();
  await page.getByRole('menuitem', { name: '备份' }).click();
  await expect(page.getByText(/^备份完成: /)).toBeVisible({ timeout: 30_000 });
  const downloads = join(freshHost.dataDir, 'downloads');
  const backup = join(downloads, readdirSync(downloads).find((n) => n.endsWith('.tar.gz'))!);

  await page.getByRole('button', { name: /用户菜单/ }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('menuitem', { name: '恢复' }).click();
  await (await chooser).setFiles(backup);
  await page.getByRole('button', { name: '替换并恢复' }).click();
  await expect(page.getByTestId('restore-done')).toBeVisible({ timeout: 60_000 });
  await signIn(page, freshHost);

  const banner = page.getByTestId('background-work-paused');
  await expect(banner).toBeVisible({ timeout: 15_000 });
  await expect(banner).toContainText('后台任务已暂停');
  await expect(banner).toContainText(/这是从备份恢复的副本（.+）。生成、导入、部署和定时任务在恢复前都不运行/);
  await page.screenshot({ path: 'test-results/restore-paused-banner.png' });

  await banner.getByRole('button', { name: '恢复后台任务' }).click();
  await expect(page.getByText('恢复后，这份副本将运行备份中未完成的任务和定时部署。确定恢复吗？')).toBeVisible();
  await page.screenshot({ path: 'test-results/restore-paused-confirm.png' });
  await page.locator('.ant-popconfirm').getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(page.getByText('后台任务已恢复')).toBeVisible();
  await expect(banner).toHaveCount(0);
  const status = (await rpc(freshHost, 'api:request', { method: 'get', url: '/website-blade-system/background-work/status' })) as { ok: boolean; data: { data: { paused: boolean } } };
  expect(status).toMatchObject({ ok: true, data: { data: { paused: false } } });
  await page.screenshot({ path: 'test-results/restore-paused-resumed.png' });
});
