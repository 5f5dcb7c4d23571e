import { describe, expect, it } from 'vitest';
import type { MenuNode } from '../../../src-shared/wire';
import { ancestorKeys, findByPath, openKeysAfter, uniqueOpenKeys, userRoles, visibleMenu } from '../../../src-renderer/session/menu';
import { isPlatformAdministrator, permissionMap } from '../../../src-renderer/session/permissions';

const node = (id: string, path: string, extra: Partial<MenuNode> = {}): MenuNode => ({
  id, parentId: '0', code: id, name: id, alias: 'menu', path, source: 'setting', sort: 1, category: 1, action: 0, isOpen: 1, ...extra,
});

const tree: MenuNode[] = [
  node('system', '/system', {
    children: [
      node('param', '/system/param'),
      node('user', '/system/user', { roles: ['administrator'] }),
      node('paramDetail', '/system/param/detail', { alias: 'hidden' }),
    ],
  }),
  node('content', '/content', { children: [node('site', '/content/site', { children: [node('siteInfo', '/content/site/info')] })] }),
  node('secret', '/secret', { roles: ['auditor'] }),
];

describe('menu tree', () => {
  it('hides items whose roles exclude the user and hidden children', () => {
    const visible = visibleMenu(tree, ['operator']);
    expect(visible.map((n) => n.code)).toEqual(['system', 'content']);
    expect(visible[0].children!.map((n) => n.code)).toEqual(['param']);
  });

  it('keeps items for a matching role and keeps hidden children when asked (guard)', () => {
    const admin = visibleMenu(tree, userRoles('administrator,auditor'));
    expect(admin.map((n) => n.code)).toEqual(['system', 'content', 'secret']);
    expect(admin[0].children!.map((n) => n.code)).toEqual(['param', 'user']);
    const routable = visibleMenu(tree, ['operator'], { keepHidden: true });
    expect(routable[0].children!.map((n) => n.code)).toEqual(['param', 'paramDetail']);
  });

  it('treats an empty or missing tree as an empty menu', () => {
    expect(visibleMenu(null, [])).toEqual([]);
  });

  it('finds items by path and their enclosing submenus', () => {
    expect(findByPath(tree, '/content/site/info')?.code).toBe('siteInfo');
    expect(ancestorKeys(tree, '/content/site/info')).toEqual(['group:content', 'group:site']);
    expect(ancestorKeys(tree, '/nowhere')).toEqual([]);
  });

  it('keeps only one submenu chain open (unique-opened)', () => {
    expect(uniqueOpenKeys(tree, ['group:system'], ['group:system', 'group:content'])).toEqual(['group:content']);
    expect(uniqueOpenKeys(tree, ['group:content'], ['group:content', 'group:site'])).toEqual(['group:content', 'group:site']);
    expect(uniqueOpenKeys(tree, ['group:content', 'group:site'], ['group:content'])).toEqual(['group:content']);
  });

  it('keeps the groups the user opened when only the tree changes; a new path opens its ancestors', () => {
    const fresh = structuredClone(tree); // the same menu revalidated: new objects
    // on the home page (no ancestors), the user opened 系统管理, then the tree came again
    expect(openKeysAfter(fresh, '/wel/index', ['group:system'], false)).toEqual(['group:system']);
    // a group gone from the new tree is dropped; with none left, the path's ancestors open
    expect(openKeysAfter(fresh, '/content/site/info', ['group:gone'], false)).toEqual(['group:content', 'group:site']);
    expect(openKeysAfter(fresh, '/wel/index', [], false)).toEqual([]);
    // the path changed (a menu click, a tab switch): its ancestors, whatever was open
    expect(openKeysAfter(fresh, '/content/site/info', ['group:system'], true)).toEqual(['group:content', 'group:site']);
  });
});

describe('button permissions', () => {
  it('turns the leaves of the buttons forest into a permission map', () => {
    const forest = [
      node('param', '/system/param', { children: [node('param_add', '', { category: 2 }), node('param_delete', '', { category: 2 })] }),
      node('user', '/system/user', { children: [node('user_view', '', { category: 2 })] }),
    ];
    expect(permissionMap(forest)).toEqual({ param_add: true, param_delete: true, user_view: true });
    expect(permissionMap(null)).toEqual({});
  });

  it('knows the platform administrator: alias administrator in tenant 000000 only', () => {
    expect(isPlatformAdministrator({ tenant_id: '000000', role_name: 'administrator' })).toBe(true);
    expect(isPlatformAdministrator({ tenant_id: '000000', role_name: 'user, administrator' })).toBe(true);
    expect(isPlatformAdministrator({ tenant_id: '000000', role_name: 'admin' })).toBe(false);
    expect(isPlatformAdministrator({ tenant_id: '100001', role_name: 'administrator' })).toBe(false);
    expect(isPlatformAdministrator(null)).toBe(false);
  });
});
