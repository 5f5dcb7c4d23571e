// Which cached reads a write touches (src-shared/writes.ts): a write touches every
// read of its area (the services sharing the part after blade-), dictionaries are
// written by the dict / dict-biz writes; and the renderer's caches drop exactly
// those (warm first pages: crud/firstPage.ts; option lists and dictionaries:
// crud/useOptions.ts).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { areaOf, isDictWrite, isWriteMethod, pathOf, resourceOf, writeTouches } from '../../../src-shared/writes';

const bridge = vi.hoisted(() => ({ calls: [] as { channel: string; req: unknown }[], reply: (_channel: string, _req: unknown): unknown => null }));
vi.mock('../../../src-renderer/platform/bridge', () => ({
  call: (channel: string, req: unknown) => {
    bridge.calls.push({ channel, req });
    return Promise.resolve(bridge.reply(channel, req));
  },
  onEvent: () => () => undefined,
}));

describe('write rules', () => {
  it('takes every method but GET as a write', () => {
    expect(isWriteMethod('post')).toBe(true);
    expect(isWriteMethod('PUT')).toBe(true);
    expect(isWriteMethod('delete')).toBe(true);
    expect(isWriteMethod('get')).toBe(false);
    expect(isWriteMethod('GET')).toBe(false);
  });

  it('reads the path, the resource and the area of a URL', () => {
    expect(pathOf('/website-blade-material/websiteGroup/remove?ids=1,2')).toBe('/website-blade-material/websiteGroup/remove');
    expect(pathOf('/a/b/')).toBe('/a/b');
    expect(resourceOf('/website-blade-material/websiteGroup/submit')).toBe('/website-blade-material/websiteGroup');
    expect(resourceOf('/website-blade-material/websiteGroup/page?current=1')).toBe('/website-blade-material/websiteGroup');
    expect(resourceOf('/website/LanguageList')).toBe('/website');
    expect(areaOf('/website-blade-material/websiteGroup/submit')).toBe('material');
    expect(areaOf('/seo-blade-material/importTask/page')).toBe('material');
    expect(areaOf('/blade-material/websiteNavbar/page')).toBe('material');
    expect(areaOf('/website-blade-system/dict/submit')).toBe('system');
    expect(areaOf('/website/LanguageList')).toBe('website');
  });

  it('a write touches the reads of its area, across the services that share it, and no other', () => {
    // the same resource: the list and the selects of website groups
    expect(writeTouches('/website-blade-material/websiteGroup/save', '/website-blade-material/websiteGroup/page')).toBe(true);
    expect(writeTouches('/website-blade-material/websiteGroup/save', '/website-blade-material/websiteGroup/listGroup')).toBe(true);
    // another resource of the area (the website list shows its group's name; a keyword import adds import tasks)
    expect(writeTouches('/website-blade-material/websiteGroup/update', '/website-blade-material/websiteInfo/listGroup')).toBe(true);
    expect(writeTouches('/website-blade-material/keyword/import', '/seo-blade-material/importTask/page')).toBe(true);
    // other areas
    expect(writeTouches('/website-blade-material/websiteGroup/save', '/website-blade-system/user/page')).toBe(false);
    expect(writeTouches('/website-blade-article/article/submit', '/website-blade-material/websiteGroup/listGroup')).toBe(false);
    expect(writeTouches('/website-blade-system/dict/submit', '/blade-flow/work/todo-list')).toBe(false);
  });

  it('knows the dictionary writes', () => {
    expect(isDictWrite('/website-blade-system/dict/submit')).toBe(true);
    expect(isDictWrite('/website-blade-system/dict-biz/remove')).toBe(true);
    expect(isDictWrite('/website-blade-system/dict/dictionary')).toBe(false);
    expect(isDictWrite('/website-blade-system/param/submit')).toBe(false);
  });
});

describe('renderer caches', () => {
  beforeEach(() => {
    bridge.calls = [];
    bridge.reply = (_channel, req) => ({ code: 200, success: true, msg: '', data: (req as { url: string }).url.endsWith('/page') ? { records: [{ id: '1' }], total: 1 } : [{ id: '1', name: 'g' }] });
  });

  it('a write drops the warm first pages of its area only', async () => {
    const { warmFirstPage, hasWarmPage, dropWarmPages } = await import('../../../src-renderer/crud/firstPage');
    const groups = { code: 'g', title: 'g', api: { list: '/website-blade-material/websiteGroup/page', remove: '' }, columns: [] };
    const users = { code: 'u', title: 'u', api: { list: '/website-blade-system/user/page', remove: '' }, columns: [] };
    await warmFirstPage(groups);
    await warmFirstPage(users);
    expect(hasWarmPage(groups) && hasWarmPage(users)).toBe(true);
    dropWarmPages('/seo-blade-material/importTask/save');
    expect(hasWarmPage(groups)).toBe(false);
    expect(hasWarmPage(users)).toBe(true);
  });

  it('a page asked for before a write of its area is not kept', async () => {
    const { warmFirstPage, hasWarmPage, dropWarmPages } = await import('../../../src-renderer/crud/firstPage');
    const groups = { code: 'g2', title: 'g', api: { list: '/website-blade-material/websiteGroup/page', remove: '' }, columns: [] };
    const asked = warmFirstPage(groups);
    dropWarmPages('/website-blade-material/websiteGroup/save');
    await asked;
    expect(hasWarmPage(groups)).toBe(false);
    await warmFirstPage(groups);
    expect(hasWarmPage(groups)).toBe(true);
  });

  it('a dictionary write drops every dictionary; another write keeps them', async () => {
    const { warmColumnOptions, dropOptions } = await import('../../../src-renderer/crud/useOptions');
    bridge.reply = () => [{ dictKey: '1', dictValue: 'v' }];
    const columns = [{ name: 'sex', label: 'sex', dict: 'sex' }];
    const dictReads = () => bridge.calls.filter((c) => c.channel === 'dict:get').length;
    await warmColumnOptions(columns);
    await warmColumnOptions(columns);
    expect(dictReads()).toBe(1); // kept
    dropOptions({ url: '/website-blade-system/param/submit', at: Date.now() });
    await warmColumnOptions(columns);
    expect(dictReads()).toBe(1);
    dropOptions({ url: '/website-blade-system/dict/submit', at: Date.now() });
    await warmColumnOptions(columns);
    expect(dictReads()).toBe(2); // read again
  });
});
