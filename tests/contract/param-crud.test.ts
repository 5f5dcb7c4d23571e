import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Param } from '../../src-shared/wire';
import { formatDateTime } from '../../src-server/util/dates';
import { sql } from '../../src-server/db/data-layer';
import { api, login, startHarness, type Harness, otherTenantAdmin } from './helpers';

let h: Harness;
let base: string;
let admin: string;
const P = '/website-blade-system/param';

beforeAll(async () => {
  h = await startHarness();
  base = h.server.url;
  admin = await login(base);
});
afterAll(() => h.stop());

const list = async (token: string, query: Record<string, string | number> = {}) =>
  (await api<Page<Param>>(base, token, 'GET', `${P}/list`, { query })).body;
const submit = (token: string, json: unknown) => api<Param>(base, token, 'POST', `${P}/submit`, { json });

describe('param CRUD', () => {
  it('lists the seeded params as a page', async () => {
    const body = await list(admin);
    expect(body).toMatchObject({ code: 200, success: true, msg: '操作成功' });
    expect(body.data).toMatchObject({ total: 6, size: 10, current: 1, pages: 1, orders: [] });
    const keys = body.data.records.map((r) => r.paramKey);
    expect(keys).toEqual(expect.arrayContaining(['account.registerUser', 'account.initPassword', 'account.failCount', 'tenant.default.password']));
    const reg = body.data.records.find((r) => r.paramKey === 'account.registerUser')!;
    expect(reg).toMatchObject({ paramValue: 'false', tenantId: '000000', isDeleted: 0, status: 1 });
    expect(reg.id).toMatch(/^\d{19}$/);
    expect(reg.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('adds, reads, edits and soft-deletes a param', async () => {
    const added = await submit(admin, { paramName: '测试参数', paramKey: 'test.key', paramValue: 'v1', remark: 'r' });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ code: 200, success: true, msg: '操作成功' });
    const id = added.body.data.id;
    expect(id).toMatch(/^\d+$/);
    expect(added.body.data).toMatchObject({ tenantId: '000000', createUser: '1123598821738675201', createDept: '1123598813738675201', status: 1, isDeleted: 0 });

    const detail = await api<Param>(base, admin, 'GET', `${P}/detail`, { query: { id } });
    expect(detail.body.data).toMatchObject({ id, paramName: '测试参数', paramKey: 'test.key', paramValue: 'v1', remark: 'r' });

    const edited = await submit(admin, { id, paramValue: 'v2' });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ id, paramName: '测试参数', paramKey: 'test.key', paramValue: 'v2' });
    // editing a row keeps its own key (unique check excludes itself)
    expect((await submit(admin, { id, paramKey: 'test.key', paramName: '改名' })).status).toBe(200);
    expect((await list(admin)).data.total).toBe(7);

    const removed = await api(base, admin, 'POST', `${P}/remove`, { query: { ids: id } });
    expect(removed.body).toMatchObject({ code: 200, success: true });
    expect((await list(admin)).data.total).toBe(6);
    const gone = await api(base, admin, 'GET', `${P}/detail`, { query: { id } });
    expect(gone.body).toMatchObject({ code: 200, data: null });
    const row = await h.data().get(sql`SELECT is_deleted, param_value FROM blade_param WHERE id = ${id}`);
    expect(row).toEqual({ is_deleted: 1, param_value: 'v2' });
    // a removed key can be reused
    expect((await submit(admin, { paramName: 'again', paramKey: 'test.key', paramValue: 'v' })).status).toBe(200);
  });

  it('removes several ids given as a form field', async () => {
    const a = (await submit(admin, { paramName: 'a', paramKey: 'batch.a', paramValue: '1' })).body.data.id;
    const b = (await submit(admin, { paramName: 'b', paramKey: 'batch.b', paramValue: '1' })).body.data.id;
    const res = await api(base, admin, 'POST', `${P}/remove`, { form: { ids: `${a},${b}` } });
    expect(res.body.success).toBe(true);
    expect((await list(admin, { paramKey: 'batch.' })).data.total).toBe(0);
  });

  it('refuses a remove without ids', async () => {
    for (const opts of [{}, { query: { ids: '' } }, { query: { ids: ' , ' } }]) {
      const res = await api(base, admin, 'POST', `${P}/remove`, opts);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 400, success: false, data: null, msg: '请选择至少一条数据' });
    }
  });

  it('also serves page, save and update', async () => {
    const saved = await api<Param>(base, admin, 'POST', `${P}/save`, { json: { paramName: 's', paramKey: 'save.k', paramValue: '1' } });
    expect(saved.status).toBe(200);
    const updated = await api<Param>(base, admin, 'POST', `${P}/update`, { json: { id: saved.body.data.id, paramValue: '2' } });
    expect(updated.body.data.paramValue).toBe('2');
    const noId = await api(base, admin, 'POST', `${P}/update`, { json: { paramValue: '2' } });
    expect(noId.status).toBe(400);
    const page = await api<Page<Param>>(base, admin, 'GET', `${P}/page`, { query: { paramKey_equal: 'save.k' } });
    expect(page.body.data.records.map((r) => r.paramValue)).toEqual(['2']);
  });
});

