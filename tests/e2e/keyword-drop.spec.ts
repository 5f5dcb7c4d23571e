import type { Page } from '@playwright/test';
import { test, expect, signIn, rpc, openScreen } from './fixtures';

// The generate-article task's keyword file: a generated file dropped onto the
// field (a DataTransfer carrying a File, dispatched as drag events) is the upload
// (issue 38): main's preview is shown and the streamed upload follows at once, no
// 确认上传 step, so 保存 takes it. Refused files (type, size, empty) get their one
// message, no preview and nothing sent.

const dialog = (page: Page) => page.getByRole('dialog');

/** Drops a file made in the page (bytes as base64, or a size of zero bytes) onto the keyword field. */
async function dropFile(page: Page, name: string, bytes: Buffer | { zeros: number }) {
  const target = dialog(page).getByTestId('keyword-drop');
  const dataTransfer = await page.evaluateHandle(
    ({ name, b64, zeros }) => {
      const dt = new DataTransfer();
      const data = zeros !== null ? new Uint8Array(zeros) : Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      dt.items.add(new File([data], name, { type: 'text/plain' }));
      return dt;
    },
    { name, b64: Buffer.isBuffer(bytes) ? bytes.toString('base64') : '', zeros: Buffer.isBuffer(bytes) ? null : bytes.zeros },
  );
  await target.dispatchEvent('dragenter', { dataTransfer });
  await target.dispatchEvent('dragover', { dataTransfer });
  await target.dispatchEvent('drop', { dataTransfer });
}

/** 3000 lines in UTF-16 LE with a BOM: 1000 distinct keywords, each twice, plus 1000 empty lines */
function keywordFile(): { bytes: Buffer; lines: string[] } {
  const lines: string[] = [];
  for (let i = 0; i < 1000; i++) lines.push(`长尾关键词${i}`, '', ` 长尾关键词${i} `);
  const text = `${lines.join('\r\n')}\r\n`;
  return { bytes: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]), lines };
}

test('drop a keyword file on the task form: its preview and its upload at once, then save', async ({ page, host }) => {
  const warms: number[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/rpc/keywords:warm')) warms.push(Date.now());
  });
  await signIn(page, host);
  await openScreen(page, host, '/article/gptProduceArticle');
  await page.getByRole('button', { name: /新\s*增/ }).click();
  await dialog(page).getByLabel('任务名称').fill('拖放关键字');
  await dialog(page).locator('textarea').first().fill('写一篇关于{keyword}的文章');
  // the preview's worker thread is started when the field shows, and again when a file is dragged over it
  await expect.poll(() => warms.length).toBe(1);
  await dialog(page).getByTestId('keyword-drop').dispatchEvent('dragenter');
  await expect.poll(() => warms.length).toBe(2);

  // refused before anything is read or sent
  await dropFile(page, 'keywords.csv', Buffer.from('a\nb\n'));
  await expect(page.getByText('只能上传txt文件')).toBeVisible();
  await dropFile(page, 'huge.txt', { zeros: 51200 * 1024 + 1 });
  await expect(page.getByText('上传文件大小不能超过 51200 KB!')).toBeVisible();
  await dropFile(page, 'empty.txt', Buffer.alloc(0));
  await expect(page.getByText('关键字文件为空')).toBeVisible();
  // blank lines only: main reads it and refuses it the same way
  await dropFile(page, 'blank.txt', Buffer.from('\n  \n\r\n'));
  await expect(page.getByText('关键字文件为空').nth(1)).toBeVisible();
  await expect(dialog(page).getByTestId('keyword-preview')).toHaveCount(0);

  const { bytes, lines } = keywordFile();
  await dropFile(page, '关键字.txt', bytes);
  const preview = dialog(page).getByTestId('keyword-preview');
  await expect(preview).toBeVisible();
  await expect(preview.getByTestId('kw-name')).toHaveText('关键字.txt');
  await expect(preview.getByTestId('kw-encoding')).toHaveText('UTF-16LE');
  await expect(preview.getByTestId('kw-lines')).toHaveText('3000');
  await expect(preview.getByTestId('kw-unique')).toHaveText('1000');
  await expect(preview.getByTestId('kw-duplicates')).toHaveText('1000');
  await expect(preview.getByTestId('kw-empty')).toHaveText('1000');
  await expect(preview.getByTestId('kw-first')).toHaveText(lines.slice(0, 20).join('\n'));
  // the drop was the upload: no confirmation asked, the preview stays with the uploaded file's name
  await expect(page.getByText('上传成功!')).toBeVisible();
  await expect(preview.getByTestId('keyword-file')).toHaveText('已上传：关键字.txt');
  await expect(dialog(page).getByRole('button', { name: '确认上传' })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/keyword-file-uploaded.png' });
  await dialog(page).getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('新增成功')).toBeVisible();
  await expect(dialog(page)).toBeHidden();

  // the saved task points at the uploaded file, and its bytes are the dropped ones
  const list = (await rpc(host, 'api:request', { method: 'get', url: '/seo-blade-article/gptProduceArticle/page', params: { taskName: '拖放关键字' } })) as {
    data: { data: { records: { fileLink: string }[] } };
  };
  const link = list.data.data.records[0].fileLink;
  expect(link).toMatch(/\.txt$/);
  const info = (await rpc(host, 'app:info')) as { data: { profile: { baseUrl: string } } };
  const stored = await fetch(new URL(link, info.data.profile.baseUrl));
  expect(Buffer.from(await stored.arrayBuffer()).equals(bytes)).toBe(true);
});
