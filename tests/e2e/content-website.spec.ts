import { test, expect, signIn, rpc, type WebHost, clickRowAction, rowHasAction, openScreen, switchLanguage } from './fixtures';
import type { Page } from '@playwright/test';

// Content area end to end in browser mode: build a complete website through the
// screens (server, group, domain, template with its image, contact group, image
// group and material, website), deploy it, open the generated home page.

// smallest valid PNG (1x1)
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');

const dialog = (page: Page) => page.getByRole('dialog');
const fieldError = (page: Page, text: string) => dialog(page).locator('.ant-form-item-explain-error', { hasText: text });
const save = (page: Page) => dialog(page).getByRole('button', { name: /确\s*定|保\s*存/ }).click();

async function pick(page: Page, label: string, option: string) {
  // the selects are searchable: type the option, then take the first match
  const box = dialog(page).getByLabel(label, { exact: true });
  await box.click();
  await box.fill(option);
  await expect(page.locator('.ant-select-item-option-active', { hasText: option })).not.toHaveCount(0);
  await box.press('Enter');
}

async function add(page: Page) {
  await page.getByRole('button', { name: /新\s*增/ }).click();
  await expect(dialog(page)).toBeVisible();
}

async function saved(page: Page) {
  await save(page);
  await expect(page.getByText('新增成功')).toBeVisible();
  await expect(dialog(page)).toBeHidden();
}

async function api(host: WebHost, method: string, url: string, params?: Record<string, unknown>, data?: unknown) {
  const r = (await rpc(host, 'api:request', { method, url, params, data })) as { ok: boolean; data: { data: unknown } };
  expect(r.ok).toBe(true);
  return r.data.data;
}

