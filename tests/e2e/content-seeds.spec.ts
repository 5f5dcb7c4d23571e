// Flows that used to stop on a fresh install, through the screens: the 模板页面
// screen holds the seeded template pages (its patterns checked as the renderer
// checks them, a page switched off); a type-2 category is created on a seeded
// page, its select offering the enabled pages only. On a fresh install and on the
// sample matrix the first rows of every content list open in their edit dialog
// and save unchanged (every row, through the API: content-seeds-save.test.ts).
import type { Page, Response } from '@playwright/test';
import { clickRowAction, expect, freshHostTest as test, openScreen, rowHasAction, rpc, signIn, signInTenant, switchLanguage } from './fixtures';

const dialog = (page: Page) => page.getByRole('dialog');
const fieldError = (page: Page, text: string) => dialog(page).locator('.ant-form-item-explain-error', { hasText: text });
const save = (page: Page) => dialog(page).getByRole('button', { name: /确\s*定|保\s*存|^OK$|^Save$/ }).click();
const shown = (page: Page, path: string) => page.locator(`.desk-page[data-path="${path}"]:not([hidden])`);
const dropdown = (page: Page) => page.locator('.ant-select-dropdown:visible');

async function add(page: Page) {
  await page.getByRole('button', { name: /新\s*增|^Add$/ }).click();
  await expect(dialog(page)).toBeVisible();
}

async function pick(page: Page, label: string, option: string) {
  await dialog(page).getByLabel(label, { exact: true }).click();
  await dropdown(page).locator('.ant-select-item-option', { hasText: option }).first().click();
}

