// Tenant data source: tenant/datasource (tenantId, datasourceId).
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExtraActionDialogProps } from '../../../crud/types';
import { post, SYS } from '../api';
import { FormModal } from './FormModal';

export function TenantDatasourceDialog({ ctx, onClose, onDone }: ExtraActionDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const tenantId = String(ctx.row?.tenantId ?? '');
  return (
    <FormModal
      title={t('sysTenant.datasource')}
      form={form}
      onClose={onClose}
      onDone={onDone}
      save={(v) => post(`${SYS}/tenant/datasource`, { params: { tenantId, datasourceId: String(v.datasourceId ?? '').trim() } })}
    >
      <Form.Item name="datasourceId" label={t('sysTenant.datasourceId')} initialValue={ctx.row?.datasourceId ? String(ctx.row.datasourceId) : ''}>
        <Input allowClear placeholder={t('crud.inputPlaceholder', { label: t('sysTenant.datasourceId') })} />
      </Form.Item>
    </FormModal>
  );
}
