import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuNode } from '../../src-shared/wire';
import { api, login, startHarness, type Harness } from './helpers';
import { hashPasswordDigest, md5Hex } from '../../src-server/auth/passwords';
import { sql } from '../../src-server/db/data-layer';

// The shell's own endpoints on the embedded back end (src-server/modules/shell).

let h: Harness;
let base: string;
let admin: string;

beforeAll(async () => {
  h = await startHarness();
  base = h.server.url;
  admin = await login(base);
});
afterAll(() => h.stop());

const USER = '/website-blade-system/user';
const flat = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);

describe('top menus', () => {
  it('lists the seeded top menus and filters routes by topMenuId', async () => {
    const top = await api<{ id: string; name: string }[]>(base, admin, 'GET', '/website-blade-system/menu/top-menu');
    expect(top.body.data.map((m) => m.name)).toEqual(['站群业务', '系统运维']);
    const ops = top.body.data[1].id;
    const routes = await api<MenuNode[]>(base, admin, 'GET', '/website-blade-system/menu/routes', { query: { topMenuId: ops } });
    const names = routes.body.data.map((n) => n.name);
    expect(names).toContain('系统管理');
    expect(names).not.toContain('站点管理');
    expect(flat(routes.body.data).some((n) => n.path === '/system/param')).toBe(true);
  });
});

describe('user self-service', () => {
  it('info without the password hash, update-info with the phone checks', async () => {
    const info = await api<Record<string, unknown>>(base, admin, 'GET', `${USER}/info`);
    expect(info.body.data).toMatchObject({ account: 'admin', realName: '管理员' });
    expect(info.body.data).not.toHaveProperty('password');
    // no phone at all is fine (the seeded administrator has none); one given is checked, in Chinese
    const none = await api(base, admin, 'POST', `${USER}/update-info`, { json: { phone: '', realName: '管理员' } });
    expect(none.body).toMatchObject({ code: 200, success: true });
    for (const [phone, msg] of [
      ['123', '手机号码长度不是11位'],
      ['23800138000', '手机号码格式不正确'],
    ]) {
      const r = await api(base, admin, 'POST', `${USER}/update-info`, { json: { phone } });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ code: 400, success: false, msg });
    }
    // the console's English: the same checks in its language (Accept-Language), a fr caller the spec's Chinese
    for (const [phone, msg] of [
      ['123', 'The mobile number must have 11 digits'],
      ['23800138000', 'The mobile number is not valid'],
    ]) {
      const r = await api(base, admin, 'POST', `${USER}/update-info`, { json: { phone }, headers: { 'Accept-Language': 'en-US,en;q=0.9' } });
      expect(r.body).toMatchObject({ code: 400, success: false, msg });
    }
    const fr = await api(base, admin, 'POST', `${USER}/update-info`, { json: { phone: '123' }, headers: { 'Accept-Language': 'fr' } });
    expect(fr.body.msg).toBe('手机号码长度不是11位');
    const ok = await api(base, admin, 'POST', `${USER}/update-info`, { json: { phone: '13800138000', realName: '超管', email: 'a@b.cn' } });
    expect(ok.body).toMatchObject({ code: 200, success: true });
    const again = await api<Record<string, unknown>>(base, admin, 'GET', `${USER}/info`);
    expect(again.body.data).toMatchObject({ phone: '13800138000', realName: '超管', email: 'a@b.cn' });
  });

  it('update-password checks the confirmation and the old password', async () => {
    const short = await api(base, admin, 'POST', `${USER}/update-password`, { json: { oldPassword: 'admin', newPassword: 'x', newPassword1: 'x' } });
    expect(short.body).toMatchObject({ code: 400, msg: '密码长度不能少于6位' });
    const mismatch = await api(base, admin, 'POST', `${USER}/update-password`, { json: { oldPassword: 'admin', newPassword: 'x1x1x1', newPassword1: 'x2x2x2' } });
    expect(mismatch.body).toMatchObject({ code: 400, msg: '两次密码输入不一致' });
    const wrong = await api(base, admin, 'POST', `${USER}/update-password`, { json: { oldPassword: 'nope', newPassword: 'x1x1x1', newPassword1: 'x1x1x1' } });
    expect(wrong.body).toMatchObject({ code: 400, msg: '原密码不正确!' });
    const en = (json: Record<string, unknown>) => api(base, admin, 'POST', `${USER}/update-password`, { json, headers: { 'Accept-Language': 'en' } });
    expect((await en({ oldPassword: '', newPassword: 'x1x1x1', newPassword1: 'x1x1x1' })).body.msg).toBe('Please enter the old password');
    expect((await en({ oldPassword: 'admin', newPassword: 'x1x1x1', newPassword1: '' })).body.msg).toBe('Please confirm the password');
    expect((await en({ oldPassword: 'admin', newPassword: 'x', newPassword1: 'x' })).body.msg).toBe('The password must be at least 6 characters long');
    expect((await en({ oldPassword: 'nope', newPassword: 'x1x1x1', newPassword1: 'x1x1x1' })).body.msg).toBe('The old password is not correct');
    const done = await api(base, admin, 'POST', `${USER}/update-password`, { json: { oldPassword: 'admin', newPassword: 'x1x1x1', newPassword1: 'x1x1x1' } });
    expect(done.body.success).toBe(true);
    await expect(login(base, { password: 'x1x1x1' })).resolves.toBeTruthy();
    // the seeded 'admin' is shorter than a new password may be: put it back in the database for the other tests
    await h.data().run(sql`UPDATE blade_user SET password = ${hashPasswordDigest(md5Hex('admin'))} WHERE account = 'admin' AND tenant_id = '000000'`);
  });

  it('register-guest: checks in order, gated by account.registerUser, creates a pending user', async () => {
    const reg = (json: Record<string, unknown>) => api(base, admin, 'POST', `${USER}/register-guest`, { json });
    expect((await reg({ tenantId: '000000', account: '', password: '' })).body.msg).toBe('请先输入账号名称');
    expect((await reg({ tenantId: '000000', account: 'guest', password: '' })).body.msg).toBe('请先输入密码');
    expect((await reg({ tenantId: '000000', account: 'guest', password: 'a', password2: 'b' })).body.msg).toBe('两次密码输入不一致');
    expect((await reg({ tenantId: '000000', account: 'guest', password: 'a', password2: 'a' })).body.msg).toBe('密码长度不能少于6位');
    expect((await reg({ tenantId: '000000', account: 'guest', password: 'guestpw' })).body.msg).toBe('当前系统暂未开启注册功能');
    await h.data().run(sql`UPDATE blade_param SET param_value = 'true' WHERE param_key = 'account.registerUser'`);
    expect((await reg({ tenantId: '000000', account: 'admin', password: 'guestpw' })).body.msg).toBe('当前用户 [admin] 已存在!');
    const regEn = async (json: Record<string, unknown>) =>
      (await api(base, admin, 'POST', `${USER}/register-guest`, { json, headers: { 'Accept-Language': 'en' } })).body.msg;
    expect(await regEn({ tenantId: '000000', account: '', password: '' })).toBe('Please enter the account name first');
    expect(await regEn({ tenantId: '000000', account: 'guest', password: '' })).toBe('Please enter the password first');
    expect(await regEn({ tenantId: 'nosuch', account: 'guest', password: 'guestpw' })).toBe('The tenant information is not correct');
    expect(await regEn({ tenantId: '000000', account: 'admin', password: 'guestpw' })).toBe('The user [admin] already exists');
    const ok = await reg({ tenantId: '000000', name: '访客', account: 'guest', password: 'guestpw', oauthId: '-1' });
    expect(ok.body).toMatchObject({ code: 200, success: true });
    const row = await h.data().get(sql`SELECT role_id, dept_id, real_name FROM blade_user WHERE account = 'guest'`);
    expect(row).toEqual({ role_id: '-1', dept_id: '-1', real_name: '访客' });
  });

  it('dept/select and role/select give the caller’s own departments and roles', async () => {
    const depts = await api<{ deptName: string }[]>(base, admin, 'GET', '/website-blade-system/dept/select');
    expect(depts.body.data.map((d) => d.deptName)).toEqual(['SEO矩阵']);
    const roles = await api<{ roleAlias: string }[]>(base, admin, 'GET', '/website-blade-system/role/select');
    expect(roles.body.data.map((r) => r.roleAlias)).toEqual(['administrator']);
  });
});

