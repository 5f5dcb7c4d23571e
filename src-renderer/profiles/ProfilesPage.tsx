// The profiles manager (route /profiles, loaded with the antd console chunk):
// list, add, edit, duplicate, test, remove and open profiles. Opening a profile
// is a new window in Electron (main opens or focuses it) and a new tab in
// browser mode (/?profile=<id>). Client secrets go to main, which keeps them in
// the keychain; only a masked hint ever comes back.

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, App as AntApp, Button, Card, ColorPicker, Form, Input, Modal, Popconfirm, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ProfileInput, ProfilesState, ProfileTestResult, ProfileView } from '../../src-shared/ipc';
import { call, profilePageUrl } from '../platform/bridge';
import { useSession } from '../stores/session';
import { LOGIN_PATH } from '../router/guard';
import { inputDependencies, inputRules } from '../crud/declared';
import { PROFILE } from '../../src-shared/declarations/desktop-inputs';
import { ProfileBand, useProfileName } from './ProfileBand';
import './messages';
import { validateForm } from '../crud/validateForm';

const PRESETS = ['#2EA300', '#1677FF', '#722ED1', '#EB2F96', '#F5222D', '#FA541C', '#FAAD14', '#13C2C2', '#000000'];

type FormValues = Omit<ProfileInput, 'colour'> & { colour?: string | { toHexString(): string } };

const colourOf = (v: FormValues['colour']): string => (typeof v === 'string' ? v : v ? v.toHexString().toUpperCase() : '#2EA300');

/** Browser mode: the tabs this page opened, by profile (focused instead of opened twice). */
const openedTabs = new Map<string, Window>();

export default function ProfilesPage() {
  return (
    <AntApp>
      <ProfilesManager />
    </AntApp>
  );
}

