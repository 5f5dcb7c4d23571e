// Progress of a generate-article task (pollTaskStatus every second) and the
// title export (the produced titles saved as a .txt download).
import { useEffect, useState } from 'react';
import { App as AntApp, Button, Modal, Progress } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExtraActionDialogProps } from '../../crud/types';
import { call } from '../../platform/bridge';
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
  const exportTitles = async () => {
    const r = await call('api:request', { method: 'get', url: `${W}/articles`, params: { id } });
    const titles = (r.data as { title: string; error: string | null }[]).filter((a) => !a.error).map((a) => a.title);
    const url = URL.createObjectURL(new Blob([titles.join('\n') + '\n'], { type: 'text/plain;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${String(ctx.row!.taskName)}-titles.txt`;
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Modal open title={t('content.c2.task.poll')} onCancel={onDone} footer={[
      <Button key="export" disabled={!s || s.successCount === 0} onClick={() => void exportTitles()}>{t('content.c2.task.exportTitle')}</Button>,
      <Button key="close" onClick={onDone}>{t('crud.close')}</Button>,
    ]}>
      <Progress percent={s?.progress ?? 0} status={s?.status === 3 ? 'exception' : s?.status === 2 ? 'success' : 'active'} />
      {s && <p data-testid="task-status">{t('content.c2.task.progressText', { status: s.statusName, total: s.total, ok: s.successCount, failed: s.failCount })}</p>}
    </Modal>
  );
}
