#!/usr/bin/env node
// `npm run bench`: performance figures, written to docs/benchmarks.md.
//
// Login page: time to interactive in headless Chromium (navigation start to the
// renderer's data-app-state="ready" marker with the login form enabled), and
// the JavaScript the login page loads, gzip-compressed. Targets: < 400 ms,
// < 300 KB. Measured in browser mode against the real host and back end.

import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright';

const root = resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 15);

function build() {
  const r = spawnSync(join(root, 'node_modules/.bin/electron-vite'), ['build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error('build failed');
}

async function startHost(dataDir) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src-main/web/cli.ts', '--port', '0', '--data', dataDir], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((res, rej) => {
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
      const m = /^ready (\S+)$/m.exec(out);
      if (m) res(m[1]);
    });
    child.on('exit', (code) => rej(new Error(`host exited ${code}`)));
  });
  return { url, stop: () => new Promise((r) => (child.once('exit', r), child.kill('SIGTERM'))) };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)];

async function main() {
  build();
  const dataDir = mkdtempSync(join(tmpdir(), 'smc-bench-'));
  const host = await startHost(dataDir);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const times = [];
  const entries = [];
  const boots = [];
  let jsRaw = 0;
  let jsGzip = 0;
  let jsFiles = [];
  try {
    for (let i = 0; i < RUNS + 1; i++) {
      // a fresh context each run: cold HTTP cache, like a first launch
      const context = await browser.newContext();
      const page = await context.newPage();
      const scripts = [];
      page.on('response', async (res) => {
        if (res.request().resourceType() === 'script') scripts.push(res);
      });
      await page.goto(host.url, { waitUntil: 'commit' });
      await page.waitForSelector('body[data-app-state="ready"] form button[type="submit"]:not([disabled])');
      // the renderer's own marks: entry module evaluated, boot calls answered, login form committed
      const marks = await page.evaluate(() =>
        Object.fromEntries(performance.getEntriesByType('mark').map((m) => [m.name, m.startTime])),
      );
      if (i > 0) {
        // the first run warms the host's disk cache
        times.push(marks['app-ready']);
        entries.push(marks.entry);
        boots.push(marks['boot-done']);
      }
      if (i === 0) {
        await page.waitForLoadState('networkidle');
        for (const res of scripts) {
          const body = await res.body();
          jsRaw += body.length;
          jsGzip += gzipSync(body, { level: 9 }).length;
          jsFiles.push(new URL(res.url()).pathname);
        }
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await host.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const kb = (n) => (n / 1024).toFixed(1);
  const tti = median(times);
  const rows = [
    ['Login page time to interactive (median of ' + RUNS + ')', `${tti.toFixed(0)} ms`, '< 400 ms', tti < 400 ? 'met' : 'MISSED'],
    ['Login page time to interactive (p95)', `${p95(times).toFixed(0)} ms`, '', ''],
    ['of which: entry script evaluated (median)', `${median(entries).toFixed(0)} ms`, '', ''],
    ['of which: app:info + auth:session answered, first render (median)', `${median(boots).toFixed(0)} ms`, '', ''],
    ['Login page JavaScript, gzip', `${kb(jsGzip)} KB`, '< 300 KB', jsGzip < 300 * 1024 ? 'met' : 'MISSED'],
    ['Login page JavaScript, raw', `${kb(jsRaw)} KB`, '', ''],
  ];
  const machine = `${cpus().length} cores, ${cpus()[0]?.model ?? 'unknown cpu'}, Node ${process.version}`;
  const table = ['| measure | result | target | |', '|---|---|---|---|', ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
  console.log(table);

  const docPath = join(root, 'docs/benchmarks.md');
  const doc = readFileSync(docPath, 'utf8');
  const section =
    `<!-- bench:login:start -->\n` +
    `Last run: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine}, headless Debian Chromium.\n\n` +
    `${table}\n\nScripts loaded by the login page: ${jsFiles.map((f) => '`' + f.split('/').pop() + '`').join(', ')}.\n` +
    `<!-- bench:login:end -->`;
  writeFileSync(docPath, doc.replace(/<!-- bench:login:start -->[\s\S]*<!-- bench:login:end -->/, section));
  console.log(`written to ${docPath}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
