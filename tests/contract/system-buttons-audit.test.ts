// System administration: the extra buttons' own permission codes (migration 201) and
// the administrator's approval of guests registered through register-guest.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuNode, Page } from '../../src-shared/wire';
import { api, ENGINE, login, sharedPostgres, startHarness, tempDir, tokenCall, type Harness } from './helpers';
import { SEED_IDS, seed } from '../../src-server/db/seed';
import { openDatabase } from '../../src-server/db/database';
import { postgresDataLayer, sql, sqliteDataLayer } from '../../src-server/db/data-layer';
import { migrate } from '../../src-server/db/migrate';
import { MIGRATIONS } from '../../src-server/modules';
import { rmSync } from 'node:fs';

type Rec = Record<string, unknown>;
let h: Harness;
let base: string;
let admin: string;
const S = '/website-blade-system';
const EXTRA = ['user_role', 'user_reset', 'user_unlock', 'user_platform', 'user_audit', 'role_setting', 'topmenu_setting',
  'tenant_setting', 'tenant_package_setting', 'tenant_datasource'];

beforeAll(async () => {
  h = await startHarness();
  base = h.server.url;
  admin = await login(base);
});
afterAll(() => h.stop());

const get = <T = Rec>(token: string, path: string, query: Record<string, string | number> = {}) => api<T>(base, token, 'GET', `${S}${path}`, { query });
const post = <T = Rec>(token: string, path: string, json?: unknown, query?: Record<string, string | number>) =>
  api<T>(base, token, 'POST', `${S}${path}`, { json, query });
const flat = (nodes: Rec[]): Rec[] => nodes.flatMap((n) => [n, ...flat((n.children as Rec[] | undefined) ?? [])]);
const buttonCodes = async (token: string): Promise<string[]> =>
  (await get<MenuNode[]>(token, '/menu/buttons')).body.data.flatMap((b) => (b.children ?? []).map((c) => c.code));

