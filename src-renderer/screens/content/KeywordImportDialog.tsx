// Keyword import: the .txt file is checked and uploaded by main (keywords:upload:
// type, size, encoding), the back end imports it as an import task in the
// background (bad lines logged), and the dialog follows the task's counts to the end.
import { useEffect, useRef, useState } from 'react';
import { Alert, App as AntApp, Button, Modal, Spin, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExtraActionDialogProps } from '../../crud/types';
import { call } from '../../platform/bridge';
import '../../i18n/areas/content';

interface Task { id: string; status: number; totalRows: number; successRows: number; failedRows: number; errorMsg?: string }

const fileToBase64 = (file: File): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });

export function KeywordImportDialog({ onClose, onDone }: ExtraActionDialogProps) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const [task, setTask] = useState<Task | null>(null);
  const [busy, setBusy] = useState(false);
  const alive = useRef(true);
  useEffect(() => () => void (alive.current = false), []);

  const follow = async (id: string) => {
    while (alive.current) {
      const r = await call('api:request', { method: 'get', url: '/seo-blade-material/importTask/detail', params: { id } });
      const row = r.data as Task;
      if (!alive.current) return;
      setTask(row);
      if (row.status >= 2) return;
      await new Promise((res) => setTimeout(res, 400));
    }
  };
  const onFile = async (file: File) => {
    if (!file.name.toLowerCase().endsWith('.txt')) {
      void message.error(t('content.c2.task.fileType'));
      return;
    }
    if (file.size > 51200 * 1024) {
      void message.error(t('content.c2.task.fileSize'));
      return;
    }
    setBusy(true);
    try {
      const up = await call('keywords:upload', { name: file.name, base64: await fileToBase64(file) });
      const r = await call('api:request', { method: 'post', url: '/website-blade-article/keyword/import', data: { fileLink: up.link, fileName: file.name } });
      const started = r.data as Task;
      setTask(started);
      await follow(started.id);
    } catch (e) {
      void message.error((e as Error).message);
    } finally {
      if (alive.current) setBusy(false);
    }
  };
  const finished = task !== null && task.status >= 2;
  const close = task ? onDone : onClose;
  return (
    <Modal open title={t('content.c2.keyword.import')} onCancel={close} footer={<Button onClick={close}>{t('crud.close')}</Button>}>
      <Upload accept=".txt" maxCount={1} showUploadList={false} disabled={busy} beforeUpload={(f) => { void onFile(f); return false; }}>
        <Button loading={busy}>{t('content.c2.task.chooseFile')}</Button>
      </Upload>
      {task && !finished && (
        <div style={{ marginTop: 12 }}>
          <Spin size="small" /> {t('content.c3.importing', { total: task.totalRows, ok: task.successRows, failed: task.failedRows })}
        </div>
      )}
      {finished && task.status === 3 && <Alert style={{ marginTop: 12 }} type="error" title={t('content.c3.importFailed', { msg: task.errorMsg ?? '' })} />}
      {finished && task.status === 2 && (
        <Alert style={{ marginTop: 12 }} type={task.failedRows ? 'warning' : 'success'}
          title={t('content.c2.keyword.importResult', { total: task.totalRows, ok: task.successRows, failed: task.failedRows })} />
      )}
    </Modal>
  );
}
