// What a task row's durable job reads as (crud/jobText.ts): the state's words, a
// retry's wait, an asked cancel, the attempt, the shortened instance, the reason
// (never for a job that since succeeded), in zh and en; and the task screens' 执行情况.
import { describe, expect, it, vi } from 'vitest';

// area message modules register themselves with the running i18next when imported: start it first
await vi.hoisted(async () => {
  const { initI18n } = await import('../../../src-renderer/i18n');
  initI18n('zh');
});
import i18next, { type TFunction } from 'i18next';
import type { JobView } from '../../../src-shared/jobs';
import zh from '../../../src-renderer/i18n/zh';
import en from '../../../src-renderer/i18n/en';
import { asJob, attemptReason, attemptText, instanceText, outcomeText, waitingShort, jobActive, jobSummary, progressPercent, progressText, shownReason, shownState, stateTone } from '../../../src-renderer/crud/jobText';
import { formColumns, viewColumns } from '../../../src-renderer/crud/values';
import gptProduceArticle from '../../../src-renderer/screens/content/gptProduceArticle';
import importTask from '../../../src-renderer/screens/content/importTask';
import deployTasks from '../../../src-renderer/screens/content/deployTasks';
import websiteInfo from '../../../src-renderer/screens/content/websiteInfo';
import { TASK_STATUS } from '../../../src-renderer/screens/content/shared';

const job = (over: Partial<JobView> = {}): JobView => ({
  id: 'j1', state: 'running', instance: 'worker-b.example/worker/4202/d4e5f6', attempts: 2, maxAttempts: 3, progress: { done: 13, total: 40 },
  error: 'AI接口返回 502', cancelRequested: false, startTime: '2026-11-27 03:00:00', endTime: null, waitingSince: null, history: [], ...over,
});

async function translator(lng: 'zh' | 'en'): Promise<TFunction> {
  const i = i18next.createInstance();
  await i.init({ lng, resources: { zh: { translation: zh }, en: { translation: en } }, interpolation: { escapeValue: false } });
  return i.t;
}

