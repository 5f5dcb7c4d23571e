// The schedule config of a deploy task (spec content-area.md §4): for FIX_RATE a
// seconds input (whole seconds, at least 1), for CRON the cron editor; both with
// the next trigger times the server computes (nextTriggerTime, croner). A value
// that does not fit a newly chosen type is cleared. The rule the form checks
// before sending is the server's (src-shared/schedule.ts).
import { useCallback, useEffect, useRef } from 'react';
import { Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CustomInputProps } from '../../crud/types';
import { call } from '../../platform/bridge';
import { CronInput } from '../../components/cron/CronInput';
import { CronPreview } from '../../components/cron/CronPreview';
import { scheduleProblem } from '../../../src-shared/schedule';
import '../../i18n/areas/content-ops';

const NEXT = '/website-blade-deploy/deployTasks/nextTriggerTime';

export function ScheduleConfInput({ id, value, onChange, disabled }: CustomInputProps) {
  const { t } = useTranslation();
  const type = Form.useWatch('scheduleType', Form.useFormInstance()) as string | undefined;
  const text = value === undefined || value === null ? '' : String(value);
  // the type changed under a value that does not fit it (a cron left in a seconds field): cleared
  const shownType = useRef(type);
  useEffect(() => {
    if (shownType.current === type) return;
    shownType.current = type;
    const problem = type ? scheduleProblem(type, text) : null;
    if (text && problem) onChange?.(undefined);
  }, [type, text, onChange]);
  const source = useCallback(
    (conf: string) => call('api:request', { method: 'get', url: NEXT, params: { scheduleType: type ?? 'NONE', scheduleConf: conf } }).then((r) => r.data as string[]),
    [type],
  );
  if (type === 'FIX_RATE')
    return (
      <>
        {/* neither clamped nor rounded: 0, -5 or 1.5 stay as typed and get the message naming the range (issue 38) */}
        <InputNumber
          id={id}
          step={1}
          style={{ width: 200 }}
          suffix={t('content.ops.schedule.seconds')}
          value={text !== '' && Number.isFinite(Number(text)) ? Number(text) : null}
          disabled={disabled}
          placeholder={t('content.ops.schedule.fixRateRequired')}
          onChange={(v) => onChange?.(v === null || v === undefined ? undefined : String(v))}
        />
        {!scheduleProblem('FIX_RATE', text) && <CronPreview expression={text} source={source} />}
      </>
    );
  return <CronInput id={id} value={text} disabled={disabled} placeholder={t('content.ops.schedule.cronRequired')} onChange={(v) => onChange?.(v)} preview={source} />;
}
