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
import { api, ENGINE, login, startHarness, type Harness, otherTenantAdmin } from './helpers';

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
  h.data().run(
    sql`INSERT INTO article (id, tenant_id, website_info_id, website_group_id, parent_id, title, create_time, is_deleted)
       VALUES (${id}, ${tenant}, 'w', 'g', 'c', ${title}, '2025-01-01 00:00:00', 0)`,
  );
const run = (statement: string) => h.data().run(sql.raw(statement));

async function total(token: string, query: Record<string, string> = {}): Promise<number> {
  const r = await api<Page<unknown>>(h.server.url, token, 'GET', PAGE, { query: { current: '1', size: '10', ...query } });
  expect(r.body.code).toBe(200);
  return r.body.data.total;
}
const live = async (tenant: string) =>
  (await h.data().get(sql<{ n: number }>`SELECT COUNT(*) AS n FROM article WHERE tenant_id = ${tenant} AND is_deleted = 0`))!.n;

describe('article row count', () => {
  it('follows inserts, soft deletes, restores, hard deletes and tenant moves', async () => {
    expect(await total(admin)).toBe(0);
    for (let i = 0; i < 5; i++) await insert(`a${i}`, '000000', `标题 ${i}`);
    await insert('b0', '300001', '别家');
    expect(await total(admin)).toBe(5);
    expect(await total(other)).toBe(1);

    await run("UPDATE article SET is_deleted = 1 WHERE id IN ('a0', 'a1')");
    expect(await total(admin)).toBe(3);
    await run("UPDATE article SET is_deleted = 0 WHERE id = 'a1'");
    await run("UPDATE article SET title = '改名' WHERE id = 'a2'"); // not a count change
    expect(await total(admin)).toBe(4);
    await run("DELETE FROM article WHERE id = 'a3'");
    await run("DELETE FROM article WHERE id = 'a0'"); // already deleted: no change
    expect(await total(admin)).toBe(3);
    await run("UPDATE article SET tenant_id = '300001' WHERE id = 'a4'");
    expect(await total(admin)).toBe(2);
    expect(await total(other)).toBe(2);
    expect(await total(admin)).toBe(await live('000000'));
    expect(await total(other)).toBe(await live('300001'));
  });

  it('counts for real when a filter applies', async () => {
    await insert('c0', '000000', '独特的标题');
    expect(await total(admin, { title: '独特' })).toBe(1);
    expect(await total(admin, { title: '不存在的' })).toBe(0);
  });
});

const titles = (token: string, title: string) =>
  api<Page<{ id: string; title: string }>>(h.server.url, token, 'GET', PAGE, { query: { current: '1', size: '100', title } }).then((r) => {
    expect(r.body.code).toBe(200);
    return r.body.data.records.map((a) => a.title).sort();
  });
/** what a plain scan finds: the engine's LIKE with the same escaping, no index (sorted as titles() sorts) */
const scanned = async (tenant: string, term: string) =>
  (await h.data().all(sql<{ title: string }>`SELECT title FROM article WHERE tenant_id = ${tenant} AND is_deleted = 0 AND ${h.data().dialect.contains(sql.ref('title'), term)}`))
    .map((r) => r.title)
    .sort();

describe('article title search', () => {
  it.runIf(ENGINE === 'sqlite')('a term of three characters or more is looked up in the trigram index, a shorter one scans', () => {
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

  it.runIf(ENGINE === 'postgres')('a title search is served by the trigram GIN index', async () => {
    // the title condition the generic list sends (compiled for PostgreSQL), planned with sequential scans priced
    // out: the table is small here, the question is whether the index can answer the ILIKE (with the tenant's
    // condition beside it the planner may prefer the list index on a table this small)
    const article = articleResources().find((r) => r.name === 'article')!;
    const where = buildWhere(article, { title: '茶叶资讯' }, '000000', h.data().dialect);
    const title = where.conditions.at(-1)!; // the query string's conditions follow the scope's
    const plan = await h.data().transaction(async (trx) => {
      await trx.run(sql`SET LOCAL enable_seqscan = off`);
      return (await trx.all(sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT id FROM article WHERE ${title}`)).map((r) => r['QUERY PLAN']).join(' | ');
    });
    expect(plan).toMatch(/Bitmap Index Scan on article_title_trgm/);
  });

  it('finds what a scan finds, after inserts, renames, deletes, and with LIKE wildcards typed as text', async () => {
    const rows = ['春季茶叶资讯', '秋季茶叶资讯汇总', 'Green TEA news', '100%_纯茶', '茶', '茶叶'];
    for (const [i, t] of rows.entries()) await insert(`s${i}`, '000000', t);
    await insert('s9', '300001', '别家茶叶资讯');
    for (const term of ['茶叶资讯', '季茶叶', 'tea news', 'TEA', '100%_', '%_纯', '茶叶', '茶', '不存在的词']) {
      expect(await titles(admin, term), term).toEqual(await scanned('000000', term));
    }
    expect(await titles(admin, '茶叶资讯')).toEqual(['春季茶叶资讯', '秋季茶叶资讯汇总']);
    expect(await titles(other, '茶叶资讯')).toEqual(['别家茶叶资讯']);

    await run("UPDATE article SET title = '夏季绿茶' WHERE id = 's0'");
    expect(await titles(admin, '茶叶资讯')).toEqual(['秋季茶叶资讯汇总']);
    expect(await titles(admin, '季绿茶')).toEqual(['夏季绿茶']);
    await run("DELETE FROM article WHERE id = 's1'");
    expect(await titles(admin, '茶叶资讯')).toEqual([]);
    await run("UPDATE article SET is_deleted = 1 WHERE id = 's0'");
    expect(await titles(admin, '季绿茶')).toEqual([]);
    // the index agrees with the table row for row (FTS5's own check)
    if (ENGINE === 'sqlite') expect(() => h.db().prepare("INSERT INTO article_title_search(article_title_search, rank) VALUES ('integrity-check', 1)").run()).not.toThrow();
  });
});
