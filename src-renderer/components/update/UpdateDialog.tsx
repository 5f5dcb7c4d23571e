// Update settings: the generic feed URL (an application setting kept by main)
// and the updater's state, with "check now".
import { useEffect, useState } from 'react';
import { App as AntApp, Button, Form, Input, Modal, Progress, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { UpdateState } from '../../../src-shared/ipc';
import { call, onEvent } from '../../platform/bridge';
import './messages';
import { inputRules } from '../../crud/declared';
import { UPDATE_SETTINGS } from '../../../src-shared/declarations/desktop-inputs';
import { validateForm } from '../../crud/validateForm';


export function updateStateText(s: UpdateState, t: TFunction): string {
  switch (s.phase) {
    case 'checking':
      return t('update.checking');
    case 'available':
      return t('update.available', { version: s.version });
    case 'not-available':
      return t('update.notAvailable');
    case 'downloading':
      return t('update.downloading', { version: s.version });
    case 'downloaded':
      return t('update.downloaded', { version: s.version });
    case 'error':
      return t('update.error', { message: s.message ?? '' });
    default:
      return s.message ?? t('update.idle');
  }
}

export function UpdateDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<{ updateFeedUrl: string }>();
  const [state, setState] = useState<UpdateState | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    void call('settings:get').then((s) => form.setFieldsValue(s), () => {});
    void call('update:state').then(setState, () => {});
    return onEvent('update:state', setState);
  }, [open, form]);

  const save = async () => {
    const values = await validateForm(form);
    setSaving(true);
    try {
      form.setFieldsValue(await call('settings:save', { updateFeedUrl: values.updateFeedUrl.trim() }));
      void message.success(t('update.saved'));
    } catch (e) {
      void message.error((e as Error).message);
    } finally {
      setSaving(false);
    }
  };

  const check = async () => {
    try {
      setState(await call('update:check'));
      // the download runs in the background; poll until it settles (events also arrive in Electron)
      for (let i = 0; i < 600; i++) {
        const s = await call('update:state');
        setState(s);
        if (s.phase !== 'checking' && s.phase !== 'downloading' && s.phase !== 'available') break;
        await new Promise((r) => setTimeout(r, 500));
      }
    } catch (e) {
      void message.error((e as Error).message);
    }
  };

  const busy = state?.phase === 'checking' || state?.phase === 'downloading' || state?.phase === 'available';
  const percent = state?.phase === 'downloading' && state.total ? Math.floor(((state.transferred ?? 0) * 100) / state.total) : null;
  return (
    <Modal open={open} title={t('update.settings')} onCancel={onClose} footer={null} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ updateFeedUrl: '' }}>
        <Form.Item
          name="updateFeedUrl"
          label={t('update.feedUrl')}
          extra={t('update.feedHint')}
          rules={inputRules(t, UPDATE_SETTINGS, 'updateFeedUrl')}
        >
          <Input placeholder="https://updates.example.com/seo-matrix-console" />
        </Form.Item>
        <Space>
          <Button type="primary" loading={saving} onClick={() => void save()}>{t('update.save')}</Button>
          <Button data-testid="update-check" disabled={busy} onClick={() => void check()}>{t('update.check')}</Button>
        </Space>
      </Form>
      {state && (
        <div style={{ marginTop: 16 }}>
          <Typography.Text type="secondary">{t('update.current', { version: state.current })}</Typography.Text>
          <div data-testid="update-state" data-phase={state.phase} style={{ marginTop: 4 }}>{updateStateText(state, t)}</div>
          {percent !== null && <Progress percent={percent} size="small" />}
          {state.phase === 'downloaded' && !state.canRestart && <Typography.Text type="warning" data-testid="update-no-restart">{t('update.cannotRestart')}</Typography.Text>}
        </div>
      )}
    </Modal>
  );
}
