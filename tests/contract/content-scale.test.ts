// The article list's trigger-kept row count (core migration 4, content
// migration 320): whatever writes the table, an unfiltered page's total equals
// COUNT(*) of the tenant's live rows; a filtered page still counts. The title
// search's trigram index (content migration 350): a search of three characters
// or more goes through it, and finds what a scan finds, after every kind of write.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src-shared/wire';
import { buildWhere, whereSql } from '../../src-server/crud/query';
import { sql, sqliteDataLayer } from '../../src-server/db/data-layer';
import { articleResources } from '../../src-server/modules/content/articles/resources';
import { api, login, startHarness, type Harness, otherTenantAdmin } from './helpers';

let h: Harness;
let admin: string;
let other: string;
const PAGE = '/website-blade-article/article/page';

beforeAll(async () => {
  h = await startHarness();
  admin = await login(h.server.url);
  other = await otherTenantAdmin(h, '300001', '计数租户');
});
afterAll(() => h.stop());

const insert = (id: string, tenant: string, title: string) =>
  h
    .db()
    .prepare(
      `INSERT INTO article (id, tenant_id, website_info_id, website_group_id, parent_id, title, create_time, is_deleted)
       VALUES (?, ?, 'w', 'g', 'c', ?, '2025-01-01 00:00:00', 0)`,
    )
    .run(id, tenant, title);

async function total(token: string, query: Record<string, string> = {}): Promise<number> {
  const r = await api<Page<unknown>>(h.server.url, token, 'GET', PAGE, { query: { current: '1', size: '10', ...query } });
  expect(r.body.code).toBe(200);
  return r.body.data.total;
}
const live = (tenant: string) =>
  (h.db().prepare('SELECT COUNT(*) AS n FROM article WHERE tenant_id = ? AND is_deleted = 0').get(tenant) as { n: number }).n;

describe('article row count', () => {
  it('follows inserts, soft deletes, restores, hard deletes and tenant moves', async () => {
    expect(await total(admin)).toBe(0);
    for (let i = 0; i < 5; i++) insert(`a${i}`, '000000', `标题 ${i}`);
    insert('b0', '300001', '别家');
    expect(await total(admin)).toBe(5);
    expect(await total(other)).toBe(1);

    h.db().prepare("UPDATE article SET is_deleted = 1 WHERE id IN ('a0', 'a1')").run();
    expect(await total(admin)).toBe(3);
    h.db().prepare("UPDATE article SET is_deleted = 0 WHERE id = 'a1'").run();
    h.db().prepare("UPDATE article SET title = '改名' WHERE id = 'a2'").run(); // not a count change
    expect(await total(admin)).toBe(4);
    h.db().prepare("DELETE FROM article WHERE id = 'a3'").run();
    h.db().prepare("DELETE FROM article WHERE id = 'a0'").run(); // already deleted: no change
    expect(await total(admin)).toBe(3);
    h.db().prepare("UPDATE article SET tenant_id = '300001' WHERE id = 'a4'").run();
    expect(await total(admin)).toBe(2);
    expect(await total(other)).toBe(2);
    expect(await total(admin)).toBe(live('000000'));
    expect(await total(other)).toBe(live('300001'));
  });

  it('counts for real when a filter applies', async () => {
    insert('c0', '000000', '独特的标题');
    expect(await total(admin, { title: '独特' })).toBe(1);
    expect(await total(admin, { title: '不存在的' })).toBe(0);
  });
});

const titles = (token: string, title: string) =>
  api<Page<{ id: string; title: string }>>(h.server.url, token, 'GET', PAGE, { query: { current: '1', size: '100', title } }).then((r) => {
    expect(r.body.code).toBe(200);
    return r.body.data.records.map((a) => a.title).sort();
  });
/** what a plain scan finds: LIKE with the same escaping, no index */
const scanned = (tenant: string, term: string) =>
  (
    h
      .db()
      .prepare("SELECT title FROM article WHERE tenant_id = ? AND is_deleted = 0 AND title LIKE ? ESCAPE '\\' ORDER BY title")
      .all(tenant, `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) as { title: string }[]
  ).map((r) => r.title);

describe('article title search', () => {
  it('a term of three characters or more is looked up in the trigram index, a shorter one scans', () => {
    // the query the generic list sends (compiled for SQLite), planned on the harness's database
    const { kysely, dialect } = sqliteDataLayer(h.db());
    const plan = (term: string) => {
      const article = articleResources().find((r) => r.name === 'article')!;
      const where = buildWhere(article, { title: term }, '000000', dialect);
      const q = sql`EXPLAIN QUERY PLAN SELECT id FROM article ${whereSql(where)} ORDER BY sort LIMIT 10`.compile(kysely);
      return (h.db().prepare(q.sql).all(...q.parameters) as { detail: string }[])
        .map((r) => r.detail)
        .join(' | ');
    };
    expect(plan('茶叶资讯')).toMatch(/SEARCH article USING INTEGER PRIMARY KEY \(rowid=\?\)/);
    expect(plan('茶叶资讯')).toMatch(/article_title_search VIRTUAL TABLE INDEX/);
    expect(plan('茶叶')).not.toMatch(/article_title_search/);
  });

  it('finds what a scan finds, after inserts, renames, deletes, and with LIKE wildcards typed as text', async () => {
    const rows = ['春季茶叶资讯', '秋季茶叶资讯汇总', 'Green TEA news', '100%_纯茶', '茶', '茶叶'];
    rows.forEach((t, i) => insert(`s${i}`, '000000', t));
    insert('s9', '300001', '别家茶叶资讯');
    for (const term of ['茶叶资讯', '季茶叶', 'tea news', 'TEA', '100%_', '%_纯', '茶叶', '茶', '不存在的词']) {
      expect(await titles(admin, term), term).toEqual(scanned('000000', term));
    }
    expect(await titles(admin, '茶叶资讯')).toEqual(['春季茶叶资讯', '秋季茶叶资讯汇总']);
    expect(await titles(other, '茶叶资讯')).toEqual(['别家茶叶资讯']);

    h.db().prepare("UPDATE article SET title = '夏季绿茶' WHERE id = 's0'").run();
    expect(await titles(admin, '茶叶资讯')).toEqual(['秋季茶叶资讯汇总']);
    expect(await titles(admin, '季绿茶')).toEqual(['夏季绿茶']);
    h.db().prepare("DELETE FROM article WHERE id = 's1'").run();
    expect(await titles(admin, '茶叶资讯')).toEqual([]);
    h.db().prepare("UPDATE article SET is_deleted = 1 WHERE id = 's0'").run();
    expect(await titles(admin, '季绿茶')).toEqual([]);
    // the index agrees with the table row for row (FTS5's own check)
    expect(() => h.db().prepare("INSERT INTO article_title_search(article_title_search, rank) VALUES ('integrity-check', 1)").run()).not.toThrow();
  });
});
