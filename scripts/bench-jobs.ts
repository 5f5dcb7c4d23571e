// Durable jobs on the team server (issue 30), run by scripts/bench.mjs or alone
// (`node --import tsx scripts/bench-jobs.ts`); writes the section `bench:jobs`
// of docs/benchmarks.md (BENCH_JOBS_WRITE=0: not) and prints one JSON object.
//
// Every measure runs on a real PostgreSQL (tests/support/postgres.ts), a fresh
// database per configuration, with `src-server/cli.ts` processes of their own
// (as `npm run server`): one `--role api` instance that this process talks to
// over HTTP, and one or two `--role worker` instances, all on one data folder.
//
// 1. Claim latency under load: a steady stream of jobs of a real kind that
//    finishes at once (a deploy-task trigger whose task does not exist: the
//    handler reads one row and is done) enqueued through the JobQueue from this
//    process, BENCH_JOBS_CLAIM_RATE per second for BENCH_JOBS_CLAIM_SECONDS,
//    while BENCH_JOBS_CLAIM_CONNECTIONS loops of API requests (the parameter
//    list, every fifth a new parameter) load the api instance and PostgreSQL,
//    and a generation task of BENCH_JOBS_CLAIM_GEN_KEYWORDS keywords runs
//    against the local AI server (0: none).
//    Reported: queued -> running (job.start_time - job.run_at) p50/p95/max.
//    Target p95 < 1 s.
// 2. Generation throughput: a local AI server (tests/support/ai-server.ts)
//    answering after BENCH_JOBS_GEN_DELAY_MS (300) that refuses (429) a key's
//    request above BENCH_JOBS_GEN_LIMIT (10) at once and counts; the AI model
//    set to 并发上限 = that limit; BENCH_JOBS_GEN_TASKS generate-article tasks of
//    BENCH_JOBS_GEN_KEYWORDS keywords each started through the api instance and
//    polled there until finished. Articles per minute with each worker count,
//    the most requests the AI server saw at once (must be <= the limit) and
//    its 429s (must be 0), and which processes sent the requests.
// 3. Deploy throughput: BENCH_JOBS_DEPLOY_SITES websites with
//    BENCH_JOBS_DEPLOY_ARTICLES published articles each (the site rows through
//    the API, the articles set-based), on a local-folder server, deployed by
//    one deploy task run through the api instance (执行一次); done when every
//    website has a recorded deploy and no job is queued or running (read from
//    the database). Total time with each worker count and the speed-up.
//    Target >= 1.6x with two workers.
//
// 4. Cancel (part `cancel`): a generation task run by one of two workers,
//    cancelled through the api instance's 取消 route once it made 20 articles:
//    the time until its job stopped, and the provider's requests after that.
//    Target: stopped within 5 s, none after.
//
// Which parts: BENCH_JOBS_PARTS (default claim,generation,cancel,deploy); worker
// counts of parts 2 and 3: BENCH_JOBS_WORKERS (default 1,2).
import { cpuOfTree } from './bench-cpu';
import { execSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { postgresDataLayer, sql, type DataLayer } from '../src-server/db/data-layer';
import { JobQueue } from '../src-server/jobs/queue';
import { DEPLOY_TASK_JOB } from '../src-server/modules/content/deploy/deploy-scheduler';
import { api, login, multipart, PNG, SABER, startCli, tempDir } from '../tests/contract/helpers';
import { limitedAiServer, type LimitedAiServer } from '../tests/support/ai-server';
import { startPostgres, type PostgresServer } from '../tests/support/postgres';

const root = resolve(import.meta.dirname, '..');
const num = (name: string, fallback: number) => Number(process.env[`BENCH_JOBS_${name}`] ?? fallback);
const SIZES = {
  claimSeconds: num('CLAIM_SECONDS', 30),
  claimRate: num('CLAIM_RATE', 20),
  claimWorkers: num('CLAIM_WORKERS', 2),
  claimConnections: num('CLAIM_CONNECTIONS', 20),
  /** keywords of a generation task running during the stream (0: none); default about the stream's length at the AI limit */
  claimGenKeywords: num('CLAIM_GEN_KEYWORDS', Math.ceil((num('CLAIM_SECONDS', 30) * num('GEN_LIMIT', 10) * 1000) / num('GEN_DELAY_MS', 300))),
  genTasks: num('GEN_TASKS', 4),
  genKeywords: num('GEN_KEYWORDS', 150),
  genDelayMs: num('GEN_DELAY_MS', 300),
  genLimit: num('GEN_LIMIT', 10),
  deploySites: num('DEPLOY_SITES', 200),
  deployArticles: num('DEPLOY_ARTICLES', 50),
  /** the longest wait for one configuration's generation or deploy to finish */
  timeoutS: num('TIMEOUT_S', 1800),
};
/** the issue's sizes: a run at others says so in the section */
const ISSUE_SIZES = { genTasks: 4, genKeywords: 150, genDelayMs: 300, genLimit: 10, deploySites: 200, deployArticles: 50 };
const PARTS = (process.env.BENCH_JOBS_PARTS ?? 'claim,generation,cancel,deploy').split(',').map((s) => s.trim());
const WORKER_COUNTS = (process.env.BENCH_JOBS_WORKERS ?? '1,2').split(',').map(Number);

type Rec = Record<string, unknown>;
const pct = (xs: number[], p: number) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * p) - 1)]! : NaN);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const load = () => loadavg().map((x) => x.toFixed(2)).join(', ');
const log = (...a: unknown[]) => console.error('[bench-jobs]', ...a);