describe('a job as the task screens show it', () => {
  it('names its state, a retry waiting and a cancel not yet honoured', () => {
    expect(shownState(job())).toBe('running');
    expect(shownState(job({ state: 'queued', attempts: 0, error: null }))).toBe('queued');
    expect(shownState(job({ state: 'queued', attempts: 1 }))).toBe('retryWait');
    expect(shownState(job({ cancelRequested: true }))).toBe('cancelling');
    expect(stateTone('failed')).toBe('error');
    expect(stateTone('done')).toBe('success');
    expect(stateTone('running')).toBeUndefined();
  });

  it('a job that ran to its end with failed items is never called 已完成: 部分失败, or 全部失败 when none succeeded', async () => {
    const zhT = await translator('zh');
    const enT = await translator('en');
    const some = job({ state: 'done', error: null, progress: { done: 2, total: 2, failed: 1 } });
    const all = job({ state: 'done', error: null, progress: { done: 3, total: 3, failed: 3 } });
    const clean = job({ state: 'done', error: null, progress: { done: 2, total: 2, failed: 0 } });
    expect([shownState(some), shownState(all), shownState(clean)]).toEqual(['partlyFailed', 'allFailed', 'done']);
    // a job that reported no total: the items it went through
    expect(shownState(job({ state: 'done', progress: { done: 1, failed: 1 } }))).toBe('allFailed');
    expect(shownState(job({ state: 'done', progress: { done: 4, failed: 1 } }))).toBe('partlyFailed');
    expect([stateTone(shownState(some)), stateTone(shownState(all))]).toEqual(['warning', 'error']);
    expect(jobSummary(zhT, some)).toMatch(/^部分失败 /);
    expect(jobSummary(zhT, some)).not.toContain('已完成');
    expect(jobSummary(zhT, all)).toMatch(/^全部失败 /);
    expect(jobSummary(enT, some)).toMatch(/^Partly failed /);
    expect(jobSummary(zhT, clean)).toMatch(/^已完成/);
  });

  it('shows the attempt only for a retry or takeover, the instance in words (host and role), the reason unless it since succeeded', async () => {
    const t = await translator('zh');
    expect(attemptText(t, job())).toBe('第2次尝试（共3次）');
    expect(attemptText(t, job({ attempts: 1 }))).toBeNull();
    // the worker's name host/role/pid/random: its host and role in words, never `vm/8287`
    expect(instanceText(t, 'worker-b.example/worker/4202/d4e5f6')).toBe('worker-b.example · 工作进程');
    expect(instanceText(t, 'db-1/api/4202/d4e5f6')).toBe('db-1 · API');
    expect(instanceText(t, 'vm/all/8287/0a1b2c')).toBe('vm · API + 工作进程');
    // an older version's host/pid/random, and any other name
    expect(instanceText(t, 'vm/8287/0a1b2c')).toBe('vm · 进程 8287');
    expect(instanceText(t, 'solo')).toBe('solo');
    expect(jobSummary(t, job())).toContain('worker-b.example · 工作进程');
    expect(jobSummary(t, job())).not.toContain('4202');
    expect(shownReason(job())).toBe('AI接口返回 502');
    expect(shownReason(job({ state: 'done' }))).toBeNull();
    expect(shownReason(job({ state: 'cancelled' }))).toBeNull();
    expect(progressText(job())).toBe('13/40');
    expect(progressPercent(job())).toBe(32);
    expect(progressText(job({ progress: { done: 7 } }))).toBe('7');
    expect(progressPercent(job({ progress: { done: 7 } }))).toBeNull();
    expect(progressText(job({ progress: null }))).toBeNull();
    expect(jobSummary(t, job())).toContain('第2次尝试（共3次）');
    expect(jobSummary(t, job({ cancelRequested: true }))).toMatch(/^取消中/);
    expect(jobSummary(t, null)).toBe('');
    const english = await translator('en');
    expect(attemptText(english, job())).toBe('Attempt 2 of 3');
    expect(jobSummary(english, job({ state: 'queued', attempts: 1 }))).toMatch(/^Waiting to retry/);
    expect(instanceText(english, 'vm/all/8287/0a1b2c')).toBe('vm · API + worker');
    expect(instanceText(english, 'worker-b.example/worker/4202/d4e5f6')).toBe('worker-b.example · worker');
    expect(instanceText(english, 'db-1/api/4202/d4e5f6')).toBe('db-1 · API');
    expect(instanceText(english, 'vm/8287/0a1b2c')).toBe('vm · process 8287');
  });

  it('says 等待工作进程 and since when for a job no worker takes, and each attempt\'s outcome and reason (a takeover names its heir)', async () => {
    const t = await translator('zh');
    const waiting = job({ state: 'queued', attempts: 0, error: null, instance: null, waitingSince: '2026-11-29 03:40:12' });
    expect(shownState(waiting)).toBe('waitingWorker');
    expect(stateTone('waitingWorker')).toBe('warning');
    expect(waitingShort(waiting)).toBe('11-29 03:40');
    expect(jobSummary(t, waiting)).toMatch(/^等待工作进程  自 11-29 03:40 起/);
    // a running job whose instance stopped renewing its lease, with no worker left: waiting too, not 执行中
    expect(shownState(job({ waitingSince: '2026-11-29 03:40:12' }))).toBe('waitingWorker');
    expect(shownState(job({ state: 'done', waitingSince: '2026-11-29 03:40:12' }))).toBe('done');
    expect(waitingShort(job())).toBeNull();
    const first = { attempt: 1, instance: 'db-1/worker/4101/a1b2c3', startTime: '2026-11-29 03:00:00', endTime: '2026-11-29 03:05:00', reason: null, takenBy: null };
    expect(attemptReason(t, { ...first, outcome: 'takenOver', takenBy: 'db-2/worker/4202/d4e5f6' })).toBe('实例失去响应，由 db-2 · 工作进程 接管');
    expect(outcomeText(t, { ...first, outcome: 'takenOver' })).toBe('已被接管');
    expect(attemptReason(t, { ...first, outcome: 'failed', reason: 'AI接口返回 502' })).toBe('AI接口返回 502');
    expect(attemptReason(t, { ...first, outcome: 'done' })).toBeNull();
    expect(attemptReason(t, { ...first, outcome: 'lost' })).toBe('实例失去响应');
    expect(attemptReason(t, { ...first, outcome: 'released' })).toBe('实例停止，作业交还队列');
    const english = await translator('en');
    expect(jobSummary(english, waiting)).toMatch(/^Waiting for a worker  since 11-29 03:40/);
    expect(attemptReason(english, { ...first, outcome: 'takenOver', takenBy: 'db-2/api/4202/d4e5f6' })).toBe('The instance stopped responding; taken over by db-2 · API');
    for (const o of ['running', 'done', 'failed', 'cancelled', 'released', 'takenOver', 'lost'] as const) {
      expect(outcomeText(t, { ...first, outcome: o })).not.toContain('crud.job');
      expect(outcomeText(english, { ...first, outcome: o })).not.toContain('crud.job');
    }
  });

  it('is active (its list reads itself again) while queued or running, and only a job view counts as one', () => {
    expect(jobActive(job())).toBe(true);
    expect(jobActive(job({ state: 'queued' }))).toBe(true);
    expect(jobActive(job({ state: 'failed' }))).toBe(false);
    expect(jobActive(null)).toBe(false);
    expect(asJob('')).toBeNull();
    expect(asJob({ id: 'x' })).toBeNull();
  });

  it('every state has its words in zh and en', async () => {
    const [z, e] = [await translator('zh'), await translator('en')];
    for (const s of ['queued', 'running', 'done', 'failed', 'cancelled', 'retryWait', 'cancelling', 'waitingWorker']) {
      expect(z(`crud.job.state.${s}`)).not.toBe(`crud.job.state.${s}`);
      expect(e(`crud.job.state.${s}`)).not.toBe(`crud.job.state.${s}`);
    }
    expect(z('crud.job.state.cancelling')).toBe('取消中');
  });
});

describe('the task screens', () => {
  it('show 执行情况 in the list and the view dialog, never in the form', () => {
    for (const def of [gptProduceArticle, importTask, deployTasks]) {
      const col = def.columns.find((c) => c.valueType === 'job');
      expect(col?.name, def.code).toBe('job');
      expect(col?.hideInTable).toBeFalsy();
      expect(formColumns(def).some((c) => c.valueType === 'job')).toBe(false);
      expect(viewColumns(def).some((c) => c.valueType === 'job')).toBe(true);
    }
    expect(zh.crud.job.column).toBe('执行情况');
    // a website's latest deploy job: in its view dialog, not in the (already wide) list
    const deployJob = websiteInfo.columns.find((c) => c.name === 'deployJob');
    expect(deployJob).toMatchObject({ valueType: 'job', hideInTable: true });
    expect(viewColumns(websiteInfo)).toContain(deployJob);
    expect(formColumns(websiteInfo)).not.toContain(deployJob);
  });

  it('name the task status 5 已取消', () => {
    expect(TASK_STATUS.find((o) => o.value === 5)?.label).toBe('content.c2.taskStatus.cancelled');
  });
});
