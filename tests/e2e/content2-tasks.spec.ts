import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect, signIn, rpc, type WebHost, clickRowAction, openScreen } from './fixtures';
import type { Page } from '@playwright/test';

// Scheduled deploy tasks and generate-article tasks through the screens. The
// generation runs for real against a small OpenAI-compatible server on 127.0.0.1.

const dialog = (page: Page) => page.getByRole('dialog');
const fieldError = (page: Page, text: string) => dialog(page).locator('.ant-form-item-explain-error', { hasText: text });
const save = (page: Page) => dialog(page).getByRole('button', { name: /保\s*存/ }).click();
const formItem = (page: Page, label: string) => dialog(page).locator('.ant-form-item').filter({ has: page.locator(`label[title="${label}"]`) });
const closeFooter = (page: Page) => dialog(page).locator('.ant-modal-footer').getByRole('button', { name: /关\s*闭/ }).click();

async function api(host: WebHost, method: string, url: string, data?: unknown): Promise<Record<string, unknown>> {
  const r = (await rpc(host, 'api:request', { method, url, data })) as { ok: boolean; data: { data: Record<string, unknown> } };
  expect(r.ok, JSON.stringify(r)).toBe(true);
  return r.data.data;
}

async function pick(page: Page, label: string, option: string) {
  const box = dialog(page).getByLabel(label, { exact: true });
  await box.click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

test('deploy task: the schedule config follows the schedule type, next triggers preview, switch on and off', async ({ page, host }) => {
  await signIn(page, host);
  await api(host, 'post', '/website-blade-material/websiteGroup/save', { name: '部署分组', type: 0 });
  await openScreen(page, host, '/site/deployTasks');

  await page.getByRole('button', { name: /新\s*增/ }).click();
  // NONE (default): no schedule config
  await expect(formItem(page, '调度配置')).toHaveCount(0);
  await save(page);
  await expect(fieldError(page, '请输入任务名称')).toBeVisible();
  await expect(fieldError(page, '请选择网站分组')).toBeVisible();
  await dialog(page).getByLabel('任务名称').fill('定时发布');
  await pick(page, '网站分组', '部署分组');
  await dialog(page).locator('.ant-modal-title').click(); // close the multiple select

  // FIX_RATE: the config field appears and asks for the rate
  await pick(page, '调度类型', '固定速度');
  await expect(formItem(page, '调度配置')).toBeVisible();
  await save(page);
  await expect(fieldError(page, '请输入固定速度')).toBeVisible();
  // CRON: asks for the expression
  await pick(page, '调度类型', 'CRON');
  await save(page);
  await expect(fieldError(page, '请输入CRON表达式')).toBeVisible();
  // back to NONE: hidden again
  await pick(page, '调度类型', '无');
  await expect(formItem(page, '调度配置')).toHaveCount(0);

  await pick(page, '调度类型', '固定速度');
  await dialog(page).getByLabel('调度配置').fill('3600');
  await dialog(page).getByLabel('文章发布数量').fill('2');
  await save(page);
  await expect(page.getByText('新增成功')).toBeVisible();
  await expect(dialog(page)).toBeHidden();

  const row = page.getByRole('table').getByRole('row', { name: /定时发布/ });
  await expect(row).toContainText('部署分组');
  await expect(row).toContainText('停止');

  // next trigger times: one hour apart
  await clickRowAction(page, row, '下次触发时间');
  const items = dialog(page).locator('.ant-list-item');
  await expect(items.first()).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  const times = (await items.allTextContents()).map((x) => new Date(x.replace(' ', 'T')).getTime());
  expect(times.length).toBeGreaterThan(1);
  expect(times[1] - times[0]).toBe(3600_000);
  await closeFooter(page);

  // switch on, then off
  await clickRowAction(page, row, '启动/停止');
  await expect(row).toContainText('启动');
  await clickRowAction(page, row, '启动/停止');
  await expect(row).toContainText('停止');

  // editing keeps the FIX_RATE config shown with its value
  await row.getByRole('button', { name: '编辑' }).click();
  await expect(dialog(page).getByLabel('调度配置')).toHaveValue('3600');
  await dialog(page).getByRole('button', { name: /取\s*消/ }).click();
});

test('generate-article task runs against the local AI server to done and exports the titles', async ({ page, host }) => {
  test.setTimeout(90_000);
  const calls: string[] = [];
  const ai: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      if (req.url !== '/v1/chat/completions' || req.headers.authorization !== 'Bearer sk-e2e-0001') {
        res.writeHead(401).end('{}');
        return;
      }
      const prompt = (JSON.parse(raw) as { messages: { content: string }[] }).messages[0].content;
      calls.push(prompt);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: `# ${prompt}\n正文：${prompt}` } }] }));
    });
  });
  await new Promise<void>((r) => ai.listen(0, '127.0.0.1', r));
  const aiUrl = `http://127.0.0.1:${(ai.address() as AddressInfo).port}/v1`;
  try {
    await signIn(page, host);

    // the AI model setting, through its screen
    await openScreen(page, host, '/ai/aiModel');
    await page.getByRole('button', { name: /新\s*增/ }).click();
    await dialog(page).getByLabel('名称').fill('本地模型');
    await dialog(page).getByLabel('密钥').fill('sk-e2e-0001');
    await dialog(page).getByLabel('链接').fill(aiUrl);
    await dialog(page).getByLabel('模型').fill('local-model');
    await dialog(page).getByLabel('平台').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await dialog(page).getByLabel('温度').fill('0.7');
    await dialog(page).getByLabel('返回token数').fill('512');
    await save(page);
    await expect(page.getByText('新增成功')).toBeVisible();
    const modelRow = page.getByRole('table').getByRole('row', { name: /本地模型/ });
    await expect(modelRow.getByRole('switch')).toBeChecked(); // status is a switch in the list (default on)
    await expect(modelRow).not.toContainText('sk-e2e-0001');

    // the task: name, a prompt row with the keyword placeholder, the keyword file
    await openScreen(page, host, '/article/gptProduceArticle');
    await page.getByRole('button', { name: /新\s*增/ }).click();
    await expect(dialog(page).getByLabel('最大Token数')).toHaveValue('4096');
    await save(page);
    await expect(fieldError(page, '请输入任务名称')).toBeVisible();
    await expect(fieldError(page, '请输入生成描述')).toBeVisible();
    await expect(fieldError(page, '请上传关键字文件')).toBeVisible();
    await dialog(page).getByLabel('任务名称').fill('AI文章');
    const prompts = formItem(page, '生成描述').locator('textarea');
    await prompts.first().fill('写一篇关于{keyword}的文章');
    // a second row can be deleted (删除成功); the first has no delete button
    await dialog(page).getByRole('button', { name: '添加' }).click();
    await expect(prompts).toHaveCount(2);
    await expect(formItem(page, '生成描述').getByRole('button', { name: '删除' })).toHaveCount(1);
    await formItem(page, '生成描述').getByRole('button', { name: '删除' }).click();
    await expect(page.getByText('删除成功')).toBeVisible();
    await expect(prompts).toHaveCount(1);
    await formItem(page, '关键字文件').locator('input[type=file]').setInputFiles({ name: 'kw.txt', mimeType: 'text/plain', buffer: Buffer.from('苹果\n香蕉\n橙子\n') });
    // main previews the file and uploads it at once: choosing it is the upload
    await expect(dialog(page).getByTestId('kw-unique')).toHaveText('3');
    await expect(dialog(page).getByTestId('keyword-file')).not.toBeEmpty();
    await expect(fieldError(page, '请上传关键字文件')).toHaveCount(0);
    await save(page);
    await expect(page.getByText('新增成功')).toBeVisible();
    await expect(dialog(page)).toBeHidden();

    // start it and watch the progress reach done
    const row = page.getByRole('table').getByRole('row', { name: /AI文章/ });
    await expect(row).toContainText('待执行');
    // the view dialog lists the prompt rows as text
    await clickRowAction(page, row, '查看');
    await expect(formItem(page, '生成描述')).toContainText('1. 写一篇关于{keyword}的文章');
    await expect(formItem(page, '生成描述')).not.toContainText('[object Object]');
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
    await clickRowAction(page, row, '开始生成');
    await clickRowAction(page, row, '任务进度');
    await expect(dialog(page).getByTestId('task-status')).toHaveText('已完成：共 3，成功 3，失败 0', { timeout: 30_000 });
    await expect(dialog(page).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(calls.sort()).toEqual(['写一篇关于橙子的文章', '写一篇关于苹果的文章', '写一篇关于香蕉的文章']);

    // export the titles: main streams them into the downloads folder (browser mode has no save dialog)
    await dialog(page).getByRole('button', { name: '导出标题' }).click();
    await expect(dialog(page).getByTestId('export-status')).toHaveAttribute('data-phase', 'done');
    const file = join(host.dataDir, 'downloads', 'AI文章-titles.txt');
    await expect(dialog(page).getByTestId('export-path')).toContainText(file);
    const titles = readFileSync(file, 'utf8').trim().split('\n').sort();
    expect(titles).toEqual(['写一篇关于橙子的文章', '写一篇关于苹果的文章', '写一篇关于香蕉的文章']);
    await closeFooter(page);
    await expect(row).toContainText('已完成');
  } finally {
    await new Promise((r) => ai.close(r));
  }
});

