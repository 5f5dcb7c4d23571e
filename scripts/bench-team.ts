// The team server's benchmarks (issue 29), run by scripts/bench.mjs or alone
// (`node --import tsx scripts/bench-team.ts`); writes the section
// `bench:team` of docs/benchmarks.md and prints one JSON object.
//
// 1. Mixed load, side by side in one run: the back end on SQLite (one
//    instance), on PostgreSQL (one instance) and on PostgreSQL (two instances
//    behind the repository's nginx config). Each configuration gets a fresh
//    database; the instances are `src-server/cli.ts` processes of their own
//    (as `npm run server`), the load is this process: 50 connections on
//    loopback, each a loop of requests, one in five a write (a new parameter,
//    参数管理 submit), the rest the first page of the parameter list
//    (20 rows), for BENCH_TEAM_SECONDS (default 10) after 2 s of warm-up.
// 2. Lists at scale on PostgreSQL: 10,000 websites and 1,000,000 articles
//    inserted set-based (generate_series), then first rows, a deep page and a
//    title search through one instance over HTTP on 127.0.0.1 (the server's
//    time plus loopback).
// 3. The console's first open of 文章管理 on that instance (browser mode, a
//    profile pointed at it; scripts/bench-consoles.mjs benchTeamFirstOpen).
import { execSync } from 'node:child_process';
import type { ChildProcess, ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { postgresDataLayer } from '../src-server/db/data-layer';
import { benchTeamFirstOpen } from './bench-consoles.mjs';
import { cpuOfTree } from './bench-cpu';
import { login, SABER, startCli, tempDir } from '../tests/contract/helpers';
import { startNginx } from '../tests/support/nginx';
import { startPostgres } from '../tests/support/postgres';

const root = resolve(import.meta.dirname, '..');
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_TEAM_SECONDS ?? 10);
const WEBSITES = Number(process.env.BENCH_WEBSITES ?? 10_000);
const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 1_000_000);
const RUNS = Number(process.env.BENCH_SERVER_RUNS ?? 60);

// every instance answers SIGUSR2 with the statements it has sent to its database (src-server/db/round-trips.ts)
process.env.SEO_ROUND_TRIPS = '1';

/** the statements `child` (an instance started by startCli) has sent to its database so far */
function roundTripsOf(child: ChildProcessWithoutNullStreams): Promise<number> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    const timer = setTimeout(() => {
      lines.close();
      reject(new Error('no answer to SIGUSR2 (round trips)'));
    }, 5000);
    lines.on('line', (line) => {
      const m = /^round-trips (\d+)$/.exec(line);
      if (!m) return;
      clearTimeout(timer);
      lines.close();
      resolve(Number(m[1]));
    });
    child.kill('SIGUSR2');
  });
}

const sumRoundTrips = async (children: ChildProcessWithoutNullStreams[]) => (await Promise.all(children.map(roundTripsOf))).reduce((a, b) => a + b, 0);

const pct = (xs: number[], p: number) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * p) - 1)]! : NaN);

interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  writes: number;
  /** CPU milliseconds per request, per process group, over the measured window */
  cpu: Record<string, number>;
  /** statements the instances sent to the database per request over the measured window (db/round-trips.ts) */
  roundTrips: number;
}

/** The processes whose CPU a load run accounts for: name -> pids (the load generator is this process). */
type CpuGroups = Record<string, number[]>;
const cpuSample = (groups: CpuGroups) => {
  const out: Record<string, number> = { 'load generator': process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6 };
  for (const [name, pids] of Object.entries(groups)) out[name] = pids.reduce((sum, pid) => sum + cpuOfTree(pid), 0);
  return out;
};

