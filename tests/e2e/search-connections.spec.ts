import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect, type Locator, type Page } from '@playwright/test';
import { api, clickRowAction, openScreen, rpc, signIn, signInTenant, startWebHost, switchLanguage, type WebHost } from './fixtures';
import { baiduStandIn, bingStandIn, googleStandIn, indexNowStandIn, makeServiceAccount, siteServer } from '../support/search-engines';
import { hostsProxy, sitesListed } from '../support/search-connections';
import { openDatabase } from '../../src-server/db/database';

// The 搜索引擎 screen (issue 36 item 1), through the screens only, against the
// engines' stand-ins on 127.0.0.1: an operator of the sample matrix's tenant sets
// the accounts (the Google key pasted, a text that is not JSON refused in the
// form), switches a website's engines on (the form's rules), runs 测试连接 of each
// engine and of the accounts and sees the services' answers and hints (IndexNow
// reads the key file from the website's live release, served by siteServer and
// reached through a proxy as the website's own domain), sees the connections in
// the website list, and does it again in English. Screenshots at 1366 px.

const shown = (page: Page, path: string) => page.locator(`.desk-page[data-path="${path}"]:not([hidden])`);
const dialog = (page: Page) => page.getByRole('dialog').last();
const SAVE = /确\s*定|保\s*存|^Save$/;
const TEA = '示例茶叶资讯站';

/**
 * runs the chosen test: the button is found by its action (its accessible name is "loading 测试" until antd's
 * loading icon has folded away, which may outlast the call), clicked once it is no longer loading
 */
async function clickTest(box: Locator): Promise<void> {
  const button = box.locator('button[data-action="run-test"]');
  await expect(button).not.toHaveClass(/ant-btn-loading/);
  await button.click();
}

/** chooses an engine in the 测试连接 dialog (again if a click during the dialog's opening animation was lost) */
async function choose(box: Locator, engine: string): Promise<void> {
  await expect(async () => {
    await box.locator('label.ant-radio-button-wrapper', { hasText: engine }).click();
    await expect(box.getByRole('radio', { name: engine })).toBeChecked({ timeout: 1000 });
  }).toPass();
}

