// SMS configurations (enable: one per tenant; send-message into the outbox),
// object-storage configurations, attachments recorded by put-file.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, login, SABER, startHarness, type Harness, otherTenantAdmin, PNG } from './helpers';
import { sql } from '../../src-server/db/data-layer';

let h: Harness;
let base: string;
let admin: string;
let other: string;
type Row = Record<string, unknown> & { id: string };
type Page = { records: Row[]; total: number };
const SMS = '/blade-resource/sms';
const OSS = '/blade-resource/oss';
const ATTACH = '/blade-resource/attach';

beforeAll(async () => {
  h = await startHarness();
  base = h.server.url;
  admin = await login(base);
  other = await otherTenantAdmin(h, '500001', '丁公司');
});
afterAll(() => h.stop());

const post = (path: string, json: unknown, token = admin, query?: Record<string, string>, headers: Record<string, string> = {}) => api<Row>(base, token, 'POST', path, { json, query, headers });
/** a console whose language is English: the server's messages in their en text */
const EN = { 'Accept-Language': 'en' };
const list = async (path: string, token = admin) => (await api<Page>(base, token, 'GET', `${path}/list`, { query: { current: 1, size: 50 } })).body.data;
const sms = (code: string) => ({ category: 1, smsCode: code, templateId: 'SMS_1', accessKey: 'ak', secretKey: 'sk', signName: '矩阵', regionId: 'cn-hangzhou' });

