// Imports of a .txt file as an import task (keywords; articles as title|keyword|content
// lines): main's preview worker reads the chosen file first (keywords:preview: lines,
// duplicates, encoding, first lines) and the dialog shows it; nothing goes in before
// 确认导入 (issue 38), which has main check and upload the file (keywords:upload) and
// starts the import. The back end imports it in the background (bad lines logged), and
// the dialog follows the task's counts to the end.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, App as AntApp, Button, Modal, Space, Spin, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExtraActionDialogProps } from '../../crud/types';
import type { KeywordFileRef, KeywordPreview } from '../../../src-shared/ipc';
import { call } from '../../platform/bridge';
import { KeywordPreviewCard, keywordSource } from './KeywordPreviewCard';
import '../../i18n/areas/content';
import '../../i18n/areas/content-checks';

interface Task { id: string; status: number; totalRows: number; successRows: number; failedRows: number; errorMsg?: string }

/** a .txt file read by main and shown, waiting for 确认导入 */
interface Pending { name: string; source: KeywordFileRef; preview: KeywordPreview }

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
  /** i18n key of the preview's distinct lines (default: keywords) */
  uniqueLabel?: string;
}

export function TaskImportDialog({ onClose, onDone, title, url, data, children, ready = true, hint, accept = '.txt', prepare, uniqueLabel }: TaskImportProps) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const [task, setTask] = useState<Task | null>(null);
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
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
      if (prepare) await start({ ...data, ...(await prepare(file)) });
      else {
        // a .txt file: read and shown first; its rows go in on 确认导入
        const source = await keywordSource(file);
        const preview = await call('keywords:preview', source);
        if (alive.current) setPending({ name: file.name, source, preview });
      }
    } catch (e) {
      void message.error((e as Error).message);
    } finally {
      if (alive.current) setBusy(false);
    }
  };
  /** the import task from this request, then its counts to the end */
  const start = async (request: Record<string, unknown>) => {
    const r = await call('api:request', { method: 'post', url, data: request });
    const started = r.data as Task;
    setTask(started);
    await follow(started.id);
  };
  /** 确认导入: main checks and uploads the previewed file, then the import starts */
  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      const up = await call('keywords:upload', pending.source);
      setPending(null);
      await start({ ...data, fileLink: up.link, fileName: pending.name });
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
      {hint && <div style={{ marginBottom: 8, color: 'var(--ant-color-text-secondary, rgba(0, 0, 0, 0.65))' }}>{hint}</div>}
      {!task && (
        <Upload accept={accept} maxCount={1} showUploadList={false} disabled={busy || !ready} beforeUpload={(f) => { void onFile(f); return false; }}>
          <Button loading={busy && !pending} disabled={!ready || (busy && !!pending)}>{t(pending ? 'content.c3.chooseAnother' : 'content.c2.task.chooseFile')}</Button>
        </Upload>
      )}
      {pending && !task && (
        <KeywordPreviewCard preview={pending.preview} uniqueLabel={uniqueLabel}>
          <Space>
            <Button type="primary" data-testid="import-confirm" loading={busy} disabled={!ready} onClick={() => void confirm()}>{t('content.c3.confirmImport')}</Button>
            <Button disabled={busy} onClick={() => setPending(null)}>{t('content.c2.task.kw.cancel')}</Button>
          </Space>
        </KeywordPreviewCard>
      )}
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
