// treeSelect input: options from a tree endpoint; multiple values are sent comma-joined.
import { useEffect, useState } from 'react';
import { TreeSelect } from 'antd';
import type { ColumnDef } from './types';
import { fetchTreeNodes, toAntTree } from './tree';

type AntTree = ReturnType<typeof toAntTree>;
const cache = new Map<string, Promise<AntTree>>();

export function loadTreeOptions(url: string, params?: Record<string, string | number>): Promise<AntTree> {
  const key = `${url}?${JSON.stringify(params ?? {})}`;
  let p = cache.get(key);
  if (!p) {
    // trees change with edits: share a request in flight only
    p = fetchTreeNodes(url, params)
      .then(toAntTree)
      .finally(() => cache.delete(key));
    cache.set(key, p);
  }
  return p;
}

export function TreeSelectField({ column, placeholder, disabled, inSearch, ...bound }: {
  column: ColumnDef;
  placeholder: string;
  disabled?: boolean;
  inSearch?: boolean;
} & Record<string, unknown>) {
  const [data, setData] = useState<AntTree>([]);
  useEffect(() => {
    let alive = true;
    if (column.treeUrl)
      loadTreeOptions(column.treeUrl, column.treeParams)
        .then((d) => {
          if (alive) setData(d);
        })
        .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [column.treeUrl, column.treeParams]);
  const multiple = column.multiple && !inSearch;
  return (
    <TreeSelect
      {...bound}
      allowClear
      showSearch
      treeNodeFilterProp="title"
      treeData={data}
      treeDefaultExpandAll={false}
      multiple={multiple}
      treeCheckable={multiple}
      showCheckedStrategy={multiple ? TreeSelect.SHOW_ALL : undefined}
      placeholder={placeholder}
      disabled={disabled}
      maxTagCount={multiple ? 'responsive' : undefined}
      style={{ width: '100%', minWidth: inSearch ? 180 : undefined }}
      popupMatchSelectWidth={false}
      styles={{ popup: { root: { maxHeight: 400, overflow: 'auto' } } }}
    />
  );
}
