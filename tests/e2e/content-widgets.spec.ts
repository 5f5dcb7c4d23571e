import { test, expect, signIn, rpc, type WebHost, clickRowAction, cronEveryHours, openScreen, switchLanguage } from './fixtures';
import type { Page } from '@playwright/test';

// The content area's widgets named by the spec, through the screens: the deploy
// task's seconds input and cron editor (with the server's next-trigger preview,
// `abc` refused in the form), A/B文章数量 only for white-hat groups, a run's
// outcome per site, status switches in the lists, a website group's SSL and
// link lists, and an article published then edited (the rich-text editor used
// after it was destroyed once crashed the tab).

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
const M = '/website-blade-material';
const DT = '/website-blade-deploy/deployTasks';

const dialog = (page: Page) => page.getByRole('dialog').last();
const fieldError = (page: Page, text: string) => dialog(page).locator('.ant-form-item-explain-error', { hasText: text });
const save = (page: Page) => dialog(page).getByRole('button', { name: /保\s*存/ }).click();
const formItem = (page: Page, label: string) => dialog(page).locator('.ant-form-item').filter({ has: page.locator(`label[title="${label}"]`) });
const closeFooter = (page: Page) => dialog(page).locator('.ant-modal-footer').getByRole('button', { name: /关\s*闭/ }).click();

/** A screenshot once the dialogs' and menus' open / close animations are over. */
async function shot(page: Page, path: string): Promise<void> {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  await page.screenshot({ path });
}

async function api(host: WebHost, method: string, url: string, data?: unknown, params?: Record<string, unknown>): Promise<Record<string, unknown>> {
  const r = (await rpc(host, 'api:request', { method, url, params, data })) as { ok: boolean; data: { data: Record<string, unknown> } };
  expect(r.ok, JSON.stringify(r)).toBe(true);
  return r.data.data;
}

