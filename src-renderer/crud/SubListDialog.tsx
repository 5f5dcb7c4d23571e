// The rows that belong to one record of a list (a goods group's goods, a data model's fields), opened from the
// record's row: the same generic CrudPage in a dialog, its screen made for that record (filtered by it, saving into it).
import { useMemo, type ComponentType } from 'react';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrudPage } from './CrudPage';
import type { ExtraActionDialogProps, ScreenDef } from './types';
import type { Row } from '../../src-shared/wire';

export interface SubListOptions {
  /** i18n key of the dialog's title, followed by the record's name */
  title: string;
  /** the record's field naming it in the title */
  nameField: string;
  /** the screen of the record's rows, given its id */
  screen(id: string): ScreenDef;
  width?: number;
}

/** An extra action's dialog (ExtraAction.render) listing the rows of the clicked record. */
export function subListDialog({ title, nameField, screen, width = 1100 }: SubListOptions): ComponentType<ExtraActionDialogProps> {
  return function SubListDialog({ ctx, onClose }: ExtraActionDialogProps) {
    const { t } = useTranslation();
    const row: Row | null = ctx.row;
    const id = String(row?.id ?? '');
    const def = useMemo(() => screen(id), [id]);
    return (
      <Modal open title={`${t(title)} - ${String(row?.[nameField] ?? '')}`} onCancel={onClose} footer={null} width={width} destroyOnHidden>
        <CrudPage def={def} />
      </Modal>
    );
  };
}
