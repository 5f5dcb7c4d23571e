import { describe, expect, it } from 'vitest';
import { addRecent } from '../../../src-renderer/stores/recent';
import { recordLabel } from '../../../src-renderer/crud/recent';
import type { ScreenDef } from '../../../src-renderer/crud/types';

const rec = (path: string, id: string, time = 0) => ({ path, id, label: `${path}#${id}`, time });

describe('recently opened records', () => {
  it('newest first, one entry per screen and id, bounded', () => {
    let list = addRecent([], rec('/a', '1', 1));
    list = addRecent(list, rec('/a', '2', 2));
    list = addRecent(list, rec('/b', '1', 3));
    list = addRecent(list, rec('/a', '1', 4));
    expect(list.map((r) => `${r.path}#${r.id}@${r.time}`)).toEqual(['/a#1@4', '/b#1@3', '/a#2@2']);
    expect(addRecent(list, rec('/c', '9'), 2).map((r) => r.path + r.id)).toEqual(['/c9', '/a1']);
  });

  it('names a record by the screen’s label column, else its first text column with a value, else its id', () => {
    const def: ScreenDef = {
      code: 'x',
      title: 'x',
      api: { list: '/l', remove: '/r' },
      columns: [
        { name: 'category', label: 'c', valueType: 'select' },
        { name: 'secret', label: 's', hideInTable: true },
        { name: 'code', label: 'k' },
        { name: 'name', label: 'n' },
      ],
    };
    expect(recordLabel(def, { id: '7', category: 1, secret: 'hidden', code: '', name: '矩阵站' })).toBe('矩阵站');
    expect(recordLabel(def, { id: '7', code: 'site-1', name: '矩阵站' })).toBe('site-1');
    expect(recordLabel({ ...def, recordLabel: 'name' }, { id: '7', code: 'site-1', name: '矩阵站' })).toBe('矩阵站');
    expect(recordLabel(def, { id: '7' })).toBe('#7');
  });
});
