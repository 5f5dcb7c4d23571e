// 附件管理's own actions: 上传 (files of any type the enabled object storage
// allows, checked here against GET attach/limits and again by put-file-attach)
// and 下载 (a stored file saved under its original name through the shared
// blob export).
import { useEffect, useRef, useState } from 'react';
import { App as AntApp, Button, Modal, Spin, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ExtraActionDialogProps } from '../../crud/types';
import { call } from '../../platform/bridge';
import { notify } from '../../crud/notify';
import { fileToBase64, uploadProblem } from '../../components/upload/files';
import { ExportStatusView } from '../../components/export/ExportStatusView';
import { useExport } from '../../components/export/useExport';
import '../../i18n/areas/admin';

export const ATTACH_LIMITS_URL = '/blade-resource/attach/limits';
const FILE_ROUTE = '/blade-resource/oss/endpoint/file';

interface Limits {
  exts: string[];
  maxSize: number;
}

export function AttachUploadDialog({ onClose, onDone }: ExtraActionDialogProps) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const [limits, setLimits] = useState<Limits | null>(null);
  const [busy, setBusy] = useState(0);
  const [uploaded, setUploaded] = useState(0);

  useEffect(() => {
    let alive = true;
    call('api:request', { method: 'get', url: ATTACH_LIMITS_URL })
      .then((r) => alive && setLimits(r.data as Limits))
      .catch((e: Error) => notify(message, 'error', e.message));
    return () => {
      alive = false;
    };
  }, [message]);

  const types = limits ? limits.exts.join('/') : '';
  const beforeUpload = (file: File): boolean | string => {
    if (!limits) return Upload.LIST_IGNORE;
    const problem = uploadProblem(file, limits.exts, limits.maxSize * 1024);
    if (problem === 'type') void message.error(t('adminRes.uploadTypeError', { types }));
    if (problem === 'size') void message.error(t('adminRes.uploadSizeError', { size: limits.maxSize }));
    return problem ? Upload.LIST_IGNORE : true;
  };

  const send = async (file: File) => {
    setBusy((n) => n + 1);
    try {
      await call('file:upload', { name: file.name, type: file.type, base64: await fileToBase64(file), scene: 'attach' });
      void message.success(t('adminRes.uploadDone', { name: file.name }));
      setUploaded((n) => n + 1);
    } catch (e) {
      notify(message, 'error', (e as Error).message || t('upload.failed'));
    } finally {
      setBusy((n) => n - 1);
    }
  };

  // closing after an upload reloads the list
  const close = () => (uploaded > 0 ? onDone() : onClose());
  return (
    <Modal
      open
      title={t('adminRes.uploadTitle')}
      width={560}
      onCancel={busy ? undefined : close}
      maskClosable={false}
      footer={[
        <Button key="close" disabled={busy > 0} onClick={close}>
          {t('crud.close')}
        </Button>,
      ]}
    >
      <Spin spinning={!limits || busy > 0}>
        <Upload.Dragger
          multiple
          showUploadList={false}
          accept={limits ? limits.exts.map((e) => `.${e}`).join(',') : undefined}
          disabled={!limits}
          beforeUpload={beforeUpload}
          customRequest={({ file }) => void send(file as File)}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('adminRes.uploadDrop')}</p>
          <p className="ant-upload-hint" data-testid="attach-limits" style={{ overflowWrap: 'anywhere', padding: '0 16px' }}>
            {/* the list breaks between extensions, never inside one (zi/p) */}
            {limits ? t('adminRes.uploadHint', { types: limits.exts.join(' / '), size: limits.maxSize }) : ''}
          </p>
        </Upload.Dragger>
      </Spin>
    </Modal>
  );
}

export function AttachDownloadDialog({ ctx, onClose }: ExtraActionDialogProps) {
  const { t } = useTranslation();
  const exporter = useExport();
  const row: Record<string, unknown> = ctx.row ?? {};
  const name = String(row.name ?? '');
  const started = useRef(false);
  const start = () => void exporter.start({ url: `${FILE_ROUTE}/${name}`, method: 'get', name: String(row.originalName || name) });
  useEffect(() => {
    // React's development double effect must not start two downloads
    if (started.current) return;
    started.current = true;
    start();
  }, []);
  return (
    <Modal
      open
      title={`${t('adminRes.downloadTitle')}: ${String(row.originalName ?? name)}`}
      onCancel={onClose}
      footer={[
        <Button key="close" onClick={onClose}>
          {t('crud.close')}
        </Button>,
      ]}
    >
      <ExportStatusView status={exporter.status} onCancel={() => void exporter.cancel()} onReveal={exporter.reveal} />
    </Modal>
  );
}