function ProfilesManager() {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const navigate = useNavigate();
  const signedIn = useSession((s) => !!s.user);
  const [state, setState] = useState<ProfilesState | null>(null);
  const [editing, setEditing] = useState<ProfileView | 'new' | null>(null);
  const [testing, setTesting] = useState<string | null>(null);
  const nameOf = useProfileName();

  const load = useCallback(async () => {
    try {
      setState(await call('profiles:list'));
    } catch (e) {
      void message.error((e as Error).message);
    }
  }, [message]);

  useEffect(() => {
    document.title = t('profiles.title');
    void load();
  }, [load, t]);

  const describeTest = useCallback(
    (r: ProfileTestResult): { type: 'success' | 'warning' | 'error'; text: string } => {
      if (!r.reachable) return { type: 'error', text: t('profiles.unreachable', { message: r.message }) };
      const dialect = r.dialect ? ` ${t('profiles.detected', { dialect: t(`profiles.dialects.${r.dialect}`) })}` : '';
      if (r.clientAccepted === true) return { type: 'success', text: t('profiles.reachable', { status: r.status }) + dialect };
      if (r.clientAccepted === false) return { type: 'warning', text: t('profiles.reachableClientRejected', { status: r.status }) + dialect };
      return { type: 'warning', text: t('profiles.reachableUnknown', { status: r.status, message: r.message }) + dialect };
    },
    [t],
  );

  const test = async (p: ProfileView) => {
    setTesting(p.id);
    try {
      const r = describeTest(await call('profiles:test', { ...p }));
      void message[r.type](r.text, 6);
    } catch (e) {
      void message.error((e as Error).message);
    } finally {
      setTesting(null);
    }
  };

  const open = async (p: ProfileView) => {
    try {
      const { opened } = await call('profiles:open', { id: p.id });
      if (opened) return;
      const known = openedTabs.get(p.id);
      if (known && !known.closed) {
        known.focus();
        return;
      }
      const tab = window.open(profilePageUrl(p.id), `smc-profile-${p.id}`);
      if (!tab) {
        void message.warning(t('profiles.popupBlocked'));
        return;
      }
      openedTabs.set(p.id, tab);
      void message.success(t('profiles.openedInNewWindow', { name: p.name }));
    } catch (e) {
      void message.error((e as Error).message);
    }
  };

  const duplicate = async (p: ProfileView) => {
    try {
      const copy = await call('profiles:duplicate', { id: p.id });
      void message.success(t('profiles.duplicated', { name: copy.name }));
      await load();
    } catch (e) {
      void message.error((e as Error).message);
    }
  };

  const remove = async (p: ProfileView) => {
    try {
      await call('profiles:remove', { id: p.id });
      void message.success(t('profiles.removed'));
      await load();
    } catch (e) {
      void message.error((e as Error).message);
    }
  };

  const columns = [
    {
      title: t('profiles.name'),
      dataIndex: 'name',
      render: (_: unknown, p: ProfileView) => (
        <Space size={6} wrap>
          <span aria-hidden style={{ display: 'inline-block', width: 12, height: 12, borderRadius: 6, background: p.colour }} />
          <Typography.Text strong>{nameOf(p)}</Typography.Text>
          {p.builtin && <Tag>{t('profiles.builtin')}</Tag>}
          {state?.current === p.id && <Tag color="blue">{t('profiles.current')}</Tag>}
          {state?.current !== p.id && state?.open.includes(p.id) && <Tag color="green">{t('profiles.opened')}</Tag>}
        </Space>
      ),
    },
    { title: t('profiles.baseUrl'), dataIndex: 'baseUrl', ellipsis: true },
    { title: t('profiles.tenantId'), dataIndex: 'tenantId', width: 110 },
    { title: t('profiles.clientId'), dataIndex: 'clientId', width: 110 },
    { title: t('profiles.clientSecret'), dataIndex: 'secretHint', width: 120 },
    {
      title: t('profiles.actions'),
      key: 'actions',
      width: 390,
      render: (_: unknown, p: ProfileView) => (
        <Space size={0} wrap>
          {state?.current !== p.id && (
            <Button type="link" size="small" onClick={() => void open(p)}>
              {t('profiles.open')}
            </Button>
          )}
          <Button type="link" size="small" onClick={() => setEditing(p)}>
            {t('profiles.editAction')}
          </Button>
          <Button type="link" size="small" onClick={() => void duplicate(p)}>
            {t('profiles.duplicate')}
          </Button>
          <Button type="link" size="small" loading={testing === p.id} onClick={() => void test(p)}>
            {t('profiles.test')}
          </Button>
          {!p.builtin && state?.current !== p.id && (
            <Popconfirm title={t('profiles.removeConfirm', { name: p.name })} onConfirm={() => void remove(p)}>
              <Button type="link" size="small" danger>
                {t('profiles.remove')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div className="desk-profiles-page" style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', background: 'var(--ant-color-bg-layout, #f0f2f5)' }}>
      <ProfileBand />
      <div style={{ padding: 24, flex: 1 }}>
        <Card
          title={
            <Space>
              <Button type="text" icon={<ArrowLeftOutlined />} aria-label={t('profiles.back')} onClick={() => navigate(signedIn ? '/' : LOGIN_PATH)} />
              <span>{t('profiles.title')}</span>
            </Space>
          }
          extra={
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t('profiles.add')}
            </Button>
          }
        >
          <Typography.Paragraph type="secondary">{t('profiles.subtitle')}</Typography.Paragraph>
          {state?.secretStorage === 'memory' ? (
            <Alert type="warning" showIcon message={t('profiles.memoryOnly')} style={{ marginBottom: 16 }} data-testid="secret-memory-notice" />
          ) : (
            state && (
              <Typography.Paragraph type="secondary">
                {t('profiles.storage')}: {t(`profiles.storage_${state.secretStorage}`)}
              </Typography.Paragraph>
            )
          )}
          <Table<ProfileView> rowKey="id" size="middle" loading={!state} dataSource={state?.profiles ?? []} columns={columns} pagination={false} />
        </Card>
      </div>
      {editing && state && (
        <ProfileForm
          profile={editing === 'new' ? null : editing}
          otherNames={state.profiles.filter((p) => editing === 'new' || p.id !== editing.id).map((p) => p.name)}
          describeTest={describeTest}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            void message.success(t('profiles.saved'));
            // this page's own profile changed: reload so the band, title and connection follow (the session is kept by main)
            if (saved.id === state.current) window.location.reload();
            else void load();
          }}
        />
      )}
    </div>
  );
}

interface FormProps {
  profile: ProfileView | null;
  otherNames: string[];
  describeTest(r: ProfileTestResult): { type: 'success' | 'warning' | 'error'; text: string };
  onClose(): void;
  onSaved(saved: ProfileView): void;
}

function ProfileForm({ profile, otherNames, describeTest, onClose, onSaved }: FormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<{ type: 'success' | 'warning' | 'error' | 'info'; text: string } | null>(null);
  const [serverError, setServerError] = useState('');
  const builtin = !!profile?.builtin;
  const busy = useRef(false);

  const initial = useMemo<FormValues>(
    () =>
      profile
        ? { ...profile, dialect: profile.dialect ?? 'spec', clientSecret: '' }
        : { name: '', baseUrl: 'https://', tenantId: '000000', clientId: 'saber', clientSecret: '', colour: '#1677FF', language: 'zh', captchaMode: true, switchMode: false, proxyUrl: '', caCert: '', dialect: 'spec', publicKey: '' },
    [profile],
  );

  // the declaration's unique name, judged with the other profiles' names the page shows (main judges it again)
  const nameTaken = (v: unknown) => otherNames.some((n) => n.trim().toLowerCase() === String(v ?? '').trim().toLowerCase());

  const values = (): ProfileInput => {
    const v = form.getFieldsValue(true) as FormValues;
    const out: ProfileInput = { ...v, colour: colourOf(v.colour) };
    if (profile) out.id = profile.id;
    if (!v.clientSecret) delete out.clientSecret;
    return out;
  };

  const runTest = async () => {
    try {
      await validateForm(form, ['name', 'baseUrl', 'tenantId', 'clientId', 'proxyUrl', 'caCert']);
    } catch {
      return;
    }
    setResult({ type: 'info', text: t('profiles.testing') });
    try {
      setResult(describeTest(await call('profiles:test', values())));
    } catch (e) {
      setResult({ type: 'error', text: (e as Error).message });
    }
  };

  const save = async () => {
    if (busy.current) return;
    try {
      await validateForm(form);
    } catch {
      return;
    }
    busy.current = true;
    setSaving(true);
    setServerError('');
    try {
      onSaved(await call('profiles:save', values()));
    } catch (e) {
      setServerError((e as Error).message);
    } finally {
      busy.current = false;
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      width={720}
      styles={{ body: { maxHeight: 'calc(100vh - 220px)', overflowY: 'auto', paddingRight: 8 } }}
      title={profile ? t('profiles.edit') : t('profiles.add')}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="test" onClick={() => void runTest()}>
          {t('profiles.test')}
        </Button>,
        <Button key="cancel" onClick={onClose}>
          {t('crud.cancel')}
        </Button>,
        <Button key="save" type="primary" loading={saving} onClick={() => void save()}>
          {t('crud.save')}
        </Button>,
      ]}
    >
      {builtin && <Alert type="info" showIcon message={t('profiles.builtinLocked')} style={{ marginBottom: 16 }} />}
      {serverError && <Alert type="error" showIcon message={serverError} role="alert" style={{ marginBottom: 16 }} />}
      {result && <Alert type={result.type} showIcon message={result.text} data-testid="profile-test-result" style={{ marginBottom: 16 }} />}
      <Form form={form} layout="horizontal" labelCol={{ span: 7 }} wrapperCol={{ span: 17 }} initialValues={initial} name="profile">
        <Form.Item name="name" label={t('profiles.name')} rules={inputRules(t, PROFILE, 'name', 'text', undefined, nameTaken)}>
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item name="baseUrl" label={t('profiles.baseUrl')} rules={inputRules(t, PROFILE, 'baseUrl')}>
          <Input disabled={builtin} placeholder="https://admin.example.com/api" />
        </Form.Item>
        <Form.Item name="tenantId" label={t('profiles.tenantId')} rules={inputRules(t, PROFILE, 'tenantId')}>
          <Input disabled={builtin} maxLength={12} />
        </Form.Item>
        <Form.Item name="clientId" label={t('profiles.clientId')} rules={inputRules(t, PROFILE, 'clientId')}>
          <Input disabled={builtin} />
        </Form.Item>
        <Form.Item
          name="clientSecret"
          label={t('profiles.clientSecret')}
          rules={inputRules(t, PROFILE, 'clientSecret')}
        >
          <Input.Password disabled={builtin} autoComplete="new-password" placeholder={profile?.hasSecret ? t('profiles.secretKeep', { hint: profile.secretHint }) : ''} />
        </Form.Item>
        <Form.Item name="dialect" label={t('profiles.dialect')} extra={t('profiles.dialectHint')}>
          <Select
            disabled={builtin}
            options={(['spec', 'bladex', 'springblade'] as const).map((d) => ({ value: d, label: t(`profiles.dialects.${d}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="publicKey"
          label={t('profiles.publicKey')}
          extra={builtin ? t('profiles.publicKeyLocal') : t('profiles.publicKeyHint')}
          dependencies={inputDependencies(PROFILE, 'publicKey')}
          rules={inputRules(t, PROFILE, 'publicKey')}
        >
          <Input.TextArea readOnly={builtin} autoSize={{ minRows: 1, maxRows: 3 }} spellCheck={false} data-testid="profile-public-key" />
        </Form.Item>
        <Form.Item name="captchaMode" label={t('profiles.captchaMode')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="switchMode" label={t('profiles.switchMode')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="colour" label={t('profiles.colour')}>
          <ColorPicker disabledAlpha showText presets={[{ label: t('profiles.colour'), colors: PRESETS }]} />
        </Form.Item>
        <Form.Item name="language" label={t('profiles.language')}>
          <Select
            options={[
              { value: 'zh', label: t('lang.zh') },
              { value: 'en', label: t('lang.en') },
            ]}
          />
        </Form.Item>
        <Form.Item name="proxyUrl" label={t('profiles.proxyUrl')} extra={t('profiles.proxyHint')} rules={inputRules(t, PROFILE, 'proxyUrl')}>
          <Input disabled={builtin} />
        </Form.Item>
        <Form.Item name="caCert" label={t('profiles.caCert')} extra={t('profiles.caHint')} rules={inputRules(t, PROFILE, 'caCert')}>
          <Input.TextArea disabled={builtin} autoSize={{ minRows: 2, maxRows: 6 }} spellCheck={false} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
