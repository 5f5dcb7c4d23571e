// Blob export against a real node:http server on 127.0.0.1: a 50 MB body made on
// the fly streams to the chosen file (bytes compared by hash, progress events,
// session headers, memory flat), a cut connection and a cancel leave neither the
// file nor its .part, an error reply is a DeskError, through the IPC handlers.

import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, createReadStream, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventContract, EventName, Profile } from '../../../src-shared/ipc';
import { ApiClient, type EmitFn } from '../../../src-main/services/ApiClient';
import { DeskError, silentLogger } from '../../../src-main/services/errors';
import { Exporter, MSG_CANCELLED, downloadsFolder, safeName, validateExportStart } from '../../../src-main/services/Exporter';
import { localProfileDefaults } from '../../../src-main/services/ProfileService';
import { Session, userFromReply } from '../../../src-main/services/Session';
import { TokenVault } from '../../../src-main/services/TokenVault';
import { createHandlers, dispatch } from '../../../src-main/ipc/handlers';
import { LocalDb } from '../../../src-main/services/LocalDb';
import { createWorkspace } from '../../../src-main/workspace';
import { tempDir, tokenReply } from './helpers';

const MB = 1024 * 1024;
const BIG = 50 * MB;

/** the deterministic byte i of a generated body */
function block(offset: number, size: number): Buffer {
  const b = Buffer.allocUnsafe(size);
  for (let i = 0; i < size; i++) b[i] = (offset + i) % 251;
  return b;
}
const pattern = block(0, 251 * 4096); // repeats every 251 bytes, so any 251-aligned slice is a prefix of it

let server: Server;
/** bytes the test server has handed to its socket for the body it is sending now */
let bodySent = 0;
let baseUrl: string;
const seenHeaders: Record<string, string | string[] | undefined>[] = [];
let tmp: ReturnType<typeof tempDir>;

/** writes `total` bytes of the pattern with back-pressure; cuts the socket after `cutAt` bytes when given */
function serveBody(res: import('node:http').ServerResponse, total: number, cutAt?: number, chunked = false) {
  res.writeHead(200, chunked ? { 'content-type': 'application/octet-stream' } : { 'content-type': 'application/octet-stream', 'content-length': String(total) });
  let sent = 0;
  bodySent = 0;
  const step = () => {
    while (sent < total) {
      if (cutAt !== undefined && sent >= cutAt) {
        res.socket?.destroy();
        return;
      }
      const n = Math.min(pattern.length, total - sent);
      const ok = res.write(pattern.subarray(0, n));
      sent += n;
      bodySent = sent;
      if (!ok) return void res.once('drain', step);
    }
    res.end();
  };
  step();
}

beforeAll(async () => {
  tmp = tempDir('smc-export-');
  server = createServer((req, res) => {
    seenHeaders.push(req.headers);
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/api/big') return serveBody(res, BIG);
    if (url.pathname === '/api/cut') return serveBody(res, 8 * MB, 4 * MB);
    if (url.pathname === '/api/cut-chunked') return serveBody(res, 8 * MB, 4 * MB, true);
    if (url.pathname === '/api/slow') {
      res.writeHead(200, { 'content-length': String(100 * MB) });
      const timer = setInterval(() => res.write(pattern.subarray(0, 64 * 1024)), 20);
      res.on('close', () => clearInterval(timer));
      return;
    }
    if (url.pathname === '/api/json-file') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ code: 200, success: true, data: [1, 2, 3], msg: '操作成功' }));
    }
    if (url.pathname === '/api/gen' && req.method === 'POST') {
      // echoes the POST body and the query, as a zip-like attachment
      const parts: Buffer[] = [];
      req.on('data', (c: Buffer) => parts.push(c));
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/zip' });
        res.end(Buffer.concat([Buffer.from(`PK${url.search}|`), ...parts]));
      });
      return;
    }
    if (url.pathname === '/api/denied') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ code: 400, success: false, msg: '没有数据可导出' }));
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((ok) => server.close(ok));
  tmp.remove();
});

