// Template pages (template page configs): the list / details page patterns are
// refused with their messages exactly when the site renderer would not use them;
// a category takes only an enabled page, but keeps a disabled one it holds; a page
// a category uses is not removed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articlePattern, categoryPattern } from '../../src-server/modules/content/deploy/site-paths';
import { api, login, startHarness, type Harness } from './helpers';

type Rec = Record<string, unknown>;
const P = '/blade-material/templatePageConfig';
let h: Harness;
let base: string;
let admin: string;

beforeAll(async () => {
  h = await startHarness();
  base = h.server.url;
  admin = await login(base);
});

afterAll(async () => {
  await h.stop();
});

const post = (path: string, json: unknown) => api<Rec>(base, admin, 'POST', path, { json });

describe('template pages', () => {
  it('refuses a pattern the renderer would not use, with its message, and stores what it accepts as the renderer reads it', async () => {
    const cases: [Rec, string][] = [
      [{ name: '' }, '请输入页面名称'],
      [{ name: 'n'.repeat(101) }, '页面名称不能超过100个字符'],
      [{ listPage: '' }, '请输入列表页'],
      [{ detailsPage: '' }, '请输入详情页'],
      [{ listPage: `${'a'.repeat(250)}/{cateId}/` }, '列表页不能超过255个字符'],
      [{ listPage: 'list' }, '列表页须包含栏目ID占位符{cateId}'],
      [{ detailsPage: 'detail.html' }, '详情页须包含文章ID占位符{id}'],
      [{ listPage: 'news/{cateId}/{id}/' }, '列表页只能使用占位符{cateId}'],
      [{ detailsPage: '{page}/{id}.html' }, '详情页只能使用占位符{cateId}和{id}'],
      [{ listPage: '新闻/{cateId}/' }, '列表页只能包含字母、数字和 - _ / . 以及占位符'],
      [{ detailsPage: 'a b/{id}.html' }, '详情页只能包含字母、数字和 - _ / . 以及占位符'],
      [{ listPage: '../{cateId}/' }, '列表页不能包含 . 或 .. 目录'],
      [{ detailsPage: 'x/./{id}.html' }, '详情页不能包含 . 或 .. 目录'],
    ];
    for (const [patch, msg] of cases) {
      const body = { name: '资讯', listPage: 'news/{cateId}/', detailsPage: 'news/{cateId}/{id}.html', status: 1, ...patch };
      const r = await post(`${P}/submit`, body);
      expect(r.body.msg, JSON.stringify(patch)).toBe(msg);
      expect(r.body.code).toBe(400);
      // the renderer refuses the same patterns (it falls back to its defaults)
      if ('listPage' in patch && patch.listPage !== '') expect(categoryPattern(patch.listPage)).toBeUndefined();
      if ('detailsPage' in patch && patch.detailsPage !== '') expect(articlePattern(patch.detailsPage)).toBeUndefined();
    }
    const ok = await post(`${P}/submit`, { name: '静态页', listPage: '/list-{cateId}.html', detailsPage: '//article//{id}.html', status: 1 });
    expect(ok.body.code).toBe(200);
    const stored = (await api<Rec>(base, admin, 'GET', `${P}/detail`, { query: { id: String(ok.body.data.id) } })).body.data;
    expect(stored).toMatchObject({ listPage: 'list-{cateId}.html', detailsPage: 'article/{id}.html', status: 1 });
    expect(categoryPattern(stored.listPage)).toBe('list-{cateId}.html');
    expect(articlePattern(stored.detailsPage)).toBe('article/{id}.html');
  });

  it('a category takes an enabled page only, keeps a disabled one it holds, and a page in use is not removed', async () => {
    const group = await post('/website-blade-material/websiteGroup/submit', { name: '页面分组', type: 0 });
    const groupId = String(group.body.data.id);
    const page = await post(`${P}/submit`, { name: '产品', listPage: 'p/{cateId}/', detailsPage: 'p/{cateId}/{id}.html', status: 1 });
    const pageId = String(page.body.data.id);
    const cate = await post('/seo-blade-article/cate/submit', { websiteGroupId: groupId, cateName: '产品栏目', type: 2, pageId, optStatus: 0 });
    expect(cate.body.code).toBe(200);
    const cateId = String(cate.body.data.id);
    expect((await api<Rec>(base, admin, 'POST', `${P}/remove`, { query: { ids: pageId } })).body.msg).toBe('该模板页面已被栏目使用，不能删除');
    const listed = (await api<{ records: Rec[] }>(base, admin, 'GET', `${P}/page`, { query: { name: '产品' } })).body.data.records;
    expect(listed.find((r) => r.id === pageId)?.cateCount).toBe(1);

    expect((await post(`${P}/submit`, { id: pageId, name: '产品', listPage: 'p/{cateId}/', detailsPage: 'p/{cateId}/{id}.html', status: 0 })).body.code).toBe(200);
    // the category holding it saves unchanged
    const detail = (await api<Rec>(base, admin, 'GET', '/seo-blade-article/cate/detail', { query: { id: cateId } })).body.data;
    expect((await post('/seo-blade-article/cate/update', detail)).body.code).toBe(200);
    // a new category, or one moved to it, is refused
    const refused = await post('/seo-blade-article/cate/submit', { websiteGroupId: groupId, cateName: '新栏目', type: 2, pageId, optStatus: 0 });
    expect(refused.body.msg).toBe('模板页面已停用，请选择启用的模板页面');
    const other = await post('/seo-blade-article/cate/submit', {
      websiteGroupId: groupId, cateName: '默认栏目', type: 2, optStatus: 0,
      pageId: String((await api<{ records: Rec[] }>(base, admin, 'GET', `${P}/page`, { query: { status_equal: 1 } })).body.data.records[0].id),
    });
    expect(other.body.code).toBe(200);
    const moved = await post('/seo-blade-article/cate/update', { id: String(other.body.data.id), websiteGroupId: groupId, cateName: '默认栏目', type: 2, pageId, optStatus: 0 });
    expect(moved.body.msg).toBe('模板页面已停用，请选择启用的模板页面');
  });
});
