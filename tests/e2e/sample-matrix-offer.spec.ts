// The workbench offers the sample matrix whenever tenant 888888 does not exist (issue 38 item 7), not only on an
// empty workspace: a workspace that already holds a website is offered it, loads it, removes it, and is offered
// it again.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect, freshHostTest as test, signIn, type WebHost } from './fixtures';

/** a website of the workspace's own tenant, written into the Local workspace's database (the workspace is not empty) */
function aWebsite(host: WebHost): void {
  const db = new Database(join(host.dataDir, 'server', 'server.db'));
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare(`INSERT INTO website_info (id, tenant_id, website_group_id, website_name, create_time, update_time)
      VALUES ('77001', '000000', '77000', '已有网站', '2026-01-01 00:00:00', '2026-01-01 00:00:00')`).run();
  } finally {
    db.close();
  }
}

test('the sample matrix is offered on a workspace that holds websites, loaded, removed and offered again', async ({ page, freshHost: host }) => {
  test.setTimeout(120_000);
  aWebsite(host);
  await signIn(page, host);
  const offer = page.getByTestId('sample-offer');
  await expect(offer).toBeVisible();
  await expect(offer).toContainText('888888');
  await page.screenshot({ path: 'test-results/sample-offer-not-empty.png', fullPage: true });
  await offer.getByRole('button', { name: '加载示例矩阵' }).click();
  await expect(page.getByText('示例矩阵已加载')).toBeVisible();
  const loaded = page.getByTestId('sample-loaded');
  await expect(loaded).toContainText('示例矩阵 (888888)');
  await expect(offer).toHaveCount(0);

  await loaded.getByRole('button', { name: '移除示例矩阵' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(page.getByText('示例矩阵已移除')).toBeVisible();
  await expect(offer).toBeVisible();
  await expect(loaded).toHaveCount(0);
});
