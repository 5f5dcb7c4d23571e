import { test, expect, signIn, rpc, switchLanguage } from './fixtures';
import type { Page } from '@playwright/test';

// Tables that fit their data: every list screen of the admin's menu, at 1280,
// 1440 and 1920 px wide, in zh and en. A header whose text is cut (its cell's
// scrollWidth beyond its clientWidth) fails; the action column is no wider than
// its buttons need, or, where the spec declares its width (ScreenDef.actionWidth,
// e.g. 380 for the generate-article tasks), exactly that wide unless its buttons
// need more; a table whose columns were sized to fit its box is not
// wider than the box. Screenshots land in test-results/list-columns/ (1440 px; every width with
// LIST_COLUMN_SHOTS=all).

interface MenuNode {
  path?: string;
  children?: MenuNode[];
}

const WIDTHS = [1280, 1440, 1920];
const shown = (page: Page) => page.locator('.desk-page:not([hidden])');

function leaves(nodes: MenuNode[], out: string[] = []): string[] {
  for (const n of nodes) {
    if (n.children?.length) leaves(n.children, out);
    else if (n.path && n.path.startsWith('/')) out.push(n.path);
  }
  return out;
}

/**
 * header cells whose text does not fit, the action column's spare room, and how far a table whose columns
 * were sized to fit (no fixed action column: the screen decided it need not scroll) is wider than its box
 */
async function measure(page: Page): Promise<{ cut: string[]; actionSpare: number | null; overflow: number; declared: { width: number; actual: number } | null }> {
  return shown(page)
    .locator('.ant-table')
    .first()
    .evaluate((table) => {
      const cut: string[] = [];
      for (const th of table.querySelectorAll<HTMLElement>('thead th.ant-table-cell')) {
        if (th.scrollWidth > th.clientWidth + 1) cut.push(`${th.textContent ?? ''} (${th.scrollWidth} > ${th.clientWidth})`);
      }
      // the widest row's buttons against the action cells' inner width
      let actionSpare: number | null = null;
      for (const td of table.querySelectorAll<HTMLElement>('tbody tr.ant-table-row td:last-child')) {
        const space = td.querySelector<HTMLElement>('.desk-row-actions');
        if (!space) continue;
        const inner = td.clientWidth - 16;
        const spare = inner - space.scrollWidth;
        actionSpare = actionSpare === null ? spare : Math.min(actionSpare, spare);
      }
      // a declared action width: the header cell carries it; within it the buttons may leave room
      const head = table.querySelector<HTMLElement>('thead th[data-declared-width]');
      const declared = head ? { width: Number(head.dataset.declaredWidth), actual: head.getBoundingClientRect().width } : null;
      if (declared && declared.actual <= declared.width + 1) actionSpare = null;
      const content = table.querySelector<HTMLElement>('.ant-table-content');
      const fitted = !table.querySelector('[class*="ant-table-cell-fix-"]');
      const overflow = content && fitted ? content.scrollWidth - content.clientWidth : 0;
      return { cut, actionSpare, overflow, declared };
    });
}

test('every list: headers uncut and action column as wide as its buttons, at 1280/1440/1920 px in zh and en', async ({ page, host }) => {
  test.setTimeout(600_000);
  await signIn(page, host);
  const routes = (await rpc(host, 'api:request', { method: 'GET', url: '/website-blade-system/menu/routes' })) as {
    ok: boolean;
    data: { data: MenuNode[] };
  };
  expect(routes.ok).toBe(true);
  const paths = [...new Set(leaves(routes.data.data))];
  expect(paths.length).toBeGreaterThan(20);

  const problems: string[] = [];
  const lists = new Set<string>();
  const declared = new Set<string>();
  for (const lang of ['zh', 'en'] as const) {
    if (lang === 'en') await switchLanguage(page, 'English');
    for (const path of paths) {
      if (lang === 'en' && !lists.has(path)) continue;
      await page.setViewportSize({ width: WIDTHS[0], height: 900 });
      await page.evaluate((p) => (window.location.hash = '#' + p), path);
      const screen = page.locator(`.desk-page[data-path="${path}"]:not([hidden])`);
      await screen.waitFor();
      // its code has come (the loading frame gone): a list screen (CrudPage) holds its list's box at once; another
      // screen may draw a table of its own once its data comes
      await expect(screen.locator('.desk-frame')).toHaveCount(0);
      const table = screen.locator('.ant-table').first();
      if ((await screen.locator('[data-list]').count()) > 0) await table.waitFor();
      else if (!(await table.waitFor({ timeout: 1500 }).then(() => true, () => false))) continue; // forms, charts, designers
      lists.add(path);
      await expect(shown(page).locator('.ant-spin-spinning')).toHaveCount(0);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        // widths follow the container (ResizeObserver): let a frame or two pass
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        const m = await measure(page);
        if (m.declared) declared.add(path);
        const where = `${lang} ${width}px ${path}`;
        for (const c of m.cut) problems.push(`${where}: header cut: ${c}`);
        if (m.actionSpare !== null && m.actionSpare > 40) problems.push(`${where}: action column has ${m.actionSpare}px spare`);
        if (m.declared && m.declared.actual < m.declared.width - 1) problems.push(`${where}: action column declared ${m.declared.width}px is ${m.declared.actual}px`);
        if (m.overflow > 1) problems.push(`${where}: columns sized to fit, but ${m.overflow}px wider than the box (scrolls sideways)`);
        // to look at: each list at 1440 px (every width with LIST_COLUMN_SHOTS=all; 360 pictures take a minute)
        if (width === 1440 || process.env.LIST_COLUMN_SHOTS === 'all') await page.screenshot({ path: `test-results/list-columns/${lang}-${width}${path.replaceAll('/', '_')}.png` });
      }
    }
  }
  expect(lists.size).toBeGreaterThan(20);
  expect(declared, 'the generate-article tasks declare their action column (380 px)').toContain('/article/gptProduceArticle');
  expect(problems).toEqual([]);
});
