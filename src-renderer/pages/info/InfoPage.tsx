import { useEffect, useRef, useState } from 'react';
import { App, Avatar, Button, Card, Form, Input, Space, Tabs } from 'antd';
import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { call } from '../../platform/bridge';
import { avatarProblem } from './profile';
import { inputDependencies, inputRules } from '../../crud/declared';
import { PASSWORD_CHANGE, USER_INFO } from '../../../src-shared/declarations/account-inputs';

const USER = '/website-blade-system/user';

interface Info {
  avatar: string;
  realName: string;
  name: string;
  phone: string;
  email: string;
}

function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** /info/index: personal info (avatar, real name, user name, phone, email) and change password. */
export default function InfoPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Info>();
  const [pwd] = Form.useForm<{ oldPassword: string; newPassword: string; newPassword1: string }>();
  const [busy, setBusy] = useState(false);
  const avatar = Form.useWatch('avatar', form);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    call('api:request', { method: 'get', url: `${USER}/info` })
      .then((r) => {
        const d = (r.data ?? {}) as Partial<Info>;
        form.setFieldsValue({ avatar: d.avatar ?? '', realName: d.realName ?? '', name: d.name ?? '', phone: d.phone ?? '', email: d.email ?? '' });
      })
      .catch((e: Error) => void message.error(e.message));
  }, [form, message]);

  const onAvatar = async (file: File | undefined) => {
    if (!file) return;
    const problem = avatarProblem(file);
    if (problem) {
      void message.error(t(problem));
      return;
    }
    try {
      const res = await call('file:upload', { name: file.name, type: file.type, base64: await readBase64(file), scene: 'avatar' });
      form.setFieldValue('avatar', res.link);
    } catch (e) {
      void message.error((e as Error).message);
    }
  };

  const submit = async (values: Info, url: string, data: unknown, reset?: () => void) => {
    void values;
    setBusy(true);
    try {
      await call('api:request', { method: 'post', url, data });
      void message.success(t('shell.info.saved'));
      reset?.();
    } catch (e) {
      void message.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('shell.info.title')}>
      <Tabs
        items={[
          {
            key: 'info',
            label: t('shell.info.personal'),
            children: (
              <Form form={form} name="user-info" labelCol={{ flex: '120px' }} style={{ maxWidth: 560 }} onFinish={(v) => void submit(v, `${USER}/update-info`, v)}>
                <Form.Item label={t('shell.info.avatar')}>
                  <Space>
                    <Avatar size={64} src={avatar || undefined} icon={<UserOutlined />} />
                    <Button icon={<UploadOutlined />} onClick={() => fileInput.current?.click()}>
                      {t('shell.info.avatar')}
                    </Button>
                    <input
                      ref={fileInput}
                      type="file"
                      accept="image/jpeg,image/png"
                      hidden
                      aria-label={t('shell.info.avatar')}
                      onChange={(e) => {
                        void onAvatar(e.target.files?.[0]);
                        e.target.value = '';
                      }}
                    />
                  </Space>
                </Form.Item>
                <Form.Item name="avatar" hidden>
                  <Input />
                </Form.Item>
                <Form.Item label={t('shell.info.realName')} name="realName">
                  <Input />
                </Form.Item>
                <Form.Item label={t('shell.info.name')} name="name">
                  <Input />
                </Form.Item>
                <Form.Item
                  label={t('shell.info.phone')}
                  name="phone"
                  rules={inputRules(t, USER_INFO, 'phone')}
                >
                  <Input />
                </Form.Item>
                <Form.Item label={t('shell.info.email')} name="email" rules={inputRules(t, USER_INFO, 'email')}>
                  <Input />
                </Form.Item>
                <Form.Item label=" " colon={false}>
                  <Button type="primary" htmlType="submit" loading={busy}>
                    {t('crud.save')}
                  </Button>
                </Form.Item>
              </Form>
            ),
          },
          {
            key: 'password',
            label: t('shell.info.password'),
            children: (
              <Form form={pwd} name="user-password" labelCol={{ flex: '120px' }} style={{ maxWidth: 560 }} onFinish={(v) => void submit(v as unknown as Info, `${USER}/update-password`, v, () => pwd.resetFields())}>
                <Form.Item label={t('shell.info.oldPassword')} name="oldPassword" rules={inputRules(t, PASSWORD_CHANGE, 'oldPassword')}>
                  <Input.Password />
                </Form.Item>
                <Form.Item
                  label={t('shell.info.newPassword')}
                  name="newPassword"
                  rules={inputRules(t, PASSWORD_CHANGE, 'newPassword')}
                >
                  <Input.Password />
                </Form.Item>
                <Form.Item
                  label={t('shell.info.newPassword1')}
                  name="newPassword1"
                  dependencies={inputDependencies(PASSWORD_CHANGE, 'newPassword1')}
                  rules={inputRules(t, PASSWORD_CHANGE, 'newPassword1')}
                >
                  <Input.Password />
                </Form.Item>
                <Form.Item label=" " colon={false}>
                  <Button type="primary" htmlType="submit" loading={busy}>
                    {t('shell.submit')}
                  </Button>
                </Form.Item>
              </Form>
            ),
          },
        ]}
      />
    </Card>
  );
}
