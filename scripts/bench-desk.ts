// Desktop-integration benchmarks (run by scripts/bench.mjs through tsx; each
// mode prints one JSON line, and bench.mjs starts every mode in a fresh
// process so peak memory is that measure's own):
//
//   keywords <file>  the keyword preview of a 50 MB file through the worker
//                    thread (src-main/services/KeywordFiles.ts): time (first
//                    preview, worker start included, then warm), peak RSS of
//                    the process, and the longest block of main's event loop
//                    meanwhile (perf_hooks monitorEventLoopDelay)
//   naive <file>     the naive baseline on the main thread: readFile, split,
//                    trim, Set; and the bare read of the bytes
//   export <MB>      a blob export of <MB> through the Exporter class from a
//                    small local HTTP server, against a raw loopback download
//                    of the same bytes into a file; RSS sampled throughout
//   gen <file>       writes the 50 MB keyword file (1.6 million lines)

import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import { ApiClient } from '../src-main/services/ApiClient';
import { silentLogger } from '../src-main/services/errors';
import { Exporter } from '../src-main/services/Exporter';
import { previewKeywords, stopKeywordWorker } from '../src-main/services/KeywordFiles';
import { localProfileDefaults } from '../src-main/services/ProfileService';
import { Session, userFromReply } from '../src-main/services/Session';
import { TokenVault } from '../src-main/services/TokenVault';

const MB = 1024 * 1024;
const peakRss = () => process.resourceUsage().maxRSS * 1024; // maxRSS is in KB
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function gen(file: string): void {
  const unique = 400_000;
  const lines: string[] = [];
  for (let i = 0; i < unique; i++) lines.push(`关键词${i}-${'x'.repeat(14)}`);
  const chunk = `${lines.join('\n')}\n`;
  writeFileSync(file, chunk.repeat(4), 'utf8');
}

async function keywords(file: string) {
  const rssBefore = process.memoryUsage().rss;
  // control: the same measure over 2 s of nothing, to tell the machine's scheduling noise from a real block
  const idle = monitorEventLoopDelay({ resolution: 5 });
  idle.enable();
  const idleTicker = setInterval(() => {}, 10);
  await new Promise((r) => setTimeout(r, 2000));
  clearInterval(idleTicker);
  idle.disable();
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  // a timer that must keep firing while the worker counts
  let ticks = 0;
  const ticker = setInterval(() => ticks++, 10);
  const t0 = performance.now();
  const first = await previewKeywords({ path: file });
  const coldMs = performance.now() - t0;
  loop.disable();
  const maxBlockMs = loop.max / 1e6;
  const p99BlockMs = loop.percentile(99) / 1e6;
  const coldPeak = peakRss();
  const warm: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    await previewKeywords({ path: file });
    warm.push(performance.now() - t);
  }
  clearInterval(ticker);
  await stopKeywordWorker();
  return {
    bytes: statSync(file).size,
    lines: first.lines,
    unique: first.unique,
    coldMs,
    warmMs: median(warm),
    warmBestMs: Math.min(...warm),
    maxBlockMs,
    p99BlockMs,
    idleMaxBlockMs: idle.max / 1e6,
    idleP99BlockMs: idle.percentile(99) / 1e6,
    ticks,
    rssBefore,
    peakRssCold: coldPeak,
    peakRss: peakRss(),
  };
}

function naive(file: string) {
  const rssBefore = process.memoryUsage().rss;
  const t0 = performance.now();
  const text = readFileSync(file, 'utf8');
  const keys = new Set<string>();
  let lines = 0;
  for (const line of text.split(/\r?\n/)) {
    lines++;
    const k = line.trim();
    if (k) keys.add(k);
  }
  const ms = performance.now() - t0;
  const t1 = performance.now();
  const bytes = readFileSync(file);
  const readMs = performance.now() - t1;
  return { ms, readMs, bytes: bytes.length, lines, unique: keys.size, rssBefore, peakRss: peakRss() };
}

