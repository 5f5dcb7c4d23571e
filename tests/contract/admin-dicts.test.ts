import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DictItem } from '../../src-shared/wire';
import { api, login, startHarness, type Harness, otherTenantAdmin } from './helpers';

let h: Harness;
let base: string;
let admin: string;
const D = '/website-blade-system/dict';
const BIZ = '/website-blade-system/dict-biz';

type Row = Record<string, unknown> & { id: string };

beforeAll(async () => {
  h = await startHarness();
  base = h.server.url;
  admin = await login(base);
});
afterAll(() => h.stop());

const submit = (path: string, json: unknown, token = admin) => api<Row>(base, token, 'POST', `${path}/submit`, { json });
const dictionary = async (code: string, path = D, token = admin) =>
  (await api<DictItem[]>(base, token, 'GET', `${path}/dictionary`, { query: { code } })).body.data;

describe('system dictionaries', () => {
  it('validates parents and children with the spec messages', async () => {
    const cases: [unknown, string][] = [
      [{ dictValue: 'x', sort: 1, isSealed: 0 }, '请输入字典编号'],
      [{ code: 'c_test', sort: 1, isSealed: 0 }, '请输入字典名称'],
      [{ code: 'c_test', dictValue: 'x', isSealed: 0 }, '请输入字典排序'],
      [{ code: 'c_test', dictValue: 'x', sort: 1, isSealed: 3 }, '请选择字典封存'],
    ];
    for (const [json, msg] of cases) {
      const r = await submit(D, json);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ code: 400, success: false, msg });
    }
    // a business dictionary asked for without its code: zh, or en for an English console
    const uncoded = (headers: Record<string, string>) => api(base, admin, 'GET', `${BIZ}/dictionary`, { headers });
    expect((await uncoded({})).body).toMatchObject({ code: 400, msg: '缺少必要的请求参数: code' });
    expect((await uncoded({ 'Accept-Language': 'en' })).body).toMatchObject({ code: 400, msg: 'A required request parameter is missing: code' });
  });

  it('adds a parent and children, refuses duplicate keys, seals and removes', async () => {
    const parent = await submit(D, { code: 'c_test', dictValue: '测试字典', sort: 1, remark: 'r' });
    expect(parent.status).toBe(200);
    expect(parent.body.data).toMatchObject({ code: 'c_test', dictKey: '-1', parentId: '0', isSealed: 0, dictValue: '测试字典' });
    const pid = parent.body.data.id;
    expect((await submit(D, { code: 'c_test', dictValue: '重复', sort: 2 })).body.msg).toBe('当前字典键值已存在!');

    const noKey = await submit(D, { parentId: pid, code: 'c_test', dictValue: '甲', sort: 1, isSealed: 0 });
    expect(noKey.status).toBe(400);
    expect(noKey.body.msg).toBe('请输入字典键值');
    // a child takes its parent's code whatever it sends
    const a = await submit(D, { parentId: pid, code: 'other', dictKey: 'a', dictValue: '甲', sort: 2, isSealed: 0 });
    expect(a.body.data).toMatchObject({ parentId: pid, code: 'c_test', dictKey: 'a' });
    const b = await submit(D, { parentId: pid, code: 'c_test', dictKey: 'b', dictValue: '乙', sort: 1, isSealed: 0 });
    expect(b.status).toBe(200);
    const dup = await submit(D, { parentId: pid, code: 'c_test', dictKey: 'a', dictValue: '丙', sort: 3, isSealed: 0 });
    expect(dup.status).toBe(400);
    expect(dup.body.msg).toBe('当前字典键值已存在!');

    expect((await dictionary('c_test')).map((i) => [i.dictKey, i.dictValue])).toEqual([['b', '乙'], ['a', '甲']]);
    // edit: the served dictionary changes at once (the server cache is dropped)
    expect((await submit(D, { id: a.body.data.id, dictValue: '甲2' })).status).toBe(200);
    expect((await dictionary('c_test')).find((i) => i.dictKey === 'a')?.dictValue).toBe('甲2');
    // sealed entries disappear from dictionary
    expect((await submit(D, { id: b.body.data.id, isSealed: 1 })).status).toBe(200);
    expect((await dictionary('c_test')).map((i) => i.dictKey)).toEqual(['a']);

    const detail = await api<Row>(base, admin, 'GET', `${D}/detail`, { query: { id: b.body.data.id } });
    expect(detail.body.data).toMatchObject({ id: b.body.data.id, isSealed: 1, dictKey: 'b', code: 'c_test' });

    const parents = await api<{ records: Row[]; total: number }>(base, admin, 'GET', `${D}/parent-list`, { query: { code: 'c_te', current: 1, size: 10 } });
    expect(parents.body.data.records.map((r) => r.id)).toEqual([pid]);
    expect(parents.body.data.records[0]).toMatchObject({ hasChildren: true });
    const children = await api<{ records: Row[]; total: number }>(base, admin, 'GET', `${D}/child-list`, { query: { parentId: pid, current: 1, size: 10 } });
    expect(children.body.data.total).toBe(2);
    const lazy = await api<Row[]>(base, admin, 'GET', `${D}/child-list`, { query: { parentId: pid } });
    expect(lazy.body.data.map((r) => r.dictKey)).toEqual(['b', 'a']);

    const list = await api<Row[]>(base, admin, 'GET', `${D}/list`, { query: { code: 'c_test' } });
    expect(list.body.data).toHaveLength(1);
    expect((list.body.data[0].children as Row[]).map((r) => r.dictKey)).toEqual(['b', 'a']);
    const tree = await api<Row[]>(base, admin, 'GET', `${D}/tree`, { query: { code: 'DICT' } });
    const node = tree.body.data.find((n) => n.id === pid)!;
    expect(node).toMatchObject({ title: '测试字典 (c_test)', value: pid });
    expect((node.children as Row[]).length).toBe(2);
    expect(tree.body.data.some((n) => n.code === 'yes_no')).toBe(true);

    const refused = await api(base, admin, 'POST', `${D}/remove`, { query: { ids: pid } });
    expect(refused.body.msg).toBe('请先删除子节点!');
    expect((await api(base, admin, 'POST', `${D}/remove`, { query: { ids: a.body.data.id } })).body.success).toBe(true);
    expect(await dictionary('c_test')).toEqual([]);
    expect((await api(base, admin, 'POST', `${D}/remove`, { query: { ids: `${b.body.data.id},${pid}` } })).body.success).toBe(true);
    expect((await api(base, admin, 'GET', `${D}/detail`, { query: { id: pid } })).body.data).toBeNull();
  });
});