test('build, deploy and open a complete website through the screens', async ({ page, host }) => {
  test.setTimeout(120_000);
  await signIn(page, host);

  // server: password required on add, never shown in the list
  await openScreen(page, host, '/infra/serverInfo');
  await add(page);
  await dialog(page).getByLabel('服务器名称').fill('演示服务器');
  await dialog(page).getByLabel('服务器IP').fill('10.9.8.7');
  await dialog(page).getByLabel('用户名').fill('root');
  // a folder of this machine: the deploy below needs no SSH server (tests/contract/content-publish.test.ts deploys over SFTP)
  await pick(page, '服务器类型', '本机目录');
  await expect(async () => {
    await save(page);
    await expect(fieldError(page, '请输入密码')).toBeVisible({ timeout: 1000 });
  }).toPass();
  await dialog(page).getByLabel('密码').fill('Top$ecret1');
  await saved(page);
  await expect(page.getByRole('cell', { name: '10.9.8.7' })).toBeVisible();
  await expect(page.getByText('Top$ecret1')).toHaveCount(0);
  // test connection: a real probe (here: the local folder is writable) sets the status
  const serverRow = page.getByRole('row', { name: /演示服务器/ });
  await clickRowAction(page, serverRow, '测试连接');
  await expect(page.getByText('连接成功')).toBeVisible();
  await expect(serverRow).toContainText('正常');
  await expect(serverRow).toContainText('本机目录可写');
  await page.screenshot({ path: 'test-results/server-test-connection.png' });

  // website group
  await openScreen(page, host, '/site/websiteGroup');
  await add(page);
  // the dialog may still be opening: press save until the form answers
  await expect(async () => {
    await save(page);
    await expect(fieldError(page, '请输入分组名称')).toBeVisible({ timeout: 1000 });
  }).toPass();
  await expect(fieldError(page, '请选择分组类型')).toBeVisible();
  await dialog(page).getByLabel('分组名称').fill('演示分组');
  await pick(page, '分组类型', '普通');
  await saved(page);

  // domain: the transfer switch only when adding; the server is fixed when editing
  await openScreen(page, host, '/infra/domainInfo');
  await add(page);
  await expect(dialog(page).getByText('如需搜索引擎收录，请上传备案号')).toBeVisible();
  await expect(dialog(page).getByLabel('Cloudflare托管')).toBeVisible();
  await dialog(page).getByLabel('域名名称').fill('演示域名');
  await dialog(page).getByLabel('域名', { exact: true }).fill('demo-site.com');
  await pick(page, '解析方式', 'A记录解析');
  await pick(page, '服务器名称', '演示服务器');
  await dialog(page).getByLabel('备案号').fill('京ICP备12345号');
  await saved(page);
  await page.getByRole('row', { name: /demo-site\.com/ }).getByRole('button', { name: /修\s*改|编\s*辑/ }).click();
  await expect(dialog(page).getByLabel('Cloudflare托管')).toHaveCount(0);
  await expect(dialog(page).getByLabel('服务器名称')).toBeDisabled();
  await dialog(page).getByRole('button', { name: /取\s*消/ }).click();

  // template with its image: a gif is refused with the spec's message, a png is uploaded
  await openScreen(page, host, '/material/websiteTemplate');
  await add(page);
  await dialog(page).getByLabel('模板名称').fill('演示模板');
  await pick(page, '模板类型', '企业');
  const file = dialog(page).locator('input[type=file]');
  await file.setInputFiles({ name: 'a.gif', mimeType: 'image/gif', buffer: PNG });
  await expect(page.getByText('只能上传jpg/png图片')).toBeVisible();
  await file.setInputFiles({ name: 'template.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('上传成功!')).toBeVisible();
  await expect(dialog(page).locator('.desk-image-upload img').first()).toHaveAttribute('src', /^data:image\/png;base64,/);
  await saved(page);
  await expect(page.getByRole('row', { name: /演示模板/ }).locator('img').first()).toHaveAttribute('src', /^data:image\/png/);

  // contact group
  await openScreen(page, host, '/material/contactInfo');
  await add(page);
  await dialog(page).getByLabel('分组名称').fill('演示客服');
  await dialog(page).getByLabel('微信').fill('wx-demo-888');
  await dialog(page).getByLabel('电话').fill('400-000-8888');
  await saved(page);

  // image group (dialog width 600) and its material
  await openScreen(page, host, '/material/imgGroup');
  await add(page);
  await expect(page.locator('.ant-modal').first()).toHaveCSS('width', '600px');
  await dialog(page).getByLabel('分组名称').fill('演示图片');
  await saved(page);
  await openScreen(page, host, '/material/websiteImg');
  await add(page);
  await expect(async () => {
    await save(page);
    await expect(fieldError(page, '请上传素材图片')).toBeVisible({ timeout: 1000 });
  }).toPass();
  await dialog(page).locator('input[type=file]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('上传成功!').first()).toBeVisible();
  await pick(page, '图片分组', '演示图片');
  await dialog(page).getByLabel('alt').fill('演示Logo');
  await saved(page);

  // website: resolve type 1 hides the subdomain, 0 shows it; subdomain lowercase letters and digits only
  await openScreen(page, host, '/site/websiteInfo');
  await add(page);
  await pick(page, '网站分组', '演示分组');
  await dialog(page).getByLabel('网站名称').fill('演示网站');
  await pick(page, '网站语言', '中文');
  await pick(page, '域名', 'demo-site.com');
  await pick(page, '模板', '演示模板');
  await expect(dialog(page).getByLabel('二级域名')).toBeVisible();
  await pick(page, '解析类型', '顶级域名');
  await expect(dialog(page).getByLabel('二级域名')).toHaveCount(0);
  await pick(page, '解析类型', '二级域名');
  await dialog(page).getByLabel('二级域名').fill('WWW');
  await dialog(page).getByLabel('二级域名').blur();
  await expect(fieldError(page, '只能输入小写英文字母和数字')).toBeVisible();
  await dialog(page).getByLabel('二级域名').fill('www');
  await pick(page, '图标分组', '演示图片');
  await pick(page, 'Logo分组', '演示图片');
  await pick(page, 'Banner分组', '演示图片');
  await pick(page, '客服分组', '演示客服');
  await dialog(page).getByLabel('关键词').fill('演示,网站');
  await dialog(page).getByLabel('网站描述').fill('这是一个演示网站');
  await saved(page);
  const row = page.getByRole('row', { name: /演示网站/ });
  await expect(row).toContainText('未部署');
  await expect(row).toContainText('演示分组');

  // deploy from the row
  await clickRowAction(page, row, /部\s*署/);
  const deployDialog = page.getByRole('dialog', { name: '部署网站' });
  await deployDialog.getByTestId('deploy-start').click();
  // the dialog answers once the deploy is done (render, copy): seconds, more while CI builds the stock consoles beside
  await expect(deployDialog.getByText('部署成功')).toBeVisible({ timeout: 30_000 });
  await expect(deployDialog).toContainText(/已发布版本 \d{17}-[0-9a-f]+ 到 .*: \d+ 个页面/);
  await page.screenshot({ path: 'test-results/deploy-dialog.png' });
  await deployDialog.locator('.ant-modal-footer').getByRole('button', { name: /关\s*闭/ }).click();
  await expect(page.getByRole('row', { name: /演示网站/ })).toContainText('部署成功');
  await expect(page.getByRole('row', { name: /演示网站/ })).toContainText('已发布版本');
  await page.screenshot({ path: 'test-results/website-list-deployed.png' });
  // the versions kept for rollback: the live one, no older one yet
  await clickRowAction(page, page.getByRole('row', { name: /演示网站/ }), '版本回滚');
  const versions = page.getByRole('dialog', { name: /演示网站 的历史版本/ });
  await expect(versions.getByText('线上版本')).toBeVisible();
  await expect(versions.getByRole('button', { name: '回滚到此版本' })).toHaveCount(0);
  await versions.locator('.ant-modal-footer').getByRole('button', { name: /关\s*闭/ }).click();
  // the list reloads after the dialog closes: ask until the reloaded row answers
  await expect.poll(() => rowHasAction(page, page.getByRole('row', { name: /演示网站/ }), '打开网站'), { timeout: 15_000 }).toBe(true);

  // in English: the status names come from the server in the console's language; the console decides (the tag's
  // colour, 打开网站) by the `deployed` code beside them
  await switchLanguage(page, 'English');
  await page.goto(`${host.origin}/#/wel/dashboard`);
  await openScreen(page, host, '/site/websiteInfo');
  const rowEn = page.getByRole('row', { name: /演示网站/ });
  await expect(rowEn).toContainText('Deployed');
  await clickRowAction(page, rowEn, 'Deploy');
  const deployEn = page.getByRole('dialog', { name: 'Deploy websites' });
  await deployEn.getByTestId('deploy-start').click();
  const deployedTag = deployEn.locator('.ant-tag', { hasText: 'Deployed' });
  await expect(deployedTag).toBeVisible();
  await expect(deployedTag).toHaveClass(/\bant-tag-green\b/);
  await expect(deployEn).toContainText(/Published version \d{17}-[0-9a-f]+ to .*: \d+ pages/);
  await page.screenshot({ path: 'test-results/deploy-dialog-en.png' });
  await deployEn.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
  await expect.poll(() => rowHasAction(page, page.getByRole('row', { name: /演示网站/ }), 'Open site'), { timeout: 15_000 }).toBe(true);
  await page.screenshot({ path: 'test-results/website-list-deployed-en.png' });
  await switchLanguage(page, '中文');

  // the generated home page
  const info = (await rpc(host, 'app:info')) as { data: { profile: { baseUrl: string } } };
  const sites = (await api(host, 'get', '/website-blade-material/websiteInfo/listGroup')) as { id: string; websiteName: string }[];
  const site = sites.find((s) => s.websiteName === '演示网站')!;
  await page.goto(`${info.data.profile.baseUrl}/site-preview/${site.id}/www.demo-site.com/index.html`);
  await expect(page).toHaveTitle('演示网站');
  await expect(page.getByRole('heading', { name: '演示网站' })).toBeVisible();
  await expect(page.getByText('这是一个演示网站')).toBeVisible();
  await expect(page.getByText('wx-demo-888')).toBeVisible();
  await expect(page.getByText('京ICP备12345号')).toBeVisible();
  const logo = page.getByRole('banner').getByRole('img', { name: '演示Logo' });
  await expect(logo).toBeVisible();
  expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
});

test('the site dashboard shows site totals and imported search-engine traffic as a chart', async ({ page, host }) => {
  await signIn(page, host);
  const today = new Date();
  const day = (n: number) => new Date(today.getTime() - n * 86_400_000).toISOString().slice(0, 10);
  await api(host, 'post', '/seo-blade-deploy/dashboard/import', undefined, {
    rows: [
      { day: day(2), clicks: 120, impressions: 3000 },
      { day: day(1), clicks: 80, impressions: 2000 },
    ],
  });
  const info = (await api(host, 'get', '/website-blade-material/websiteInfo/getSiteInfo')) as { websiteTotal: number };
  await page.goto(`${host.origin}/#/site/dashboard`);
  const websites = page.locator('.ant-statistic', { hasText: '网站总数' });
  await expect(websites).toContainText(String(info.websiteTotal));
  await expect(page.locator('.ant-statistic', { hasText: 'Google 点击总数' })).toContainText('200');
  await expect(page.locator('.ant-statistic', { hasText: 'Google 展示总数' })).toContainText('5,000');
  // the daily chart of the last 28 days (the dashboard's default range): Google's clicks and impressions, the two days imported
  const chart = page.getByRole('img', { name: /每日点击与展示折线图，2条曲线（Google 点击次数、Google 展示次数）：点击 200 次，展示 5,000 次/ });
  await expect(chart).toBeVisible();
  await expect(chart).toHaveAttribute('data-series', '2');
});

test('goods groups and the goods of a group', async ({ page, host }) => {
  await signIn(page, host);
  await openScreen(page, host, '/material/goods');
  await add(page);
  await dialog(page).getByLabel('商品分组名称').fill('演示商品组');
  await saved(page);
  await clickRowAction(page, page.getByRole('row', { name: /演示商品组/ }), '商品');
  const goodsDialog = page.getByRole('dialog', { name: /商品 - 演示商品组/ });
  await expect(goodsDialog.getByRole('table')).toBeVisible();
  await goodsDialog.getByRole('button', { name: /新\s*增/ }).click();
  const form = page.getByRole('dialog', { name: /商品 - 新增/ });
  await expect(form.getByLabel('商品分组')).toBeVisible();
  await form.getByLabel('商品名称').fill('演示商品A');
  await form.getByLabel('价格', { exact: true }).fill('9.90');
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('新增成功')).toBeVisible();
  await expect(goodsDialog.getByRole('cell', { name: '演示商品A' })).toBeVisible();
  const subs = (await api(host, 'get', '/website-blade-material/goodsSub/page')) as { records: { name: string; pName: string }[] };
  expect(subs.records).toEqual([expect.objectContaining({ name: '演示商品A', pName: '演示商品组' })]);
});