describe('sms configurations', () => {
  it('validate, add, and enable exactly one per tenant', async () => {
    const bad = await post(`${SMS}/submit`, { category: 1, templateId: 'x', accessKey: 'a', secretKey: 's', signName: 'n' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('请输入资源编号');
    const a = await post(`${SMS}/submit`, sms('aliyun-a'));
    const b = await post(`${SMS}/submit`, sms('aliyun-b'));
    expect(a.status).toBe(200);
    expect(a.body.data).toMatchObject({ smsCode: 'aliyun-a', status: 1, tenantId: '000000' });
    expect((await post(`${SMS}/submit`, sms('aliyun-a'))).body.msg).toBe('资源编号已存在');
    // status cannot be set by submit
    expect((await post(`${SMS}/submit`, { id: a.body.data.id, status: 2 })).body.data.status).toBe(1);

    const mine = await post(`${SMS}/submit`, sms('mine'), other);
    expect((await post(`${SMS}/enable`, undefined, other, { id: mine.body.data.id })).body.success).toBe(true);

    expect((await post(`${SMS}/enable`, undefined, admin, { id: a.body.data.id })).body.success).toBe(true);
    expect((await post(`${SMS}/enable`, undefined, admin, { id: b.body.data.id })).body.success).toBe(true);
    const rows = (await list(SMS)).records;
    expect(rows.filter((r) => r.status === 2).map((r) => r.smsCode)).toEqual(['aliyun-b']);
    // the other tenant's enabled one is untouched, and cannot be enabled from here
    expect((await list(SMS, other)).records.map((r) => [r.smsCode, r.status])).toEqual([['mine', 2]]);
    expect((await post(`${SMS}/enable`, undefined, admin, { id: mine.body.data.id })).body.msg).toBe('数据不存在');
    expect((await post(`${SMS}/enable`, undefined, admin, { id: mine.body.data.id }, EN)).body.msg).toBe('The data does not exist');
    expect((await post(`${SMS}/enable`, undefined, admin, {}, EN)).body.msg).toBe('A required request parameter is missing: id');
    expect((await api(base, admin, 'GET', `${SMS}/detail`, { query: { id: mine.body.data.id } })).body.data).toBeNull();
  });

  it('send-message checks phones and writes one outbox row per phone through the enabled configuration', async () => {
    const send = (query: Record<string, string>, token = admin, headers: Record<string, string> = {}) => post(`${SMS}/endpoint/send-message`, undefined, token, query, headers);
    expect((await send({ code: 'aliyun-b', phones: '' })).body.msg).toBe('手机号码不能为空');
    expect((await send({ code: 'aliyun-b', phones: '1380000000' })).body.msg).toBe('手机号码长度不是11位');
    expect((await send({ code: 'aliyun-b', phones: '12800000000' })).body.msg).toBe('手机号码格式不正确');
    expect((await send({ code: 'aliyun-b', phones: '13800000000', params: 'nope' })).body.msg).toBe('短信参数格式错误');
    expect((await send({ code: 'aliyun-a', phones: '13800000000' })).body.msg).toBe('短信配置未启用');
    expect((await send({ code: 'mine', phones: '13800000000' })).body.msg).toBe('短信配置不存在');
    expect((await send({ code: 'aliyun-b', phones: '13800000000', params: 'nope' }, admin, EN)).body.msg).toBe('The SMS parameters are not valid (a JSON object)');
    expect((await send({ code: 'aliyun-a', phones: '13800000000' }, admin, EN)).body.msg).toBe('The SMS configuration is not enabled');
    expect((await send({ code: 'mine', phones: '13800000000' }, admin, EN)).body.msg).toBe('The SMS configuration does not exist');
    expect((await send({ phones: '13800000000' }, admin, EN)).body.msg).toBe('A required request parameter is missing: code');
    const sent = await send({ code: 'aliyun-b', phones: '13800000000,13900000001', params: JSON.stringify({ code: '1234' }) });
    expect(sent.body).toMatchObject({ code: 200, success: true });
    const outbox = await h.data().all(sql`SELECT tenant_id, sms_code, template_id, sign_name, phone, params, provider FROM blade_sms_outbox ORDER BY phone`);
    expect(outbox).toEqual([
      { tenant_id: '000000', sms_code: 'aliyun-b', template_id: 'SMS_1', sign_name: '矩阵', phone: '13800000000', params: '{"code":"1234"}', provider: 'outbox' },
      { tenant_id: '000000', sms_code: 'aliyun-b', template_id: 'SMS_1', sign_name: '矩阵', phone: '13900000001', params: '{"code":"1234"}', provider: 'outbox' },
    ]);
  });
});

describe('oss configurations', () => {
  it('the built-in local storage is seeded and enabled for the admin tenant', async () => {
    const rows = (await list(OSS)).records;
    expect(rows.map((r) => [r.ossCode, r.category, r.status])).toEqual([['local', 5, 2]]);
  });

  it('validate, add, edit, enable one, remove', async () => {
    const oss = (code: string) => ({ category: 1, ossCode: code, endpoint: 'http://127.0.0.1:9000', accessKey: 'a', secretKey: 's', bucketName: 'b' });
    expect((await post(`${OSS}/submit`, { ...oss('x'), bucketName: '' })).body.msg).toBe('请输入空间名');
    const a = await post(`${OSS}/submit`, oss('minio-a'));
    const b = await post(`${OSS}/submit`, oss('minio-b'));
    expect(a.body.data).toMatchObject({ ossCode: 'minio-a', status: 1 });
    expect((await post(`${OSS}/submit`, { id: a.body.data.id, bucketName: 'c' })).body.data).toMatchObject({ bucketName: 'c' });
    await post(`${OSS}/enable`, undefined, admin, { id: a.body.data.id });
    await post(`${OSS}/enable`, undefined, admin, { id: b.body.data.id });
    expect((await list(OSS)).records.filter((r) => r.status === 2).map((r) => r.ossCode)).toEqual(['minio-b']);
    expect((await list(OSS)).records.find((r) => r.ossCode === 'local')?.status).toBe(1);
    expect((await list(OSS, other)).total).toBe(0);
    expect((await post(`${OSS}/remove`, undefined, admin, { ids: a.body.data.id })).body.success).toBe(true);
    expect((await list(OSS)).total).toBe(2);
    // the enabled storage is where uploads go: nothing answers at minio-b's address, and the uploader is told so
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG)]), 'logo.png');
    const res = await fetch(`${base}/blade-resource/oss/endpoint/put-file`, { method: 'POST', headers: { Authorization: SABER, 'Blade-Auth': `bearer ${admin}` }, body: form });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { msg: string }).msg).toBe('上传失败: 对象存储 minio-b (127.0.0.1:9000/b) 无法连接 (ECONNREFUSED)');
    // the built-in local storage enabled again: uploads go to the data folder (below)
    const local = (await list(OSS)).records.find((r) => r.ossCode === 'local')!;
    await post(`${OSS}/enable`, undefined, admin, { id: local.id });
  });
});

