import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test, expect, signIn, rpc, api, openScreen } from './fixtures';

// 取消 on a running generation task (issue 30): the run is a durable job; the row action (shown for 待执行 and
// 执行中 tasks, with a confirmation) cancels it, the row shows 已取消 with the articles generated so far, and the
// provider gets no request afterwards. The AI provider is a small OpenAI-compatible server on 127.0.0.1 answering
// slowly.

test('取消 on a running generation task: the row shows 已取消 and the run stops', async ({ page, host }) => {
  let requests = 0;
  const ai: Server = createServer((req, res) => {
    requests++;
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const prompt = (JSON.parse(raw) as { messages: { content: string }[] }).messages[0].content;
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: `# ${prompt}\n正文` } }] }));
      }, 700);
    });
  });
  await new Promise<void>((r) => ai.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(ai.address() as AddressInfo).port}/v1`;
  await signIn(page, host);
  const setting = { name: '取消测试模型', apiKey: 'sk-e2e-cancel-0001', url, model: 'm', platform: 'openai', temperature: 0.5, maxTokens: 256 };
  const model = await api(host, 'post', '/seo-blade-article/aiModel/submit', { ...setting, status: 1 });
  try {
    const keywords = Array.from({ length: 60 }, (_, i) => `取消词${i}`).join('\n');
    const up = (await rpc(host, 'keywords:upload', { name: 'cancel.txt', base64: Buffer.from(keywords).toString('base64') })) as { ok: boolean; data: { link: string } };
    expect(up.ok, JSON.stringify(up)).toBe(true);
    await api(host, 'post', '/seo-blade-article/gptProduceArticle/save', { taskName: '取消任务', prompts: [{ input: '写{keyword}' }], fileLink: up.data.link, fileName: 'cancel.txt' });

    await openScreen(page, host, '/article/gptProduceArticle');
    const row = page.getByRole('table').getByRole('row', { name: /取消任务/ });
    await expect(row).toContainText('待执行');
    await expect(row.getByRole('button', { name: '取消', exact: true })).toBeVisible();
    await row.getByRole('button', { name: '开始生成', exact: true }).click();
    await expect(row).toContainText('执行中');
    await expect.poll(() => requests, { timeout: 20_000 }).toBeGreaterThan(0);
    await page.screenshot({ path: 'test-results/generation-cancel-running.png' });

    // 取消, confirmed
    await row.getByRole('button', { name: '取消', exact: true }).click();
    const confirm = page.locator('.ant-modal-confirm');
    await expect(confirm).toContainText('确定取消该任务？');
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    await expect(row).toContainText('已取消');
    await expect(confirm).toBeHidden(); // the confirmation has faded out before the picture
    // a cancelled task offers 开始生成 again, not 取消
    await expect(row.getByRole('button', { name: '取消', exact: true })).toHaveCount(0);
    await expect(row.getByRole('button', { name: '开始生成', exact: true })).toBeVisible();
    await page.screenshot({ path: 'test-results/generation-cancel-row.png' });

    // the run stopped: the task keeps 已取消 with fewer than all keywords done, and the provider is asked no more
    const list = (await api(host, 'get', '/seo-blade-article/gptProduceArticle/page', undefined, { taskName: '取消任务' })) as { records: Record<string, unknown>[] };
    const id = String(list.records[0].id);
    // requests sent before the cancel may still arrive; then none
    await page.waitForTimeout(1500);
    const settled = requests;
    await page.waitForTimeout(2000);
    expect(requests).toBe(settled);
    const poll = await api(host, 'get', '/website-blade-article/gptProduceArticle/pollTaskStatus', undefined, { id });
    expect(poll).toMatchObject({ status: 5, statusName: '已取消', total: 60 });
    expect(Number(poll.successCount)).toBeLessThan(60);
  } finally {
    await api(host, 'post', '/seo-blade-article/aiModel/submit', { ...setting, id: model.id, status: 2 });
    await new Promise((r) => ai.close(r));
  }
});
