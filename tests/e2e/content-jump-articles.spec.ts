// Articles in jump pages (issue 38 item 1), through the screens: 文章管理's 网站栏目 offers only the columns that hold
// pages; an article a version before the rule left in a jump page is flagged in the list; a deploy's result names
// it and why; and its column, although it is published, can be changed to a page column, which clears the flag.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import { api, clickRowAction, expect, openScreen, rpc, signIn, test, type WebHost } from './fixtures';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
const M = '/website-blade-material';

const dialog = (page: Page) => page.getByRole('dialog');
const formItem = (page: Page, label: string) => dialog(page).locator('.ant-form-item').filter({ has: page.locator(`label[title="${label}"]`) });

async function upload(host: WebHost, name: string, scene: string): Promise<string> {
  const up = (await rpc(host, 'file:upload', { name, type: 'image/png', base64: PNG.toString('base64'), scene })) as { ok: boolean; data: { link: string } };
  expect(up.ok).toBe(true);
  return up.data.link;
}

/** A group with a deployable website (a local folder server), a page column and a jump page made before it. */
async function setUp(host: WebHost): Promise<{ groupId: string; siteId: string; jumpId: string }> {
  const group = await api(host, 'post', `${M}/websiteGroup/save`, { name: '跳转测试组', type: 0 });
  const server = await api(host, 'post', `${M}/serverInfo/save`, { serverName: 'jump-web', serverIp: '10.4.0.1', serverPort: 22, serverUsername: 'u', serverPassword: 'p', serverType: 'local' });
  const domain = await api(host, 'post', `${M}/domainInfo/save`, { name: '跳转测试站', domain: 'e2e-jump.com', domainService: '1', serverId: server.id });
  const template = await api(host, 'post', '/seo-blade-material/websiteTemplate/submit', { templateName: '跳转模板', type: '1', image: await upload(host, 'tpl.png', 'template') });
  const contact = await api(host, 'post', `${M}/contactInfo/submit`, { name: '跳转客服' });
  const imgGroup = await api(host, 'post', `${M}/imgGroup/submit`, { name: '跳转图组' });
  await api(host, 'post', `${M}/websiteImg/submit`, { imageUrl: await upload(host, 'logo.png', 'material'), alt: 'Logo', imgGroupId: imgGroup.id });
  const site = await api(host, 'post', `${M}/websiteInfo/save`, {
    websiteGroupId: group.id, websiteType: 0, websiteName: '跳转测试站', websiteLang: 'zh-CN', descVal: 'd', keywords: 'k',
    domainInfoId: domain.id, templateId: template.id, type: 1, icoId: imgGroup.id, logoId: imgGroup.id, bannerId: imgGroup.id, contactId: contact.id,
  });
  const pageConfig = await api(host, 'post', '/blade-material/templatePageConfig/submit', { name: '跳转列表页', listPage: '{cateId}/', detailsPage: '{cateId}/{id}.html' });
  // the jump page first: it was listed first in the column select before
  const jump = await api(host, 'post', '/seo-blade-article/cate/submit', { websiteGroupId: group.id, cateName: '外部商城', type: 3, linkUrl: 'https://shop.example.com/', optStatus: 0 });
  await api(host, 'post', '/seo-blade-article/cate/submit', { websiteGroupId: group.id, cateName: '行业新闻', type: 2, pageId: pageConfig.id, optStatus: 0 });
  return { groupId: String(group.id), siteId: String(site.id), jumpId: String(jump.id) };
}

/** a published article a version before the rule left in a jump page, written into the Local workspace's database */
function legacyArticle(host: WebHost, o: { groupId: string; siteId: string; jumpId: string }, title: string): void {
  const db = new Database(join(host.dataDir, 'server', 'server.db'));
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare(`INSERT INTO article (id, tenant_id, website_info_id, website_group_id, parent_id, title, keyword, content, desc_val, sort, display_status, status,
        create_user, create_dept, create_time, update_user, update_time, is_deleted)
      VALUES (?, '000000', ?, ?, ?, ?, 'k', '<p>旧正文</p>', '旧描述', 0, 1, 1, '1', '1', '2026-01-01 00:00:00', '1', '2026-01-01 00:00:00', 0)`)
      .run(`9${Date.now()}`, o.siteId, o.groupId, o.jumpId, title);
  } finally {
    db.close();
  }
}

test('jump pages: not offered for an article, an old article in one is flagged, named by the deploy and movable', async ({ page, host }) => {
  test.setTimeout(90_000);
  await signIn(page, host);
  const ids = await setUp(host);
  legacyArticle(host, ids, '跳转里的旧文章');

  // 新增: the column select offers the page column only
  await openScreen(page, host, '/article/article');
  await page.getByRole('button', { name: /新\s*增/ }).click();
  await dialog(page).getByLabel('网站分组', { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '跳转测试组' }).click();
  await dialog(page).getByLabel('网站栏目', { exact: true }).click();
  const offered = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(offered.filter({ hasText: '行业新闻' })).toHaveCount(1);
  await expect(offered.filter({ hasText: '外部商城' })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/jump-article-columns.png' });
  await page.keyboard.press('Escape');
  await dialog(page).getByRole('button', { name: /取\s*消/ }).click();

  // the old article is flagged in the list
  const row = page.getByRole('table').getByRole('row', { name: /跳转里的旧文章/ });
  await expect(row).toContainText('跳转栏目：不生成页面');
  await expect(row.locator('.desk-tone-error')).toHaveText('跳转栏目：不生成页面');
  await page.screenshot({ path: 'test-results/jump-article-flagged.png' });

  // the deploy names it, and why
  await openScreen(page, host, '/site/websiteInfo');
  const site = page.getByRole('row', { name: /跳转测试站/ });
  await clickRowAction(page, site, /部\s*署/);
  const deploy = page.getByRole('dialog', { name: '部署网站' });
  await deploy.getByTestId('deploy-start').click();
  // the dialog answers once the deploy is done (render, copy): seconds, more while CI builds the stock consoles beside
  await expect(deploy.getByText('部署成功')).toBeVisible({ timeout: 30_000 });
  await expect(deploy).toContainText('未生成 1 篇已发布文章的页面：《跳转里的旧文章》（栏目「外部商城」是跳转页面）');
  await page.screenshot({ path: 'test-results/jump-article-deploy.png' });
  await deploy.locator('.ant-modal-footer').getByRole('button', { name: /关\s*闭/ }).click();

  // published, yet its column can move to a page column; then the flag is gone
  await openScreen(page, host, '/article/article');
  await row.getByRole('button', { name: '编辑' }).click();
  await expect(dialog(page).getByLabel('网站分组', { exact: true })).toBeDisabled();
  await expect(dialog(page).getByLabel('网站栏目', { exact: true })).toBeEnabled();
  await dialog(page).getByLabel('网站栏目', { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '行业新闻' }).click();
  await expect(formItem(page, '网站栏目')).toContainText('行业新闻');
  await dialog(page).getByRole('button', { name: /确\s*定|保\s*存/ }).click();
  await expect(page.getByText('更新成功')).toBeVisible();
  await expect(row).not.toContainText('跳转栏目：不生成页面');
  await expect(row).toContainText('行业新闻');
});
