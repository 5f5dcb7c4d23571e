// Tokens end when they should: logout, a user's removal, disabling, password
// reset, role change and tenant change revoke their tokens; a refresh token is
// single use, and presenting a used one again revokes its whole chain.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDept, createRole, createUser } from '../../src-server/system/directory';
import { sql } from '../../src-server/db/data-layer';
import { api, login, startHarness, tokenCall, type Harness } from './helpers';

let h: Harness;
let base: string;
let admin: string;
let roleId: string;
let otherRole: string;
let deptId: string;

beforeAll(async () => {
  h = await startHarness();
  base = h.server.url;
  admin = await login(base);
  const data = h.data();
  roleId = await createRole(data, { tenantId: '000000', roleName: '编辑', roleAlias: 'editor' });
  otherRole = await createRole(data, { tenantId: '000000', roleName: '审核', roleAlias: 'auditor' });
  deptId = await createDept(data, { tenantId: '000000', deptName: '编辑部' });
});
afterAll(async () => h.stop());

let n = 0;
/** a fresh user of tenant 000000 with one role; signs in and returns both tokens */
async function signedInUser(): Promise<{ id: string; account: string; access: string; refresh: string }> {
  const account = `tok${++n}`;
  const id = await createUser(h.data(), { tenantId: '000000', account, password: 'pw', roleIds: [roleId], deptIds: [deptId] });
  const { status, body } = await tokenCall(base, { username: account, password: 'pw' });
  expect(status).toBe(200);
  return { id, account, access: body.access_token as string, refresh: body.refresh_token as string };
}

const accepted = async (token: string): Promise<boolean> => (await api(base, token, 'GET', '/blade-auth/oauth/user-info')).status === 200;
const refresh = (token: string) => tokenCall(base, { grantType: 'refresh_token', extra: { refresh_token: token } });

describe('token revocation', () => {
  it('logout ends the access token and its refresh token', async () => {
    const u = await signedInUser();
    expect(await accepted(u.access)).toBe(true);
    await fetch(`${base}/blade-auth/oauth/logout`, { headers: { 'Blade-Auth': `bearer ${u.access}` } });
    expect(await accepted(u.access)).toBe(false);
    const r = await refresh(u.refresh);
    expect(r.status).toBe(400);
    expect(r.body.error_description).toBe('令牌已失效,请重新登录');
  });

  it('a second sign-in of the same user is not ended by the first one\'s logout', async () => {
    const u = await signedInUser();
    const second = await login(base, { username: u.account, password: 'pw' });
    await fetch(`${base}/blade-auth/oauth/logout`, { headers: { 'Blade-Auth': `bearer ${u.access}` } });
    expect(await accepted(u.access)).toBe(false);
    expect(await accepted(second)).toBe(true);
  });

  it('removing a user ends their tokens', async () => {
    const u = await signedInUser();
    const removed = await api(base, admin, 'POST', '/website-blade-system/user/remove', { form: { ids: u.id } });
    expect(removed.body.code).toBe(200);
    expect(await accepted(u.access)).toBe(false);
    expect((await refresh(u.refresh)).status).toBe(400);
  });

  it('disabling a user (status) ends their tokens', async () => {
    const u = await signedInUser();
    await h.data().run(sql`UPDATE blade_user SET status = 0 WHERE id = ${u.id}`);
    expect(await accepted(u.access)).toBe(false);
  });

  it('a password reset ends their tokens', async () => {
    const u = await signedInUser();
    const reset = await api(base, admin, 'POST', '/website-blade-system/user/reset-password', { form: { userIds: u.id } });
    expect(reset.body.code).toBe(200);
    expect(await accepted(u.access)).toBe(false);
    expect((await refresh(u.refresh)).status).toBe(400);
  });

  it('a role change ends their tokens; an edit that keeps the roles does not', async () => {
    const u = await signedInUser();
    const untouched = await signedInUser();
    // granting the same role again changes nothing
    await api(base, admin, 'POST', '/website-blade-system/user/grant', { form: { userIds: untouched.id, roleIds: roleId } });
    expect(await accepted(untouched.access)).toBe(true);
    const grant = await api(base, admin, 'POST', '/website-blade-system/user/grant', { form: { userIds: u.id, roleIds: otherRole } });
    expect(grant.body.code).toBe(200);
    expect(await accepted(u.access)).toBe(false);
  });

  it('a tenant change ends their tokens', async () => {
    const u = await signedInUser();
    await h.data().run(sql`UPDATE blade_user SET tenant_id = '111111' WHERE id = ${u.id}`);
    expect(await accepted(u.access)).toBe(false);
  });
});

describe('refresh tokens are single use', () => {
  it('a refresh gives a working pair; the used refresh token is refused and its chain revoked', async () => {
    const u = await signedInUser();
    const first = await refresh(u.refresh);
    expect(first.status).toBe(200);
    const next = { access: first.body.access_token as string, refresh: first.body.refresh_token as string };
    expect(next.refresh).not.toBe(u.refresh);
    expect(await accepted(next.access)).toBe(true);

    // the old refresh token again: refused, and the whole chain ends
    const reuse = await refresh(u.refresh);
    expect(reuse.status).toBe(400);
    expect(reuse.body.error_description).toBe('令牌已失效,请重新登录');
    expect(await accepted(next.access)).toBe(false);
    expect(await accepted(u.access)).toBe(false);
    expect((await refresh(next.refresh)).status).toBe(400);
  });

  it('a chain can be refreshed again and again with its newest token', async () => {
    const u = await signedInUser();
    let token = u.refresh;
    for (let i = 0; i < 3; i++) {
      const r = await refresh(token);
      expect(r.status).toBe(200);
      token = r.body.refresh_token as string;
      expect(await accepted(r.body.access_token as string)).toBe(true);
    }
  });
});
