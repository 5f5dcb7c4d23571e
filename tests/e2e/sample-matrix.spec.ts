// The sample matrix, end to end: the platform administrator's workbench offers it
// on an empty workspace and loads it; the sample tenant's administrator sets the
// AI model's key (a local AI server), runs the ready generation task to done and
// deploys a sample website; the platform administrator removes it from the
// workbench, and no row of the sample tenant nor any of its files is left.
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import { clickRowAction, expect, freshHostTest as test, rpc, signIn, signInTenant, type WebHost } from './fixtures';

// an empty Local workspace of its own (freshHost): the worker's shared host holds what earlier specs created, and
// the workbench offers the sample only on an empty workspace

const dialog = (page: Page) => page.getByRole('dialog');

/** rows of the tenant in every table with a tenant_id column (read from the Local workspace's database) */
function rowsOfTenant(host: WebHost, tenantId: string): Record<string, number> {
  const db = new Database(join(host.dataDir, 'server', 'server.db'), { readonly: true });
  try {
    const out: Record<string, number> = {};
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as { name: string }[]).map((r) => r.name);
    for (const t of tables) {
      const cols = (db.prepare(`PRAGMA table_info(${JSON.stringify(t)})`).all() as { name: string }[]).map((c) => c.name);
      if (!cols.includes('tenant_id')) continue;
      const n = (db.prepare(`SELECT COUNT(*) AS n FROM ${t} WHERE tenant_id = ?`).get(tenantId) as { n: number }).n;
      if (n > 0) out[t] = n;
    }
    const roles = (db.prepare('SELECT COUNT(*) AS n FROM blade_role_menu WHERE role_id IN (SELECT id FROM blade_role WHERE tenant_id = ?)').get(tenantId) as { n: number }).n;
    if (roles > 0) out.blade_role_menu = roles;
    return out;
  } finally {
    db.close();
  }
}

function filesOfTenant(host: WebHost, tenantId: string): string[] {
  const db = new Database(join(host.dataDir, 'server', 'server.db'), { readonly: true });
  try {
    const sites = (db.prepare('SELECT id FROM website_info WHERE tenant_id = ?').all(tenantId) as { id: string }[]).map((r) => join(host.dataDir, 'server', 'sites', r.id));
    const uploads = (db.prepare('SELECT name FROM content_upload WHERE tenant_id = ?').all(tenantId) as { name: string }[]).map((r) => join(host.dataDir, 'server', 'upload', r.name));
    return [...sites, ...uploads];
  } finally {
    db.close();
  }
}

test('sample matrix: loaded from the workbench, used for a generation task and a deploy, removed with nothing left', async ({ page, freshHost: host }) => {
  test.setTimeout(120_000);
  const calls: string[] = [];
  const ai: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      if (req.url !== '/v1/chat/completions' || req.headers.authorization !== 'Bearer sk-sample-e2e') return void res.writeHead(401).end('{}');
      const prompt = (JSON.parse(raw) as { messages: { content: string }[] }).messages[0].content;
      calls.push(prompt);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: `# ${prompt}\n正文：${prompt}` } }] }));
    });
  });
  await new Promise<void>((r) => ai.listen(0, '127.0.0.1', r));
  const aiUrl = `http://127.0.0.1:${(ai.address() as AddressInfo).port}/v1`;
  try {
    // the platform administrator's workbench on an empty workspace offers the sample
    await signIn(page, host);
    const offer = page.getByTestId('sample-offer');
    await expect(offer).toBeVisible();
    await page.screenshot({ path: 'test-results/sample-offer.png', fullPage: true });
    await offer.getByRole('button', { name: '加载示例矩阵' }).click();
    await expect(page.getByText('示例矩阵已加载')).toBeVisible();
    const loaded = page.getByTestId('sample-loaded');
    await expect(loaded).toContainText('示例矩阵 (888888)');
    await expect(loaded).toContainText('300');
    await page.screenshot({ path: 'test-results/sample-loaded.png', fullPage: true });
    await rpc(host, 'auth:logout');

    // the sample tenant's administrator finds the matrix on the workbench
    await signInTenant(page, host, '888888');
    await expect(page.getByText('站群概况')).toBeVisible();
    await expect(page.locator('.ant-statistic', { hasText: '文章' })).toContainText('300');
    await expect(page.locator('.ant-statistic', { hasText: /^网站\d/ })).toContainText('3');
    await page.screenshot({ path: 'test-results/sample-tenant-workbench.png', fullPage: true });

    // the AI model works once its key is set: here, the local AI server
    await page.goto(`${host.origin}/#/ai/aiModel`);
    const modelRow = page.getByRole('table').getByRole('row', { name: /示例模型/ });
    await expect(modelRow.getByRole('switch')).not.toBeChecked(); // status: a switch in the list and the form
    await clickRowAction(page, modelRow, /编\s*辑/);
    await dialog(page).getByLabel('密钥').fill('sk-sample-e2e');
    await dialog(page).getByLabel('链接').fill(aiUrl);
    await dialog(page).getByRole('switch', { name: '状态' }).click();
    await dialog(page).getByRole('button', { name: /确\s*定|保\s*存/ }).click();
    await expect(dialog(page)).toBeHidden();
    await expect(modelRow).toContainText(aiUrl);
    await expect(modelRow.getByRole('switch')).toBeChecked();

    // the ready generation task runs to done
    await page.goto(`${host.origin}/#/article/gptProduceArticle`);
    const task = page.getByRole('table').getByRole('row', { name: /示例生成任务/ });
    await expect(task).toContainText('待执行');
    await clickRowAction(page, task, '开始生成');
    await clickRowAction(page, task, '任务进度');
    await expect(dialog(page).getByTestId('task-status')).toHaveText('已完成：共 5，成功 5，失败 0', { timeout: 30_000 });
    expect(calls).toHaveLength(5);
    expect(calls).toContain('写一篇关于绿茶的功效的文章，适合茶叶资讯网站');
    await dialog(page).locator('.ant-modal-footer').getByRole('button', { name: /关\s*闭/ }).click();

    // a sample website deploys to the local-folder server
    await page.goto(`${host.origin}/#/site/websiteInfo`);
    const site = page.getByRole('row', { name: /示例茶叶资讯站/ });
    await clickRowAction(page, site, /部\s*署/);
    const deployDialog = page.getByRole('dialog', { name: '部署网站' });
    await deployDialog.getByTestId('deploy-start').click();
    await expect(deployDialog.getByText('部署成功')).toBeVisible({ timeout: 30_000 });
    await deployDialog.locator('.ant-modal-footer').getByRole('button', { name: /关\s*闭/ }).click();
    await expect(page.getByRole('row', { name: /示例茶叶资讯站/ })).toContainText('部署成功');
    const files = filesOfTenant(host, '888888');
    expect(files.filter((f) => existsSync(f)).length).toBe(10); // the deployed site, three logos, three banners, two template previews, the keyword file
    await rpc(host, 'auth:logout');

    // the platform administrator removes it from the workbench
    await signIn(page, host);
    await expect(page.getByTestId('sample-loaded')).toBeVisible();
    expect(Object.keys(rowsOfTenant(host, '888888')).length).toBeGreaterThan(20);
    await page.getByTestId('sample-loaded').getByRole('button', { name: '移除示例矩阵' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect(page.getByText('示例矩阵已移除')).toBeVisible();
    await expect(page.getByTestId('sample-offer')).toBeVisible();
    expect(rowsOfTenant(host, '888888')).toEqual({});
    expect(files.filter((f) => existsSync(f))).toEqual([]);
  } finally {
    await new Promise((r) => ai.close(r));
  }
});
