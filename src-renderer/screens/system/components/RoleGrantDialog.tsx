// Role grant: three trees (menus, data scopes, API scopes) from menu/grant-tree,
// ticked from menu/role-tree-keys; saved with role/grant {roleIds, menuIds, dataScopeIds, apiScopeIds}.
import { useEffect, useMemo, useState } from 'react';
import { App as AntApp, Button, Modal, Spin, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExtraActionDialogProps } from '../../../crud/types';
import type { TreeNodeData } from '../../../crud/tree';
import { notify } from '../../../crud/notify';
import { get, post, SYS } from '../api';
import { menuRecordLabel } from '../menuLabel';
import { GrantTree } from './GrantTree';
import { checkedFromGranted, grantedFromChecked, halfCheckedOf, toNodes, type AntNode } from './grantTree';

type Kind = 'menu' | 'dataScope' | 'apiScope';
const KINDS: Kind[] = ['menu', 'dataScope', 'apiScope'];

export function RoleGrantDialog({ ctx, onClose, onDone }: ExtraActionDialogProps) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const roleIds = useMemo(() => (ctx.row ? [String(ctx.row.id)] : ctx.selectedKeys.map(String)), [ctx.row, ctx.selectedKeys]);
  const [trees, setTrees] = useState<Record<Kind, AntNode[]> | null>(null);
  const [checked, setChecked] = useState<Record<Kind, string[]>>({ menu: [], dataScope: [], apiScope: [] });
  const [half, setHalf] = useState<Record<Kind, string[]>>({ menu: [], dataScope: [], apiScope: [] });
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let alive = true;
    Promise.all([
      get<Record<Kind, TreeNodeData[]>>(`${SYS}/menu/grant-tree`),
      get<Record<Kind, string[]>>(`${SYS}/menu/role-tree-keys`, { roleIds: roleIds.join(',') }),
    ])
      .then(([tree, keys]) => {
        if (!alive) return;
        // menus and buttons in the console's language (the scopes' own names are what users typed)
        const named = (n: TreeNodeData) => menuRecordLabel(t, n);
        const nodes = { menu: toNodes(tree.menu, named), dataScope: toNodes(tree.dataScope, named), apiScope: toNodes(tree.apiScope, named) };
        const c = {} as Record<Kind, string[]>;
        const h = {} as Record<Kind, string[]>;
        for (const k of KINDS) {
          c[k] = checkedFromGranted(nodes[k], new Set((keys[k] ?? []).map(String)));
          h[k] = halfCheckedOf(nodes[k], new Set(c[k]));
        }
        setTrees(nodes);
        setChecked(c);
        setHalf(h);
      })
      .catch((e: unknown) => {
        notify(message, 'error', (e as Error).message);
        onClose();
      });
    return () => {
      alive = false;
    };
  }, [roleIds, message, onClose, t]);

  const save = async () => {
    setSaving(true);
    try {
      // scope trees: the menu nodes above the scope leaves are groupings only
      const scopeIds = (k: Kind) => checked[k].filter((id) => !trees?.[k].some((n) => n.key === id));
      await post(`${SYS}/role/grant`, {
        data: { roleIds, menuIds: grantedFromChecked(checked.menu, half.menu), dataScopeIds: scopeIds('dataScope'), apiScopeIds: scopeIds('apiScope') },
      });
      notify(message, 'success', t('crud.operationSuccess'));
      onDone();
    } catch (e) {
      notify(message, 'error', (e as Error).message);
      setSaving(false);
    }
  };

  const tab = (k: Kind, label: string, empty?: string) => ({
    key: k,
    label: t(label),
    children: (
      <GrantTree
        testId={`grant-${k}`}
        nodes={trees?.[k] ?? []}
        // said once the trees are read: nothing to grant yet (no data / API scope defined)
        empty={empty && trees ? t(empty) : undefined}
        checked={checked[k]}
        onChange={(c, h) => {
          setChecked((s) => ({ ...s, [k]: c }));
          setHalf((s) => ({ ...s, [k]: h }));
        }}
      />
    ),
  });

  return (
    <Modal
      open
      title={t('sysCommon.grant')}
      width={520}
      onCancel={saving ? undefined : onClose}
      maskClosable={false}
      footer={[
        <Button key="cancel" onClick={onClose} disabled={saving}>{t('crud.cancel')}</Button>,
        <Button key="ok" type="primary" loading={saving} disabled={!trees} onClick={() => void save()}>{t('crud.ok')}</Button>,
      ]}
    >
      <Spin spinning={!trees}>
        <Tabs
          items={[
            tab('menu', 'sysCommon.grantMenu'),
            tab('dataScope', 'sysCommon.grantData', 'sysCommon.grantDataEmpty'),
            tab('apiScope', 'sysCommon.grantApi', 'sysCommon.grantApiEmpty'),
          ]}
        />
      </Spin>
    </Modal>
  );
}
