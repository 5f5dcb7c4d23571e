import { describe, expect, it } from 'vitest';
import zh from '../../../src-renderer/i18n/zh';
import en from '../../../src-renderer/i18n/en';
import { screenClass } from '../../../src-renderer/hooks/screenClass';
import { MENU_TREE, type MenuSeed } from '../../../src-server/db/seed-menus';
import { TOP_MENUS } from '../../../src-server/modules/shell';

const keys = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' && v ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`]));

describe('i18n resources', () => {
  it('en has exactly the keys of zh, none empty (menu labels: zh uses the server names)', () => {
    const own = (list: string[]) => list.filter((k) => !k.startsWith('menu.')).sort();
    expect(own(keys(en))).toEqual(own(keys(zh)));
    expect(en.menu.param).toBe('Parameters');
    for (const k of keys(en)) expect(k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], en)).not.toBe('');
  });

  it('has an en label for every menu a fresh install seeds', () => {
    const codes = (items: MenuSeed[]): string[] => items.flatMap((m) => [m.code, ...codes(m.children ?? [])]);
    const missing = codes(MENU_TREE).filter((code) => !(code in en.menu));
    expect(missing).toEqual([]);
  });

  it('has an en label for every top menu a fresh install seeds (menu.top_<code>)', () => {
    expect(TOP_MENUS.map(([code]) => `top_${code}`).filter((key) => !(key in en.menu))).toEqual([]);
  });

  it('carries the spec messages in zh', () => {
    expect(zh.login.title).toBe('登录');
    expect([zh.login.tenantRequired, zh.login.usernameRequired, zh.login.passwordRequired, zh.login.captchaRequired]).toEqual([
      '请输入租户ID', '请输入用户名', '请输入密码', '请输入验证码',
    ]);
    expect([zh.crud.addSuccess, zh.crud.updateSuccess, zh.crud.deleteSuccess]).toEqual(['新增成功', '更新成功', '删除成功']);
    expect([zh.crud.confirmTitle, zh.crud.confirmDelete, zh.crud.selectAtLeastOne]).toEqual(['提示', '确定将选择数据删除?', '请选择至少一条数据']);
  });
});

describe('screen size class', () => {
  it('is 3 at >= 1200, 2 at >= 992, 1 at >= 768, else 0', () => {
    expect([1920, 1200, 1199, 992, 991, 768, 767, 320].map(screenClass)).toEqual([3, 3, 2, 2, 1, 1, 0, 0]);
  });
});
