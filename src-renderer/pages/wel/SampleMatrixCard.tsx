// The sample matrix on the workbench, for the platform administrator: whenever its
// tenant (888888) does not exist, an offer to load it (a separate tenant with websites, domains,
// servers, templates, categories, articles, keywords, an AI model and a ready
// generation task); once loaded, where it is (tenant, account, password) and a
// one-action removal. A back end without the sample (another product's) answers
// with an error and the card stays hidden.
import { useCallback, useEffect, useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Popconfirm, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../platform/bridge';
import type { SampleStatus } from '../../../src-shared/wire';

const BASE = '/website-blade-system/sampleMatrix';


export function SampleMatrixCard({ onChanged }: { onChanged?: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [status, setStatus] = useState<SampleStatus | null>(null);
  const [busy, setBusy] = useState(false);

  const refresh = useCallback(async () => {
    try {
      setStatus((await call('api:request', { method: 'get', url: `${BASE}/status` })).data as SampleStatus);
    } catch {
      setStatus(null);
    }
  }, []);
  useEffect(() => {
    void refresh();
  }, [refresh]);

  const act = async (what: 'load' | 'remove') => {
    setBusy(true);
    try {
      const r = await call('api:request', { method: 'post', url: `${BASE}/${what}`, data: {} });
      void message.success(r.msg || t(`wel.sample.${what}Done`));
      await refresh();
      onChanged?.();
    } catch (e) {
      void message.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  // offered whenever the sample's tenant (888888) does not exist, whatever this workspace holds (a back end that does
  // not say so: on an empty workspace)
  if (!status || (!status.loaded && !(status.canLoad ?? status.workspaceEmpty))) return null;
  if (!status.loaded) {
    return (
      <Card title={t('wel.sample.offerTitle')} data-testid="sample-offer">
        <Space direction="vertical">
          <Typography.Paragraph style={{ marginBottom: 0 }}>{t('wel.sample.offerText')}</Typography.Paragraph>
          <Button type="primary" loading={busy} onClick={() => void act('load')}>
            {t('wel.sample.load')}
          </Button>
        </Space>
      </Card>
    );
  }
  const c = status.counts ?? {};
  return (
    <Card title={t('wel.sample.loadedTitle')} data-testid="sample-loaded">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Alert type="info" showIcon message={t('wel.sample.signInHint', { tenant: status.tenantId, account: status.account })} />
        <Descriptions
          size="small"
          column={{ xs: 1, md: 3 }}
          items={[
            { key: 'tenant', label: t('wel.sample.tenant'), children: `${status.tenantName} (${status.tenantId})` },
            { key: 'account', label: t('wel.sample.account'), children: status.account },
            { key: 'password', label: t('wel.sample.password'), children: <Typography.Text copyable>{status.password}</Typography.Text> },
            { key: 'websites', label: t('wel.count.websites'), children: c.website_info ?? 0 },
            { key: 'articles', label: t('wel.count.articles'), children: c.article ?? 0 },
            { key: 'keywords', label: t('wel.count.keywords'), children: c.keyword ?? 0 },
          ]}
        />
        <Popconfirm title={t('wel.sample.removeConfirm')} onConfirm={() => void act('remove')}>
          <Button danger loading={busy}>
            {t('wel.sample.remove')}
          </Button>
        </Popconfirm>
      </Space>
    </Card>
  );
}
