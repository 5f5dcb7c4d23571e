// Left-hand filter tree of a screen (e.g. users by department).
import { memo, useEffect, useRef, useState } from 'react';
import { Card, Input, Tree } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SideTreeDef } from './types';
import { fetchTreeNodes, toAntTree } from './tree';
import { useFreshness } from './freshness';
import { writeTouches } from '../../src-shared/writes';
import { afterNextPaint } from '../hooks/afterPaint';
import { takeWarmSideTree } from './sideTreeData';

type AntTree = ReturnType<typeof toAntTree>;

function filterTree(nodes: AntTree, text: string): AntTree {
  if (!text) return nodes;
  return nodes.flatMap((n) => {
    const children = n.children ? filterTree(n.children, text) : undefined;
    if (n.title.includes(text) || (children && children.length > 0)) return [{ ...n, ...(children ? { children } : {}) }];
    return [];
  });
}

/** the tree's width beside a list (crud/CrudPage puts it and a gap of LIST_GAP before the list) */
export const SIDE_TREE_WIDTH = 240;

/**
 * memo: the list's paging and loading re-render its page, not this tree. The frame that shows the screen holds
 * the tree's card only: its search box and tree come in the next one, so the list's rows are not held back by
 * them (用户管理's first open); the nodes the prefetcher fetched beside the list's first page show at once, and
 * are read again after that frame (stale while revalidate).
 */
export const SideTree = memo(function SideTree({ def, selected, onSelect }: { def: SideTreeDef; selected: string | null; onSelect(id: string | null): void }) {
  const { t } = useTranslation();
  const [data, setData] = useState<AntTree>(() => {
    const nodes = takeWarmSideTree(def.url);
    return nodes ? toAntTree(nodes) : [];
  });
  const [text, setText] = useState('');
  const [drawn, setDrawn] = useState(false);
  useEffect(() => afterNextPaint(() => setDrawn(true)), []);
  // read again after a write of its area (a department added elsewhere), when shown (crud/freshness.ts)
  const box = useRef<HTMLDivElement>(null);
  const [version, setVersion] = useState(0);
  useFreshness(box, { touches: (change) => writeTouches(change.url, def.url), refresh: () => setVersion((v) => v + 1) });
  useEffect(() => {
    let alive = true;
    const read = () =>
      fetchTreeNodes(def.url)
        .then((nodes) => {
          if (alive) setData(toAntTree(nodes));
        })
        .catch(() => undefined);
    // the first read waits for the frame showing the screen; a later one (after a write) goes at once
    const cancel = version === 0 ? afterNextPaint(() => void read()) : (void read(), undefined);
    return () => {
      alive = false;
      cancel?.();
    };
  }, [def.url, version]);
  return (
    <Card ref={box} size="small" title={def.title ? t(def.title) : undefined} style={{ width: SIDE_TREE_WIDTH, flex: 'none' }} data-testid="side-tree">
      {drawn && (
        <>
          <Input.Search allowClear size="small" placeholder={t('crud.search')} onChange={(e) => setText(e.target.value)} style={{ marginBottom: 8 }} />
          <Tree
            blockNode
            defaultExpandAll
            key={data.length}
            treeData={filterTree(data, text)}
            selectedKeys={selected ? [selected] : []}
            onSelect={(keys) => onSelect(keys.length > 0 ? String(keys[0]) : null)}
          />
        </>
      )}
    </Card>
  );
});