async function setup() {
  const profile: Profile = { ...localProfileDefaults(baseUrl), tenantId: '000000' };
  const session = new Session(profile.id, new TokenVault(null, { logger: silentLogger }), 'saber_secret');
  await session.begin({ accessToken: 'access-1', refreshToken: 'refresh-1', savedAt: Date.now() }, userFromReply(tokenReply('a', 'r')), { tenantId: '000000' });
  const events: { event: EventName; payload: EventContract[EventName] }[] = [];
  const emit: EmitFn = (event, payload) => events.push({ event, payload });
  const api = new ApiClient({ profile, session, emit, logger: silentLogger });
  const progress = () => events.filter((e) => e.event === 'export:progress').map((e) => e.payload as EventContract['export:progress']);
  return { api, exporter: new Exporter(api, emit), progress };
}

async function sha(stream: AsyncIterable<Buffer>): Promise<string> {
  const h = createHash('sha256');
  for await (const c of stream) h.update(c);
  return h.digest('hex');
}
async function expectedSha(total: number): Promise<string> {
  return sha(
    (async function* () {
      for (let sent = 0; sent < total; sent += pattern.length) yield pattern.subarray(0, Math.min(pattern.length, total - sent));
    })(),
  );
}

async function failure(p: Promise<unknown>): Promise<DeskError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(DeskError);
    return e as DeskError;
  }
  throw new Error('expected a rejection');
}

const filesIn = (dir: string) => readdirSync(dir).sort();

