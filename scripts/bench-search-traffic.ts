// Hearing back at scale (issue 36 item 6), run by scripts/bench.mjs or alone
// (`node --import tsx scripts/bench-search-traffic.ts`); writes the section
// `bench:search-traffic` of docs/benchmarks.md (BENCH_SEARCH_WRITE=0: not) and
// prints one JSON object.
//
// 1. Sync (part `sync`): BENCH_SEARCH_SITES (200) websites switched on for Google, each property holding
//    BENCH_SEARCH_DAYS (90) days of BENCH_SEARCH_ROWS (1,000) date x page x query rows (and nothing before them)
//    in the Search Console stand-in (tests/support/search-engines.ts), run in a process of its own as a remote
//    service would be; the back end (src-server/cli.ts, a process of its own, 4 job slots) on a fresh data folder
//    (SQLite) or database (PostgreSQL). 立即同步 is asked for every website through the API; the real
//    `search-sync` jobs read the stand-in through the official client (a first sync: 16 months asked, 90 days
//    answered) and write search_traffic / search_daily and the websites' rollups; the `search-rollup` job the
//    tenant-wide ones. Reported: time until every sync job is done, and until the rollups are done too; rows
//    written. Target: under 5 minutes (SQLite).
// 2. Dashboard (part `dashboard`): BENCH_SEARCH_DASH_SITES (200) websites, 16 months of days, Google
//    BENCH_SEARCH_DASH_ROWS (190) rows a day each and Bing BENCH_SEARCH_DASH_BING (15), about 20 million
//    search_traffic rows loaded in bulk (one INSERT ... SELECT per website, the same SQL on both engines), the day
//    totals summed from them, the top tables built by the product's rollup functions (rollups.ts). Then each
//    query of the dashboard through the API (GET dashboard/summary, dashboard/top page and query, first page of
//    10 by clicks) for the last 7 days, 28 days, 3 months, 16 months; all websites and one; Google, Bing and
//    both: BENCH_SEARCH_RUNS (30) timed requests each after 3 untimed. Target: p95 under 50 ms, SQLite and
//    PostgreSQL.
// Parts: BENCH_SEARCH_PARTS (default sync,dashboard); engines: BENCH_SEARCH_ENGINES (default sqlite,postgres for
// the dashboard; the sync on sqlite unless BENCH_SEARCH_SYNC_ENGINES says more).
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { openSqliteDataLayer, postgresDataLayer, sql, type DataLayer, type RawBuilder } from '../src-server/db/data-layer';
import { rebuildSiteDays, rebuildSiteMonths, rebuildTenantPeriod } from '../src-server/modules/content/search/rollups';
import { SecretBox } from '../src-server/util/secret-box';
import type { TrafficEngine } from '../src-shared/search-engines';
import { TRAFFIC_API } from '../src-shared/search-traffic';
import { api, login, startCli, tempDir } from '../tests/contract/helpers';
import { googleStandIn, makeServiceAccount } from '../tests/support/search-engines';
import { startPostgres, type PostgresServer } from '../tests/support/postgres';

const root = resolve(import.meta.dirname, '..');
const num = (name: string, fallback: number) => Number(process.env[`BENCH_SEARCH_${name}`] ?? fallback);
const SIZES = {
  sites: num('SITES', 200),
  days: num('DAYS', 90),
  rows: num('ROWS', 1000),
  dashSites: num('DASH_SITES', 200),
  dashRows: num('DASH_ROWS', 190),
  dashBing: num('DASH_BING', 15),
  runs: num('RUNS', 30),
};
const PARTS = (process.env.BENCH_SEARCH_PARTS ?? 'sync,dashboard').split(',').map((s) => s.trim());
const DASH_ENGINES = (process.env.BENCH_SEARCH_ENGINES ?? 'sqlite,postgres').split(',').map((s) => s.trim());
const SYNC_ENGINES = (process.env.BENCH_SEARCH_SYNC_ENGINES ?? 'sqlite').split(',').map((s) => s.trim());
const TENANT = '000000';
type Rec = Record<string, unknown>;

const pad = (n: number) => String(n).padStart(2, '0');
const localDay = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
function addMonths(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m - 1 + n + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + n, Math.min(d, last))).toISOString().slice(0, 10);
}
const p = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * q) - 1)]!;
const siteId = (i: number) => `7${String(i).padStart(18, '0')}`;
const load = () => loadavg().map((l) => l.toFixed(1)).join(' / ');

// ------------------------------------------------------------------ the stand-in's own process

