// The system parameters' real uses: registration allowed, the default password
// of a new tenant's administrator, the login failure count of the lockout.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, login, startHarness, tokenCall, type Harness } from './helpers';
import { SEED_IDS } from '../../src-server/db/seed';

let h: Harness;
let base: string;
let admin: string;
const SYS = '/website-blade-system';

beforeAll(async () => {
  h = await startHarness();
  base = h.server.url;
  admin = await login(base);
});
afterAll(() => h.stop());

/** Sets a parameter of the admin tenant through the param endpoints. */
async function setParam(key: string, value: string): Promise<void> {
  const list = await api<{ records: { id: string; paramKey: string }[] }>(base, admin, 'GET', `${SYS}/param/list`, { query: { paramKey: key, size: 50 } });
  const row = list.body.data.records.find((r) => r.paramKey === key)!;
  const r = await api(base, admin, 'POST', `${SYS}/param/submit`, { json: { id: row.id, paramValue: value } });
  expect(r.body.success).toBe(true);
}

describe('parameters in use', () => {
  it('account.registerUser gates guest registration', async () => {
    const reg = () => api(base, admin, 'POST', `${SYS}/user/register-guest`, { json: { tenantId: '000000', name: '访客', account: 'p_guest', password: 'guestpw' } });
    await setParam('account.registerUser', 'false');
    expect((await reg()).body.msg).toBe('当前系统暂未开启注册功能');
    await setParam('account.registerUser', 'true');
    expect((await reg()).body).toMatchObject({ code: 200, success: true });
    await setParam('account.registerUser', 'false');
  });

  it('tenant.default.password is the new tenant administrator password', async () => {
    await setParam('tenant.default.password', 'Start#2024');
    const t = await api<{ tenantId: string }>(base, admin, 'POST', `${SYS}/tenant/submit`, { json: { tenantName: '参数公司', linkman: '王五', contactNumber: '13900000000' } });
    expect(t.body.success).toBe(true);
    const tenantId = String(t.body.data.tenantId);
    expect((await tokenCall(base, { tenantId, username: 'admin', password: 'admin' })).status).not.toBe(200);
    const ok = await tokenCall(base, { tenantId, username: 'admin', password: 'Start#2024' });
    expect(ok.status).toBe(200);
    expect(ok.body.access_token).toBeTruthy();
  });

  it('account.failCount sets how many failures lock an account', async () => {
    await setParam('account.failCount', '2');
    const bad = () => tokenCall(base, { username: 'admin', password: 'wrong' });
    expect((await bad()).body.error_description).not.toBe('登录错误次数过多,请稍后再试');
    await bad();
    // locked now: even the right password is refused
    const locked = await tokenCall(base, { username: 'admin', password: 'admin' });
    expect(locked.status).not.toBe(200);
    expect(locked.body.error_description).toBe('登录错误次数过多,请稍后再试');
    h.advance(31 * 60 * 1000);
    expect((await tokenCall(base, { username: 'admin', password: 'admin' })).status).toBe(200);
  });
  it('account.initPassword is the password a reset gives a user of the tenant', async () => {
    const made = await api(base, admin, 'POST', `${SYS}/user/submit`, {
      json: { account: 'p_reset', name: '重置', realName: '重置', password: 'first1', password2: 'first1', roleId: SEED_IDS.userRole, deptId: SEED_IDS.dept },
    });
    expect(made.body.success).toBe(true);
    const list = await api<{ records: { id: string; account: string }[] }>(base, admin, 'GET', `${SYS}/user/list`, { query: { account: 'p_reset' } });
    const id = list.body.data.records.find((r) => r.account === 'p_reset')!.id;
    await setParam('account.initPassword', 'Init#777');
    expect((await api(base, admin, 'POST', `${SYS}/user/reset-password`, { query: { userIds: id } })).body.success).toBe(true);
    expect((await tokenCall(base, { username: 'p_reset', password: '123456' })).status).not.toBe(200);
    expect((await tokenCall(base, { username: 'p_reset', password: 'Init#777' })).status).toBe(200);
    // shorter than a new password may be: refused with the reason, the password unchanged
    await setParam('account.initPassword', '1');
    const short = await api(base, admin, 'POST', `${SYS}/user/reset-password`, { query: { userIds: id } });
    expect(short.body).toMatchObject({ code: 400, msg: '密码长度不能少于6位: 请先在参数管理中修改 account.initPassword' });
    expect((await tokenCall(base, { username: 'p_reset', password: 'Init#777' })).status).toBe(200);
    await setParam('account.initPassword', '123456');
  });
});
