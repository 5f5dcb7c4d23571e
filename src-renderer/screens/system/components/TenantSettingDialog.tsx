// Tenant licence: tenant/setting (ids, accountNumber, expireTime).
import { DatePicker, Form, InputNumber } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { ExtraActionDialogProps } from '../../../crud/types';
import { DATE_TIME_FORMAT } from '../../../crud/params';
import { keysOf, post, SYS } from '../api';
import { FormModal } from './FormModal';
import { inputRules } from '../../../crud/declared';
import { TENANT_SETTING } from '../../../../src-shared/declarations/account-inputs';

export function TenantSettingDialog({ ctx, onClose, onDone }: ExtraActionDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const keys = ctx.row ? [String(ctx.row.id)] : ctx.selectedKeys;
  return (
    <FormModal
      title={t('sysTenant.setting')}
      form={form}
      onClose={onClose}
      onDone={onDone}
      save={(v) =>
        post(`${SYS}/tenant/setting`, {
          params: {
            ids: keysOf(keys),
            accountNumber: Number(v.accountNumber),
            expireTime: v.expireTime ? (v.expireTime as Dayjs).format(DATE_TIME_FORMAT) : '',
          },
        })
      }
    >
      <Form.Item name="accountNumber" label={t('sysTenant.accountNumber')} extra={t('sysTenant.accountNumberHint')} initialValue={-1}
        rules={inputRules(t, TENANT_SETTING, 'accountNumber', 'choice')}>
        {/* no min / precision: the declaration's message shows rather than a silent clamp */}
        <InputNumber style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="expireTime" label={t('sysTenant.expireTime')}>
        <DatePicker showTime format={DATE_TIME_FORMAT} style={{ width: '100%' }} />
      </Form.Item>
    </FormModal>
  );
}
