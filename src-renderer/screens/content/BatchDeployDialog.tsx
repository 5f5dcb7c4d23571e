// 批量部署 of the website list (POST gptProduceArticle/batch-site-tasks with the
// ticked websites): asks, deploys them on the server one after another and shows
// each site's status and reason; a failed site is never counted as deployed.
import { useState } from 'react';
import { Alert, Button, Modal, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExtraActionDialogProps } from '../../crud/types';
import { call } from '../../platform/bridge';
import { idsParam } from '../../crud/params';
import '../../i18n/areas/content-ops';

interface SiteResult {
  websiteInfoId: string;
  /** in the console's language */
  statusName: string;
  /** whether it deployed: what the status is decided and coloured by */
  deployed: boolean;
  message: string;
}

export function BatchDeployDialog({ ctx, onClose, onDone }: ExtraActionDialogProps) {
  const { t } = useTranslation();
  const sites = ctx.selected;
  const names = new Map(sites.map((s) => [String(s.id), String(s.websiteName ?? '')]));
  const [busy, setBusy] = useState(false);
  const [results, setResults] = useState<SiteResult[] | null>(null);
  const [error, setError] = useState('');
  const run = async () => {
    setBusy(true);
    setError('');
    try {
      const r = await call('api:request', { method: 'post', url: '/website-blade-article/gptProduceArticle/batch-site-tasks', params: { ids: idsParam(sites.map((s) => s.id as string)) } });
      setResults(r.data as SiteResult[]);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const failed = results?.filter((r) => !r.deployed).length ?? 0;
  const close = results ? onDone : onClose;
  return (
    <Modal
      open
      title={t('content.ops.site.batchDeployTitle')}
      width={860}
      onCancel={busy ? undefined : close}
      maskClosable={false}
      footer={
        results ? (
          <Button onClick={close}>{t('crud.close')}</Button>
        ) : (
          [
            <Button key="cancel" onClick={onClose} disabled={busy}>{t('crud.cancel')}</Button>,
            <Button key="ok" type="primary" loading={busy} onClick={() => void run()}>{t('content.ops.site.batchDeploy')}</Button>,
          ]
        )
      }
    >
      {!results && <p>{busy ? t('content.ops.site.deploying') : t('content.ops.site.batchDeployConfirm', { n: sites.length })}</p>}
      {error && <Alert type="error" showIcon title={error} />}
      {results && (
        <>
          <Alert type={failed ? 'error' : 'success'} showIcon title={failed ? t('content.ops.site.deploySome', { failed, total: results.length }) : t('content.ops.site.deployOk')} style={{ marginBottom: 12 }} />
          <Table<SiteResult>
            size="small"
            bordered
            rowKey="websiteInfoId"
            tableLayout="fixed"
            pagination={false}
            dataSource={results}
            columns={[
              { key: 'site', title: t('content.ops.run.site'), dataIndex: 'websiteInfoId', width: 160, render: (v: string) => names.get(v) ?? v },
              { key: 'status', title: t('content.ops.run.status'), dataIndex: 'statusName', width: 100, render: (v: string, r) => <Tag color={r.deployed ? 'green' : 'red'}>{v}</Tag> },
              { key: 'message', title: t('content.ops.run.message'), dataIndex: 'message' },
            ]}
          />
        </>
      )}
    </Modal>
  );
}
