// Notices' list filters (title like, category_equal, release date range) and the
// OSS / SMS categories as dictionaries (`oss`, `sms`) matching what the server accepts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { CATEGORY_DICTS_MIGRATION } from '../../src-server/modules/admin/resources';
import { postgresDataLayer, sql, sqliteDataLayer } from '../../src-server/db/data-layer';
import { api, ENGINE, login, otherTenantAdmin, sharedPostgres, startHarness, type Harness } from './helpers';

let h: Harness;
let base: string;
let admin: string;
const N = '/website-blade-desk/notice';
type Row = Record<string, unknown> & { id: string; title: string };
type Page = { records: Row[]; total: number };

beforeAll(async () => {
  h = await startHarness();
  base = h.server.url;
  admin = await login(base);
});
afterAll(() => h.stop());

const list = async (token: string, query: Record<string, string | number>) => {
  const r = await api<Page>(base, token, 'GET', `${N}/list`, { query: { current: 1, size: 50, ...query } });
  expect(r.status).toBe(200);
  return r.body.data;
};

describe('notice list filters', () => {
  it('title (like), category_equal and releaseTime range narrow the list; the tenant sees only its own', async () => {
    const add = async (title: string, category: number, releaseTime: string) => {
      const r = await api(base, admin, 'POST', `${N}/submit`, { json: { title, category, releaseTime, content: 'x' } });
      expect(r.body.msg).toBe('操作成功');
    };
    await add('过滤测试 春节放假', 1, '2031-01-20 09:00:00');
    await add('过滤测试 五一放假', 2, '2031-04-28 09:00:00');
    await add('过滤测试 国庆放假', 2, '2031-09-28 09:00:00');

    const byTitle = await list(admin, { title: '过滤测试' });
    expect(byTitle.records.map((r) => r.title)).toEqual(['过滤测试 国庆放假', '过滤测试 五一放假', '过滤测试 春节放假']);
    expect((await list(admin, { title: '五一' })).records.map((r) => r.title)).toEqual(['过滤测试 五一放假']);
    const cat2 = await list(admin, { title: '过滤测试', category_equal: 2 });
    expect(cat2.records.map((r) => r.title)).toEqual(['过滤测试 国庆放假', '过滤测试 五一放假']);
    const range = await list(admin, { releaseTime_datege: '2031-01-01 00:00:00', releaseTime_datelt: '2031-06-01 00:00:00' });
    expect(range.records.map((r) => r.title)).toEqual(['过滤测试 五一放假', '过滤测试 春节放假']);
    expect(range.total).toBe(2);
    const all = await list(admin, {});
    expect(all.total).toBe(byTitle.total + 3); // the three seeded notices

    const other = await otherTenantAdmin(h, '300001', '通知隔离');
    expect((await list(other, { title: '过滤测试' })).total).toBe(0);
  });
});

describe('oss and sms categories', () => {
  const dict = async (code: string) => {
    const r = await api<{ dictKey: string; dictValue: string }[]>(base, admin, 'GET', '/website-blade-system/dict/dictionary', { query: { code } });
    expect(r.status).toBe(200);
    return r.body.data.map((d) => [d.dictKey, d.dictValue]);
  };

  it('the dictionaries hold the categories 1-5 the server accepts (5: the built-in one)', async () => {
    expect(await dict('oss')).toEqual([['1', 'minio'], ['2', '七牛云'], ['3', '阿里云'], ['4', '腾讯云'], ['5', '本地存储']]);
    expect(await dict('sms')).toEqual([['1', '云片'], ['2', '七牛云'], ['3', '阿里云'], ['4', '腾讯云'], ['5', '内置发件箱']]);
    // the built-in local storage row is category 5
    const oss = await api<Page>(base, admin, 'GET', '/blade-resource/oss/list', { query: { ossCode: 'local' } });
    expect(oss.body.data.records.map((r) => r.category)).toEqual([5]);
    // a key outside the dictionary is refused
    const bad = await api(base, admin, 'POST', '/blade-resource/oss/submit', {
      json: { category: 6, ossCode: 'x6', endpoint: 'http://127.0.0.1', accessKey: 'a', secretKey: 's', bucketName: 'b' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('请选择分类');
    const badSms = await api(base, admin, 'POST', '/blade-resource/sms/submit', {
      json: { category: 6, smsCode: 'x6', templateId: 't', accessKey: 'a', secretKey: 's', signName: 'n' },
    });
    expect(badSms.status).toBe(400);
    expect(badSms.body.msg).toBe('请选择分类');
  });

  it('migration 410 aligns a database seeded with the older lists', async () => {
    // an empty database of the engine under test, holding only the older lists
    const data = ENGINE === 'postgres' ? postgresDataLayer(await (await sharedPostgres()).createDatabase(), { max: 1 }) : sqliteDataLayer(new Database(':memory:'));
    try {
      await data.exec(`CREATE TABLE blade_dict (id TEXT PRIMARY KEY, parent_id TEXT NOT NULL DEFAULT '0', code TEXT NOT NULL, dict_key TEXT NOT NULL,
        dict_value TEXT NOT NULL, sort INTEGER NOT NULL DEFAULT 1, remark TEXT, is_sealed INTEGER NOT NULL DEFAULT 0, is_deleted INTEGER NOT NULL DEFAULT 0)`);
      const ins = (id: string, parent: string, code: string, key: string, value: string, sort: number) =>
        data.run(sql`INSERT INTO blade_dict (id, parent_id, code, dict_key, dict_value, sort) VALUES (${id}, ${parent}, ${code}, ${key}, ${value}, ${sort})`);
      await ins('o', '0', 'oss', '-1', '对象存储类型', 1);
      for (const [i, v] of ['minio', '七牛云', '阿里云', '腾讯云', '华为云', 'amazon s3', '本地存储'].entries()) await ins(`o${i + 1}`, 'o', 'oss', String(i + 1), v, i + 1);
      await ins('s', '0', 'sms', '-1', '短信服务类型', 2);
      for (const [i, v] of ['云片', '七牛云', '阿里云', '腾讯云'].entries()) await ins(`s${i + 1}`, 's', 'sms', String(i + 1), v, i + 1);
      await data.exec(CATEGORY_DICTS_MIGRATION.sql);
      const live = async (code: string) =>
        (await data.all(sql<{ k: string; v: string }>`
          SELECT dict_key AS k, dict_value AS v FROM blade_dict WHERE code = ${code} AND parent_id <> '0' AND is_deleted = 0 ORDER BY sort`)).map((r) => [r.k, r.v]);
      expect(await live('oss')).toEqual([['1', 'minio'], ['2', '七牛云'], ['3', '阿里云'], ['4', '腾讯云'], ['5', '本地存储']]);
      expect(await live('sms')).toEqual([['1', '云片'], ['2', '七牛云'], ['3', '阿里云'], ['4', '腾讯云'], ['5', '内置发件箱']]);
      expect((await data.get(sql<{ p: string }>`SELECT parent_id AS p FROM blade_dict WHERE code = 'sms' AND dict_key = '5'`))!.p).toBe('s');
    } finally {
      await data.close();
    }
  });
});
