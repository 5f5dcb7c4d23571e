// A cascading checkable tree that reports ticked + half-ticked keys.
import { Tree } from 'antd';
import type { AntNode } from './grantTree';

export function GrantTree({ nodes, checked, onChange, testId }: {
  nodes: AntNode[];
  checked: string[];
  onChange(checked: string[], halfChecked: string[]): void;
  testId?: string;
}) {
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
