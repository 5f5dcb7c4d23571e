// Tenant package: tenant/package-detail, then tenant/package-setting (tenantId, packageId).
import { useEffect, useState } from 'react';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExtraActionDialogProps } from '../../../crud/types';
import { get, post, SYS } from '../api';
import { FormModal } from './FormModal';

export function TenantPackageSettingDialog({ ctx, onClose, onDone }: ExtraActionDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const tenantId = String(ctx.row?.tenantId ?? '');
  const [packages, setPackages] = useState<{ value: string; label: string }[]>([]);
  useEffect(() => {
    get<{ id: string; packageName: string }[]>(`${SYS}/tenant-package/select`)
      .then((list) => setPackages((list ?? []).map((p) => ({ value: String(p.id), label: p.packageName }))))
      .catch(() => undefined);
    get<{ id?: string } | null>(`${SYS}/tenant/package-detail`, { tenantId })
      .then((d) => form.setFieldsValue({ packageId: d?.id ? String(d.id) : undefined }))
      .catch(() => undefined);
  }, [tenantId, form]);
  return (
    <FormModal
      title={t('sysTenant.packageSetting')}
      form={form}
      onClose={onClose}
      onDone={onDone}
      save={(v) => post(`${SYS}/tenant/package-setting`, { params: { tenantId, packageId: String(v.packageId ?? '') } })}
    >
      <Form.Item name="packageId" label={t('sysTenant.packageId')}>
        <Select allowClear options={packages} placeholder={t('crud.selectPlaceholder', { label: t('sysTenant.packageId') })} />
      </Form.Item>
    </FormModal>
  );
}
