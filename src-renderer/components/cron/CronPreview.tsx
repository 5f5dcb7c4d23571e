// The next trigger times of a cron expression, read live (debounced) from a
// caller-given source (the deploy tasks' nextTriggerTime endpoint, computed
// by the server with croner): the list, the source's refusal, or nothing.
import { useEffect, useState } from 'react';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export type CronPreviewSource = (expression: string) => Promise<string[]>;

const DEBOUNCE_MS = 300;

export function CronPreview({ expression, source }: { expression: string; source: CronPreviewSource }) {
  const { t } = useTranslation();
  const [state, setState] = useState<{ for: string; times?: string[]; error?: string } | null>(null);
  useEffect(() => {
    const text = expression.trim();
    if (!text) return;
    let alive = true;
    const timer = setTimeout(() => {
      source(text).then(
        (times) => alive && setState({ for: text, times }),
        (e: unknown) => alive && setState({ for: text, error: (e as Error).message }),
      );
    }, DEBOUNCE_MS);
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [expression, source]);
  if (!expression.trim() || !state || state.for !== expression.trim()) return null;
  return (
    <div data-testid="cron-preview" style={{ marginTop: 6 }}>
      <Typography.Text type="secondary">{t('shell.cron.preview')}: </Typography.Text>
      {state.error ? (
        <Typography.Text type="danger">{state.error}</Typography.Text>
      ) : state.times && state.times.length > 0 ? (
        <ol style={{ margin: '2px 0 0', paddingInlineStart: 20 }}>
          {state.times.map((x) => (
            <li key={x}>
              <Typography.Text>{x}</Typography.Text>
            </li>
          ))}
        </ol>
      ) : (
        <Typography.Text>{t('shell.cron.noRun')}</Typography.Text>
      )}
    </div>
  );
}
