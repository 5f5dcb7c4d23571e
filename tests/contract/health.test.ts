// GET /api/health, the load balancer's probe: public, the engine and the schema
// version, 200 while the database answers and 503 when it does not; on the data
// folder's SQLite file and on a real PostgreSQL (tests/support/postgres.ts).
import { rmSync } from 'node:fs';
import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_PREFIX, buildApp } from '../../src-server/app';
import { openDatabase } from '../../src-server/db/database';
import { migrate } from '../../src-server/db/migrate';
import { postgresDataLayer, sql, sqliteDataLayer } from '../../src-server/db/data-layer';
import { dataLayerProbe } from '../../src-server/db/health-probe';
import { registerHealthRoute } from '../../src-server/http/health';
import { startPostgres } from '../support/postgres';
import { seed } from '../../src-server/db/seed';
import { MIGRATIONS } from '../../src-server/modules';
import { ENGINE, startHarness, tempDir, type Harness } from './helpers';

const highestMigration = Math.max(...MIGRATIONS.map((m) => m.version));

let harness: Harness | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await harness?.stop();
  harness = undefined;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** the app on a database of the test's own, so the test can break that database under it */
async function appOnOwnDatabase() {
  const dir = tempDir();
  dirs.push(dir);
  const db = openDatabase(dir);
  const data = sqliteDataLayer(db);
  await migrate(data, MIGRATIONS, seed);
  const app = await buildApp({ data, dataDir: dir });
  return { app, db, dir };
}

describe('GET /api/health', () => {
  it('answers 200 without a token: the harness\'s engine, the highest applied migration, database up; HEAD too', async () => {
    harness = await startHarness();
    const res = await fetch(`${harness.server.url}/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as { code: number; success: boolean; data: Record<string, unknown> };
    expect(body.code).toBe(200);
    expect(body.success).toBe(true);
    expect(harness.engine).toBe(ENGINE);
    expect(body.data).toEqual({ engine: harness.engine, schemaVersion: highestMigration, database: 'up' });
    const applied = await harness.data().get(sql<{ v: number }>`SELECT MAX(version) AS v FROM schema_migrations`);
    expect(body.data.schemaVersion).toBe(applied?.v);

    const head = await fetch(`${harness.server.url}/health`, { method: 'HEAD' });
    expect(head.status).toBe(200);
  });

  it('names no secret: no data folder path, no key, only the three fields', async () => {
    harness = await startHarness();
    const text = await (await fetch(`${harness.server.url}/health`)).text();
    expect(text).not.toContain(harness.dataDir);
    expect(text).not.toContain(harness.server.aesKey);
    expect(Object.keys((JSON.parse(text) as { data: object }).data).sort()).toEqual(['database', 'engine', 'schemaVersion']);
  });

  it('answers 503 database down once the database is closed under the running app', async () => {
    const { app, db } = await appOnOwnDatabase();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect((await app.inject({ method: 'GET', url: `${API_PREFIX}/health` })).statusCode).toBe(200);
      db.close();
      const res = await app.inject({ method: 'GET', url: `${API_PREFIX}/health` });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        code: 503,
        success: false,
        msg: '数据库无应答',
        data: { engine: 'sqlite', schemaVersion: null, database: 'down' },
      });
      expect(res.body).not.toMatch(/not open|sqlite_|\/tmp\//i);
      expect(String(logged.mock.calls[0]?.[1])).toMatch(/not open/);
    } finally {
      logged.mockRestore();
      await app.close();
    }
  });

  it('answers 503 when the migrations table is gone (a broken database), 200 again once it is back; logs each change once', async () => {
    const { app, db } = await appOnOwnDatabase();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const health = () => app.inject({ method: 'GET', url: `${API_PREFIX}/health` });
    try {
      db.exec('ALTER TABLE schema_migrations RENAME TO schema_migrations_moved');
      expect((await health()).statusCode).toBe(503);
      expect((await health()).statusCode).toBe(503);
      db.exec('ALTER TABLE schema_migrations_moved RENAME TO schema_migrations');
      const res = await health();
      expect(res.statusCode).toBe(200);
      expect((res.json() as { data: { schemaVersion: number } }).data.schemaVersion).toBe(highestMigration);
      expect((await health()).statusCode).toBe(200);
      // the app has no logger here: the two changes went to stderr, once each, the reason with the first
      expect(logged.mock.calls.map((c) => String(c[0]))).toEqual([
        'health: the sqlite database does not answer',
        'health: the sqlite database answers again',
      ]);
      expect(String(logged.mock.calls[0][1])).toContain('schema_migrations');
    } finally {
      logged.mockRestore();
      await app.close();
      db.close();
    }
  });
});

describe('GET /api/health on PostgreSQL', () => {
  it('answers engine postgres and the highest version of schema_migrations, then 503 数据库无应答 once that server is stopped', async () => {
    const server = await startPostgres();
    const data = postgresDataLayer(await server.createDatabase());
    const app = Fastify();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      // the migrations table as the runner makes it, by hand: this test proves the probe, not the migrations
      await data.exec(`CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, checksum TEXT NOT NULL, applied_at TEXT NOT NULL)`);
      await data.run(sql`INSERT INTO schema_migrations (version, name, checksum, applied_at) VALUES (${1}, 'core', 'x', '2026-01-01 00:00:00'), (${42}, 'later', 'y', '2026-01-02 00:00:00')`);
      await app.register(async (api) => registerHealthRoute(api, dataLayerProbe(data)), { prefix: API_PREFIX });
      const up = await app.inject({ method: 'GET', url: `${API_PREFIX}/health` });
      expect(up.statusCode).toBe(200);
      expect(up.json()).toEqual({ code: 200, success: true, msg: '操作成功', data: { engine: 'postgres', schemaVersion: 42, database: 'up' } });

      await server.close();
      const down = await app.inject({ method: 'GET', url: `${API_PREFIX}/health` });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ code: 503, success: false, msg: '数据库无应答', data: { engine: 'postgres', schemaVersion: null, database: 'down' } });
      expect(down.body).not.toContain(String(server.port));
      expect(logged.mock.calls.map((c) => String(c[0]))).toEqual(['health: the postgres database does not answer']);
    } finally {
      logged.mockRestore();
      await app.close();
      await data.close().catch(() => undefined);
      await server.close();
    }
  }, 60_000);
});
