import { describe, expect, it } from 'vitest';
import { checkedFromGranted, grantedFromChecked, halfCheckedOf, toNodes } from '../../../src-renderer/screens/system/components/grantTree';
import { replaceChildren, toAntTree, withLazyMarkers } from '../../../src-renderer/crud/tree';
import { toSubmitData, toFormValues } from '../../../src-renderer/crud/values';
import type { ScreenDef } from '../../../src-renderer/crud/types';

// the shape of the package and user screens' tree fields
const screen: ScreenDef = {
  code: 'x',
  title: 'x',
  api: { list: '/l', remove: '/r', submit: '/s' },
  columns: [
    { name: 'packageName', label: 'a' },
    { name: 'menuId', label: 'b', valueType: 'treeSelect', multiple: true, treeUrl: '/menu/tree' },
    { name: 'parentId', label: 'c', valueType: 'treeSelect', treeUrl: '/dept/tree' },
  ],
};

const tree = toNodes([
  { id: 's', title: '系统管理', children: [
    { id: 'u', title: '用户管理', children: [{ id: 'ua', title: '新增' }, { id: 'ue', title: '修改' }] },
    { id: 'p', title: '参数管理', children: [{ id: 'pv', title: '查看' }] },
  ] },
]);

describe('grant trees', () => {
  it('ticks only fully granted nodes so a granted parent does not tick all its children', () => {
    const checked = checkedFromGranted(tree, new Set(['s', 'u', 'ua', 'p', 'pv']));
    expect(checked.sort()).toEqual(['p', 'pv', 'ua']);
    expect(halfCheckedOf(tree, new Set(checked)).sort()).toEqual(['s', 'u']);
  });

  it('sends ticked plus half-ticked keys, as BladeX stores both', () => {
    expect(grantedFromChecked(['ua'], ['u', 's']).sort()).toEqual(['s', 'u', 'ua']);
  });
});

describe('tree lists and tree fields', () => {
  it('marks lazy rows with hasChildren as expandable and replaces a loaded level', () => {
    const rows = withLazyMarkers([{ id: '1', hasChildren: true }, { id: '2', hasChildren: false }]);
    expect(rows[0]!.children).toEqual([]);
    expect(rows[1]).not.toHaveProperty('children');
    const next = replaceChildren(rows, 'id', '1', [{ id: '3' }]);
    expect(next[0]!.children).toEqual([{ id: '3' }]);
  });

  it('maps TreeNodes to antd tree data', () => {
    expect(toAntTree([{ id: 1, title: 'A', children: [{ id: 2, title: 'B' }] }])).toEqual([
      { value: '1', key: '1', title: 'A', children: [{ value: '2', key: '2', title: 'B' }] },
    ]);
  });

  it('sends multi tree selections comma-joined and reads them back; single trees as one id', () => {
    expect(toSubmitData(screen, { packageName: 'p', menuId: ['1', '2'], parentId: '5' }, 'u1')).toEqual({ id: 'u1', packageName: 'p', menuId: '1,2', parentId: '5' });
    expect(toFormValues(screen, { menuId: '1,2', parentId: '5' })).toMatchObject({ menuId: ['1', '2'], parentId: '5' });
  });
});