/** `standin <config file>`: a Search Console stand-in serving the config's properties, `ready <url>` on stdout */
async function standInProcess(configFile: string): Promise<void> {
  const c = JSON.parse(readFileSync(configFile, 'utf8')) as { today: string; rows: number; firstDay: string; properties: string[]; key: { clientEmail: string; publicKey: string; keyId: string; json: string } };
  const g = await googleStandIn({ rowsPerDay: c.rows, today: c.today });
  g.trust(c.key);
  // nothing before the first day: a property with BENCH_SEARCH_DAYS days of history
  const before: string[] = [];
  for (let d = addMonths(c.today, -17); d < c.firstDay; d = addDays(d, 1)) before.push(d);
  for (const property of c.properties) {
    g.grant(property, c.key.clientEmail);
    for (const d of before) g.setRows(property, d, []);
  }
  process.stdout.write(`ready ${g.url}\n`);
  process.on('SIGTERM', () => void g.close().then(() => process.exit(0)));
}

function startChild(args: string[]): Promise<{ child: ChildProcess; line: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'scripts/bench-search-traffic.ts'), ...args], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolvePromise, reject) => {
    createInterface({ input: child.stdout! }).once('line', (line) => resolvePromise({ child, line }));
    child.on('exit', (code) => reject(new Error(`stand-in exited ${code}`)));
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** a back end of its own: SQLite in `dataDir`, or the PostgreSQL database given */
async function backEnd(engine: string, pg: PostgresServer | undefined): Promise<{ base: string; child: ChildProcess; data: DataLayer; dataDir: string; stop(): Promise<void> }> {
  const dataDir = tempDir('seo-bench-search-');
  const database = engine === 'postgres' ? await pg!.createDatabase() : undefined;
  const { child, base } = await startCli(['--data', dataDir, ...(database ? ['--database', database] : [])]);
  child.stdout.resume();
  const data = database ? postgresDataLayer(database, { max: 4 }) : openSqliteDataLayer(dataDir);
  return {
    base,
    child,
    data,
    dataDir,
    async stop() {
      await data.close();
      await stop(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** websites of the platform tenant (set-based: setting up, not measured); the trigger of migration 391 gives each its search_site */
async function websites(data: DataLayer, n: number): Promise<string[]> {
  const ids = Array.from({ length: n }, (_, i) => siteId(i));
  for (let i = 0; i < n; i += 200) {
    const values = ids.slice(i, i + 200).map((id, k) => sql`(${id}, ${TENANT}, 'bench-group', ${`基准站${i + k}`}, '2026-01-01 00:00:00', '2026-01-01 00:00:00', 1, 0)`);
    await data.run(sql`INSERT INTO website_info (id, tenant_id, website_group_id, website_name, create_time, update_time, status, is_deleted) VALUES ${sql.join(values)}`);
  }
  return ids;
}

// ------------------------------------------------------------------ 1. sync

async function benchSync(engine: string, pg: PostgresServer | undefined): Promise<Rec> {
  const today = localDay(Date.now());
  const firstDay = addDays(today, -(SIZES.days - 1));
  const be = await backEnd(engine, pg);
  const dir = tempDir('seo-bench-standin-');
  let standIn: ChildProcess | undefined;
  try {
    const ids = await websites(be.data, SIZES.sites);
    const properties = ids.map((_, i) => `sc-domain:site-${i}.bench.example`);
    // the key made here; the stand-in trusts its public half
    const key = makeServiceAccount('http://placeholder/token', 'bench');
    const config = join(dir, 'standin.json');
    writeFileSync(config, JSON.stringify({ today, rows: SIZES.rows, firstDay, properties, key }));
    const started = await startChild(['standin', config]);
    standIn = started.child;
    const url = started.line.replace(/^ready /, '');
    // the key's token_uri is the stand-in's
    const json = JSON.stringify({ ...(JSON.parse(key.json) as Rec), token_uri: `${url}/token` });
    const box = SecretBox.forDataDir(be.dataDir);
    await be.data.run(sql`INSERT INTO search_account (id, tenant_id, google_key, google_client_email, google_api_root, create_time, update_time, status, is_deleted)
      VALUES ('9000000000000000001', ${TENANT}, ${box.seal(json)}, ${key.clientEmail}, ${`${url}/`}, '2026-01-01 00:00:00', '2026-01-01 00:00:00', 1, 0)`);
    for (let i = 0; i < ids.length; i++) await be.data.run(sql`UPDATE search_site SET google_on = 1, google_property = ${properties[i]!} WHERE id = ${ids[i]!}`);
    const token = await login(be.base);
    console.error(`search sync (${engine}): ${ids.length} websites x ${SIZES.days} days x ${SIZES.rows} rows; load ${load()}`);
    const t0 = performance.now();
    for (const id of ids) {
      const r = await api<Rec>(be.base, token, 'POST', TRAFFIC_API.sync, { query: { id } });
      if (r.body.code !== 200) throw new Error(`sync ${id}: ${r.body.msg}`);
    }
    const count = async (q: RawBuilder<{ n: number }>) => Number((await be.data.get(q))?.n ?? 0);
    let syncedMs = 0;
    let lastLog = 0;
    for (;;) {
      const open = await count(sql<{ n: number }>`SELECT COUNT(*) AS n FROM job WHERE kind = 'search-sync' AND state IN ('queued', 'running')`);
      if (open === 0 && !syncedMs) syncedMs = performance.now() - t0;
      if (syncedMs) {
        const rollups = await count(sql<{ n: number }>`SELECT COUNT(*) AS n FROM job WHERE kind = 'search-rollup' AND state IN ('queued', 'running')`);
        const dirty = await count(sql<{ n: number }>`SELECT COUNT(*) AS n FROM search_rollup_dirty`);
        if (rollups === 0 && dirty === 0) break;
      }
      if (performance.now() - lastLog > 30_000) {
        lastLog = performance.now();
        const done = await count(sql<{ n: number }>`SELECT COUNT(*) AS n FROM job WHERE kind = 'search-sync' AND state = 'done'`);
        console.error(`  ${((performance.now() - t0) / 1000).toFixed(0)} s: ${done}/${ids.length} syncs done; load ${load()}`);
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    const totalMs = performance.now() - t0;
    const failed = await be.data.all(sql<Rec>`SELECT state, message FROM search_sync WHERE state <> 'done'`);
    const rows = await count(sql<{ n: number }>`SELECT COUNT(*) AS n FROM search_traffic`);
    const daily = await count(sql<{ n: number }>`SELECT COUNT(*) AS n FROM search_daily`);
    const top = await count(sql<{ n: number }>`SELECT COUNT(*) AS n FROM search_top`);
    return { engine, sites: ids.length, days: SIZES.days, rowsPerDay: SIZES.rows, rows, daily, top, syncedMs, totalMs, notDone: failed.length, failed: failed.slice(0, 3), load: load() };
  } finally {
    if (standIn) await stop(standIn);
    rmSync(dir, { recursive: true, force: true });
    await be.stop();
  }
}

// ------------------------------------------------------------------ 2. dashboard

/** `n` numbers 0..n-1 as a CTE named `name`(`col`) */
const counter = (name: string, col: string, n: number) => sql.raw(`${name}(${col}) AS (SELECT 0 UNION ALL SELECT ${col} + 1 FROM ${name} WHERE ${col} < ${n - 1})`);

async function loadDashboard(data: DataLayer, ids: string[], today: string): Promise<{ rows: number; loadMs: number; rollupMs: number }> {
  const first = addMonths(today, -16);
  const days: string[] = [];
  for (let d = first; d <= today; d = addDays(d, 1)) days.push(d);
  const dayValues = sql.join(days.map((d, k) => sql`(CAST(${k} AS INTEGER), ${d})`));
  const t0 = performance.now();
  for (let s = 0; s < ids.length; s++) {
    const id = ids[s]!;
    const host = `https://site-${s}.bench.example`;
    for (const [engine, n] of [['google', SIZES.dashRows], ['bing', SIZES.dashBing]] as const) {
      if (n <= 0) continue;
      // Bing's rows: its query rows (page '') and its page rows (query '')
      const page = engine === 'google' ? sql`${host} || '/p/' || CAST(i % 97 AS TEXT) || '.html'` : sql`CASE WHEN i % 3 = 0 THEN ${host} || '/p/' || CAST(i AS TEXT) || '.html' ELSE '' END`;
      // half the keywords the websites share (changing with the day), half each website's own
      const query =
        engine === 'google'
          ? sql`CASE WHEN i % 2 = 0 THEN 'keyword ' || CAST((i + k) % 120 AS TEXT) ELSE 'site ' || CAST(${s} AS TEXT) || ' keyword ' || CAST(i % 60 AS TEXT) END`
          : sql`CASE WHEN i % 3 = 0 THEN '' ELSE 'keyword ' || CAST(i AS TEXT) END`;
      await data.run(sql`WITH RECURSIVE ${counter('n', 'i', n)}, d(k, day) AS (VALUES ${dayValues})
        INSERT INTO search_traffic (tenant_id, website_info_id, engine, day, page, query, clicks, impressions, position)
        SELECT ${TENANT}, ${id}, ${engine}, d.day, ${page}, ${query}, (i * 7 + k + CAST(${s} AS INTEGER)) % 11, 20 + (i * 13 + k) % 200, 1 + ((i * 3 + k) % 400) / 10.0
          FROM n, d`);
    }
    if (s % 20 === 19) console.error(`  loaded ${s + 1}/${ids.length} websites (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  }
  await data.run(sql`INSERT INTO search_daily (tenant_id, website_info_id, engine, day, clicks, impressions, position_sum, position_impressions)
    SELECT tenant_id, website_info_id, engine, day, SUM(clicks) + 3, SUM(impressions) + 30, SUM(position * impressions), SUM(impressions) + 30 FROM search_traffic GROUP BY tenant_id, website_info_id, engine, day`);
  await data.run(sql`INSERT INTO search_daily_all (tenant_id, engine, day, clicks, impressions, position_sum, position_impressions)
    SELECT tenant_id, engine, day, SUM(clicks), SUM(impressions), SUM(position_sum), SUM(position_impressions) FROM search_daily GROUP BY tenant_id, engine, day`);
  const loadMs = performance.now() - t0;
  const months = [...new Set(days.map((d) => d.slice(0, 7)))];
  const t1 = performance.now();
  for (let s = 0; s < ids.length; s++) {
    for (const engine of ['google', 'bing'] as TrafficEngine[]) {
      await data.transaction(async (trx) => {
        await rebuildSiteDays(trx, TENANT, ids[s]!, engine, days);
        await rebuildSiteMonths(trx, TENANT, ids[s]!, engine, months);
      });
    }
    if (s % 20 === 19) console.error(`  rollups of ${s + 1}/${ids.length} websites (${((performance.now() - t1) / 1000).toFixed(0)} s)`);
  }
  for (const engine of ['google', 'bing'] as TrafficEngine[]) {
    for (const period of [...days, ...months]) await data.transaction((trx) => rebuildTenantPeriod(trx, TENANT, engine, period));
  }
  const rollupMs = performance.now() - t1;
  const rows = Number((await data.get(sql<{ n: number }>`SELECT COUNT(*) AS n FROM search_traffic`))?.n ?? 0);
  return { rows, loadMs, rollupMs };
}

async function benchDashboard(engine: string, pg: PostgresServer | undefined): Promise<Rec> {
  const today = localDay(Date.now());
  const be = await backEnd(engine, pg);
  try {
    const ids = await websites(be.data, SIZES.dashSites);
    console.error(`search dashboard (${engine}): loading ${SIZES.dashSites} websites x 16 months x ${SIZES.dashRows} + ${SIZES.dashBing} rows; load ${load()}`);
    const loaded = await loadDashboard(be.data, ids, today);
    if (engine === 'postgres') await be.data.exec('VACUUM ANALYZE'); // what autovacuum does after a load: statistics, the visibility map
    const token = await login(be.base);
    const ranges: [string, string][] = [
      ['7 days', addDays(today, -6)],
      ['28 days', addDays(today, -27)],
      ['3 months', addMonths(today, -3)],
      ['16 months', addMonths(today, -16)],
    ];
    const results: Rec[] = [];
    for (const [label, from] of ranges) {
      for (const [scope, websiteInfoId] of [['all websites', ''], ['one website', ids[Math.floor(ids.length / 2)]!]] as const) {
        for (const eng of ['', 'google', 'bing']) {
          for (const [query, path, extra] of [
            ['summary', TRAFFIC_API.summary, {}],
            ['top pages', TRAFFIC_API.top, { dim: 'page', sort: 'clicks', order: 'desc', current: 1, size: 10 }],
            ['top queries', TRAFFIC_API.top, { dim: 'query', sort: 'clicks', order: 'desc', current: 1, size: 10 }],
          ] as const) {
            const q = { from, to: today, engine: eng, websiteInfoId, ...extra };
            const times: number[] = [];
            for (let i = 0; i < SIZES.runs + 3; i++) {
              const t = performance.now();
              const r = await api<Rec>(be.base, token, 'GET', path, { query: q });
              const ms = performance.now() - t;
              if (r.body.code !== 200) throw new Error(`${path}: ${r.body.msg}`);
              if (i >= 3) times.push(ms);
            }
            results.push({ range: label, scope, engine: eng || 'both', query, p50: p(times, 0.5), p95: p(times, 0.95), max: Math.max(...times) });
          }
        }
      }
    }
    return { engine, ...loaded, sites: ids.length, results, load: load() };
  } finally {
    await be.stop();
  }
}

// ------------------------------------------------------------------ report

const s1 = (ms: number) => (ms / 1000).toFixed(1);
const f1 = (ms: number) => ms.toFixed(1);

function section(out: { sync: Rec[]; dashboard: Rec[] }): string {
  const lines: string[] = [`Last run: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpus().length} cores, ${cpus()[0]?.model ?? ''}, Node ${process.version}.`, ''];
  if (out.sync.length) {
    lines.push('Sync: every website\'s 立即同步 through the API, the real `search-sync` jobs (4 slots) through the official client against the stand-in (a process of its own), until every job is done, then until the tenant-wide rollup is done.', '');
    lines.push('| engine | websites x days x rows a day | rows written | syncs done | rollups done too | rows/s | target | |', '|---|---|---|---|---|---|---|---|');
    for (const r of out.sync) {
      const total = Number(r.totalMs);
      lines.push(`| ${String(r.engine)} | ${String(r.sites)} x ${String(r.days)} x ${String(r.rowsPerDay)} | ${Number(r.rows).toLocaleString('en')} | ${s1(Number(r.syncedMs))} s | ${s1(total)} s | ${Math.round(Number(r.rows) / (Number(r.syncedMs) / 1000)).toLocaleString('en')} | < 300 s | ${total < 300_000 && Number(r.notDone) === 0 ? 'met' : 'MISSED'} |`);
    }
    lines.push('', `Load average during the runs (1 / 5 / 15 min): ${out.sync.map((r) => `${String(r.engine)} ${String(r.load)}`).join('; ')}.`, '');
  }
  for (const d of out.dashboard) {
    const res = d.results as Rec[];
    const worst = Math.max(...res.map((r) => Number(r.p95)));
    lines.push(`Dashboard queries, ${String(d.engine)}: ${Number(d.rows).toLocaleString('en')} search_traffic rows (${String(d.sites)} websites, 16 months; loaded in ${s1(Number(d.loadMs))} s, rollups built in ${s1(Number(d.rollupMs))} s); ${SIZES.runs} timed requests per line through the API; worst p95 ${f1(worst)} ms, target < 50 ms: ${worst < 50 ? 'met' : 'MISSED'}. Load average at the end: ${String(d.load)}.`, '');
    lines.push('| range | websites | engine | summary p50 / p95 | top pages p50 / p95 | top queries p50 / p95 |', '|---|---|---|---|---|---|');
    const key = (r: Rec) => `${String(r.range)}|${String(r.scope)}|${String(r.engine)}`;
    const groups = new Map<string, Rec[]>();
    for (const r of res) groups.set(key(r), [...(groups.get(key(r)) ?? []), r]);
    for (const [k, rs] of groups) {
      const [range, scope, engine] = k.split('|');
      const cell = (q: string) => {
        const r = rs.find((x) => x.query === q)!;
        return `${f1(Number(r.p50))} / ${f1(Number(r.p95))} ms`;
      };
      lines.push(`| ${range} | ${scope} | ${engine} | ${cell('summary')} | ${cell('top pages')} | ${cell('top queries')} |`);
    }
    lines.push('');
  }
  return lines.join('\n').trimEnd();
}

async function main(): Promise<void> {
  if (process.argv[2] === 'standin') return standInProcess(process.argv[3]!);
  let pg: PostgresServer | undefined;
  const needPg = (PARTS.includes('dashboard') && DASH_ENGINES.includes('postgres')) || (PARTS.includes('sync') && SYNC_ENGINES.includes('postgres'));
  if (needPg) pg = await startPostgres();
  const out = { sync: [] as Rec[], dashboard: [] as Rec[] };
  try {
    if (PARTS.includes('sync')) for (const e of SYNC_ENGINES) out.sync.push(await benchSync(e, pg));
    if (PARTS.includes('dashboard')) for (const e of DASH_ENGINES) out.dashboard.push(await benchDashboard(e, pg));
  } finally {
    await pg?.close();
  }
  console.log(JSON.stringify(out));
  if (process.env.BENCH_SEARCH_WRITE !== '0') {
    const docPath = join(root, 'docs/benchmarks.md');
    const doc = readFileSync(docPath, 'utf8');
    const body = `<!-- bench:search-traffic:start -->\n${section(out)}\n<!-- bench:search-traffic:end -->`;
    const re = /<!-- bench:search-traffic:start -->[\s\S]*<!-- bench:search-traffic:end -->/;
    writeFileSync(docPath, re.test(doc) ? doc.replace(re, body) : `${doc.trimEnd()}\n\n## Search engines: hearing back (issue 36)\n\n${body}\n`);
  }
}

await main();
