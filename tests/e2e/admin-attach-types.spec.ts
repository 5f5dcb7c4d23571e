import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect, signIn, openScreen, clickRowAction, rpc } from './fixtures';
import type { Page } from '@playwright/test';

// 附件管理 holds documents and archives (issue 28): 上传 takes a PDF and a docx
// within the enabled object storage's types and size, refuses an .exe with the
// message (zh and en), 下载 saves a PDF under its original name; the 对象存储
// form carries the types and the size limit with their checks.

const dialog = (page: Page) => page.getByRole('dialog');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const DOCX = Buffer.concat([Buffer.from('504b0304', 'hex'), Buffer.alloc(200, 1)]);

async function switchLanguage(page: Page, to: 'English' | '中文') {
  await page.getByRole('button', { name: /切换语言|Switch language/ }).click();
  await page.getByRole('menuitem', { name: to }).click();
}

test('附件管理: upload a PDF and a docx, refuse an .exe, download under the original name', async ({ page, host }) => {
  await signIn(page, host);
  await openScreen(page, host, '/resource/attach');
  const screen = page.locator('section.desk-page[data-path="/resource/attach"]');
  await screen.getByRole('button', { name: /上\s*传/ }).click();
  const up = dialog(page);
  await expect(up.getByTestId('attach-limits')).toContainText('pdf');
  await expect(up.getByTestId('attach-limits')).toContainText('20 MB');
  const input = up.locator('input[type="file"]');
  await input.setInputFiles({ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
  await expect(page.locator('.ant-message').getByText(/^只能上传 jpg\/jpeg\/png\/gif\/webp\/pdf\/.* 格式的文件!$/)).toBeVisible();
  await page.screenshot({ path: '/tmp/wt-admin-attach-upload-zh.png' });
  await input.setInputFiles([
    { name: '季度报告.pdf', mimeType: 'application/pdf', buffer: PDF },
    { name: '方案.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: DOCX },
  ]);
  await expect(page.getByText('季度报告.pdf 上传成功!')).toBeVisible();
  await expect(page.getByText('方案.docx 上传成功!')).toBeVisible();
  await up.locator('.ant-modal-footer').getByRole('button', { name: /关\s*闭/ }).click();
  const row = screen.getByRole('row', { name: /季度报告\.pdf/ });
  await expect(row).toBeVisible();
  await expect(screen.getByRole('row', { name: /方案\.docx/ })).toBeVisible();
  await page.screenshot({ path: '/tmp/wt-admin-attach-list-zh.png' });

  await clickRowAction(page, row, /下\s*载/);
  await expect(dialog(page).getByTestId('export-status')).toHaveAttribute('data-phase', 'done');
  expect(readFileSync(join(host.dataDir, 'downloads', '季度报告.pdf')).equals(PDF)).toBe(true);
  await dialog(page).locator('.ant-modal-footer').getByRole('button', { name: /关\s*闭/ }).click();

  // the refusal in English
  await switchLanguage(page, 'English');
  await screen.getByRole('button', { name: /Upload/ }).click();
  await expect(dialog(page).getByTestId('attach-limits')).toContainText('at most 20 MB per file');
  await dialog(page).locator('input[type="file"]').setInputFiles({ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
  await expect(page.locator('.ant-message').getByText(/^Only jpg\/jpeg\/png\/gif\/webp\/pdf\/.* files can be uploaded!$/)).toBeVisible();
  await page.screenshot({ path: '/tmp/wt-admin-attach-upload-en.png' });
  await dialog(page).locator('.ant-modal-footer').getByRole('button', { name: /Close/ }).click();
  await switchLanguage(page, '中文');
});

test('对象存储: the attachment types and size limit are checked in the form; the seeded storage saves unchanged', async ({ page, host }) => {
  await signIn(page, host);
  await openScreen(page, host, '/resource/oss');
  const screen = page.locator('section.desk-page[data-path="/resource/oss"]');
  await clickRowAction(page, screen.getByRole('row', { name: /local/ }).first(), /编\s*辑/);
  const form = dialog(page);
  await expect(form.getByLabel('附件类型')).toHaveValue(/pdf,doc,docx/);
  await form.getByLabel('附件类型').fill('pdf,html');
  // the declared rules (src-shared/declarations/admin.ts): the back end's messages; 99 is refused, not clamped
  await form.getByLabel('附件大小上限(MB)').fill('99');
  await form.getByLabel('附件类型').click();
  await expect(form.getByLabel('附件大小上限(MB)')).toHaveValue('99');
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(form.getByText('不允许的附件类型: html')).toBeVisible();
  await expect(form.getByText('附件大小上限须为1-50 MB')).toBeVisible();
  await form.getByLabel('附件类型').fill('pdf docx');
  await expect(form.getByText('附件类型格式不正确，如 pdf,docx,zip')).toBeVisible();
  await page.screenshot({ path: '/tmp/wt-admin-oss-form.png' });
  await form.getByRole('button', { name: /取\s*消/ }).click();
  // the same in English
  await switchLanguage(page, 'English');
  await clickRowAction(page, screen.getByRole('row', { name: /local/ }).first(), /Edit/);
  const en = dialog(page);
  await en.getByLabel('Attachment types').fill('pdf,exe');
  await en.getByLabel('Attachment size limit (MB)').fill('2.5');
  await en.getByRole('button', { name: /Save/ }).click();
  await expect(en.getByText('Attachment types not allowed (pages, scripts, programs): exe')).toBeVisible();
  await expect(en.getByText('The attachment size limit must be a whole number from 1 to 50 MB')).toBeVisible();
  await page.screenshot({ path: '/tmp/wt-admin-oss-form-en.png' });
  await en.getByRole('button', { name: /Cancel/ }).click();
  await switchLanguage(page, '中文');
  // unchanged, it saves
  await clickRowAction(page, screen.getByRole('row', { name: /local/ }).first(), /编\s*辑/);
  await dialog(page).getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('更新成功')).toBeVisible();
});

test('a 12 MB document goes through the host (browser mode carries it as base64)', async ({ page, host }) => {
  await signIn(page, host);
  const big = Buffer.concat([PDF, Buffer.alloc(12 * 1024 * 1024, 0x20)]);
  const up = (await rpc(host, 'file:upload', { name: '大文件.pdf', type: 'application/pdf', base64: big.toString('base64'), scene: 'attach' })) as { ok: boolean; data?: { originalName: string } };
  expect(up).toMatchObject({ ok: true, data: { originalName: '大文件.pdf' } });
});
