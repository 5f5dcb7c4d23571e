// Content benchmarks for `npm run bench` (called from scripts/bench.mjs):
//
// Keyword import: a keyword .txt file just under the 51200 KB upload limit
// (about 3 million lines, unique keywords, a few over-long lines) posted to
// keyword/importText on the embedded back end running alone (src-server/cli.ts,
// its own process); time from the start of the upload to the import task's
// status 2, and the back-end process's peak resident memory (VmHWM from
// /proc/<pid>/status, the whole Node process: baseline included). Targets
// (issue 6): under 10 s and under 300 MB.
//
// AI generation throughput: a generate-article task of N keywords x 1 prompt
// against a local OpenAI-compatible server on 127.0.0.1 that answers each call
// after a fixed delay; items per second with the back end's concurrency 8.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createWriteStream, mkdtempSync, openAsBlob, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { readyUrl } from './bench-host.mjs';

const root = resolve(import.meta.dirname, '..');
const SABER = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
const LIMIT = 51200 * 1024;

async function startServer(dataDir, env = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src-server/cli.ts', '--port', '0', '--data', dataDir], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  const url = await readyUrl(child, 'server');
  const kb = (field) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0);
  return {
    url,
    peakMb: () => kb('VmHWM') / 1024,
    /** CPU seconds (user + system) the process has used */
    cpuS: () => {
      const f = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return (Number(f[11]) + Number(f[12])) / 100;
    },
    rssMb: () => kb('VmRSS') / 1024,
    stop: () => new Promise((r) => (child.once('exit', r), child.kill('SIGTERM'))),
  };
}

async function login(base) {
  const form = new URLSearchParams({ grant_type: 'password', scope: 'all', username: 'admin', password: createHash('md5').update('admin').digest('hex') });
  const res = await fetch(`${base}/blade-auth/oauth/token`, { method: 'POST', headers: { Authorization: SABER, 'Tenant-Id': '000000', 'Content-Type': 'application/x-www-form-urlencoded' }, body: form });
  const body = await res.json();
  if (!body.access_token) throw new Error(`login failed: ${JSON.stringify(body)}`);
  return (path, init = {}) =>
    fetch(`${base}${path}`, { ...init, headers: { Authorization: SABER, 'Blade-Auth': `bearer ${body.access_token}`, ...(init.headers ?? {}) } }).then((r) => r.json());
}

/** Writes the keyword file: unique keywords up to just under the upload limit; every 100,000th line is over 50 characters. */
async function writeKeywords(file) {
  const out = createWriteStream(file);
  let bytes = 0;
  let lines = 0;
  let chunk = '';
  for (;;) {
    const line = lines % 100_000 === 99_999 ? `${'超长关键词'.repeat(11)}${lines}\n` : `关键词${lines.toString(36)}-${(lines * 7919) % 1000}\n`;
    const n = Buffer.byteLength(line);
    if (bytes + n > LIMIT - 64) break;
    bytes += n;
    lines++;
    chunk += line;
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await new Promise((r) => out.once('drain', r));
      chunk = '';
    }
  }
  out.end(chunk);
  await new Promise((r) => out.once('finish', r));
  return { bytes, lines };
}

const until = async (check, ms, every = 100) => {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, every));
  }
};

