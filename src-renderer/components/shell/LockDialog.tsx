import { useState } from 'react';
import { Button, Form, Input, Modal } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useStableNavigate } from '../../layout/navigation';
import { useTranslation } from 'react-i18next';
import { hasLockPassword, lock } from '../../session/lock';
import { LOCK_PATH } from '../../router/guard';
import { inputRules } from '../../crud/declared';
import { LOCK_PASSWORD } from '../../../src-shared/declarations/shell-inputs';

/** Lock icon: asks for a lock password (required), sets the flag, goes to /lock after 100 ms. */
export function LockButton() {
  const { t } = useTranslation();
  const navigate = useStableNavigate();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ password: string }>();
  const goLocked = () => setTimeout(() => navigate(LOCK_PATH, { replace: true }), 100);
  // the page open now (hash routes; read at the click: the header does not follow the location)
  const openPath = () => window.location.hash.replace(/^#/, '') || '/';
  const onClick = () => {
    // a password already set: the lock passes straight through
    if (hasLockPassword()) {
      lock(null, openPath());
      goLocked();
    } else setOpen(true);
  };
  return (
    <>
      <Button type="text" className="desk-header-btn" icon={<LockOutlined />} aria-label={t('shell.lock')} onClick={onClick} />
      <Modal
        open={open}
        title={t('shell.lockTitle')}
        onCancel={() => setOpen(false)}
        onOk={() => form.submit()}
        destroyOnHidden
        width={400}
      >
        <Form
          form={form}
          name="lock-password"
          layout="vertical"
          onFinish={({ password }) => {
            lock(password, openPath());
            setOpen(false);
            goLocked();
          }}
        >
          <Form.Item label={t('shell.lockPassword')} name="password" rules={inputRules(t, LOCK_PASSWORD, 'password')}>
            <Input.Password autoFocus />
          </Form.Item>
          <Button htmlType="submit" hidden />
        </Form>
      </Modal>
    </>
  );
}