async function pick(page: Page, label: string, option: string) {
  await dialog(page).getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

const upload = async (host: WebHost, scene: string): Promise<string> => {
  const r = (await rpc(host, 'file:upload', { name: 'a.png', type: 'image/png', base64: PNG.toString('base64'), scene })) as { ok: boolean; data: { link: string } };
  expect(r.ok).toBe(true);
  return r.data.link;
};

/** A group with one deployable website (its image groups hold a picture) and, when asked, one whose image group is empty (its deploy fails). */
async function setUp(host: WebHost, name: string, opts: { broken?: boolean; type?: number } = {}) {
  const group = await api(host, 'post', `${M}/websiteGroup/save`, { name, type: opts.type ?? 0 });
  const server = await api(host, 'post', `${M}/serverInfo/save`, { serverName: `web-${name}`, serverIp: '10.1.0.9', serverPort: 22, serverUsername: 'u', serverPassword: 'p', serverType: 'local' });
  const domain = await api(host, 'post', `${M}/domainInfo/save`, { name: '主站', domain: `${name}.example.com`, domainService: '1', serverId: server.id });
  const template = await api(host, 'post', '/seo-blade-material/websiteTemplate/submit', { templateName: `${name}模板`, type: '1', image: await upload(host, 'template') });
  const contact = await api(host, 'post', `${M}/contactInfo/submit`, { name: '客服' });
  const imgGroup = await api(host, 'post', `${M}/imgGroup/submit`, { name: '图组' });
  await api(host, 'post', `${M}/websiteImg/submit`, { imageUrl: await upload(host, 'material'), imgGroupId: imgGroup.id });
  const site = (websiteName: string, images: unknown) =>
    api(host, 'post', `${M}/websiteInfo/save`, {
      websiteGroupId: group.id, websiteType: 0, websiteName, websiteLang: 'zh-CN', descVal: 'd', keywords: 'k',
      domainInfoId: domain.id, templateId: template.id, type: 0, subdomain: 'www', icoId: images, logoId: images, bannerId: images, contactId: contact.id,
    });
  const good = await site(`${name}站`, imgGroup.id);
  if (opts.broken) {
    // a website saves only with an image in its groups: this one's is removed after the save
    const emptied = await api(host, 'post', `${M}/imgGroup/submit`, { name: '空图组' });
    const image = await api(host, 'post', `${M}/websiteImg/submit`, { imageUrl: await upload(host, 'material'), imgGroupId: emptied.id });
    await site(`${name}坏站`, emptied.id);
    await api(host, 'post', `${M}/websiteImg/remove`, undefined, { ids: image.id });
  }
  const pageCfg = await api(host, 'post', '/blade-material/templatePageConfig/submit', { name: '列表页', listPage: 'list/{cateId}/', detailsPage: 'list/{cateId}/{id}.html' });
  const cate = await api(host, 'post', '/seo-blade-article/cate/save', { websiteGroupId: group.id, cateName: '动态', type: 2, pageId: pageCfg.id });
  return { groupId: String(group.id), siteId: String(good.id), cateId: String(cate.id) };
}

const tasks = async (host: WebHost, name: string) => ((await api(host, 'get', `${DT}/page`, undefined, { taskName: name, size: 50 })).records as Record<string, unknown>[]);

test('deploy task form: FIX_RATE is a seconds input, CRON the cron editor with the next trigger times; `abc` is refused before sending', async ({ page, host }) => {
  await signIn(page, host);
  await api(host, 'post', `${M}/websiteGroup/save`, { name: '调度分组', type: 0 });
  await openScreen(page, host, '/site/deployTasks');
  await page.getByRole('button', { name: /新\s*增/ }).click();
  await dialog(page).getByLabel('任务名称').fill('每两小时');
  await pick(page, '网站分组', '调度分组');
  await dialog(page).locator('.ant-modal-title').click();
  await shot(page, '/tmp/widgets-deploy-none.png');

  // FIX_RATE: a number input of whole seconds, with the server's trigger times
  await pick(page, '调度类型', '固定速度');
  const seconds = formItem(page, '调度配置').getByRole('spinbutton');
  await expect(seconds).toBeVisible();
  await expect(formItem(page, '调度配置')).toContainText('秒');
  await seconds.fill('90');
  const preview = formItem(page, '调度配置').getByTestId('cron-preview').locator('li');
  await expect(preview).toHaveCount(5);
  const times = (await preview.allTextContents()).map((x) => new Date(x.replace(' ', 'T')).getTime());
  expect(times[1] - times[0]).toBe(90_000);
  await shot(page, '/tmp/widgets-deploy-fixrate.png');

  // CRON: the seconds value does not fit, it is cleared; `abc` is refused in the form, nothing is sent
  await pick(page, '调度类型', 'CRON');
  const text = formItem(page, '调度配置').getByRole('textbox');
  await expect(text).toHaveValue('');
  await text.fill('abc');
  await expect(fieldError(page, 'CRON表达式格式不正确')).toBeVisible();
  await save(page);
  await expect(fieldError(page, 'CRON表达式格式不正确')).toBeVisible();
  await expect(page.getByText('新增成功')).toHaveCount(0);
  expect(await tasks(host, '每两小时')).toHaveLength(0);

  // the editor: one tab per field, the expression text kept in sync both ways, the next trigger times live
  await formItem(page, '调度配置').getByRole('button', { name: '生成 cron' }).click();
  const builder = await cronEveryHours(page, 2);
  const pane = builder.getByRole('tabpanel'); // the shown tab's (hidden panes are not in the accessibility tree)
  await expect(builder.getByTestId('cron-preview').locator('li')).toHaveCount(5);
  // typed text moves the tabs: 分 becomes 指定 30
  await builder.getByTestId('cron-text').fill('0 30 */2 * * ?');
  await builder.getByRole('tab', { name: '分' }).click();
  await expect(pane.getByRole('radio', { name: '指定' })).toBeChecked();
  await expect(builder.getByTestId('cron-expression')).toHaveText('0 30 */2 * * ?');
  await shot(page, '/tmp/widgets-deploy-cron-builder.png');
  await builder.getByRole('button', { name: /确\s*定/ }).click();
  await expect(builder).toBeHidden();
  await expect(text).toHaveValue('0 30 */2 * * ?');
  await expect(fieldError(page, 'CRON表达式格式不正确')).toHaveCount(0);
  const cronTimes = formItem(page, '调度配置').getByTestId('cron-preview').locator('li');
  await expect(cronTimes).toHaveCount(5);
  const at = (await cronTimes.allTextContents()).map((x) => new Date(x.replace(' ', 'T')));
  expect(at.every((d) => d.getMinutes() === 30 && d.getSeconds() === 0 && d.getHours() % 2 === 0)).toBe(true);
  expect(at[1].getTime() - at[0].getTime()).toBe(2 * 3600_000);
  await shot(page, '/tmp/widgets-deploy-cron.png');
  await dialog(page).getByLabel('文章发布数量').fill('1');
  await save(page);
  await expect(page.getByText('新增成功')).toBeVisible();
  const [task] = await tasks(host, '每两小时');
  expect(task).toMatchObject({ scheduleType: 'CRON', scheduleConf: '0 30 */2 * * ?' });

  // the row's next trigger times: the same as the form's
  const row = page.getByRole('table').getByRole('row', { name: /每两小时/ });
  await clickRowAction(page, row, '下次触发时间');
  await expect(dialog(page).locator('.ant-list-item').first()).toHaveText(/:30:00$/);
  await closeFooter(page);
});

test('A/B文章数量 shows only while a white-hat group is chosen', async ({ page, host }) => {
  await signIn(page, host);
  await api(host, 'post', `${M}/websiteGroup/save`, { name: '普通A组', type: 0 });
  await api(host, 'post', `${M}/websiteGroup/save`, { name: '白帽A组', type: 1 });
  await openScreen(page, host, '/site/deployTasks');
  await page.getByRole('button', { name: /新\s*增/ }).click();
  await dialog(page).getByLabel('任务名称').fill('AB任务');
  await expect(formItem(page, 'A/B文章数量')).toHaveCount(0);
  await pick(page, '网站分组', '普通A组');
  await dialog(page).locator('.ant-modal-title').click();
  await expect(formItem(page, 'A/B文章数量')).toHaveCount(0);
  await pick(page, '网站分组', '白帽A组');
  await dialog(page).locator('.ant-modal-title').click();
  await expect(formItem(page, 'A/B文章数量')).toBeVisible();
  await dialog(page).getByLabel('A/B文章数量').fill('3');
  await dialog(page).getByLabel('文章发布数量').fill('1');
  await save(page);
  await expect(page.getByText('新增成功')).toBeVisible();
  expect((await tasks(host, 'AB任务'))[0]).toMatchObject({ abArticleCount: 3 });
});

test('a run whose site fails is 部分失败, with the reason per site in 执行结果', async ({ page, host }) => {
  await signIn(page, host);
  const { groupId } = await setUp(host, 'runs', { broken: true });
  await api(host, 'post', `${DT}/save`, { taskName: '手动部署', groupIds: groupId, scheduleType: 'NONE', articleCount: 0 });
  await openScreen(page, host, '/site/deployTasks');
  const row = page.getByRole('table').getByRole('row', { name: /手动部署/ });
  await clickRowAction(page, row, '执行一次');
  await page.getByRole('dialog').getByRole('button', { name: /确\s*定/ }).click();
  // not 操作成功: the failure is said, and the row shows the outcome
  await expect(page.getByText('执行完成，但 1 个网站部署失败（共 2 个），原因见“执行结果”')).toBeVisible();
  await expect(page.getByText('操作成功!')).toHaveCount(0);
  await expect(row).toContainText('部分失败');
  await clickRowAction(page, row, '执行结果');
  const result = dialog(page);
  await expect(result.getByTestId('run-state')).toHaveText('部分失败');
  await expect(result.getByRole('row', { name: /runs站/ })).toContainText('部署成功');
  const bad = result.getByRole('row', { name: /runs坏站/ });
  await expect(bad).toContainText('部署失败');
  await expect(bad).toContainText('没有图片');
  await shot(page, '/tmp/widgets-run-result.png');
  await closeFooter(page);

  // in English: the list read again (its tab shown again) answers the run's state, each site's status and reason in English
  await switchLanguage(page, 'English');
  await page.goto(`${host.origin}/#/wel/dashboard`);
  await openScreen(page, host, '/site/deployTasks');
  await expect(row).toContainText('Partly failed');
  await clickRowAction(page, row, 'Run result');
  const resultEn = dialog(page);
  await expect(resultEn.getByTestId('run-state')).toHaveText('Partly failed');
  await expect(resultEn.getByRole('row', { name: /runs站/ })).toContainText('Deployed');
  const badEn = resultEn.getByRole('row', { name: /runs坏站/ });
  await expect(badEn).toContainText('Deploy failed');
  await expect(badEn).toContainText('holds no image');
  await shot(page, '/tmp/widgets-run-result-en.png');
  await resultEn.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
  await switchLanguage(page, '中文');
});

test('status switches in the lists post the row\'s new status (templates 0/1, AI model 1/2)', async ({ page, host }) => {
  await signIn(page, host);
  const tpl = await api(host, 'post', '/seo-blade-material/websiteTemplate/submit', { templateName: '开关模板', type: '1', image: await upload(host, 'template'), status: 1 });
  await openScreen(page, host, '/material/websiteTemplate');
  const row = page.getByRole('table').getByRole('row', { name: /开关模板/ });
  const sw = row.getByRole('switch');
  await expect(sw).toBeChecked();
  await shot(page, '/tmp/widgets-list-switch.png');
  await sw.click();
  await expect(page.getByText('操作成功!')).toBeVisible();
  await expect(sw).not.toBeChecked();
  expect((await api(host, 'get', '/seo-blade-material/websiteTemplate/detail', undefined, { id: tpl.id })).status).toBe(0);
  // the form keeps a switch, showing the same
  await clickRowAction(page, row, '编辑');
  await expect(dialog(page).getByRole('switch')).not.toBeChecked();
  await dialog(page).getByRole('button', { name: /取\s*消/ }).click();

  const model = await api(host, 'post', '/seo-blade-article/aiModel/submit', { name: '开关模型', apiKey: 'sk-switch-0001', url: 'http://127.0.0.1:9/v1', model: 'm', platform: 'openai', temperature: 0.5, maxTokens: 256, status: 1 });
  await openScreen(page, host, '/ai/aiModel');
  const mrow = page.getByRole('table').getByRole('row', { name: /开关模型/ });
  await expect(mrow.getByRole('switch')).toBeChecked();
  await mrow.getByRole('switch').click();
  await expect(mrow.getByRole('switch')).not.toBeChecked();
  expect((await api(host, 'get', '/seo-blade-article/aiModel/detail', undefined, { id: model.id })).status).toBe(2);
  await mrow.getByRole('switch').click();
  await expect(mrow.getByRole('switch')).toBeChecked();
  expect((await api(host, 'get', '/seo-blade-article/aiModel/detail', undefined, { id: model.id })).status).toBe(1);
});

test('a website group\'s SSL list and link list open from its row and the toolbar', async ({ page, host }) => {
  await signIn(page, host);
  const { siteId } = await setUp(host, 'lists');
  await api(host, 'post', '/website-blade-article/links/submit', { name: '友情链接甲', link: 'https://friend.example', websiteInfoId: siteId, openPage: 1, status: 1 });
  await openScreen(page, host, '/site/websiteGroup');
  const row = page.getByRole('table').getByRole('row', { name: /lists/ });
  await clickRowAction(page, row, 'SSL列表');
  const ssl = dialog(page);
  await expect(ssl.getByRole('row', { name: /lists站/ })).toContainText('lists.example.com');
  await expect(ssl.getByRole('row', { name: /lists站/ })).toContainText('未签发');
  await shot(page, '/tmp/widgets-group-ssl.png');
  await closeFooter(page);

  // toolbar: nothing ticked is refused, the ticked groups' links are listed
  await page.getByRole('button', { name: '链接列表' }).first().click();
  await expect(page.getByText('请选择至少一条数据')).toBeVisible();
  await row.getByRole('checkbox').check();
  await page.locator('.ant-card-body > .ant-space').getByRole('button', { name: '链接列表' }).click();
  const links = dialog(page);
  const link = links.getByRole('row', { name: /友情链接甲/ });
  await expect(link).toContainText('https://friend.example');
  await expect(link).toContainText('lists站');
  await shot(page, '/tmp/widgets-group-links.png');
  await closeFooter(page);
});

test('an article published from 更多 and then edited: the editor shows its content, the tab does not crash', async ({ page, host }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await signIn(page, host);
  const { groupId, siteId, cateId } = await setUp(host, 'crash');
  await api(host, 'post', '/website-blade-article/article/save', { websiteGroupId: groupId, websiteInfoId: siteId, parentId: cateId, title: '发布后编辑', keyword: 'k', content: '<p>正文内容甲</p>', descVal: 'd' });
  await openScreen(page, host, '/article/article');
  const row = page.getByRole('table').getByRole('row', { name: /发布后编辑/ });
  // the editor is loaded and used once before (the crash needed a destroyed editor)
  await clickRowAction(page, row, '编辑');
  await expect(dialog(page).locator('.rich-text')).toContainText('正文内容甲');
  await dialog(page).getByRole('button', { name: /取\s*消/ }).click();
  await clickRowAction(page, row, '发布');
  await page.getByRole('dialog').getByRole('button', { name: /确\s*定/ }).click();
  await expect(row).toContainText('已发布');
  await clickRowAction(page, row, '编辑');
  await expect(dialog(page).locator('.rich-text')).toContainText('正文内容甲');
  await dialog(page).locator('.rich-text .ProseMirror').click();
  await page.keyboard.type('乙');
  await save(page);
  await expect(page.getByText('更新成功')).toBeVisible();
  await expect(page.getByText('页面出现错误')).toHaveCount(0);
  expect(errors.filter((e) => /cached|destroyed/i.test(e))).toEqual([]);
});

test('websites: 批量部署 of the ticked sites shows each site\'s result; 更新栏目 says why a site failed', async ({ page, host }) => {
  await signIn(page, host);
  await setUp(host, 'batch', { broken: true });
  await openScreen(page, host, '/site/websiteInfo');
  const good = page.getByRole('table').getByRole('row', { name: /batch站/ });
  const bad = page.getByRole('table').getByRole('row', { name: /batch坏站/ });
  await good.getByRole('checkbox').check();
  await bad.getByRole('checkbox').check();
  await page.getByRole('button', { name: '批量部署' }).click();
  const batch = dialog(page);
  await expect(batch).toContainText('确定部署选中的 2 个网站?');
  await batch.locator('.ant-modal-footer').getByRole('button', { name: '批量部署' }).click();
  await expect(batch).toContainText('1 个网站部署失败（共 2 个）');
  await expect(batch.getByRole('row', { name: /batch站/ })).toContainText('部署成功');
  await expect(batch.getByRole('row', { name: /batch坏站/ })).toContainText('Logo分组中没有图片');
  await shot(page, '/tmp/widgets-batch-deploy.png');
  await closeFooter(page);
  await expect(bad).toContainText('部署失败');

  await clickRowAction(page, good, '更新栏目');
  await page.getByRole('dialog').getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('操作成功!')).toBeVisible();
  await clickRowAction(page, bad, '更新栏目');
  await page.getByRole('dialog').getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText(/栏目更新失败：batch坏站: 部署失败: Logo分组中没有图片/)).toBeVisible();

  // in English: each site's status name comes from the server in the console's language, the count and the colour
  // are decided by the `deployed` code beside it
  await switchLanguage(page, 'English');
  await page.goto(`${host.origin}/#/wel/dashboard`);
  await openScreen(page, host, '/site/websiteInfo');
  await good.getByRole('checkbox').check();
  await bad.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Batch deploy' }).click();
  const batchEn = dialog(page);
  await batchEn.locator('.ant-modal-footer').getByRole('button', { name: 'Batch deploy' }).click();
  await expect(batchEn).toContainText('1 of 2 websites failed to deploy');
  const deployedEn = batchEn.getByRole('row', { name: /batch站/ }).locator('.ant-tag');
  await expect(deployedEn).toHaveText('Deployed');
  await expect(deployedEn).toHaveClass(/\bant-tag-green\b/);
  const failedEn = batchEn.getByRole('row', { name: /batch坏站/ });
  await expect(failedEn.locator('.ant-tag')).toHaveText('Deploy failed');
  await expect(failedEn.locator('.ant-tag')).toHaveClass(/\bant-tag-red\b/);
  await expect(failedEn).toContainText('The logo group holds no image');
  await shot(page, '/tmp/widgets-batch-deploy-en.png');
  await batchEn.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
  await switchLanguage(page, '中文');
});