describe('blob export', () => {
  it('streams a 50 MB reply into the chosen file with the session headers, progress events and a few MB in flight', async () => {
    const { exporter, progress } = await setup();
    const dir = join(tmp.dir, 'big');
    (await import('node:fs')).mkdirSync(dir);
    const target = join(dir, 'keywords.xlsx');
    const suggested: string[] = [];
    // in flight: sent by the server but not yet in the file (the part file while it is written, then the file)
    const onDisk = (): number => {
      for (const f of [`${target}.part`, target]) {
        try {
          return statSync(f).size;
        } catch {
          // not there (yet, or any more)
        }
      }
      return 0;
    };
    let inFlight = 0;
    const sampler = setInterval(() => (inFlight = Math.max(inFlight, bodySent - onDisk())), 5);
    const result = await exporter.start({ url: '/big', name: 'keywords.xlsx', params: { a: 1 } }, async (name) => {
      suggested.push(name);
      return target;
    });
    clearInterval(sampler);
    expect(suggested).toEqual(['keywords.xlsx']);
    expect(result.path).toBe(target);
    expect(result.bytes).toBe(BIG);
    expect(filesIn(dir)).toEqual(['keywords.xlsx']);
    expect(await sha(createReadStream(target))).toBe(await expectedSha(BIG));
    const h = seenHeaders.at(-1)!;
    expect(h['blade-auth']).toBe('bearer access-1');
    expect(h['tenant-id']).toBe('000000');
    const events = progress();
    expect(events.length).toBeGreaterThanOrEqual(1);
    expect(events.at(-1)).toEqual({ id: result.id, received: BIG, total: BIG });
    expect(events.every((e, i) => i === 0 || e.received >= events[i - 1].received)).toBe(true);
    // the body is never held in memory: what the server has sent is on disk but for a few MB of socket and
    // stream buffers (a body read whole would leave the file empty until all 50 MB had come). Measured instead
    // of the process's memory, whose growth is mostly chunks already written that the collector has not yet
    // freed (32-41 MB of garbage here, whatever the code keeps).
    expect(bodySent).toBe(BIG);
    expect(inFlight).toBeGreaterThan(0);
    expect(inFlight).toBeLessThan(16 * MB);
  });

  for (const [label, path] of [
    ['with a content length', '/cut'],
    ['chunked', '/cut-chunked'],
  ] as const) {
    it(`a connection cut halfway (${label}) leaves no file under the chosen name and no .part`, async () => {
      const { exporter } = await setup();
      const dir = join(tmp.dir, `cut${path.replace('/', '-')}`);
      (await import('node:fs')).mkdirSync(dir);
      const target = join(dir, 'report.csv');
      const err = await failure(exporter.start({ url: path }, async () => target));
      expect(err.code).toBe(0);
      expect(err.message).toMatch(/下载中断/);
      expect(existsSync(target)).toBe(false);
      expect(filesIn(dir)).toEqual([]);
      expect(exporter.active()).toEqual([]);
    });
  }

  it('cancel by id stops the download and deletes the part file', async () => {
    const { exporter, progress } = await setup();
    const dir = join(tmp.dir, 'cancel');
    (await import('node:fs')).mkdirSync(dir);
    const target = join(dir, 'slow.bin');
    const running = exporter.start({ url: '/slow', id: 'exp-1' }, async () => target);
    await expect.poll(() => progress().length > 0 && existsSync(`${target}.part`), { timeout: 5000 }).toBe(true);
    expect(exporter.active()).toEqual(['exp-1']);
    expect(exporter.cancel('exp-1')).toBe(true);
    const err = await failure(running);
    expect(err.message).toBe(MSG_CANCELLED);
    expect(filesIn(dir)).toEqual([]);
    expect(exporter.cancel('exp-1')).toBe(false);
  });

  it('an error envelope is reported and no file is written; a cancelled dialog writes nothing', async () => {
    const { exporter } = await setup();
    const dir = join(tmp.dir, 'denied');
    (await import('node:fs')).mkdirSync(dir);
    const err = await failure(exporter.start({ url: '/denied' }, async () => join(dir, 'x.csv')));
    expect(err.code).toBe(400);
    expect(err.message).toBe('没有数据可导出');
    expect(filesIn(dir)).toEqual([]);
    // a JSON reply that is not a refusal is the exported file itself
    const json = await exporter.start({ url: '/json-file' }, async () => join(dir, 'data.json'));
    expect(JSON.parse((await import('node:fs')).readFileSync(json.path, 'utf8'))).toMatchObject({ code: 200, data: [1, 2, 3] });
    expect(filesIn(dir)).toEqual(['data.json']);
    const none = await exporter.start({ url: '/big', id: 'exp-2' }, async () => null);
    expect(none).toEqual({ id: 'exp-2', path: '', bytes: 0 });
  });

  it('POST exports send their body and query (code generation\'s zip)', async () => {
    const { exporter } = await setup();
    const dir = join(tmp.dir, 'post');
    const done = await exporter.start({ url: '/gen', method: 'post', params: { ids: '1,2' }, data: { system: 'x' }, name: 'blade-code.zip' }, downloadsFolder(dir));
    expect(done.path).toBe(join(dir, 'blade-code.zip'));
    expect(readFileSync(done.path, 'utf8')).toBe('PK?ids=1,2|{"system":"x"}');
  });

  it('browser mode saves into the downloads folder under a name no other file has', async () => {
    const { exporter } = await setup();
    const dir = join(tmp.dir, 'downloads');
    const choose = downloadsFolder(dir);
    const names: string[] = [];
    for (let i = 0; i < 3; i++) names.push((await exporter.start({ url: '/json-file', name: 'titles.txt' }, choose)).path);
    expect(names).toEqual([join(dir, 'titles.txt'), join(dir, 'titles (1).txt'), join(dir, 'titles (2).txt')]);
    // two exports in flight at once get different names too
    const both = await Promise.all([choose('a.txt'), choose('a.txt')]);
    expect(new Set(both).size).toBe(2);
    // a name from the server cannot leave the folder
    expect(await choose('../../etc/passwd')).toBe(join(dir, '.._.._etc_passwd'));
    expect(exporter.wasSaved(names[0])).toBe(true);
    expect(exporter.wasSaved(join(dir, 'other.txt'))).toBe(false);
  });

  it('validates the request: a path only, a safe suggested name', () => {
    expect(() => validateExportStart({ url: '/x', method: 'delete' })).toThrow(DeskError);
    expect(() => validateExportStart({ url: '/x', data: { a: 1 } })).toThrow(DeskError);
    expect(validateExportStart({ url: '/x', method: 'POST', data: { a: 1 } })).toEqual({ url: '/x', method: 'post', data: { a: 1 } });
    expect(() => validateExportStart({ url: 'http://evil/x' })).toThrow(DeskError);
    expect(() => validateExportStart({ url: '//evil/x' })).toThrow(DeskError);
    expect(() => validateExportStart({ url: '/x', id: '../../x' })).toThrow(DeskError);
    expect(validateExportStart({ url: '/x', name: 'a.csv', params: { b: 1 } })).toEqual({ url: '/x', name: 'a.csv', params: { b: 1 } });
    expect(safeName('../../etc/passwd')).toBe('.._.._etc_passwd');
    expect(safeName(undefined)).toBe('export');
  });

  it('export:start, export:progress and export:cancel through the IPC handlers of a workspace', async () => {
    const profile: Profile = { ...localProfileDefaults(baseUrl), tenantId: '000000' };
    const ws = await createWorkspace({
      profile,
      vault: new TokenVault(null, { logger: silentLogger }),
      db: LocalDb.open(join(tmp.dir, 'ipc.db')),
      host: 'web',
      version: '1.0.0',
      clientSecret: 'saber_secret',
      logger: silentLogger,
      restore: false,
    });
    try {
      await ws.session.begin({ accessToken: 'access-ipc', refreshToken: 'r', savedAt: Date.now() }, userFromReply(tokenReply('a', 'r')), { tenantId: '000000' });
      const progress: EventContract['export:progress'][] = [];
      ws.events.subscribe((event, payload) => {
        if (event === 'export:progress') progress.push(payload as EventContract['export:progress']);
      });
      const dir = join(tmp.dir, 'ipc');
      (await import('node:fs')).mkdirSync(dir);
      const target = join(dir, 'out.bin');
      const handlers = createHandlers(ws, { chooseSavePath: async () => target });
      const done = await dispatch(handlers, 'export:start', { url: '/big', name: 'out.bin', id: 'ipc-1' });
      expect(done).toEqual({ ok: true, data: { id: 'ipc-1', path: target, bytes: BIG } });
      expect(progress.at(-1)).toEqual({ id: 'ipc-1', received: BIG, total: BIG });
      expect(seenHeaders.at(-1)!['blade-auth']).toBe('bearer access-ipc');

      const slow = join(dir, 'slow.bin');
      const slowHandlers = createHandlers(ws, { chooseSavePath: async () => slow });
      const running = dispatch(slowHandlers, 'export:start', { url: '/slow', id: 'ipc-2' });
      await expect.poll(() => progress.some((p) => p.id === 'ipc-2'), { timeout: 5000 }).toBe(true);
      expect(await dispatch(slowHandlers, 'export:cancel', { id: 'ipc-2' })).toEqual({ ok: true, data: { cancelled: true } });
      expect(await running).toEqual({ ok: false, error: { code: 0, message: MSG_CANCELLED } });
      expect(filesIn(dir)).toEqual(['out.bin']);

      // show in folder: only a file this window's exports saved
      const revealed: string[] = [];
      const revealing = createHandlers(ws, { chooseSavePath: async () => join(dir, 'shown.bin'), revealFile: (p) => void revealed.push(p) });
      expect(await dispatch(revealing, 'export:reveal', { path: join(dir, 'shown.bin') })).toMatchObject({ ok: false, error: { code: 400 } });
      await dispatch(revealing, 'export:start', { url: '/json-file', id: 'ipc-3' });
      expect(await dispatch(revealing, 'export:reveal', { path: join(dir, 'shown.bin') })).toEqual({ ok: true, data: { shown: true, path: join(dir, 'shown.bin') } });
      expect(revealed).toEqual([join(dir, 'shown.bin')]);
      expect(await dispatch(handlers, 'export:reveal', { path: target })).toEqual({ ok: true, data: { shown: false, path: target } });
      expect(await dispatch(handlers, 'export:reveal', { path: '/etc/passwd' })).toMatchObject({ ok: false, error: { code: 400 } });

      // a host without a save dialog refuses, and a URL that leaves the server is refused
      expect(await dispatch(createHandlers(ws), 'export:start', { url: '/big' })).toMatchObject({ ok: false, error: { code: 400 } });
      expect(await dispatch(handlers, 'export:start', { url: 'http://example.com/x' })).toMatchObject({ ok: false, error: { code: 400 } });
    } finally {
      ws.close();
    }
  });
});
