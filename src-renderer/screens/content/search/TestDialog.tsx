// 测试连接: a website's connection (the row action; the engine chosen in the
// dialog) or the tenant's Google / Bing account (the accounts card). The service
// is called by the back end; the dialog shows its answer (status and words) or why
// it could not be reached, and the hint for what to do, translated.
import { useState } from 'react';
import { Alert, Button, Modal, Radio, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConnectionKind, ConnectionTestResult } from '../../../../src-shared/search-engines';
import { SEARCH_API } from '../../../../src-shared/search-engines';
import type { ExtraActionDialogProps } from '../../../crud/types';
import { call } from '../../../platform/bridge';
import { hintText, Toned } from './tones';
import '../../../i18n/areas/search';

/** what a test came back with: the service's answer, or the back end's refusal (no key set, no domain) */
export type TestOutcome = { result: ConnectionTestResult } | { error: string };

export async function runTest(url: string, params: Record<string, string>): Promise<TestOutcome> {
  try {
    const reply = await call('api:request', { method: 'post', url, params });
    return { result: reply.data as ConnectionTestResult };
  } catch (e) {
    return { error: (e as Error).message };
  }
}

/** one test's outcome: works / failed (with the HTTP status), the service's answer as it said it, the hint */
export function TestOutcomeView({ outcome, name, onClose }: { outcome: TestOutcome; name: string; onClose?(): void }) {
  const { t } = useTranslation();
  const closable = onClose ? { closable: true, onClose } : {};
  if ('error' in outcome) return <Alert type="error" showIcon title={`${name}: ${t('search.test.failed')}`} description={outcome.error} data-test-outcome="refused" {...closable} />;
  const r = outcome.result;
  const hint = hintText(t, r.hint);
  return (
    <Alert
      type={r.ok ? 'success' : 'error'}
      showIcon
      data-test-outcome={r.ok ? 'ok' : 'failed'}
      {...closable}
      title={`${name}: ${t(r.ok ? 'search.test.ok' : 'search.test.failed')}${r.status ? ` (${t('search.test.status', { status: r.status })})` : ''}`}
      description={
        <div>
          <Toned tone="muted">{t('search.test.answer')}</Toned>
          <pre className="desk-test-answer" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', margin: '4px 0 0', fontSize: 12 }}>
            {r.answer}
          </pre>
          {hint && (
            <p style={{ margin: '8px 0 0' }} data-hint={r.hint?.code}>
              <strong>{t('search.test.hint')}: </strong>
              {hint}
            </p>
          )}
        </div>
      }
    />
  );
}

const KINDS: readonly ConnectionKind[] = ['indexnow', 'baidu', 'google', 'bing'];

/** the row action's dialog: choose the engine, test, see each engine's last outcome */
export function SiteTestDialog({ ctx, onClose }: ExtraActionDialogProps) {
  const { t } = useTranslation();
  const row = ctx.row!;
  const [kind, setKind] = useState<ConnectionKind>(() => KINDS.find((k) => Number(row[`${k}On`]) === 1) ?? 'indexnow');
  const [running, setRunning] = useState(false);
  const [outcomes, setOutcomes] = useState<Partial<Record<ConnectionKind, TestOutcome>>>({});
  const run = async () => {
    setRunning(true);
    const outcome = await runTest(`${SEARCH_API.site}/test`, { id: String(row.id), kind });
    setOutcomes((o) => ({ ...o, [kind]: outcome }));
    setRunning(false);
  };
  return (
    <Modal
      open
      title={`${t('search.test.title')} - ${String(row.websiteName ?? '')}`}
      onCancel={onClose}
      width={720}
      footer={[
        <Button key="close" onClick={onClose}>
          {t('crud.close')}
        </Button>,
      ]}
    >
      <Space orientation="vertical" style={{ width: '100%' }} size="middle">
        <Space wrap>
          <span>{t('search.test.kind')}:</span>
          <Radio.Group
            value={kind}
            onChange={(e) => setKind(e.target.value as ConnectionKind)}
            optionType="button"
            options={KINDS.map((k) => ({ value: k, label: t(`search.engine.${k}`) }))}
          />
          <Button type="primary" loading={running} onClick={() => void run()} data-action="run-test">
            {t('search.test.run')}
          </Button>
        </Space>
        {KINDS.every((k) => !outcomes[k]) && <Toned tone="muted">{t('search.test.empty')}</Toned>}
        {KINDS.filter((k) => outcomes[k]).map((k) => (
          <div key={k} data-test-kind={k}>
            <TestOutcomeView outcome={outcomes[k]!} name={t(`search.engine.${k}`)} />
          </div>
        ))}
      </Space>
    </Modal>
  );
}
