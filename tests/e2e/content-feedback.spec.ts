// Feedback of the content screens (issue 38 item 8): 开始生成 says the generation started, and an upload the server
// refuses says one message, its reason (not 上传失败 and the reason run together). The instance in words of 执行情况
// is in task-jobs.spec.ts.
import type { Page } from '@playwright/test';
import { api, clickRowAction, expect, openScreen, rpc, signIn, test } from './fixtures';

const dialog = (page: Page) => page.getByRole('dialog');
const notices = (page: Page) => page.locator('.ant-message-notice');

test('开始生成 says the generation started', async ({ page, host }) => {
  await signIn(page, host);
  // an enabled model (at a closed port: the run fails later, which is not what this is about) and a task
  await api(host, 'post', '/seo-blade-article/aiModel/submit', { name: '反馈模型', apiKey: 'sk-feedback-0001', url: 'http://127.0.0.1:9/v1', model: 'm', platform: 'openai', temperature: 0.5, maxTokens: 64, status: 1 });
  const up = (await rpc(host, 'keywords:upload', { name: 'feedback.txt', base64: Buffer.from('苹果\n').toString('base64') })) as { ok: boolean; data: { link: string } };
  expect(up.ok).toBe(true);
  await api(host, 'post', '/seo-blade-article/gptProduceArticle/save', { taskName: '反馈任务', prompts: [{ input: '写{keyword}' }], fileLink: up.data.link, fileName: 'feedback.txt' });
  await openScreen(page, host, '/article/gptProduceArticle');
  const row = page.locator('.desk-page:not([hidden])').getByRole('table').getByRole('row', { name: /反馈任务/ });
  await clickRowAction(page, row, '开始生成');
  await expect(notices(page).filter({ hasText: '已开始生成，进度见“任务进度”' })).toBeVisible();
  // its entrance drawn (a screenshot taken during it shows nothing yet)
  await expect(page.locator('.ant-message-notice-wrapper', { hasText: '已开始生成' })).not.toHaveClass(/-(appear|enter)/);
  await page.screenshot({ path: 'test-results/feedback-generation-started.png' });
  await expect(notices(page).filter({ hasText: '操作成功' })).toHaveCount(0);
});

test('an upload the server refuses says one message: its reason', async ({ page, host }) => {
  await signIn(page, host);
  await openScreen(page, host, '/material/websiteTemplate');
  await page.getByRole('button', { name: /新\s*增/ }).click();
  await expect(notices(page)).toHaveCount(0);
  // named .png, not a PNG: the form lets it through, the server refuses it by its first bytes
  await dialog(page).locator('input[type=file]').setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not a png at all') });
  await expect(notices(page)).toHaveText(['只能上传jpg/png图片']);
  await page.screenshot({ path: 'test-results/feedback-upload-refused.png' });
});
