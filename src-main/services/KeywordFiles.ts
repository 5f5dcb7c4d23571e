// Keyword files of a generate-article task: main reads a .txt file (a path from
// the drop or the open dialog, or the bytes the browser sent), checks its type
// and size, streams it once to detect the encoding and count its lines, and
// uploads the checked file to put-file as a stream (never a base64 copy).
//
// Encoding: a BOM decides (UTF-8, UTF-16 LE, UTF-16 BE); without one, bytes
// that are valid UTF-8 are UTF-8, anything else is read as GBK. The reading
// and counting run in a worker thread (keywordPreview.worker.ts): a 50 MB file
// never blocks main's event loop.

import { openAsBlob } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { KeywordFileRef, KeywordPreview } from '../../src-shared/ipc';
import type { ApiClient } from './ApiClient';
import { DeskError } from './errors';
import type { ScanResult } from './keywordScan';
import { Worker } from 'node:worker_threads';
import { PUT_FILE_URL, type UploadResult } from './FileService';

/** 51200 KB, the spec's limit of a keyword file */
export const KEYWORD_MAX_BYTES = 51200 * 1024;
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

/** A request to the scan worker, without its id. */
type ScanJob = { path: string } | { bytes: Uint8Array };
type ScanReply = { id: number; ok: true; result: ScanResult & { nonEmpty: number } } | { id: number; ok: false; code?: string; message: string };

/**
 * Where the worker's code is. Built (electron-vite): out/main/keyword-worker.js
 * beside the main bundle (a second entry of the main build); from source (tsx:
 * browser mode, tests, benchmarks): the .ts file, loaded through tsx.
 */
export function keywordWorkerSpec(here: string = import.meta.url): { url: URL; execArgv?: string[] } {
  if (new URL(here).pathname.endsWith('.ts')) return { url: new URL('./keywordPreview.worker.ts', here), execArgv: ['--import', 'tsx'] };
  // packaged: a worker cannot start from inside app.asar; electron-builder unpacks it (asarUnpack) beside the archive
  return { url: new URL('./keyword-worker.js', here.replace('/app.asar/', '/app.asar.unpacked/')) };
}

/** A worker idle this long is stopped, giving its memory back (the next preview starts a new one). */
export const KEYWORD_WORKER_IDLE_MS = 30_000;

/**
 * One worker thread, started on the first preview and kept (unref'd: it never
 * holds the process open) for the next ones until it has been idle for
 * KEYWORD_WORKER_IDLE_MS; jobs run one after another.
 */
class ScanWorker {
  private worker: Worker | null = null;
  private idleTimer: NodeJS.Timeout | null = null;
  private next = 1;
  private readonly waiting = new Map<number, { resolve: (r: ScanReply) => void; reject: (e: Error) => void }>();

  private start(): Worker {
    if (this.worker) return this.worker;
    const spec = keywordWorkerSpec();
    const w = new Worker(spec.url, spec.execArgv ? { execArgv: spec.execArgv } : {});
    w.unref();
    w.on('message', (reply: ScanReply) => {
      const job = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      job?.resolve(reply);
      if (this.waiting.size === 0) this.idle();
    });
    const fail = (e: Error) => {
      if (this.worker === w) this.worker = null;
      for (const job of this.waiting.values()) job.reject(e);
      this.waiting.clear();
    };
    w.on('error', fail);
    w.on('exit', (code) => fail(new Error(`keyword worker exited (${code})`)));
    this.worker = w;
    return w;
  }

  private idle(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => void this.stop(), KEYWORD_WORKER_IDLE_MS);
    this.idleTimer.unref();
  }

  /** Starts the thread (it compiles its counting module and allocates its memory as it starts) without a job; the idle timer stops it unused. */
  warm(): void {
    if (this.waiting.size > 0) return;
    this.start();
    this.idle();
  }

  run(job: ScanJob): Promise<ScanReply> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const w = this.start();
    const id = this.next++;
    return new Promise<ScanReply>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      // the bytes are handed over, not copied
      if ('bytes' in job) w.postMessage({ id, bytes: job.bytes }, [job.bytes.buffer as ArrayBuffer]);
      else w.postMessage({ id, path: job.path });
    });
  }

  /** Stops the thread (tests, shutdown); the next preview starts a new one. */
  async stop(): Promise<void> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const w = this.worker;
    this.worker = null;
    if (w) await w.terminate();
  }
}

const scanWorker = new ScanWorker();
export const stopKeywordWorker = (): Promise<void> => scanWorker.stop();
/** Starts the worker ahead of a preview (the generate-article form opening): the first drop meets a warm thread. */
export const warmKeywordWorker = (): void => scanWorker.warm();

async function scan(name: string, size: number, job: ScanJob): Promise<KeywordPreview> {
  checkKeywordFile(name, size);
  const reply = await scanWorker.run(job);
  if (!reply.ok) return bad(reply.code ? `${MSG_UNREADABLE}: ${reply.code}` : MSG_UNREADABLE);
  const r = reply.result;
  if (r.nonEmpty === 0) bad(MSG_EMPTY);
  return { name, size, encoding: r.encoding, lines: r.lines, unique: r.unique, duplicates: r.duplicates, empty: r.empty, firstLines: r.firstLines };
}

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

function decodeBase64(base64: string) {
  return Buffer.from(base64, 'base64');
}

/**
 * The preview of a keyword file; throws DeskError(400, message) for a file that
 * must not be sent. Type and size are checked here; the reading and counting
 * run in a worker thread.
 */
export async function previewKeywords(source: KeywordSource): Promise<KeywordPreview> {
  if ('path' in source) {
    const name = basename(source.path);
    if (!/\.txt$/i.test(name)) bad(MSG_TYPE);
    return scan(name, await fileSize(source.path), { path: source.path });
  }
  if (!/\.txt$/i.test(source.name)) bad(MSG_TYPE);
  const bytes = decodeBase64(source.base64);
  // a copy the worker can own (a decoded Buffer may share Node's pool)
  return scan(source.name, bytes.length, { bytes: new Uint8Array(bytes) });
}

/**
 * Checks the file (the same checks as the preview) and uploads it to put-file
 * (scene keyword) with the session's token. A path is sent as a file-backed
 * Blob: axios streams it, the file is never held in memory.
 */
export async function uploadKeywords(api: ApiClient, source: KeywordSource, language?: 'zh' | 'en'): Promise<UploadResult & { preview: KeywordPreview }> {
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
  const reply = await api.request<Record<string, unknown>>({ method: 'post', url: PUT_FILE_URL, params: { scene: 'keyword' }, data: form, language });
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
