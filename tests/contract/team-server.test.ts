// The team server (issue 29): two instances of `npm run server -- --database`
// (two processes) on one real PostgreSQL (tests/support/postgres.ts), behind the repository's own nginx
// config (tests/support/nginx.ts, docs/nginx/seo-matrix.conf). State lives in
// the database or is told across instances: a token signed in through one works
// through the other, a sign-out through one is refused by the other, a changed
// dictionary is answered new by the other as soon as PostgreSQL's notification
// reaches it (its cache was full; the notification is sent at the write's commit
// and arrives within milliseconds, not before the writer's reply), and
// each instance mints ids with a worker number of its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { postgresDataLayer, sql, type DataLayer } from '../../src-server/db/data-layer';
import { SEED_IDS } from '../../src-server/db/seed';
import { createRole, createUser } from '../../src-server/system/directory';
import { startNginx, type NginxServer } from '../support/nginx';
import { startPostgres, type PostgresServer } from '../support/postgres';
import { api, grantMenus, login, SABER, startCli, tempDir, until } from './helpers';

let pg: PostgresServer;
interface Instance {
  child: ChildProcess;
  /** http://127.0.0.1:PORT/api */
  url: string;
  port: number;
}
let a: Instance;
let b: Instance;
let lb: NginxServer;
let data: DataLayer;

beforeAll(async () => {
  pg = await startPostgres();
  const database = await pg.createDatabase();
  const dataDir = tempDir('seo-team-');
  const start = async (): Promise<Instance> => {
    const { child, base } = await startCli(['--database', database, '--data', dataDir, '--trust-proxy', '127.0.0.1']);
    return { child, url: base, port: Number(new URL(base).port) };
  };
  // started together: one migrates and seeds, the other waits for it (the advisory lock)
  [a, b] = await Promise.all([start(), start()]);
  lb = await startNginx([a.port, b.port]);
  data = postgresDataLayer(database, { max: 2 });
}, 120_000);

afterAll(async () => {
  await data?.close();
  await lb?.close();
  for (const i of [a, b]) {
    if (!i || i.child.exitCode !== null) continue;
    const exited = new Promise((r) => i.child.once('exit', r));
    i.child.kill('SIGTERM');
    await exited;
  }
  await pg?.close();
});

const userInfo = (base: string, token: string) => api<Record<string, unknown>>(base, token, 'GET', '/blade-auth/oauth/user-info');

