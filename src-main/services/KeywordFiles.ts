// Keyword files of a generate-article task: main reads a .txt file (a path from
// the drop or the open dialog, or the bytes the browser sent), checks its type
// and size, streams it once to detect the encoding and count its lines, and
// uploads the checked file to put-file as a stream (never a base64 copy).
//
// Encoding: a BOM decides (UTF-8, UTF-16 LE, UTF-16 BE); without one, bytes
// that are valid UTF-8 are UTF-8, anything else is read as GBK.

import { createReadStream, openAsBlob } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { KeywordFileRef, KeywordPreview } from '../../src-shared/ipc';
import type { ApiClient } from './ApiClient';
import { DeskError } from './errors';
import { PUT_FILE_URL, type UploadResult } from './FileService';

/** 51200 KB, the spec's limit of a keyword file */
export const KEYWORD_MAX_BYTES = 51200 * 1024;
export const PREVIEW_LINES = 20;
/** the server's messages for the keyword scene (src-server/modules/content/upload.ts) */
export const MSG_TYPE = '只能上传txt文件';
export const MSG_SIZE = '上传文件大小不能超过 51200 KB!';
export const MSG_EMPTY = '关键字文件为空';
export const MSG_UNREADABLE = '无法读取文件';

export type KeywordEncoding = KeywordPreview['encoding'];
export type { KeywordPreview };

/** A keyword file from the renderer: a local path (Electron) or the bytes (browser mode). */
export type KeywordSource = KeywordFileRef;

const bad = (message: string): never => {
  throw new DeskError(400, message);
};

export function checkKeywordFile(name: string, size: number): void {
  if (!/\.txt$/i.test(name)) bad(MSG_TYPE);
  if (size > KEYWORD_MAX_BYTES) bad(MSG_SIZE);
  if (size === 0) bad(MSG_EMPTY);
}

/** Validates a keyword:* request: {path} or {name, base64}. */
export function validateKeywordSource(req: unknown): KeywordSource {
  const r = req && typeof req === 'object' && !Array.isArray(req) ? (req as Record<string, unknown>) : bad('request must be an object');
  if (typeof r.path === 'string' && r.path) {
    if (r.path.length > 4096 || r.path.includes('\0')) bad(MSG_UNREADABLE);
    return { path: r.path };
  }
  if (typeof r.name !== 'string' || !r.name.trim() || r.name.length > 255) return bad('name is required');
  if (typeof r.base64 !== 'string') return bad('base64 is required');
  if (r.base64.length > Math.ceil(KEYWORD_MAX_BYTES / 3) * 4 + 4) bad(MSG_SIZE);
  return { name: r.name, base64: r.base64 };
}

