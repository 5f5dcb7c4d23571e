import { useEffect, useState } from 'react';
import { message as antMessage, Avatar, Button, Card, Form, Input, Space, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../stores/session';
import { lockReturnPath, unlock } from '../../session/lock';
import { logout } from '../../session/service';
import { LOGIN_PATH } from '../../router/guard';
import { markReady } from '../../router/ready';
import { inputRules } from '../../crud/declared';
import { LOCK_PASSWORD } from '../../../src-shared/declarations/shell-inputs';

/** Lock screen: unlock with the lock password, or sign out. */
export default function LockPage() {
  const { t } = useTranslation();
  const [message, messageHolder] = antMessage.useMessage();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    document.title = t('lock.title');
    markReady();
  }, [t]);

  const onFinish = ({ password }: { password: string }) => {
    // back to the page that was open when the screen was locked (read before unlock clears it)
    const back = lockReturnPath();
    if (unlock(password)) navigate(back, { replace: true });
    else void message.error(t('lock.wrongPassword'));
  };
  const onLogout = async () => {
    setBusy(true);
    await logout().catch(() => undefined);
    navigate(LOGIN_PATH, { replace: true });
  };

  return (
    <div className="desk-login">
      {messageHolder}
      <Card className="desk-login-card">
        <Space orientation="vertical" align="center" style={{ width: '100%' }}>
          <Avatar size={64} src={user?.avatar || undefined} icon={<UserOutlined />} />
          <Typography.Title level={4}>{user?.nick_name || user?.user_name}</Typography.Title>
        </Space>
        <Form name="lock" layout="vertical" onFinish={onFinish}>
          <Form.Item label={t('lock.password')} name="password" rules={inputRules(t, LOCK_PASSWORD, 'password')}>
            <Input.Password autoFocus />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              {t('lock.unlock')}
            </Button>
            <Button loading={busy} onClick={() => void onLogout()}>
              {t('lock.logout')}
            </Button>
          </Space>
        </Form>
      </Card>
    </div>
  );
}