describe('extra buttons have their own codes', () => {
  it('seeds them as buttons (category 2) under their menus, granted to the administrator', async () => {
    const all = flat((await get<Rec[]>(admin, '/menu/list')).body.data);
    const byCode = new Map(all.map((m) => [String(m.code), m]));
    const parentOf = (code: string) => String(all.find((m) => m.id === byCode.get(code)!.parentId)?.code);
    for (const code of EXTRA) {
      expect(byCode.get(code), code).toMatchObject({ category: 2 });
      expect(parentOf(code)).toBe(code.startsWith('user') ? 'user' : code.split('_')[0]);
    }
    expect(byCode.get('user_reset')).toMatchObject({ name: '密码重置', alias: 'reset-password', action: 2 });
    expect(byCode.get('role_setting')).toMatchObject({ name: '权限设置', alias: 'setting' });
    expect(await buttonCodes(admin)).toEqual(expect.arrayContaining(EXTRA));
  });

  it('a role granted user_edit but not user_reset gets no user_reset button', async () => {
    const role = await post(admin, '/role/submit', { roleName: '用户编辑', roleAlias: 'useredit', sort: 5, parentId: '0' });
    const roleId = String(role.body.data.id);
    const all = flat((await get<Rec[]>(admin, '/menu/list')).body.data);
    const id = (code: string) => String(all.find((m) => m.code === code)!.id);
    const grant = await post(admin, '/role/grant', { roleIds: [roleId], menuIds: [id('system'), id('user'), id('user_edit'), id('user_unlock')], dataScopeIds: [], apiScopeIds: [] });
    expect(grant.body.success).toBe(true);
    await post(admin, '/user/submit', { account: 'ue1', name: 'u', realName: 'u', password: 'pw1pw1', roleId, deptId: SEED_IDS.dept });
    const token = await login(base, { username: 'ue1', password: 'pw1pw1' });
    expect((await buttonCodes(token)).sort()).toEqual(['user_edit', 'user_unlock']);
    // the back end refuses the action without its button, allows the granted one
    const self = String((await get<Page<Rec>>(token, '/user/page', { account: 'ue1' })).body.data.records[0]!.id);
    const reset = await post(token, '/user/reset-password', undefined, { userIds: self });
    expect(reset.body).toMatchObject({ code: 401, msg: '请求未授权' });
    expect((await post(token, '/user/unlock', undefined, { userIds: self })).body.success).toBe(true);
  });

  it('migration 201 on an existing database adds the buttons and grants them to roles holding <menu>_edit', async () => {
    // a database of the engine under test, migrated to just before 201 and seeded
    const dir = tempDir();
    const data = ENGINE === 'postgres' ? postgresDataLayer(await (await sharedPostgres()).createDatabase(), { max: 1 }) : sqliteDataLayer(openDatabase(dir));
    try {
      await migrate(data, MIGRATIONS.filter((m) => m.version < 201));
      await seed(data);
      const admins = async (code: string) => (await data.get(sql<{ n: number }>`
        SELECT COUNT(*) AS n FROM blade_role_menu rm JOIN blade_menu m ON m.id = rm.menu_id
        WHERE m.code = ${code} AND rm.role_id = ${SEED_IDS.administratorRole}`))!;
      expect(await data.get(sql`SELECT COUNT(*) AS n FROM blade_menu WHERE code = 'user_reset'`)).toEqual({ n: 0 });
      const { applied } = await migrate(data, MIGRATIONS);
      expect(applied).toContain(201);
      for (const code of EXTRA) expect((await admins(code)).n, code).toBe(1);
      // the user role holds no user_edit: nothing granted to it
      const userRole = (await data.get(sql<{ n: number }>`
        SELECT COUNT(*) AS n FROM blade_role_menu rm JOIN blade_menu m ON m.id = rm.menu_id
        WHERE m.code LIKE 'user!_%' ESCAPE '!' AND rm.role_id = ${SEED_IDS.userRole}`))!;
      expect(userRole.n).toBe(0);
    } finally {
      await data.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('guest registration approval', () => {
  const reg = (json: Rec) => api(base, admin, 'POST', `${S}/user/register-guest`, { json });
  const idOf = async (account: string) =>
    String((await h.data().get(sql<{ id: string }>`SELECT id FROM blade_user WHERE account = ${account} AND is_deleted = 0`))!.id);

  it('lists pending guests under 待审核; approving lets the guest sign in; refusing removes it', async () => {
    await h.data().run(sql`UPDATE blade_param SET param_value = 'true' WHERE param_key = 'account.registerUser'`);
    expect((await reg({ tenantId: '000000', name: '访客一', account: 'guest1', password: 'guest1pw' })).body.success).toBe(true);
    expect((await reg({ tenantId: '000000', name: '访客二', account: 'guest2', password: 'guest2pw' })).body.success).toBe(true);
    // pending: no role, sign-in refused
    expect((await tokenCall(base, { username: 'guest1', password: 'guest1pw' })).status).not.toBe(200);
    const pending = await get<Page<Rec>>(admin, '/user/page', { auditStatus: '0', current: 1, size: 10 });
    expect(pending.body.data.records.map((u) => u.account).sort()).toEqual(['guest1', 'guest2']);
    const done = await get<Page<Rec>>(admin, '/user/page', { auditStatus_equal: '1', current: 1, size: 50 });
    expect(done.body.data.records.map((u) => u.account)).not.toContain('guest1');

    expect((await post(admin, '/user/audit-pass', undefined, { ids: await idOf('guest1') })).body).toMatchObject({ code: 200, success: true });
    const approved = await h.data().get(sql`SELECT role_id, dept_id FROM blade_user WHERE account = 'guest1'`);
    expect(approved).toEqual({ role_id: SEED_IDS.userRole, dept_id: SEED_IDS.dept });
    expect(await login(base, { username: 'guest1', password: 'guest1pw' })).toBeTruthy();

    const guest2 = await idOf('guest2');
    expect((await post(admin, '/user/audit-refuse', undefined, { ids: guest2 })).body.success).toBe(true);
    expect(await h.data().get(sql`SELECT is_deleted FROM blade_user WHERE id = ${guest2}`)).toEqual({ is_deleted: 1 });
    expect((await get<Page<Rec>>(admin, '/user/page', { auditStatus: '0' })).body.data.records).toEqual([]);
  });

  it('refuses approving a user that is not pending, and callers without the user menu', async () => {
    const again = await post(admin, '/user/audit-pass', undefined, { ids: await idOf('guest1') });
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe('当前用户 [guest1] 无需审核');
    const none = await post(admin, '/user/audit-refuse', undefined, { ids: '' });
    expect(none.body.msg).toBe('请选择至少一条数据');
    const guest = await login(base, { username: 'guest1', password: 'guest1pw' });
    const denied = await post(guest, '/user/audit-pass', undefined, { ids: await idOf('guest1') });
    expect(denied.status).toBe(401);
  });

  it('register-guest honours the tenant account quota', async () => {
    const { n } = (await h.data().get(sql<{ n: number }>`SELECT COUNT(*) AS n FROM blade_user WHERE tenant_id = '000000' AND is_deleted = 0`))!;
    await h.data().run(sql`UPDATE blade_tenant SET account_number = ${n} WHERE tenant_id = '000000'`);
    try {
      const r = await reg({ tenantId: '000000', account: 'guest3', password: 'guest3pw' });
      expect(r.body.success).toBe(false);
      expect(r.body.msg).toBe('当前租户已到最大账号额度!');
      expect(await h.data().get(sql`SELECT 1 FROM blade_user WHERE account = 'guest3'`)).toBeUndefined();
    } finally {
      await h.data().run(sql`UPDATE blade_tenant SET account_number = -1 WHERE tenant_id = '000000'`);
    }
  });
});

