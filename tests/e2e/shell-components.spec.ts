import { join } from 'node:path';
import { openDatabase } from '../../src-server/db/database';
import { test, expect, signIn, rpc, appReady } from './fixtures';

// with the system's animations on (the other specs run with reduce motion: playwright.config.ts)
test.use({ reducedMotion: 'no-preference' });

// Reusable components (cron generator, flow diagram), the external page frame,
// the screen size class and the chunk-failure prompt.

test.describe('shell components', () => {
  test.beforeEach(async ({ page, host }) => {
    await signIn(page, host);
  });

  test('cron generator fills the expression; flow diagram colours nodes', async ({ page }) => {
    await page.evaluate(() => (window.location.hash = '#/test/index'));
    const form = page.locator('form[id="cron-demo"]');
    await expect(form.getByLabel('cron')).toHaveValue('0 0 2 * * ?');
    await form.getByRole('button', { name: '生成 cron' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cron 表达式生成器' });
    await dialog.getByRole('tab', { name: '分' }).click();
    await dialog.getByRole('radio', { name: /间隔/ }).click();
    await dialog.getByLabel('分 step').fill('15');
    await expect(dialog.getByTestId('cron-expression')).toHaveText('0 */15 2 * * ?');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(form.getByLabel('cron')).toHaveValue('0 */15 2 * * ?');

    const diagram = page.getByRole('img', { name: '流程图' }).first();
    await expect(diagram.locator('[data-id="apply"]')).toHaveAttribute('data-state', 'finished');
    await expect(diagram.locator('[data-id="approve"]')).toHaveAttribute('data-state', 'active');
    await expect(diagram.locator('[data-id="f1"]')).toHaveAttribute('data-state', 'flow');
    await expect(diagram.locator('[data-id="end"]')).toHaveAttribute('data-state', 'none');
    // the success colour, antd's #52c41a taken to AA on a hovered row (themes/index.ts)
    await expect(diagram.locator('[data-id="apply"] .djs-visual > rect')).toHaveAttribute('stroke', /#317610/i);
  });

  test('an external menu page opens in a sandboxed frame with ${token} substituted by main', async ({ page, host }) => {
    const url = 'https://frame.example/app?token=${token}';
    const db = openDatabase(join(host.dataDir, 'server'));
    try {
      const parent = db.prepare("SELECT id FROM blade_menu WHERE code = 'workbench'").get() as { id: string };
      db.prepare(
        "INSERT INTO blade_menu (id, parent_id, code, name, alias, path, source, sort, category, action, is_open, remark, roles) VALUES ('990001', ?, 'e2eFrame', '外部报表', 'menu', ?, 'link', 9, 1, 0, 2, NULL, NULL)",
      ).run(parent.id, url);
    } finally {
      db.close();
    }
    await rpc(host, 'api:request', { method: 'get', url: '/blade-auth/oauth/clear-cache' });
    let seen = '';
    await page.context().route('https://frame.example/**', (route) => {
      seen = route.request().url();
      return route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>external report</h1>' });
    });
    await page.reload();
    await appReady(page);
    await page.getByRole('menuitem', { name: /外部报表/ }).click();
    await expect(page).toHaveURL(/#\/myiframe\//);
    const frame = page.locator('iframe.desk-frame');
    await expect(frame).toHaveAttribute('sandbox', /allow-scripts/);
    await expect(page.frameLocator('iframe.desk-frame').getByRole('heading', { name: 'external report' })).toBeVisible();
    expect(seen).toMatch(/^https:\/\/frame\.example\/app\?token=[\w.-]{20,}$/);
    expect(seen).not.toContain('${token}');
  });

  test('side menu: the clicked item is the selected one; the pointer leaves the active item alone; the arrow keys and Enter still move and open', async ({ page }) => {
    // the side menu's selection is the current path alone (rc-menu keeps no selection of its own, selectable off),
    // and its items carry no tooltip while it is expanded: neither may change what the operator sees or can do
    const menu = page.getByRole('menu', { name: '侧边菜单' });
    await menu.getByText('系统管理', { exact: true }).click();
    await menu.getByRole('menuitem', { name: '用户管理' }).click();
    await expect(page).toHaveURL(/#\/system\/user$/);
    await expect(menu.locator('.ant-menu-item-selected')).toHaveText('用户管理');
    await menu.getByRole('menuitem', { name: '用户管理' }).hover();
    await expect(page.locator('.ant-tooltip:visible')).toHaveCount(0);
    // the pointer neither makes an item the menu's active one (each change of it renders the whole menu) nor, by
    // a press, focuses it: the item pressed above and the one under the pointer now are not active, none focused
    await menu.getByRole('menuitem', { name: '部门管理' }).hover();
    await expect(menu.locator('.ant-menu-item-active, .ant-menu-submenu-active')).toHaveCount(0);
    await expect(menu.locator(':focus')).toHaveCount(0);

    // keyboard: from the focused item, ArrowDown moves the focus (and the active item) to the next item and Enter opens it
    await menu.getByRole('menuitem', { name: '用户管理' }).focus();
    await page.keyboard.press('ArrowDown');
    const next = page.locator(':focus');
    await expect(next).toHaveAttribute('role', 'menuitem');
    await expect(next).toHaveClass(/ant-menu-item-active/);
    const name = (await next.textContent())?.trim() ?? '';
    expect(name).not.toBe('用户管理');
    await page.keyboard.press('Enter');
    await expect(page).not.toHaveURL(/#\/system\/user$/);
    await expect(menu.locator('.ant-menu-item-selected')).toHaveText(name);
  });

  test('screen size class drives the layout', async ({ page }) => {
    await page.setViewportSize({ width: 1300, height: 800 });
    await expect(page.locator('.desk-shell')).toHaveAttribute('data-size', '3');
    await expect(page.getByLabel('搜索菜单')).toBeVisible();
    await page.setViewportSize({ width: 1000, height: 800 });
    await expect(page.locator('.desk-shell')).toHaveAttribute('data-size', '2');
    await expect(page.getByLabel('搜索菜单')).toHaveCount(0);
    await page.setViewportSize({ width: 800, height: 800 });
    await expect(page.locator('.desk-shell')).toHaveAttribute('data-size', '1');
    await expect(page.getByRole('menu', { name: '顶部菜单' })).toHaveCount(0);
    await page.setViewportSize({ width: 600, height: 800 });
    await expect(page.locator('.desk-shell')).toHaveAttribute('data-size', '0');
    // below 992 the sidebar collapses
    await expect(page.locator('.desk-sider')).toHaveClass(/ant-layout-sider-collapsed/);
    await page.setViewportSize({ width: 1280, height: 720 });
  });

  test('a chunk that fails to load shows the reload prompt', async ({ page }) => {
    // every lazy chunk request fails from now on (a network drop or an updated app)
    await page.route('**/assets/**', (route) => route.abort());
    await page.evaluate(() => (window.location.hash = '#/info/index'));
    await expect(page.getByText('页面资源加载失败')).toBeVisible();
    await expect(page.getByRole('button', { name: /重新加载/ })).toBeVisible();
    await page.unroute('**/assets/**');
  });
});
