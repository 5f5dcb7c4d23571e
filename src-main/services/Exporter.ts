// Blob export: GET (or POST, e.g. code generation's zip) an API path with the
// session's headers and stream the reply straight into a file chosen in a save
// dialog (Electron) or a unique name in the downloads folder (browser mode). The body is never buffered: it
// goes to `<path>.part`, which is renamed to the chosen name only once every
// byte has arrived; a cut connection or a cancel deletes the part file, so no
// half file is ever left under the chosen name.

import { randomUUID } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { EventContract } from '../../src-shared/ipc';
import type { ApiClient } from './ApiClient';
import { DeskError } from './errors';

export interface ExportStart {
  /** path under the profile's base URL */
  url: string;
  /** get (the spec's blob exports) or post (code generation's zip); get by default */
  method?: 'get' | 'post';
  params?: Record<string, unknown>;
  /** the POST body */
  data?: unknown;
  /** the file name suggested in the save dialog */
  name?: string;
  /** an id chosen by the caller, so it can cancel before start returns; else one is made */
  id?: string;
}

export interface ExportResult {
  id: string;
  /** the saved file, or '' when the save dialog was cancelled */
  path: string;
  bytes: number;
}

/** The save dialog: the chosen absolute path, or null when the user cancelled. */
export type ChooseSavePath = (suggestedName: string) => Promise<string | null>;
export type ProgressEmit = (event: 'export:progress', payload: EventContract['export:progress']) => void;

export const MSG_CANCELLED = '导出已取消';
export const MSG_CUT = '下载中断,文件未保存';
const PROGRESS_EVERY_MS = 200;
const ENVELOPE_PEEK = 64 * 1024;
const BUFFER = 1024 * 1024;

const bad = (message: string): never => {
  throw new DeskError(400, message);
};

export function validateExportStart(req: unknown): ExportStart {
  const r = req && typeof req === 'object' && !Array.isArray(req) ? (req as Record<string, unknown>) : bad('request must be an object');
  const url = r.url;
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//') || url.includes('\\') || /^[a-z][a-z0-9+.-]*:/i.test(url)) {
    bad('url must be a path starting with /');
  }
  const out: ExportStart = { url: url as string };
  if (r.method !== undefined) {
    const m = typeof r.method === 'string' ? r.method.toLowerCase() : '';
    out.method = m === 'get' || m === 'post' ? m : bad('method must be get or post');
  }
  if (r.data !== undefined) {
    if (out.method !== 'post') bad('data needs method post');
    out.data = r.data;
  }
  if (r.params !== undefined && r.params !== null) {
    if (typeof r.params !== 'object' || Array.isArray(r.params)) bad('params must be an object');
    out.params = r.params as Record<string, unknown>;
  }
  if (r.name !== undefined) out.name = typeof r.name === 'string' && r.name.length <= 255 ? r.name : bad('name must be a string');
  if (r.id !== undefined) out.id = typeof r.id === 'string' && /^[\w-]{1,64}$/.test(r.id) ? r.id : bad('bad id');
  return out;
}

/** A file name without path parts, for the save dialog. */
export function safeName(name: string | undefined): string {
  const n = (name ?? '').replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').trim();
  return n && n !== '.' && n !== '..' ? n : 'export';
}

/**
 * Browser mode has no save dialog: exports go to a downloads folder under a
 * name no other file (or export in flight) has: `titles.txt`, `titles (1).txt`...
 */
export function downloadsFolder(dir: string): ChooseSavePath {
  const reserved = new Set<string>();
  return async (suggested) => {
    await mkdir(dir, { recursive: true });
    const name = safeName(suggested);
    const ext = extname(name);
    const stem = ext ? name.slice(0, -ext.length) : name;
    for (let i = 0; i < 10_000; i++) {
      const path = join(dir, i === 0 ? name : `${stem} (${i})${ext}`);
      if (reserved.has(path) || existsSync(path) || existsSync(`${path}.part`)) continue;
      reserved.add(path);
      // a name stays reserved for this run: a finished file exists, a failed one may be retried under a new name
      return path;
    }
    return bad('no free file name in the downloads folder');
  };
}

async function readSmall(stream: Readable, limit = 64 * 1024): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of stream) {
    chunks.push(c as Buffer);
    size += (c as Buffer).length;
    if (size >= limit) break;
  }
  stream.destroy();
  return Buffer.concat(chunks).toString('utf8');
}