describe('param list filters and paging', () => {
  beforeAll(async () => {
    for (let i = 1; i <= 12; i++) {
      const r = await submit(admin, { paramName: `分页参数${i}`, paramKey: `page.k${i}`, paramValue: `${i % 3}` });
      expect(r.status).toBe(200);
    }
  });

  it('pages with current and size, newest first', async () => {
    const p1 = await list(admin, { paramKey: 'page.k', size: 5, current: 1 });
    expect(p1.data).toMatchObject({ total: 12, size: 5, current: 1, pages: 3 });
    expect(p1.data.records).toHaveLength(5);
    expect(p1.data.records[0].paramKey).toBe('page.k12');
    const p3 = await list(admin, { paramKey: 'page.k', size: 5, current: 3 });
    expect(p3.data.records.map((r) => r.paramKey)).toEqual(['page.k2', 'page.k1']);
    const beyond = await list(admin, { paramKey: 'page.k', size: 5, current: 9 });
    expect(beyond.data.records).toEqual([]);
    const asc = await list(admin, { paramKey: 'page.k', size: 3, ascs: 'create_time,paramKey' });
    expect(asc.data.orders).toEqual([{ column: 'create_time', asc: true }, { column: 'param_key', asc: true }]);
    expect(asc.data.records[0].paramKey).toBe('page.k1');
  });

  it('filters with LIKE by default and = with _equal, skipping empty values and unknown keys', async () => {
    expect((await list(admin, { paramKey: 'page.k1' })).data.total).toBe(4); // k1, k10, k11, k12
    expect((await list(admin, { paramKey_equal: 'page.k1' })).data.total).toBe(1);
    expect((await list(admin, { paramName: '分页参数1', paramValue_equal: '1' })).data.total).toBe(2); // 1, 10
    expect((await list(admin, { paramKey_like: 'page.k1', paramKey_notequal: 'page.k1' })).data.total).toBe(3);
    expect((await list(admin, { paramKey: 'page.k', paramName: '' })).data.total).toBe(12);
    expect((await list(admin, { paramKey: 'page.k', nosuch: 'x', "paramKey' OR 1=1 --": 'x' })).data.total).toBe(12);
    // LIKE wildcards in the value are literal
    expect((await list(admin, { paramKey: '%' })).data.total).toBe(0);
    expect((await list(admin, { paramKey: 'page_k' })).data.total).toBe(0);
  });

  it('filters creation time with _datege and _datelt', async () => {
    const day = 24 * 3600 * 1000;
    h.advance(-3 * day);
    try {
      const old = await login(base);
      expect((await submit(old, { paramName: '旧参数', paramKey: 'old.k', paramValue: '1' })).status).toBe(200);
    } finally {
      h.advance(3 * day);
    }
    const cut = formatDateTime(Date.now() - day);
    const before = await list(admin, { createTime_datelt: cut });
    expect(before.data.records.map((r) => r.paramKey)).toEqual(['old.k']);
    const after = await list(admin, { createTime_datege: cut, paramKey: 'old.' });
    expect(after.data.total).toBe(0);
    const range = await list(admin, {
      createTime_datege: formatDateTime(Date.now() - 4 * day),
      createTime_datelt: formatDateTime(Date.now() - 2 * day),
    });
    expect(range.data.records.map((r) => r.paramKey)).toEqual(['old.k']);
    const bad = await api(base, admin, 'GET', `${P}/list`, { query: { createTime_datege: 'yesterday' } });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('createTime_datege');
  });
});

