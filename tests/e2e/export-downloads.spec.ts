import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, signIn, rpc, api, type WebHost, clickRowAction } from './fixtures';

// Blob exports through the shared export component: main streams the reply
// into the downloads folder (browser mode has no save dialog); the saved bytes
// are compared with a direct download of the same URL by the test's own
// session on the embedded back end.

const dialog = (page: Page) => page.getByRole('dialog');
const SABER = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

/** The back end's base URL and a token of the test's own (the console's token never leaves main). */
async function direct(host: WebHost): Promise<{ base: string; headers: Record<string, string> }> {
  const info = (await rpc(host, 'app:info')) as { data: { profile: { baseUrl: string } } };
  const base = info.data.profile.baseUrl;
  const form = new URLSearchParams({ grant_type: 'password', scope: 'all', username: 'admin', password: createHash('md5').update('admin').digest('hex') });
  const res = await fetch(`${base}/blade-auth/oauth/token`, { method: 'POST', headers: { Authorization: SABER, 'Tenant-Id': '000000', 'Content-Type': 'application/x-www-form-urlencoded' }, body: form });
  const token = ((await res.json()) as { access_token: string }).access_token;
  return { base, headers: { Authorization: SABER, 'Blade-Auth': `bearer ${token}` } };
}

/** the names of a zip's entries (central directory records: signature 0x02014b50) */
function zipNames(zip: Buffer): string[] {
  const names: string[] = [];
  for (let i = zip.indexOf('PK\u0001\u0002', 0, 'latin1'); i !== -1; i = zip.indexOf('PK\u0001\u0002', i + 4, 'latin1')) {
    const len = zip.readUInt16LE(i + 28);
    names.push(zip.toString('utf8', i + 46, i + 46 + len));
  }
  return names.sort();
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('生成代码 downloads gen-code\'s zip (POST) through main into the downloads folder', async ({ page, host }) => {
  await signIn(page, host);
  const DEV = '/blade-develop';
  const ds = (await api(host, 'get', `${DEV}/datasource/list`)) as { records: { id: string }[] };
  const model = await api(host, 'post', `${DEV}/model/submit`, { datasourceId: ds.records[0].id, modelName: '岗位', modelCode: 'genPost', modelTable: 'blade_post', modelClass: 'GenPost' });
  const code = await api(host, 'post', `${DEV}/code/submit`, { modelId: model.id, serviceName: 'gencheck', codeName: 'genPost', tableName: 'blade_post', apiPath: '/gen/post' });

  await page.goto(`${host.origin}/#/tool/code`);
  const row = page.getByRole('table').getByRole('row', { name: /genPost/ });
  await clickRowAction(page, row, '生成代码');
  const status = dialog(page).getByTestId('export-status');
  await expect(status).toHaveAttribute('data-phase', 'done');
  // blade-code.zip, or blade-code (n).zip when another spec on this worker's host saved one before
  await expect(dialog(page).getByTestId('export-path')).toContainText('blade-code');
  const savedAs = /已保存到 (.+)$/.exec((await dialog(page).getByTestId('export-path').textContent()) ?? '');
  const file = savedAs?.[1] ?? '';
  expect(file).toMatch(new RegExp(`^${escapeRegExp(join(host.dataDir, 'downloads'))}/blade-code( \\(\\d+\\))?\\.zip$`));
  // show in folder: browser mode has no file manager to open, the path is shown
  await dialog(page).getByTestId('export-reveal').click();
  await expect(page.getByText(`文件位置：${file}`)).toBeVisible();
  // a second download gets its own name
  await dialog(page).getByRole('button', { name: '重新下载' }).click();
  await expect(dialog(page).getByTestId('export-path')).toContainText(join(host.dataDir, 'downloads', 'blade-code ('));
  await expect(dialog(page).getByTestId('export-path')).not.toContainText(`${file}`);

  const saved = readFileSync(file);
  const d = await direct(host);
  const res = await fetch(`${d.base}${DEV}/code/gen-code?ids=${String(code.id)}`, { method: 'POST', headers: d.headers });
  const expected = Buffer.from(await res.arrayBuffer());
  // the zip carries the generation time: same length and the same entries
  expect(saved.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
  expect(saved.length).toBe(expected.length);
  expect(zipNames(saved)).toEqual(zipNames(expected));
  expect(zipNames(saved).length).toBeGreaterThan(1);
});

test('export titles of a task with thousands of generated articles: the saved file is byte for byte the direct download', async ({ page, host }) => {
  test.setTimeout(180_000);
  const N = 3000;
  const ai: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const prompt = (JSON.parse(raw) as { messages: { content: string }[] }).messages[0].content;
      // a 50-character title: the longest the generator keeps
      const title = `${prompt}：完整指南与实践经验分享`.padEnd(50, '文').slice(0, 50);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: `# ${title}\n正文` } }] }));
    });
  });
  await new Promise<void>((r) => ai.listen(0, '127.0.0.1', r));
  try {
    await signIn(page, host);
    const aiUrl = `http://127.0.0.1:${(ai.address() as AddressInfo).port}/v1`;
    await api(host, 'post', '/seo-blade-article/aiModel/submit', { name: '本地模型', apiKey: 'sk-e2e', url: aiUrl, model: 'm', platform: 'openai', temperature: 0.5, maxTokens: 256, status: 1 });
    const keywords = Array.from({ length: N }, (_, i) => `关键词${String(i).padStart(5, '0')}`).join('\n');
    const up = (await rpc(host, 'keywords:upload', { name: 'many.txt', base64: Buffer.from(keywords).toString('base64') })) as { ok: boolean; data: { link: string } };
    expect(up.ok, JSON.stringify(up)).toBe(true);
    await api(host, 'post', '/seo-blade-article/gptProduceArticle/save', { taskName: '大量标题', maxTokens: 256, prompts: [{ input: '{keyword}' }], fileLink: up.data.link });
    const page1 = (await api(host, 'get', '/seo-blade-article/gptProduceArticle/page', undefined, { taskName: '大量标题' })) as { records: { id: string }[] };
    const id = page1.records[0].id;
    await api(host, 'post', '/website-blade-article/gptProduceArticle/produce', undefined, { ids: id });
    await expect
      .poll(async () => ((await api(host, 'get', '/website-blade-article/gptProduceArticle/pollTaskStatus', undefined, { id })) as { successCount: number }).successCount, { timeout: 150_000, intervals: [1000] })
      .toBe(N);

    await page.goto(`${host.origin}/#/article/gptProduceArticle`);
    const row = page.getByRole('table').getByRole('row', { name: /大量标题/ });
    await clickRowAction(page, row, '任务进度');
    await dialog(page).getByTestId('export-titles').click();
    await expect(dialog(page).getByTestId('export-status')).toHaveAttribute('data-phase', 'done');
    const file = join(host.dataDir, 'downloads', '大量标题-titles.txt');
    await expect(dialog(page).getByTestId('export-path')).toContainText(file);
    const saved = readFileSync(file);

    const d = await direct(host);
    const res = await fetch(`${d.base}/website-blade-article/gptProduceArticle/export-title?id=${id}`, { headers: d.headers });
    const expected = Buffer.from(await res.arrayBuffer());
    expect(saved.length).toBeGreaterThan(N * 100);
    expect(saved.equals(expected)).toBe(true);
    expect(saved.toString('utf8').trim().split('\n')).toHaveLength(N);
  } finally {
    await new Promise((r) => ai.close(r));
  }
});
