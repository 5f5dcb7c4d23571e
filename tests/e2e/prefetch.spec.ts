// Screens open fast the first time: while the operator is idle after sign-in, the
// console loads the screens' code and their first pages ahead of the first open
// (src-renderer/prefetch). Checked on the wire: the user screen's chunk and its
// first page are requested before the click; then the screen shows its rows with
// no Suspense fallback in between, and fetches the page again (stale while
// revalidate) so a row added after the prefetch still appears. A list's parts are
// rendered once out of sight while idle (crud/ListWarmup), so their styles are in
// the page before the first list opens.
import { expect, rpc, signIn, test } from './fixtures';

test('after sign-in the idle console prefetches screen code and first pages; a prefetched screen shows its rows at once and revalidates', async ({ page, host }) => {
  const requests: { url: string; body: string; at: number }[] = [];
  page.on('request', (r) => requests.push({ url: r.url(), body: r.postData() ?? '', at: Date.now() }));
  await signIn(page, host);
  const userPage = () => requests.filter((r) => r.url.includes('/rpc/api:request') && r.body.includes('/website-blade-system/user/page'));
  const deptTree = () => requests.filter((r) => r.url.includes('/rpc/api:request') && r.body.includes('/website-blade-system/dept/tree'));
  // idle: the prefetcher works through the menus
  await expect.poll(() => userPage().length, { timeout: 15_000 }).toBeGreaterThan(0);
  // the user screen's side tree (departments) is fetched with its first page, not after it at the open
  await expect.poll(() => deptTree().length, { timeout: 15_000 }).toBeGreaterThan(0);
  expect(Math.abs(deptTree()[0]!.at - userPage()[0]!.at)).toBeLessThan(2000);
  expect(requests.some((r) => /\/assets\/user-[\w-]+\.js$/.test(r.url))).toBe(true);
  expect(requests.some((r) => /\/assets\/CrudPage-[\w-]+\.js$/.test(r.url))).toBe(true);
  expect(requests.filter((r) => r.url.includes('/rpc/dict:get')).length).toBeGreaterThan(0);

  // a parameter added after the prefetch: shown once the screen revalidates its first page
  const paramPage = () => requests.filter((r) => r.url.includes('/rpc/api:request') && r.body.includes('/website-blade-system/param/list'));
  await expect.poll(() => paramPage().length, { timeout: 15_000 }).toBeGreaterThan(0);
  const added = (await rpc(host, 'api:request', {
    method: 'post',
    url: '/website-blade-system/param/submit',
    data: { paramName: '预取之后', paramKey: 'prefetch.after', paramValue: '1' },
  })) as { ok: boolean };
  expect(added.ok).toBe(true);
  // a list's parts were rendered out of sight while idle: their styles are in the page before any list
  // opens (the workbench uses no table, tree nor date picker); the rendering stays, hidden, so that antd keeps them
  const styled = (selector: string) => page.evaluate((sel) => [...document.querySelectorAll('style')].some((s) => (s.textContent ?? '').includes(sel)), selector);
  await expect.poll(() => styled('.ant-table-wrapper'), { timeout: 15_000 }).toBe(true);
  expect(await styled('.ant-picker-range')).toBe(true);
  expect(await styled('.ant-tree')).toBe(true);
  await expect(page.locator('[data-list-warmup]')).toHaveCount(1);
  await expect(page.locator('[data-list-warmup]')).toBeHidden();
  // style blocks added to the page while the first list opens: none of the parts the warm-up rendered; and
  // the list's table is rendered at once at the width the warm-up measured (crud/columnWidths.ts), not first
  // as a placeholder while the list measures its box (the placeholder, replaced before the paint, would be seen
  // as removed)
  await page.evaluate(() => {
    const added: string[] = [];
    const w = window as unknown as { __addedStyles: string[]; __widthPending: number };
    w.__addedStyles = added;
    w.__widthPending = 0;
    new MutationObserver((ms) => {
      for (const m of ms) for (const n of m.addedNodes) if (n instanceof HTMLStyleElement) added.push((n.textContent ?? '').slice(0, 200));
    }).observe(document.head, { childList: true });
    new MutationObserver((ms) => {
      for (const m of ms)
        for (const n of [...m.addedNodes, ...m.removedNodes])
          if (n instanceof Element && (n.matches('[data-width-pending]') || n.querySelector('[data-width-pending]'))) w.__widthPending++;
    }).observe(document.querySelector('main.desk-content')!, { childList: true, subtree: true });
  });
  const before = userPage().length;
  const clicked = Date.now();
  await page.getByRole('menu', { name: '侧边菜单' }).getByText('系统管理', { exact: true }).click();
  await page.getByRole('menu', { name: '侧边菜单' }).getByText('用户管理', { exact: true }).click();
  const main = page.locator('section.desk-page:not([hidden])');
  // no chunk of the user screen is fetched at the click: it is loaded already
  await expect(main.locator('.ant-table-row').first()).toBeVisible();
  expect(requests.filter((r) => r.at >= clicked && /\/assets\/(user|CrudPage)-[\w-]+\.js$/.test(r.url))).toEqual([]);
  // the tree shows the prefetched departments (read again once the list's frame is painted)
  await expect(main.getByTestId('side-tree').getByText('SEO矩阵')).toBeVisible();
  await expect(main.getByRole('status')).toHaveCount(0); // no loading frame
  const addedStyles = await page.evaluate(() => (window as unknown as { __addedStyles: string[] }).__addedStyles);
  expect(addedStyles.filter((css) => /\.ant-(table|pagination|form|tree|spin|input-search)[\w-]*\{--ant-/.test(css))).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __widthPending: number }).__widthPending)).toBe(0);
  // the first page is fetched again once the list's first frame is painted
  await expect.poll(() => userPage().length).toBeGreaterThan(before);

  // the parameter screen: prefetched before the parameter was added, revalidated when opened
  const beforeParams = paramPage().length;
  await page.getByRole('menu', { name: '侧边菜单' }).getByText('参数管理', { exact: true }).click();
  const params = page.locator('section.desk-page:not([hidden])');
  await expect(params.locator('.ant-table-row').first()).toBeVisible();
  await expect.poll(() => paramPage().length).toBeGreaterThan(beforeParams);
  await expect(params.getByRole('row', { name: /prefetch\.after/ })).toBeVisible();
});
