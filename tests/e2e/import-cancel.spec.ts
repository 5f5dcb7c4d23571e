import { test, expect, signIn, rpc, api, clickRowAction } from './fixtures';

// 取消 on the import task screen (issue 30): a running keyword import (a file large enough to still be running)
// is cancelled from its row after a confirmation; the task ends 已取消 (status 5) keeping the keywords already
// imported, and offers 取消 no more.

test('取消 stops a running import task, keeping the rows already imported', async ({ page, host }) => {
  await signIn(page, host);
  const lines = Array.from({ length: 1_500_000 }, (_, i) => `取消词-${String(i).padStart(7, '0')}`).join('\n');
  const up = (await rpc(host, 'file:upload', { name: 'cancel-keywords.txt', type: 'text/plain', base64: Buffer.from(lines).toString('base64'), scene: 'keyword' })) as {
    ok: boolean;
    data: { link: string };
  };
  expect(up.ok, JSON.stringify(up).slice(0, 300)).toBe(true);
  const started = await api(host, 'post', '/website-blade-article/keyword/import', { fileLink: up.data.link, fileName: 'cancel-keywords.txt' });
  const id = String(started.id);

  await page.goto(`${host.origin}/#/article/importTask`);
  const row = page.getByRole('table').getByRole('row', { name: /cancel-keywords\.txt/ });
  await expect(row).toBeVisible();
  await clickRowAction(page, row, '取消');
  await expect(page.locator('.ant-modal-confirm')).toContainText('确定取消该导入任务? 已导入的数据会保留');
  await expect(page.locator('.ant-modal-confirm')).not.toHaveClass(/ant-zoom-(appear|enter)/); // drawn, not fading in
  await page.screenshot({ path: 'test-results/import-cancel-confirm.png' });
  await page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定|OK/ }).click();

  // 已取消 on the server at once; the row offers 取消 no more
  await expect.poll(async () => Number((await api(host, 'get', '/seo-blade-material/importTask/detail', undefined, { id })).status)).toBe(5);
  await expect(row.getByRole('button', { name: '取消', exact: true })).toHaveCount(0);
  await expect(row).toContainText('已取消');
  await expect(page.locator('.ant-modal-confirm')).toHaveCount(0);
  const task = await api(host, 'get', '/seo-blade-material/importTask/detail', undefined, { id });
  expect(task).toMatchObject({ statusName: '已取消' });
  expect(Number(task.successRows)).toBeLessThan(1_500_000);
  // the keywords already imported are kept: as many as the task counted
  const page1 = await api(host, 'get', '/website-blade-article/keyword/page', undefined, { keyword: '取消词-', size: 1 });
  expect(Number(page1.total)).toBe(Number(task.successRows));
  await page.screenshot({ path: 'test-results/import-cancel-done.png' });
});
