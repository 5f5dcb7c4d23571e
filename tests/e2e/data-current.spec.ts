import { test, expect, signIn, openScreen, appReady, rpc, type WebHost } from './fixtures';
import type { Locator, Page } from '@playwright/test';

// Data is current everywhere: a write in one tab shows in every other open tab that lists the resource or
// depends on it (their lists, a form's select, a dictionary-backed select) when the tab is shown again,
// without 搜索 or a reload, and in a second page on the same profile too. Nothing here presses 搜索. The checks
// of a view being current are soft: a run reports every view that stayed stale, not only the first.

const tabs = (page: Page) => page.getByRole('navigation', { name: '已打开的页面' });
const screen = (page: Page, path: string) => page.locator(`section.desk-page[data-path="${path}"]`);
const dialog = (page: Page) => page.getByRole('dialog');
/** a unique suffix: the worker's host (and its data) is shared by the spec files of a run, and a retry runs again */
const stamp = () => String(Date.now() % 1_000_000);

async function showTab(page: Page, name: string, path: string): Promise<Locator> {
  await tabs(page).getByRole('tab', { name }).click();
  const shown = page.locator(`section.desk-page[data-path="${path}"]:not([hidden])`);
  await expect(shown).toBeVisible();
  return shown;
}

/** how many rows the server holds for a list (what its 共 N 条 must say) */
async function serverTotal(host: WebHost, url: string): Promise<number> {
  const r = (await rpc(host, 'api:request', { method: 'get', url, params: { current: 1, size: 10 } })) as { ok: boolean; data: { data: { total: number } } };
  expect(r.ok).toBe(true);
  return r.data.data.total;
}
const GROUPS = '/website-blade-material/websiteGroup/page';
const IMPORTS = '/seo-blade-material/importTask/page';
const totalText = (section: Locator) => section.locator('.ant-pagination-total-text');

async function addGroup(page: Page, section: Locator, name: string): Promise<void> {
  await section.getByRole('button', { name: /新\s*增/ }).click();
  await expect(dialog(page)).toBeVisible();
  await dialog(page).getByLabel('分组名称').fill(name);
  const type = dialog(page).getByLabel('分组类型', { exact: true });
  await type.click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '普通' }).click();
  await dialog(page).getByRole('button', { name: /确\s*定|保\s*存/ }).click();
  await expect(page.getByText('新增成功')).toBeVisible();
  await expect(dialog(page)).toBeHidden();
}

/** the options of a select in the open form dialog (closes the list again) */
async function selectOptions(page: Page, label: string): Promise<string[]> {
  await dialog(page).getByLabel(label, { exact: true }).click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options.first()).toBeVisible();
  let texts: string[] = [];
  await expect.poll(async () => (texts = await options.allInnerTexts()).length).toBeGreaterThan(0);
  await page.keyboard.press('Escape');
  return texts;
}

