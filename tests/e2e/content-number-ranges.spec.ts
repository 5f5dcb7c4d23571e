// Numbers out of range in the content forms (issue 38 item 6): what is typed stays as typed (no clamping, no
// rounding) and the field says the range; 保存 sends nothing. Temperature 2.5, tokens -1, 排序 -5 and the other
// number fields of the content screens.
import type { Page } from '@playwright/test';
import { expect, openScreen, signIn, test } from './fixtures';

const dialog = (page: Page) => page.getByRole('dialog');
const fieldError = (page: Page, text: string) => dialog(page).locator('.ant-form-item-explain-error', { hasText: text });
const formItem = (page: Page, label: string) => dialog(page).locator('.ant-form-item').filter({ has: page.locator(`label[title="${label}"]`) });

/** types the value into the field, leaves it, and checks it kept the value and says the message */
async function refused(page: Page, label: string, value: string, message: string): Promise<void> {
  const input = formItem(page, label).locator('input').first();
  await input.fill(value);
  await input.press('Tab');
  await expect(input).toHaveValue(value);
  await expect(fieldError(page, message)).toBeVisible();
}

async function add(page: Page): Promise<void> {
  await page.getByRole('button', { name: /新\s*增/ }).click();
  await expect(dialog(page)).toBeVisible();
}

async function cancel(page: Page): Promise<void> {
  await dialog(page).getByRole('button', { name: /取\s*消/ }).click();
  await expect(dialog(page)).toBeHidden();
}

test('number fields keep what is typed and say the range: temperature 2.5, tokens -1, 排序 -5 and the rest', async ({ page, host }) => {
  test.setTimeout(90_000);
  await signIn(page, host);

  await openScreen(page, host, '/ai/aiModel');
  await add(page);
  await refused(page, '温度', '2.5', '温度范围为0-2');
  await refused(page, '返回token数', '-1', '返回token数须为不小于0的整数');
  await page.screenshot({ path: 'test-results/number-ranges-ai-model.png' });
  await dialog(page).getByRole('button', { name: /确\s*定|保\s*存/ }).click();
  await expect(fieldError(page, '温度范围为0-2')).toBeVisible();
  await expect(page.getByText('新增成功')).toHaveCount(0);
  await refused(page, '温度', '1.234', '温度最多两位小数');
  await cancel(page);

  await openScreen(page, host, '/article/article');
  await add(page);
  await refused(page, '排序', '-5', '排序范围为0-99999');
  await refused(page, '排序', '2.5', '排序范围为0-99999');
  await page.screenshot({ path: 'test-results/number-ranges-article.png' });
  await cancel(page);

  await openScreen(page, host, '/material/websiteNavbar');
  await add(page);
  await refused(page, '排序', '-5', '排序范围为0-99999');
  await cancel(page);

  await openScreen(page, host, '/article/gptProduceArticle');
  await add(page);
  await refused(page, '最大Token数', '5000', '最大Token数范围为1-4096');
  await cancel(page);

  await openScreen(page, host, '/infra/serverInfo');
  await add(page);
  await refused(page, '端口', '70000', '端口范围为1-65535');
  await cancel(page);

  await openScreen(page, host, '/site/deployTasks');
  await add(page);
  await refused(page, '文章发布数量', '-1', '文章发布数量须为不小于0的整数');
  await dialog(page).getByLabel('调度类型').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '固定速度' }).click();
  await refused(page, '调度配置', '0', '固定速度必须是大于0的整数（秒）');
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/number-ranges-deploy-task.png' });
  await cancel(page);
});