test('fresh install: the seeded template pages, one switched off, and a type-2 category created on one', async ({ page, freshHost: host }) => {
  await signIn(page, host);

  // 模板页面: the three seeded pages, enabled
  await openScreen(page, host, '/site/templatePageConfig');
  const list = shown(page, '/site/templatePageConfig');
  for (const name of ['默认页面', '资讯页面', '产品页面']) await expect(list.getByRole('row', { name: new RegExp(name) })).toBeVisible();
  await expect(list.getByRole('row', { name: /默认页面/ })).toContainText('{cateId}/{id}.html');
  await page.screenshot({ path: 'test-results/template-pages-zh.png', fullPage: true });

  // a pattern the renderer would not use is refused in the form, with its message
  await add(page);
  await dialog(page).getByLabel('页面名称').fill('专题页面');
  await dialog(page).getByLabel('列表页').fill('topic');
  await dialog(page).getByLabel('详情页').fill('../{id}.html');
  await save(page);
  await expect(fieldError(page, '列表页须包含栏目ID占位符{cateId}')).toBeVisible();
  await expect(fieldError(page, '详情页不能包含 . 或 .. 目录')).toBeVisible();
  await page.screenshot({ path: 'test-results/template-pages-form-zh.png' });
  await dialog(page).getByLabel('列表页').fill('topic/{cateId}/');
  await dialog(page).getByLabel('详情页').fill('topic/{id}.html');
  await save(page);
  await expect(page.getByText('新增成功')).toBeVisible();
  await expect(dialog(page)).toBeHidden();
  await expect(list.getByRole('row', { name: /专题页面/ })).toContainText('topic/{cateId}/');

  // 产品页面 switched off with the switch in its row (the list's own status switch)
  const product = list.getByRole('row', { name: /产品页面/ });
  await expect(product.getByRole('switch')).toBeChecked();
  await product.getByRole('switch').click();
  await expect(page.getByText('操作成功!')).toBeVisible();
  await expect(product.getByRole('switch')).not.toBeChecked();

  // a website group, then a type-2 category on a seeded page: the select offers the enabled pages only
  await openScreen(page, host, '/site/websiteGroup');
  await add(page);
  await dialog(page).getByLabel('分组名称').fill('新装分组');
  await pick(page, '分组类型', '普通');
  await save(page);
  await expect(page.getByText('新增成功')).toBeVisible();
  await expect(dialog(page)).toBeHidden();

  await openScreen(page, host, '/article/cate');
  await add(page);
  await pick(page, '网站分组', '新装分组');
  await dialog(page).getByLabel('栏目名称').fill('新闻中心');
  await dialog(page).getByLabel('模板页面', { exact: true }).click();
  const options = dropdown(page).locator('.ant-select-item-option');
  await expect(options).toHaveText(['专题页面', '默认页面', '资讯页面']);
  await page.screenshot({ path: 'test-results/category-page-select-zh.png' });
  await options.filter({ hasText: '默认页面' }).click();
  await save(page);
  await expect(page.getByText('新增成功')).toBeVisible();
  await expect(dialog(page)).toBeHidden();
  await expect(shown(page, '/article/cate').getByRole('row', { name: /新闻中心/ })).toContainText('新装分组');

  // the screen in English
  await switchLanguage(page, 'English');
  await openScreen(page, host, '/site/templatePageConfig');
  await expect(shown(page, '/site/templatePageConfig').getByRole('columnheader', { name: 'List page' })).toBeVisible();
  await page.screenshot({ path: 'test-results/template-pages-en.png', fullPage: true });
  await add(page);
  await save(page);
  await expect(fieldError(page, 'Please enter the list page')).toBeVisible();
  await page.screenshot({ path: 'test-results/template-pages-form-en.png' });
  await dialog(page).getByRole('button', { name: /Cancel|取\s*消/ }).click();

  // a declared resource (issue 39): the form's rules and the server's message in English, the same table
  await openScreen(page, host, '/site/websiteLanguage');
  await add(page);
  await dialog(page).getByLabel('Abbreviation').fill('en US');
  await save(page);
  await expect(fieldError(page, 'Please enter the language')).toBeVisible();
  await expect(fieldError(page, 'The abbreviation is not a valid language tag (e.g. zh-CN, en)')).toBeVisible();
  // the seeded abbreviation en is taken: only the server knows it, and answers in the console's language
  await dialog(page).getByLabel('Language', { exact: true }).fill('English again');
  await dialog(page).getByLabel('Abbreviation').fill('en');
  await save(page);
  await expect(page.getByText('This abbreviation already exists')).toBeVisible();
  await page.screenshot({ path: 'test-results/declared-language-en.png' });
  await dialog(page).getByRole('button', { name: /Cancel|取\s*消/ }).click();
  await switchLanguage(page, '中文');
});

/** Every list screen of the content area (src-renderer/screens/content/index.ts, the dashboard aside). */
const CONTENT_LISTS = [
  '/site/websiteInfo', '/site/searchEngine', '/site/websiteGroup', '/site/websiteAssocia', '/site/websiteLanguage', '/site/templateConfig', '/site/templatePageConfig',
  '/site/customPageUrl', '/site/deployTasks', '/infra/domainInfo', '/infra/serverInfo', '/material/websiteTemplate', '/material/websiteNavbar',
  '/material/links', '/material/advert', '/material/contactInfo', '/material/imgGroup', '/material/websiteImg', '/material/goods', '/article/cate',
  '/article/article', '/article/paragraph', '/article/keyword', '/article/gptProduceKeyword', '/article/gptProduceArticle', '/article/importTask',
  '/article/taskErrorLog', '/article/gptGenerateTemplateParm', '/ai/aiModel', '/ai/key',
];

/** rows edited per list through the dialogs (the rows of one list share their shape; about 2 s a dialog) */
const ROWS_PER_LIST = 3;

/**
 * Opens the edit dialog of the first rows of every content list and saves each unchanged: the back end takes
 * it and the dialog closes. Answers the screens that had rows to edit. (Every row of every resource is saved
 * through the API in tests/contract/content-seeds-save.test.ts.)
 */
