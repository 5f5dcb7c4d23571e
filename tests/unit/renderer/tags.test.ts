import { describe, expect, it } from 'vitest';
import { closeTag, isClosable, openTag } from '../../../src-renderer/router/tags';

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