describe('param validation', () => {
  const valid = { paramName: 'n', paramKey: 'valid.k', paramValue: 'v' };
  const cases: [string, Record<string, unknown>, string][] = [
    ['missing name', { paramKey: 'x1', paramValue: 'v' }, '请输入参数名称'],
    ['blank name', { ...valid, paramName: '   ' }, '请输入参数名称'],
    ['long name', { ...valid, paramName: 'x'.repeat(256) }, '参数名称不能超过255个字符'],
    ['missing key', { paramName: 'n', paramValue: 'v' }, '请输入参数键名'],
    ['long key', { ...valid, paramKey: 'k'.repeat(256) }, '参数键名不能超过255个字符'],
    ['missing value', { paramName: 'n', paramKey: 'x2' }, '请输入参数键值'],
    ['null value', { ...valid, paramValue: null }, '请输入参数键值'],
    ['long remark', { ...valid, remark: 'r'.repeat(256) }, '备注不能超过255个字符'],
    ['duplicate key', { ...valid, paramKey: 'account.registerUser' }, '参数键名已存在'],
    ['first failing rule wins', {}, '请输入参数名称'],
  ];
  for (const [label, body, msg] of cases) {
    it(`refuses ${label}`, async () => {
      const res = await submit(admin, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 400, success: false, data: null, msg });
    });
  }

  it('refuses blanking a field or taking another key on edit, and changes nothing', async () => {
    const id = (await submit(admin, { ...valid, paramKey: 'edit.k' })).body.data.id;
    expect((await submit(admin, { id, paramName: '' })).body.msg).toBe('请输入参数名称');
    expect((await submit(admin, { id, paramKey: 'account.initPassword' })).body.msg).toBe('参数键名已存在');
    const detail = await api<Param>(base, admin, 'GET', `${P}/detail`, { query: { id } });
    expect(detail.body.data).toMatchObject({ paramName: 'n', paramKey: 'edit.k' });
  });

  it('refuses a non-object body and bad JSON', async () => {
    const arr = await submit(admin, [1, 2]);
    expect(arr.status).toBe(400);
    expect(arr.body.code).toBe(400);
    const res = await fetch(`${base}${P}/submit`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Blade-Auth': `bearer ${admin}` },
      body: '{"paramName":',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { success: boolean }).success).toBe(false);
  });

  it('ignores client-sent audit fields', async () => {
    const res = await submit(admin, { ...valid, paramKey: 'audit.k', tenantId: '123456', isDeleted: 1, createUser: '1' });
    expect(res.body.data).toMatchObject({ tenantId: '000000', isDeleted: 0, createUser: '1123598821738675201' });
  });
});

describe('tenant scoping', () => {
  let other: string;
  let otherParamId: string;
  let adminParamId: string;

  beforeAll(async () => {
    // its admin role holds the param screen only (a package with that one screen)
    other = await otherTenantAdmin(h, '100001', '第二租户', ['param']);
    adminParamId = (await list(admin, { paramKey_equal: 'account.registerUser' })).data.records[0].id;
  });

  it('a second tenant sees none of tenant 000000 params and can reuse its keys', async () => {
    expect((await list(other)).data.total).toBe(0);
    const res = await submit(other, { paramName: '注册', paramKey: 'account.registerUser', paramValue: 'true' });
    expect(res.status).toBe(200);
    expect(res.body.data.tenantId).toBe('100001');
    otherParamId = res.body.data.id;
    expect((await list(other)).data.records.map((r) => r.paramValue)).toEqual(['true']);
    const mine = await list(admin, { paramKey_equal: 'account.registerUser' });
    expect(mine.data.records.map((r) => r.paramValue)).toEqual(['false']);
  });

  it('cannot read, edit or delete the other tenant rows, in either direction', async () => {
    for (const [token, id] of [
      [other, adminParamId],
      [admin, otherParamId],
    ]) {
      const detail = await api(base, token, 'GET', `${P}/detail`, { query: { id } });
      expect(detail.body.data).toBeNull();
      const edit = await submit(token, { id, paramValue: 'hacked' });
      expect(edit.status).toBe(400);
      expect(edit.body.success).toBe(false);
      const upd = await api(base, token, 'POST', `${P}/update`, { json: { id, paramValue: 'hacked' } });
      expect(upd.status).toBe(400);
      const del = await api(base, token, 'POST', `${P}/remove`, { query: { ids: id } });
      expect(del.status).toBe(400);
      expect(del.body.success).toBe(false);
    }
    const rows = await h.data().all(sql<{ param_value: string; is_deleted: number }>`
      SELECT id, param_value, is_deleted FROM blade_param WHERE id IN (${adminParamId}, ${otherParamId}) ORDER BY id`);
    expect(rows.map((r) => [r.param_value, r.is_deleted]).sort()).toEqual([['false', 0], ['true', 0]]);
  });

  it('gives the second tenant no menus it was not granted', async () => {
    type Node = { path: string; children?: Node[] };
    const r = await api<Node[]>(base, other, 'GET', '/website-blade-system/menu/routes');
    const paths = (nodes: Node[]): string[] => nodes.flatMap((n) => [n.path, ...paths(n.children ?? [])]);
    expect(r.body).toMatchObject({ code: 200 });
    expect(paths(r.body.data)).toEqual(['/system', '/system/param']);
  });
});