async function saveEveryRowUnchanged(page: Page, host: Parameters<typeof openScreen>[1]): Promise<string[]> {
  const edited: string[] = [];
  // the replies of the renderer's writes (its RPC to main), in order
  const writes: string[] = [];
  const onReply = async (r: Response) => {
    if (r.url().includes('/rpc/api:request') && /"method":"post"/.test(r.request().postData() ?? '')) writes.push(await r.text());
  };
  page.on('response', onReply);
  for (const path of CONTENT_LISTS) {
    await openScreen(page, host, path);
    const rows = shown(page, path).locator('tbody tr.ant-table-row');
    // the table shows before its first page has come: an empty list is one whose first page has come with no row
    // (CrudPage marks its table's box data-list-loaded; a list taken for empty wrongly fails the checks of what
    // each install must have edited)
    await shown(page, path).locator('[data-list-loaded]').waitFor();
    const count = Math.min(await rows.count(), ROWS_PER_LIST);
    for (let i = 0; i < count; i++) {
      if (!(await rowHasAction(page, rows.nth(i), /编\s*辑/))) break; // a screen without edit (import tasks, error log)
      await clickRowAction(page, rows.nth(i), /编\s*辑/);
      const sent = writes.length;
      // drawn, not zooming in (the save button takes clicks once the record has come: FormDialog)
      await expect(page.locator('.ant-modal').last()).not.toHaveClass(/ant-zoom-(appear|enter)/);
      await save(page);
      // a saved row closes its dialog; a refusal keeps it open (the form's messages, or the back end's reply)
      await expect(dialog(page)).toBeHidden({ timeout: 15_000 }).catch(async () => {
        const why = [...(await page.locator('.ant-form-item-explain-error').allInnerTexts()), ...writes.slice(sent)];
        throw new Error(`${path} row ${i + 1} not saved: ${why.join(' | ') || 'no message, no request'}`);
      });
      await expect.poll(() => writes.length, `${path} row ${i + 1}: one write`).toBe(sent + 1); // its reply is read after the page has it
      expect(JSON.parse(writes[sent]!).ok, `${path} row ${i + 1}: ${writes[sent]}`).toBe(true);
      if (i === 0) edited.push(path);
    }
  }
  page.off('response', onReply);
  return edited;
}

test('a fresh install and the sample matrix: the rows of every content list save unchanged from their edit dialogs', async ({ page, freshHost: host }) => {
  test.setTimeout(300_000);
  await signIn(page, host);
  // a fresh install holds the seeded template pages and languages
  expect(await saveEveryRowUnchanged(page, host)).toEqual(['/site/websiteLanguage', '/site/templatePageConfig']);

  const loaded = (await rpc(host, 'api:request', { method: 'post', url: '/website-blade-system/sampleMatrix/load', data: {} })) as { ok: boolean };
  expect(loaded.ok, JSON.stringify(loaded)).toBe(true);
  await rpc(host, 'auth:logout');
  await signInTenant(page, host, '888888');

  // the website's language is one of the tenant's languages (语言管理), shown by its name
  await openScreen(page, host, '/site/websiteInfo');
  await clickRowAction(page, shown(page, '/site/websiteInfo').locator('tbody tr.ant-table-row').first(), /编\s*辑/);
  await expect(dialog(page).locator('.ant-form-item').filter({ has: page.locator('label[title="网站语言"]') })).toContainText('中文');
  await page.screenshot({ path: 'test-results/sample-website-edit.png' });
  await dialog(page).getByRole('button', { name: /取\s*消/ }).click();

  const edited = await saveEveryRowUnchanged(page, host);
  // what the sample matrix seeds, each screen's first page saved row by row
  for (const path of ['/site/websiteInfo', '/site/searchEngine', '/site/websiteGroup', '/site/websiteLanguage', '/site/templatePageConfig', '/infra/domainInfo', '/infra/serverInfo', '/material/websiteTemplate', '/material/contactInfo', '/material/imgGroup', '/material/websiteImg', '/article/cate', '/article/article', '/article/keyword', '/article/gptProduceArticle', '/ai/aiModel']) {
    expect(edited, path).toContain(path);
  }
});
