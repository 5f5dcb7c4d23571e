// Server-side benchmarks of the embedded back end (run by scripts/bench.mjs
// through tsx; prints one JSON object). Seeds a fresh data folder with
// 10 000 users, 10 000 websites and 1 000 000 articles, then measures list
// pages over real HTTP on 127.0.0.1 and, for the ratio, the equivalent raw
// SQLite queries (count + page) on a second connection.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../src-server/app';
import { openDatabase } from '../src-server/db/database';
import { seedScale } from './bench-seed';

const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const WEBSITES = Number(process.env.BENCH_WEBSITES ?? 10_000);
const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 1_000_000);
const RUNS = Number(process.env.BENCH_SERVER_RUNS ?? 60);

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * p) - 1)];

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'smc-bench-server-'));
  const server = await startServer({ dataDir, port: 0 });
  const db = openDatabase(dataDir);
  try {
    // --- seed (scripts/bench-seed.ts)
    const t0 = performance.now();
    const { dept } = seedScale(db, { users: USERS, websites: WEBSITES, articles: ARTICLES });
    const seedMs = performance.now() - t0;

    // --- sign in over HTTP
    const basic = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
    const tokenRes = await fetch(`${server.url}/blade-auth/oauth/token`, {
      method: 'POST',
      headers: { authorization: basic, 'tenant-id': '000000', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'password',
        scope: 'all',
        username: 'admin',
        password: createHash('md5').update('admin').digest('hex'),
      }),
    });
    const token = ((await tokenRes.json()) as { access_token: string }).access_token;
    const headers = { authorization: basic, 'blade-auth': `bearer ${token}` };

    async function http(path: string, params: Record<string, string>): Promise<number[]> {
      const url = `${server.url}${path}?${new URLSearchParams(params)}`;
      const times: number[] = [];
      for (let i = 0; i < RUNS + 5; i++) {
        const s = performance.now();
        const res = await fetch(url, { headers });
        const body = (await res.json()) as { code: number };
        if (body.code !== 200) throw new Error(`${path}: ${JSON.stringify(body).slice(0, 200)}`);
        if (i >= 5) times.push(performance.now() - s);
      }
      return times;
    }
    function raw(countSql: string, pageSql: string): number[] {
      const count = db.prepare(countSql);
      const page = db.prepare(pageSql);
      const times: number[] = [];
      for (let i = 0; i < RUNS + 5; i++) {
        const s = performance.now();
        count.get();
        page.all();
        if (i >= 5) times.push(performance.now() - s);
      }
      return times;
    }
    const summary = (xs: number[]) => ({ p50: pct(xs, 0.5), p95: pct(xs, 0.95) });
    const page = { current: '50', size: '10' };

    const websites = summary(await http('/website-blade-material/websiteInfo/page', page));
    const websitesRaw = summary(
      raw(
        "SELECT COUNT(*) FROM website_info WHERE tenant_id = '000000' AND is_deleted = 0",
        "SELECT * FROM website_info WHERE tenant_id = '000000' AND is_deleted = 0 ORDER BY create_time DESC LIMIT 10 OFFSET 490",
      ),
    );
    const articles = summary(await http('/website-blade-article/article/page', page));
    const articlesRaw = summary(
      raw(
        // the statements the server runs: the trigger-kept count, then the page
        "SELECT COALESCE(SUM(live), 0) FROM row_count WHERE table_name = 'article' AND tenant_id = '000000'",
        "SELECT * FROM article WHERE tenant_id = '000000' AND is_deleted = 0 ORDER BY sort ASC, create_time DESC LIMIT 10 OFFSET 490",
      ),
    );
    const users = summary(await http('/website-blade-system/user/page', { ...page, deptId: dept }));
    const grant = summary(await http('/website-blade-system/menu/grant-tree', {}));

    console.log(
      JSON.stringify({ counts: { users: USERS, websites: WEBSITES, articles: ARTICLES }, seedMs, runs: RUNS, websites, websitesRaw, articles, articlesRaw, users, grant }),
    );
  } finally {
    db.close();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
