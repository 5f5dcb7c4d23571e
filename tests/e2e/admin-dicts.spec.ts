import { test, expect, signIn, clickRowAction, rowHasAction } from './fixtures';
import type { Page } from '@playwright/test';

// Dictionaries end to end: edit a dictionary entry and see the change in a form
// select (the console's SQLite dictionary cache is dropped for that code); the
// vertical layout forbids editing children.

const dialog = (page: Page) => page.getByRole('dialog');

async function noticeCategoryOptions(page: Page): Promise<string[]> {
  await page.getByRole('menuitem', { name: /消息与资源/ }).click();
  await page.getByRole('menuitem', { name: /通知公告/ }).click();
  await expect(page).toHaveURL(/#\/desk\/notice/);
  const notice = page.locator('section.desk-page[data-path="/desk/notice"]');
  await notice.getByRole('button', { name: /新\s*增/ }).click();
  await dialog(page).getByLabel('通知类型').click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options.first()).toBeVisible();
  // the open list can re-render (options arriving, the dropdown's motion): read it once it holds items
  let texts: string[] = [];
  await expect.poll(async () => (texts = await options.allInnerTexts()).length).toBeGreaterThan(0);
  await page.keyboard.press('Escape');
  await dialog(page).getByRole('button', { name: /取\s*消/ }).click();
  return texts;
}

test.describe('dictionaries', () => {
  test.beforeEach(async ({ page, host }) => {
    await signIn(page, host);
  });

  test('an edited entry shows up in a form select', async ({ page }) => {
    expect(await noticeCategoryOptions(page)).toContain('发布通知');

    await page.getByRole('menuitem', { name: /系统管理/ }).click();
    await page.getByRole('menuitem', { name: /系统字典/ }).click();
    await expect(page).toHaveURL(/#\/system\/dict/);
    const dict = page.locator('section.desk-page[data-path="/system/dict"]');
    const parent = dict.getByRole('row', { name: /通知类型/ });
    await parent.getByRole('button', { name: /展开|Expand/ }).click();
    const child = dict.getByRole('row', { name: /发布通知/ });
    await child.getByRole('button', { name: /编\s*辑/ }).click();
    await expect(dialog(page).getByLabel('字典键值')).toHaveValue('1');
    await dialog(page).getByLabel('字典名称').fill('发布公告通知');
    await dialog(page).getByRole('button', { name: /确\s*定|保\s*存/ }).click();
    await expect(page.getByText('更新成功')).toBeVisible();

    // a fresh start of the screens: the select reads the dictionary again (cache dropped for `notice`)
    await page.reload();
    await expect(page.getByRole('menuitem', { name: /消息与资源/ })).toBeVisible();
    const options = await noticeCategoryOptions(page);
    expect(options).toContain('发布公告通知');
    expect(options).not.toContain('发布通知');
  });

  test('a child needs a key; the vertical layout cannot edit children', async ({ page }) => {
    await page.getByRole('menuitem', { name: /系统管理/ }).click();
    await page.getByRole('menuitem', { name: /系统字典/ }).click();
    const dict = page.locator('section.desk-page[data-path="/system/dict"]');
    const parent = dict.getByRole('row', { name: /是否/ }).first();
    await clickRowAction(page, parent, /新增下级/);
    await dialog(page).getByLabel('字典名称').fill('也许');
    await dialog(page).getByRole('button', { name: /确\s*定|保\s*存/ }).click();
    await expect(dialog(page).getByText('请输入字典键值')).toBeVisible();
    await dialog(page).getByLabel('字典键值').fill('2');
    await dialog(page).getByRole('button', { name: /确\s*定|保\s*存/ }).click();
    await expect(page.getByText('新增成功')).toBeVisible();

    await page.evaluate(() => (window.location.hash = '#/dict-vertical/index'));
    const vertical = page.locator('section.desk-page[data-path="/dict-vertical/index"]');
    const row = vertical.getByRole('row', { name: /yes_no/ });
    await expect(row.getByRole('button', { name: /编\s*辑/ })).toBeVisible();
    expect(await rowHasAction(page, row, /新增下级/)).toBe(false);
    await row.getByRole('button', { name: /展开|Expand/ }).click();
    const child = vertical.getByRole('row', { name: /也许/ });
    await expect(child).toBeVisible();
    await expect(child.getByRole('button', { name: /编\s*辑/ })).toHaveCount(0);
    await expect(child.getByRole('button', { name: /删\s*除/ })).toHaveCount(0);
    await expect(child.getByRole('button', { name: /查\s*看/ })).toBeVisible();
  });
});
