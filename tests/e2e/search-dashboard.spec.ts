// The site dashboard's search traffic (issue 36, "Show it"), end to end on a fresh
// install: a website's Google traffic read back by 立即同步 from the Search Console
// stand-in on 127.0.0.1 (the real job and the official client), its Bing day
// totals put in through the spec's import endpoint, a second website's traffic
// imported from Search Console's own CSV export through the 导入数据 dialog. The
// dashboard then shows the totals of what was put in, the chart (its lines and its
// summary), a range change, the engine and website filters and the top tables
// sorted by the server; in English too, at 1366 px and at the narrow screen sizes.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Locator, Page } from '@playwright/test';
import { api, expect, freshHostTest as test, rpc, signIn, type WebHost } from './fixtures';
import { googleStandIn, makeServiceAccount, type GoogleStandIn } from '../support/search-engines';
import { SecretBox } from '../../src-server/util/secret-box';
import { zipFiles } from '../../src-server/modules/admin/zip';

const M = '/website-blade-material';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const shown = (page: Page) => page.locator('.desk-page[data-path="/site/dashboard"]:not([hidden])');

/** the local date `n` days before today, as the dashboard's presets count (the server's clock is this machine's) */
function day(n: number): string {
  const d = new Date();
  d.setDate(d.getDate() - n);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

interface Row { page: string; query: string; clicks: number; impressions: number; position: number }

/** alpha's Search Console rows of the day `n` days ago: three pages, three queries, known order by every measure */
function googleRows(n: number): Row[] {
  const p = (path: string) => `https://www.alpha-e2e.com/${path}`;
  return [
    { page: p('a.html'), query: '手冲咖啡', clicks: 20 + n, impressions: 200 + 10 * n, position: 2 },
    { page: p('b.html'), query: '绿茶', clicks: 5 + (n % 3), impressions: 400, position: 8.4 },
    { page: p('c.html'), query: '咖啡豆批发', clicks: 1, impressions: 60 + n, position: 15.6 },
  ];
}
const GOOGLE_DAYS = [1, 2, 3, 4, 5, 6, 8, 10, 20, 40]; // 7 days hold 1-6; 28 days add 8, 10, 20; 40 is in the period before
const BING_DAYS = [1, 2, 3, 4, 5];
const bingOf = (n: number) => ({ clicks: 3 * n, impressions: 90 + n });
const CSV_DAYS = [2, 3, 4];
const csvOf = (n: number) => ({ clicks: 10 + n, impressions: 300 + n });

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const googleIn = (days: number) => GOOGLE_DAYS.filter((n) => n < days).flatMap(googleRows);
const fmt = (n: number) => new Intl.NumberFormat('en').format(n);

async function setUpSite(host: WebHost, name: string, domainName: string): Promise<string> {
  const group = await api(host, 'post', `${M}/websiteGroup/save`, { name: `${name}组`, type: 0 });
  const server = await api(host, 'post', `${M}/serverInfo/save`, { serverName: `${name}服务器`, serverIp: '10.1.0.9', serverPort: 22, serverUsername: 'u', serverPassword: 'p', serverType: 'local' });
  const domain = await api(host, 'post', `${M}/domainInfo/save`, { name, domain: domainName, domainService: '1', serverId: server.id });
  const up = async (scene: string) => {
    const r = (await rpc(host, 'file:upload', { name: 'a.png', type: 'image/png', base64: PNG.toString('base64'), scene })) as { ok: boolean; data: { link: string } };
    expect(r.ok).toBe(true);
    return r.data.link;
  };
  const template = await api(host, 'post', '/seo-blade-material/websiteTemplate/submit', { templateName: `${name}模板`, type: '1', image: await up('template') });
  const contact = await api(host, 'post', `${M}/contactInfo/submit`, { name: `${name}客服` });
  const img = await api(host, 'post', `${M}/imgGroup/submit`, { name: `${name}图组` });
  await api(host, 'post', `${M}/websiteImg/submit`, { imageUrl: await up('material'), imgGroupId: img.id });
  const site = await api(host, 'post', `${M}/websiteInfo/save`, {
    websiteGroupId: group.id, websiteType: 0, websiteName: name, websiteLang: 'zh-CN', descVal: 'd', keywords: 'k',
    domainInfoId: domain.id, templateId: template.id, type: 0, subdomain: 'www', icoId: img.id, logoId: img.id, bannerId: img.id, contactId: contact.id,
  });
  return String(site.id);
}

/**
 * The tenant's Search Console connection, written as the 搜索引擎 screen's account form stores it (the key sealed
 * with the data folder's SecretBox, the API root at the stand-in) and the website's Google switched on.
 */
function connectGoogle(host: WebHost, google: GoogleStandIn, siteId: string): void {
  const key = makeServiceAccount(google.tokenUri, 'dashboard-e2e');
  google.trust(key);
  google.grant('sc-domain:alpha-e2e.com', key.clientEmail);
  const dir = join(host.dataDir, 'server');
  const box = SecretBox.forDataDir(dir);
  const db = new Database(join(dir, 'server.db'));
  try {
    db.pragma('busy_timeout = 5000');
    const site = db.prepare('SELECT tenant_id FROM website_info WHERE id = ?').get(siteId) as { tenant_id: string };
    db.prepare(`INSERT INTO search_account (id, tenant_id, google_key, google_client_email, google_api_root, create_time, update_time)
      VALUES (?, ?, ?, ?, ?, datetime('now'), datetime('now'))`).run(`acct-${siteId}`, site.tenant_id, box.seal(key.json), key.clientEmail, google.rootUrl);
    db.prepare('UPDATE search_site SET google_on = 1 WHERE id = ?').run(siteId);
  } finally {
    db.close();
  }
}

const card = (page: Page, measure: 'clicks' | 'impressions' | 'ctr' | 'position') => shown(page).getByTestId(`traffic-${measure}`);
const cardValue = (page: Page, measure: 'clicks' | 'impressions' | 'ctr' | 'position') => card(page, measure).locator('.ant-statistic-content-value');
const chart = (page: Page) => shown(page).getByTestId('traffic-chart');
const firstCell = (table: Locator) => table.locator('.ant-table-tbody tr.ant-table-row').first().locator('td').first();

async function choose(page: Page, testId: string, option: string | RegExp): Promise<void> {
  await shown(page).getByTestId(testId).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

/**
 * A screenshot of the whole dashboard at this width: the console scrolls inside its content area, so the window is
 * made as tall as the dashboard for the picture (the chart follows its container's size), then put back.
 */
async function snap(page: Page, name: string, width = 1366): Promise<void> {
  const before = page.viewportSize()!;
  await page.setViewportSize({ width, height: 900 });
  const height = await shown(page).evaluate((el) => el.scrollHeight);
  await page.setViewportSize({ width, height: Math.max(900, height + 200) });
  await expect(chart(page).or(shown(page).getByTestId('traffic-chart-empty'))).toBeVisible();
  await page.waitForTimeout(300); // the chart's resize (one animation frame) and the table's layout, for the picture only
  await page.screenshot({ path: `test-results/search-dashboard-${name}.png`, fullPage: true });
  await page.setViewportSize(before);
}

async function switchLanguage(page: Page, to: 'English' | '中文') {
  await page.getByRole('button', { name: /切换语言|Switch language/ }).click();
  await page.getByRole('menuitem', { name: to }).click();
}

test('the site dashboard: synced, imported and CSV traffic; totals, chart, range, engine and website filters, sorted top tables; zh and en', async ({ page, freshHost: host }) => {
  test.setTimeout(240_000);
  const google = await googleStandIn({ rowsPerDay: 0 });
  try {
    await signIn(page, host);
    const alpha = await setUpSite(host, '流量甲站', 'alpha-e2e.com');
    await setUpSite(host, '流量乙站', 'beta-e2e.com');

    // alpha's Google traffic: the stand-in's rows, read back by 立即同步 (the search-sync job, the official client)
    for (const n of GOOGLE_DAYS) google.setRows('sc-domain:alpha-e2e.com', day(n), googleRows(n));
    connectGoogle(host, google, alpha);
    await api(host, 'post', `/seo-blade-search/site/sync?id=${alpha}`);
    const googleClicks28 = sum(googleIn(28).map((r) => r.clicks));
    await expect
      .poll(async () => ((await api(host, 'get', '/seo-blade-search/dashboard/summary', undefined, { from: day(27), to: day(0), engine: 'google', websiteInfoId: alpha })) as { totals: { clicks: number } }).totals.clicks, { timeout: 60_000 })
      .toBe(googleClicks28);

    // alpha's Bing day totals through the spec's import endpoint
    await api(host, 'post', '/seo-blade-deploy/dashboard/import', {
      rows: BING_DAYS.map((n) => ({ day: day(n), ...bingOf(n), websiteInfoId: alpha, engine: 'bing' })),
    });

    // the dashboard: the site totals the spec names, then the traffic of the last 28 days
    const info = (await api(host, 'get', `${M}/websiteInfo/getSiteInfo`)) as { websiteTotal: number };
    expect(info.websiteTotal).toBe(2);
    await page.goto(`${host.origin}/#/site/dashboard`);
    await expect(shown(page).locator('.ant-statistic', { hasText: '网站总数' }).locator('.ant-statistic-content-value')).toHaveText('2');
    const bingClicks = sum(BING_DAYS.map((n) => bingOf(n).clicks));
    await expect(cardValue(page, 'clicks')).toHaveText(fmt(googleClicks28 + bingClicks));
    await expect(chart(page)).toHaveAttribute('data-series', '4');
    await expect(chart(page)).toHaveAttribute('aria-label', new RegExp(`4条曲线.*点击 ${fmt(googleClicks28 + bingClicks)} 次`));
    // 40 days ago is in the 28 days before: the change is shown against it
    await expect(card(page, 'clicks').getByTestId('traffic-clicks-delta')).toContainText('与前28天相比');

    // beta's traffic from Search Console's CSV export (its Dates.csv, Chinese columns), one bad line skipped with its reason
    await shown(page).getByRole('button', { name: '导入数据' }).click();
    const dialog = page.getByRole('dialog', { name: '导入 Search Console 数据' });
    await dialog.getByLabel('网站').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '流量乙站' }).click();
    const csv = ['日期,点击次数,展示次数,点击率,排名', ...CSV_DAYS.map((n) => `${day(n)},${csvOf(n).clicks},${csvOf(n).impressions},${((csvOf(n).clicks / csvOf(n).impressions) * 100).toFixed(2)}%,6.5`), '不是日期,1,2,50%,3'].join('\n');
    await dialog.locator('input[type=file]').setInputFiles({ name: '日期.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${csv}\n`) });
    await expect(dialog.getByTestId('traffic-import-file')).toHaveText('日期.csv');
    await dialog.getByTestId('traffic-import-run').click();
    const result = dialog.getByTestId('traffic-import-result');
    await expect(result).toContainText(`已导入 ${CSV_DAYS.length} 天`);
    await expect(result).toContainText('跳过 1 行');
    await expect(result.getByRole('row', { name: /第 5 行/ })).toBeVisible();
    await page.screenshot({ path: 'test-results/search-dashboard-import-zh.png' });
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: /关\s*闭/ }).click();
    const csvClicks = sum(CSV_DAYS.map((n) => csvOf(n).clicks));
    // the import made the dashboard current
    await expect(cardValue(page, 'clicks')).toHaveText(fmt(googleClicks28 + bingClicks + csvClicks));
    // the top tables of all the tenant's websites (the tenant-wide rollup job's rows): alpha's pages, most clicks first
    await expect(firstCell(shown(page).getByTestId('top-page'))).toHaveText('/a.html', { timeout: 30_000 });
    await snap(page, 'zh-1366');

    // the engine filter: Bing alone draws its two lines and counts its clicks
    await choose(page, 'traffic-engine', /^Bing$/);
    await expect(chart(page)).toHaveAttribute('data-series', '2');
    await expect(cardValue(page, 'clicks')).toHaveText(fmt(bingClicks));

    // Google on alpha: clicks, impressions, CTR and the impression-weighted position
    await choose(page, 'traffic-engine', /^Google$/);
    await choose(page, 'traffic-website', '流量甲站');
    const rows28 = googleIn(28);
    const impressions28 = sum(rows28.map((r) => r.impressions));
    await expect(cardValue(page, 'clicks')).toHaveText(fmt(googleClicks28));
    await expect(cardValue(page, 'impressions')).toHaveText(fmt(impressions28));
    await expect(cardValue(page, 'ctr')).toHaveText(new Intl.NumberFormat('zh-CN', { style: 'percent', maximumFractionDigits: 2 }).format(googleClicks28 / impressions28));
    const position = sum(rows28.map((r) => r.position * r.impressions)) / impressions28;
    await expect(cardValue(page, 'position')).toHaveText(new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(position));
    await expect(chart(page)).toHaveAttribute('data-series', '2');

    // the top tables, sorted by the server: most clicks first, then fewest, then the best position
    const pages = shown(page).getByTestId('top-page');
    const queries = shown(page).getByTestId('top-query');
    await expect(firstCell(pages)).toHaveText('/a.html');
    await expect(firstCell(queries)).toHaveText('手冲咖啡');
    await expect(pages.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(3);
    await pages.getByRole('columnheader', { name: '点击次数' }).click();
    await expect(firstCell(pages)).toHaveText('/c.html');
    await pages.getByRole('columnheader', { name: '平均排名' }).click();
    await expect(firstCell(pages)).toHaveText('/a.html');
    await expect(pages.locator('.ant-table-tbody tr.ant-table-row').first()).toContainText('2.0');
    await queries.getByRole('columnheader', { name: '展示次数' }).click();
    await expect(firstCell(queries)).toHaveText('绿茶');
    // the page column opens the page: a link to the page's own URL
    await expect(pages.getByRole('link', { name: '/a.html' })).toHaveAttribute('href', 'https://www.alpha-e2e.com/a.html');
    await snap(page, 'alpha-zh');

    // a range change: the last 7 days hold days 1-6
    await choose(page, 'traffic-preset', '近7天');
    const clicks7 = sum(googleIn(7).map((r) => r.clicks));
    await expect(cardValue(page, 'clicks')).toHaveText(fmt(clicks7));
    await expect(chart(page)).toHaveAttribute('aria-label', new RegExp(`${day(6)} 至 ${day(0)}.*点击 ${fmt(clicks7)} 次`));

    // beta: the imported days
    await choose(page, 'traffic-website', '流量乙站');
    await choose(page, 'traffic-preset', '近28天');
    await expect(cardValue(page, 'clicks')).toHaveText(fmt(csvClicks));
    await snap(page, 'filtered-zh');

    // nothing to show (beta has no Bing traffic): antd's Empty, and the chart's label says so
    await choose(page, 'traffic-engine', /^Bing$/);
    await expect(shown(page).getByTestId('traffic-chart-empty')).toHaveAttribute('aria-label', `${day(27)} 至 ${day(0)} 没有搜索流量数据`);
    await expect(shown(page).getByTestId('traffic-chart-empty')).toContainText('所选范围内没有数据');
    await snap(page, 'empty-zh');
    await choose(page, 'traffic-website', '全部网站');
    await choose(page, 'traffic-engine', '全部搜索引擎');
    await expect(chart(page)).toHaveAttribute('data-series', '4');

    // kept in its tab: traffic written while another screen is shown is there when the dashboard is shown again
    await page.goto(`${host.origin}/#/site/websiteInfo`);
    await expect(page.locator('.desk-page[data-path="/site/websiteInfo"]:not([hidden]) .ant-table').first()).toBeVisible();
    await expect(page.locator('.desk-page[data-path="/site/dashboard"]')).toHaveAttribute('hidden', '');
    const later = { day: day(0), clicks: 7, impressions: 70, websiteInfoId: alpha, engine: 'bing' };
    await api(host, 'post', '/seo-blade-deploy/dashboard/import', { rows: [later] });
    await page.goto(`${host.origin}/#/site/dashboard`);
    await expect(cardValue(page, 'clicks')).toHaveText(fmt(googleClicks28 + bingClicks + csvClicks + later.clicks));

    // the dark theme: the chart and the measures take its colours
    await page.getByRole('button', { name: '主题', exact: true }).click();
    await page.getByRole('radio', { name: '黑色主题' }).click();
    await expect(page.locator('.desk-shell')).toHaveAttribute('data-theme', 'dark');
    await page.keyboard.press('Escape');
    await snap(page, 'dark-zh');
    await page.getByRole('button', { name: '主题', exact: true }).click();
    await page.getByRole('radio', { name: '默认主题' }).click();
    await expect(page.locator('.desk-shell')).toHaveAttribute('data-theme', 'default');
    await page.keyboard.press('Escape');

    // narrow screens (screen-size classes 1 and 0)
    for (const width of [820, 400]) await snap(page, `zh-${width}`, width);

    // English
    await switchLanguage(page, 'English');
    await expect(card(page, 'clicks')).toContainText('Clicks');
    await expect(card(page, 'position')).toContainText('Average position');
    await expect(chart(page)).toHaveAttribute('aria-label', /Line chart of daily clicks and impressions.*4 lines/);
    await expect(shown(page).getByTestId('top-page').getByRole('columnheader', { name: 'Impressions' })).toBeVisible();
    await expect(shown(page).getByRole('button', { name: 'Import data' })).toBeVisible();
    await snap(page, 'en-1366');
    await snap(page, 'en-400', 400);

    // the export's zip as Search Console's English UI writes it: its Dates.csv imported, the tables without dates said so
    await page.setViewportSize({ width: 1366, height: 820 });
    await shown(page).getByRole('button', { name: 'Import data' }).click();
    const en = page.getByRole('dialog', { name: 'Import Search Console data' });
    await en.getByLabel('Website').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '流量乙站' }).click();
    const zip = zipFiles({
      'Dates.csv': ['Date,Clicks,Impressions,CTR,Position', `${day(12)},4,80,5%,9.1`, `${day(13)},6,90,6.67%,8.8`, 'yesterday,1,1,100%,1'].join('\n'),
      'Queries.csv': ['Top queries,Clicks,Impressions,CTR,Position', '绿茶,10,170,5.88%,9'].join('\n'),
      'Filters.csv': ['Filter,Value', 'Search type,Web', 'Date,Last 28 days'].join('\n'),
    }, new Date(), { deflate: true });
    await en.locator('input[type=file]').setInputFiles({ name: 'beta-e2e.com-Performance-on-Search.zip', mimeType: 'application/zip', buffer: zip });
    await en.getByTestId('traffic-import-run').click();
    await expect(en.getByTestId('traffic-import-result')).toContainText(`Imported 2 days (${day(13)} to ${day(12)})`);
    await expect(en.getByTestId('traffic-import-not-imported')).toContainText('Queries.csv');
    // the server's reasons in the console's language: a table not imported, a line skipped
    await expect(en.getByTestId('traffic-import-not-imported')).toContainText('This table has no dates (each row sums the whole exported range)');
    await expect(en).toContainText('Malformed date: yesterday');
    await page.screenshot({ path: 'test-results/search-dashboard-import-en.png' });
    await en.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await choose(page, 'traffic-website', '流量乙站');
    await expect(cardValue(page, 'clicks')).toHaveText(fmt(csvClicks + 4 + 6));
  } finally {
    await google.close();
  }
});
