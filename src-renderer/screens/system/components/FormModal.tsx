// A small dialog with a form: validates, calls save, shows success / error; failed saves keep the dialog open.
import { useState, type ReactNode } from 'react';
import { App as AntApp, Button, Form, Modal, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../crud/notify';
import { validateForm } from '../../../crud/validateForm';

export function FormModal({ title, form, onClose, onDone, save, children, width = 560 }: {
  title: string;
  form: FormInstance;
  onClose(): void;
  onDone(): void;
  save(values: Record<string, unknown>): Promise<void>;
  children: ReactNode;
  width?: number;
}) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    let values: Record<string, unknown>;
    try {
      values = (await validateForm(form)) as Record<string, unknown>;
    } catch {
      return;
    }
    setSaving(true);
    try {
      await save(values);
      notify(message, 'success', t('crud.operationSuccess'));
      onDone();
    } catch (e) {
      notify(message, 'error', (e as Error).message);
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={title}
      width={width}
      onCancel={saving ? undefined : onClose}
      maskClosable={false}
      footer={[
        <Button key="cancel" onClick={onClose} disabled={saving}>{t('crud.cancel')}</Button>,
        <Button key="ok" type="primary" loading={saving} onClick={() => void submit()}>{t('crud.ok')}</Button>,
      ]}
    >
      <Form form={form} layout="horizontal" labelCol={{ flex: '110px' }} wrapperCol={{ flex: 1 }} disabled={saving} onFinish={() => void submit()}>
        {children}
      </Form>
    </Modal>
  );
}
