// Attachments of any type the enabled object storage allows (issue 28):
// put-file-attach takes documents, archives and images within the configured
// types and size (400 with the message otherwise, a renamed file too), a
// non-image downloads under its original name, put-file stays image-only, and
// the configuration's own fields are checked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, login, multipart, SABER, startHarness, type Harness, PNG } from './helpers';

let h: Harness;
let base: string;
let admin: string;
const OSS = '/blade-resource/oss';
const LOCAL_OSS = '1123598812738675301';
const PUT_ATTACH = '/blade-resource/oss/endpoint/put-file-attach';
const PUT_FILE = '/blade-resource/oss/endpoint/put-file';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const ZIP = Buffer.concat([Buffer.from('504b0304', 'hex'), Buffer.alloc(60, 1)]); // docx, xlsx, zip...
const OLE = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(60, 1)]); // doc, xls, ppt
const SEVEN_Z = Buffer.concat([Buffer.from('377abcaf271c', 'hex'), Buffer.alloc(40, 2)]);
const TAR = Buffer.concat([Buffer.alloc(257, 0x61), Buffer.from('ustar'), Buffer.alloc(300, 0)]);

const upload = (name: string, bytes: Buffer, path = PUT_ATTACH) => multipart(base, admin, path, [{ name: 'file', value: bytes, filename: name }]);
/** the same upload from a console whose language is English: the server's messages in their en text */
async function uploadEn(name: string, bytes: Buffer): Promise<{ status: number; msg: string }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(`${base}${PUT_ATTACH}`, { method: 'POST', headers: { Authorization: SABER, 'Blade-Auth': `bearer ${admin}`, 'Accept-Language': 'en' }, body: form });
  return { status: res.status, msg: ((await res.json()) as { msg: string }).msg };
}
const saveOss = (patch: Record<string, unknown>) => api(base, admin, 'POST', `${OSS}/submit`, { json: { id: LOCAL_OSS, ...patch } });

beforeAll(async () => {
  h = await startHarness();
  base = h.server.url;
  admin = await login(base);
});
afterAll(() => h.stop());

describe('put-file-attach', () => {
  it('takes documents, archives and images of the default types, and tells the form its limits', async () => {
    const limits = await api<{ exts: string[]; maxSize: number }>(base, admin, 'GET', '/blade-resource/attach/limits');
    expect(limits.body.data.maxSize).toBe(20);
    expect(limits.body.data.exts).toEqual(expect.arrayContaining(['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'txt', 'csv', 'zip', 'rar', '7z', 'tar', 'gz', 'png', 'jpg']));
    for (const [name, bytes] of [
      ['合同 2026.pdf', PDF], ['报表.xlsx', ZIP], ['旧报表.xls', OLE], ['资料.zip', ZIP], ['备份.7z', SEVEN_Z], ['源码.tar', TAR],
      ['说明.txt', Buffer.from('你好\n')], ['名单.csv', Buffer.from('a,b\n1,2\n')], ['logo.png', PNG],
    ] as const) {
      const r = await upload(name, bytes);
      expect(r.status, name).toBe(200);
      expect(r.body.data).toMatchObject({ originalName: name });
    }
    const listed = await api<{ records: { originalName: string; extension: string }[] }>(base, admin, 'GET', '/blade-resource/attach/list', { query: { current: 1, size: 50 } });
    expect(listed.body.data.records.map((r) => r.originalName)).toEqual(expect.arrayContaining(['合同 2026.pdf', '报表.xlsx', '资料.zip']));
  });

  it('refuses other types, a renamed file and programs with 400 and the message; put-file stays image-only', async () => {
    for (const [name, bytes] of [['run.exe', Buffer.from('MZ....')], ['page.html', Buffer.from('<script>alert(1)</script>')], ['fake.pdf', PNG], ['fake.docx', PDF], ['bin.txt', Buffer.from([0x61, 0, 0x62])]] as const) {
      const r = await upload(name, bytes);
      expect(r.status, name).toBe(400);
      expect(r.body.msg, name).toMatch(/^只能上传 jpg\/jpeg\/png\/gif\/webp\/pdf\/.* 格式的文件!$/);
    }
    const image = await upload('合同.pdf', PDF, PUT_FILE);
    expect(image.status).toBe(400);
    expect(image.body.msg).toBe('只能上传 jpg/jpeg/png/gif/ico/webp 格式图片!');
  });

  it('a non-image downloads under its original name; an image shows inline', async () => {
    const up = await upload('季度 报告(终).pdf', PDF);
    const res = await fetch(`${base}/blade-resource/oss/endpoint/file/${String(up.body.data.name)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const disposition = res.headers.get('content-disposition') ?? '';
    expect(disposition).toMatch(/^attachment; /);
    expect(decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(disposition)![1]!)).toBe('季度 报告(终).pdf');
    expect(Buffer.from(await res.arrayBuffer()).equals(PDF)).toBe(true);
    const img = await upload('图.png', PNG);
    const shown = await fetch(`${base}/blade-resource/oss/endpoint/file/${String(img.body.data.name)}`);
    expect(shown.headers.get('content-type')).toBe('image/png');
    expect(shown.headers.get('content-disposition')).toBeNull();
  });

  it('follows the enabled object storage: its types and size limit; its own fields are checked', async () => {
    expect((await saveOss({ allowTypes: 'html,pdf' })).body).toMatchObject({ code: 400, msg: '不允许的附件类型: html' });
    expect((await saveOss({ allowTypes: 'p df' })).body).toMatchObject({ code: 400, msg: '附件类型格式不正确，如 pdf,docx,zip' });
    expect((await saveOss({ maxSize: 99 })).body).toMatchObject({ code: 400, msg: '附件大小上限须为1-50 MB' });
    const detail = await api<Record<string, unknown>>(base, admin, 'GET', `${OSS}/detail`, { query: { id: LOCAL_OSS } });
    const saved = await api(base, admin, 'POST', `${OSS}/submit`, { json: { ...detail.body.data, allowTypes: 'pdf', maxSize: 1 } });
    expect(saved.body).toMatchObject({ code: 200 });
    const limits = await api<{ exts: string[]; maxSize: number }>(base, admin, 'GET', '/blade-resource/attach/limits');
    expect(limits.body.data).toMatchObject({ exts: ['pdf'], maxSize: 1 });
    expect((await upload('资料.zip', ZIP)).body).toMatchObject({ code: 400, msg: '只能上传 pdf 格式的文件!' });
    expect(await uploadEn('资料.zip', ZIP)).toEqual({ status: 400, msg: 'Only pdf files can be uploaded!' });
    const big = Buffer.concat([PDF, Buffer.alloc(1024 * 1024, 0x20)]);
    expect((await upload('大.pdf', big)).body).toMatchObject({ code: 400, msg: '上传文件大小不能超过 1 MB!' });
    expect(await uploadEn('大.pdf', big)).toEqual({ status: 400, msg: 'The file may not exceed 1 MB!' });
    expect((await upload('空.pdf', Buffer.alloc(0))).body).toMatchObject({ code: 400, msg: '上传失败' });
    expect(await uploadEn('空.pdf', Buffer.alloc(0))).toEqual({ status: 400, msg: 'The upload failed: the file is empty' });
    expect((await upload('小.pdf', PDF)).status).toBe(200);
  });
});