/** a second page (window) on the same profile: the session lives in the host, so it opens signed in */
async function secondPage(page: Page, host: WebHost, path: string): Promise<Page> {
  const other = await page.context().newPage();
  await other.goto(host.url);
  await appReady(other);
  await expect(other).toHaveURL(/#\/wel\/index/);
  await openScreen(other, host, path);
  return other;
}

test.describe('data current everywhere', () => {
  test.beforeEach(async ({ page, host }) => {
    await signIn(page, host);
  });

  test('a website group and a keyword import show in every open tab and in a second page', async ({ page, host }) => {
    test.setTimeout(120_000);
    const id = stamp();
    const first = `刷新分组${id}`;
    const second = `别窗分组${id}`;

    // the tabs that list or use the resources, opened before the writes
    await openScreen(page, host, '/site/websiteInfo');
    await openScreen(page, host, '/article/importTask');
    const tasks = screen(page, '/article/importTask');
    await openScreen(page, host, '/article/keyword');
    await openScreen(page, host, '/site/websiteGroup');
    const groups = screen(page, '/site/websiteGroup');
    const other = await secondPage(page, host, '/site/websiteGroup');
    const otherGroups = screen(other, '/site/websiteGroup');

    // a group added here: the second page's list (shown there) has it, without 搜索
    await addGroup(page, groups, first);
    await expect(groups.getByRole('row', { name: new RegExp(first) })).toBeVisible();
    await expect.soft(otherGroups.getByRole('row', { name: new RegExp(first) })).toBeVisible();
    await expect.soft(totalText(otherGroups)).toHaveText(`共 ${await serverTotal(host, GROUPS)} 条`);

    // the website tab shown again: its form's group select and its search's group select offer the new group
    const websites = await showTab(page, '网站管理', '/site/websiteInfo');
    await websites.getByRole('button', { name: /新\s*增/ }).click();
    await expect(dialog(page)).toBeVisible();
    await expect.soft.poll(() => selectOptions(page, '网站分组')).toContain(first);
    await dialog(page).getByRole('button', { name: /取\s*消/ }).click();
    await expect(dialog(page)).toBeHidden();

    // a group added in the second page while this page shows another tab: 网站分组 shown again has it and the total
    await addGroup(other, otherGroups, second);
    await showTab(page, '网站分组', '/site/websiteGroup');
    await expect.soft(groups.getByRole('row', { name: new RegExp(second) })).toBeVisible();
    await expect.soft(totalText(groups)).toHaveText(`共 ${await serverTotal(host, GROUPS)} 条`);
    await other.close();

    // the home page (open since sign-in) counts the groups again when shown
    const home = await showTab(page, '首页', '/wel/index');
    await expect.soft(home.locator('.ant-statistic', { hasText: '网站分组' }).locator('.ant-statistic-content-value')).toHaveText(String(await serverTotal(host, GROUPS)));

    // a keyword file imported in 关键词管理: 导入任务 shown again lists the new task
    const keywords = await showTab(page, '关键词管理', '/article/keyword');
    await keywords.getByRole('button', { name: '导入' }).click();
    await expect(dialog(page)).toBeVisible();
    await dialog(page).locator('input[type=file]').setInputFiles({ name: 'current.txt', mimeType: 'text/plain', buffer: Buffer.from(`刷新词${id}一\n刷新词${id}二\n`) });
    await dialog(page).getByRole('button', { name: '确认导入' }).click();
    await expect(dialog(page).getByText('共 2 行，成功 2 行，失败 0 行')).toBeVisible();
    await dialog(page).locator('.ant-modal-footer').getByRole('button', { name: /关\s*闭/ }).click();
    await expect(dialog(page)).toBeHidden();
    await showTab(page, '导入任务', '/article/importTask');
    await expect(tasks.getByRole('row', { name: /关键词导入/ }).first()).toBeVisible();
    await expect(totalText(tasks)).toHaveText(`共 ${await serverTotal(host, IMPORTS)} 条`);
  });

  test('a dictionary edit shows in the select of an open tab', async ({ page, host }) => {
    const renamed = `事务通知${stamp()}`;
    await openScreen(page, host, '/desk/notice');
    const notice = screen(page, '/desk/notice');
    await notice.getByRole('button', { name: /新\s*增/ }).click();
    await expect(dialog(page)).toBeVisible();
    expect(await selectOptions(page, '通知类型')).not.toContain(renamed);
    await dialog(page).getByRole('button', { name: /取\s*消/ }).click();
    await expect(dialog(page)).toBeHidden();

    // 系统字典: rename an entry of 通知类型
    await openScreen(page, host, '/system/dict');
    const dict = screen(page, '/system/dict');
    await dict.getByRole('row', { name: /通知类型/ }).getByRole('button', { name: /展开|Expand/ }).click();
    await dict.getByRole('row', { name: /事务通知/ }).getByRole('button', { name: /编\s*辑/ }).click();
    await expect(dialog(page).getByLabel('字典键值')).toHaveValue('6');
    await dialog(page).getByLabel('字典名称').fill(renamed);
    await dialog(page).getByRole('button', { name: /确\s*定|保\s*存/ }).click();
    await expect(page.getByText('更新成功')).toBeVisible();

    // 通知公告 shown again: its form's select has the new name
    await showTab(page, '通知公告', '/desk/notice');
    await notice.getByRole('button', { name: /新\s*增/ }).click();
    await expect(dialog(page)).toBeVisible();
    await expect.poll(() => selectOptions(page, '通知类型')).toContain(renamed);
  });

  test('a department added shows in the department tree beside the user list', async ({ page, host }) => {
    const name = `刷新部门${stamp()}`;
    await openScreen(page, host, '/system/user');
    const users = screen(page, '/system/user');
    await expect(users.getByTestId('side-tree').getByRole('tree')).toBeVisible();
    await openScreen(page, host, '/system/dept');
    await screen(page, '/system/dept').getByRole('button', { name: /新\s*增/ }).click();
    await expect(dialog(page)).toBeVisible();
    await dialog(page).getByLabel('部门名称').fill(name);
    await dialog(page).getByRole('button', { name: /确\s*定|保\s*存/ }).click();
    await expect(page.getByText('新增成功')).toBeVisible();

    await showTab(page, '用户管理', '/system/user');
    await expect(users.getByTestId('side-tree').getByText(name)).toBeVisible();
  });
});
