// A cascading checkable tree that reports ticked + half-ticked keys; with
// nothing to tick (e.g. no data scopes on a fresh install) it says so (`empty`).
import { Empty, Tree } from 'antd';
import type { AntNode } from './grantTree';

export function GrantTree({ nodes, checked, onChange, testId, empty }: {
  nodes: AntNode[];
  checked: string[];
  onChange(checked: string[], halfChecked: string[]): void;
  testId?: string;
  /** the text shown when there is no node (already translated); omitted = an empty tree */
  empty?: string;
}) {
  if (nodes.length === 0 && empty !== undefined)
    return (
      <div data-testid={testId}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />
      </div>
    );
  return (
    <div data-testid={testId} style={{ maxHeight: 420, overflow: 'auto' }}>
      <Tree
        key={nodes.length}
        checkable
        blockNode
        treeData={nodes}
        checkedKeys={checked}
        defaultExpandedKeys={nodes.map((n) => n.key)}
        onCheck={(keys, info) => {
          const list = Array.isArray(keys) ? keys : keys.checked;
          onChange(list.map(String), (info.halfCheckedKeys ?? []).map(String));
        }}
      />
    </div>
  );
}
