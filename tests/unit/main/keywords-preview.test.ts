// Keyword file preview and upload against generated files on disk: each
// encoding, duplicates, empty lines, CRLF, a 50 MB file, the refusals (type,
// size, empty, unreadable) and the streamed upload to the real embedded back
// end's put-file through the IPC handlers (path and bytes).

import { randomBytes } from 'node:crypto';
import { mkdirSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Conf from 'conf';
import { startServer } from '../../../src-server/app';
import { createHandlers, dispatch, type Handlers } from '../../../src-main/ipc/handlers';
import { silentLogger } from '../../../src-main/services/errors';
import { KEYWORD_MAX_BYTES, MSG_EMPTY, MSG_SIZE, MSG_TYPE, MSG_UNREADABLE, keywordWorkerSpec, previewKeywords, stopKeywordWorker, warmKeywordWorker } from '../../../src-main/services/KeywordFiles';
import { LocalDb } from '../../../src-main/services/LocalDb';
import { ProfileService } from '../../../src-main/services/ProfileService';
import { TokenVault } from '../../../src-main/services/TokenVault';
import { createWorkspace, type Workspace } from '../../../src-main/workspace';
import { keywordCounts as reference, tempDir } from './helpers';

let tmp: ReturnType<typeof tempDir>;
let dir: string;
const file = (name: string, bytes: Buffer | string) => {
  const p = join(dir, name);
  writeFileSync(p, bytes);
  return p;
};

beforeAll(() => {
  tmp = tempDir('smc-keywords-');
  dir = join(tmp.dir, 'files');
  mkdirSync(dir);
});
afterAll(async () => {
  await stopKeywordWorker();
  tmp.remove();
});

const TEXT = '中文\n关键词\n\n中文\n  \nseo\r\nseo\n';
const utf16be = (s: string) => {
  const le = Buffer.from(s, 'utf16le');
  for (let i = 0; i < le.length; i += 2) [le[i], le[i + 1]] = [le[i + 1], le[i]];
  return le;
};

describe('keyword file preview', () => {
  const expected = { lines: 7, unique: 3, duplicates: 2, empty: 2, firstLines: ['中文', '关键词', '', '中文', '  ', 'seo', 'seo'] };
  it.each([
    ['utf-8', Buffer.from(TEXT, 'utf8')],
    ['utf-8-bom', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(TEXT, 'utf8')])],
    ['utf-16le', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(TEXT, 'utf16le')])],
    ['utf-16be', Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(TEXT)])],
  ] as const)('detects %s and counts lines, keywords, duplicates and empty lines', async (encoding, bytes) => {
    const p = file(`k-${encoding}.txt`, bytes);
    const preview = await previewKeywords({ path: p });
    expect(preview).toEqual({ name: `k-${encoding}.txt`, size: bytes.length, encoding, ...expected });
  });

  it('reads bytes that are not valid UTF-8 as GBK', async () => {
    // 中文 = D6 D0 CE C4, 测试 = B2 E2 CA D4 in GBK
    const gbk = Buffer.from([0xd6, 0xd0, 0xce, 0xc4, 0x0d, 0x0a, 0xb2, 0xe2, 0xca, 0xd4, 0x0a, 0xd6, 0xd0, 0xce, 0xc4]);
    const preview = await previewKeywords({ path: file('gbk.TXT', gbk) });
    expect(preview.encoding).toBe('gbk');
    expect(preview.firstLines).toEqual(['中文', '测试', '中文']);
    expect([preview.lines, preview.unique, preview.duplicates, preview.empty]).toEqual([3, 2, 1, 0]);
  });

  it('gives the same preview for the bytes sent by the browser', async () => {
    const bytes = Buffer.from(TEXT, 'utf8');
    expect(await previewKeywords({ name: 'k.txt', base64: bytes.toString('base64') })).toEqual({
      name: 'k.txt',
      size: bytes.length,
      encoding: 'utf-8',
      ...expected,
    });
  });

  it('previews a 50 MB file of about 1.6 million lines', async () => {
    const lines: string[] = [];
    const unique = 400_000;
    for (let i = 0; i < unique; i++) lines.push(`关键词${i}-${'x'.repeat(14)}`);
    const chunk = `${lines.join('\n')}\n`;
    const bytes = Buffer.from(chunk.repeat(4), 'utf8');
    expect(bytes.length).toBeGreaterThan(49_000_000);
    expect(bytes.length).toBeLessThanOrEqual(KEYWORD_MAX_BYTES);
    const p = file('big.txt', bytes);
    const preview = await previewKeywords({ path: p });
    expect(preview.lines).toBe(4 * unique);
    expect(preview.unique).toBe(unique);
    expect(preview.duplicates).toBe(3 * unique);
    expect(preview.empty).toBe(0);
    expect(preview.firstLines).toHaveLength(20);
    expect(preview.firstLines[0]).toBe(lines[0]);
  });

  // the worker reads 1 MB chunks: multi-byte characters, CRLF pairs and BOMs cut by chunk edges
  const bigText = (seed: number) => {
    // 3 MB of lines with Chinese, CRLF, blank lines and white space String.trim removes (U+3000, U+00A0, U+FEFF, U+2028, tabs)
    const pads = ['', ' ', '\t', '\u3000', '\u00a0', '\ufeff', '\u2028', '\u2003', '\u205f'];
    const out: string[] = [];
    let x = seed;
    const rnd = (n: number) => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0), x % n);
    let size = 0;
    while (size < 3 * 1024 * 1024) {
      const kind = rnd(10);
      const line = kind === 0 ? '' : kind === 1 ? pads[rnd(pads.length)] : `${pads[rnd(pads.length)]}关键词${rnd(20000)}${rnd(3) ? '' : ' 长尾'}${pads[rnd(pads.length)]}`;
      const l = `${line}${rnd(4) === 0 ? '\r\n' : '\n'}`;
      out.push(l);
      size += l.length * 3;
    }
    return out.join('');
  };
  it.each([
    ['utf-8', (t: string) => Buffer.from(t, 'utf8')],
    ['utf-8-bom', (t: string) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(t, 'utf8')])],
    ['utf-16le', (t: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(t, 'utf16le')])],
    ['utf-16be', (t: string) => Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(t)])],
  ] as const)('counts a multi-chunk %s file exactly like split, trim and Set on the decoded text', async (encoding, encode) => {
    const text = bigText(encoding.length);
    const bytes = encode(text);
    expect(bytes.length).toBeGreaterThan(1.5 * 1024 * 1024);
    const preview = await previewKeywords({ path: file(`multi-${encoding}.txt`, bytes) });
    expect(preview).toEqual({ name: `multi-${encoding}.txt`, size: bytes.length, encoding, ...reference(text) });
  });

  it('counts a multi-chunk GBK file (two-byte characters across chunk edges) like the decoded text', async () => {
    // GBK bytes of 中 文 测 试 关 键 词; U+3000 is A1 A1
    const gbk: Record<string, number[]> = { 中: [0xd6, 0xd0], 文: [0xce, 0xc4], 测: [0xb2, 0xe2], 试: [0xca, 0xd4], 关: [0xb9, 0xd8], 键: [0xbc, 0xfc], 词: [0xb4, 0xca], '\u3000': [0xa1, 0xa1] };
    const chars = ['中', '文', '测', '试', '关', '键', '词'];
    const parts: number[] = [];
    let text = '';
    let x = 7;
    const rnd = (n: number) => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0), x % n);
    while (parts.length < 2.5 * 1024 * 1024) {
      let line = rnd(8) === 0 ? '\u3000' : '';
      for (let i = 0, n = 1 + rnd(4); i < n; i++) line += chars[rnd(chars.length)];
      if (rnd(9) === 0) line = '';
      if (rnd(7) === 0) line += '\u3000 ';
      for (const ch of line) parts.push(...(gbk[ch] ?? [ch.charCodeAt(0)]));
      parts.push(0x0a);
      text += `${line}\n`;
    }
    const preview = await previewKeywords({ path: file('multi-gbk.txt', Buffer.from(parts)) });
    expect(preview).toEqual({ name: 'multi-gbk.txt', size: parts.length, encoding: 'gbk', ...reference(text) });
  });

  it('counts files sent together one after the other, each with its own counts (the thread keeps one key set)', async () => {
    // several chunks each
    const a = file('together-a.txt', bigText(3));
    const b = file('together-b.txt', bigText(4));
    const [pa, pb, pa2] = await Promise.all([previewKeywords({ path: a }), previewKeywords({ path: b }), previewKeywords({ path: a })]);
    const { name: _a, size: _sa, encoding: ea, ...ca } = pa;
    const { name: _b, size: _sb, encoding: eb, ...cb } = pb;
    expect([ea, eb]).toEqual(['utf-8', 'utf-8']);
    expect(ca).toEqual(reference(bigText(3)));
    expect(cb).toEqual(reference(bigText(4)));
    expect(pa2).toEqual(pa);
  });

  it('runs the counting in a worker thread that survives being stopped', async () => {
    const p = file('again.txt', 'x\ny\nx\n');
    expect((await previewKeywords({ path: p })).unique).toBe(2);
    await stopKeywordWorker();
    expect((await previewKeywords({ path: p })).duplicates).toBe(1);
    // started ahead of a drop (keywords:warm when the task form opens), then used
    await stopKeywordWorker();
    warmKeywordWorker();
    warmKeywordWorker();
    expect((await previewKeywords({ path: p })).lines).toBe(3);
    // built, the worker is the main bundle's sibling (a second entry of electron-vite's main build)
    expect(keywordWorkerSpec('file:///app/out/main/index.js').url.href).toBe('file:///app/out/main/keyword-worker.js');
    // packaged: started from the unpacked copy beside app.asar (build/electron-builder.yml asarUnpack)
    expect(keywordWorkerSpec('file:///opt/SEO/resources/app.asar/out/main/index.js').url.href).toBe('file:///opt/SEO/resources/app.asar.unpacked/out/main/keyword-worker.js');
    expect(keywordWorkerSpec('file:///w/src-main/services/KeywordFiles.ts')).toEqual({ url: new URL('file:///w/src-main/services/keywordPreview.worker.ts'), execArgv: ['--import', 'tsx'] });
  });

  it.each([
    ['a file that is not .txt', () => ({ path: file('k.csv', 'a\nb\n') }), MSG_TYPE],
    ['bytes that are not .txt', () => ({ name: 'k.docx', base64: 'YQ==' }), MSG_TYPE],
    ['an empty file', () => ({ path: file('empty.txt', '') }), MSG_EMPTY],
    ['a file of blank lines only', () => ({ path: file('blank.txt', '\n  \n\r\n') }), MSG_EMPTY],
    ['a missing file', () => ({ path: join(dir, 'missing.txt') }), MSG_UNREADABLE],
    ['a folder named .txt', () => (mkdirSync(join(dir, 'folder.txt'), { recursive: true }), { path: join(dir, 'folder.txt') }), MSG_UNREADABLE],
    [
      'a file over 51200 KB',
      () => {
        const p = file('huge.txt', '');
        truncateSync(p, KEYWORD_MAX_BYTES + 1);
        return { path: p };
      },
      MSG_SIZE,
    ],
  ])('refuses %s', async (_label, source, message) => {
    await expect(previewKeywords(source())).rejects.toMatchObject({ code: 400, message });
  });
});