export class Exporter {
  private readonly running = new Map<string, AbortController>();
  /** files this exporter saved: the only paths "show in folder" accepts */
  private readonly saved = new Set<string>();

  constructor(
    private readonly api: ApiClient,
    private readonly emit: ProgressEmit,
  ) {}

  /** ids of the exports in flight */
  active(): string[] {
    return [...this.running.keys()];
  }

  /** true when this exporter saved the file at path (a renderer cannot make main reveal any other path) */
  wasSaved(path: string): boolean {
    return this.saved.has(path);
  }

  /** Cancels an export; false when no export has that id. */
  cancel(id: string): boolean {
    const c = this.running.get(id);
    if (!c) return false;
    c.abort();
    return true;
  }

  async start(req: ExportStart, chooseSavePath: ChooseSavePath): Promise<ExportResult> {
    const id = req.id ?? randomUUID();
    if (this.running.has(id)) bad('export id in use');
    const controller = new AbortController();
    this.running.set(id, controller);
    try {
      const path = await chooseSavePath(safeName(req.name));
      if (!path) return { id, path: '', bytes: 0 };
      if (controller.signal.aborted) throw new DeskError(0, MSG_CANCELLED);
      const bytes = await this.download(id, req, path, controller.signal);
      this.saved.add(path);
      return { id, path, bytes };
    } finally {
      this.running.delete(id);
    }
  }

  private async download(id: string, req: ExportStart, path: string, signal: AbortSignal): Promise<number> {
    if (this.api.tokenDue()) await this.api.refresh();
    let res;
    try {
      res = await this.api.send<Readable>({ method: req.method ?? 'get', url: req.url, params: req.params, data: req.data, responseType: 'stream', signal, decompress: true });
    } catch (e) {
      if (signal.aborted) throw new DeskError(0, MSG_CANCELLED);
      throw e;
    }
    const body = res.data;
    if (res.status !== 200) {
      // an error reply is small JSON (the R envelope): unwrap maps it (401 ends the session)
      const text = await readSmall(body);
      let data: unknown = text;
      try {
        data = JSON.parse(text);
      } catch {
        // not JSON: the status speaks
      }
      await this.api.unwrap({ ...res, data });
      throw new DeskError(res.status, text.slice(0, 200) || 'export failed');
    }
    // BladeX answers a refused export with HTTP 200 and a JSON R envelope: a small JSON reply is checked first
    let source: Readable | AsyncIterable<Buffer> = body;
    if (String(res.headers['content-type'] ?? '').includes('json')) {
      const iterator = body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
      const head: Buffer[] = [];
      let size = 0;
      let ended = false;
      while (size < ENVELOPE_PEEK) {
        const next = await iterator.next();
        if (next.done) {
          ended = true;
          break;
        }
        head.push(next.value);
        size += next.value.length;
      }
      if (ended) {
        let data: unknown = null;
        try {
          data = JSON.parse(Buffer.concat(head).toString('utf8'));
        } catch {
          // JSON that does not parse is exported as it is
        }
        const code = data && typeof data === 'object' ? (data as Record<string, unknown>).code : undefined;
        if (typeof code === 'number' && code !== 200) await this.api.unwrap({ ...res, data });
      }
      source = (async function* () {
        yield* head;
        if (ended) return;
        for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
      })();
    }
    const lengthHeader = Number(res.headers['content-length']);
    const total = Number.isFinite(lengthHeader) && lengthHeader >= 0 && res.headers['content-length'] !== undefined ? lengthHeader : null;
    let received = 0;
    let last = 0;
    const progress = () => this.emit('export:progress', { id, received, total });
    const counter = new Transform({
      // larger buffers than the 16 KB defaults: fewer, bigger file writes (benchmark: docs/benchmarks.md, export)
      highWaterMark: BUFFER,
      transform(chunk: Buffer, _enc, done) {
        received += chunk.length;
        const now = Date.now();
        if (now - last >= PROGRESS_EVERY_MS) {
          last = now;
          progress();
        }
        done(null, chunk);
      },
    });
    const part = `${path}.part`;
    try {
      await pipeline(source, counter, createWriteStream(part, { highWaterMark: BUFFER }), { signal });
      if (total !== null && received !== total) throw new Error('short body');
      await rename(part, path);
    } catch (e) {
      body.destroy();
      await rm(part, { force: true });
      if (signal.aborted) throw new DeskError(0, MSG_CANCELLED);
      throw new DeskError(0, `${MSG_CUT}: ${(e as Error).message}`);
    }
    progress();
    return received;
  }
}
