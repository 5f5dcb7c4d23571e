// 导入数据: Search Console's own export of the Performance report (the zip, or its
// Dates.csv) into a website's daily traffic, for a site without API access. The
// website and the file are picked here, main posts them as multipart to the
// import endpoint, and the dialog shows what the server read: days, rows, and
// every skipped line with its reason. The dashboard reads again after an import.
import { useState } from 'react';
import { Alert, Button, Form, Modal, Select, Table, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { importTraffic, type TrafficImportResult, type WebsiteOption } from './api';
import '../../../i18n/areas/search-dashboard';

const ACCEPT = '.zip,.csv';
/** the server's limit (traffic-import.ts): an export is small */
const MAX_BYTES = 20 * 1024 * 1024;

export interface TrafficImportDialogProps {
  websites: WebsiteOption[];
  /** the website the dashboard is filtered by, if any: chosen at first */
  website?: string;
  onClose(): void;
  /** after an import that read something (the dashboard reads again) */
  onImported(result: TrafficImportResult): void;
}

export function TrafficImportDialog({ websites, website, onClose, onImported }: TrafficImportDialogProps) {
  const { t } = useTranslation();
  const [site, setSite] = useState<string | undefined>(website || undefined);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<TrafficImportResult | null>(null);
  const [error, setError] = useState('');
  const [tried, setTried] = useState(false);

  const fileProblem = (f: File): string => {
    if (!/\.(zip|csv)$/i.test(f.name)) return t('searchDashboard.import.fileType');
    if (f.size > MAX_BYTES) return t('searchDashboard.import.fileSize');
    return '';
  };
  const pick = (f: File) => {
    setResult(null);
    const problem = fileProblem(f);
    setError(problem);
    setFile(problem ? null : f);
  };
  const run = async () => {
    setTried(true);
    if (!site || !file) return;
    setBusy(true);
    setError('');
    setResult(null);
    try {
      const r = await importTraffic(site, file);
      setResult(r);
      if (r.days > 0 || r.rows > 0) onImported(r);
    } catch (e) {
      setError(t('searchDashboard.import.failed', { msg: (e as Error).message }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t('searchDashboard.import.title')}
      onCancel={onClose}
      width={620}
      footer={[
        <Button key="close" onClick={onClose}>{t('crud.close')}</Button>,
        <Button key="import" type="primary" loading={busy} onClick={() => void run()} data-testid="traffic-import-run">
          {t('searchDashboard.import.button')}
        </Button>,
      ]}
    >
      <Form layout="vertical">
        <Form.Item label={t('searchDashboard.import.website')} required validateStatus={tried && !site ? 'error' : undefined} help={tried && !site ? t('searchDashboard.import.websiteRequired') : undefined}>
          <Select
            aria-label={t('searchDashboard.import.website')}
            options={websites}
            value={site}
            onChange={setSite}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('searchDashboard.import.websiteRequired')}
          />
        </Form.Item>
        <Form.Item label={t('searchDashboard.import.file')} required extra={t('searchDashboard.import.hint')}
          validateStatus={tried && !file && !error ? 'error' : undefined} help={tried && !file && !error ? t('searchDashboard.import.fileType') : undefined}>
          <Upload accept={ACCEPT} maxCount={1} showUploadList={false} disabled={busy} beforeUpload={(f) => { pick(f); return false; }}>
            <Button icon={<UploadOutlined />} disabled={busy}>{t('searchDashboard.import.chooseFile')}</Button>
          </Upload>
          {file && <span data-testid="traffic-import-file" style={{ marginLeft: 12 }}>{file.name}</span>}
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} data-testid="traffic-import-error" />}
      {result && <ImportResult result={result} />}
    </Modal>
  );
}

function ImportResult({ result }: { result: TrafficImportResult }) {
  const { t } = useTranslation();
  const read = result.days > 0;
  return (
    <div data-testid="traffic-import-result">
      <Alert
        type={!read ? 'error' : result.skipped.length ? 'warning' : 'success'}
        showIcon
        title={read ? t('searchDashboard.import.result', { days: result.days, rows: result.rows, from: result.from, to: result.to }) : t('searchDashboard.import.resultNone')}
        description={
          result.skipped.length || result.notImported.length ? (
            <>
              {result.skipped.length > 0 && <div>{t('searchDashboard.import.skipped', { count: result.skipped.length })}</div>}
              {result.notImported.map((n) => (
                <div key={n.file} data-testid="traffic-import-not-imported">{t('searchDashboard.import.notImported', { file: n.file, reason: n.reason })}</div>
              ))}
            </>
          ) : undefined
        }
      />
      {result.skipped.length > 0 && (
        <Table
          size="small"
          style={{ marginTop: 8 }}
          rowKey={(r) => `${r.file ?? ''}:${r.line}:${r.reason}`}
          dataSource={result.skipped}
          pagination={result.skipped.length > 5 ? { pageSize: 5, size: 'small', showSizeChanger: false } : false}
          columns={[
            { key: 'line', dataIndex: 'line', title: t('searchDashboard.import.lineNo'), width: 150, render: (line: number, r) => `${r.file ? `${r.file} ` : ''}${t('searchDashboard.import.line', { line })}` },
            { key: 'reason', dataIndex: 'reason', title: t('searchDashboard.import.reason') },
          ]}
        />
      )}
    </div>
  );
}
