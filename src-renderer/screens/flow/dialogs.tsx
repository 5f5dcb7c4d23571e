// Dialogs of the model and deployment screens: deploy a model, a model's
// diagram, upload BPMN files.
import { useEffect, useState } from 'react';
import { App, Button, Form, Modal, Select, Space, Spin, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ExtraActionDialogProps } from '../../crud/types';
import { call } from '../../platform/bridge';
import { FlowDialog } from '../../components/flow/FlowViewer';
import { useSession } from '../../stores/session';
import { apiGet, apiPost, CATEGORY_OPTIONS } from './shared';
import { inputRules } from '../../crud/declared';
import { FLOW_CATEGORY } from '../../../src-shared/declarations/flow-inputs';
import { validateForm } from '../../crud/validateForm';

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

function CategoryField() {
  const { t } = useTranslation();
  return (
    <Form.Item name="category" label={t('flow.category')} rules={inputRules(t, FLOW_CATEGORY, 'category', 'choice')}>
      <Select options={CATEGORY_OPTIONS.map((o) => ({ value: o.value, label: t(o.label) }))} />
    </Form.Item>
  );
}

/** The platform administrator may deploy into other tenants (empty: their own); others deploy into their own tenant only. */
function TenantsField() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const administrator = user?.tenant_id === '000000' && user.role_name.split(',').includes('administrator');
  const [tenants, setTenants] = useState<{ tenantId: string; tenantName: string }[]>([]);
  useEffect(() => {
    if (!administrator) return;
    apiGet<{ tenantId: string; tenantName: string }[]>('/website-blade-system/tenant/select').then(setTenants, () => setTenants([]));
  }, [administrator]);
  if (!administrator) return null;
  return (
    <Form.Item name="tenantIds" label={t('flow.tenantIds')}>
      <Select mode="multiple" allowClear placeholder={user.tenant_id} options={tenants.map((x) => ({ value: x.tenantId, label: `${x.tenantName} (${x.tenantId})` }))} />
    </Form.Item>
  );
}

const joined = (ids: string[] | undefined) => (ids && ids.length > 0 ? ids.join(',') : undefined);

export function DeployModelDialog({ ctx, onClose, onDone }: ExtraActionDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ category: string; tenantIds?: string[] }>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    // invalid: the form shows why
    const values = await validateForm(form).catch(() => null);
    if (!values) return;
    const { category } = values;
    setBusy(true);
    try {
      const r = await apiPost('/blade-flow/model/deploy', { params: { modelId: String(ctx.row?.id ?? ''), category, tenantIds: joined(values.tenantIds) } });
      message.success(r.msg || t('flow.deployed'));
      onDone();
    } catch (err) {
      message.error(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={`${t('flow.deploy')} - ${String(ctx.row?.name ?? '')}`} onCancel={onClose} onOk={() => void submit()} confirmLoading={busy} destroyOnHidden>
      <Form form={form} layout="vertical" name="flow-deploy-model" initialValues={{ category: 'flow_1' }}>
        <CategoryField />
        <TenantsField />
      </Form>
    </Modal>
  );
}

export function ModelDiagramDialog({ ctx, onClose }: ExtraActionDialogProps) {
  const { message } = App.useApp();
  const [xml, setXml] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    apiGet<{ xml: string } | null>('/blade-flow/model/detail', { id: String(ctx.row?.id ?? '') }).then(
      (d) => alive && setXml(d?.xml ?? ''),
      (err: unknown) => {
        message.error(errorText(err));
        onClose();
      },
    );
    return () => {
      alive = false;
    };
  }, [ctx.row, message, onClose]);
  if (xml === null) return <Spin fullscreen />;
  return <FlowDialog open onClose={onClose} xml={xml} />;
}

interface PickedFile {
  uid: string;
  name: string;
  text: string;
}

export function UploadDeployDialog({ onClose, onDone }: ExtraActionDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ category: string; tenantIds?: string[] }>();
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    // invalid: the form shows why
    const values = await validateForm(form).catch(() => null);
    if (!values) return;
    const { category } = values;
    if (files.length === 0) {
      setFileError(t('flow.fileRequired'));
      return;
    }
    setBusy(true);
    try {
      const r = await call('flow:deploy-upload', { category, tenantIds: joined(values.tenantIds), files: files.map(({ name, text }) => ({ name, text })) });
      message.success(r.msg || t('flow.deployed'));
      onDone();
    } catch (err) {
      message.error(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={t('flow.upload')} onCancel={onClose} onOk={() => void submit()} confirmLoading={busy} destroyOnHidden>
      <Form form={form} layout="vertical" name="flow-upload" initialValues={{ category: 'flow_1' }}>
        <CategoryField />
        <TenantsField />
        <Form.Item label={t('flow.file')} required validateStatus={fileError ? 'error' : undefined} help={fileError ?? undefined}>
          <Space direction="vertical" style={{ width: '100%' }}>
            <Upload
              accept=".bpmn,.xml"
              multiple
              fileList={files.map((f) => ({ uid: f.uid, name: f.name, status: 'done' as const }))}
              onRemove={(f) => setFiles((list) => list.filter((x) => x.uid !== f.uid))}
              beforeUpload={(file) => {
                if (!/\.(bpmn20\.xml|bpmn)$/i.test(file.name)) {
                  setFileError(t('flow.fileType'));
                  return Upload.LIST_IGNORE;
                }
                void file.text().then((text) => {
                  setFileError(null);
                  setFiles((list) => [...list, { uid: file.uid, name: file.name, text }]);
                });
                return false;
              }}
            >
              <Button icon={<UploadOutlined />}>{t('flow.chooseFile')}</Button>
            </Upload>
          </Space>
        </Form.Item>
      </Form>
    </Modal>
  );
}
