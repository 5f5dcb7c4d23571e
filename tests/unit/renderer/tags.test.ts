import { describe, expect, it } from 'vitest';
import { closeTag, isClosable, openTag, tagsAfterNavigation } from '../../../src-renderer/router/tags';
import type { GuardInput } from '../../../src-renderer/router/guard';

describe('tag bar rules', () => {
  it('keeps the welcome page first and adds each page once', () => {
    let tags = openTag([], '/system/param');
    expect(tags).toEqual(['/wel/index', '/system/param']);
    tags = openTag(tags, '/system/param');
    tags = openTag(tags, '/system/user');
    expect(tags).toEqual(['/wel/index', '/system/param', '/system/user']);
  });

  it('is closable only while more than one tag exists', () => {
    expect(isClosable(['/wel/index'])).toBe(false);
    expect(isClosable(['/wel/index', '/system/param'])).toBe(true);
    expect(closeTag(['/wel/index'], '/wel/index', '/wel/index')).toEqual({ tags: ['/wel/index'], next: null });
  });

  it('moves to the neighbour when the active tag is closed', () => {
    const tags = ['/wel/index', '/a', '/b'];
    expect(closeTag(tags, '/b', '/b')).toEqual({ tags: ['/wel/index', '/a'], next: '/a' });
    expect(closeTag(tags, '/a', '/a')).toEqual({ tags: ['/wel/index', '/b'], next: '/b' });
    expect(closeTag(tags, '/a', '/b')).toEqual({ tags: ['/wel/index', '/b'], next: null });
  });
});

describe('tabs follow every arrival at a location (navigate, typed URL, back/forward)', () => {
  const known = new Set(['/system/param', '/system/user']);
  const at = (path: string, over: Partial<GuardInput> = {}): GuardInput => ({ path, loggedIn: true, locked: false, isKnown: (p) => known.has(p), ...over });

  it('a known page or a static route opens its tab once; query and trailing slash do not make a second one', () => {
    let tags = tagsAfterNavigation(['/wel/index'], at('/system/param'));
    expect(tags).toEqual(['/wel/index', '/system/param']);
    const same = tagsAfterNavigation(tags, at('/system/param/?x=1'));
    expect(same).toBe(tags);
    tags = tagsAfterNavigation(tags, at('/info/index'));
    tags = tagsAfterNavigation(tags, at('/dict-vertical/index'));
    tags = tagsAfterNavigation(tags, at('/myiframe/https%3A%2F%2Fexample.com'));
    expect(tags).toEqual(['/wel/index', '/system/param', '/info/index', '/dict-vertical/index', '/myiframe/https%3A%2F%2Fexample.com']);
  });

  it('redirected or public locations open nothing: unknown path (/404), /, /login, locked, signed out', () => {
    const tags = ['/wel/index', '/system/param'];
    for (const input of [
      at('/nope/index'),
      at('/'),
      at('/404'),
      at('/login'),
      at('/lock', { locked: true }),
      at('/system/user', { locked: true }),
      at('/system/user', { loggedIn: false }),
    ]) {
      expect(tagsAfterNavigation(tags, input)).toBe(tags);
    }
  });

  it('the home tab is put back first when missing', () => {
    expect(tagsAfterNavigation([], at('/system/user'))).toEqual(['/wel/index', '/system/user']);
  });
});
