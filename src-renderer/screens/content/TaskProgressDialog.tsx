// Progress of a generate-article task (pollTaskStatus every second) and the
// title export: GET export-title as a blob, streamed by main into the file
// chosen in the save dialog (browser mode: the downloads folder).
import { useEffect, useState } from 'react';
import { App as AntApp, Button, Modal, Progress } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExtraActionDialogProps } from '../../crud/types';
import { call } from '../../platform/bridge';
import { ExportStatusView } from '../../components/export/ExportStatusView';
import { useExport } from '../../components/export/useExport';
import '../../i18n/areas/content';

const W = '/website-blade-article/gptProduceArticle';
interface Status { status: number; statusName: string; total: number; successCount: number; failCount: number; progress: number }

export function TaskProgressDialog({ ctx, onDone }: ExtraActionDialogProps) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const [s, setS] = useState<Status | null>(null);
  const id = String(ctx.row!.id);
  useEffect(() => {
    let alive = true;
    const poll = async () => {
      try {
        const r = await call('api:request', { method: 'get', url: `${W}/pollTaskStatus`, params: { id } });
        if (!alive) return;
        const st = r.data as Status;
        setS(st);
        if (st.status === 0 || st.status === 1) setTimeout(() => void poll(), 1000);
      } catch (e) {
        if (alive) void message.error((e as Error).message);
      }
    };
    void poll();
    return () => {
      alive = false;
    };
  }, [id, message]);
  const exporter = useExport();
  const exportTitles = () => void exporter.start({ url: `${W}/export-title`, params: { id }, name: `${String(ctx.row!.taskName)}-titles.txt` });
  return (
    <Modal open title={t('content.c2.task.poll')} onCancel={onDone} footer={[
      <Button key="export" data-testid="export-titles" disabled={!s || s.successCount === 0 || exporter.status.phase === 'running'} onClick={exportTitles}>{t('content.c2.task.exportTitle')}</Button>,
      <Button key="close" onClick={onDone}>{t('crud.close')}</Button>,
    ]}>
      <Progress percent={s?.progress ?? 0} status={s?.status === 3 ? 'exception' : s?.status === 2 ? 'success' : 'active'} />
      {s && <p data-testid="task-status">{t('content.c2.task.progressText', { status: s.statusName, total: s.total, ok: s.successCount, failed: s.failCount })}</p>}
      <ExportStatusView status={exporter.status} onCancel={() => void exporter.cancel()} onReveal={exporter.reveal} />
    </Modal>
  );
}
