import { describe, expect, it } from 'vitest';
import { fuzzyMatch, menuLeaves, prefixMatch } from '../../../src-renderer/components/shell/search';
import { needsRegistration, registerProblem } from '../../../src-renderer/components/shell/register';
import { avatarProblem } from '../../../src-renderer/pages/info/profile';
import { USER_INFO } from '../../../src-shared/declarations/account-inputs';
import { firstBroken } from '../../../src-shared/declarations/declare';
import { closeAll, closeOthers, closeTag, isTagClosable, openTag } from '../../../src-renderer/router/tags';
import { decide, HOME_PATH, INFO_PATH } from '../../../src-renderer/router/guard';
import { isChunkLoadError } from '../../../src-renderer/errors/report';
import { antdThemeOf, cssVarsOf, DEFAULT_COLOUR, THEMES } from '../../../src-renderer/themes';
import type { MenuNode } from '../../../src-shared/wire';

const node = (id: string, name: string, path: string, children?: MenuNode[]): MenuNode =>
  ({ id, parentId: '0', code: id, name, alias: 'menu', path, source: '', sort: 1, category: 1, action: 0, isOpen: 1, remark: '', children }) as MenuNode;

describe('menu search', () => {
  const tree = [node('sys', '系统管理', '/system', [node('param', '参数管理', '/system/param'), node('user', '用户管理', '/system/user')]), node('wel', '首页', '/wel/index')];
  const leaves = menuLeaves(tree, (n) => n.name);

  it('searches leaves only, by name prefix', () => {
    expect(leaves.map((l) => l.path)).toEqual(['/system/param', '/system/user', '/wel/index']);
    expect(prefixMatch(leaves, '参数').map((l) => l.label)).toEqual(['参数管理']);
    expect(prefixMatch(leaves, '管理')).toEqual([]);
    expect(prefixMatch(leaves, '  ')).toHaveLength(3);
  });

  it('autocomplete puts prefix matches before contained ones', () => {
    expect(fuzzyMatch(leaves, '管理').map((l) => l.label)).toEqual(['参数管理', '用户管理']);
    expect(fuzzyMatch(leaves, '用').map((l) => l.label)).toEqual(['用户管理']);
  });
});

describe('registration dialog checks, in the spec order', () => {
  const ok = { tenantId: '000000', name: 'n', account: 'a', password: 'secret', password2: 'secret' };
  it('reports the first failing check', () => {
    expect(registerProblem({ ...ok, tenantId: '', account: '' })).toBe('shell.tenantRequired');
    expect(registerProblem({ ...ok, account: ' ', password: '' })).toBe('shell.accountRequired');
    expect(registerProblem({ ...ok, password2: '' })).toBe('shell.passwordRequired');
    expect(registerProblem({ ...ok, password2: 'q' })).toBe('shell.passwordMismatch');
    expect(registerProblem({ ...ok, password: 'p', password2: 'p' })).toBe('shell.passwordShort');
    expect(registerProblem(ok)).toBeNull();
  });
  it('shows for a missing or negative user id only', () => {
    expect(needsRegistration('')).toBe(true);
    expect(needsRegistration(undefined)).toBe(true);
    expect(needsRegistration('-1')).toBe(true);
    expect(needsRegistration('1123598821738675201')).toBe(false);
  });
});

describe('personal info checks', () => {
  it('phone (its declaration, USER_INFO): empty, length, format', () => {
    const problem = (v: string) => firstBroken(USER_INFO.fields.phone, v)?.message ?? null;
    expect(problem('')).toBeNull(); // optional: the seeded administrator has none
    expect(problem('138')).toBe('accountForm.phoneLength');
    expect(problem('23800138000')).toBe('accountForm.phoneFormat');
    expect(problem('13800138000')).toBeNull();
  });
  it('avatar: jpg or png up to 500 kb', () => {
    expect(avatarProblem({ type: 'image/gif', size: 10 })).toBe('shell.info.avatarType');
    expect(avatarProblem({ type: 'image/png', size: 500 * 1024 + 1 })).toBe('shell.info.avatarSize');
    expect(avatarProblem({ type: 'image/jpeg', size: 500 * 1024 })).toBeNull();
  });
});

describe('tab rules', () => {
  it('the last tab and the guide tab cannot be closed', () => {
    expect(isTagClosable([HOME_PATH], HOME_PATH)).toBe(false);
    expect(isTagClosable([HOME_PATH, '/a'], HOME_PATH)).toBe(false);
    expect(isTagClosable([HOME_PATH, '/a'], '/a')).toBe(true);
    // the guide page is closable when it is not the first-page setting
    expect(isTagClosable([HOME_PATH, '/a'], HOME_PATH, '/a')).toBe(true);
    expect(closeTag([HOME_PATH, '/a'], HOME_PATH, HOME_PATH)).toEqual({ tags: [HOME_PATH, '/a'], next: null });
  });
  it('close others keeps the guide tab and the chosen one; close all keeps the guide tab', () => {
    const tags = openTag(openTag(openTag([], '/a'), '/b'), '/c');
    expect(closeOthers(tags, '/b')).toEqual([HOME_PATH, '/b']);
    expect(closeOthers(tags, HOME_PATH)).toEqual([HOME_PATH]);
    expect(closeAll()).toEqual([HOME_PATH]);
  });
  it('the personal info page is an authenticated static route opened as a tab', () => {
    expect(decide({ path: INFO_PATH, loggedIn: true, locked: false, isKnown: () => false })).toEqual({ kind: 'render', tab: true });
    expect(decide({ path: INFO_PATH, loggedIn: false, locked: false, isKnown: () => false })).toEqual({ kind: 'redirect', to: '/login' });
  });
});

describe('themes and chunk failures', () => {
  it('offers the 11 themes of the spec, each with its own look', () => {
    expect(THEMES).toEqual(['default', 'white', 'dark', 'star', 'smart', 'iview', 'vip', 'cool', 'd2', 'hey', 'lte']);
    const looks = new Set(THEMES.map((t) => JSON.stringify(cssVarsOf(t))));
    expect(looks.size).toBe(11);
    expect(antdThemeOf('default', DEFAULT_COLOUR).token?.colorPrimary).toBe('#2EA300');
    expect(DEFAULT_COLOUR).toBe('#2EA300');
  });
  it("turns antd's animations off when the system asks for reduced motion, and keeps them otherwise", () => {
    for (const name of THEMES) {
      expect(antdThemeOf(name, DEFAULT_COLOUR).token?.motion).toBe(true);
      expect(antdThemeOf(name, DEFAULT_COLOUR, false).token?.motion).toBe(false);
    }
  });
  it('recognises ChunkLoadError and CSS_CHUNK_LOAD_FAILED', () => {
    expect(isChunkLoadError(Object.assign(new Error('x'), { name: 'ChunkLoadError' }))).toBe(true);
    expect(isChunkLoadError({ code: 'CSS_CHUNK_LOAD_FAILED', message: '' })).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new Error('other'))).toBe(false);
  });
});
