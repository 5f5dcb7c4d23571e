// The list cell of a status column marked `listSwitch` (types.ts): an antd Switch.
// Turning it posts the row's update with only the key and the new status (the
// server writes just the columns sent), says 操作成功! and reloads the list; a
// refusal shows the server's message and leaves the switch as it was. Without
// the screen's edit button the switch is shown disabled.
import { useState } from 'react';
import { App as AntApp, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../src-shared/wire';
import { call } from '../platform/bridge';
import { notify } from './notify';
import type { ColumnDef, ScreenDef } from './types';
import { isOn, switchWire } from './values';

interface Props {
  def: ScreenDef;
  column: ColumnDef;
  row: Row;
  canEdit: boolean;
  onChanged(): void;
}

export function StatusSwitch({ def, column, row, canEdit, onChanged }: Props) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const [busy, setBusy] = useState(false);
  const key = def.rowKey ?? 'id';
  const url = def.api.update ?? def.api.submit;
  const on = isOn(column, row[column.name]);
  const toggle = async (next: boolean): Promise<void> => {
    if (!url) return;
    setBusy(true);
    try {
      await call('api:request', { method: 'post', url, data: { [key]: row[key], [column.name]: switchWire(column, next) } });
    } catch (e) {
      notify(message, 'error', (e as Error).message);
      setBusy(false);
      return;
    }
    notify(message, 'success', t('crud.operationSuccess'));
    setBusy(false);
    onChanged();
  };
  return (
    <Switch
      size="small"
      checked={on}
      loading={busy}
      disabled={!canEdit || !url}
      aria-label={t(column.label)}
      data-switch={column.name}
      onChange={(next) => void toggle(next)}
    />
  );
}