describe('error log upload and notices', () => {
  it('stores uploaded local logs in blade_log_error', async () => {
    const r = await api(base, admin, 'POST', '/blade-log/error/upload', {
      json: [{ type: 'error', url: 'app://#/x', message: 'boom', stack: 'at x', info: 'i', time: '2026-01-01 00:00:00' }],
    });
    expect(r.body).toMatchObject({ code: 200, success: true });
    const row = await h.data().get(sql`SELECT message, stack_trace, request_uri, create_by FROM blade_log_error WHERE message = 'boom'`);
    expect(row).toEqual({ message: 'boom', stack_trace: 'at x', request_uri: 'app://#/x', create_by: 'admin' });
    const bad = await api(base, admin, 'POST', '/blade-log/error/upload', { json: [{ type: 'error' }] });
    expect(bad.body).toMatchObject({ code: 400, msg: '日志内容不能为空' });
    const badEn = await api(base, admin, 'POST', '/blade-log/error/upload', { json: [{ type: 'error' }], headers: { 'Accept-Language': 'en' } });
    expect(badEn.body).toMatchObject({ code: 400, msg: 'A log entry needs a message' });
  });

  it('lists notices for the bell, paged', async () => {
    const r = await api<{ records: { title: string }[]; total: number }>(base, admin, 'GET', '/website-blade-desk/notice/list', { query: { current: 1, size: 2 } });
    expect(r.body.data.total).toBe(3);
    expect(r.body.data.records).toHaveLength(2);
  });

  it('refuses without a token', async () => {
    const r = await api(base, null, 'GET', `${USER}/info`);
    expect(r.status).toBe(401);
  });
});
