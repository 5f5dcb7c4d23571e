// 字段配置, opened from a data model's row: the model's fields in the generic CrudPage (modelFields.ts).
import { useMemo } from 'react';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../crud/CrudPage';
import type { ExtraActionDialogProps } from '../../crud/types';
import { modelFieldsScreen } from './modelFields';

export function ModelFieldsDialog({ ctx, onClose }: ExtraActionDialogProps) {
  const { t } = useTranslation();
  const id = String(ctx.row?.id ?? '');
  const def = useMemo(() => modelFieldsScreen(id), [id]);
  return (
    <Modal open title={`${t('adminDev.field.title')} - ${String(ctx.row?.modelName ?? '')}`} onCancel={onClose} footer={null} width={1200} destroyOnHidden>
      <CrudPage def={def} />
    </Modal>
  );
}
