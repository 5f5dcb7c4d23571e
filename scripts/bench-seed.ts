// Seeds a data folder's database at scale for the benchmarks: users of the
// platform tenant's first department, websites and articles (ids outside the
// snowflake range the server generates). Used by scripts/bench-server.ts and, as
// `tsx scripts/bench-seed.ts <server data folder> [users websites articles]`, by
// scripts/bench-consoles.mjs while the console's host is running (WAL).
import type { Db } from '../src-server/db/database';

export interface SeedCounts {
  users: number;
  websites: number;
  articles: number;
}

const stamp = (i: number) => `2025-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')} 10:00:00`;

/** inserts the rows; returns the department the users are in */
export function seedScale(db: Db, counts: SeedCounts): { dept: string } {
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
    for (let i = 0; i < counts.users; i++) insUser.run(`8${String(i).padStart(18, '0')}`, `bench${i}`, `n${i}`, `用户${i}`, role, dept, stamp(i), stamp(i));
    for (let i = 0; i < counts.websites; i++) insSite.run(`7${String(i).padStart(18, '0')}`, `站点${i}`, stamp(i), stamp(i));
  })();
  const batch = 50_000;
  for (let start = 0; start < counts.articles; start += batch) {
    db.transaction(() => {
      for (let i = start; i < Math.min(counts.articles, start + batch); i++) {
        insArticle.run(`6${String(i).padStart(18, '0')}`, `7${String(i % Math.max(1, counts.websites)).padStart(18, '0')}`, `文章标题 ${i}`, i % 1000, stamp(i), stamp(i));
      }
    })();
  }
  db.exec('ANALYZE');
  return { dept };
}

if (process.argv[1]?.endsWith('bench-seed.ts')) {
  const [, , dataDir, users = '10000', websites = '10000', articles = '1000000'] = process.argv;
  const { openDatabase } = await import('../src-server/db/database');
  const db = openDatabase(dataDir!);
  try {
    const t0 = performance.now();
    seedScale(db, { users: Number(users), websites: Number(websites), articles: Number(articles) });
    console.log(JSON.stringify({ seedMs: performance.now() - t0 }));
  } finally {
    db.close();
  }
}
