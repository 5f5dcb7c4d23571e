// The error lines of one import task (its task error log: line, message, raw data),
// opened from the import task's row: every line that was not imported says why.
import { useEffect, useState } from 'react';
import { Alert, App as AntApp, Button, Modal, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExtraActionDialogProps } from '../../crud/types';
import { call } from '../../platform/bridge';
import '../../i18n/areas/content';

interface ErrorLine { id: string; errorLine: number; errorMsg: string; errorData: string }
const PAGE = 10;

export function ImportErrorsDialog({ ctx, onClose }: ExtraActionDialogProps) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const id = String(ctx.row!.id);
  const [current, setCurrent] = useState(1);
  const [page, setPage] = useState<{ records: ErrorLine[]; total: number } | null>(null);
  useEffect(() => {
    let alive = true;
    call('api:request', { method: 'get', url: '/seo-blade-material/taskErrorLog/page', params: { taskId_equal: id, current, size: PAGE } })
      .then((r) => alive && setPage(r.data as { records: ErrorLine[]; total: number }))
      .catch((e: unknown) => alive && void message.error((e as Error).message));
    return () => {
      alive = false;
    };
  }, [id, current, message]);
  const reason = String(ctx.row!.errorMsg ?? '');
  return (
    <Modal open width={760} title={`${t('content.c2.importTask.errorLines')} - ${String(ctx.row!.taskName ?? '')}`} onCancel={onClose}
      footer={<Button onClick={onClose}>{t('crud.close')}</Button>}>
      {reason && <Alert type="error" style={{ marginBottom: 12 }} title={t('content.c3.importFailed', { msg: reason })} />}
      <Table<ErrorLine>
        data-testid="import-errors"
        size="small"
        rowKey="id"
        loading={page === null}
        dataSource={page?.records ?? []}
        pagination={{ current, pageSize: PAGE, total: page?.total ?? 0, showSizeChanger: false, onChange: setCurrent }}
        columns={[
          { key: 'line', dataIndex: 'errorLine', title: t('content.c2.errorLog.errorLine'), width: 80 },
          { key: 'msg', dataIndex: 'errorMsg', title: t('content.c2.errorLog.errorMsg'), width: 260 },
          { key: 'data', dataIndex: 'errorData', title: t('content.c2.errorLog.errorData'), ellipsis: true },
        ]}
      />
    </Modal>
  );
}
