import { test, expect, rpc, signIn, startWebHost } from './fixtures';
import type { Page, Request } from '@playwright/test';

// Turning pages of the shared list (crud/CrudPage.tsx): the row numbers change with the rows, not at the click;
// a page that comes quickly replaces the rows without the loading overlay; a slow one shows the overlay over
// the rows it replaces. On a host of its own (its params are added for the test).

declare global {
  interface Window {
    __overlaySeen?: boolean;
  }
}

/** records whether the shown list's loading overlay ever appears from now on */
async function watchOverlay(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.__overlaySeen = false;
    new MutationObserver(() => {
      if (document.querySelector('.desk-page:not([hidden]) .ant-spin-spinning')) window.__overlaySeen = true;
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
  });
}

test('paging: row numbers follow the rows, no overlay for a quick page, the overlay for a slow one', async ({ page }) => {
  const host = await startWebHost();
  try {
    await signIn(page, host);
    for (let i = 0; i < 15; i++) {
      const r = (await rpc(host, 'api:request', {
        method: 'post',
        url: '/website-blade-system/param/submit',
        data: { paramName: `分页参数${i}`, paramKey: `paging.key${String(i).padStart(2, '0')}`, paramValue: String(i) },
      })) as { ok: boolean };
      expect(r.ok).toBe(true);
    }
    await page.getByRole('menuitem', { name: /系统管理/ }).click();
    await page.getByRole('menuitem', { name: /参数管理/ }).click();
    const list = page.locator('.desk-page:not([hidden])');
    const rows = list.locator('tbody tr.ant-table-row');
    // the first data row's number (after the selection checkbox)
    const firstNumber = rows.first().locator('td').nth(1);
    await expect(firstNumber).toHaveText('1');
    // the added params make a second page (a first page prefetched before they were added is fetched again)
    await expect(list.locator('.ant-pagination-next')).not.toHaveClass(/disabled/);
    const firstPage = await rows.first().textContent();

    // a quick page: new rows numbered from 11, the overlay never shown (when the list came within the delay)
    await watchOverlay(page);
    const listed = page.waitForEvent('requestfinished', (r: Request) => r.url().includes('/rpc/api:request'));
    await list.locator('.ant-pagination-next').click();
    await expect(firstNumber).toHaveText('11');
    expect(await rows.first().textContent()).not.toBe(firstPage);
    const timing = (await listed).timing();
    if (timing.responseEnd > 0 && timing.responseEnd < 150) expect(await page.evaluate(() => window.__overlaySeen)).toBe(false);
    else test.info().annotations.push({ type: 'note', description: `page 2 took ${timing.responseEnd} ms: overlay not checked` });

    // a slow page: the overlay shows over the rows being replaced, which keep their numbers until the new ones come
    await page.route('**/rpc/api:request', async (route) => {
      await new Promise((r) => setTimeout(r, 900));
      await route.continue();
    });
    await list.locator('.ant-pagination-prev').click();
    await expect(list.locator('.ant-spin-spinning')).toBeVisible();
    await expect(firstNumber).toHaveText('11');
    await expect(firstNumber).toHaveText('1');
    expect(await rows.first().textContent()).toBe(firstPage);
    await expect(list.locator('.ant-spin-spinning')).toHaveCount(0);
  } finally {
    await host.stop();
  }
});
