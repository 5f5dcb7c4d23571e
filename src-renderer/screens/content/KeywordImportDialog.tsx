// Imports of a .txt file as an import task (keywords; articles as title|keyword|content
// lines): main checks and uploads the file (keywords:upload: type, size, encoding),
// the back end imports it in the background (bad lines logged), and the dialog
// follows the task's counts to the end.
import { useEffect, useRef, useState, type ReactNode } from 'react';
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

export function KeywordImportDialog(props: ExtraActionDialogProps) {
  const { t } = useTranslation();
  return <TaskImportDialog {...props} title={t('content.c2.keyword.import')} url="/website-blade-article/keyword/import" />;
}

export interface TaskImportProps extends ExtraActionDialogProps {
  title: string;
  /** the import endpoint: gets {fileLink, fileName, ...data} and answers the import task */
  url: string;
  /** more request fields (e.g. the articles' website group, website and column) */
  data?: Record<string, unknown>;
  /** form items above the file button */
  children?: ReactNode;
  /** false keeps the file button disabled (e.g. until required choices are made) */
  ready?: boolean;
  hint?: string;
  /** the file type offered (default .txt, uploaded to put-file and sent as fileLink) */
  accept?: string;
  /** instead of uploading: builds the request body from the chosen file (e.g. JSON rows) */
  prepare?(file: File): Promise<Record<string, unknown>>;
}

export function TaskImportDialog({ onClose, onDone, title, url, data, children, ready = true, hint, accept = '.txt', prepare }: TaskImportProps) {
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
    if (!file.name.toLowerCase().endsWith(accept)) {
      void message.error(accept === '.txt' ? t('content.c2.task.fileType') : t('content.c3.fileTypeOf', { type: accept }));
      return;
    }
    if (file.size > 51200 * 1024) {
      void message.error(t('content.c2.task.fileSize'));
      return;
    }
    setBusy(true);
    try {
      let request: Record<string, unknown>;
      if (prepare) request = { ...data, ...(await prepare(file)) };
      else {
        const up = await call('keywords:upload', { name: file.name, base64: await fileToBase64(file) });
        request = { ...data, fileLink: up.link, fileName: file.name };
      }
      const r = await call('api:request', { method: 'post', url, data: request });
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
    <Modal open title={title} onCancel={close} footer={<Button onClick={close}>{t('crud.close')}</Button>}>
      {children}
      {hint && <div style={{ marginBottom: 8, color: 'rgba(0,0,0,0.45)' }}>{hint}</div>}
      <Upload accept={accept} maxCount={1} showUploadList={false} disabled={busy || !ready} beforeUpload={(f) => { void onFile(f); return false; }}>
        <Button loading={busy} disabled={!ready}>{t('content.c2.task.chooseFile')}</Button>
      </Upload>
      {task && !finished && (
        <div style={{ marginTop: 12 }}>
          <Spin size="small" /> {t('content.c3.importing', { total: task.totalRows, ok: task.successRows, failed: task.failedRows })}
        </div>
      )}
      {/* 3 失败 (its reason: the task could not run, or no line went in), 4 部分失败, 2 已完成; the lines' reasons are in 导入任务 → 错误明细 */}
      {finished && task.status === 3 && task.errorMsg && <Alert style={{ marginTop: 12 }} type="error" title={t('content.c3.importFailed', { msg: task.errorMsg })} />}
      {finished && (task.status !== 3 || task.totalRows > 0) && (
        <Alert style={{ marginTop: 12 }} type={task.status === 3 ? 'error' : task.failedRows ? 'warning' : 'success'}
          title={t('content.c2.keyword.importResult', { total: task.totalRows, ok: task.successRows, failed: task.failedRows })} />
      )}
    </Modal>
  );
}
