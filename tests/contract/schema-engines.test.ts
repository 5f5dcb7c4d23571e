// The product's schema and first-start seed on both engines (issue 29, docs/team-server.md § "Migrations on
// two engines"): every migration and the seed through the same migrate() on a fresh PostgreSQL database and a
// fresh SQLite file give the same tables, the same columns (of the same kind) and the same seeded rows; a
// second run applies nothing; two instances starting together on one PostgreSQL migrate once; PostgreSQL's
// own texts do what SQLite's do (the title trigram index, the row_count triggers).
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, sha256 } from '../../src-server/db/database';
import { postgresDataLayer, sql, sqliteDataLayer, type DataLayer, type Engine, type Queries } from '../../src-server/db/data-layer';
import { migrate, migrationText } from '../../src-server/db/migrate';
import { seed } from '../../src-server/db/seed';
import { liveRowsSql } from '../../src-server/db/sql';
import type { Migration } from '../../src-server/db/migrations';
import { generateModule } from '../../src-server/modules/admin/codegen';
import type { Prototype } from '../../src-server/modules/admin/model-fields';
import { ARTICLE_TITLE_SEARCH } from '../../src-server/modules/content/articles/migrations';
import { MIGRATIONS } from '../../src-server/modules';
import { startPostgres, type PostgresServer } from '../support/postgres';
import { tempDir } from './helpers';

let server: PostgresServer;
let pgData: DataLayer;
let sqliteData: DataLayer;
let dir: string;
const engines = (): [Engine, DataLayer][] => [
  ['sqlite', sqliteData],
  ['postgres', pgData],
];

beforeAll(async () => {
  server = await startPostgres();
  pgData = postgresDataLayer(await server.createDatabase());
  dir = tempDir();
  sqliteData = sqliteDataLayer(openDatabase(dir));
  // the same runner, the same list, the same seed
  for (const [, data] of engines()) {
    expect(await migrate(data, MIGRATIONS, seed)).toEqual({ fresh: true, applied: MIGRATIONS.map((m) => m.version).sort((a, b) => a - b) });
  }
}, 120_000);

