// A tenant's content quotas (websites, articles; -1 = unlimited) next to what it uses now:
// tenant-quota/content-detail to read, tenant-quota/content-setting to save (platform administrator).
import { useEffect, useState } from 'react';
import { App as AntApp, Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExtraActionDialogProps } from '../../../crud/types';
import { notify } from '../../../crud/notify';
import { get, post } from '../api';
import { FormModal } from './FormModal';
import { inputRules } from '../../../crud/declared';
import { TENANT_CONTENT_QUOTA } from '../../../../src-shared/declarations/account-inputs';

const Q = '/seo-blade-system/tenant-quota';

interface ContentQuota {
  websiteNumber: number;
  websiteUsed: number;
  articleNumber: number;
  articleUsed: number;
}

export function TenantContentQuotaDialog({ ctx, onClose, onDone }: ExtraActionDialogProps) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const [form] = Form.useForm();
  const [used, setUsed] = useState<ContentQuota | null>(null);
  const tenantId = String(ctx.row?.tenantId ?? '');

  useEffect(() => {
    let alive = true;
    get<ContentQuota>(`${Q}/content-detail`, { tenantId })
      .then((q) => {
        if (!alive) return;
        setUsed(q);
        form.setFieldsValue({ websiteNumber: q.websiteNumber, articleNumber: q.articleNumber });
      })
      .catch((e: unknown) => notify(message, 'error', (e as Error).message));
    return () => {
      alive = false;
    };
  }, [tenantId, form, message]);

  return (
    <FormModal
      title={`${t('sysTenant.contentQuota')} - ${String(ctx.row?.tenantName ?? tenantId)}`}
      form={form}
      onClose={onClose}
      onDone={onDone}
      save={(v) => post(`${Q}/content-setting`, { data: { tenantId, websiteNumber: Number(v.websiteNumber), articleNumber: Number(v.articleNumber) } })}
    >
      <Form.Item name="websiteNumber" label={t('sysTenant.websiteNumber')} rules={inputRules(t, TENANT_CONTENT_QUOTA, 'websiteNumber', 'choice')}
        extra={used ? t('sysTenant.quotaUsed', { used: used.websiteUsed }) + ' · ' + t('sysTenant.accountNumberHint') : t('sysTenant.accountNumberHint')}>
        <InputNumber style={{ width: '100%' }} data-testid="quota-website" />
      </Form.Item>
      <Form.Item name="articleNumber" label={t('sysTenant.articleNumber')} rules={inputRules(t, TENANT_CONTENT_QUOTA, 'articleNumber', 'choice')}
        extra={used ? t('sysTenant.quotaUsed', { used: used.articleUsed }) + ' · ' + t('sysTenant.accountNumberHint') : t('sysTenant.accountNumberHint')}>
        <InputNumber style={{ width: '100%' }} data-testid="quota-article" />
      </Form.Item>
    </FormModal>
  );
}