describe('attachments', () => {
  it('every put-file is listed; detail; remove deletes the file; tenants isolated', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG)]), 'logo.png');
    const res = await fetch(`${base}/blade-resource/oss/endpoint/put-file`, { method: 'POST', headers: { Authorization: SABER, 'Blade-Auth': `bearer ${admin}` }, body: form });
    const up = (await res.json()) as { data: { link: string; name: string } };
    expect(up.data.link).toMatch(/\/endpoint\/file\//);
    const page = await list(ATTACH);
    expect(page.total).toBe(1);
    expect(page.records[0]).toMatchObject({ id: up.data.name, name: up.data.name, originalName: 'logo.png', extension: 'png', attachSize: PNG.length, link: up.data.link });
    expect((await api<Row>(base, admin, 'GET', `${ATTACH}/detail`, { query: { id: up.data.name } })).body.data).toMatchObject({ originalName: 'logo.png' });
    expect((await list(ATTACH, other)).total).toBe(0);
    expect((await api(base, other, 'GET', `${ATTACH}/detail`, { query: { id: up.data.name } })).body.data).toBeNull();
    // submit edits the record an upload wrote (its original name), in the caller's tenant only
    expect((await post(`${ATTACH}/submit`, { id: up.data.name, originalName: '' })).body.msg).toBe('请输入附件原名');
    expect((await post(`${ATTACH}/submit`, { id: 'nothing.png', originalName: 'x.png' })).body.msg).toBe('附件不存在');
    expect((await post(`${ATTACH}/submit`, { originalName: 'x.png' })).status).toBe(400);
    expect((await post(`${ATTACH}/submit`, { id: up.data.name, originalName: '' }, admin, undefined, EN)).body.msg).toBe("Please enter the attachment's original name");
    expect((await post(`${ATTACH}/submit`, { id: up.data.name, originalName: 'x'.repeat(256) }, admin, undefined, EN)).body.msg).toBe(
      "The attachment's original name may not exceed 255 characters",
    );
    expect((await post(`${ATTACH}/submit`, { id: 'nothing.png', originalName: 'x.png' }, admin, undefined, EN)).body.msg).toBe('The attachment does not exist');
    expect((await post(`${ATTACH}/submit`, { originalName: 'x.png' }, admin, undefined, EN)).body.msg).toBe('Upload the attachment first');
    expect((await post(`${ATTACH}/remove`, undefined, admin, {}, EN)).body.msg).toBe('Please select at least one row');
    expect((await post(`${ATTACH}/submit`, { id: up.data.name, originalName: '站标.png' }, other)).body.msg).toBe('附件不存在');
    expect((await post(`${ATTACH}/submit`, { id: up.data.name, originalName: '站标.png' })).body.success).toBe(true);
    expect((await api<Row>(base, admin, 'GET', `${ATTACH}/detail`, { query: { id: up.data.name } })).body.data).toMatchObject({ originalName: '站标.png', name: up.data.name });
    await post(`${ATTACH}/remove`, undefined, other, { ids: up.data.name });
    const file = join(h.dataDir, 'upload', up.data.name);
    expect(existsSync(file)).toBe(true);
    expect((await post(`${ATTACH}/remove`, undefined, admin, { ids: up.data.name })).body.success).toBe(true);
    expect(existsSync(file)).toBe(false);
    expect((await list(ATTACH)).total).toBe(0);
    expect((await fetch(new URL(up.data.link, base).toString())).status).toBe(404);
  });
});