describe('two instances on one PostgreSQL', () => {
  it('share the keys made on first use and the schema', async () => {
    const keys = await data.all(sql<{ key: string }>`SELECT key FROM blade_setting WHERE key IN ('sm2.publicKey', 'sm2.privateKey', 'jwt.secret') ORDER BY key`);
    expect(keys.length).toBe(3);
    // a token made by one verifies on the other (the JWT secret is one): see below
    const health = (await (await fetch(`${lb.url}/api/health`)).json()) as { data: Record<string, unknown> };
    expect(health.data).toMatchObject({ engine: 'postgres', database: 'up' });
    expect(health.data.schemaVersion).toBeGreaterThanOrEqual(601);
  });

  it('a token signed in through one instance works through the other', async () => {
    const token = await login(a.url);
    const r = await userInfo(b.url, token);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ account: 'admin' });
  });

  it('a sign-out through one instance is refused by the other', async () => {
    const token = await login(b.url);
    expect((await userInfo(a.url, token)).status).toBe(200);
    const out = await fetch(`${b.url}/blade-auth/oauth/logout`, { method: 'POST', headers: { Authorization: SABER, 'Blade-Auth': `bearer ${token}` } });
    expect(out.status).toBe(200);
    expect((await userInfo(a.url, token)).status).toBe(401);
  });

  it("a password changed through one instance ends the user's other sessions on the other; the changing one goes on", async () => {
    await createUser(data, { tenantId: '000000', account: 'teampw', password: 'first1', roleIds: [SEED_IDS.administratorRole], deptIds: [SEED_IDS.dept] });
    const onA = await login(a.url, { username: 'teampw', password: 'first1' });
    const onB = await login(b.url, { username: 'teampw', password: 'first1' });
    expect((await userInfo(b.url, onB)).status).toBe(200);
    const changed = await api(a.url, onA, 'POST', '/blade-user/update-password', { json: { oldPassword: 'first1', newPassword: 'second2', newPassword1: 'second2' } });
    expect(changed.body, JSON.stringify(changed.body)).toMatchObject({ success: true });
    expect((await userInfo(b.url, onB)).status).toBe(401);
    expect((await userInfo(b.url, onA)).status).toBe(200);
    expect((await userInfo(a.url, onA)).status).toBe(200);
  });

  // the session check of every request is answered from memory the cache bus keeps current (issue 37 item 9), the
  // grants read at every request: what one instance changes, the other honours on its next request (the writer
  // answers once every instance acknowledged); a write in the database itself reaches them at its commit
  it('a grant withdrawn and a sign-in revoked through one instance are honoured by the other on its next request; a revocation by raw SQL soon after', async () => {
    const role = await createRole(data, { tenantId: '000000', roleName: '参数员', roleAlias: 'paramclerk' });
    const other = await createRole(data, { tenantId: '000000', roleName: '访客', roleAlias: 'visitor' });
    await grantMenus(data, role, ['param']);
    const id = await createUser(data, { tenantId: '000000', account: 'teamgrant', password: 'grant1', roleIds: [role], deptIds: [SEED_IDS.dept] });
    const clerk = await login(b.url, { username: 'teamgrant', password: 'grant1' });
    const params = (base: string) => api(base, clerk, 'GET', '/website-blade-system/param/page', { query: { current: 1, size: 5 } });
    // b answers twice: its memory holds the session
    expect((await params(b.url)).status).toBe(200);
    expect((await params(b.url)).status).toBe(200);
    const admin = await login(a.url);
    const withdrawn = await api(a.url, admin, 'POST', '/website-blade-system/role/grant', { json: { roleIds: [role], menuIds: [] } });
    expect(withdrawn.body, JSON.stringify(withdrawn.body)).toMatchObject({ success: true });
    expect((await params(b.url)).status).toBe(401);
    // the sign-in itself: b knows it live; a gives the user another role, which revokes its sign-ins (core migration 30)
    expect((await userInfo(b.url, clerk)).status).toBe(200);
    const moved = await api(a.url, admin, 'POST', '/website-blade-system/user/grant', { json: { userIds: id, roleIds: other } });
    expect(moved.body, JSON.stringify(moved.body)).toMatchObject({ success: true });
    expect((await userInfo(b.url, clerk)).status).toBe(401);
    // a write no instance made: the trigger's notification reaches b at the commit (not before a request already sent)
    const again = await login(b.url, { username: 'teamgrant', password: 'grant1' });
    expect((await userInfo(b.url, again)).status).toBe(200);
    await data.run(sql`UPDATE blade_user SET status = 0 WHERE id = ${id}`);
    await until(async () => (await userInfo(b.url, again)).status === 401, 10_000);
  });

  it('a dictionary changed through one instance is answered new by the other once the notification arrives', async () => {
    const token = await login(a.url);
    const sex = async (base: string) =>
      (await api<{ dictKey: string; dictValue: string; id: string }[]>(base, token, 'GET', '/website-blade-system/dict/dictionary', { query: { code: 'sex' } })).body.data;
    const before = await sex(b.url); // b's cache holds it now
    const male = before.find((d) => d.dictKey === '1')!;
    expect(male.dictValue).toBe('男');
    const saved = await api(a.url, token, 'POST', '/website-blade-system/dict/update', { json: { id: male.id, dictValue: '男性' } });
    expect(saved.status).toBe(200);
    // the writer clears its own cache in the request; the other when LISTEN hands it the notification, which
    // on a busy machine may come a moment after the writer's reply (a bound for the full suite's load, not a claim on time)
    expect((await sex(a.url)).find((d) => d.dictKey === '1')!.dictValue).toBe('男性');
    await until(async () => (await sex(b.url)).find((d) => d.dictKey === '1')!.dictValue === '男性', 30_000);
  });

  it('through nginx: signs in, lists and writes, whichever instance answers', async () => {
    const base = `${lb.url}/api`;
    const token = await login(base);
    const keys: string[] = [];
    for (let i = 0; i < 6; i++) {
      const key = `team.param.${i}`;
      const r = await api(base, token, 'POST', '/website-blade-system/param/submit', { json: { paramName: `团队参数${i}`, paramKey: key, paramValue: String(i) } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      keys.push(key);
    }
    const page = await api<{ records: { paramKey: string }[] }>(base, token, 'GET', '/website-blade-system/param/page', { query: { paramKey_like: 'team.param.', size: 50 } });
    expect(page.body.data.records.map((r) => r.paramKey).sort()).toEqual(keys);
    // the writes went to both instances (least_conn spreads them) and none repeated an id
    const rows = await data.all(sql<{ id: string }>`SELECT id FROM blade_param WHERE param_key LIKE 'team.param.%'`);
    expect(new Set(rows.map((r) => r.id)).size).toBe(6);
  });

  it('each instance holds an id worker number of its own', async () => {
    const leases = await data.all(sql<{ worker: number; instance: string }>`SELECT worker, instance FROM id_worker ORDER BY worker`);
    expect(leases.length).toBe(2);
    expect(new Set(leases.map((l) => l.worker)).size).toBe(2);
    // an id minted by each carries its worker number in bits 12-21
    const workers = new Set(leases.map((l) => l.worker));
    const ids = await data.all(sql<{ id: string }>`SELECT id FROM blade_param WHERE param_key LIKE 'team.param.%'`);
    for (const { id } of ids) expect(workers.has(Number((BigInt(id) >> 12n) & 1023n))).toBe(true);
  });
});
