// User platform: user/platform-detail, then user/update-platform (userId, userType, userExt).
import { useEffect } from 'react';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExtraActionDialogProps } from '../../../crud/types';
import { get, post, SYS } from '../api';
import { FormModal } from './FormModal';
import { inputRules } from '../../../crud/declared';
import { USER_PLATFORM } from '../../../../src-shared/declarations/account-inputs';

export function UserPlatformDialog({ ctx, onClose, onDone }: ExtraActionDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const userId = String(ctx.row?.id ?? '');
  useEffect(() => {
    get<{ userType?: number; userExt?: string } | null>(`${SYS}/user/platform-detail`, { id: userId })
      .then((d) => form.setFieldsValue({ userType: d?.userType ?? 1, userExt: d?.userExt ?? '' }))
      .catch(() => undefined);
  }, [userId, form]);
  return (
    <FormModal
      title={t('sysUser.platform')}
      form={form}
      onClose={onClose}
      onDone={onDone}
      save={(v) => post(`${SYS}/user/update-platform`, { data: { userId, userType: v.userType, userExt: v.userExt ?? '' } })}
    >
      <Form.Item name="userType" label={t('sysUser.userType')} rules={inputRules(t, USER_PLATFORM, 'userType', 'choice')}>
        <Select options={[{ value: 1, label: 'WEB' }, { value: 2, label: 'APP' }, { value: 3, label: 'OTHER' }]} />
      </Form.Item>
      <Form.Item name="userExt" label={t('sysUser.userExt')} rules={inputRules(t, USER_PLATFORM, 'userExt')}>
        <Input.TextArea rows={4} placeholder='{"key": "value"}' />
      </Form.Item>
    </FormModal>
  );
}