describe('keyword channels over a real workspace', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let ws: Workspace;
  let handlers: Handlers;

  beforeAll(async () => {
    server = await startServer({ dataDir: join(tmp.dir, 'server'), port: 0 });
    const profiles = new ProfileService(new Conf<Record<string, unknown>>({ cwd: tmp.dir, configName: 'profiles' }), {
      localBaseUrl: server.url,
      localOverrides: { captchaMode: false },
    });
    const vault = new TokenVault(null, { namespace: `test-kw-${randomBytes(4).toString('hex')}`, logger: silentLogger });
    ws = await createWorkspace({ profile: profiles.get('local')!, vault, db: LocalDb.open(join(tmp.dir, 'local.db')), host: 'web', version: '1.0.0', logger: silentLogger });
    handlers = createHandlers(ws);
    await handlers['auth:login']({ tenantId: '000000', username: 'admin', password: 'admin' });
  });
  afterAll(async () => {
    ws?.close();
    await server?.close();
  });

  it('keywords:preview answers with the preview, and refusals as data', async () => {
    const p = file('chan.txt', 'a\nb\na\n');
    const res = await dispatch(handlers, 'keywords:preview', { path: p });
    expect(res).toMatchObject({ ok: true, data: { lines: 3, unique: 2, duplicates: 1, encoding: 'utf-8' } });
    expect(await dispatch(handlers, 'keywords:preview', { path: join(dir, 'k.csv') })).toEqual({ ok: false, error: { code: 400, message: MSG_TYPE } });
    expect(await dispatch(handlers, 'keywords:preview', 'nope')).toMatchObject({ ok: false, error: { code: 400 } });
  });

  it('keywords:upload streams the file to put-file and the stored bytes are the same', async () => {
    const bytes = Buffer.from('关键词一\n关键词二\n', 'utf8');
    const p = file('upload.txt', bytes);
    for (const source of [{ path: p }, { name: 'upload.txt', base64: bytes.toString('base64') }]) {
      const res = await dispatch(handlers, 'keywords:upload', source);
      if (!res.ok) throw new Error(res.error.message);
      expect(res.data.originalName).toBe('upload.txt');
      expect(res.data.preview.unique).toBe(2);
      const stored = await fetch(new URL(res.data.link, server.url));
      expect(stored.status).toBe(200);
      expect(Buffer.from(await stored.arrayBuffer()).equals(bytes)).toBe(true);
    }
  });

  it('nothing is sent for a refused file', async () => {
    const before = (await dispatch(handlers, 'keywords:upload', { path: file('none.txt', '') })) as { ok: boolean; error?: { message: string } };
    expect(before).toEqual({ ok: false, error: { code: 400, message: MSG_EMPTY } });
  });
});