async function exportBench(size: number) {
  const block = Buffer.alloc(4 * MB);
  for (let i = 0; i < block.length; i++) block[i] = (i * 31) % 251;
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(size) });
    let sent = 0;
    const step = () => {
      while (sent < size) {
        const n = Math.min(block.length, size - sent);
        sent += n;
        if (!res.write(n === block.length ? block : block.subarray(0, n))) return void res.once('drain', step);
      }
      res.end();
    };
    step();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  const dir = mkdtempSync(join(tmpdir(), 'smc-bench-export-'));
  const profile = { ...localProfileDefaults(base), tenantId: '000000' };
  const session = new Session(profile.id, new TokenVault(null, { logger: silentLogger }), 'saber_secret');
  await session.begin(
    { accessToken: 'bench', refreshToken: 'bench', savedAt: Date.now() },
    userFromReply({ access_token: 'bench', refresh_token: 'bench', tenant_id: '000000', user_id: '1', dept_id: '1', role_id: '1', account: 'admin', user_name: 'admin', nick_name: 'admin', role_name: 'administrator', avatar: '' }),
    { tenantId: '000000' },
  );
  const api = new ApiClient({ profile, session, emit: () => {}, logger: silentLogger });
  const exporter = new Exporter(api, () => {});

  let sampling = 0;
  const samples: number[] = [];
  const sampler = setInterval(() => sampling && samples.push(process.memoryUsage().rss), 50);
  const measure = async (fn: () => Promise<unknown>) => {
    samples.length = 0;
    const before = process.memoryUsage().rss;
    sampling = 1;
    const t0 = performance.now();
    await fn();
    const ms = performance.now() - t0;
    sampling = 0;
    return { ms, rssBefore: before, rssMax: Math.max(before, ...samples) };
  };
  const raw = () =>
    new Promise<void>((resolve, reject) => {
      // the same 1 MB write buffer the Exporter uses: the ratio is the Exporter's own cost
      get(`${base}/file`, (res) => void pipeline(res, createWriteStream(join(dir, 'raw.bin'), { highWaterMark: MB })).then(resolve, reject)).on('error', reject);
    });
  const viaExporter = async () => {
    const r = await exporter.start({ url: '/file', name: 'export.bin' }, async () => join(dir, 'export.bin'));
    if (r.bytes !== size) throw new Error(`exported ${r.bytes} of ${size}`);
  };
  // one of each to warm up, then alternating runs
  await raw();
  await viaExporter();
  const raws: Awaited<ReturnType<typeof measure>>[] = [];
  const exps: Awaited<ReturnType<typeof measure>>[] = [];
  for (let i = 0; i < 5; i++) {
    raws.push(await measure(raw));
    exps.push(await measure(viaExporter));
  }
  clearInterval(sampler);
  api.stop();
  await new Promise((r) => server.close(r));
  rmSync(dir, { recursive: true, force: true });
  const rawMs = median(raws.map((r) => r.ms));
  const expMs = median(exps.map((r) => r.ms));
  return {
    size,
    rawBestMs: Math.min(...raws.map((r) => r.ms)),
    exportBestMs: Math.min(...exps.map((r) => r.ms)),
    rawMs,
    exportMs: expMs,
    rawMBs: size / MB / (rawMs / 1000),
    exportMBs: size / MB / (expMs / 1000),
    exportRssGrowth: Math.max(...exps.map((r) => r.rssMax - r.rssBefore)),
    rawRssGrowth: Math.max(...raws.map((r) => r.rssMax - r.rssBefore)),
    rssBefore: exps[0].rssBefore,
  };
}

async function main() {
  const [mode, arg] = process.argv.slice(2);
  let out: unknown;
  if (mode === 'gen') out = (gen(arg), { file: arg, bytes: statSync(arg).size });
  else if (mode === 'keywords') out = await keywords(arg);
  else if (mode === 'naive') out = naive(arg);
  else if (mode === 'export') out = await exportBench(Number(arg) * MB);
  else throw new Error(`unknown mode ${mode}`);
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