export async function benchImport() {
  const dir = mkdtempSync(join(tmpdir(), 'smc-bench-import-'));
  const file = join(dir, 'keywords.txt');
  const { bytes, lines } = await writeKeywords(file);
  const server = await startServer(join(dir, 'data'));
  try {
    const call = await login(server.url);
    const baseline = server.rssMb();
    const form = new FormData();
    form.append('file', await openAsBlob(file), 'keywords.txt');
    const cpu0 = server.cpuS();
    const t0 = performance.now();
    const started = await call('/website-blade-article/keyword/importText', { method: 'POST', body: form });
    if (started.code !== 200) throw new Error(started.msg);
    const uploaded = performance.now() - t0;
    let peak = 0;
    const task = await until(async () => {
      peak = Math.max(peak, server.peakMb());
      const r = await call(`/seo-blade-material/importTask/detail?id=${started.data.id}`);
      return r.data.status >= 2 ? r.data : null;
    }, 300_000, 50);
    const ms = performance.now() - t0;
    peak = Math.max(peak, server.peakMb());
    return { bytes, lines, ms, uploadMs: uploaded, peakMb: peak, baselineMb: baseline, cpuS: server.cpuS() - cpu0, task };
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchAi({ items = 400, delayMs = 50 } = {}) {
  const ai = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const prompt = JSON.parse(raw).messages[0].content;
      setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: `# ${prompt}\n正文 ${prompt}` } }] })), delayMs);
    });
  });
  await new Promise((r) => ai.listen(0, '127.0.0.1', r));
  const aiUrl = `http://127.0.0.1:${ai.address().port}/v1`;
  const dir = mkdtempSync(join(tmpdir(), 'smc-bench-ai-'));
  const server = await startServer(join(dir, 'data'), { SEO_AI_CONCURRENCY: '8' });
  try {
    const call = await login(server.url);
    const json = (path, body) => call(path, { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });
    await json('/seo-blade-article/aiModel/submit', { name: '本地', apiKey: 'sk-bench-000000', url: aiUrl, model: 'bench', platform: 'openai', temperature: 0.7, maxTokens: 256, status: 1 });
    const form = new FormData();
    form.append('data', JSON.stringify({ taskName: '吞吐', maxTokens: 256, prompts: [{ input: '写{keyword}' }] }));
    form.append('file', new Blob([Array.from({ length: items }, (_, i) => `词${i}`).join('\n')]), 'kw.txt');
    const t0 = performance.now();
    const started = await call('/website-blade-article/gptProduceArticle/batchProduceArticle', { method: 'POST', body: form });
    if (started.code !== 200) throw new Error(started.msg);
    const task = await until(async () => {
      const r = await call(`/website-blade-article/gptProduceArticle/pollTaskStatus?id=${started.data.id}`);
      return r.data.status >= 2 ? r.data : null;
    }, 120_000, 20);
    const ms = performance.now() - t0;
    return { items, delayMs, ms, perSecond: (task.successCount / ms) * 1000, ideal: (8 / delayMs) * 1000, task };
  } finally {
    await server.stop();
    await new Promise((r) => ai.close(r));
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs both (unless switched off) and writes their sections of docs/benchmarks.md. */
export async function benchContent(machine, { off, writeSection }) {
  let load = '';
  if (!off('IMPORT')) {
    load = loadavg()[0].toFixed(1);
    const r = await benchImport();
    const mb = (r.bytes / 1024 / 1024).toFixed(1);
    const table = [
      '| measure | result | target | |',
      '|---|---|---|---|',
      `| keyword file import, ${mb} MB, ${r.lines.toLocaleString('en')} lines (upload to task done) | ${(r.ms / 1000).toFixed(1)} s | < 10 s | ${r.ms < 10_000 ? 'met' : 'MISSED'} |`,
      `| of which: upload streamed to disk, task created | ${(r.uploadMs / 1000).toFixed(1)} s |  |  |`,
      `| back-end CPU time used (user + system; independent of other load) | ${r.cpuS.toFixed(1)} s |  |  |`,
      `| back-end peak resident memory (whole process) | ${r.peakMb.toFixed(0)} MB | < 300 MB | ${r.peakMb < 300 ? 'met' : 'MISSED'} |`,
      `| back-end resident memory before the import | ${r.baselineMb.toFixed(0)} MB |  |  |`,
      `| rows: total / imported / failed (over 50 characters) | ${r.task.totalRows} / ${r.task.successRows} / ${r.task.failedRows} |  |  |`,
    ].join('\n');
    console.log(table);
    writeSection('import', `Last run: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine}; load average at the start ${load}.\n\n${table}`);
  }
  if (!off('AI')) {
    load = loadavg()[0].toFixed(1);
    const r = await benchAi();
    const table = [
      '| measure | result | bound | |',
      '|---|---|---|---|',
      `| generate-article items per second, concurrency 8, ${r.items} items, AI answers after ${r.delayMs} ms | ${r.perSecond.toFixed(1)} /s | ${r.ideal.toFixed(0)} /s (8 / ${r.delayMs} ms) | ${(r.perSecond / r.ideal * 100).toFixed(0)} % |`,
      `| task: total / success / failed | ${r.task.total} / ${r.task.successCount} / ${r.task.failCount} |  |  |`,
    ].join('\n');
    console.log(table);
    writeSection('ai', `Last run: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine}; load average at the start ${load}.\n\n${table}`);
  }
}

// direct run: node scripts/bench-content.mjs (prints only)
if (process.argv[1] === import.meta.filename) {
  const which = process.argv[2] ?? 'import';
  const r = which === 'ai' ? await benchAi() : await benchImport();
  console.log(JSON.stringify({ ...r, task: r.task }, null, 1));

}
