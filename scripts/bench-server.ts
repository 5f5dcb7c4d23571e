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

const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const WEBSITES = Number(process.env.BENCH_WEBSITES ?? 10_000);
const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 1_000_000);
const RUNS = Number(process.env.BENCH_SERVER_RUNS ?? 60);

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * p) - 1)];
const stamp = (i: number) => `2025-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')} 10:00:00`;

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'smc-bench-server-'));
  const server = await startServer({ dataDir, port: 0 });
  const db = openDatabase(dataDir);
  try {
    // --- seed (ids outside the snowflake range the server generates)
    const t0 = performance.now();
    const dept = (db.prepare("SELECT id FROM blade_dept WHERE tenant_id = '000000' ORDER BY id LIMIT 1").get() as { id: string }).id;
    const role = (db.prepare("SELECT id FROM blade_role WHERE role_alias = 'user' LIMIT 1").get() as { id: string }).id;
    const insUser = db.prepare(
      `INSERT INTO blade_user (id, tenant_id, account, password, name, real_name, role_id, dept_id, create_time, update_time, status, is_deleted)
       VALUES (?, '000000', ?, 'x', ?, ?, ?, ?, ?, ?, 1, 0)`,
    );
    const insSite = db.prepare(
      `INSERT INTO website_info (id, tenant_id, website_group_id, website_name, create_time, update_time, status, is_deleted)
       VALUES (?, '000000', 'bench-group', ?, ?, ?, 1, 0)`,
    );
    const insArticle = db.prepare(
      `INSERT INTO article (id, tenant_id, website_info_id, website_group_id, parent_id, title, sort, create_time, update_time, status, is_deleted)
       VALUES (?, '000000', ?, 'bench-group', 'bench-cate', ?, ?, ?, ?, 0, 0)`,
    );
    db.transaction(() => {
      for (let i = 0; i < USERS; i++) insUser.run(`8${String(i).padStart(18, '0')}`, `bench${i}`, `n${i}`, `用户${i}`, role, dept, stamp(i), stamp(i));
      for (let i = 0; i < WEBSITES; i++) insSite.run(`7${String(i).padStart(18, '0')}`, `站点${i}`, stamp(i), stamp(i));
    })();
    const batch = 50_000;
    for (let start = 0; start < ARTICLES; start += batch) {
      db.transaction(() => {
        for (let i = start; i < Math.min(ARTICLES, start + batch); i++) {
          insArticle.run(`6${String(i).padStart(18, '0')}`, `7${String(i % WEBSITES).padStart(18, '0')}`, `文章标题 ${i}`, i % 1000, stamp(i), stamp(i));
        }
      })();
    }
    db.exec('ANALYZE');
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
        "SELECT live FROM row_count WHERE table_name = 'article' AND tenant_id = '000000'",
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
