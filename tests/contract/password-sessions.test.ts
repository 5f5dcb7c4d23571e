// Sessions follow the password (issue 37, item 5): changing one's own password (update-password, under the
// spec's prefix and the stock one) ends that user's other sessions, as an administrator's reset does; the
// session that made the change goes on. Revocations live in the database (blade_token_session), which every
// instance's guard reads: tests/contract/team-server.test.ts shows it across two instances.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDept, createRole, createUser } from '../../src-server/system/directory';
import { api, startHarness, tokenCall, type Harness } from './helpers';

let h: Harness;
let base: string;
let roleId: string;
let deptId: string;

beforeAll(async () => {
  h = await startHarness();
  base = h.server.url;
  roleId = await createRole(h.data(), { tenantId: '000000', roleName: '改密码', roleAlias: 'pw_changer' });
  deptId = await createDept(h.data(), { tenantId: '000000', deptName: '改密码部' });
});
afterAll(async () => h.stop());

interface Session {
  access: string;
  refresh: string;
}

async function signIn(account: string, password: string): Promise<Session> {
  const { status, body } = await tokenCall(base, { username: account, password });
  expect(status, JSON.stringify(body)).toBe(200);
  return { access: body.access_token as string, refresh: body.refresh_token as string };
}

const accepted = async (token: string): Promise<number> => (await api(base, token, 'GET', '/blade-auth/oauth/user-info')).status;

describe.each([
  ['the spec prefix', '/website-blade-system/user/update-password', 'pwspec'],
  ['the stock prefix', '/blade-user/update-password', 'pwstock'],
])('update-password under %s', (_name, path, prefix) => {
  it("ends the user's other sessions; the session that changed it goes on", async () => {
    const account = prefix;
    await createUser(h.data(), { tenantId: '000000', account, password: 'first1', roleIds: [roleId], deptIds: [deptId] });
    const a = await signIn(account, 'first1');
    const b = await signIn(account, 'first1');
    // someone else's session is none of this change's business
    await createUser(h.data(), { tenantId: '000000', account: `${account}x`, password: 'first1', roleIds: [roleId], deptIds: [deptId] });
    const other = await signIn(`${account}x`, 'first1');
    expect(await accepted(b.access)).toBe(200);

    const changed = await api(base, a.access, 'POST', path, { json: { oldPassword: 'first1', newPassword: 'second2', newPassword1: 'second2' } });
    expect(changed.body, JSON.stringify(changed.body)).toMatchObject({ success: true });

    expect(await accepted(b.access)).toBe(401);
    // nor can the ended session come back through its refresh token
    expect((await tokenCall(base, { grantType: 'refresh_token', extra: { refresh_token: b.refresh } })).status).not.toBe(200);
    expect(await accepted(a.access)).toBe(200);
    const refreshed = await tokenCall(base, { grantType: 'refresh_token', extra: { refresh_token: a.refresh } });
    expect(refreshed.status).toBe(200);
    expect(await accepted(other.access)).toBe(200);
    // the new password signs in
    await signIn(account, 'second2');
  });

  it('a refused change (wrong old password) ends nothing', async () => {
    const account = `${prefix}k`;
    await createUser(h.data(), { tenantId: '000000', account, password: 'first1', roleIds: [roleId], deptIds: [deptId] });
    const a = await signIn(account, 'first1');
    const b = await signIn(account, 'first1');
    const refused = await api(base, a.access, 'POST', path, { json: { oldPassword: 'wrong1', newPassword: 'second2', newPassword1: 'second2' } });
    expect(refused.body).toMatchObject({ code: 400, msg: '原密码不正确!' });
    expect(await accepted(b.access)).toBe(200);
    expect(await accepted(a.access)).toBe(200);
  });
});
