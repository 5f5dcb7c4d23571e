// The search-engine loop end to end (issue 36), through the screens, against the
// engines' stand-ins on 127.0.0.1: an operator of the sample matrix connects the
// tenant's accounts and the tea website's engines (搜索引擎), deploys the site
// (网站管理), sees its URLs announced (the IndexNow stand-in fetched the key file
// from the deployed release; Baidu took them within its quota; Google got the
// sitemap), edits one article and deploys again (only what changed is
// announced), syncs (立即同步: the real job and the official Search Console
// client) and reads the traffic on 数据看板 (the totals are the stand-in's rows).
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { api, clickRowAction, expect, freshHostTest as test, openScreen, rpc, signIn, signInTenant, switchLanguage } from './fixtures';
import { baiduStandIn, googleStandIn, indexNowStandIn, makeServiceAccount, seededRows, siteServer } from '../support/search-engines';

const TEA = '示例茶叶资讯站';
const HOST = 'tea.sample-matrix.test';
const ORIGIN = `http://${HOST}`;
const PROPERTY = `sc-domain:${HOST}`;
const ROWS_PER_DAY = 40;
const SAVE = /确\s*定|保\s*存/;

const shown = (page: Page, path: string) => page.locator(`.desk-page[data-path="${path}"]:not([hidden])`);
const dialog = (page: Page) => page.getByRole('dialog').last();
const siteRow = (page: Page) => shown(page, '/site/searchEngine').locator('tbody tr.ant-table-row', { hasText: TEA });

