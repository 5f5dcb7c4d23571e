// A durable job in a list cell and in the view dialog (ColumnDef valueType 'job'):
// state (等待工作进程 and since when, for a job no worker takes), progress, the attempt
// when it is a retry, the instance that runs it and, for a failure, the reason. The
// cell is one line (the reason cut with an ellipsis); its popover (on hover) and the
// view dialog show everything in full, with every attempt: instance, start, end,
// outcome and reason (实例失去响应，由 … 接管 for a takeover).
import type { ReactNode } from 'react';
import { Descriptions, Popover, Progress, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { JobAttemptView, JobView } from '../../src-shared/jobs';
import {
  asJob, attemptReason, attemptText, instanceText, outcomeText, phaseText, progressPercent, progressText, shownReason, shownState, stateTone, waitingShort,
} from './jobText';

function StateWords({ t, job, full }: { t: TFunction; job: JobView; full?: boolean }) {
  const s = shownState(job);
  const tone = stateTone(s);
  const since = full ? (s === 'waitingWorker' ? job.waitingSince : null) : waitingShort(job);
  return (
    <span className={tone ? `desk-tone-${tone}` : undefined} data-job-state={s}>
      {t(`crud.job.state.${s}`)}
      {since && <span className="desk-job-since"> {t('crud.job.waitingSince', { time: since })}</span>}
    </span>
  );
}

const OUTCOME_TONE: Partial<Record<JobAttemptView['outcome'], string>> = {
  done: 'desk-tone-success', failed: 'desk-tone-error', takenOver: 'desk-tone-warning', lost: 'desk-tone-error', released: 'desk-tone-warning', cancelled: 'desk-tone-warning',
};

/** every attempt of the job, oldest first: which instance ran it, when, how it ended and why */
function JobAttempts({ t, job }: { t: TFunction; job: JobView }) {
  return (
    <Table<JobAttemptView>
      className="desk-job-attempts"
      size="small"
      pagination={false}
      tableLayout="fixed"
      rowKey={(a) => `${a.attempt}-${a.startTime}-${a.instance}`}
      dataSource={job.history}
      columns={[
        { key: 'attempt', title: t('crud.job.historyCols.attempt'), dataIndex: 'attempt', width: 36 },
        { key: 'instance', title: t('crud.job.historyCols.instance'), width: 150, render: (_: unknown, a) => <span title={a.instance}>{instanceText(t, a.instance)}</span> },
        // the year is the same in a job's week of history: month-day and time (the whole in the title)
        { key: 'start', title: t('crud.job.historyCols.start'), width: 120, render: (_: unknown, a) => <span title={a.startTime}>{a.startTime.slice(5)}</span> },
        { key: 'end', title: t('crud.job.historyCols.end'), width: 120, render: (_: unknown, a) => (a.endTime ? <span title={a.endTime}>{a.endTime.slice(5)}</span> : '—') },
        { key: 'outcome', title: t('crud.job.historyCols.outcome'), width: 90, render: (_: unknown, a) => <span className={OUTCOME_TONE[a.outcome]} data-attempt-outcome={a.outcome}>{outcomeText(t, a)}</span> },
        { key: 'reason', title: t('crud.job.historyCols.reason'), render: (_: unknown, a) => <span className="desk-job-attempt-reason">{attemptReason(t, a) ?? ''}</span> },
      ]}
    />
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
    { key: 'state', label: t('crud.job.stateLabel'), children: <StateWords t={t} job={job} full /> },
    shownState(job) === 'waitingWorker' && { key: 'waiting', label: t('crud.job.waitingLabel'), children: <span className="desk-job-reason-full">{t('crud.job.waitingHint')}</span> },
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
      {job.history.length > 0 && (
        <div className="desk-job-history">
          <div className="desk-job-history-title">{t('crud.job.history')}</div>
          <JobAttempts t={t} job={job} />
        </div>
      )}
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
    <Popover content={<JobFacts job={job} />} placement="left" styles={{ root: { maxWidth: 740 } }}>
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
