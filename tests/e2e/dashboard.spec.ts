import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { freshHostTest as test, expect, signIn, rpc, type WebHost } from './fixtures';

// The 控制台 (/wel/dashboard) on a fresh install: version, uptime, storage and the
// sign-in; then a generation against an AI server on 127.0.0.1 that is down and an
// import with a bad line appear in the failures with their reasons, and a click
// opens the task's screen.

async function api(host: WebHost, method: string, url: string, data?: unknown): Promise<Record<string, unknown>> {
  const r = (await rpc(host, 'api:request', { method, url, data })) as { ok: boolean; data: { data: Record<string, unknown> } };
  expect(r.ok, JSON.stringify(r)).toBe(true);
  return r.data.data;
}

const dashboard = (page: Page) => page.locator('.desk-page[data-path="/wel/dashboard"]:not([hidden])');

test('a fresh install shows the dashboard; a failed generation and an import with a bad line appear with their reasons and open their screens', async ({ page, freshHost: host }) => {
  await signIn(page, host);
  await page.evaluate(() => (window.location.hash = '#/wel/dashboard'));
  const d = dashboard(page);
  await expect(d.getByTestId('dashboard-version')).toHaveText(/^\d+\.\d+\.\d+/);
  await expect(d.getByTestId('dashboard-activity')).toContainText('当前没有正在执行或排队的任务');
  await expect(d.getByTestId('dashboard-failures')).toContainText('最近24小时没有失败的任务');
  await expect(d.getByTestId('dashboard-sign-ins')).toContainText('admin');
  // the embedded engine: SQLite's file is in the data folder, so the folder's total counts it (and says so)
  const storage = d.getByTestId('dashboard-storage');
  await expect(storage).toContainText('数据库 (SQLite)');
  await expect(storage).toContainText('数据目录合计（含数据库）');
  await expect(storage).not.toContainText('未计入数据目录合计');
  await storage.screenshot({ path: 'test-results/dashboard-storage-zh.png' });
  await expect(d).not.toContainText('此页面在当前版本中尚未提供');
  await page.screenshot({ path: 'test-results/dashboard-fresh.png', fullPage: true });

  // an AI server on 127.0.0.1 that is down: a port taken, then given back
  const closed = createServer();
  await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
  const downUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/v1`;
  await new Promise((r) => closed.close(r));
  await api(host, 'post', '/seo-blade-article/aiModel/submit', { name: '不可达模型', apiKey: 'sk-e2e-dash-0001', url: downUrl, model: 'm', platform: 'openai', temperature: 0.5, maxTokens: 256, status: 1 });
  const up = (await rpc(host, 'keywords:upload', { name: 'down.txt', base64: Buffer.from('苹果\n香蕉\n').toString('base64') })) as { ok: boolean; data: { link: string } };
  expect(up.ok, JSON.stringify(up)).toBe(true);
  const task = await api(host, 'post', '/seo-blade-article/gptProduceArticle/save', { taskName: '控制台失败任务', prompts: [{ input: '写{keyword}' }], fileLink: up.data.link, fileName: 'down.txt' });
  await api(host, 'post', `/website-blade-article/gptProduceArticle/produce?ids=${String(task.id)}`);
  // an import whose second line is too long
  await api(host, 'post', '/website-blade-article/keyword/import', { keywords: ['控制台好词', '长'.repeat(51)] });

  // the writes reach the shown page (data:changed); the generation finishes on the server by itself (the page reads again while work runs)
  const reason = `无法连接AI接口 ${downUrl}/chat/completions: ECONNREFUSED`;
  const failures = d.getByTestId('dashboard-failures');
  const generation = failures.locator('.ant-list-item[data-kind="generation"]', { hasText: '控制台失败任务' });
  await expect(generation).toContainText(reason, { timeout: 30_000 });
  await expect(generation).toContainText('失败');
  await expect(generation).toContainText('失败 2 / 2');
  const imported = failures.locator('.ant-list-item[data-kind="import"]');
  await expect(imported).toContainText('关键词不能超过50个字符', { timeout: 30_000 });
  await expect(imported).toContainText('部分失败');
  await expect(d).not.toContainText('sk-e2e-dash-0001');
  await page.screenshot({ path: 'test-results/dashboard-failures-zh.png', fullPage: true });

  // English
  await page.getByRole('button', { name: '切换语言' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(failures).toContainText('Failed in the last 24 hours');
  await expect(generation).toContainText('Article generation');
  await expect(generation).toContainText('2 of 2 failed');
  // the server's texts too: the status names and the kept reasons, read again in English
  await expect(generation).toContainText(`Cannot reach the AI endpoint ${downUrl}/chat/completions: ECONNREFUSED`);
  await expect(generation.locator('.ant-tag').getByText('Failed', { exact: true })).toBeVisible();
  await expect(imported).toContainText('The keyword may not exceed 50 characters');
  await expect(imported.locator('.ant-tag').getByText('Partly failed', { exact: true })).toBeVisible();
  await expect(storage).toContainText('Database (SQLite)');
  await expect(storage).toContainText('Data folder in all (database included)');
  await page.screenshot({ path: 'test-results/dashboard-failures-en.png', fullPage: true });
  await page.getByRole('button', { name: 'Switch language' }).click();
  await page.getByRole('menuitem', { name: '中文' }).click();

  // a click opens the task's screen in its tab, with the task and its reason
  await generation.getByText('控制台失败任务').click();
  await expect(page).toHaveURL(/#\/article\/gptProduceArticle/);
  const list = page.locator('.desk-page[data-path="/article/gptProduceArticle"]:not([hidden])');
  await expect(list.getByRole('row', { name: /控制台失败任务/ })).toContainText(reason);
  const tabs = page.getByRole('navigation', { name: '已打开的页面' });
  await expect(tabs.getByRole('tab', { name: '生成文章任务' })).toHaveAttribute('aria-selected', 'true');
  await expect(tabs.getByRole('tab', { name: '控制台' })).toBeVisible();

  // back on the dashboard, the import opens the import tasks
  await page.evaluate(() => (window.location.hash = '#/wel/dashboard'));
  await imported.locator('a').first().click();
  await expect(page).toHaveURL(/#\/article\/importTask/);
  await expect(page.locator('.desk-page[data-path="/article/importTask"]:not([hidden])').getByRole('row').nth(1)).toContainText('部分失败');
});
