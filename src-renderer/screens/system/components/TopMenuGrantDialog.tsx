// Top-menu setting: the menu tree from menu/grant-top-tree, ticked from menu/top-tree-keys;
// saved with topmenu/grant {topMenuIds, menuIds}.
import { useEffect, useMemo, useState } from 'react';
import { App as AntApp, Button, Modal, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExtraActionDialogProps } from '../../../crud/types';
import type { TreeNodeData } from '../../../crud/tree';
import { notify } from '../../../crud/notify';
import { get, post, SYS } from '../api';
import { menuRecordLabel } from '../menuLabel';
import { GrantTree } from './GrantTree';
import { checkedFromGranted, grantedFromChecked, halfCheckedOf, toNodes, type AntNode } from './grantTree';

export function TopMenuGrantDialog({ ctx, onClose, onDone }: ExtraActionDialogProps) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const topMenuIds = useMemo(() => (ctx.row ? [String(ctx.row.id)] : ctx.selectedKeys.map(String)), [ctx.row, ctx.selectedKeys]);
  const [nodes, setNodes] = useState<AntNode[] | null>(null);
  const [checked, setChecked] = useState<string[]>([]);
  const [half, setHalf] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let alive = true;
    Promise.all([
      get<{ menu: TreeNodeData[] }>(`${SYS}/menu/grant-top-tree`),
      get<{ menu: string[] }>(`${SYS}/menu/top-tree-keys`, { topMenuIds: topMenuIds.join(',') }),
    ])
      .then(([tree, keys]) => {
        if (!alive) return;
        const n = toNodes(tree.menu, (node) => menuRecordLabel(t, node));
        const c = checkedFromGranted(n, new Set(keys.menu.map(String)));
        setNodes(n);
        setChecked(c);
        setHalf(halfCheckedOf(n, new Set(c)));
      })
      .catch((e: unknown) => {
        notify(message, 'error', (e as Error).message);
        onClose();
      });
    return () => {
      alive = false;
    };
  }, [topMenuIds, message, onClose, t]);

  const save = async () => {
    setSaving(true);
    try {
      await post(`${SYS}/topmenu/grant`, { data: { topMenuIds, menuIds: grantedFromChecked(checked, half) } });
      notify(message, 'success', t('crud.operationSuccess'));
      onDone();
    } catch (e) {
      notify(message, 'error', (e as Error).message);
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t('sysTopmenu.setting')}
      width={520}
      onCancel={saving ? undefined : onClose}
      maskClosable={false}
      footer={[
        <Button key="cancel" onClick={onClose} disabled={saving}>{t('crud.cancel')}</Button>,
        <Button key="ok" type="primary" loading={saving} disabled={!nodes} onClick={() => void save()}>{t('crud.ok')}</Button>,
      ]}
    >
      <Spin spinning={!nodes}>
        <GrantTree testId="grant-top" nodes={nodes ?? []} checked={checked} onChange={(c, h) => { setChecked(c); setHalf(h); }} />
      </Spin>
    </Modal>
  );
}
