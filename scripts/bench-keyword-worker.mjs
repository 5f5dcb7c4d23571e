// The built keyword worker (out/main/keyword-worker.js, as Electron runs it)
// driven by plain Node with the same messages KeywordFiles.ts sends: the first
// preview (thread start and its warm-up included), five warm ones, peak RSS,
// main's event-loop delay during the first, and a preview on a thread started
// a second earlier (the task form warms it when it opens), in a process of its
// own: a second thread in this process would meet the memory the first one
// used already mapped. Run by scripts/bench.mjs; prints one JSON line.
import { spawnSync } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

const [workerPath, file, mode] = process.argv.slice(2);
if (mode === 'ahead') {
  // the console starts the worker when the task form opens (keywords:warm): a new thread, a second later the drop
  const ahead = new Worker(workerPath);
  await new Promise((r) => setTimeout(r, 1000));
  const t0 = performance.now();
  const aheadMs = await new Promise((resolve) => {
    ahead.once('message', () => resolve(performance.now() - t0));
    ahead.postMessage({ id: 99, path: file });
  });
  await ahead.terminate();
  process.stdout.write(`${JSON.stringify({ aheadMs })}\n`);
  process.exit(0);
}
const rssBefore = process.memoryUsage().rss;
const loop = monitorEventLoopDelay({ resolution: 5 });
loop.enable();
const ticker = setInterval(() => {}, 10);
const worker = new Worker(workerPath);
const times = [];
let t = performance.now();
let first = null;
worker.on('message', (m) => {
  if (!m.ok) throw new Error(m.message);
  times.push(performance.now() - t);
  if (times.length === 1) {
    loop.disable();
    first = { coldMs: times[0], maxBlockMs: loop.max / 1e6, p99BlockMs: loop.percentile(99) / 1e6, peakRssCold: process.resourceUsage().maxRSS * 1024, lines: m.result.lines };
  }
  if (times.length < 6) {
    t = performance.now();
    worker.postMessage({ id: times.length, path: file });
    return;
  }
  clearInterval(ticker);
  const warm = times.slice(1).sort((a, b) => a - b);
  void worker.terminate().then(() => {
    const r = spawnSync(process.execPath, [fileURLToPath(import.meta.url), workerPath, file, 'ahead'], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`ahead run failed: ${r.stderr}`);
    const { aheadMs } = JSON.parse(r.stdout.trim());
    process.stdout.write(`${JSON.stringify({ ...first, rssBefore, warmMs: warm[2], warmBestMs: warm[0], aheadMs })}\n`);
  });
});
worker.postMessage({ id: 0, path: file });