function bomOf(head: Buffer): KeywordEncoding | null {
  if (head.length >= 3 && head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8-bom';
  if (head.length >= 2 && head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head.length >= 2 && head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  return null;
}

const decoderLabel = (e: KeywordEncoding): string => (e === 'utf-8-bom' ? 'utf-8' : e);

/** Counts lines over decoded text chunks. */
class LineCounter {
  lines = 0;
  empty = 0;
  nonEmpty = 0;
  readonly seen = new Set<string>();
  readonly first: string[] = [];
  private rest = '';

  push(text: string): void {
    const data = this.rest + text;
    let start = 0;
    for (let nl = data.indexOf('\n', start); nl !== -1; nl = data.indexOf('\n', start)) {
      this.line(data.slice(start, nl));
      start = nl + 1;
    }
    this.rest = data.slice(start);
  }

  end(): void {
    if (this.rest !== '') this.line(this.rest);
    this.rest = '';
  }

  private line(raw: string): void {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    this.lines++;
    if (this.first.length < PREVIEW_LINES) this.first.push(line);
    const key = line.trim();
    if (!key) {
      this.empty++;
      return;
    }
    this.nonEmpty++;
    this.seen.add(key);
  }
}

type ChunkSource = () => AsyncIterable<Buffer>;

/** One pass with one decoder; throws TypeError when a fatal decoder meets invalid bytes. */
async function countWith(chunks: ChunkSource, encoding: KeywordEncoding, fatal: boolean): Promise<LineCounter> {
  // ignoreBOM false: the decoder drops a BOM of its own encoding
  const decoder = new TextDecoder(decoderLabel(encoding), { fatal });
  const counter = new LineCounter();
  for await (const chunk of chunks()) counter.push(decoder.decode(chunk, { stream: true }));
  counter.push(decoder.decode());
  counter.end();
  return counter;
}

async function headOf(chunks: ChunkSource): Promise<Buffer> {
  for await (const chunk of chunks()) return chunk.subarray(0, 4);
  return Buffer.alloc(0);
}

async function previewChunks(name: string, size: number, chunks: ChunkSource): Promise<KeywordPreview> {
  checkKeywordFile(name, size);
  let encoding: KeywordEncoding = bomOf(await headOf(chunks)) ?? 'utf-8';
  let counter: LineCounter;
  try {
    counter = await countWith(chunks, encoding, encoding === 'utf-8');
  } catch (e) {
    if (!(e instanceof TypeError) || encoding !== 'utf-8') throw e;
    encoding = 'gbk';
    counter = await countWith(chunks, encoding, false);
  }
  if (counter.nonEmpty === 0) bad(MSG_EMPTY);
  return {
    name,
    size,
    encoding,
    lines: counter.lines,
    unique: counter.seen.size,
    duplicates: counter.nonEmpty - counter.seen.size,
    empty: counter.empty,
    firstLines: counter.first,
  };
}

const CHUNK = 1024 * 1024;

async function fileSize(path: string): Promise<number> {
  try {
    const s = await stat(path);
    if (!s.isFile()) return bad(MSG_UNREADABLE);
    return s.size;
  } catch (e) {
    if (e instanceof DeskError) throw e;
    return bad(MSG_UNREADABLE);
  }
}

function fileChunks(path: string): ChunkSource {
  return async function* () {
    try {
      for await (const c of createReadStream(path, { highWaterMark: CHUNK })) yield c as Buffer;
    } catch (e) {
      throw new DeskError(400, `${MSG_UNREADABLE}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
  };
}

function bufferChunks(buf: Buffer): ChunkSource {
  return async function* () {
    for (let i = 0; i < buf.length; i += CHUNK) yield buf.subarray(i, i + CHUNK);
  };
}

function decodeBase64(base64: string) {
  return Buffer.from(base64, 'base64');
}

/** The preview of a keyword file; throws DeskError(400, message) for a file that must not be sent. */
export async function previewKeywords(source: KeywordSource): Promise<KeywordPreview> {
  if ('path' in source) {
    const name = basename(source.path);
    if (!/\.txt$/i.test(name)) bad(MSG_TYPE);
    return previewChunks(name, await fileSize(source.path), fileChunks(source.path));
  }
  if (!/\.txt$/i.test(source.name)) bad(MSG_TYPE);
  const bytes = decodeBase64(source.base64);
  return previewChunks(source.name, bytes.length, bufferChunks(bytes));
}

/**
 * Checks the file (the same checks as the preview) and uploads it to put-file
 * (scene keyword) with the session's token. A path is sent as a file-backed
 * Blob: axios streams it, the file is never held in memory.
 */
export async function uploadKeywords(api: ApiClient, source: KeywordSource): Promise<UploadResult & { preview: KeywordPreview }> {
  const preview = await previewKeywords(source);
  const form = new FormData();
  let blob: Blob;
  if ('path' in source) {
    try {
      blob = await openAsBlob(source.path, { type: 'text/plain' });
    } catch {
      return bad(MSG_UNREADABLE);
    }
  } else {
    blob = new Blob([decodeBase64(source.base64)], { type: 'text/plain' });
  }
  form.append('file', blob, preview.name);
  const reply = await api.request<Record<string, unknown>>({ method: 'post', url: PUT_FILE_URL, params: { scene: 'keyword' }, data: form });
  const d = reply.data ?? {};
  const link = typeof d.link === 'string' ? d.link : '';
  if (!link) throw new DeskError(500, '上传失败');
  return {
    link,
    name: typeof d.name === 'string' ? d.name : '',
    originalName: typeof d.originalName === 'string' ? d.originalName : preview.name,
    preview,
  };
}
