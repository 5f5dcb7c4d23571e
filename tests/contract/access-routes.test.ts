// Default deny, generated from the route table: for EVERY route the back end
// registers (read from the built app, so a new route is covered the moment it
// exists), a signed-in caller without the declared permission is refused with
// 401 请求未授权 and a caller holding exactly that permission gets past the
// check (any answer but 401 请求未授权: a 400 for the missing input is fine).
// One app, requests by inject(); the probe user's single role is re-granted
// before each check, so "exactly that permission" is literal.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src-server/app';
import { migrate } from '../../src-server/db/migrate';
import { openDataLayer, sql } from '../../src-server/db/data-layer';
import { seed } from '../../src-server/db/seed';
import { MIGRATIONS } from '../../src-server/modules';
import { allow } from '../../src-server/http/access-policy';
import { describeAccess, installAccessControl, routeTable, type RouteEntry } from '../../src-server/http/access-check';
import { createDept, createRole, createTenant, createUser } from '../../src-server/system/directory';
import { nextId } from '../../src-server/util/ids';
import { ENGINE, grantMenus, md5, SABER, sharedPostgres } from './helpers';

// the harness's engine: a database of its own in this worker's PostgreSQL (ENGINE=postgres), else its own SQLite file
const dir = mkdtempSync(join(tmpdir(), 'seo-access-'));
const data = openDataLayer({ dataDir: dir, database: ENGINE === 'postgres' ? await (await sharedPostgres()).createDatabase() : undefined });
if ((await migrate(data, MIGRATIONS)).fresh) await seed(data);
const app = await buildApp({ data, dataDir: dir });
await app.ready();
const routes: RouteEntry[] = [...routeTable(app)];

const UNAUTHORIZED = '请求未授权';
const menuIds = new Map((await data.all(sql<{ id: string; code: string }>`SELECT id, code FROM blade_menu WHERE is_deleted = 0`)).map((m) => [m.code, m.id]));

// the probe: one user, one role whose grants each check sets
const probeRole = await createRole(data, { tenantId: '000000', roleName: '探针', roleAlias: 'probe' });
const dept = await createDept(data, { tenantId: '000000', deptName: '探针部' });
await createUser(data, { tenantId: '000000', account: 'probe', password: 'probe', roleIds: [probeRole], deptIds: [dept] });
// tenant administrators holding every screen: in tenant 000000 (alias admin) and in another tenant (alias administrator)
const ownAdminRole = await createRole(data, { tenantId: '000000', roleName: '租户管理员', roleAlias: 'admin' });
await grantMenus(data, ownAdminRole, 'all');
await createUser(data, { tenantId: '000000', account: 'tadmin', password: 'tadmin', roleIds: [ownAdminRole], deptIds: [dept] });
await createTenant(data, { tenantId: '300001', tenantName: '探针租户' });
const otherRole = await createRole(data, { tenantId: '300001', roleName: '超级管理员', roleAlias: 'administrator' });
await grantMenus(data, otherRole, 'all');
const otherDept = await createDept(data, { tenantId: '300001', deptName: '探针租户' });
await createUser(data, { tenantId: '300001', account: 'admin', password: 'other', roleIds: [otherRole], deptIds: [otherDept] });

/** Sets the probe role's grants to exactly these menu / button codes. */
async function grantExactly(codes: readonly string[]): Promise<void> {
  const ids = codes.map((code) => {
    const id = menuIds.get(code);
    if (!id) throw new Error(`declared code ${code} is no seeded menu or button`);
    return id;
  });
  await data.transaction(async (trx) => {
    await trx.run(sql`DELETE FROM blade_role_menu WHERE role_id = ${probeRole}`);
    for (const id of ids) await trx.run(sql`INSERT INTO blade_role_menu (id, role_id, menu_id) VALUES (${nextId()}, ${probeRole}, ${id})`);
  });
}

async function login(username: string, password: string, tenantId = '000000'): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/blade-auth/oauth/token',
    headers: { Authorization: SABER, 'Tenant-Id': tenantId, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ grant_type: 'password', scope: 'all', username, password: md5(password) }).toString(),
  });
  const token = (res.json() as { access_token?: string }).access_token;
  if (!token) throw new Error(`login ${username}: ${res.body}`);
  return token;
}

