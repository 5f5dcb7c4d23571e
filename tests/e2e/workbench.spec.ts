import { test, expect, signIn, rpc } from './fixtures';

// The welcome page is a workbench: counts of the matrix, the latest generation,
// import and deploy tasks, and shortcuts to the frequent screens the user's
// menus hold.

test('workbench: counts, latest tasks and shortcuts that open their screens', async ({ page, host }) => {
  await signIn(page, host);
  // one import task, so a latest-task list has a row
  const r = (await rpc(host, 'api:request', { method: 'post', url: '/website-blade-article/keyword/import', data: { keywords: ['工作台关键词一', '工作台关键词二'] } })) as { ok: boolean };
  expect(r.ok).toBe(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: /欢迎/ })).toBeVisible();
  const counts = page.locator('.ant-card').filter({ hasText: '站群概况' });
  await expect(counts.locator('.ant-statistic-title')).toContainText(['网站', '网站分组', '域名', '已部署网站', '文章', '关键词']);
  for (const title of ['最近的生成任务', '最近的导入任务', '最近的部署任务']) await expect(page.locator('.ant-card-head-title', { hasText: title })).toBeVisible();
  await expect(page.locator('.ant-card').filter({ hasText: '最近的导入任务' }).locator('.ant-list-item')).not.toHaveCount(0);
  const shortcuts = page.getByRole('group', { name: '常用操作' });
  await expect(shortcuts.getByRole('button')).toHaveCount(7);
  await page.screenshot({ path: 'test-results/workbench/zh-1366.png' });
  await shortcuts.getByRole('button', { name: '生成文章' }).click();
  await expect(page).toHaveURL(/#\/article\/gptProduceArticle/);
  await expect(page.locator('.desk-page:not([hidden]) .ant-table')).toBeVisible();
});
