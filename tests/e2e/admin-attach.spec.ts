import { test, expect, signIn, rpc } from './fixtures';

// Attachments end to end: a put-file upload (through the host's file:upload, as
// an image field does) is listed on the attachments screen and can be removed.

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');

test('an uploaded file shows up in attachments and can be removed', async ({ page, host }) => {
  await signIn(page, host);
  const up = (await rpc(host, 'file:upload', { name: 'e2e-logo.png', type: 'image/png', base64: PNG.toString('base64') })) as { ok: boolean; data: { name: string } };
  expect(up.ok).toBe(true);

  await page.getByRole('menuitem', { name: /消息与资源/ }).click();
  await page.getByRole('menuitem', { name: /附件管理/ }).click();
  await expect(page).toHaveURL(/#\/resource\/attach/);
  const screen = page.locator('section.desk-page[data-path="/resource/attach"]');
  const row = screen.getByRole('row', { name: /e2e-logo\.png/ });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell', { name: up.data.name })).toBeVisible();
  await expect(screen.getByRole('button', { name: /新\s*增/ })).toHaveCount(0);

  await row.getByRole('button', { name: /删\s*除/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(page.getByText('删除成功')).toBeVisible();
  await expect(screen.getByRole('row', { name: /e2e-logo\.png/ })).toHaveCount(0);
});