let probe: string;
let platformAdmin: string;
let tenantAdmins: [string, string][];

beforeAll(async () => {
  probe = await login('probe', 'probe');
  platformAdmin = await login('admin', 'admin');
  tenantAdmins = [
    ['tenant admin of 000000 (alias admin, every screen)', await login('tadmin', 'tadmin')],
    ['administrator of tenant 300001 (every screen)', await login('admin', 'other', '300001')],
  ];
});
afterAll(async () => {
  await app.close();
  await data.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Calls the route with no input (path parameters filled with a dummy id). */
async function call(route: RouteEntry, token: string | null): Promise<{ status: number; msg: string }> {
  const url = route.url.replace(/:[A-Za-z]+/g, '1').replace(/\*$/, 'x');
  const headers: Record<string, string> = { Authorization: SABER };
  if (token) headers['Blade-Auth'] = `bearer ${token}`;
  const res = await app.inject({ method: route.method as 'GET', url, headers });
  let msg = '';
  try {
    msg = String((res.json() as { msg?: unknown }).msg ?? '');
  } catch {
    // a file or a page, not the envelope
  }
  return { status: res.statusCode, msg };
}

const refused = (r: { status: number; msg: string }) => r.status === 401 && r.msg === UNAUTHORIZED;

describe('the route table', () => {
  it('holds every route the app serves, each with a declaration', () => {
    expect(routes.length).toBeGreaterThan(300);
    for (const r of routes) {
      expect(r.access, `${r.method} ${r.url}`).toBeTruthy();
      expect(app.hasRoute({ method: r.method as 'GET', url: r.url }), `${r.method} ${r.url}`).toBe(true);
    }
  });

  it('a route registered without a declaration stops the server from starting, naming it', async () => {
    const bare = Fastify();
    installAccessControl(bare, data);
    // registered as buildApp registers its routes: the registration (so buildApp, so startServer) rejects
    const registering = bare.register(async (api) => {
      api.get('/declared', allow('user'), async () => 'ok');
      api.post('/forgotten', async () => 'ok');
    }, { prefix: '/api' });
    await expect(registering).rejects.toThrow('route without an access declaration: POST /api/forgotten');
    expect(routeTable(bare).map((r) => `${r.method} ${r.url}`)).toEqual(['GET /api/declared']);
    await bare.close().catch(() => undefined);
  });
});

describe.each(routes.map((r) => [`${r.method} ${r.url} (${describeAccess(r.access)})`, r] as const))('%s', (_name, route) => {
  const access = route.access;
  if (access === 'public') {
    it('answers without a token', async () => {
      const r = await call(route, null);
      expect(r.status).not.toBe(401);
    });
    return;
  }

  it('refuses a caller without a token', async () => {
    expect((await call(route, null)).status).toBe(401);
  });

  if (access === 'user') {
    it('lets any signed-in user through (a role with no grant at all)', async () => {
      await grantExactly([]);
      expect(refused(await call(route, probe))).toBe(false);
    });
    return;
  }

  if (access === 'platform') {
    it('refuses every tenant administrator, even one holding every screen', async () => {
      for (const [who, token] of tenantAdmins) expect(refused(await call(route, token)), who).toBe(true);
    });
    it('refuses a user holding every screen and button', async () => {
      await grantExactly([...menuIds.keys()]);
      expect(refused(await call(route, probe))).toBe(true);
    });
    it('lets the platform administrator through', async () => {
      expect(refused(await call(route, platformAdmin))).toBe(false);
    });
    return;
  }

  const needed = 'menu' in access ? [access.menu[0]!, ...(access.button?.length ? [access.button[0]!] : [])] : [access.button];

  it('refuses a signed-in user without the permission (a role with no grant)', async () => {
    await grantExactly([]);
    expect(refused(await call(route, probe))).toBe(true);
  });

  if ('menu' in access && access.button?.length) {
    it('refuses a user holding the screen but not the button', async () => {
      await grantExactly([access.menu[0]!]);
      expect(refused(await call(route, probe))).toBe(true);
    });
  }

  it(`lets a user holding exactly ${needed.join(' + ')} through`, async () => {
    await grantExactly(needed);
    expect(refused(await call(route, probe))).toBe(false);
  });
});
