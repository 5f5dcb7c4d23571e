import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { clickRowAction, cronEveryHours, expect, freshHostTest as test, openScreen, rpc, signIn } from './fixtures';
import type { Locator, Page } from '@playwright/test';

// with the system's animations on (the other specs run with reduce motion: playwright.config.ts)
test.use({ reducedMotion: 'no-preference' });

// The operator's day from an empty install, through the screens only (the API is
// read once, for the address the rendered site is served at): website group →
// local-folder server → domain → template → template page → contact and image
// groups → website → a type-2 and a type-3 category → an article with rich text
// and a cover → a paragraph → keywords imported from a .txt → generation against
// a local AI server (one run that succeeds, one whose provider is down, its
// reason shown) → a deploy task on a CRON schedule built in the editor, its next
// trigger times, run once → the deployed pages → the site dashboard's totals,
// kept in a tab since the start, current when shown again.

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');

const dialog = (page: Page) => page.getByRole('dialog').last();
const fieldError = (page: Page, text: string) => dialog(page).locator('.ant-form-item-explain-error', { hasText: text });
const formItem = (page: Page, label: string) => dialog(page).locator('.ant-form-item').filter({ has: page.locator(`label[title="${label}"]`) });
const shownPage = (page: Page, path: string) => page.locator(`.desk-page[data-path="${path}"]:not([hidden])`);
const closeFooter = (page: Page) => dialog(page).locator('.ant-modal-footer').getByRole('button', { name: /关\s*闭/ }).click();

/** Opens a screen's add dialog. */
async function add(page: Page): Promise<void> {
  await page.locator('.desk-page:not([hidden])').getByRole('button', { name: /新\s*增/ }).click();
  await expect(dialog(page)).toBeVisible();
}

/** Saves the dialog and waits for the spec's message and the dialog closing. */
async function saved(page: Page, message = '新增成功'): Promise<void> {
  await dialog(page).getByRole('button', { name: /确\s*定|保\s*存/ }).click();
  await expect(page.getByText(message).last()).toBeVisible();
  await expect(page.locator('.ant-modal-wrap:visible .ant-form')).toHaveCount(0);
}

/** Picks an option of a select in the dialog (once the previous select's list has closed). */
async function pick(page: Page, label: string, option: string): Promise<void> {
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await dialog(page).getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

const row = (page: Page, path: string, name: RegExp): Locator => shownPage(page, path).getByRole('table').getByRole('row', { name });

/** An OpenAI-compatible provider on 127.0.0.1: answers every prompt with a heading and a paragraph. */
async function aiServer(): Promise<{ url: string; prompts: string[]; close(): Promise<void> }> {
  const prompts: string[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      if (req.url !== '/v1/chat/completions' || req.headers.authorization !== 'Bearer sk-journey-0001') {
        res.writeHead(401).end('{}');
        return;
      }
      const prompt = (JSON.parse(raw) as { messages: { content: string }[] }).messages[0].content;
      prompts.push(prompt);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: `# ${prompt}\n这是关于${prompt}的正文。` } }] }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, prompts, close: () => new Promise((r) => server.close(() => r())) };
}

