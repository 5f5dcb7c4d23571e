// What an export is doing: bytes and percent while it runs (percent only when
// the length is known), cancel, then the saved path and "show in folder".
import { App as AntApp, Alert, Button, Progress, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatBytes, percentOf, type ExportStatus } from './useExport';
import './messages';

export interface ExportStatusViewProps {
  status: ExportStatus;
  onCancel(): void;
  onReveal(path: string): Promise<{ shown: boolean; path: string }>;
}

export function ExportStatusView({ status, onCancel, onReveal }: ExportStatusViewProps) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  if (status.phase === 'idle') return null;
  const percent = percentOf(status);
  const reveal = async () => {
    try {
      const r = await onReveal(status.path);
      // browser mode: no file manager to open, the path is what the operator gets
      if (!r.shown) void message.info(t('exporting.location', { path: r.path }));
    } catch (e) {
      void message.error((e as Error).message);
    }
  };
  return (
    <div data-testid="export-status" data-phase={status.phase} style={{ marginTop: 12 }}>
      {status.phase === 'running' && (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Text>{t('exporting.running')}</Typography.Text>
          <Progress percent={percent ?? 100} status="active" showInfo={percent !== null} />
          <Typography.Text type="secondary" data-testid="export-bytes">
            {status.total !== null
              ? t('exporting.progress', { received: formatBytes(status.received), total: formatBytes(status.total) })
              : t('exporting.progressUnknown', { received: formatBytes(status.received) })}
          </Typography.Text>
          <Button danger data-testid="export-cancel" onClick={onCancel}>
            {t('exporting.cancel')}
          </Button>
        </Space>
      )}
      {status.phase === 'done' && (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Alert type="success" showIcon title={<span data-testid="export-path">{t('exporting.done', { path: status.path })}</span>} description={formatBytes(status.received)} />
          <Button data-testid="export-reveal" onClick={() => void reveal()}>
            {t('exporting.reveal')}
          </Button>
        </Space>
      )}
      {status.phase === 'cancelled' && <Alert type="info" showIcon title={t('exporting.cancelled')} />}
      {status.phase === 'error' && <Alert type="error" showIcon title={t('exporting.failed', { message: status.message })} />}
    </div>
  );
}
