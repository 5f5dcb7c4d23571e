import { useEffect, useState } from 'react';
import { App, Form, Modal, Select } from 'antd';
import { useStableNavigate } from '../../layout/navigation';
import { useTranslation } from 'react-i18next';
import { call } from '../../platform/bridge';
import { switchIdentity } from '../../session/service';
import { useSession } from '../../stores/session';
import { inputRules } from '../../crud/declared';
import { SWITCH_IDENTITY } from '../../../src-shared/declarations/shell-inputs';

interface Option {
  id: string;
  deptName?: string;
  roleName?: string;
}

/** Switch department / role (switchMode): both required, then a token refresh with Dept-Id / Role-Id and /. */
export function SwitchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useStableNavigate();
  const user = useSession((s) => s.user);
  const [form] = Form.useForm<{ deptId: string; roleId: string }>();
  const [depts, setDepts] = useState<Option[]>([]);
  const [roles, setRoles] = useState<Option[]>([]);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!open || !user) return;
    const params = { userId: user.user_id };
    void call('api:request', { method: 'get', url: '/website-blade-system/dept/select', params }).then((r) => setDepts((r.data as Option[]) ?? []));
    void call('api:request', { method: 'get', url: '/website-blade-system/role/select', params }).then((r) => setRoles((r.data as Option[]) ?? []));
    form.setFieldsValue({ deptId: user.dept_id.split(',')[0] || undefined, roleId: user.role_id.split(',')[0] || undefined });
  }, [open, user, form]);
  return (
    <Modal open={open} title={t('shell.switchTitle')} onCancel={onClose} onOk={() => form.submit()} confirmLoading={busy} destroyOnHidden forceRender>
      <Form
        form={form}
        name="switch-identity"
        layout="vertical"
        onFinish={async ({ deptId, roleId }) => {
          setBusy(true);
          try {
            await switchIdentity(deptId, roleId);
            onClose();
            navigate('/', { replace: true });
          } catch (e) {
            void message.error((e as Error).message);
          } finally {
            setBusy(false);
          }
        }}
      >
        <Form.Item label={t('shell.dept')} name="deptId" rules={inputRules(t, SWITCH_IDENTITY, 'deptId', 'choice')}>
          <Select allowClear options={depts.map((d) => ({ value: d.id, label: d.deptName }))} />
        </Form.Item>
        <Form.Item label={t('shell.role')} name="roleId" rules={inputRules(t, SWITCH_IDENTITY, 'roleId', 'choice')}>
          <Select allowClear options={roles.map((r) => ({ value: r.id, label: r.roleName }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