/** 50 loops against `base` (…/api): reads of the parameter list's first page, every fifth request a write */
async function mixedLoad(
  base: string,
  token: string,
  tag: string,
  groups: CpuGroups,
  instances: ChildProcessWithoutNullStreams[],
): Promise<LoadResult> {
  const headers = { Authorization: SABER, 'Blade-Auth': `bearer ${token}`, 'Content-Type': 'application/json' };
  let n = 0;
  let measuring = false;
  let running = true;
  const times: number[] = [];
  let errors = 0;
  let writes = 0;
  const one = async () => {
    const i = n++;
    const write = i % 5 === 0;
    const s = performance.now();
    let ok = false;
    try {
      const res = write
        ? await fetch(`${base}/website-blade-system/param/submit`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ paramName: `负载${i}`, paramKey: `${tag}.${i}`, paramValue: String(i) }),
          })
        : await fetch(`${base}/website-blade-system/param/page?current=1&size=20`, { headers });
      const body = (await res.json()) as { success?: boolean };
      ok = res.status === 200 && body.success === true;
    } catch {
      ok = false;
    }
    if (!measuring) return;
    times.push(performance.now() - s);
    if (!ok) errors++;
    if (write) writes++;
  };
  const loops = Array.from({ length: CONNECTIONS }, async () => {
    while (running) await one();
  });
  await new Promise((r) => setTimeout(r, 2000));
  measuring = true;
  const t0 = performance.now();
  const cpu0 = cpuSample(groups);
  const trips0 = await sumRoundTrips(instances);
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  measuring = false;
  const cpu1 = cpuSample(groups);
  // the requests still in flight when measuring stopped send a few statements more: within the rounding
  const trips1 = await sumRoundTrips(instances);
  const elapsed = (performance.now() - t0) / 1000;
  running = false;
  await Promise.all(loops);
  const cpu = Object.fromEntries(Object.keys(cpu1).map((k) => [k, ((cpu1[k]! - cpu0[k]!) * 1000) / Math.max(1, times.length)]));
  const roundTrips = (trips1 - trips0) / Math.max(1, times.length);
  return { requests: times.length, rps: times.length / elapsed, p50: pct(times, 0.5), p99: pct(times, 0.99), errors, writes, cpu, roundTrips };
}

async function stop(children: ChildProcess[]) {
  for (const c of children) {
    if (c.exitCode !== null || c.signalCode !== null) continue;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill('SIGTERM');
    await exited;
  }
}

const portOf = (base: string) => Number(new URL(base).port);