/** the local date `n` days before today (the dashboard's presets count so; the back end's clock is this machine's) */
function day(n: number): string {
  const d = new Date();
  d.setDate(d.getDate() - n);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** reads the 搜索引擎 list again until `check` holds for the tea row */
async function untilRow(page: Page, check: (row: Locator) => Promise<void>): Promise<void> {
  await expect(async () => {
    await shown(page, '/site/searchEngine').getByRole('button', { name: /搜\s*索/ }).click();
    await check(siteRow(page));
  }).toPass({ timeout: 60_000 });
}

async function deployTea(page: Page, host: Parameters<typeof openScreen>[1]): Promise<void> {
  await openScreen(page, host, '/site/websiteInfo');
  await clickRowAction(page, shown(page, '/site/websiteInfo').getByRole('row', { name: new RegExp(TEA) }), /部\s*署/);
  const deploy = page.getByRole('dialog', { name: '部署网站' });
  // a click while the dialog zooms in can be lost (seen: the second deploy's dialog stayed at 等待)
  await expect(page.locator('.ant-modal:has([data-testid="deploy-start"])')).not.toHaveClass(/ant-zoom-(appear|enter)/);
  await deploy.getByTestId('deploy-start').click();
  await expect(deploy.getByTestId('deploy-cancel').or(deploy.getByText('部署成功'))).toBeVisible();
  await expect(deploy.getByText('部署成功')).toBeVisible({ timeout: 60_000 });
  await deploy.locator('.ant-modal-footer').getByRole('button', { name: /关\s*闭/ }).click();
  await expect(deploy).toBeHidden();
}

test('connect a website, deploy it, see its URLs announced, sync, and read the chart', async ({ page, freshHost: host }) => {
  test.setTimeout(300_000);
  const g = await googleStandIn({ rowsPerDay: ROWS_PER_DAY });
  const key = makeServiceAccount(g.tokenUri, 'loop-e2e');
  g.trust(key);
  let teaId = '';
  // the sample matrix's server is a local folder without a path: its sites are kept in the back end's data folder
  const live = await siteServer((h) => (h === HOST && teaId ? join(host.dataDir, 'server', 'sites', teaId, HOST) : undefined));
  const ix = await indexNowStandIn(async (location, h) => {
    const res = await fetch(`${live.url}${new URL(location).pathname}`, { headers: { 'x-site-host': h } });
    return res.ok ? res.text() : undefined;
  });
  const baidu = await baiduStandIn();
  baidu.register(ORIGIN, 'loopToken2026', 1000);
  try {
    await signIn(page, host);
    await api(host, 'post', '/website-blade-system/sampleMatrix/load', {});
    await rpc(host, 'auth:logout');
    await signInTenant(page, host, '888888');
    const tea = ((await api(host, 'get', '/seo-blade-search/site/page', undefined, { websiteName: '茶叶' })).records as Record<string, string>[])[0]!;
    teaId = tea.id!;

    // ---- 搜索引擎: the tenant's accounts (the key pasted), then the tea website's engines
    await openScreen(page, host, '/site/searchEngine');
    const accounts = shown(page, '/site/searchEngine').getByTestId('search-accounts');
    await accounts.getByRole('button', { name: '账号设置' }).click();
    const form = dialog(page);
    await form.getByLabel('IndexNow 接口').fill(ix.endpoint);
    await form.getByLabel('百度推送接口').fill(baidu.endpoint);
    await form.getByRole('textbox', { name: 'Google 服务账号密钥' }).fill(key.json);
    await expect(form.getByTestId('pasted-email')).toContainText(key.clientEmail);
    await form.getByText('高级：API 地址').click();
    await form.getByLabel('Search Console API').fill(g.rootUrl);
    await form.getByRole('button', { name: SAVE }).click();
    await expect(form).toBeHidden();
    await expect(accounts.getByTestId('client-email')).toHaveText(key.clientEmail);
    // the operator adds the service account to the property in Search Console
    g.grant(PROPERTY, key.clientEmail);

    await clickRowAction(page, siteRow(page), /编\s*辑/);
    const edit = dialog(page);
    await expect(edit.getByRole('textbox', { name: 'IndexNow 密钥' })).toHaveValue(/^[0-9a-f]{32}$/);
    await edit.getByRole('switch', { name: 'IndexNow' }).click();
    await edit.getByRole('switch', { name: '百度普通收录' }).click();
    await edit.getByLabel('百度推送令牌').fill('loopToken2026');
    await edit.getByRole('switch', { name: 'Google Search Console' }).click();
    await edit.getByRole('button', { name: SAVE }).click();
    await expect(edit).toBeHidden();
    for (const kind of ['indexnow', 'baidu', 'google']) await expect(siteRow(page).locator(`[data-connection="${kind}"]`)).toHaveAttribute('data-state', 'on');

    // ---- the first deploy: every page of the site and its sitemap announced
    await deployTea(page, host);
    await openScreen(page, host, '/site/searchEngine');
    await untilRow(page, async (row) => expect(row.locator('[data-announce-state]')).toHaveAttribute('data-announce-state', 'done'));
    const first = new Set(ix.accepted);
    expect(first.has(`${ORIGIN}/`)).toBe(true);
    expect(first.has(`${ORIGIN}/sitemap.xml`)).toBe(true);
    expect([...first].filter((u) => u.endsWith('.html')).length).toBeGreaterThan(3);
    // IndexNow checked the key file on the deployed release; Baidu took the same pages; Google got the sitemap
    expect(live.fetched).toContain(`${HOST}/${tea.indexnowKey}.txt`);
    expect(new Set(baidu.accepted.get(ORIGIN))).toEqual(first);
    expect(g.submitted).toContainEqual({ property: PROPERTY, feedpath: `${ORIGIN}/sitemap.xml` });
    // the row counts them: announced = accepted (IndexNow and Baidu each take every URL, Google the sitemap)
    const total = first.size * 2 + 1;
    await expect(siteRow(page).locator('[data-urls]')).toHaveAttribute('data-urls', `${total}/${total}/0/0`);
    await page.screenshot({ path: 'test-results/search-loop-announced.png', fullPage: true });

    // 提交记录: each URL with its outcome
    await clickRowAction(page, siteRow(page), '提交记录');
    const history = dialog(page);
    await expect(history.getByRole('row', { name: new RegExp(`${ORIGIN}/sitemap\\.xml`) }).first()).toContainText('已提交');
    await history.screenshot({ path: 'test-results/search-loop-history.png' });
    await history.locator('.ant-modal-close').click();
    await expect(history).toBeHidden();
    // in English: the announcement's message the server kept is read in English too
    await switchLanguage(page, 'English');
    await clickRowAction(page, siteRow(page), 'Announcements');
    const historyEn = dialog(page);
    await historyEn.getByRole('tab', { name: 'Announcements' }).click();
    await expect(historyEn.getByRole('row', { name: /IndexNow: submitted \d+; Baidu: submitted \d+; Google: submitted 1/ }).first()).toBeVisible();
    await historyEn.screenshot({ path: 'test-results/search-loop-history-en.png' });
    await historyEn.locator('.ant-modal-close').click();
    await expect(historyEn).toBeHidden();
    await switchLanguage(page, '中文');

    // ---- one article edited, deployed again: only what changed is announced
    const A = '/website-blade-article/article';
    const articles = (await api(host, 'get', `${A}/page`, undefined, { websiteInfoId: teaId, status: 1, size: 1 })).records as Record<string, unknown>[];
    const article = (await api(host, 'get', `${A}/detail`, undefined, { id: String(articles[0]!.id) })) as Record<string, unknown>;
    await api(host, 'post', `${A}/update`, { ...article, content: `${String(article.content)}<p>更新于今天</p>` });
    const requestsBefore = ix.requests.length;
    await deployTea(page, host);
    await expect.poll(() => ix.requests.length, { timeout: 60_000 }).toBeGreaterThan(requestsBefore);
    const again = ix.requests.slice(requestsBefore).flatMap((r) => r.urls);
    expect(again.some((u) => u.endsWith(`/${String(article.id)}.html`))).toBe(true);
    expect(again.length).toBeLessThan(first.size / 2);

    // ---- 立即同步: the tea website's Search Console traffic read back
    await openScreen(page, host, '/site/searchEngine');
    await clickRowAction(page, siteRow(page), '立即同步');
    const confirm = page.locator('.ant-popconfirm, .ant-modal-confirm');
    if (await confirm.count()) await confirm.getByRole('button', { name: /确\s*定|OK/ }).click();
    await untilRow(page, async (row) => expect(row.locator('[data-sync]')).toHaveAttribute('data-sync', 'google:done'));
    await page.screenshot({ path: 'test-results/search-loop-synced.png', fullPage: true });

    // ---- 数据看板: the last 28 days of the tea website, the stand-in's own rows summed
    const rows = Array.from({ length: 28 }, (_, n) => seededRows(PROPERTY, day(n), ROWS_PER_DAY) as unknown as { page: string; clicks: number; impressions: number }[]).flat();
    const clicks = rows.reduce((s, r) => s + r.clicks, 0);
    const impressions = rows.reduce((s, r) => s + r.impressions, 0);
    const byPage = new Map<string, number>();
    for (const r of rows) byPage.set(r.page, (byPage.get(r.page) ?? 0) + r.clicks);
    const topPage = [...byPage.entries()].sort((a, b) => b[1] - a[1])[0]![0];
    await page.goto(`${host.origin}/#/site/dashboard`);
    const board = shown(page, '/site/dashboard');
    await board.getByTestId('traffic-website').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: TEA }).first().click();
    // 近28天 (the default) chosen again: the menu closes on a chosen option, even the current one
    await board.getByTestId('traffic-preset').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '近28天' }).first().click();
    if (await page.locator('.ant-select-dropdown:visible').count()) await page.keyboard.press('Escape');
    const fmt = (n: number) => new Intl.NumberFormat('en').format(n);
    await expect(board.getByTestId('traffic-clicks').locator('.ant-statistic-content-value')).toHaveText(fmt(clicks));
    await expect(board.getByTestId('traffic-impressions').locator('.ant-statistic-content-value')).toHaveText(fmt(impressions));
    await expect(board.getByTestId('traffic-chart')).toHaveAttribute('data-series', '2');
    await expect(board.getByTestId('top-page').locator('.ant-table-tbody tr.ant-table-row').first()).toContainText(new URL(topPage).pathname);
    await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
    await page.setViewportSize({ width: 1366, height: 1700 });
    await page.screenshot({ path: 'test-results/search-loop-dashboard.png', fullPage: true });
  } finally {
    for (const s of [g, live, ix, baidu]) await s.close();
  }
});
