import { test, expect, signIn, rpc, switchLanguage } from './fixtures';
import type { Page } from '@playwright/test';

// Website and template imports beside the article and keyword ones: the shared
// import-task dialog takes a .json file of records, the import runs as a task,
// its counts show in the dialog, good rows appear in the list, bad ones are counted.

const dialog = (page: Page) => page.getByRole('dialog');
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

test('template import from a .json file, and a website import refusing bad rows', async ({ page, host }) => {
  await signIn(page, host);
  // a template image, uploaded as the template form would (scene template)
  const up = (await rpc(host, 'file:upload', { name: 'tpl.png', type: 'image/png', base64: PNG_1X1, scene: 'template' })) as { ok: boolean; data: { link: string } };
  expect(up.ok).toBe(true);
  const link = up.data.link;
  await page.goto(`${host.origin}/#/material/websiteTemplate`);
  const table = page.locator('.desk-page:not([hidden]) .ant-table');
  await expect(table).toBeVisible();

  await page.getByRole('button', { name: '导入模板' }).click();
  await expect(dialog(page)).toContainText('.json 文件');
  // a file of another type is refused
  await dialog(page).locator('input[type=file]').setInputFiles({ name: 't.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
  await expect(page.getByText('只能上传.json文件')).toBeVisible();
  // not JSON
  await dialog(page).locator('input[type=file]').setInputFiles({ name: 't.json', mimeType: 'application/json', buffer: Buffer.from('{oops') });
  await expect(page.getByText('文件不是有效的 JSON')).toBeVisible();
  const rows = [{ templateName: '导入的模板甲', type: '1', image: link, status: 1 }, { templateName: '', type: '1', image: link }];
  await dialog(page).locator('input[type=file]').setInputFiles({ name: 'templates.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(rows)) });
  await expect(dialog(page).getByText('共 2 行，成功 1 行，失败 1 行')).toBeVisible();
  await dialog(page).locator('.ant-modal-footer').getByRole('button', { name: /关\s*闭/ }).click();
  await expect(table.getByRole('row', { name: /导入的模板甲/ })).toBeVisible();

  await page.goto(`${host.origin}/#/site/websiteInfo`);
  await page.getByRole('button', { name: '导入网站' }).click();
  await dialog(page).locator('input[type=file]').setInputFiles({ name: 'sites.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ list: [{ websiteName: '' }] })) });
  await expect(dialog(page).getByText('共 1 行，成功 0 行，失败 1 行')).toBeVisible();
  await dialog(page).locator('.ant-modal-footer').getByRole('button', { name: /关\s*闭/ }).click();

  // both tasks are in the import task list, neither called 已完成: the template import 部分失败 in orange, the
  // website import 失败 in red with its reason; 错误明细 lists the lines that were not imported and why
  await page.goto(`${host.origin}/#/article/importTask`);
  const templates = page.getByRole('table').getByRole('row', { name: /模板导入/ });
  const sites = page.getByRole('table').getByRole('row', { name: /网站导入/ });
  await expect(templates.locator('[data-tone="warning"]')).toHaveText('部分失败');
  await expect(templates.locator('[data-tone="warning"]')).toHaveCSS('color', 'rgb(155, 87, 14)');
  await expect(sites.locator('[data-tone="error"]')).toHaveText('失败');
  await expect(sites.locator('[data-tone="error"]')).toHaveCSS('color', 'rgb(189, 57, 58)');
  // 执行情况 (the job's cell) says the same: the job ran to its end, its items did not all go in
  await expect(templates.locator('[data-job-state]')).toHaveText('部分失败');
  await expect(sites.locator('[data-job-state]')).toHaveText('全部失败');
  const siteReason = ((await rpc(host, 'api:request', { method: 'get', url: '/seo-blade-material/importTask/page', params: { taskName: '网站导入' } })) as { data: { data: { records: { errorMsg: string }[] } } }).data.data.records[0].errorMsg;
  expect(siteReason).not.toBe('');
  await expect(sites).toContainText(siteReason);
  await templates.getByRole('button', { name: '错误明细', exact: true }).click();
  const errors = dialog(page).getByTestId('import-errors');
  await expect(errors.locator('tbody tr.ant-table-row')).toHaveCount(1);
  await expect(errors.locator('tbody tr.ant-table-row')).toContainText('2请输入模板名称');
  await expect(page.locator('.ant-modal:has([data-testid="import-errors"])')).not.toHaveClass(/ant-zoom-(appear|enter)/); // drawn, not fading in
  await page.screenshot({ path: 'test-results/content-imports-errors.png' });
  await dialog(page).locator('.ant-modal-footer').getByRole('button', { name: /关\s*闭/ }).click();
  await page.screenshot({ path: 'test-results/content-imports-tasks.png' });
});

test('in English an import\'s recorded reasons read in English: the task\'s reason and its error lines', async ({ page, host }) => {
  await signIn(page, host);
  // an article import of which no line goes in: the task fails with its lines' reason, recorded as a message
  const made = (await rpc(host, 'api:request', { method: 'post', url: '/website-blade-article/article/importArticle', data: ['not an object', 'nor this'] })) as { data: { data: { id: string } } };
  expect(made.data.data.id).toBeTruthy();
  await switchLanguage(page, 'English');
  await page.goto(`${host.origin}/#/article/importTask`);
  const row = page.locator(`.desk-page:not([hidden]) tr[data-row-key="${made.data.data.id}"]`);
  await expect(row).toContainText('Bad data: a JSON object was expected');
  await row.getByRole('button', { name: 'Error lines', exact: true }).click();
  const errors = dialog(page).getByTestId('import-errors');
  await expect(errors.locator('tbody tr.ant-table-row')).toHaveCount(2);
  for (const line of await errors.locator('tbody tr.ant-table-row').all()) await expect(line).toContainText('Bad data: a JSON object was expected');
  await expect(page.locator('.ant-modal:has([data-testid="import-errors"])')).not.toHaveClass(/ant-zoom-(appear|enter)/);
  await page.screenshot({ path: 'test-results/content-imports-errors-en.png' });
});
