// Extra toolbar / row buttons of a screen (ScreenDef.extraActions): permission
// check, optional confirmation, run with success / error messages, or a custom dialog.
import { useState, type ReactNode } from 'react';
import { App as AntApp, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../src-shared/wire';
import { notify } from './notify';
import type { ExtraAction, ExtraActionContext } from './types';

export function visibleActions(actions: readonly ExtraAction[] | undefined, placement: 'toolbar' | 'row', can: (code: string) => boolean): ExtraAction[] {
  return (actions ?? []).filter((a) => (a.placement === placement || a.placement === 'both') && (!a.permission || can(a.permission)));
}

/** Runs actions and hosts their dialogs; returns a renderer for one button and the open dialog. */
export function useExtraActions(base: Omit<ExtraActionContext, 'row'>): {
  button(action: ExtraAction, row: Row | null, size?: 'small'): ReactNode;
  /** runs an action as its button would (the row action column's "more" menu) */
  run(action: ExtraAction, row: Row | null): void;
  dialog: ReactNode;
} {
  const { t } = useTranslation();
  const { message, modal } = AntApp.useApp();
  const [open, setOpen] = useState<{ action: ExtraAction; ctx: ExtraActionContext } | null>(null);

  const start = (action: ExtraAction, row: Row | null): void => {
    const ctx: ExtraActionContext = { ...base, row };
    if (!row && action.needsSelection && base.selected.length === 0) {
      notify(message, 'warning', t('crud.selectAtLeastOne'));
      return;
    }
    const go = async (): Promise<void> => {
      if (action.render) {
        setOpen({ action, ctx });
        return;
      }
      try {
        await action.run?.(ctx);
      } catch (e) {
        notify(message, 'error', (e as Error).message);
        return;
      }
      notify(message, 'success', t(action.successMessage ?? 'crud.operationSuccess'));
      base.reload();
    };
    if (action.confirm)
      modal.confirm({
        title: t('crud.confirmTitle'),
        content: t(action.confirm),
        okText: t('crud.ok'),
        cancelText: t('crud.cancel'),
        onOk: go,
      });
    else void go();
  };

  const button = (action: ExtraAction, row: Row | null, size?: 'small'): ReactNode => {
    const Icon = row ? undefined : action.icon;
    return (
      <Button
        key={`extra-${action.key}`}
        type={row ? 'link' : 'default'}
        size={size}
        icon={Icon ? <Icon aria-hidden /> : undefined}
        danger={action.danger}
        data-action={action.key}
        onClick={() => start(action, row)}
      >
        {t(action.label)}
      </Button>
    );
  };

  const Dialog = open?.action.render;
  const dialog = Dialog && open ? (
    <Dialog
      ctx={open.ctx}
      onClose={() => setOpen(null)}
      onDone={() => {
        setOpen(null);
        base.reload();
      }}
    />
  ) : null;
  return { button, run: start, dialog };
}
