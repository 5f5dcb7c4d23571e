// Generate-article tasks: spec content-area.md §3 Generate-article task, §5; start
// batch production, poll status with a progress bar, export titles. Action column 380
// (§2, §9) with 开始生成, 取消 (待执行 / 执行中 tasks) and 任务进度 as buttons of their own. A failed or partly
// failed task shows its status in red / orange and the first reason in the row; the
// progress dialog lists every failed keyword with its reason.
import type { ScreenDef } from '../../crud/types';
import { call } from '../../platform/bridge';
import { createTimeColumn, jobColumn, REMOTE, remoteSelect } from './shared';
import { GPT_PRODUCE_ARTICLE } from '../../../src-shared/declarations/generation';
import { taskStatusColumn } from './TaskStatusCell';
import { KeywordFile, PromptRows } from './TaskInputs';
import { TaskProgressDialog } from './TaskProgressDialog';

/** the prompt rows as the view dialog lists them: one numbered line each */
const promptLines = (v: unknown): string =>
  Array.isArray(v) ? v.map((p, i) => `${i + 1}. ${String((p as { input?: unknown }).input ?? '')}`).join('\n') : '';

const G = '/seo-blade-article/gptProduceArticle';
const W = '/website-blade-article/gptProduceArticle';

const gptProduceArticle: ScreenDef = {
  code: 'gptProduceArticle',
  title: 'content.c2.task.title',
  api: { list: `${G}/page`, detail: `${G}/detail`, save: `${G}/save`, update: `${G}/update`, remove: `${G}/remove` },
  declaration: GPT_PRODUCE_ARTICLE,
  dialogWidth: 800,
  actionWidth: 380,
  // a running task's counts change on the server: read again while one shows
  refreshWhile: (row) => row.status === 1,
  columns: [
    { name: 'taskName', label: 'content.c2.task.taskName', search: true, span: 24 },
    { name: 'maxTokens', label: 'content.c2.task.maxTokens', valueType: 'number', default: 4096, span: 24 },
    { name: 'prompts', label: 'content.c2.task.prompts', valueType: 'custom', input: PromptRows, viewText: promptLines, hideInTable: true, span: 24, default: [{ input: '' }], validateTrigger: 'onChange' },
    { name: 'fileLink', label: 'content.c2.task.file', valueType: 'custom', input: KeywordFile, hideInTable: true, span: 24, validateTrigger: 'onChange' },
    // where the generated articles go (optional): a group, optionally one website and one column; else they wait unassigned
    remoteSelect('websiteGroupId', 'content.c2.task.websiteGroupId', REMOTE.websiteGroups, { displayField: 'websiteGroupName', span: 24, extra: 'content.c2.task.targetHint' }),
    remoteSelect('websiteInfoId', 'content.c2.task.websiteInfoId', REMOTE.websitesByGroup, { displayField: 'websiteName', hideInTable: true, span: 12, filterBy: 'websiteGroupId' }),
    remoteSelect('parentId', 'content.c2.task.parentId', REMOTE.pageCatesByGroup, { displayField: 'cateName', hideInTable: true, span: 12, filterBy: 'websiteGroupId' }),
    // 等待工作进程 instead of 执行中 while no worker takes its job
    taskStatusColumn('content.c2.task.statusName'),
    // 执行情况, beside the status: the instance running it, progress, attempt and the job's reason
    jobColumn,
    // next to the status, so a narrow window scrolling the table sideways still shows why
    { name: 'failReason', label: 'content.c2.task.failReason', hideInForm: true },
    { name: 'total', label: 'content.c2.task.total', hideInForm: true, width: 80 },
    { name: 'successCount', label: 'content.c2.task.successCount', hideInForm: true, width: 80 },
    { name: 'failCount', label: 'content.c2.task.failCount', hideInForm: true, width: 80 },
    createTimeColumn,
  ],
  extraActions: [
    {
      // says it started (the run goes on in the background; 任务进度 follows it)
      key: 'produce', label: 'content.c2.task.produce', permission: 'gptProduceArticle_edit', placement: 'row', inline: true, visible: (row) => row.status !== 1,
      successMessage: 'content.c2.task.started',
      async run(ctx) {
        await call('api:request', { method: 'post', url: `${W}/produce`, params: { ids: String(ctx.row!.id) } });
      },
    },
    {
      // a queued run is cancelled at once, a running one stops on whichever instance runs it
      key: 'cancel', label: 'content.c2.task.cancel', permission: 'gptProduceArticle_cancel', placement: 'row', inline: true, danger: true,
      confirm: 'content.c2.task.cancelConfirm', visible: (row) => row.status === 0 || row.status === 1,
      async run(ctx) {
        await call('api:request', { method: 'post', url: `${W}/cancel`, params: { ids: String(ctx.row!.id) } });
      },
    },
    { key: 'poll', label: 'content.c2.task.poll', permission: 'gptProduceArticle_view', placement: 'row', inline: true, render: TaskProgressDialog },
  ],
};

export default gptProduceArticle;