test('an operator sets the accounts, switches a website\'s engines on and tests each connection, in Chinese and English', async ({ page }) => {
  test.setTimeout(300_000);
  const g = await googleStandIn();
  const key = makeServiceAccount(g.tokenUri, 'seo-console');
  g.trust(key);
  const front = await sitesListed(g, () => ['sc-domain:tea.sample-matrix.test']);
  const liveDir = mkdtempSync(join(tmpdir(), 'seo-live-e2e-'));
  const live = await siteServer((h) => (h === 'tea.sample-matrix.test' ? liveDir : undefined));
  const ix = await indexNowStandIn(async (location, h) => {
    const res = await fetch(`${live.url}${new URL(location).pathname}`, { headers: { 'x-site-host': h } });
    return res.ok ? res.text() : undefined;
  });
  const baidu = await baiduStandIn();
  const bing = await bingStandIn();
  const proxy = await hostsProxy(live.url);
  // the host reaches the outside (the websites' domains) through the proxy; 127.0.0.1 stays direct
  const before = { ...process.env };
  Object.assign(process.env, proxy.env);
  let host: WebHost;
  try {
    host = await startWebHost();
  } finally {
    for (const k of Object.keys(proxy.env)) if (before[k] === undefined) delete process.env[k];
    Object.assign(process.env, before);
  }
  try {
    await signIn(page, host);
    await api(host, 'post', '/website-blade-system/sampleMatrix/load', {});
    await rpc(host, 'auth:logout');
    await signInTenant(page, host, '888888');

    // the tea site's live release holds its key file (a deploy puts it there)
    const tea = ((await api(host, 'get', '/seo-blade-search/site/page', undefined, { websiteName: '茶叶' })).records as Record<string, string>[])[0]!;
    const siteKey = tea.indexnowKey!;
    expect(tea.origin).toBe('http://tea.sample-matrix.test');
    mkdirSync(join(liveDir, 'releases', 'r1'), { recursive: true });
    writeFileSync(join(liveDir, 'releases', 'r1', `${siteKey}.txt`), siteKey);
    symlinkSync('releases/r1', join(liveDir, 'current'));
    baidu.register('http://tea.sample-matrix.test', 'teaToken2026', 100);
    bing.account('bing-e2e-key-0001', ['http://tea.sample-matrix.test/']);

    await openScreen(page, host, '/site/searchEngine');
    const screen = shown(page, '/site/searchEngine');
    const accounts = screen.getByTestId('search-accounts');
    await expect(accounts).toContainText('未设置');
    const row = screen.locator('tbody tr.ant-table-row', { hasText: TEA });
    await expect(row.locator('[data-connection="indexnow"]')).toHaveAttribute('data-state', 'off');
    await page.screenshot({ path: 'test-results/search-engines-empty-zh.png', fullPage: true });

    // ---- 账号设置: a text that is not a key is refused by the form; the key pasted; the API roots under 高级
    await accounts.getByRole('button', { name: '账号设置' }).click();
    const form = dialog(page);
    await form.getByLabel('IndexNow 接口').fill(ix.endpoint);
    await form.getByLabel('百度推送接口').fill(baidu.endpoint);
    const keyBox = form.getByRole('textbox', { name: 'Google 服务账号密钥' });
    await keyBox.fill('{"type": "service_account",');
    await form.getByRole('button', { name: SAVE }).click();
    await expect(form.locator('.ant-form-item-explain-error', { hasText: '服务账号密钥不是有效的JSON' })).toBeVisible();
    await keyBox.fill(JSON.stringify({ type: 'authorized_user', client_id: 'x' }));
    await expect(form.locator('.ant-form-item-explain-error', { hasText: '不是服务账号密钥: type 应为 service_account，实为 authorized_user' })).toBeVisible();
    await form.screenshot({ path: 'test-results/search-engines-accounts-refused-zh.png' });
    await keyBox.fill(key.json);
    await expect(form.getByTestId('pasted-email')).toContainText(key.clientEmail);
    await form.getByLabel('Bing API 密钥').fill('bing-e2e-key-0001');
    await form.getByText('高级：API 地址').click();
    await form.getByLabel('Search Console API').fill(front.rootUrl);
    await form.getByLabel('Bing Webmaster API').fill(bing.root);
    await form.screenshot({ path: 'test-results/search-engines-accounts-form-zh.png' });
    await form.getByRole('button', { name: SAVE }).click();
    await expect(form).toBeHidden();
    await expect(accounts.getByTestId('client-email')).toHaveText(key.clientEmail);
    await expect(accounts).toContainText('请在 Search Console 中把此地址添加为每个资源的用户');
    await expect(accounts).not.toContainText('PRIVATE KEY');

    // ---- the accounts' 测试连接: Google's token and the properties it may read (none yet), Bing's sites
    await accounts.getByRole('button', { name: '测试 Google' }).click();
    await expect(accounts.locator('[data-test-kind="google"]')).toContainText('Google: 连接正常 (HTTP 200)');
    await expect(accounts.locator('[data-test-kind="google"] .desk-test-answer')).toHaveText('HTTP 200: []');
    await accounts.getByRole('button', { name: '测试 Bing' }).click();
    await expect(accounts.locator('[data-test-kind="bing"] .desk-test-answer')).toHaveText('HTTP 200: GetUserSites: http://tea.sample-matrix.test/');
    await accounts.screenshot({ path: 'test-results/search-engines-accounts-zh.png' });
    // the outcomes are put away once read
    for (const kind of ['google', 'bing']) {
      await accounts.locator(`[data-test-kind="${kind}"] .ant-alert-close-icon`).click();
      await expect(accounts.locator(`[data-test-kind="${kind}"]`)).toHaveCount(0);
    }

    // ---- the tea site's connections: the form's rules, then every engine on
    await clickRowAction(page, row, /编\s*辑/);
    const edit = dialog(page);
    const keyInput = edit.getByRole('textbox', { name: 'IndexNow 密钥' });
    await expect(keyInput).toHaveValue(siteKey);
    await edit.getByRole('button', { name: '生成' }).click();
    await expect(keyInput).not.toHaveValue(siteKey);
    await expect(keyInput).toHaveValue(/^[0-9a-f]{32}$/);
    await keyInput.fill('');
    await edit.getByRole('switch', { name: 'IndexNow' }).click();
    await edit.getByRole('switch', { name: '百度普通收录' }).click();
    await edit.getByRole('button', { name: SAVE }).click();
    await expect(edit.locator('.ant-form-item-explain-error', { hasText: '开启IndexNow时请输入IndexNow密钥' })).toBeVisible();
    await expect(edit.locator('.ant-form-item-explain-error', { hasText: '开启百度普通收录时请输入百度推送令牌' })).toBeVisible();
    await keyInput.fill('bad key!');
    await expect(edit.locator('.ant-form-item-explain-error', { hasText: 'IndexNow密钥须为8-128位字母、数字或连字符(-)' })).toBeVisible();
    await keyInput.fill(siteKey);
    await edit.getByLabel('百度推送令牌').fill('teaToken2026');
    await edit.getByRole('switch', { name: 'Google Search Console' }).click();
    await edit.getByRole('switch', { name: 'Bing Webmaster' }).click();
    // an empty property is the website's domain property, shown as the placeholder
    await expect(edit.getByLabel('Google 资源')).toHaveAttribute('placeholder', 'sc-domain:tea.sample-matrix.test（默认）');
    await edit.getByLabel('Google 资源').fill('tea.sample-matrix.test');
    await expect(edit.locator('.ant-form-item-explain-error', { hasText: 'Google资源须为 sc-domain:域名 或以 / 结尾的http(s)网址前缀' })).toBeVisible();
    await edit.getByLabel('Google 资源').fill('');
    await edit.screenshot({ path: 'test-results/search-engines-site-form-zh.png' });
    await edit.getByRole('button', { name: SAVE }).click();
    await expect(edit).toBeHidden();
    for (const kind of ['indexnow', 'baidu', 'google', 'bing']) await expect(row.locator(`[data-connection="${kind}"]`)).toHaveAttribute('data-state', 'on');
    await expect(row.locator('[data-connection="google"]')).toContainText('sc-domain:tea.sample-matrix.test（默认）');

    // ---- 测试连接 of each engine: the services' answers, a 403 with what to do
    await clickRowAction(page, row, '测试连接');
    const tests = dialog(page);
    const runTest = async (engine: string) => {
      await choose(tests, engine);
      await clickTest(tests);
    };
    await runTest('IndexNow');
    const indexnow = tests.locator('[data-test-kind="indexnow"]');
    await expect(indexnow).toContainText('IndexNow: 连接正常 (HTTP 200)');
    await expect(indexnow.locator('.desk-test-answer')).toHaveText(`http://tea.sample-matrix.test/${siteKey}.txt → HTTP 200: ${siteKey}\n${ix.endpoint} → HTTP 200`);
    expect(ix.accepted.has('http://tea.sample-matrix.test/')).toBe(true);
    await runTest('百度');
    await expect(tests.locator('[data-test-kind="baidu"] .desk-test-answer')).toHaveText('HTTP 200: {"remain":99,"success":1,"not_same_site":[],"not_valid":[]}');
    await runTest('Google');
    const google = tests.locator('[data-test-kind="google"]');
    await expect(google).toContainText('Google: 连接失败 (HTTP 403)');
    await expect(google.locator('[data-hint="serviceAccountNoAccess"]')).toContainText(
      `服务账号没有资源 sc-domain:tea.sample-matrix.test 的权限：请在 Search Console 中把 ${key.clientEmail} 添加为该资源的用户`,
    );
    await runTest('Bing');
    await expect(tests.locator('[data-test-kind="bing"]')).toContainText('Bing: 连接正常 (HTTP 200)');
    await tests.screenshot({ path: 'test-results/search-engines-test-zh.png' });
    // the operator adds the address to the property: the same test works
    g.grant('sc-domain:tea.sample-matrix.test', key.clientEmail);
    await runTest('Google');
    await expect(google).toContainText('Google: 连接正常 (HTTP 200)');
    await expect(google.locator('.desk-test-answer')).toHaveText('HTTP 200: {"siteUrl":"sc-domain:tea.sample-matrix.test","permissionLevel":"siteFullUser"}');
    await tests.locator('.ant-modal-footer').getByRole('button', { name: /关\s*闭/ }).click();
    await expect(tests).toBeHidden();
    // what the announcer and the sync write (not part of this screen): an announcement partly failed, URLs by
    // outcome, a sync done, and on the home site a property the service account lost, with clicks of the week
    const home = ((await api(host, 'get', '/seo-blade-search/site/page', undefined, { websiteName: '家居' })).records as Record<string, string>[])[0]!;
    const db = openDatabase(join(host.dataDir, 'server'));
    try {
      const now = new Date().toISOString().slice(0, 19).replace('T', ' ');
      const today = now.slice(0, 10);
      const url = db.prepare("INSERT INTO search_url (id, tenant_id, website_info_id, engine, url, change_kind, state, update_time) VALUES (?, '888888', ?, ?, ?, 'added', ?, ?)");
      ['submitted', 'submitted', 'submitted', 'pending', 'failed'].forEach((state, i) => url.run(`u${i}`, tea.id, 'indexnow', `http://tea.sample-matrix.test/${i}.html`, state, now));
      url.run('u9', tea.id, 'baidu', 'http://tea.sample-matrix.test/0.html', 'quota', now);
      db.prepare("INSERT INTO search_announce (id, tenant_id, website_info_id, kind, urls_total, state, message, create_time, end_time) VALUES ('a1', '888888', ?, 'deploy', 6, 'partial', '1 个网址失败', ?, ?)").run(tea.id, now, now);
      // the sync's message as the sync keeps it: its zh text, its key and params beside it (shown in the reader's language)
      const synced = { key: 'searchSync.synced', params: { from: today, to: today, days: 1, rows: 5 } };
      db.prepare("INSERT INTO search_sync (website_info_id, engine, tenant_id, state, message, message_reason, last_day, sync_time) VALUES (?, 'google', '888888', 'done', ?, ?, ?, ?)")
        .run(tea.id, `已同步 ${today} 至 ${today}：1 天有数据，5 行`, JSON.stringify(synced), today, now);
      db.prepare("INSERT INTO search_daily (tenant_id, website_info_id, engine, day, clicks, impressions, position_sum) VALUES ('888888', ?, 'google', ?, ?, 400, 1200)").run(tea.id, today, 37);
      db.prepare("INSERT INTO search_sync (website_info_id, engine, tenant_id, state, message, last_day, sync_time) VALUES (?, 'google', '888888', 'lost', 'HTTP 403: User does not have sufficient permission', ?, ?)").run(home.id, today, now);
      db.prepare("UPDATE search_site SET google_on = 1, google_lost = 'HTTP 403: User does not have sufficient permission' WHERE id = ?").run(home.id);
    } finally {
      db.close();
    }
    await screen.getByRole('button', { name: /搜\s*索/ }).click();
    await expect(row.locator('[data-announce-state]')).toHaveAttribute('data-announce-state', 'partial');
    await expect(row.locator('[data-urls]')).toHaveAttribute('data-urls', '6/3/2/1');
    await expect(row.locator('[data-sync]')).toHaveAttribute('data-sync', 'google:done');
    await expect(row.locator('[data-sync] [title]').first()).toHaveAttribute('title', /^已同步 \d{4}-\d\d-\d\d 至 \d{4}-\d\d-\d\d：1 天有数据，5 行$/);
    await expect(row.locator('[data-clicks]')).toHaveText('37');
    const homeRow = screen.locator('tbody tr.ant-table-row', { hasText: '示例家居装修站' });
    await expect(homeRow.locator('[data-connection="google"]')).toHaveAttribute('data-state', 'lost');
    await expect(homeRow.locator('[data-sync]')).toHaveText(/^失去权限 Google \d\d-\d\d \d\d:\d\dHTTP 403: User does not have sufficient permission$/);
    await screen.locator('.ant-table').scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/search-engines-zh.png', fullPage: true });
    await page.setViewportSize({ width: 1920, height: 1000 });
    await page.screenshot({ path: 'test-results/search-engines-zh-1920.png', fullPage: true });
    await page.setViewportSize({ width: 1366, height: 820 });

    // ---- the website list: the site's connections and its 7-day clicks
    await openScreen(page, host, '/site/websiteInfo');
    const site = shown(page, '/site/websiteInfo').locator('tbody tr.ant-table-row', { hasText: TEA });
    await expect(site.locator('[data-engines]')).toHaveAttribute('data-engines', 'indexnow:on,baidu:on,google:on,bing:on');
    await expect(site.locator('[data-clicks]')).toHaveText('37');
    const homeSite = shown(page, '/site/websiteInfo').locator('tbody tr.ant-table-row', { hasText: '示例家居装修站' });
    await expect(homeSite.locator('[data-engines]')).toHaveAttribute('data-engines', 'indexnow:off,baidu:off,google:lost,bing:off');
    // the list is wider than 1366 px: scrolled to the search columns, as the operator would
    await site.locator('[data-engines]').evaluate((cell) => {
      const box = cell.closest('.ant-table-content');
      if (box) box.scrollLeft = (cell.closest('td')?.offsetLeft ?? 0) - 500;
    });
    await page.screenshot({ path: 'test-results/search-engines-website-list-zh.png', fullPage: true });

    // ---- in English
    await switchLanguage(page, 'English');
    await expect(page.locator('.ant-dropdown:visible')).toHaveCount(0);
    await openScreen(page, host, '/site/searchEngine');
    await expect(accounts).toContainText('Add this address to each property in Search Console as a user');
    await expect(row.locator('[data-connection="google"]')).toHaveText('onsc-domain:tea.sample-matrix.test (default)');
    await expect(row.locator('[data-sync] [title]').first()).toHaveAttribute('title', /^Synced \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d: 1 day\(s\) with data, 5 row\(s\)$/);
    await page.screenshot({ path: 'test-results/search-engines-en.png', fullPage: true });
    await clickRowAction(page, row, 'Test connection');
    const testsEn = dialog(page);
    await choose(testsEn, 'Baidu');
    baidu.register('http://tea.sample-matrix.test', 'anotherToken', 100);
    await clickTest(testsEn);
    const refused = testsEn.locator('[data-test-kind="baidu"]');
    await expect(refused).toContainText('Baidu: Connection failed (HTTP 401)');
    await expect(refused.locator('[data-hint="tokenInvalid"]')).toContainText('The push token was refused: copy the site\'s token from Baidu Search Resource Platform');
    await expect(refused).not.toContainText('teaToken2026');
    await choose(testsEn, 'IndexNow');
    await clickTest(testsEn);
    await expect(testsEn.locator('[data-test-kind="indexnow"]')).toContainText('IndexNow: Connection works (HTTP 200)');
    await testsEn.screenshot({ path: 'test-results/search-engines-test-en.png' });
    await testsEn.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await expect(testsEn).toBeHidden();
    await accounts.getByRole('button', { name: 'Account settings' }).click();
    await dialog(page).screenshot({ path: 'test-results/search-engines-accounts-form-en.png' });
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await switchLanguage(page, '中文');
  } finally {
    await host.stop();
    for (const s of [g, front, ix, baidu, bing, live, proxy]) await s.close();
    rmSync(liveDir, { recursive: true, force: true });
  }
});
