// The tenant's search-engine accounts at the top of the 搜索引擎 screen: the
// endpoints, whether a service-account key and a Bing key are stored (never the
// secrets), the service account's client e-mail with a copy button and what to do
// with it, the API roots under "advanced"; 账号设置 (button searchEngine_account)
// and 测试连接 of Google and Bing (searchEngine_test). Kept current with the
// account's writes (this window or another) and read again each time it is shown.
import { useEffect, useRef, useState } from 'react';
import { App as AntApp, Alert, Button, Card, Collapse, Descriptions, Space, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SEARCH_API, type SearchAccountView } from '../../../../src-shared/search-engines';
import { resourceOf } from '../../../../src-shared/writes';
import { call } from '../../../platform/bridge';
import { useCan } from '../../../stores/session';
import { useFreshness } from '../../../crud/freshness';
import { notify } from '../../../crud/notify';
import { AccountDialog } from './AccountDialog';
import { runTest, TestOutcomeView, type TestOutcome } from './TestDialog';
import { Toned } from './tones';
import '../../../i18n/areas/search';

type AccountKind = 'google' | 'bing';

export function AccountsCard() {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const can = useCan();
  const shown = useRef<HTMLDivElement>(null);
  const [account, setAccount] = useState<SearchAccountView | null>(null);
  const [error, setError] = useState('');
  const [tick, setTick] = useState(0);
  const [editing, setEditing] = useState(false);
  const [testing, setTesting] = useState<AccountKind | null>(null);
  const [outcomes, setOutcomes] = useState<Partial<Record<AccountKind, TestOutcome>>>({});

  useEffect(() => {
    let alive = true;
    call('api:request', { method: 'get', url: `${SEARCH_API.account}/detail` }).then(
      (reply) => {
        if (!alive) return;
        setAccount(reply.data as SearchAccountView);
        setError('');
      },
      (e: unknown) => alive && setError((e as Error).message),
    );
    return () => {
      alive = false;
    };
  }, [tick]);
  useFreshness(shown, {
    everyShow: true,
    touches: (change) => resourceOf(change.url) === SEARCH_API.account,
    refresh: () => setTick((n) => n + 1),
  });

  const test = async (kind: AccountKind) => {
    setTesting(kind);
    const outcome = await runTest(`${SEARCH_API.account}/test`, { kind });
    setOutcomes((o) => ({ ...o, [kind]: outcome }));
    setTesting(null);
  };
  const copy = (text: string) =>
    navigator.clipboard.writeText(text).then(
      () => notify(message, 'success', t('search.account.copied')),
      () => notify(message, 'warning', t('search.account.copyFailed')),
    );
  const secret = (value: string | undefined) => (value ? <Toned tone="success">{t('search.account.set')}</Toned> : <Toned tone="muted">{t('search.account.notSet')}</Toned>);

  const extra = (
    <Space wrap>
      {can('searchEngine_test') && (
        <>
          <Button onClick={() => void test('google')} loading={testing === 'google'} disabled={!account?.googleKey} data-action="test-google">
            {t('search.account.testGoogle')}
          </Button>
          <Button onClick={() => void test('bing')} loading={testing === 'bing'} disabled={!account?.bingApiKey} data-action="test-bing">
            {t('search.account.testBing')}
          </Button>
        </>
      )}
      {can('searchEngine_account') && (
        <Button type="primary" onClick={() => setEditing(true)} disabled={!account} data-action="edit-accounts">
          {t('search.account.edit')}
        </Button>
      )}
    </Space>
  );

  return (
    <Card ref={shown} title={t('search.account.title')} extra={extra} style={{ marginBottom: 12 }} data-testid="search-accounts">
      {error && <Alert type="error" showIcon title={t('search.account.loadFailed', { reason: error })} style={{ marginBottom: 12 }} />}
      {account && (
        <Descriptions
          size="small"
          bordered
          column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }}
          items={[
            { key: 'indexnow', label: t('search.account.indexnowEndpoint'), children: account.indexnowEndpoint },
            { key: 'baidu', label: t('search.account.baiduEndpoint'), children: account.baiduEndpoint },
            { key: 'googleKey', label: t('search.account.googleKey'), children: secret(account.googleKey) },
            {
              key: 'email',
              label: t('search.account.googleClientEmail'),
              children: account.googleClientEmail ? (
                <Space orientation="vertical" size={2}>
                  <Space size={4}>
                    <Typography.Text code data-testid="client-email">
                      {account.googleClientEmail}
                    </Typography.Text>
                    <Button size="small" icon={<CopyOutlined aria-hidden />} onClick={() => void copy(account.googleClientEmail)}>
                      {t('search.account.copy')}
                    </Button>
                  </Space>
                  <Toned tone="muted">{t('search.account.addUser')}</Toned>
                </Space>
              ) : (
                <Toned tone="muted">{t('search.account.notSet')}</Toned>
              ),
            },
            { key: 'bing', label: t('search.account.bingApiKey'), children: secret(account.bingApiKey) },
          ]}
        />
      )}
      {account && (
        <Collapse
          size="small"
          ghost
          style={{ marginTop: 8 }}
          items={[
            {
              key: 'advanced',
              label: t('search.account.advanced'),
              children: (
                <Descriptions
                  size="small"
                  column={1}
                  items={[
                    { key: 'google', label: t('search.account.googleApiRoot'), children: account.googleApiRoot },
                    { key: 'bing', label: t('search.account.bingApiRoot'), children: account.bingApiRoot },
                  ]}
                />
              ),
            },
          ]}
        />
      )}
      {(['google', 'bing'] as const)
        .filter((k) => outcomes[k])
        .map((k) => (
          <div key={k} style={{ marginTop: 12 }} data-test-kind={k}>
            <TestOutcomeView outcome={outcomes[k]!} name={t(`search.engine.${k}`)} onClose={() => setOutcomes((o) => ({ ...o, [k]: undefined }))} />
          </div>
        ))}
      {editing && account && (
        <AccountDialog
          account={account}
          onClose={() => setEditing(false)}
          onSaved={(a) => {
            setEditing(false);
            setAccount(a);
            setOutcomes({});
          }}
        />
      )}
    </Card>
  );
}
