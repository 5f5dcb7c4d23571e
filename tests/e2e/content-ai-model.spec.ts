// The AI model's 链接 and 测试连接 (issue 38 item 2), through the screen: the full …/chat/completions URL is taken as it
// is (the form shows the URL that will be called, never …/chat/completions/chat/completions), 测试连接 sends one
// short prompt to a local OpenAI-compatible server and shows the reply; with the provider down it shows the reason.
import type { Page } from '@playwright/test';
import { limitedAiServer, type LimitedAiServer } from '../support/ai-server';
import { clickRowAction, expect, openScreen, signIn, switchLanguage, test } from './fixtures';

const dialog = (page: Page) => page.getByRole('dialog');
const save = (page: Page) => dialog(page).getByRole('button', { name: /确\s*定|保\s*存/ }).click();

test("the AI model's link shows the URL called; 测试连接 shows the reply or the reason", async ({ page, host }) => {
  let ai: LimitedAiServer | undefined;
  try {
    ai = await limitedAiServer({ delayMs: 0, limitPerKey: 10 });
    await signIn(page, host);
    await openScreen(page, host, '/ai/aiModel');
    await page.getByRole('button', { name: /新\s*增/ }).click();
    await dialog(page).getByLabel('名称').fill('完整链接模型');
    await dialog(page).getByLabel('密钥').fill('sk-link-e2e-0001');
    // a base URL gets /chat/completions; the full URL stays as it is
    await dialog(page).getByLabel('链接').fill(ai.url);
    await expect(dialog(page).getByTestId('ai-call-url')).toHaveText(`将调用：${ai.url}/chat/completions`);
    await dialog(page).getByLabel('链接').fill(`${ai.url}/chat/completions`);
    await expect(dialog(page).getByTestId('ai-call-url')).toHaveText(`将调用：${ai.url}/chat/completions`);
    await dialog(page).getByLabel('模型').fill('local-model');
    await dialog(page).getByLabel('平台').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await dialog(page).getByLabel('温度').fill('0.7');
    await dialog(page).getByLabel('返回token数').fill('512');
    await page.screenshot({ path: 'test-results/ai-model-link.png' });
    await save(page);
    await expect(page.getByText('新增成功')).toBeVisible();

    // 测试连接: the URL called and the model's reply
    const row = page.getByRole('table').getByRole('row', { name: /完整链接模型/ });
    await clickRowAction(page, row, '测试连接');
    const test = page.getByRole('dialog', { name: /测试连接/ });
    await expect(test.getByText('连接成功', { exact: true })).toBeVisible();
    await expect(test.getByTestId('ai-test-url')).toHaveText(`${ai.url}/chat/completions`);
    await expect(test.getByTestId('ai-test-reply')).toContainText('连接测试');
    expect(ai.of('sk-link-e2e-0001').answered).toBe(1);
    await page.screenshot({ path: 'test-results/ai-model-test-ok.png' });
    await test.locator('.ant-modal-footer').getByRole('button', { name: /关\s*闭/ }).click();

    // another key, and the provider down: the reason (the URL and the network error), never the key
    await row.getByRole('button', { name: '编辑' }).click();
    await dialog(page).getByLabel('密钥').fill('sk-refused-e2e-0002');
    await save(page);
    await expect(page.getByText('更新成功')).toBeVisible();
    ai.reset();
    await ai.close();
    ai = undefined;
    await clickRowAction(page, row, '测试连接');
    await expect(test.getByText('连接失败', { exact: true })).toBeVisible();
    await expect(test.getByTestId('ai-test-reason')).toContainText('无法连接AI接口');
    await expect(test.getByTestId('ai-test-reason')).not.toContainText('sk-refused');
    await page.screenshot({ path: 'test-results/ai-model-test-failed.png' });
    // in English: the reason the server answers is English too
    await test.locator('.ant-modal-footer').getByRole('button', { name: /关\s*闭/ }).click();
    await switchLanguage(page, 'English');
    await clickRowAction(page, row, 'Test connection');
    const testEn = page.getByRole('dialog', { name: /Test connection/ });
    await expect(testEn.getByTestId('ai-test-reason')).toContainText('Cannot reach the AI endpoint');
    await page.screenshot({ path: 'test-results/ai-model-test-failed-en.png' });
    await testEn.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await switchLanguage(page, '中文');
  } finally {
    await ai?.close();
  }
});