afterAll(async () => {
  await pgData?.close();
  await sqliteData?.close();
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

type Kind = 'integer' | 'text' | 'real';
/** table -> column -> kind, as each engine describes its own schema */
async function schema(data: DataLayer): Promise<Map<string, Map<string, Kind>>> {
  const rows =
    data.engine === 'sqlite'
      ? await data.all(sql<{ table_name: string; column_name: string; type: string }>`
          SELECT m.name AS table_name, c.name AS column_name, upper(c.type) AS type
            FROM sqlite_master m, pragma_table_info(m.name) c
           WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND m.name NOT LIKE ${`${ARTICLE_TITLE_SEARCH}%`}`)
      : await data.all(sql<{ table_name: string; column_name: string; type: string }>`
          SELECT c.table_name, c.column_name, upper(c.data_type) AS type
            FROM information_schema.columns c
            JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
           WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'`);
  const kind = (type: string): Kind => {
    if (['INTEGER', 'BIGINT'].includes(type)) return 'integer';
    if (['REAL', 'DOUBLE PRECISION'].includes(type)) return 'real';
    if (type === 'TEXT') return 'text';
    throw new Error(`${data.engine}: a column of type ${type}`);
  };
  const out = new Map<string, Map<string, Kind>>();
  for (const r of rows) {
    if (!out.has(r.table_name)) out.set(r.table_name, new Map());
    out.get(r.table_name)!.set(r.column_name, kind(r.type));
  }
  return out;
}

const sorted = <T>(m: Map<string, T>) => Object.fromEntries([...m.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/** the rows of a table as one comparable text: columns sorted, rows sorted, times (the moment of the seed) left out */
async function contents(data: DataLayer, table: string): Promise<string> {
  const rows = await data.all(sql<Record<string, unknown>>`SELECT * FROM ${sql.id(table)}`);
  const lines = rows.map((r) =>
    JSON.stringify(
      Object.keys(r)
        .filter((k) => !k.endsWith('_time'))
        .sort()
        .map((k) => [k, r[k]]),
    ),
  );
  return createHash('sha256').update(lines.sort().join('\n')).digest('hex');
}

describe('the schema and seed on SQLite and PostgreSQL', () => {
  it('has the same tables with the same columns of the same kind (the FTS5 title index is SQLite\'s alone)', async () => {
    const [lite, post] = [await schema(sqliteData), await schema(pgData)];
    expect([...post.keys()].sort()).toEqual([...lite.keys()].sort());
    expect(lite.size).toBeGreaterThan(50);
    for (const [table, columns] of lite) expect(sorted(post.get(table)!), table).toEqual(sorted(columns));
    // what PostgreSQL widens: ms times and byte sizes are bigint there (the job table's times are BIGINT in its one text), a temperature double precision
    const types = await pgData.all(sql<{ k: string; t: string }>`
      SELECT table_name || '.' || column_name AS k, data_type AS t FROM information_schema.columns
       WHERE table_schema = current_schema() AND (data_type IN ('bigint', 'double precision', 'real') OR column_name IN ('expires_at', 'size', 'bytes_sent'))
       ORDER BY 1`);
    expect(types).toEqual([
      { k: 'ai_model.temperature', t: 'double precision' },
      { k: 'ai_model_slot.acquired_ms', t: 'bigint' },
      { k: 'ai_model_slot.expires_ms', t: 'bigint' },
      { k: 'ai_model_slot.released_ms', t: 'bigint' },
      { k: 'blade_captcha.expires_at', t: 'bigint' },
      { k: 'blade_login_fail.first_fail_at', t: 'bigint' },
      { k: 'blade_login_fail.locked_until', t: 'bigint' },
      // a deploy lease's end is local-time text, as the product's other times (compared as text on both)
      { k: 'content_deploy_lease.expires_at', t: 'text' },
      { k: 'content_upload.size', t: 'bigint' },
      { k: 'deploy_tasks.next_time', t: 'bigint' },
      { k: 'id_worker.heartbeat_ms', t: 'bigint' },
      { k: 'job.create_time', t: 'bigint' },
      { k: 'job.end_time', t: 'bigint' },
      { k: 'job.lease_until', t: 'bigint' },
      { k: 'job.run_at', t: 'bigint' },
      { k: 'job.start_time', t: 'bigint' },
      { k: 'job.update_time', t: 'bigint' },
      // a job's attempts and the workers alive (issue 37): ms times, as the job's
      { k: 'job_attempt.end_time', t: 'bigint' },
      { k: 'job_attempt.start_time', t: 'bigint' },
      { k: 'job_instance.lease_ms', t: 'bigint' },
      { k: 'job_instance.seen_at', t: 'bigint' },
      { k: 'job_instance.started_at', t: 'bigint' },
      { k: 'job_lane.update_time', t: 'bigint' },
      // positions of search results, and their impression-weighted sums (issue 36)
      { k: 'search_daily.position_sum', t: 'double precision' },
      { k: 'search_daily_all.position_sum', t: 'double precision' },
      { k: 'search_top.position_sum', t: 'double precision' },
      { k: 'search_traffic.position', t: 'double precision' },
      { k: 'website_deploy.bytes_sent', t: 'bigint' },
      { k: 'website_deploy.duration_ms', t: 'bigint' },
    ]);
  });

  it('seeds the same rows: the row count of every table, and the contents of the seeded tables', async () => {
    const tables = [...(await schema(sqliteData)).keys()].sort();
    const counts = async (data: DataLayer) => {
      const out: Record<string, number> = {};
      for (const t of tables) out[t] = (await data.get(sql<{ n: number }>`SELECT COUNT(*) AS n FROM ${sql.id(t)}`))!.n;
      return out;
    };
    const lite = await counts(sqliteData);
    expect(await counts(pgData)).toEqual(lite);
    expect(lite.blade_menu).toBeGreaterThan(100);
    expect(lite.website_language).toBeGreaterThan(5);
    // rows made by the seed, by triggers under it (extra buttons, tenant page configs and languages) and by migrations
    for (const table of ['blade_menu', 'blade_role_menu', 'blade_dict', 'blade_role', 'blade_dept', 'blade_client', 'blade_tenant', 'blade_param', 'system_extra_button', 'template_page_config', 'website_language', 'blade_region']) {
      expect(await contents(pgData, table), table).toBe(await contents(sqliteData, table));
    }
    // the live-row counts per table and tenant (PostgreSQL keeps them in one slot per session, SQLite in slot 0)
    for (const [engine, data] of engines()) {
      const wrong = await data.all(sql`SELECT r.table_name, r.tenant_id FROM row_count r WHERE r.table_name = 'blade_param' GROUP BY r.table_name, r.tenant_id
        HAVING SUM(r.live) <> (SELECT COUNT(*) FROM blade_param p WHERE p.tenant_id = r.tenant_id AND p.is_deleted = 0)`);
      expect(wrong, engine).toEqual([]);
    }
    // the administrator signs in with the same password on both (the hash is salted: its shape, not its text)
    for (const [engine, data] of engines()) {
      const admin = await data.get(sql<{ account: string; password: string }>`SELECT account, password FROM blade_user WHERE tenant_id = '000000'`);
      expect(admin?.account, engine).toBe('admin');
      expect(admin?.password.length, engine).toBeGreaterThan(32);
    }
  });

  it('records the checksum of the text each engine applied, and a second run applies nothing', async () => {
    for (const [engine, data] of engines()) {
      expect(await migrate(data, MIGRATIONS, seed), engine).toEqual({ fresh: false, applied: [] });
      const rows = await data.all(sql<{ version: number; checksum: string }>`SELECT version, checksum FROM schema_migrations ORDER BY version`);
      expect(rows, engine).toEqual([...MIGRATIONS].sort((a, b) => a.version - b.version).map((m) => ({ version: m.version, checksum: sha256(migrationText(m, engine)) })));
    }
    // a PostgreSQL text of its own only where the SQLite text does not serve there
    const own = MIGRATIONS.filter((m) => m.postgres !== undefined).map((m) => m.version);
    expect(own).toEqual([1, 30, 201, 230, 300, 310, 320, 330, 331, 340, 350, 370, 371, 373, 380, 381, 385, 391, 392, 394, 396, 501, 604, 611]);
    for (const m of MIGRATIONS) if (m.postgres !== undefined) expect(m.postgres, `migration ${m.version}`).not.toBe(m.sql);
  });

  it('two instances starting together on one PostgreSQL database migrate it once', async () => {
    const url = await server.createDatabase();
    const [a, b] = [postgresDataLayer(url, { max: 2 }), postgresDataLayer(url, { max: 2 })];
    try {
      const results = await Promise.all([migrate(a, MIGRATIONS, seed), migrate(b, MIGRATIONS, seed)]);
      const all = MIGRATIONS.map((m) => m.version).sort((x, y) => x - y);
      expect(results.map((r) => r.applied.length).sort((x, y) => x - y)).toEqual([0, all.length]);
      expect(results.filter((r) => r.fresh)).toEqual([{ fresh: true, applied: all }]);
      const applied = await a.all(sql<{ version: number }>`SELECT version FROM schema_migrations ORDER BY version`);
      expect(applied.map((r) => r.version)).toEqual(all);
      // seeded once
      expect(await a.get(sql<{ n: number }>`SELECT COUNT(*) AS n FROM blade_user WHERE account = 'admin'`)).toEqual({ n: 1 });
      expect(await a.get(sql<{ n: number }>`SELECT COUNT(*) AS n FROM blade_menu`)).toEqual(await pgData.get(sql<{ n: number }>`SELECT COUNT(*) AS n FROM blade_menu`));
      // and the lock is free again: a third start goes through at once
      expect(await migrate(b, MIGRATIONS, seed)).toEqual({ fresh: false, applied: [] });
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  }, 120_000);

  it('PostgreSQL: a migration that fails there is named, rolled back, and stops the run', async () => {
    const url = await server.createDatabase();
    const data = postgresDataLayer(url, { max: 2 });
    try {
      const broken: Migration[] = [
        { version: 1, name: 'table', sql: 'CREATE TABLE t (x TEXT)' },
        { version: 2, name: 'sqlite only', sql: "CREATE TABLE u (y TEXT); INSERT INTO t VALUES (printf('%02d', 5))" },
        { version: 3, name: 'later', sql: 'CREATE TABLE v (z TEXT)' },
      ];
      await expect(migrate(data, broken)).rejects.toThrow(/^migration 2 \(sqlite only\) failed on PostgreSQL with its SQLite text \(no PostgreSQL text given\): .*printf/);
      expect(await data.all(sql`SELECT version FROM schema_migrations ORDER BY version`)).toEqual([{ version: 1 }]);
      expect(await data.all(sql`SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_name IN ('u', 'v')`)).toEqual([]);
      // its PostgreSQL text applies it
      broken[1] = { ...broken[1], postgres: "CREATE TABLE u (y TEXT); INSERT INTO t VALUES (lpad('5', 2, '0'))" };
      expect(await migrate(data, broken)).toEqual({ fresh: false, applied: [2, 3] });
      expect(await data.all(sql`SELECT x FROM t`)).toEqual([{ x: '05' }]);
    } finally {
      await data.close();
    }
  });

  it('PostgreSQL: the article title trigram index exists and serves ILIKE \'%独立站%\'', async () => {
    const index = await pgData.get(sql<{ def: string }>`SELECT indexdef AS def FROM pg_indexes WHERE tablename = 'article' AND indexname = 'article_title_trgm'`);
    expect(index?.def).toMatch(/USING gin \(title gin_trgm_ops\)/);
    const article = (id: string, title: string) =>
      sql`INSERT INTO article (id, tenant_id, website_info_id, website_group_id, parent_id, title, status, is_deleted)
          VALUES (${id}, 'trgm', '', '', '', ${title}, 1, 0)`;
    await pgData.transaction(async (trx) => {
      for (let i = 0; i < 300; i++) await trx.run(article(`t${i}`, `普通文章 ${i}`));
      await trx.run(article('hit1', '跨境电商独立站建设指南'));
      await trx.run(article('hit2', '独立站 SEO 入门'));
    });
    await pgData.exec('ANALYZE article');
    const hits = await pgData.all(sql<{ id: string }>`SELECT id FROM article WHERE ${pgData.dialect.contains(sql.ref('title'), '独立站')} ORDER BY id`);
    expect(hits.map((r) => r.id)).toEqual(['hit1', 'hit2']);
    const plan = await pgData.transaction(async (trx) => {
      // few rows: make the planner show whether the index can serve the filter at all
      await trx.exec('SET LOCAL enable_seqscan = off');
      return trx.all(sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT id FROM article WHERE title ILIKE '%独立站%'`);
    });
    expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toContain('article_title_trgm');
    await pgData.run(sql`DELETE FROM article WHERE tenant_id = 'trgm'`);
  });

  it('keeps row_count right through inserts, soft deletes, restores, tenant moves and deletes, on both engines', async () => {
    for (const [engine, data] of engines()) {
      const live = async (tenant: string) =>
        (await data.get(sql<{ live: number }>`SELECT ${liveRowsSql('article', tenant)} AS live`))!.live;
      const add = (id: string, tenant: string, deleted = 0) =>
        data.run(sql`INSERT INTO article (id, tenant_id, website_info_id, website_group_id, parent_id, title, status, is_deleted)
                     VALUES (${id}, ${tenant}, '', '', '', ${`标题 ${id}`}, 1, ${deleted})`);
      await add('c1', 'ta');
      await add('c2', 'ta');
      await add('c3', 'ta', 1); // in the bin from the start: not counted
      expect([await live('ta'), await live('tb')], engine).toEqual([2, 0]);
      await data.run(sql`UPDATE article SET is_deleted = 1 WHERE id = 'c1'`);
      expect(await live('ta'), engine).toBe(1);
      await data.run(sql`UPDATE article SET is_deleted = 0 WHERE id = 'c3'`);
      expect(await live('ta'), engine).toBe(2);
      await data.run(sql`UPDATE article SET tenant_id = 'tb' WHERE id IN ('c2', 'c3')`);
      expect([await live('ta'), await live('tb')], engine).toEqual([0, 2]);
      // an update naming the columns without changing them counts nothing
      await data.run(sql`UPDATE article SET tenant_id = tenant_id, is_deleted = is_deleted WHERE tenant_id = 'tb'`);
      expect(await live('tb'), engine).toBe(2);
      await data.run(sql`DELETE FROM article WHERE id IN ('c1', 'c2')`);
      expect([await live('ta'), await live('tb')], engine).toEqual([0, 1]);
      // every count equals the live rows
      const wrong = await data.all(sql`SELECT r.tenant_id FROM row_count r WHERE r.table_name = 'article' GROUP BY r.tenant_id
        HAVING SUM(r.live) <> (SELECT COUNT(*) FROM article a WHERE a.tenant_id = r.tenant_id AND a.is_deleted = 0)`);
      expect(wrong, engine).toEqual([]);
      await data.run(sql`DELETE FROM article WHERE id LIKE 'c%'`);
    }
  });

  it('PostgreSQL: two sessions saving parameters of one tenant do not wait for each other\'s commit (row_count in slots), and the total is right', async () => {
    const url = await server.createDatabase();
    const a = postgresDataLayer(url, { max: 1 });
    expect(await migrate(a, MIGRATIONS, seed)).toMatchObject({ fresh: true });
    const pidOf = async (d: DataLayer) => (await d.get(sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`))!.pid;
    // a second session whose slot is not the first's (pg_backend_pid() % 64, db/sql.ts)
    const aPid = await pidOf(a);
    let b = postgresDataLayer(url, { max: 1 });
    while ((await pidOf(b)) % 64 === aPid % 64) {
      await b.close();
      b = postgresDataLayer(url, { max: 1 });
    }
    const param = (d: Queries, id: string) =>
      d.run(sql`INSERT INTO blade_param (id, tenant_id, param_name, param_key, param_value, is_deleted) VALUES (${id}, 'slots', ${id}, ${id}, 'v', 0)`);
    try {
      await a.transaction(async (trx) => {
        await param(trx, 'p-a');
        // a's save holds its slot's row until its commit; b's, on another session, must not wait for it
        await b.run(sql`SET lock_timeout = '5s'`);
        await b.transaction(async (t) => param(t, 'p-b'));
      });
      const total = await a.get(sql<{ live: number }>`SELECT ${liveRowsSql('blade_param', 'slots')} AS live`);
      expect(total!.live).toBe(2);
      const slots = await a.all(sql<{ slot: number; live: number }>`SELECT slot, live FROM row_count WHERE table_name = 'blade_param' AND tenant_id = 'slots' ORDER BY slot`);
      expect(slots.map((r) => r.live)).toEqual([1, 1]);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('PostgreSQL\'s triggers do what SQLite\'s do: a user\'s change ends their sign-ins, a new tenant gets its pages and languages', async () => {
    for (const [engine, data] of engines()) {
      await data.run(sql`INSERT INTO blade_token_session (id, user_id, tenant_id, client_id, refresh_jti, create_time)
                         VALUES (${`s-${engine}`}, '1123598821738675201', '000000', 'saber', 'j', '2026-01-01 00:00:00')`);
      await data.run(sql`UPDATE blade_user SET status = status WHERE id = '1123598821738675201'`);
      expect(await data.get(sql`SELECT revoked_time FROM blade_token_session WHERE id = ${`s-${engine}`}`), `${engine}: unchanged`).toEqual({ revoked_time: null });
      await data.run(sql`UPDATE blade_user SET status = 2 WHERE id = '1123598821738675201'`);
      const revoked = await data.get(sql<{ revoked_time: string; revoke_reason: string }>`SELECT revoked_time, revoke_reason FROM blade_token_session WHERE id = ${`s-${engine}`}`);
      expect(revoked?.revoke_reason, engine).toBe('user changed');
      expect(revoked?.revoked_time, engine).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      await data.run(sql`UPDATE blade_user SET status = 1 WHERE id = '1123598821738675201'`);

      await data.run(sql`INSERT INTO blade_tenant (id, tenant_id, tenant_name) VALUES ('77', '777777', '新租户')`);
      const pages = await data.all(sql<{ id: string; name: string }>`SELECT id, name FROM template_page_config WHERE tenant_id = '777777' ORDER BY id`);
      expect(pages, engine).toEqual([
        { id: '77101', name: '产品页面' },
        { id: '77102', name: '资讯页面' },
        { id: '77103', name: '默认页面' },
      ]);
      const languages = await data.all(sql<{ id: string; abbrevia: string }>`SELECT id, abbrevia FROM website_language WHERE tenant_id = '777777' ORDER BY id LIMIT 2`);
      expect(languages, engine).toEqual([
        { id: '772000', abbrevia: 'zh-CN' },
        { id: '772001', abbrevia: 'en' },
      ]);
      const created = await data.get(sql<{ create_time: string }>`SELECT create_time FROM website_language WHERE tenant_id = '777777' LIMIT 1`);
      expect(created?.create_time, engine).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    }
  });

  it('a module made by 生成代码 carries both texts: its table and menu migrations apply on both engines alike', async () => {
    const field = (jdbcName: string, propertyType: string, sort: number): Prototype => ({
      jdbcName, jdbcType: propertyType, propertyName: jdbcName.replace(/_(\w)/g, (_, c: string) => c.toUpperCase()), propertyType, comment: jdbcName,
      isList: 1, isForm: 1, isRow: 0, isRequired: 0, isQuery: 0, queryType: 'equal', componentType: propertyType === 'string' ? 'input' : 'number', dictCode: '', sort,
    });
    const files = generateModule({
      name: 'genBook', title: '图书', className: 'GenBook', table: 'gen_book', apiPath: '/gen/book', parentMenu: 'tool', version: 1000,
      tableOwned: false, tableColumns: [], fields: [field('book_name', 'string', 1), field('page_count', 'int', 2), field('price', 'decimal', 3)],
    });
    const folder = mkdtempSync(join(tmpdir(), 'seo-gen-'));
    try {
      const file = join(folder, 'migrations.ts');
      writeFileSync(file, files['src-server/modules/generated/genBook/migrations.ts']!);
      const generated = ((await import(file)) as { MIGRATIONS: Migration[] }).MIGRATIONS;
      expect(generated.map((m) => [m.version, typeof m.postgres])).toEqual([[1000, 'string'], [1001, 'string']]);
      for (const [engine, data] of engines()) {
        expect(await migrate(data, [...MIGRATIONS, ...generated], seed), engine).toEqual({ fresh: false, applied: [1000, 1001] });
      }
      expect(sorted((await schema(pgData)).get('gen_book')!)).toEqual(sorted((await schema(sqliteData)).get('gen_book')!));
      const types = await pgData.all(sql<{ column_name: string; data_type: string }>`SELECT column_name, data_type FROM information_schema.columns
        WHERE table_name = 'gen_book' AND column_name IN ('page_count', 'price') ORDER BY column_name`);
      expect(types).toEqual([{ column_name: 'page_count', data_type: 'bigint' }, { column_name: 'price', data_type: 'double precision' }]);
      for (const table of ['blade_menu', 'blade_role_menu']) expect(await contents(pgData, table), table).toBe(await contents(sqliteData, table));
      const grants = await pgData.get(sql<{ n: number }>`SELECT COUNT(*) AS n FROM blade_role_menu rm JOIN blade_menu m ON m.id = rm.menu_id WHERE m.code LIKE 'genBook%'`);
      expect(grants).toEqual({ n: 5 });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