describe('business dictionaries', () => {
  it('are tenant-scoped: same code in two tenants, each sees its own', async () => {
    const p = await submit(BIZ, { code: 'biz_level', dictValue: '客户等级', sort: 1, isSealed: 0 });
    expect(p.status).toBe(200);
    expect(p.body.data).toMatchObject({ tenantId: '000000', dictKey: '-1' });
    const c = await submit(BIZ, { parentId: p.body.data.id, code: 'biz_level', dictKey: 'vip', dictValue: '贵宾', sort: 1, isSealed: 0 });
    expect(c.body.data).toMatchObject({ code: 'biz_level', dictKey: 'vip' });
    expect((await submit(BIZ, { parentId: p.body.data.id, code: 'biz_level', dictKey: 'vip', dictValue: '又一个', sort: 2, isSealed: 0 })).body.msg).toBe('当前字典键值已存在!');
    expect((await dictionary('biz_level', BIZ)).map((i) => i.dictKey)).toEqual(['vip']);

    const other = await otherTenantAdmin(h, '300001', '乙公司');
    {
      expect(await dictionary('biz_level', BIZ, other)).toEqual([]);
      const mine = await submit(BIZ, { code: 'biz_level', dictValue: '客户等级', sort: 1, isSealed: 0 }, other);
      expect(mine.status).toBe(200);
      const denied = await submit(BIZ, { parentId: p.body.data.id, code: 'biz_level', dictKey: 'x', dictValue: 'x', sort: 1, isSealed: 0 }, other);
      expect(denied.body.msg).toBe('父级字典不存在');
      expect((await api(base, other, 'GET', `${BIZ}/detail`, { query: { id: c.body.data.id } })).body.data).toBeNull();
    }
    const parents = await api<{ records: Row[] }>(base, admin, 'GET', `${BIZ}/parent-list`, { query: { current: 1, size: 10 } });
    expect(parents.body.data.records.map((r) => r.code)).toEqual(['biz_level']);
  });
});
