// The 状态 cell of a task whose work is a durable job (generation, import): the task's status, coloured, except
// while no worker takes its job (issue 37 item 6): then 等待工作进程, not 执行中 (its 执行情况 says since when).
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../src-shared/wire';
import type { ColumnDef } from '../../crud/types';
import { asJob, shownState } from '../../crud/jobText';
import { TASK_STATUS } from './shared';

const waits = (row: Row): boolean => {
  const job = asJob(row.job);
  return job !== null && shownState(job) === 'waitingWorker';
};

/** the cell's words (the column's width is measured from them) */
function statusText(row: Row, t: TFunction): string {
  if (waits(row)) return t('crud.job.state.waitingWorker');
  const o = TASK_STATUS.find((s) => String(s.value) === String(row.status));
  return o ? t(o.label) : '';
}

function TaskStatusCell({ row }: { row: Row }) {
  const { t } = useTranslation();
  const tone = waits(row) ? 'warning' : TASK_STATUS.find((s) => String(s.value) === String(row.status))?.tone;
  const text = statusText(row, t);
  return tone ? <span className={`desk-tone-${tone}`} data-tone={tone}>{text}</span> : <>{text}</>;
}

/** the status column of a task screen whose row carries its job as `job` */
export function taskStatusColumn(label: string): ColumnDef {
  return { name: 'status', label, valueType: 'select', options: TASK_STATUS, hideInForm: true, width: 110, cell: TaskStatusCell, cellText: statusText };
}