test('a generation task whose AI model cannot be reached ends 失败 and says why: in the progress dialog and in the row', async ({ page, host }) => {
  // a port nobody listens on: taken, then given back
  const closed = createServer();
  await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
  const downUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/v1`;
  await new Promise((r) => closed.close(r));
  await signIn(page, host);
  const setting = { name: '不可达模型', apiKey: 'sk-e2e-down-0001', url: downUrl, model: 'm', platform: 'openai', temperature: 0.5, maxTokens: 256 };
  const model = await api(host, 'post', '/seo-blade-article/aiModel/submit', { ...setting, status: 1 });
  try {
    const up = (await rpc(host, 'keywords:upload', { name: 'down.txt', base64: Buffer.from('苹果\n香蕉\n橙子\n').toString('base64') })) as { ok: boolean; data: { link: string } };
    expect(up.ok, JSON.stringify(up)).toBe(true);
    await api(host, 'post', '/seo-blade-article/gptProduceArticle/save', { taskName: '模型不可达', prompts: [{ input: '写{keyword}' }], fileLink: up.data.link, fileName: 'down.txt' });

    await openScreen(page, host, '/article/gptProduceArticle');
    const row = page.getByRole('table').getByRole('row', { name: /模型不可达/ });
    await expect(row).toContainText('待执行');
    // 开始生成 and 任务进度 are buttons of the row (not under 更多), in the spec's 380 px action column
    await expect(row.getByRole('button', { name: '开始生成', exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: '任务进度', exact: true })).toBeVisible();
    const actionHead = page.locator('.desk-page:not([hidden]) thead th[data-declared-width="380"]');
    expect(Math.round((await actionHead.boundingBox())!.width)).toBe(380);
    await row.getByRole('button', { name: '开始生成', exact: true }).click();
    await row.getByRole('button', { name: '任务进度', exact: true }).click();

    const reason = `无法连接AI接口 ${downUrl}/chat/completions: ECONNREFUSED`;
    await expect(dialog(page).getByTestId('task-status')).toHaveText('失败：共 3，成功 0，失败 3', { timeout: 30_000 });
    await expect(dialog(page).getByTestId('task-reason')).toHaveText(`任务失败原因：${reason}`);
    const failures = dialog(page).getByTestId('task-failures').locator('tbody tr.ant-table-row');
    await expect(failures).toHaveCount(3);
    await expect(failures.nth(0)).toHaveText(`苹果${reason}`);
    await expect(failures.nth(2)).toHaveText(`橙子${reason}`);
    await expect(dialog(page)).not.toContainText('sk-e2e-down-0001');
    await expect(page.locator('.ant-modal:has([data-testid="task-status"])')).not.toHaveClass(/ant-zoom-(appear|enter)/); // drawn, not fading in
    await page.screenshot({ path: 'test-results/content2-tasks-failed-dialog.png' });
    await closeFooter(page);

    // the row: 失败 in red, the reason beside the counts
    const status = row.locator('[data-tone="error"]');
    await expect(status).toHaveText('失败');
    await expect(status).toHaveCSS('color', 'rgb(189, 57, 58)');
    await expect(row).toContainText(reason);
    await page.screenshot({ path: 'test-results/content2-tasks-failed-row.png' });
  } finally {
    // the worker's later tests use their own model
    await api(host, 'post', '/seo-blade-article/aiModel/submit', { ...setting, id: model.id, status: 2 });
  }
});