/** An address on 127.0.0.1 where nobody listens (a port taken, then given back). */
async function closedUrl(): Promise<string> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(s.address() as AddressInfo).port}/v1`;
  await new Promise((r) => s.close(r));
  return url;
}

/** The site dashboard's statistic of this title, as a number. */
async function stat(page: Page, title: string): Promise<number> {
  const card = shownPage(page, '/site/dashboard').locator('.ant-statistic').filter({ hasText: title });
  return Number((await card.locator('.ant-statistic-content-value').innerText()).replace(/,/g, ''));
}

/** Creates a generate-article task for the journey's group with one prompt and a keyword file. */
async function generationTask(page: Page, name: string, keywords: string[]): Promise<void> {
  await add(page);
  await dialog(page).getByLabel('任务名称').fill(name);
  await formItem(page, '生成描述').locator('textarea').first().fill('写一篇关于{keyword}的文章');
  await formItem(page, '关键字文件').locator('input[type=file]').setInputFiles({ name: `${name}.txt`, mimeType: 'text/plain', buffer: Buffer.from(`${keywords.join('\n')}\n`) });
  await expect(dialog(page).getByTestId('kw-unique')).toHaveText(String(keywords.length));
  await expect(dialog(page).getByTestId('keyword-file')).not.toBeEmpty();
  await pick(page, '目标网站分组', '旅程分组');
  await pick(page, '目标栏目', '行业资讯');
  await saved(page);
}

test('an operator builds, fills, generates for and deploys a website from an empty install, through the screens', async ({ page, freshHost: host }) => {
  test.setTimeout(300_000);
  const ai = await aiServer();
  try {
    await signIn(page, host);

    // the site dashboard, opened first and kept in its tab: an empty install counts nothing
    await page.goto(`${host.origin}/#/site/dashboard`); // no table to wait for (openScreen): its cards
    await expect(shownPage(page, '/site/dashboard').locator('.ant-statistic').first()).toBeVisible();
    const websitesBefore = await stat(page, '网站总数');
    const deployedBefore = await stat(page, '已部署网站');
    expect(websitesBefore).toBe(0);
    expect(deployedBefore).toBe(0);

    // a white-hat website group (its deploy tasks take an A/B count)
    await openScreen(page, host, '/site/websiteGroup');
    await add(page);
    await dialog(page).getByLabel('分组名称').fill('旅程分组');
    await pick(page, '分组类型', '白帽');
    await saved(page);

    // a server that is a folder of this machine
    await openScreen(page, host, '/infra/serverInfo');
    await add(page);
    await dialog(page).getByLabel('服务器名称').fill('旅程服务器');
    await dialog(page).getByLabel('服务器IP').fill('10.20.30.40');
    await dialog(page).getByLabel('用户名').fill('deploy');
    await dialog(page).getByLabel('密码').fill('Journey#2026');
    await pick(page, '服务器类型', '本机目录');
    await saved(page);

    // a domain on it
    await openScreen(page, host, '/infra/domainInfo');
    await add(page);
    await dialog(page).getByLabel('域名名称').fill('旅程域名');
    await dialog(page).getByLabel('域名', { exact: true }).fill('journey-site.com');
    await pick(page, '解析方式', 'A记录解析');
    await pick(page, '服务器名称', '旅程服务器');
    await saved(page);

    // a template with its image
    await openScreen(page, host, '/material/websiteTemplate');
    await add(page);
    await dialog(page).getByLabel('模板名称').fill('旅程模板');
    await pick(page, '模板类型', '企业');
    await dialog(page).locator('input[type=file]').setInputFiles({ name: 'template.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByText('上传成功!').last()).toBeVisible();
    await saved(page);

    // a template page of its own: news under news/<column>/
    await openScreen(page, host, '/site/templatePageConfig');
    await add(page);
    await dialog(page).getByLabel('页面名称').fill('旅程页面');
    await dialog(page).getByLabel('列表页').fill('journey/{cateId}/');
    await dialog(page).getByLabel('详情页').fill('journey/{cateId}/{id}.html');
    await saved(page);
    await expect(row(page, '/site/templatePageConfig', /旅程页面/).getByRole('switch')).toBeChecked();

    // a contact group, an image group and its picture
    await openScreen(page, host, '/material/contactInfo');
    await add(page);
    await dialog(page).getByLabel('分组名称').fill('旅程客服');
    await dialog(page).getByLabel('微信').fill('wx-journey');
    await saved(page);
    await openScreen(page, host, '/material/imgGroup');
    await add(page);
    await dialog(page).getByLabel('分组名称').fill('旅程图片');
    await saved(page);
    await openScreen(page, host, '/material/websiteImg');
    await add(page);
    await dialog(page).locator('input[type=file]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByText('上传成功!').last()).toBeVisible();
    await pick(page, '图片分组', '旅程图片');
    await dialog(page).getByLabel('alt').fill('旅程Logo');
    await saved(page);

    // the website, its language from the seeded list
    await openScreen(page, host, '/site/websiteInfo');
    await add(page);
    await pick(page, '网站分组', '旅程分组');
    await dialog(page).getByLabel('网站名称').fill('旅程网站');
    await pick(page, '网站语言', '中文');
    await pick(page, '域名', 'journey-site.com');
    await pick(page, '模板', '旅程模板');
    await pick(page, '解析类型', '顶级域名');
    await pick(page, '图标分组', '旅程图片');
    await pick(page, 'Logo分组', '旅程图片');
    await pick(page, 'Banner分组', '旅程图片');
    await pick(page, '客服分组', '旅程客服');
    await dialog(page).getByLabel('关键词').fill('旅程,网站');
    await dialog(page).getByLabel('网站描述').fill('一个从空白安装做起来的网站');
    await saved(page);
    await expect(row(page, '/site/websiteInfo', /旅程网站/)).toContainText('未部署');

    // a type-2 category on the page made above, and a type-3 jump category
    await openScreen(page, host, '/article/cate');
    await add(page);
    await pick(page, '网站分组', '旅程分组');
    await dialog(page).getByLabel('栏目名称').fill('行业资讯');
    await dialog(page).getByRole('button', { name: /确\s*定|保\s*存/ }).click();
    await expect(fieldError(page, '请选择模板页面')).toBeVisible(); // the default type 2 needs a page, and there is one to pick
    await pick(page, '模板页面', '旅程页面');
    await expect(fieldError(page, '请选择模板页面')).toHaveCount(0);
    await saved(page);
    await add(page);
    await pick(page, '网站分组', '旅程分组');
    await dialog(page).getByLabel('栏目名称').fill('官方商城');
    await pick(page, '栏目类型', '跳转页面');
    await expect(formItem(page, '模板页面')).toHaveCount(0);
    await dialog(page).getByLabel('引流/跳转链接').fill('https://shop.example.com/');
    await saved(page);
    await expect(row(page, '/article/cate', /官方商城/)).toContainText('跳转页面');

    // an article with rich text and a cover
    await openScreen(page, host, '/article/article');
    await add(page);
    await dialog(page).getByLabel('标题', { exact: true }).fill('旅程第一篇');
    await pick(page, '网站分组', '旅程分组');
    await pick(page, '网站', '旅程网站');
    await pick(page, '网站栏目', '行业资讯');
    await dialog(page).getByLabel('关键字', { exact: true }).fill('旅程');
    await dialog(page).getByLabel('描述', { exact: true }).fill('第一篇文章的描述');
    await formItem(page, '封面图').locator('input[type=file]').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByText('上传成功!').last()).toBeVisible();
    const editor = dialog(page).locator('.ProseMirror');
    await editor.click();
    await dialog(page).getByRole('button', { name: '二级标题' }).click();
    await page.keyboard.type('开篇');
    await page.keyboard.press('Enter');
    await dialog(page).getByRole('button', { name: '加粗' }).click();
    await page.keyboard.type('旅程正文加粗');
    await saved(page);
    const article = row(page, '/article/article', /旅程第一篇/);
    await expect(article).toContainText('未发布');
    await clickRowAction(page, article, '发布');
    await page.locator('.ant-popconfirm, .ant-modal-confirm').getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect(article).toContainText('已发布');

    // a paragraph
    await openScreen(page, host, '/article/paragraph');
    await add(page);
    await dialog(page).getByLabel('段落内容').fill('旅程的一段备用文字。');
    await saved(page);
    await expect(row(page, '/article/paragraph', /旅程的一段备用文字/)).toBeVisible();

    // keywords imported from a .txt: the import task is listed with its counts
    await openScreen(page, host, '/article/keyword');
    await page.locator('.desk-page:not([hidden])').getByRole('button', { name: '导入' }).click();
    await dialog(page).locator('input[type=file]').setInputFiles({ name: 'journey.txt', mimeType: 'text/plain', buffer: Buffer.from('旅程词一\n旅程词二\n旅程词三\n') });
    // the file's preview first, then 确认导入
    await expect(dialog(page).getByTestId('kw-unique')).toHaveText('3');
    await dialog(page).getByRole('button', { name: '确认导入' }).click();
    await expect(dialog(page).getByText('共 3 行，成功 3 行，失败 0 行')).toBeVisible();
    await closeFooter(page);
    await expect(row(page, '/article/keyword', /旅程词二/)).toBeVisible();

    // the AI model, against the local provider
    await openScreen(page, host, '/ai/aiModel');
    await add(page);
    await dialog(page).getByLabel('名称').fill('旅程模型');
    await dialog(page).getByLabel('密钥').fill('sk-journey-0001');
    await dialog(page).getByLabel('链接').fill(ai.url);
    await dialog(page).getByLabel('模型').fill('journey-model');
    await dialog(page).getByLabel('平台').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await dialog(page).getByLabel('温度').fill('0.7');
    await dialog(page).getByLabel('返回token数').fill('512');
    await saved(page);
    const model = row(page, '/ai/aiModel', /旅程模型/);
    await expect(model.getByRole('switch')).toBeChecked();

    // generation that succeeds: two articles in 行业资讯
    await openScreen(page, host, '/article/gptProduceArticle');
    await generationTask(page, '旅程生成', ['咖啡', '茶叶']);
    const good = row(page, '/article/gptProduceArticle', /旅程生成/);
    await good.getByRole('button', { name: '开始生成', exact: true }).click();
    await good.getByRole('button', { name: '任务进度', exact: true }).click();
    await expect(dialog(page).getByTestId('task-status')).toHaveText('已完成：共 2，成功 2，失败 0', { timeout: 30_000 });
    await closeFooter(page);
    expect(ai.prompts.sort()).toEqual(['写一篇关于咖啡的文章', '写一篇关于茶叶的文章']);

    // the provider goes down: the model's address is one nobody answers; the run fails and says why
    const down = await closedUrl();
    await openScreen(page, host, '/ai/aiModel');
    await clickRowAction(page, model, /编\s*辑/);
    await dialog(page).getByLabel('链接').fill(down);
    await saved(page, '更新成功');
    await openScreen(page, host, '/article/gptProduceArticle');
    await generationTask(page, '旅程断线', ['可可']);
    const bad = row(page, '/article/gptProduceArticle', /旅程断线/);
    await bad.getByRole('button', { name: '开始生成', exact: true }).click();
    await bad.getByRole('button', { name: '任务进度', exact: true }).click();
    const reason = `无法连接AI接口 ${down}/chat/completions: ECONNREFUSED`;
    await expect(dialog(page).getByTestId('task-status')).toHaveText('失败：共 1，成功 0，失败 1', { timeout: 30_000 });
    await expect(dialog(page).getByTestId('task-reason')).toHaveText(`任务失败原因：${reason}`);
    await expect(dialog(page).getByTestId('task-failures')).toContainText(`可可${reason}`);
    await closeFooter(page);
    await expect(bad.locator('[data-tone="error"]')).toHaveText('失败');
    await expect(bad).toContainText(reason);
    await expect(good).toContainText('已完成');

    // the generated articles are in the article list, unpublished, in 行业资讯
    await openScreen(page, host, '/article/article');
    for (const kw of ['咖啡', '茶叶']) await expect(row(page, '/article/article', new RegExp(`写一篇关于${kw}的文章`))).toContainText('未发布');

    // a deploy task on a CRON schedule built in the editor: its next trigger times; run once
    await openScreen(page, host, '/site/deployTasks');
    await add(page);
    await dialog(page).getByLabel('任务名称').fill('旅程发布');
    await pick(page, '网站分组', '旅程分组');
    await dialog(page).locator('.ant-modal-title').click(); // closes the multiple select
    await expect(dialog(page).getByLabel('A/B文章数量')).toBeVisible(); // a white-hat group
    await pick(page, '调度类型', 'CRON');
    await formItem(page, '调度配置').getByRole('button', { name: '生成 cron' }).click();
    const builder = await cronEveryHours(page, 6);
    await builder.getByRole('button', { name: /确\s*定/ }).click();
    await expect(builder).toBeHidden();
    const preview = formItem(page, '调度配置').getByTestId('cron-preview').locator('li');
    await expect(preview).toHaveCount(5);
    const at = (await preview.allTextContents()).map((x) => new Date(x.replace(' ', 'T')));
    expect(at.every((d) => d.getMinutes() === 0 && d.getSeconds() === 0 && d.getHours() % 6 === 0)).toBe(true);
    await dialog(page).getByLabel('文章发布数量').fill('5');
    await saved(page);
    const task = row(page, '/site/deployTasks', /旅程发布/);
    await clickRowAction(page, task, '下次触发时间');
    await expect(dialog(page).locator('.ant-list-item').first()).toHaveText(/ (00|06|12|18):00:00$/);
    await closeFooter(page);
    await clickRowAction(page, task, '执行一次');
    await page.locator('.ant-popconfirm, .ant-modal-confirm').getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect(task.locator('td').filter({ hasText: /^成功$/ })).toHaveCount(1, { timeout: 30_000 }); // 上次执行

    // the site is deployed, and its generated articles were published by the run
    await openScreen(page, host, '/site/websiteInfo');
    await expect(row(page, '/site/websiteInfo', /旅程网站/)).toContainText('部署成功');
    await openScreen(page, host, '/article/article');
    await expect(row(page, '/article/article', /写一篇关于咖啡的文章/)).toContainText('已发布');

    // the site dashboard, shown again: one website, deployed
    await page.goto(`${host.origin}/#/site/dashboard`);
    await expect.poll(() => stat(page, '网站总数')).toBe(websitesBefore + 1);
    await expect.poll(() => stat(page, '已部署网站')).toBe(deployedBefore + 1);
    await page.screenshot({ path: 'test-results/journey-dashboard.png' });

    // the deployed pages: home, the news column on its own page pattern, the article with its rich text
    const info = (await rpc(host, 'app:info')) as { data: { profile: { baseUrl: string } } };
    const sites = (await rpc(host, 'api:request', { method: 'get', url: '/website-blade-material/websiteInfo/listGroup' })) as { data: { data: { id: string; websiteName: string }[] } };
    const site = sites.data.data.find((s) => s.websiteName === '旅程网站')!;
    const root = `${info.data.profile.baseUrl}/site-preview/${site.id}/journey-site.com`;
    await page.goto(`${root}/index.html`);
    await expect(page).toHaveTitle('旅程网站');
    await expect(page.getByText('一个从空白安装做起来的网站')).toBeVisible();
    await expect(page.getByText('wx-journey')).toBeVisible();
    const newsLink = page.getByRole('link', { name: '行业资讯' }).first();
    await expect(newsLink).toHaveAttribute('href', /journey\/\d+\/?$/);
    await newsLink.click();
    await expect(page.getByRole('link', { name: '旅程第一篇' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: '写一篇关于茶叶的文章' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: '官方商城' }).first()).toHaveAttribute('href', 'https://shop.example.com/');
    await page.getByRole('link', { name: '旅程第一篇' }).first().click();
    await expect(page).toHaveURL(/journey\/\d+\/\d+\.html$/);
    await expect(page.locator('h2', { hasText: '开篇' })).toBeVisible();
    await expect(page.locator('strong', { hasText: '旅程正文加粗' })).toBeVisible();
    await page.screenshot({ path: 'test-results/journey-article-page.png' });
  } finally {
    await ai.close();
  }
});
