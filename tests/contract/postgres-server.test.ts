// The PostgreSQL the team-server tests start (tests/support/postgres.ts): a real
// server from Debian's package in a temporary folder on a loopback port, one
// database per caller, pg_trgm available, restarted under a connected client
// that reconnects by itself, and nothing left behind once closed.
import { existsSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startPostgres, type PostgresServer } from '../support/postgres';

let server: PostgresServer;
beforeAll(async () => {
  server = await startPostgres();
}, 60_000);
afterAll(async () => {
  await server?.close();
});

async function withClient<T>(url: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

describe('the test PostgreSQL server', () => {
  it('is PostgreSQL 15 or newer on 127.0.0.1 only, its cluster in the temp folder (owned by postgres when we are root)', async () => {
    const settings = await withClient(server.url(), async (c) => {
      const row = (await c.query(
        "SELECT current_setting('server_version_num')::int AS version, current_setting('listen_addresses') AS listen, current_setting('data_directory') AS data, current_user AS who",
      )).rows[0] as { version: number; listen: string; data: string; who: string };
      return row;
    });
    expect(settings.version).toBeGreaterThanOrEqual(150000);
    expect(settings.listen).toBe('127.0.0.1');
    expect(settings.data.startsWith(server.dir)).toBe(true);
    expect(settings.who).toBe('postgres');
    if (process.getuid?.() === 0) {
      const postgresUid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
      expect(statSync(settings.data).uid).toBe(postgresUid);
    }
  });

  it('gives each caller a database of its own', async () => {
    const a = await server.createDatabase();
    const b = await server.createDatabase();
    expect(a).not.toBe(b);
    await withClient(a, (c) => c.query('CREATE TABLE only_in_a (id int)'));
    const seen = await withClient(b, async (c) => (await c.query("SELECT to_regclass('only_in_a') AS t")).rows[0] as { t: string | null });
    expect(seen.t).toBeNull();
    await expect(server.createDatabase('Bad-Name')).rejects.toThrow('lower-case letters');
  });

  it('has pg_trgm: a GIN trigram index serves a Chinese ILIKE title search', async () => {
    const url = await server.createDatabase();
    await withClient(url, async (c) => {
      await c.query('CREATE EXTENSION pg_trgm');
      await c.query('CREATE TABLE article (id bigint PRIMARY KEY, title text NOT NULL)');
      await c.query("INSERT INTO article SELECT n, '普通文章 ' || n FROM generate_series(1, 5000) n");
      await c.query("INSERT INTO article VALUES (90001, '跨境电商独立站建设指南'), (90002, '独立站 SEO 入门'), (90003, 'Independent site basics')");
      await c.query('CREATE INDEX article_title_trgm ON article USING gin (title gin_trgm_ops)');
      await c.query('ANALYZE article');
      const hits = (await c.query("SELECT id FROM article WHERE title ILIKE '%独立站%' ORDER BY id")).rows as { id: string }[];
      expect(hits.map((r) => Number(r.id))).toEqual([90001, 90002]);
      const latin = (await c.query("SELECT id FROM article WHERE title ILIKE '%INDEPENDENT%'")).rows as { id: string }[];
      expect(latin.map((r) => Number(r.id))).toEqual([90003]);
      const plan = (await c.query("EXPLAIN SELECT id FROM article WHERE title ILIKE '%独立站%'")).rows
        .map((r: { 'QUERY PLAN': string }) => r['QUERY PLAN'])
        .join('\n');
      expect(plan).toContain('article_title_trgm');
    });
  });

  it('restarts under a connected pool: idle connections are dropped, queries fail while it is down, the pool reconnects and nothing committed is lost', async () => {
    const url = await server.createDatabase();
    const pool = new pg.Pool({ connectionString: url, max: 4, connectionTimeoutMillis: 2000 });
    const dropped: Error[] = [];
    pool.on('error', (err) => dropped.push(err)); // an idle client the server ended
    try {
      await pool.query('CREATE TABLE note (id serial PRIMARY KEY, body text NOT NULL)');
      await pool.query("INSERT INTO note (body) VALUES ('before a fast restart')");
      // several idle connections in the pool when the server goes away
      await Promise.all([1, 2, 3].map(() => pool.query('SELECT pg_sleep(0.05)')));
      const portBefore = server.port;
      await server.restart({ mode: 'fast' });
      expect(server.port).toBe(portBefore);
      expect(dropped.length).toBeGreaterThan(0);
      expect(dropped.some((e) => /terminat/i.test(e.message))).toBe(true);
      const after = (await pool.query('SELECT body FROM note ORDER BY id')).rows as { body: string }[];
      expect(after.map((r) => r.body)).toEqual(['before a fast restart']);

      // as a crash (immediate): the server is down for a while, then recovers from its WAL
      await pool.query("INSERT INTO note (body) VALUES ('acknowledged before the crash')");
      let down = false;
      let settled = false;
      const restarting = server.restart({ mode: 'immediate', downMs: 1500 }).finally(() => (settled = true));
      for (let i = 0; i < 200 && !down && !settled; i++) {
        try {
          await pool.query('SELECT 1');
          await new Promise((r) => setTimeout(r, 25));
        } catch {
          down = true;
        }
      }
      await restarting;
      expect(down).toBe(true);
      const recovered = (await pool.query('SELECT body FROM note ORDER BY id')).rows as { body: string }[];
      expect(recovered.map((r) => r.body)).toEqual(['before a fast restart', 'acknowledged before the crash']);
    } finally {
      await pool.end();
    }
  });

  it('close() stops the server and removes its folder; a second close is harmless', async () => {
    const other = await startPostgres();
    const url = other.url();
    expect(existsSync(other.dir)).toBe(true);
    await other.close();
    expect(existsSync(other.dir)).toBe(false);
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    client.on('error', () => undefined);
    await expect(client.connect()).rejects.toThrow();
    await other.close();
  }, 60_000);
});
