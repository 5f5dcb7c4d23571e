// Accessibility beside Saber 4.9 (`npm run bench`, section "Accessibility"): axe-core's WCAG 2 A and AA rules
// (scripts/axe.mjs) on the same views of both consoles against the same embedded back end, with each console's
// default colours (this console: the spec's #2EA300): the login page, home, 用户管理, its add dialog, 控制台, and
// this console's content lists 网站管理 and 文章管理 (Saber has no content area: the sample matrix's tenant).
// Counted: the elements in violation per impact, and the rules of the serious and critical ones.
// tests/e2e/accessibility.spec.ts asserts this console's serious and critical counts are 0.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { axeViolations, tally } from './axe.mjs';
import { CONSOLES, launch, loadSample } from './bench-consoles.mjs';
import { rpc, startHost } from './bench-host.mjs';
import { ensureSaberBuild, serveSaber } from './saber.mjs';
import { writeBenchSection } from './bench-sections.mjs';

/** settles animations (menus, dialogs), then runs axe */
async function audit(page) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  return tally(await axeViolations(page));
}

/** the views of this console: name -> its tally */
async function ours(browser, env) {
  const out = {};
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const page = await context.newPage();
  const origin = new URL(env.hostUrl).origin;
  const shown = (path) => page.locator(`.desk-page[data-path="${path}"]:not([hidden])`);
  const open = async (path, ready = '.ant-table-row') => {
    await page.goto(`${origin}/#${path}`);
    await shown(path).locator(ready).first().waitFor();
  };
  try {
    await page.goto(env.hostUrl);
    await page.waitForSelector('body[data-app-state="ready"] [data-testid="captcha-image"]');
    out.login = await audit(page);
    await CONSOLES.ours.signIn(page, env);
    await shown('/wel/index').getByRole('button').first().waitFor();
    out.home = await audit(page);
    await open('/system/user');
    out.users = await audit(page);
    await shown('/system/user').getByRole('button', { name: /新\s*增/ }).click();
    await page.getByRole('dialog').getByLabel('登录账号').waitFor();
    out.userAdd = await audit(page);
    await page.getByRole('dialog').getByRole('button', { name: /取\s*消/ }).click();
    await open('/wel/dashboard', '.ant-card');
    out.dashboard = await audit(page);
    await rpc(env.hostUrl, 'tabs:save', { tags: [] });
    await rpc(env.hostUrl, 'auth:logout');
    await CONSOLES.ours.signIn(page, env, '888888');
    await open('/site/websiteInfo');
    out.websites = await audit(page);
    await open('/article/article');
    out.articles = await audit(page);
    return out;
  } finally {
    await context.close();
    await rpc(env.hostUrl, 'tabs:save', { tags: [] });
    await rpc(env.hostUrl, 'auth:logout');
  }
}

/** opens a screen of Saber's through its side menu (its routes come from the menus it reads after sign-in) */
async function openSaber(page, group, item) {
  const menu = CONSOLES.saber.menu(page);
  const entry = menu.getByText(item, { exact: true }).first();
  if (!(await entry.isVisible())) {
    await menu.getByText(group, { exact: true }).first().click();
    await entry.waitFor({ state: 'visible' });
  }
  await entry.click();
}

/** the same views of Saber 4.9 (its menus: 工作台 › 首页, 控制台; 系统管理 › 用户管理) */
async function saber(browser, env) {
  const out = {};
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const page = await context.newPage();
  try {
    const captcha = page.waitForResponse((r) => r.url().includes('/api/blade-auth/captcha'));
    await page.goto(`${env.saberUrl}/login`);
    await captcha;
    await page.getByRole('button', { name: '登录' }).waitFor();
    out.login = await audit(page);
    await CONSOLES.saber.signIn(page, env);
    await page.waitForTimeout(1500); // its home page's cards
    out.home = await audit(page);
    await openSaber(page, '系统管理', '用户管理');
    await page.locator('.el-table__row').first().waitFor();
    out.users = await audit(page);
    await page.locator('button:visible', { hasText: /新\s*增/ }).first().click();
    await page.locator('.el-dialog:visible, .el-drawer:visible').last().waitFor();
    await page.waitForTimeout(500); // the dialog's opening
    out.userAdd = await audit(page);
    await page.keyboard.press('Escape');
    await openSaber(page, '工作台', '控制台');
    await page.waitForURL(/\/wel\/dashboard/);
    await page.waitForTimeout(1500);
    out.dashboard = await audit(page);
    return out;
  } finally {
    await context.close();
  }
}

const VIEWS = [
  ['login', 'login page'],
  ['home', 'home (首页)'],
  ['users', '用户管理'],
  ['userAdd', '用户管理 › 新增 (dialog)'],
  ['dashboard', '控制台'],
  ['websites', '网站管理 (this console only)'],
  ['articles', '文章管理 (this console only)'],
];

function report(results, machine) {
  const cell = (t) => (t ? `${t.critical} / ${t.serious} / ${t.moderate} / ${t.minor}` : '–');
  const rules = (t) => (t?.rules.length ? t.rules.map((r) => `\`${r}\``).join(', ') : t ? 'none' : '–');
  const lines = [
    `Last run: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine}, headless Debian Chromium, axe-core ${results.axe} (WCAG 2 A and AA rules), 1440×900, zh; each console with its default colours (this console: #2EA300).`,
    '',
    'Elements in violation, critical / serious / moderate / minor, and the rules of the serious and critical ones:',
    '',
    '| view | this console | its serious/critical rules | Saber 4.9 | its serious/critical rules | target (this console) | |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const [key, label] of VIEWS) {
    const a = results.ours[key];
    const b = results.saber[key];
    const ok = a && a.critical === 0 && a.serious === 0;
    lines.push(`| ${label} | ${cell(a)} | ${rules(a)} | ${cell(b)} | ${rules(b)} | 0 critical, 0 serious | ${ok ? 'met' : 'MISSED'} |`);
  }
  return lines.join('\n');
}

export async function benchAccessibility(machine, { writeSection, log = console.log }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'smc-bench-a11y-'));
  const host = await startHost(dataDir);
  const browser = await launch();
  let saberServer;
  try {
    const profile = (await rpc(host.url, 'app:info')).data.profile;
    saberServer = await serveSaber({ dist: ensureSaberBuild({ log }), api: profile.baseUrl, publicKey: profile.publicKey });
    await loadSample(profile.baseUrl);
    const env = { hostUrl: host.url, saberUrl: saberServer.url, dbPath: join(dataDir, 'server', 'server.db') };
    const { createRequire } = await import('node:module');
    const axe = createRequire(import.meta.url)('axe-core/package.json').version;
    const results = { axe, ours: await ours(browser, env), saber: await saber(browser, env) };
    log(`accessibility: ${JSON.stringify(results)}`);
    const body = report(results, machine);
    log(body);
    writeSection('accessibility', body);
    return results;
  } finally {
    await browser.close();
    await saberServer?.close();
    await host.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// run alone: node scripts/bench-accessibility.mjs (the renderer must be built; npm run bench builds it)
if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const { cpus } = await import('node:os');
  const machine = `${cpus().length} cores, ${cpus()[0]?.model ?? 'unknown cpu'}, Node ${process.version}`;
  await benchAccessibility(machine, {
    writeSection: writeBenchSection,
  });
}