async function main() {
  const load = () => loadavg().map((x) => x.toFixed(2)).join(', ');
  const startedAt = new Date();
  const uptimeBefore = execSync('uptime').toString().trim();
  const pg = await startPostgres();
  const children: ChildProcess[] = [];
  const out: Record<string, unknown> = {};
  const dirs: string[] = [];
  const dirOf = (prefix: string) => {
    const d = tempDir(prefix);
    dirs.push(d);
    return d;
  };
  try {
    // --- 1. mixed load
    const sqlite = await startCli(['--data', dirOf('smc-bench-team-sqlite-')]);
    children.push(sqlite.child);
    out.sqlite = await mixedLoad(sqlite.base, await login(sqlite.base), 'sqlite', { 'back end': [sqlite.child.pid!] }, [sqlite.child]);
    await stop([sqlite.child]);
    console.error('sqlite', JSON.stringify(out.sqlite), load());

    const one = await startCli(['--database', await pg.createDatabase(), '--data', dirOf('smc-bench-team-pg1-')]);
    children.push(one.child);
    out.postgres1 = await mixedLoad(one.base, await login(one.base), 'pg1', { 'back end': [one.child.pid!], PostgreSQL: [pg.postmasterPid()] }, [
      one.child,
    ]);
    await stop([one.child]);
    console.error('postgres1', JSON.stringify(out.postgres1), load());

    const database = await pg.createDatabase();
    const dir = dirOf('smc-bench-team-pg2-');
    const a = await startCli(['--database', database, '--data', dir, '--trust-proxy', '127.0.0.1']);
    const b = await startCli(['--database', database, '--data', dir, '--trust-proxy', '127.0.0.1']);
    children.push(a.child, b.child);
    const lb = await startNginx([portOf(a.base), portOf(b.base)]);
    try {
      const base = `${lb.url}/api`;
      out.postgres2 = await mixedLoad(base, await login(base), 'pg2', {
        'back end': [a.child.pid!, b.child.pid!],
        PostgreSQL: [pg.postmasterPid()],
        nginx: [lb.masterPid()],
      }, [a.child, b.child]);
    } finally {
      await lb.close();
    }
    await stop([b.child]);
    console.error('postgres2', JSON.stringify(out.postgres2), load());
    out.loadAfterMixed = load();

    // --- 2. 1,000,000 articles on PostgreSQL (instance a, its database)
    const data = postgresDataLayer(database, { max: 1 });
    const t0 = performance.now();
    try {
      const stamp = (i: string) =>
        `'2025-' || lpad(((${i} % 12) + 1)::text, 2, '0') || '-' || lpad(((${i} % 28) + 1)::text, 2, '0') || ' 10:00:00'`;
      await data.exec(`
SET maintenance_work_mem = '256MB';
INSERT INTO website_info (id, tenant_id, website_group_id, website_name, create_time, update_time, status, is_deleted)
  SELECT '7' || lpad(i::text, 18, '0'), '000000', 'bench-group', '站点' || i, ${stamp('i')}, ${stamp('i')}, 1, 0
  FROM generate_series(0, ${WEBSITES - 1}) AS i;
ALTER TABLE article DISABLE TRIGGER USER;
INSERT INTO article (id, tenant_id, website_info_id, website_group_id, parent_id, title, sort, create_time, update_time, status, is_deleted)
  SELECT '6' || lpad(i::text, 18, '0'), '000000', '7' || lpad((i % ${Math.max(1, WEBSITES)})::text, 18, '0'), 'bench-group', 'bench-cate',
         '文章标题 ' || i, i % 1000, ${stamp('i')}, ${stamp('i')}, 0, 0
  FROM generate_series(0, ${ARTICLES - 1}) AS i;
ALTER TABLE article ENABLE TRIGGER USER;
DELETE FROM row_count WHERE table_name = 'article';
INSERT INTO row_count (table_name, tenant_id, slot, live)
  SELECT 'article', tenant_id, 0, COUNT(*) FROM article WHERE is_deleted = 0 GROUP BY tenant_id;
ANALYZE;`);
      // what autovacuum does on its own after a bulk insert (PostgreSQL 13+ vacuums on inserts too): the
      // visibility map lets the deep page's id lookup stay in the index (not inside the script above:
      // VACUUM cannot run in the implicit transaction of a multi-statement query)
      await data.exec('VACUUM ANALYZE article');
    } finally {
      await data.close();
    }
    out.seedMs = performance.now() - t0;
    console.error('seeded', Math.round(out.seedMs as number), 'ms', load());

    const token = await login(a.base);
    const headers = { authorization: SABER, 'blade-auth': `bearer ${token}` };
    const http = async (path: string, params: Record<string, string>) => {
      const url = `${a.base}${path}?${new URLSearchParams(params)}`;
      const times: number[] = [];
      let rows = 0;
      for (let i = 0; i < RUNS + 5; i++) {
        const s = performance.now();
        const res = await fetch(url, { headers });
        const body = (await res.json()) as { code: number; data: { records: unknown[]; total: number } };
        if (body.code !== 200) throw new Error(`${path}: ${JSON.stringify(body).slice(0, 200)}`);
        if (i >= 5) times.push(performance.now() - s);
        rows = body.data.records.length;
      }
      return { p50: pct(times, 0.5), p95: pct(times, 0.95), rows };
    };
    const articles = '/website-blade-article/article/page';
    out.scale = {
      first: await http(articles, { current: '1', size: '10' }),
      deep: await http(articles, { current: '5000', size: '10' }),
      search: await http(articles, { current: '1', size: '10', title: `文章标题 ${ARTICLES - 1}` }),
      websites: await http('/website-blade-material/websiteInfo/page', { current: '50', size: '10' }),
    };
    console.error('scale', JSON.stringify(out.scale), load());

    // --- 3. the console's first open of 文章管理 on this team server (BENCH_TEAM_CONSOLE=0 skips it;
    // needs the renderer built: npx electron-vite build)
    if (process.env.BENCH_TEAM_CONSOLE !== '0') {
      out.console = await benchTeamFirstOpen(a.base);
      console.error('console', JSON.stringify(out.console), load());
    }
  } finally {
    await stop(children);
    await pg.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
  out.uptimeBefore = uptimeBefore;
  out.uptimeAfter = execSync('uptime').toString().trim();
  writeSection(startedAt, out);
  console.log(JSON.stringify(out));
}

function writeSection(at: Date, m: Record<string, unknown>) {
  const ms = (x: number) => `${x.toFixed(1)} ms`;
  const L = (k: string) => m[k] as LoadResult;
  const sqliteRps = L('sqlite').rps;
  const loadRow = (label: string, r: LoadResult, rpsTarget: boolean) =>
    `| ${label} | ${r.rps.toFixed(0)} | ${ms(r.p50)} | ${ms(r.p99)} | ${r.errors} | ${r.requests} (${r.writes} writes) | ${
      r.p99 < 100 && r.errors === 0 && (!rpsTarget || r.rps >= sqliteRps) ? 'met' : 'MISSED'
    } |`;
  const s = m.scale as Record<string, { p50: number; p95: number; rows: number }>;
  const scaleRow = (label: string, r: { p50: number; p95: number; rows: number }) =>
    `| ${label} | ${ms(r.p50)} | ${ms(r.p95)} | ${r.rows} | < 20 ms | ${r.p95 < 20 ? 'met' : 'MISSED'} |`;
  const machine = `${cpus().length} cores, ${cpus()[0]?.model ?? 'unknown cpu'}, Node ${process.version}`;
  const body = [
    `Last run: ${at.toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine}, PostgreSQL from tests/support/postgres.ts, nginx with docs/nginx/seo-matrix.conf.`,
    `The machine is shared with other sessions' builds and tests: \`uptime\` before: \`${m.uptimeBefore}\`; after: \`${m.uptimeAfter}\`.`,
    '',
    `Mixed load: ${CONNECTIONS} connections from one Node process on loopback, 20 % writes, ${SECONDS} s measured after 2 s warm-up.`,
    '',
    '| configuration | requests/s | p50 | p99 | errors | requests | targets (p99 < 100 ms, 0 errors; two instances ≥ SQLite req/s) |',
    '|---|---|---|---|---|---|---|',
    loadRow('SQLite, one instance', L('sqlite'), false),
    loadRow('PostgreSQL, one instance', L('postgres1'), false),
    loadRow('PostgreSQL, two instances behind nginx', L('postgres2'), true),
    '',
    `Where the CPU went: milliseconds of CPU time per request over the measured window, by process group (\`/proc/<pid>/stat\`, children included; the load generator is the benchmark process). On ${cpus().length} cores the sum bounds the rate: ${cpus().length * 1000} ms of CPU per second / total = the most requests per second the machine can serve. Round trips / request: the statements the instances sent to their database over the window (BEGIN, COMMIT and SET included; on SQLite statements run in process), counted by the data layer (\`src-server/db/round-trips.ts\`), per request.`,
    '',
    `| configuration | back end | PostgreSQL | nginx | load generator | total | bound on ${cpus().length} cores | round trips / request |`,
    '|---|---|---|---|---|---|---|---|',
    ...(['sqlite', 'postgres1', 'postgres2'] as const).map((k, i) => {
      const c = L(k).cpu;
      const total = Object.values(c).reduce((a, b) => a + b, 0);
      const cell = (name: string) => (c[name] === undefined ? '-' : c[name]!.toFixed(2));
      const label = ['SQLite, one instance', 'PostgreSQL, one instance', 'PostgreSQL, two instances behind nginx'][i];
      return `| ${label} | ${cell('back end')} | ${cell('PostgreSQL')} | ${cell('nginx')} | ${cell('load generator')} | ${total.toFixed(2)} | ${((cpus().length * 1000) / total).toFixed(0)} req/s | ${L(k).roundTrips.toFixed(2)} |`;
    }),
    '',
    `Lists at scale on PostgreSQL: ${WEBSITES.toLocaleString('en')} websites, ${ARTICLES.toLocaleString('en')} articles (inserted with generate_series in ${(
      (m.seedMs as number) / 1000
    ).toFixed(0)} s); ${RUNS} requests each after 5 warm-up requests, one instance over HTTP on 127.0.0.1.`,
    '',
    '| request | p50 | p95 | rows | target p95 | |',
    '|---|---|---|---|---|---|',
    scaleRow('文章管理 first rows (page 1 of 10)', s.first!),
    scaleRow('文章管理 deep page (page 5,000 of 10, offset 49,990)', s.deep!),
    scaleRow(`文章管理 title search (\`文章标题 ${ARTICLES - 1}\`, pg_trgm)`, s.search!),
    scaleRow('站点管理 page 50 of 10', s.websites!),
    ...(m.console
      ? [
          '',
          `The console (browser mode, headless Debian Chromium, a profile on the instance above, the 1,000,000 articles): first open of 文章管理 through the side menu, click to the first frame with rows, idle 3 s after sign-in; ${(m.console as number[]).length} runs.`,
          '',
          '| measure | median | runs | target | |',
          '|---|---|---|---|---|',
          `| 文章管理 first open on the team server | ${pct(m.console as number[], 0.5).toFixed(0)} ms | ${(m.console as number[]).map((x) => x.toFixed(0)).join(' / ')} ms | < 300 ms | ${
            pct(m.console as number[], 0.5) < 300 ? 'met' : 'MISSED'
          } |`,
        ]
      : []),
  ].join('\n');
  const docPath = join(root, 'docs/benchmarks.md');
  const doc = readFileSync(docPath, 'utf8');
  const re = /<!-- bench:team:start -->[\s\S]*<!-- bench:team:end -->/;
  if (!re.test(doc)) throw new Error('docs/benchmarks.md has no bench:team section');
  writeFileSync(docPath, doc.replace(re, `<!-- bench:team:start -->\n${body}\n<!-- bench:team:end -->`));
  console.error(body);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
