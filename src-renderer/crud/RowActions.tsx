// The action column of the shared list: up to three link buttons, the rest in a
// "more" dropdown, so the column stays as narrow as its buttons.
import { Button, Dropdown, Space } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../src-shared/wire';
import { actionColumnWidth } from './columnWidths';

export interface RowAction {
  key: string;
  label: string;
  danger?: boolean;
  /** shown for this row (default: always) */
  visible?(row: Row): boolean;
  run(row: Row): void;
}

/** buttons shown inline; the actions past the third go into "more" */
export const INLINE_ACTIONS = 3;

export function splitActions<T>(list: readonly T[]): { inline: T[]; more: T[] } {
  return { inline: list.slice(0, INLINE_ACTIONS), more: list.slice(INLINE_ACTIONS) };
}

/** the width of the action column for these actions (every action counted, as some row may show them all) */
export function rowActionsWidth(actions: readonly RowAction[], header: string, moreLabel: string): number {
  const { inline, more } = splitActions(actions);
  return actionColumnWidth([...inline.map((a) => a.label), ...(more.length ? [moreLabel + '  '] : [])], header);
}

export function RowActions({ actions, row }: { actions: readonly RowAction[]; row: Row }) {
  const { t } = useTranslation();
  const { inline, more } = splitActions(actions.filter((a) => !a.visible || a.visible(row)));
  return (
    <Space size={0}>
      {inline.map((a) => (
        <Button key={a.key} type="link" size="small" danger={a.danger} data-action={a.key} onClick={() => a.run(row)}>
          {a.label}
        </Button>
      ))}
      {more.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: more.map((a) => ({ key: a.key, label: <span data-action={a.key}>{a.label}</span>, danger: a.danger })),
            onClick: ({ key }) => more.find((a) => a.key === key)?.run(row),
          }}
        >
          <Button type="link" size="small" data-action="__more">
            {t('crud.more')} <DownOutlined aria-hidden />
          </Button>
        </Dropdown>
      )}
    </Space>
  );
}
