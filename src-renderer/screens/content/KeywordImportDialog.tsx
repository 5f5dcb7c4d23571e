// Keyword import: a .txt file (one keyword a line) posted as a JSON list; the back
// end runs it as an import task (bad lines logged) and the result shows the counts.
import { useState } from 'react';
import { Alert, App as AntApp, Button, Modal, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExtraActionDialogProps } from '../../crud/types';
import { call } from '../../platform/bridge';
import '../../i18n/areas/content';

interface Result { totalRows: number; successRows: number; failedRows: number }

export function KeywordImportDialog({ onClose, onDone }: ExtraActionDialogProps) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const [result, setResult] = useState<Result | null>(null);
  const [busy, setBusy] = useState(false);
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
      const keywords = (await file.text()).split(/\r?\n/);
      const r = await call('api:request', { method: 'post', url: '/website-blade-article/keyword/import', data: { keywords } });
      setResult(r.data as Result);
    } catch (e) {
      void message.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={t('content.c2.keyword.import')} onCancel={result ? onDone : onClose} footer={<Button onClick={result ? onDone : onClose}>{t('crud.close')}</Button>}>
      <Upload accept=".txt" maxCount={1} showUploadList={false} beforeUpload={(f) => { void onFile(f); return false; }}>
        <Button loading={busy}>{t('content.c2.task.chooseFile')}</Button>
      </Upload>
      {result && (
        <Alert style={{ marginTop: 12 }} type={result.failedRows ? 'warning' : 'success'}
          title={t('content.c2.keyword.importResult', { total: result.totalRows, ok: result.successRows, failed: result.failedRows })} />
      )}
    </Modal>
  );
}