test('AI model form: 并发上限 and 每分钟请求上限 start at 8 and 0, out of range is refused in the form, saved values show in the list', async ({ page, host }) => {
  await signIn(page, host);
  await openScreen(page, host, '/ai/aiModel');
  await page.getByRole('button', { name: /新\s*增/ }).click();
  const d = dialog(page);
  await d.getByLabel('名称').fill('限流模型');
  await d.getByLabel('密钥').fill('sk-limits-e2e-01');
  await d.getByLabel('链接').fill('http://127.0.0.1:9/v1');
  await d.getByLabel('模型', { exact: true }).fill('m');
  await pick(page, '平台', 'OpenAI');
  await d.getByLabel('温度').fill('0.5');
  await d.getByLabel('返回token数').fill('256');
  const most = d.getByLabel('并发上限');
  const rate = d.getByLabel('每分钟请求上限');
  await expect(most).toHaveValue('8');
  await expect(rate).toHaveValue('0');
  await expect(formItem(page, '每分钟请求上限')).toContainText('0为不限');

  await most.fill('0');
  await rate.fill('100001');
  await d.locator('.ant-modal-title').click();
  await expect(fieldError(page, '并发上限须为1-1000的整数')).toBeVisible();
  await expect(fieldError(page, '每分钟请求上限须为0-100000的整数')).toBeVisible();
  await shot(page, '/tmp/limits-form-refused.png');
  await save(page);
  await expect(fieldError(page, '并发上限须为1-1000的整数')).toBeVisible();
  await most.fill('1001');
  await save(page);
  await expect(fieldError(page, '并发上限须为1-1000的整数')).toBeVisible();
  await expect(page.getByText('新增成功')).toHaveCount(0);
  expect(((await api(host, 'get', '/seo-blade-article/aiModel/page', undefined, { name: '限流模型' })).records as unknown[])).toHaveLength(0);

  await most.fill('3');
  await rate.fill('60');
  await expect(fieldError(page, '并发上限须为1-1000的整数')).toHaveCount(0);
  await shot(page, '/tmp/limits-form.png');
  await save(page);
  await expect(page.getByText('新增成功')).toBeVisible();
  const row = page.getByRole('table').getByRole('row', { name: /限流模型/ });
  await expect(row).toContainText('3');
  await expect(row).toContainText('60');
  await expect(page.getByRole('columnheader', { name: '并发上限' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: '每分钟上限' })).toBeVisible();
  const saved = ((await api(host, 'get', '/seo-blade-article/aiModel/page', undefined, { name: '限流模型' })).records as Record<string, unknown>[])[0];
  expect(saved).toMatchObject({ maxConcurrency: 3, ratePerMinute: 60 });
  await shot(page, '/tmp/limits-list.png');
});
