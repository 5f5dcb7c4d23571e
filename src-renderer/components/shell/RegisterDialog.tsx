import { useState } from 'react';
import { App, Form, Input, Modal } from 'antd';
import { useStableNavigate } from '../../layout/navigation';
import { useTranslation } from 'react-i18next';
import { call } from '../../platform/bridge';
import { logout } from '../../session/service';
import { useSession } from '../../stores/session';
import { LOGIN_PATH } from '../../router/guard';
import { needsRegistration, registerProblem, type RegisterForm } from './register';
import { PASSWORD_MIN_LENGTH } from '../../../src-shared/account-rules';

/** 账号注册: shown to a signed-in social-login guest whose user id is missing or negative. */
export function RegisterDialog() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useStableNavigate();
  const user = useSession((s) => s.user);
  const tenantAuto = useSession((s) => s.info?.profile.tenantId);
  const [values, setValues] = useState<RegisterForm>({ tenantId: tenantAuto ?? '', name: '', account: '', password: '', password2: '' });
  const [busy, setBusy] = useState(false);
  if (!user || !needsRegistration(user.user_id)) return null;
  const set = (k: keyof RegisterForm) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));
  const submit = async () => {
    const problem = registerProblem(values);
    if (problem) {
      void message.warning(t(problem, { min: PASSWORD_MIN_LENGTH }));
      return;
    }
    setBusy(true);
    try {
      await call('api:request', {
        method: 'post',
        url: '/website-blade-system/user/register-guest',
        data: { tenantId: values.tenantId, name: values.name, account: values.account, password: values.password, password2: values.password2, oauthId: user.user_id },
      });
      await logout().catch(() => undefined);
      // the console (and its message holder) unmounts with the sign-out: the login page shows the message
      navigate(LOGIN_PATH, { replace: true, state: { notice: t('shell.registerDone') } });
    } catch (e) {
      void message.error((e as Error).message || t('shell.submitFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={t('shell.registerTitle')} closable={false} maskClosable={false} onOk={() => void submit()} okText={t('shell.submit')} confirmLoading={busy} cancelButtonProps={{ style: { display: 'none' } }}>
      <Form layout="vertical" name="register-guest">
        {!tenantAuto && (
          <Form.Item label={t('shell.tenantId')}>
            <Input value={values.tenantId} onChange={set('tenantId')} aria-label={t('shell.tenantId')} />
          </Form.Item>
        )}
        <Form.Item label={t('shell.name')}>
          <Input value={values.name} onChange={set('name')} aria-label={t('shell.name')} />
        </Form.Item>
        <Form.Item label={t('shell.account')}>
          <Input value={values.account} onChange={set('account')} aria-label={t('shell.account')} />
        </Form.Item>
        <Form.Item label={t('shell.password')}>
          <Input.Password value={values.password} onChange={set('password')} aria-label={t('shell.password')} />
        </Form.Item>
        <Form.Item label={t('shell.password2')}>
          <Input.Password value={values.password2} onChange={set('password2')} aria-label={t('shell.password2')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
