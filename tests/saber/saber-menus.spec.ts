// Saber 4.9's menus offer only what Saber has a view for: every entry of its side
// menu, under each of its top menus, opens its screen (a tab of its own at the
// menu's path); none does nothing.
import type { Locator, Page } from '@playwright/test';
import { expect, signIn, test } from './stack';

const side = (page: Page): Locator => page.locator('.el-menu').first();
const exact = (text: string) => new RegExp(`^\\s*${text}\\s*$`);

/** The side menu's group named `group` (opened), and its entries. */
async function openGroup(page: Page, group: string): Promise<Locator> {
  const submenu = side(page).locator(':scope > .el-sub-menu', { has: page.locator(':scope > .el-sub-menu__title', { hasText: exact(group) }) });
  if (!(await submenu.evaluate((e) => e.classList.contains('is-opened')))) await submenu.locator(':scope > .el-sub-menu__title').click();
  const entries = submenu.locator('.el-menu-item');
  await expect(entries.first()).toBeVisible();
  return entries;
}

/** Clicks every entry of every group of the side menu shown; each opens its screen's tab. Answers the entries clicked. */
async function walkSideMenu(page: Page, skip: Set<string>): Promise<string[]> {
  const groups = (await side(page).locator(':scope > .el-sub-menu > .el-sub-menu__title').allInnerTexts()).map((g) => g.trim());
  expect(groups.length).toBeGreaterThan(0);
  const walked: string[] = [];
  for (const group of groups) {
    const items = (await (await openGroup(page, group)).allInnerTexts()).map((i) => i.trim());
    for (const item of items) {
      const what = `${group} › ${item}`;
      walked.push(what);
      if (skip.has(what)) continue;
      skip.add(what);
      await (await openGroup(page, group)).filter({ hasText: exact(item) }).click();
      await expect(page.locator('.el-tabs__item.is-active'), what).toHaveText(exact(item));
      await expect(page.locator('.avue-view, #avue-view').first(), what).not.toBeEmpty();
    }
  }
  return walked;
}

test('every entry of Saber\'s menus opens its screen', async ({ page, stack }) => {
  test.setTimeout(300_000);
  await signIn(page, stack);
  const done = new Set<string>();
  const all = await walkSideMenu(page, done);
  // the system screens Saber has a view for, its home and 控制台, logs and reports
  expect(all.length).toBe(22);
  await page.screenshot({ path: 'test-results/saber-menus.png' });
  // each top menu shows a side menu whose entries open too
  const tops = (await page.locator('.top-menu > .el-menu-item').allInnerTexts()).map((t) => t.trim());
  expect(tops.slice(0, 1)).toEqual(['首页']);
  expect(tops).toEqual(expect.arrayContaining(['站群业务', '系统运维']));
  for (const top of tops.slice(1)) {
    const menu = page.waitForResponse((r) => r.url().includes('/menu/routes'));
    await page.locator('.top-menu > .el-menu-item', { hasText: exact(top) }).click();
    await menu;
    await expect(page.locator('.top-menu > .el-menu-item.is-active')).toHaveText(exact(top));
    const under = await walkSideMenu(page, done);
    expect(under.length, top).toBeGreaterThan(0);
    await page.screenshot({ path: `test-results/saber-menus-${top}.png` });
  }
});
