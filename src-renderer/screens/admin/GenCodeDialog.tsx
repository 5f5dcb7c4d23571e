// 生成代码: POST /blade-develop/code/gen-code (ids) answers a zip, downloaded
// through the shared blob export (main streams it into the chosen file).
import { useEffect, useRef } from 'react';
import { Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExtraActionDialogProps } from '../../crud/types';
import { ExportStatusView } from '../../components/export/ExportStatusView';
import { useExport } from '../../components/export/useExport';
import '../../i18n/areas/admin';

export function GenCodeDialog({ ctx, onClose }: ExtraActionDialogProps) {
  const { t } = useTranslation();
  const exporter = useExport();
  const ids = ctx.row ? [String(ctx.row.id)] : ctx.selectedKeys.map(String);
  const started = useRef(false);
  const start = () => void exporter.start({ url: '/blade-develop/code/gen-code', method: 'post', params: { ids: ids.join(',') }, name: 'blade-code.zip' });
  useEffect(() => {
    // React's development double effect must not start two downloads
    if (started.current) return;
    started.current = true;
    start();
  }, []);
  const phase = exporter.status.phase;
  return (
    <Modal
      open
      title={t('adminDev.genCode')}
      onCancel={onClose}
      footer={[
        <Button key="again" disabled={phase === 'running'} onClick={start}>
          {t('adminDev.genCodeAgain')}
        </Button>,
        <Button key="close" onClick={onClose}>
          {t('crud.close')}
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary">{t('adminDev.genCodeHint')}</Typography.Paragraph>
      <ExportStatusView status={exporter.status} onCancel={() => void exporter.cancel()} onReveal={exporter.reveal} />
    </Modal>
  );
}
