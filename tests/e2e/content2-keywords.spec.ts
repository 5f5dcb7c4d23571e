import { test, expect, signIn, openScreen, rpc } from './fixtures';
import type { Page } from '@playwright/test';

// Keywords through the screens: add one by hand (with the form's messages), import
// a .txt file (its preview first: lines, duplicates, encoding; then 确认导入) whose
// over-long line is refused, then read the import task and its error log (line,
// message, raw data).

const dialog = (page: Page) => page.getByRole('dialog');
const fieldError = (page: Page, text: string) => dialog(page).locator('.ant-form-item-explain-error', { hasText: text });

test('keyword add and .txt import with the over-long line in the error log', async ({ page, host }) => {
  await signIn(page, host);
  await openScreen(page, host, '/article/keyword');

  // add by hand: required, then max 50
  await page.getByRole('button', { name: /新\s*增/ }).click();
  await dialog(page).getByRole('button', { name: /保\s*存/ }).click();
  await expect(fieldError(page, '请输入关键词')).toBeVisible();
  await dialog(page).getByLabel('关键词').fill('k'.repeat(51));
  await expect(fieldError(page, '关键词不能超过50个字符')).toBeVisible();
  await dialog(page).getByLabel('关键词').fill('手工关键词');
  await dialog(page).getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('新增成功')).toBeVisible();
  await expect(page.getByRole('table').getByRole('row', { name: /手工关键词/ })).toBeVisible();

  // import a file: two good lines, one of 51 characters, one blank
  const long = '长'.repeat(51);
  const importTasks = async () =>
    ((await rpc(host, 'api:request', { method: 'get', url: '/seo-blade-material/importTask/page', params: { size: 10 } })) as { data: { data: { total: number } } }).data.data.total;
  const tasksBefore = await importTasks();
  await page.getByRole('button', { name: '导入' }).click();
  await expect(dialog(page)).toBeVisible();
  await dialog(page).locator('input[type=file]').setInputFiles({ name: 'keywords.txt', mimeType: 'text/plain', buffer: Buffer.from(`导入词一\n${long}\n\n导入词二\n`) });
  // the preview first (main's worker: lines, duplicates, encoding, first lines); nothing goes in before 确认导入
  const preview = dialog(page).getByTestId('keyword-preview');
  await expect(preview.getByTestId('kw-name')).toHaveText('keywords.txt');
  await expect(preview.getByTestId('kw-lines')).toHaveText('4');
  await expect(preview.getByTestId('kw-unique')).toHaveText('3');
  await expect(preview.getByTestId('kw-duplicates')).toHaveText('0');
  await expect(preview.getByTestId('kw-empty')).toHaveText('1');
  await expect(preview.getByTestId('kw-encoding')).toHaveText('UTF-8');
  await page.screenshot({ path: 'test-results/keyword-import-preview.png' });
  expect(await importTasks()).toBe(tasksBefore);
  await expect(page.getByRole('table').getByRole('row', { name: /导入词一/ })).toHaveCount(0);
  await preview.getByRole('button', { name: '确认导入' }).click();
  await expect(dialog(page).getByText('共 3 行，成功 2 行，失败 1 行')).toBeVisible();
  await dialog(page).locator('.ant-modal-footer').getByRole('button', { name: /关\s*闭/ }).click();
  await expect(dialog(page)).toBeHidden();
  const table = page.getByRole('table');
  await expect(table.getByRole('row', { name: /导入词一/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /导入词二/ })).toBeVisible();
  await expect(table.getByText(long)).toHaveCount(0);

  // a non-.txt file is refused
  await page.getByRole('button', { name: '导入' }).click();
  await dialog(page).locator('input[type=file]').setInputFiles({ name: 'keywords.csv', mimeType: 'text/csv', buffer: Buffer.from('x\n') });
  await expect(page.getByText('只能上传txt文件')).toBeVisible();
  await dialog(page).locator('.ant-modal-footer').getByRole('button', { name: /关\s*闭/ }).click();

  // the import task with its counts
  await page.goto(`${host.origin}/#/article/importTask`);
  const task = page.getByRole('table').getByRole('row', { name: /关键词导入/ });
  await expect(task).toBeVisible();
  await expect(task.getByRole('cell')).toContainText(['关键词导入', '3', '2', '1']);

  // the error log: line 2, the message, the raw line
  await page.goto(`${host.origin}/#/article/taskErrorLog`);
  const log = page.getByRole('table').getByRole('row', { name: /关键词不能超过50个字符/ });
  await expect(log).toBeVisible();
  await expect(log).toContainText('关键词导入');
  // the line column sits just before the message (the row's index column may read 2 as well)
  const cells = await log.getByRole('cell').allInnerTexts();
  const messageAt = cells.findIndex((c) => c.includes('关键词不能超过50个字符'));
  expect(cells[messageAt - 1]?.trim()).toBe('2');
  await expect(log).toContainText(long);
});
