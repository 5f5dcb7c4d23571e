// A durable job in a list cell and in the view dialog (ColumnDef valueType 'job'):
// state, progress, the attempt when it is a retry, the instance that runs it and,
// for a failure, the reason. The cell is one line (the reason cut with an
// ellipsis); its popover (on hover) and the view dialog show everything in full.
import type { ReactNode } from 'react';
import { Descriptions, Popover, Progress } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { JobView } from '../../src-shared/jobs';
import { asJob, attemptText, instanceText, phaseText, progressPercent, progressText, shownReason, shownState, stateTone } from './jobText';

function StateWords({ t, job }: { t: TFunction; job: JobView }) {
  const s = shownState(job);
  const tone = stateTone(s);
  return (
    <span className={tone ? `desk-tone-${tone}` : undefined} data-job-state={s}>
      {t(`crud.job.state.${s}`)}
    </span>
  );
}

function ProgressWords({ t, job, bar }: { t: TFunction; job: JobView; bar: number }) {
  const text = progressText(job);
  const percent = progressPercent(job);
  if (!text) return null;
  const failed = job.progress?.failed ? t('crud.job.failedItems', { n: job.progress.failed }) : null;
  return (
    <span className="desk-job-progress">
      {percent !== null && (
        <Progress percent={percent} size={{ width: bar, height: 6 }} showInfo={false} status={job.state === 'failed' ? 'exception' : 'normal'} />
      )}
      <span>{text}</span>
      {failed && <span className="desk-tone-error">{failed}</span>}
    </span>
  );
}

/** everything about the job, one fact a line (the cell's popover, the view dialog) */
function JobFacts({ job }: { job: JobView }) {
  const { t } = useTranslation();
  const reason = shownReason(job);
  type Item = { key: string; label: string; children: ReactNode };
  const items: (Item | false | null | undefined | '')[] = [
    { key: 'state', label: t('crud.job.stateLabel'), children: <StateWords t={t} job={job} /> },
    progressText(job) && { key: 'progress', label: t('crud.job.progress'), children: <ProgressWords t={t} job={job} bar={120} /> },
    job.progress?.phase && { key: 'phase', label: t('crud.job.phase'), children: phaseText(t, job.progress.phase) },
    { key: 'attempts', label: t('crud.job.attempts'), children: t('crud.job.attemptsOf', { n: job.attempts, max: job.maxAttempts }) },
    {
      key: 'instance', label: t('crud.job.instance'),
      // in words, then the whole (unique) name: host/role/pid/random
      children: job.instance ? (
        <span className="desk-job-instance-full">{instanceText(t, job.instance)} · {job.instance}</span>
      ) : (
        <span className="desk-job-instance-full">{t('crud.job.noInstance')}</span>
      ),
    },
    job.startTime && { key: 'start', label: t('crud.job.startTime'), children: job.startTime },
    job.endTime && { key: 'end', label: t('crud.job.endTime'), children: job.endTime },
    reason && { key: 'reason', label: t('crud.job.reason'), children: <span className="desk-tone-error desk-job-reason-full">{reason}</span> },
  ];
  // data-job-facts names the job, so the popover of one cell is told from another row's still fading out
  return (
    <div data-job-facts={job.id}>
      <Descriptions size="small" column={1} bordered items={items.filter((x): x is Item => Boolean(x))} className="desk-job-facts" />
    </div>
  );
}

/** The list cell of a job column: one line, everything in its popover. */
export function JobCell({ value }: { value: unknown }) {
  const { t } = useTranslation();
  const job = asJob(value);
  if (!job) return null;
  const attempt = attemptText(t, job);
  const reason = shownReason(job);
  return (
    <Popover content={<JobFacts job={job} />} placement="left" styles={{ root: { maxWidth: 560 } }}>
      <span className="desk-job" data-job={job.id}>
        <StateWords t={t} job={job} />
        <ProgressWords t={t} job={job} bar={48} />
        {attempt && <span className="desk-tone-warning desk-job-attempt">{attempt}</span>}
        {job.instance && <span className="desk-job-instance" title={job.instance}>{instanceText(t, job.instance)}</span>}
        {reason && <span className="desk-tone-error desk-job-reason">{reason}</span>}
      </span>
    </Popover>
  );
}

/**
 * The view dialog's value of a job column: every fact, the reason in full. The record's job comes as `job`
 * (Form.Item injects the form's `value`, which a job column never has).
 */
export function JobDetail({ job: value }: { job: unknown }) {
  const { t } = useTranslation();
  const job = asJob(value);
  if (!job) return <div className="desk-view-value">{t('crud.job.none')}</div>;
  return <JobFacts job={job} />;
}