// ---------------------------------------------------------------- instances

interface Cluster {
  base: string;
  token: string;
  database: string;
  dataDir: string;
  /** the data layer of this process on the cluster's database */
  data: DataLayer;
  /** pid -> role, to say which process did the work */
  roles: Map<number, string>;
  children: ChildProcess[];
  stop(): Promise<void>;
}

async function stopChildren(children: ChildProcess[]) {
  for (const c of children) {
    if (c.exitCode !== null || c.signalCode !== null) continue;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill('SIGTERM');
    await exited;
  }
}

/** one `--role api` instance (it migrates the fresh database first), then `workers` `--role worker` instances */
async function cluster(pg: PostgresServer, workers: number, tag: string): Promise<Cluster> {
  const database = await pg.createDatabase();
  const dataDir = tempDir(`smc-bench-jobs-${tag}-`);
  const children: ChildProcess[] = [];
  const roles = new Map<number, string>();
  const stop = async () => {
    await stopChildren(children);
    await data.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const data = postgresDataLayer(database, { max: 2 });
  try {
    const a = await startCli(['--database', database, '--data', dataDir, '--role', 'api']);
    children.push(a.child);
    roles.set(a.child.pid!, 'api');
    // each child is kept as it starts: one that fails to start does not leave the others running
    await Promise.all(
      Array.from({ length: workers }, async (_, i) => {
        const w = await startCli(['--database', database, '--data', dataDir, '--role', 'worker']);
        children.push(w.child);
        roles.set(w.child.pid!, `worker ${i + 1}`);
      }),
    );
    return { base: a.base, token: await login(a.base), database, dataDir, data, roles, children, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

/** the role of the process named in a job's lease_owner (host/role/pid/random) or a slot's holder (host:pid) */
const roleOf = (c: Cluster, owner: string) => c.roles.get(Number(/[/:](\d+)(?:\/[0-9a-f]+)?$/.exec(owner)?.[1])) ?? owner;

async function call(c: Cluster, method: 'GET' | 'POST', path: string, json?: unknown, query?: Record<string, string>): Promise<Rec> {
  const r = await api<Rec>(c.base, c.token, method, path, { json, query });
  if (r.status !== 200 || r.body.code !== 200) throw new Error(`${path}: ${r.status} ${r.body.msg}`);
  return r.body.data;
}
const idOf = async (c: Cluster, path: string, json: Rec) => String((await call(c, 'POST', path, json)).id);

/** a POST without a client timeout (a deploy run answered at its end may take longer than fetch waits for headers) */
function longPost(c: Cluster, path: string, json: unknown): Promise<{ status: number; body: string }> {
  const url = new URL(c.base + path);
  const body = JSON.stringify(json);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', headers: { Authorization: SABER, 'Blade-Auth': `bearer ${c.token}`, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

// ---------------------------------------------------------------- 1. claim latency

/** loops of API requests against the api instance until stopped: the parameter list, every fifth a new parameter */
function apiLoad(c: Cluster, connections: number) {
  const headers = { Authorization: SABER, 'Blade-Auth': `bearer ${c.token}`, 'Content-Type': 'application/json' };
  let running = true;
  let n = 0;
  let errors = 0;
  const t0 = performance.now();
  const loops = Array.from({ length: connections }, async () => {
    while (running) {
      const i = n++;
      try {
        const res =
          i % 5 === 0
            ? await fetch(`${c.base}/website-blade-system/param/submit`, { method: 'POST', headers, body: JSON.stringify({ paramName: `负载${i}`, paramKey: `bench.jobs.${i}`, paramValue: String(i) }) })
            : await fetch(`${c.base}/website-blade-system/param/page?current=1&size=20`, { headers });
        const b = (await res.json()) as { success?: boolean };
        if (res.status !== 200 || b.success !== true) errors++;
      } catch {
        errors++;
      }
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      return { requests: n, rps: n / ((performance.now() - t0) / 1000), errors };
    },
  };
}

async function claimLatency(pg: PostgresServer, ai: LimitedAiServer | undefined) {
  const c = await cluster(pg, SIZES.claimWorkers, 'claim');
  try {
    const queue = new JobQueue(c.data, () => Date.now());
    // the other load: a generation task (it runs on a worker once generation runs are jobs) and API requests
    let genIds: string[] = [];
    if (ai && SIZES.claimGenKeywords > 0) {
      await aiModel(c, ai, `sk-bench-jobs-claim-${Date.now()}`);
      genIds = await startGeneration(c, 1, SIZES.claimGenKeywords, '负载生成');
    }
    const loadRun = apiLoad(c, SIZES.claimConnections);
    await sleep(2000); // the load warms up
    const total = Math.round(SIZES.claimSeconds * SIZES.claimRate);
    const every = 1000 / SIZES.claimRate;
    const t0 = Date.now();
    for (let i = 0; i < total; i++) {
      // a steady rate by the clock (an enqueue that took long does not shift the ones after it)
      const wait = t0 + i * every - Date.now();
      if (wait > 0) await sleep(wait);
      await queue.enqueue(c.data, {
        kind: DEPLOY_TASK_JOB,
        tenantId: '000000',
        key: `bench-claim:${i}`,
        payload: { taskId: 'bench-no-such-task', trigger: 0 },
        maxAttempts: 1,
      });
    }
    const loadResult = await loadRun.stop();
    // articles the generation task made meanwhile (it is not waited for: stopping the instances ends it)
    let generated = 0;
    for (const id of genIds) generated += Number((await call(c, 'GET', '/website-blade-article/gptProduceArticle/pollTaskStatus', undefined, { id })).successCount);
    const settled = async () =>
      Number((await c.data.get(sql<{ n: number }>`SELECT COUNT(*) AS n FROM job WHERE job_key LIKE 'bench-claim:%' AND state NOT IN ('queued', 'running')`))?.n);
    const end = Date.now() + 60_000;
    while ((await settled()) < total && Date.now() < end) await sleep(200);
    const rows = await c.data.all(sql<{ state: string; run_at: string; start_time: string | null; lease_owner: string | null }>`SELECT state, run_at, start_time, lease_owner
      FROM job WHERE job_key LIKE 'bench-claim:%'`);
    const waits = rows.filter((r) => r.start_time !== null).map((r) => Number(r.start_time) - Number(r.run_at));
    const states: Record<string, number> = {};
    const byInstance: Record<string, number> = {};
    for (const r of rows) {
      states[r.state] = (states[r.state] ?? 0) + 1;
      if (r.lease_owner) byInstance[roleOf(c, r.lease_owner)] = (byInstance[roleOf(c, r.lease_owner)] ?? 0) + 1;
    }
    return {
      jobs: total,
      started: waits.length,
      p50: pct(waits, 0.5),
      p95: pct(waits, 0.95),
      max: waits.length ? Math.max(...waits) : NaN,
      states,
      byInstance,
      load: loadResult,
      generated,
      loadAverage: load(),
    };
  } finally {
    await c.stop();
  }
}

// ---------------------------------------------------------------- 2. generation

/** an AI model on the local AI server at 并发上限 = the limit (the newest enabled model is the one generation uses) */
async function aiModel(c: Cluster, ai: LimitedAiServer, key: string): Promise<string> {
  return idOf(c, '/seo-blade-article/aiModel/submit', {
    name: '基准模型', apiKey: key, url: ai.url, model: 'bench', platform: 'openai', temperature: 0.3, maxTokens: 256, status: 1,
    maxConcurrency: SIZES.genLimit, ratePerMinute: 0,
  });
}

/** starts `tasks` generate-article tasks of `keywords` keywords each through the api instance; their ids */
async function startGeneration(c: Cluster, tasks: number, keywords: number, tag: string): Promise<string[]> {
  const ids: string[] = [];
  for (let t = 0; t < tasks; t++) {
    const words = Array.from({ length: keywords }, (_, k) => `${tag}${t}词${k}`);
    const r = await multipart(c.base, c.token, '/website-blade-article/gptProduceArticle/batchProduceArticle', [
      { name: 'data', value: JSON.stringify({ taskName: `${tag}${t}`, maxTokens: 100, prompts: [{ input: '写一篇关于{keyword}的文章' }] }) },
      { name: 'file', value: words.join('\n'), filename: `kw${t}.txt` },
    ]);
    if (r.status !== 200 || r.body.code !== 200) throw new Error(`batchProduceArticle: ${r.status} ${r.body.msg}`);
    ids.push(String(r.body.data.id));
  }
  return ids;
}

/** polls the tasks through the api instance until each is finished (已完成, 部分失败, 失败, 已取消): when, and its last poll */
async function generationFinished(c: Cluster, ids: string[]): Promise<{ at: number; row: Rec }[]> {
  const finished = new Map<string, { at: number; row: Rec }>();
  const deadline = Date.now() + SIZES.timeoutS * 1000;
  while (finished.size < ids.length) {
    if (Date.now() > deadline) throw new Error(`generation: ${finished.size} of ${ids.length} tasks finished after ${SIZES.timeoutS} s`);
    for (const id of ids) {
      if (finished.has(id)) continue;
      const row = await call(c, 'GET', '/website-blade-article/gptProduceArticle/pollTaskStatus', undefined, { id });
      if (Number(row.status) >= 2) finished.set(id, { at: performance.now(), row });
    }
    await sleep(100);
  }
  return [...finished.values()];
}

async function generation(pg: PostgresServer, ai: LimitedAiServer, workers: number) {
  const c = await cluster(pg, workers, `gen${workers}`);
  try {
    const key = `sk-bench-jobs-${workers}-${Date.now()}`;
    const modelId = await aiModel(c, ai, key);
    const t0 = performance.now();
    const done = await generationFinished(c, await startGeneration(c, SIZES.genTasks, SIZES.genKeywords, '基准生成'));
    const ms = Math.max(...done.map((f) => f.at)) - t0;
    const rows = done.map((f) => f.row);
    const articles = rows.reduce((n, r) => n + Number(r.successCount), 0);
    const failed = rows.reduce((n, r) => n + Number(r.failCount), 0);
    // who sent the requests: each holds a slot of the model's limit, named by its process
    const holders = await c.data.all(sql<{ holder: string; n: number }>`SELECT holder, COUNT(*) AS n FROM ai_model_slot WHERE model_id = ${modelId} GROUP BY holder`);
    const k = ai.of(key);
    return {
      workers,
      ms,
      articles,
      failed,
      perMinute: articles / (ms / 60_000),
      statuses: rows.map((r) => String(r.statusName)),
      aiMaxInFlight: k.maxInFlight,
      aiAnswered: k.answered,
      ai429: k.refused,
      // the slot rows of the last minute only (older ones are deleted as new ones come): a share, not a count
      sentBy: Object.fromEntries(holders.map((h) => [roleOf(c, h.holder), Number(h.n)])),
      loadAverage: load(),
    };
  } finally {
    await c.stop();
  }
}

/**
 * Cancelling a running generation from the console (its 取消 button's request) through the api instance, while a
 * worker instance runs it: how long until the job has stopped (its state cancelled, settled by the worker that ran
 * it), when the provider got its last request, and whether any request came after the stop. Target: stopped within 5 s.
 */
async function cancelLatency(pg: PostgresServer, ai: LimitedAiServer) {
  const c = await cluster(pg, 2, 'cancel');
  try {
    const key = `sk-bench-cancel-${Date.now()}`;
    await aiModel(c, ai, key);
    const [id] = await startGeneration(c, 1, 400, '基准取消');
    const deadline = Date.now() + 120_000;
    // running, with some articles made: the worker is in the middle of it
    while (Number((await call(c, 'GET', '/website-blade-article/gptProduceArticle/pollTaskStatus', undefined, { id })).successCount) < 20) {
      if (Date.now() > deadline) throw new Error('cancel: the task made no 20 articles in 2 minutes');
      await sleep(50);
    }
    const job = async () =>
      (await c.data.get(sql<{ state: string; lease_owner: string | null }>`SELECT j.state, j.lease_owner FROM gpt_produce_article t JOIN job j ON j.id = t.job_id WHERE t.id = ${id}`))!;
    const t0 = Date.now();
    await call(c, 'POST', '/website-blade-article/gptProduceArticle/cancel', { ids: id });
    const answeredMs = Date.now() - t0;
    let j = await job();
    while (j.state === 'running') {
      if (Date.now() > deadline) throw new Error('cancel: the job did not stop in 2 minutes');
      await sleep(20);
      j = await job();
    }
    const stoppedMs = Date.now() - t0;
    const atStop = ai.of(key).received;
    await sleep(2000);
    const k = ai.of(key);
    const row = await call(c, 'GET', '/website-blade-article/gptProduceArticle/pollTaskStatus', undefined, { id });
    return {
      answeredMs,
      stoppedMs,
      jobState: j.state,
      ranOn: j.lease_owner ? roleOf(c, j.lease_owner) : null,
      lastRequestAfterCancelMs: k.lastAt - t0,
      requestsAfterStop: k.received - atStop,
      articles: Number(row.successCount),
      status: String(row.statusName),
    };
  } finally {
    await c.stop();
  }
}

/**
 * What writing a release's files costs this machine, without the product: `files` files of 5.6 KB (a rendered page's
 * size) in folders of 57, as a deploy to a local folder writes them (async fs, libuv's threads), by one process and
 * then by two processes writing half each at once. Wall time, and the CPU time in user space and in the kernel.
 */
function fileWrites(files: number) {
  const script = `const fs=require('fs/promises'),path=require('path');const [root,n]=[process.argv[1],Number(process.argv[2])];
    (async()=>{const t0=Date.now(),c0=process.cpuUsage(),buf=Buffer.alloc(5600,120);
    for(let s=0;s*57<n;s++){const d=path.join(root,String(s),'rel');await fs.mkdir(d,{recursive:true});
    await Promise.all(Array.from({length:Math.min(57,n-s*57)},(_,i)=>fs.writeFile(path.join(d,'f'+i+'.html'),buf)));}
    const c=process.cpuUsage(c0);console.log(JSON.stringify({ms:Date.now()-t0,user:c.user/1e6,system:c.system/1e6}));})();`;
  const run = (parts: number) => {
    const dir = tempDir('smc-bench-writes-');
    try {
      const t0 = performance.now();
      const out = execSync(
        Array.from({ length: parts }, (_, i) => `"${process.execPath}" -e "${script.replace(/"/g, '\\"').replace(/\n\s*/g, '')}" "${join(dir, String(i))}" ${Math.ceil(files / parts)} &`).join(' ') + ' wait',
        { shell: '/bin/sh', encoding: 'utf8' },
      );
      const each = out.trim().split('\n').map((l) => JSON.parse(l) as { ms: number; user: number; system: number });
      return {
        processes: parts,
        ms: performance.now() - t0,
        user: each.reduce((a, e) => a + e.user, 0),
        system: each.reduce((a, e) => a + e.system, 0),
      };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  return [run(1), run(2)];
}

// ---------------------------------------------------------------- 3. deploy

/** the websites, their domains on one local-folder server, a column, and the articles (set-based); answers the group */
async function seedSites(c: Cluster, folder: string): Promise<string> {
  const M = '/website-blade-material';
  const upload = async (scene: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG)]), 'x.png');
    const res = await fetch(`${c.base}/blade-resource/oss/endpoint/put-file?scene=${scene}`, { method: 'POST', headers: { Authorization: SABER, 'Blade-Auth': `bearer ${c.token}` }, body: form });
    return ((await res.json()) as { data: { link: string } }).data.link;
  };
  const groupId = await idOf(c, `${M}/websiteGroup/save`, { name: '基准部署组', type: 0 });
  const serverId = await idOf(c, `${M}/serverInfo/save`, {
    serverName: '本机目录', serverIp: '127.0.0.1', serverPort: 22, serverUsername: 'u', serverPassword: 'p', serverType: 'local', deployPath: folder,
  });
  const templateId = await idOf(c, '/seo-blade-material/websiteTemplate/submit', { templateName: '基准模板', type: '1', image: await upload('template') });
  const contactId = await idOf(c, `${M}/contactInfo/submit`, { name: '客服' });
  const img = await idOf(c, `${M}/imgGroup/submit`, { name: '图组' });
  await idOf(c, `${M}/websiteImg/submit`, { imageUrl: await upload('material'), alt: 'Logo', imgGroupId: img });
  const pageId = await idOf(c, '/blade-material/templatePageConfig/submit', { name: '列表页', listPage: 'list/{cateId}/', detailsPage: 'list/{cateId}/{id}.html' });
  const cateId = await idOf(c, '/seo-blade-article/cate/submit', { websiteGroupId: groupId, cateName: '资讯', type: 2, pageId, optStatus: 0 });
  for (let i = 0; i < SIZES.deploySites; i++) {
    const domainInfoId = await idOf(c, `${M}/domainInfo/save`, { name: `基准站${i}`, domain: `bench-site-${i}.example.com`, domainService: '1', serverId });
    await idOf(c, `${M}/websiteInfo/save`, {
      websiteGroupId: groupId, websiteType: 0, websiteName: `基准站${i}`, websiteLang: 'zh-CN', descVal: '基准站点', keywords: '基准',
      domainInfoId, templateId, type: 0, subdomain: 'www', icoId: img, logoId: img, bannerId: img, contactId,
    });
  }
  const body = `<p>${'这是一篇用于基准测试的文章正文, 包含若干段落。'.repeat(20)}</p>`;
  await c.data.run(sql`INSERT INTO article (id, tenant_id, website_info_id, website_group_id, parent_id, title, keyword, auth, display_status, sort, content, desc_val,
      status, deploy_time, create_time, update_time, is_deleted)
    SELECT '5' || lpad((w.n * 100000 + i)::text, 18, '0'), '000000', w.id, ${groupId}, ${cateId}, '基准文章' || w.n || '-' || i, '基准', '编辑部', 1, i,
      ${body}, '摘要' || i, 1, '2026-01-01 10:00:00', '2026-01-01 10:00:00', '2026-01-01 10:00:00', 0
    FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM website_info WHERE website_group_id = ${groupId} AND is_deleted = 0) w
    CROSS JOIN generate_series(0, ${SIZES.deployArticles - 1}) AS i`);
  await c.data.exec('ANALYZE');
  return groupId;
}

/**
 * One deploy task over a few websites of a group of their own (two per worker instance: once deploys are per-site
 * jobs, each worker gets some), run and awaited before the measured run: the processes that deploy have loaded
 * and compiled the rendering code (a cost of the first deploy after a start, not of a throughput). The measured
 * run counts only its own group's websites and the jobs queued after it started.
 */
async function warmUp(c: Cluster, folder: string, sites: number) {
  const M = '/website-blade-material';
  const site = await c.data.get(sql<Rec>`SELECT * FROM website_info WHERE is_deleted = 0 ORDER BY id LIMIT 1`);
  const server = await c.data.get(sql<Rec>`SELECT id FROM server_info WHERE deploy_path = ${folder}`);
  if (!site || !server) throw new Error('warm-up: the seeded website and server are missing');
  const groupId = await idOf(c, `${M}/websiteGroup/save`, { name: '预热组', type: 0 });
  for (let i = 0; i < sites; i++) {
    const domainInfoId = await idOf(c, `${M}/domainInfo/save`, { name: `预热站${i}`, domain: `bench-warm-up-${i}.example.com`, domainService: '1', serverId: String(server.id) });
    await idOf(c, `${M}/websiteInfo/save`, {
      websiteGroupId: groupId, websiteType: 0, websiteName: `预热站${i}`, websiteLang: 'zh-CN', descVal: '预热', keywords: '预热',
      domainInfoId, templateId: String(site.template_id), type: 0, subdomain: 'www', icoId: String(site.ico_id), logoId: String(site.logo_id), bannerId: String(site.banner_id), contactId: String(site.contact_id),
    });
  }
  const taskId = await idOf(c, '/website-blade-deploy/deployTasks/save', { taskName: '预热', groupIds: groupId, scheduleType: 'NONE', articleCount: 0 });
  const answered = longPost(c, '/website-blade-deploy/deployTasks/executeOnce', { id: taskId });
  const deadline = Date.now() + 120_000;
  for (;;) {
    const done = await c.data.get(sql<{ n: number }>`SELECT COUNT(DISTINCT d.website_info_id) AS n FROM website_deploy d
      JOIN website_info w ON w.id = d.website_info_id WHERE w.website_group_id = ${groupId}`);
    const active = await c.data.get(sql<{ n: number }>`SELECT COUNT(*) AS n FROM job WHERE state IN ('queued', 'running')`);
    if (Number(done?.n) >= sites && Number(active?.n) === 0) break;
    if (Date.now() > deadline) throw new Error('the warm-up deploy did not finish in 2 minutes');
    await sleep(250);
  }
  await answered;
}

async function deploy(pg: PostgresServer, workers: number) {
  const c = await cluster(pg, workers, `dep${workers}`);
  try {
    const folder = join(c.dataDir, 'bench-local-server');
    mkdirSync(folder, { recursive: true });
    const s0 = performance.now();
    const groupId = await seedSites(c, folder);
    const seedMs = performance.now() - s0;
    const taskId = await idOf(c, '/website-blade-deploy/deployTasks/save', { taskName: '基准部署', groupIds: groupId, scheduleType: 'NONE', articleCount: 0 });
    log(`deploy, ${workers} worker(s): seeded in ${(seedMs / 1000).toFixed(1)} s; load ${load()}`);
    await warmUp(c, folder, 2 * workers);
    const jobsFrom = Date.now();
    // where the CPU goes during the run: each instance (children included) and PostgreSQL (its backends)
    const cpuNow = () => {
      const out: Record<string, number> = { postgres: cpuOfTree(pg.postmasterPid()) };
      for (const [pid, role] of c.roles) out[role] = cpuOfTree(pid);
      return out;
    };
    const cpu0 = cpuNow();
    const t0 = performance.now();
    // today the run is answered at its end; once deploys are jobs, at once: either way the database says when it is done
    const answered = longPost(c, '/website-blade-deploy/deployTasks/executeOnce', { id: taskId }).then((r) => ({ ...r, ms: performance.now() - t0 }));
    let failedRequest: unknown;
    answered.catch((e: unknown) => (failedRequest = e));
    const progress = async () => {
      const d = await c.data.get(sql<{ sites: number; ok: number }>`SELECT COUNT(DISTINCT d.website_info_id) AS sites,
          COUNT(DISTINCT CASE WHEN d.status_name = '部署成功' THEN d.website_info_id END) AS ok
        FROM website_deploy d JOIN website_info w ON w.id = d.website_info_id WHERE w.website_group_id = ${groupId} AND d.is_deleted = 0`);
      const j = await c.data.get(sql<{ n: number }>`SELECT COUNT(*) AS n FROM job WHERE state IN ('queued', 'running')`);
      return { sites: Number(d?.sites), ok: Number(d?.ok), active: Number(j?.n) };
    };
    const deadline = Date.now() + SIZES.timeoutS * 1000;
    let p = await progress();
    while (!(p.sites >= SIZES.deploySites && p.active === 0)) {
      if (failedRequest) throw new Error(`executeOnce: ${String(failedRequest)}`);
      if (Date.now() > deadline) throw new Error(`deploy with ${workers} worker(s): ${p.sites} of ${SIZES.deploySites} sites after ${SIZES.timeoutS} s`);
      await sleep(100);
      p = await progress();
    }
    const ms = performance.now() - t0;
    const cpu1 = cpuNow();
    const cpuSeconds = Object.fromEntries(Object.entries(cpu1).map(([k, v]) => [k, Math.round((v - (cpu0[k] ?? 0)) * 100) / 100]));
    const reply = await answered;
    if (reply.status !== 200) throw new Error(`executeOnce: ${reply.status} ${reply.body.slice(0, 300)}`);
    // where the work ran: the jobs of the run (none while deploys run in the process that got the request)
    const jobs = await c.data.all(sql<{ lease_owner: string | null; kind: string; n: number }>`SELECT lease_owner, kind, COUNT(*) AS n FROM job
      WHERE create_time >= ${jobsFrom} GROUP BY lease_owner, kind`);
    // what the deploys wrote: files of the releases (pages, sitemap, assets) and bytes sent
    const written = await c.data.get(sql<{ files: number; bytes: number }>`SELECT SUM(d.files_total) AS files, SUM(d.bytes_sent) AS bytes
      FROM website_deploy d JOIN website_info w ON w.id = d.website_info_id WHERE w.website_group_id = ${groupId}`);
    const live = Array.from({ length: SIZES.deploySites }, (_, i) => existsSync(join(folder, `www.bench-site-${i}.example.com`, 'current', 'index.html'))).filter(Boolean).length;
    return {
      workers,
      ms,
      seedMs,
      sites: p.sites,
      deployed: p.ok,
      liveFolders: live,
      files: Number(written?.files),
      bytes: Number(written?.bytes),
      answeredMs: reply.ms,
      cpuSeconds,
      jobs: jobs.map((j) => ({ kind: j.kind, ranOn: j.lease_owner ? roleOf(c, j.lease_owner) : null, n: Number(j.n) })),
      loadAverage: load(),
    };
  } finally {
    await c.stop();
  }
}

// ---------------------------------------------------------------- main

async function main() {
  const startedAt = new Date();
  const out: Rec = { sizes: SIZES, uptimeBefore: execSync('uptime').toString().trim() };
  const pg = await startPostgres();
  let ai: LimitedAiServer | undefined;
  try {
    if (PARTS.includes('generation') || PARTS.includes('cancel') || (PARTS.includes('claim') && SIZES.claimGenKeywords > 0)) {
      ai = await limitedAiServer({ delayMs: SIZES.genDelayMs, limitPerKey: SIZES.genLimit });
    }
    if (PARTS.includes('claim')) {
      out.claim = await claimLatency(pg, ai);
      log('claim', JSON.stringify(out.claim));
    }
    if (ai && PARTS.includes('generation')) {
      const runs = [];
      for (const w of WORKER_COUNTS) {
        runs.push(await generation(pg, ai, w));
        log('generation', JSON.stringify(runs.at(-1)));
      }
      out.generation = runs;
    }
    if (ai && PARTS.includes('cancel')) {
      out.cancel = await cancelLatency(pg, ai);
      log('cancel', JSON.stringify(out.cancel));
    }
    if (PARTS.includes('deploy')) {
      out.fileWrites = fileWrites(SIZES.deploySites * 57);
      log('file writes', JSON.stringify(out.fileWrites));
      const runs = [];
      for (const w of WORKER_COUNTS) {
        runs.push(await deploy(pg, w));
        log('deploy', JSON.stringify(runs.at(-1)));
      }
      out.deploy = runs;
    }
  } finally {
    await ai?.close();
    await pg.close();
  }
  out.uptimeAfter = execSync('uptime').toString().trim();
  if (process.env.BENCH_JOBS_WRITE !== '0') writeSection(startedAt, out);
  console.log(JSON.stringify(out));
}

type Claim = Awaited<ReturnType<typeof claimLatency>>;
type Gen = Awaited<ReturnType<typeof generation>>;
type Cancel = Awaited<ReturnType<typeof cancelLatency>>;
type Dep = Awaited<ReturnType<typeof deploy>>;

function writeSection(at: Date, m: Rec) {
  const s = (x: number) => `${(x / 1000).toFixed(1)} s`;
  const ms = (x: number) => `${x.toFixed(0)} ms`;
  const shares = (o: Record<string, number>) => Object.entries(o).map(([k, v]) => `${k}: ${v}`).join(', ') || 'none';
  const machine = `${cpus().length} cores, ${cpus()[0]?.model ?? 'unknown cpu'}, Node ${process.version}`;
  const issueSizes = (Object.keys(ISSUE_SIZES) as (keyof typeof ISSUE_SIZES)[]).every((k) => SIZES[k] === ISSUE_SIZES[k]);
  const lines = [
    `Last run: ${at.toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine}, PostgreSQL from tests/support/postgres.ts; one \`--role api\` instance and \`--role worker\` instances (\`src-server/cli.ts\`), one data folder.`,
    `\`uptime\` before: \`${m.uptimeBefore}\`; after: \`${m.uptimeAfter}\`.`,
    ...(issueSizes ? [] : ['', `**Not the issue's sizes** (${JSON.stringify(SIZES)}): a development run; its numbers say nothing about the targets.`]),
  ];
  const claim = m.claim as Claim | undefined;
  if (claim) {
    const met = claim.p95 < 1000 && claim.started === claim.jobs;
    lines.push(
      '',
      `Claim latency: ${claim.jobs} jobs (a deploy-task trigger of a task that does not exist: done at once) enqueued from the benchmark process at ${SIZES.claimRate}/s for ${SIZES.claimSeconds} s on ${SIZES.claimWorkers} worker instance(s), while ${SIZES.claimConnections} loops of API requests ran against the api instance (${claim.load.requests} requests, ${claim.load.rps.toFixed(0)}/s, ${claim.load.errors} errors)${
        SIZES.claimGenKeywords > 0 ? ` and a generation task of ${SIZES.claimGenKeywords} keywords against the local AI server (${claim.generated} articles made during the stream)` : ''
      }. Queued to running = job.start_time - job.run_at (both the instances' clocks: one machine).`,
      '',
      '| measure | p50 | p95 | max | jobs started | ran on | target | |',
      '|---|---|---|---|---|---|---|---|',
      `| queued → running | ${ms(claim.p50)} | ${ms(claim.p95)} | ${ms(claim.max)} | ${claim.started} of ${claim.jobs} (${shares(claim.states)}) | ${shares(claim.byInstance)} | p95 < 1 s | ${met ? 'met' : 'MISSED'} |`,
    );
  }
  const gen = m.generation as Gen[] | undefined;
  if (gen) {
    const ideal = (SIZES.genLimit * 60_000) / SIZES.genDelayMs;
    lines.push(
      '',
      `Generation: ${SIZES.genTasks} generate-article tasks × ${SIZES.genKeywords} keywords (one prompt: one AI request per article) started through the api instance and polled there until finished; the AI model at 并发上限 ${SIZES.genLimit}; the local AI server answers in ${SIZES.genDelayMs} ms and refuses (429) a key's request above ${SIZES.genLimit} at once. The limit bounds the rate at ${ideal.toFixed(0)} articles/min (${SIZES.genLimit} × 60 s / ${SIZES.genDelayMs} ms). "Requests sent by": the processes holding the model's slots in the last minute of the run (ai_model_slot.holder).`,
      '',
      '| worker instances | articles | failed | time | articles/min | of the bound | most at once (AI server) | 429s | requests sent by | target (≤ limit, no 429) | |',
      '|---|---|---|---|---|---|---|---|---|---|---|',
      ...gen.map(
        (g) =>
          `| ${g.workers} | ${g.articles} | ${g.failed} | ${s(g.ms)} | ${g.perMinute.toFixed(0)} | ${((g.perMinute / ideal) * 100).toFixed(0)} % | ${g.aiMaxInFlight} | ${g.ai429} | ${shares(g.sentBy)} | ≤ ${SIZES.genLimit}, 0 | ${
            g.aiMaxInFlight <= SIZES.genLimit && g.ai429 === 0 && g.failed === 0 ? 'met' : 'MISSED'
          } |`,
      ),
    );
    if (gen.some((g) => !Object.keys(g.sentBy).some((k) => k.startsWith('worker')))) {
      lines.push('', 'Where no worker instance sent requests, the runs went on in the api instance that got the request (generation runs were not jobs yet): the number of workers made no difference there.');
    }
  }
  const cancel = m.cancel as Cancel | undefined;
  if (cancel) {
    const met = cancel.jobState === 'cancelled' && cancel.stoppedMs < 5000 && cancel.requestsAfterStop === 0;
    lines.push(
      '',
      `Cancel: a generate-article task of 400 keywords run by one of two worker instances (the AI server answering in ${SIZES.genDelayMs} ms, 并发上限 ${SIZES.genLimit}), cancelled once it had made 20 articles through the api instance's 取消 route (\`gptProduceArticle/cancel\`), as the console's button sends it. "Stopped" is the time from that request until the job was no longer running (its state cancelled, written by the worker that ran it); requests in flight at that moment are aborted with it.`,
      '',
      '| measure | result | target | |',
      '|---|---|---|---|',
      `| cancel request answered | ${ms(cancel.answeredMs)} | | |`,
      `| job stopped (ran on ${cancel.ranOn ?? '-'}; state ${cancel.jobState}; task ${cancel.status}, ${cancel.articles} articles) | ${ms(cancel.stoppedMs)} | < 5 s | ${met ? 'met' : 'MISSED'} |`,
      `| the provider's last request, after the cancel request | ${ms(cancel.lastRequestAfterCancelMs)} | | |`,
      `| requests the provider got after the job stopped (2 s watched) | ${cancel.requestsAfterStop} | 0 | ${cancel.requestsAfterStop === 0 ? 'met' : 'MISSED'} |`,
    );
  }
  const dep = m.deploy as Dep[] | undefined;
  const writes = m.fileWrites as ReturnType<typeof fileWrites> | undefined;
  if (dep) {
    const one = dep.find((d) => d.workers === 1);
    const two = dep.find((d) => d.workers === 2);
    const speedUp = one && two ? one.ms / two.ms : NaN;
    // a speed-up says something of the workers only when they ran the deploys (jobs run on worker instances)
    const onWorkers = (d: Dep | undefined) => Boolean(d?.jobs.some((j) => j.ranOn?.startsWith('worker')));
    const complete = (d: Dep | undefined) => d !== undefined && d.deployed === SIZES.deploySites;
    const verdict = Number.isNaN(speedUp)
      ? 'not measured'
      : !complete(one) || !complete(two)
        ? 'MISSED (not every site deployed)'
        : !onWorkers(one) || !onWorkers(two)
          ? 'not a measure of the workers: the deploys ran in the api instance that got the request (no job ran on a worker)'
          : speedUp >= 1.6
            ? 'met'
            : 'MISSED';
    lines.push(
      '',
      `Deploy: ${SIZES.deploySites} websites × ${SIZES.deployArticles} published articles on one local-folder server (a folder of the shared data folder), one deploy task (执行一次) started through the api instance; the time from that request to every website having a recorded deploy (website_deploy) with no job queued or running, read from the database. "Jobs" says which processes ran jobs (none: the run went on in the api instance that got the request).`,
      '',
      '| worker instances | time | sites deployed | live folders | files, MB written | request answered after | jobs (kind: where, count) | CPU seconds during the run |',
      '|---|---|---|---|---|---|---|---|',
      ...dep.map(
        (d) =>
          `| ${d.workers} | ${s(d.ms)} | ${d.deployed} of ${d.sites} | ${d.liveFolders} | ${d.files.toLocaleString('en')}, ${(d.bytes / 1024 / 1024).toFixed(1)} MB | ${s(d.answeredMs)} | ${d.jobs.map((j) => `${j.kind}: ${j.ranOn ?? '-'}, ${j.n}`).join('; ') || 'none'} | ${Object.entries(d.cpuSeconds).map(([k, v]) => `${k} ${v.toFixed(1)}`).join(', ')} |`,
      ),
      '',
      `CPU seconds: \`/proc/<pid>/stat\` of each process with its threads and children (PostgreSQL: the postmaster and its backends) over the run. On ${cpus().length} cores the machine has ${cpus().length} CPU seconds per second: a worker whose own CPU per second of run is already above 1 (its main thread rendering pages, libuv's threads writing files) leaves a second worker less than a core, and the two share the cores with PostgreSQL.`,
      ...(one
        ? (() => {
            const used = Object.values(one.cpuSeconds).reduce((a, b) => a + b, 0) / (one.ms / 1000);
            const two2 = two ? Object.values(two.cpuSeconds).reduce((a, b) => a + b, 0) : NaN;
            return [
              '',
              `With one worker the run kept ${used.toFixed(2)} of the ${cpus().length} cores busy (all processes): on this machine no number of workers can make it more than ${(cpus().length / used).toFixed(2)}× faster, whatever the job code does. ${two ? `With two, the same work took ${two2.toFixed(1)} CPU seconds instead of ${Object.values(one.cpuSeconds).reduce((a, b) => a + b, 0).toFixed(1)} on cores that were then full.` : ''} The target needs a machine where one worker leaves cores idle.`,
            ];
          })()
        : []),
      ...(writes
        ? [
            '',
            `Where that CPU goes: writing files is kernel time on this machine. The same number of files (${(SIZES.deploySites * 57).toLocaleString('en')} of 5.6 KB in folders of 57, a deploy's release without the product), written with async fs as a deploy writes them: ${writes
              .map((w) => `by ${w.processes === 1 ? 'one process' : `${w.processes} processes at once, half each`} in ${s(w.ms)}, ${w.user.toFixed(1)} CPU seconds in user space and ${w.system.toFixed(1)} in the kernel (${((w.user + w.system) / (w.ms / 1000)).toFixed(2)} cores busy)`)
              .join('; ')}. The writes of one process already run on libuv's threads, over both cores.`,
          ]
        : []),
      '',
      '| measure | result | target | |',
      '|---|---|---|---|',
      `| speed-up, two worker instances against one | ${Number.isNaN(speedUp) ? 'not measured' : `${speedUp.toFixed(2)}×`} | ≥ 1.6× | ${verdict} |`,
    );
  }
  const body = lines.join('\n');
  const docPath = join(root, 'docs/benchmarks.md');
  const doc = readFileSync(docPath, 'utf8');
  const re = /<!-- bench:jobs:start -->[\s\S]*<!-- bench:jobs:end -->/;
  if (!re.test(doc)) throw new Error('docs/benchmarks.md has no bench:jobs section');
  writeFileSync(docPath, doc.replace(re, `<!-- bench:jobs:start -->\n${body}\n<!-- bench:jobs:end -->`));
  console.error(body);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