describe('errors', () => {
  it('answers unknown paths with 404 in the envelope', async () => {
    const res = await api(base, admin, 'GET', '/website-blade-system/nothing/here');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 404, success: false, data: null });
  });
  it('refuses detail without id', async () => {
    const res = await api(base, admin, 'GET', `${P}/detail`);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('缺少必要的请求参数: id');
  });
  it('answers an unexpected failure with 500 服务器异常 and no details', async () => {
    await h.data().exec('ALTER TABLE blade_param RENAME TO blade_param_away');
    try {
      const res = await api(base, admin, 'GET', `${P}/list`);
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ code: 500, success: false, data: null, msg: '服务器异常' });
    } finally {
      await h.data().exec('ALTER TABLE blade_param_away RENAME TO blade_param');
    }
    expect((await api(base, admin, 'GET', `${P}/list`)).status).toBe(200);
  });
});

describe('deep pages', () => {
  it('reads a page past the first thousand rows ids first, in the same order and with the same filter as the pages before it', async () => {
    // 1,305 rows (1,175 live): two per second, so half the order is decided by the id alone; the ids are a
    // permutation of the keys' order, so rows that come back in id order are in the wrong order
    const rows = Array.from({ length: 1305 }, (_, i) => ({
      id: String(7_000_000_000_000_000_000n + BigInt((i * 7919) % 1305)),
      key: `deep.${String(i).padStart(4, '0')}`,
      time: formatDateTime(Date.UTC(2024, 0, 1) + Math.floor(i / 2) * 1000),
    }));
    await h.data().transaction(async (trx) => {
      for (const r of rows) {
        await trx.run(sql`INSERT INTO blade_param (id, tenant_id, param_name, param_key, param_value, status, create_time, update_time, is_deleted)
          VALUES (${r.id}, '000000', ${r.key}, ${r.key}, 'v', 1, ${r.time}, ${r.time}, ${r.key.endsWith('7') ? 1 : 0})`);
      }
    });
    const live = rows.filter((r) => !r.key.endsWith('7'));
    expect(live.length).toBe(1175);
    const expected = [...live].sort((a, b) => (a.time === b.time ? (BigInt(b.id) > BigInt(a.id) ? 1 : -1) : a.time < b.time ? 1 : -1)).map((r) => r.key);
    const keysOf = async (current: number, query: Record<string, string | number> = {}) =>
      (await list(admin, { paramKey: 'deep.', size: 10, current, ...query })).data.records.map((r) => r.paramKey);
    // offsets 980 and 990 are read directly, 1000 and 1010 ids first (DEFERRED_FROM)
    const pages = [];
    for (const current of [99, 100, 101, 102]) pages.push(...(await keysOf(current)));
    expect(pages).toHaveLength(40);
    expect(pages).toEqual(expected.slice(980, 1020));
    expect((await list(admin, { paramKey: 'deep.', size: 10, current: 100 })).data.total).toBe(live.length);
    // the last page is short: its rows tell the total; a page past the end counts
    const lastPage = Math.ceil(live.length / 10);
    const last = (await list(admin, { paramKey: 'deep.', size: 10, current: lastPage })).data;
    expect(last.records.map((r) => r.paramKey)).toEqual(expected.slice((lastPage - 1) * 10));
    expect(last.records.length).toBeLessThan(10);
    expect(last.total).toBe(live.length);
    const past = (await list(admin, { paramKey: 'deep.', size: 10, current: lastPage + 3 })).data;
    expect(past).toMatchObject({ records: [], total: live.length, pages: lastPage });
    expect((await list(admin, { paramKey: 'deep.000', size: 10 })).data).toMatchObject({ total: 9, pages: 1 });
    // an explicit order and a size of 500 (offset 1000 on page 3)
    const asc = (await list(admin, { paramKey: 'deep.', size: 500, current: 3, ascs: 'paramKey' })).data.records.map((r) => r.paramKey);
    expect(asc).toHaveLength(175);
    expect(asc).toEqual([...expected].sort().slice(1000, 1500));
    expect(asc.every((k) => !k.endsWith('7'))).toBe(true);
  });
});
