// The AI model setting's 链接 and 测试连接 (issue 38). The link input shows under it the URL generation will call
// (src-shared/ai-endpoint.ts: a base URL gets /chat/completions, the full URL is kept). 测试连接, a row action with
// its own button (aiModel_test), sends one short prompt through the back end with the stored key and shows the
// URL called and the model's reply, or the reason it failed.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Descriptions, Input, Modal, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CustomInputProps, ExtraActionDialogProps } from '../../crud/types';
import { call } from '../../platform/bridge';
import { chatCompletionsUrl } from '../../../src-shared/ai-endpoint';
import '../../i18n/areas/content-checks';

/**
 * secondary text dark enough for WCAG AA on white (antd's description grey is not); no width of its own (width 0,
 * at least the field's), so a long URL wraps inside the field instead of pushing the input under its label
 */
const HINT_STYLE = { marginTop: 4, color: 'var(--ant-color-text-secondary, rgba(0, 0, 0, 0.65))', overflowWrap: 'anywhere', width: 0, minWidth: '100%' } as const;

export function AiLinkInput({ id, value, onChange, disabled, placeholder }: CustomInputProps) {
  const { t } = useTranslation();
  const link = typeof value === 'string' ? value : '';
  const url = chatCompletionsUrl(link);
  return (
    <div>
      <Input id={id} value={link} allowClear placeholder={placeholder} disabled={disabled} onChange={(e) => onChange?.(e.target.value)} />
      <div style={HINT_STYLE} data-testid="ai-call-url">
        {url ? t('content.c2.aiModel.callsUrl', { url }) : t('content.c2.aiModel.urlHint')}
      </div>
    </div>
  );
}

/** the link as the view dialog shows it: the link, then the URL called */
export const linkView = (v: unknown): string => {
  const link = typeof v === 'string' ? v : '';
  const url = chatCompletionsUrl(link);
  return url && url !== link ? `${link}\n→ ${url}` : link;
};

interface TestResult {
  ok: boolean;
  url: string;
  reply: string;
  reason: string;
}

export function AiTestDialog({ ctx, onClose }: ExtraActionDialogProps) {
  const { t } = useTranslation();
  const id = String(ctx.row?.id ?? '');
  const [result, setResult] = useState<TestResult | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const alive = useRef(true);
  useEffect(() => () => void (alive.current = false), []);

  const run = useCallback(async () => {
    setBusy(true);
    setResult(null);
    setError('');
    try {
      const r = await call('api:request', { method: 'post', url: '/seo-blade-article/aiModel/test', data: { id } });
      if (alive.current) setResult(r.data as TestResult);
    } catch (e) {
      if (alive.current) setError((e as Error).message);
    } finally {
      if (alive.current) setBusy(false);
    }
  }, [id]);
  useEffect(() => void run(), [run]);

  return (
    <Modal
      open
      title={`${t('content.c2.aiModel.test')} - ${String(ctx.row?.name ?? '')}`}
      onCancel={onClose}
      footer={[
        <Button key="again" disabled={busy} onClick={() => void run()}>{t('content.c2.aiModel.testAgain')}</Button>,
        <Button key="close" type="primary" onClick={onClose}>{t('crud.close')}</Button>,
      ]}
    >
      <div data-testid="ai-test">
        {busy && (
          <div>
            <Spin size="small" /> {t('content.c2.aiModel.testing')}
          </div>
        )}
        {error && <Alert type="error" showIcon title={error} />}
        {result && (
          <>
            <Alert type={result.ok ? 'success' : 'error'} showIcon title={t(result.ok ? 'content.c2.aiModel.testOk' : 'content.c2.aiModel.testFailed')} style={{ marginBottom: 12 }} />
            <Descriptions size="small" column={1} bordered styles={{ label: { width: 110, whiteSpace: 'nowrap' } }} items={[
              { key: 'url', label: t('content.c2.aiModel.testUrl'), children: <span data-testid="ai-test-url" style={{ wordBreak: 'break-all' }}>{result.url}</span> },
              result.ok
                ? { key: 'reply', label: t('content.c2.aiModel.testReply'), children: <span data-testid="ai-test-reply" style={{ whiteSpace: 'pre-wrap' }}>{result.reply}</span> }
                : { key: 'reason', label: t('content.c2.aiModel.testReason'), children: <span data-testid="ai-test-reason" style={{ wordBreak: 'break-all' }}>{result.reason}</span> },
            ]} />
          </>
        )}
      </div>
    </Modal>
  );
}
