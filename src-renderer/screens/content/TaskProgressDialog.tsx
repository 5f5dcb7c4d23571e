// Progress of a generate-article task (pollTaskStatus every second) and the
// title export: GET export-title as a blob, streamed by main into the file
// chosen in the save dialog (browser mode: the downloads folder). A task that
// failed, or failed for some keywords, says why: the whole task's reason and
// every failed keyword with its reason.
import { useEffect, useState } from 'react';
import { Alert, App as AntApp, Button, Modal, Progress, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExtraActionDialogProps } from '../../crud/types';
import { call } from '../../platform/bridge';
import { ExportStatusView } from '../../components/export/ExportStatusView';
import { useExport } from '../../components/export/useExport';
import { taskStatusLabel } from './shared';
import '../../i18n/areas/content';

const W = '/website-blade-article/gptProduceArticle';
interface Failure { keyword: string; error: string }
interface Status { status: number; total: number; successCount: number; failCount: number; progress: number; errorMsg?: string; failures?: Failure[] }

const FAILED = 3;
const PARTLY_FAILED = 4;
/** the server answers at most this many failed keywords (article-generator.ts FAILURES_SHOWN) */
const FAILURES_SHOWN = 200;

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
  const failures = s?.failures ?? [];
  return (
    <Modal open width={720} title={t('content.c2.task.poll')} onCancel={onDone} footer={[
      <Button key="export" data-testid="export-titles" disabled={!s || s.successCount === 0 || exporter.status.phase === 'running'} onClick={exportTitles}>{t('content.c2.task.exportTitle')}</Button>,
      <Button key="close" onClick={onDone}>{t('crud.close')}</Button>,
    ]}>
      <Progress
        percent={s?.progress ?? 0}
        status={s?.status === FAILED ? 'exception' : s?.status === 2 ? 'success' : s?.status === PARTLY_FAILED ? 'normal' : 'active'}
        strokeColor={s?.status === PARTLY_FAILED ? '#fa8c16' : undefined}
      />
      {s && <p data-testid="task-status">{t('content.c2.task.progressText', { status: t(taskStatusLabel(s.status)), total: s.total, ok: s.successCount, failed: s.failCount })}</p>}
      {s?.errorMsg && <Alert data-testid="task-reason" type="error" style={{ marginBottom: 12 }} title={t('content.c2.task.taskReason', { msg: s.errorMsg })} />}
      {failures.length > 0 && (
        <>
          <div style={{ marginBottom: 8 }}>
            {t('content.c2.task.failures')}
            {failures.length >= FAILURES_SHOWN && ` (${t('content.c2.task.failuresFirst', { n: FAILURES_SHOWN })})`}
          </div>
          <Table<Failure>
            data-testid="task-failures"
            size="small"
            rowKey={(f) => `${f.keyword}\n${f.error}`}
            pagination={false}
            scroll={{ y: 240 }}
            dataSource={failures}
            columns={[
              { key: 'keyword', dataIndex: 'keyword', title: t('content.c2.task.failedKeyword'), width: 160, ellipsis: true },
              { key: 'error', dataIndex: 'error', title: t('content.c2.task.reason') },
            ]}
          />
        </>
      )}
      <ExportStatusView status={exporter.status} onCancel={() => void exporter.cancel()} onReveal={exporter.reveal} />
    </Modal>
  );
}
