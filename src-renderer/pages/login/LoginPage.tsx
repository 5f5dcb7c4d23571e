import { useCallback, useEffect, useState } from 'react';
import { Button, Flex, Form, Input, message as antMessage } from 'antd';
import { LockOutlined, SafetyOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { call } from '../../platform/bridge';
import { login } from '../../session/service';
import { useSession } from '../../stores/session';
import { LanguageButtons } from '../../components/LanguageButtons';
import { HOME_PATH } from '../../router/guard';
import { markReady } from '../../router/ready';
import { DEFAULT_TENANT_ID } from '../../../src-shared/wire';

interface LoginForm {
  tenantId: string;
  username: string;
  password: string;
  captchaCode?: string;
}

export default function LoginPage() {
  const { t, i18n } = useTranslation();
  const [message, messageHolder] = antMessage.useMessage();
  const navigate = useNavigate();
  const expired = (useLocation().state as { expired?: boolean } | null)?.expired === true;
  const profile = useSession((s) => s.info?.profile);
  const captchaMode = profile?.captchaMode ?? false;
  const [form] = Form.useForm<LoginForm>();
  const [captcha, setCaptcha] = useState<{ key: string; image: string } | null>(null);
  const [loading, setLoading] = useState(false);

  const refreshCaptcha = useCallback(async () => {
    if (!captchaMode) return;
    try {
      setCaptcha(await call('auth:captcha'));
    } catch (e) {
      void message.error((e as Error).message);
    }
  }, [captchaMode, message]);

  useEffect(() => {
    void refreshCaptcha();
  }, [refreshCaptcha]);

  useEffect(() => {
    document.title = t('login.title');
  }, [t, i18n.language]);

  useEffect(() => markReady(), []);

  useEffect(() => {
    if (expired) void message.warning(t('app.sessionExpired'));
  }, [expired, message, t]);

  const onFinish = async (values: LoginForm) => {
    setLoading(true);
    try {
      await login({
        tenantId: values.tenantId.trim(),
        username: values.username.trim(),
        password: values.password,
        ...(captchaMode ? { captchaKey: captcha?.key ?? '', captchaCode: values.captchaCode?.trim() ?? '' } : {}),
      });
      navigate(HOME_PATH, { replace: true });
    } catch (e) {
      void message.error((e as Error).message);
      form.setFieldValue('captchaCode', '');
      void refreshCaptcha();
      setLoading(false);
    }
  };

  return (
    <div className="desk-login">
      {messageHolder}
      <div className="desk-login-lang">
        <LanguageButtons />
      </div>
      <main className="desk-login-panel">
        <h1>{t('app.title')}</h1>
        <p>{t('login.heading')}</p>
        <Form<LoginForm>
          form={form}
          name="login"
          layout="vertical"
          size="large"
          requiredMark={false}
          initialValues={{ tenantId: profile?.tenantId || DEFAULT_TENANT_ID }}
          onFinish={(v) => void onFinish(v)}
        >
          <Form.Item label={t('login.tenantId')} name="tenantId" rules={[{ required: true, whitespace: true, message: t('login.tenantRequired') }]}>
            <Input prefix={<TeamOutlined />} autoComplete="off" />
          </Form.Item>
          <Form.Item label={t('login.username')} name="username" rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}>
            <Input prefix={<UserOutlined />} autoComplete="username" />
          </Form.Item>
          <Form.Item label={t('login.password')} name="password" rules={[{ required: true, message: t('login.passwordRequired') }]}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
          </Form.Item>
          {captchaMode && (
            <Form.Item label={t('login.captcha')} htmlFor="login_captchaCode" required>
              <Flex gap={8}>
                <Form.Item
                  name="captchaCode"
                  noStyle
                  rules={[{ required: true, whitespace: true, message: t('login.captchaRequired') }]}
                >
                  <Input id="login_captchaCode" prefix={<SafetyOutlined />} autoComplete="off" />
                </Form.Item>
                <button
                  type="button"
                  className="desk-captcha"
                  title={t('login.refreshCaptcha')}
                  onClick={() => void refreshCaptcha()}
                >
                  {captcha && <img data-testid="captcha-image" src={captcha.image} alt={t('login.captchaImage')} />}
                </button>
              </Flex>
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" block loading={loading}>
            {t('login.submit')}
          </Button>
        </Form>
      </main>
    </div>
  );
}
