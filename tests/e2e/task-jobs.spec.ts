import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { sql, openSqliteDataLayer, type DataLayer } from '../../src-server/db/data-layer';
import { JobQueue } from '../../src-server/jobs/queue';
import { test, expect, signIn, rpc, api, clickRowAction, openScreen, switchLanguage, type WebHost } from './fixtures';

// The task screens' 执行情况 (issue 30): a generation, an import and a deploy task
// whose durable jobs are driven through the real JobQueue on the host's database
// (a kind no worker handles, so only this test moves them): the row shows the
// state, progress, 第N次尝试, the instance (its host and role in words; the full name in its popover)
// and the reason of the last failure; the popover and the view dialog show all of it, with every attempt (a
// takeover after A stopped renewing its lease: 实例失去响应，由 … 接管). A job no worker has claimed for longer than
// a lease (no worker of its kind is alive) says 等待工作进程 and since when (issue 37 item 6).

const KIND = 'e2e-task-jobs';
// two instances as their workers name themselves (host/role/pid/random): both roles that run jobs
const A = 'e2e-a.example/all/4101/a1b2c3';
const B = 'e2e-b.example/worker/4202/d4e5f6';
const LEASE = 600_000;
const REASON = 'AI接口 http://127.0.0.1:9/v1/chat/completions 返回 502 Bad Gateway';
const IMPORT_REASON = '导入文件不存在: imports/关键词-20261127.txt（对象存储中找不到该文件）';

const dialog = (page: Page) => page.getByRole('dialog');
const rowOf = (page: Page, name: string) => page.locator('.desk-page:not([hidden])').getByRole('table').getByRole('row', { name: new RegExp(name) });

let data: DataLayer;
let queue: JobQueue;

/** enqueues a job for the task row (its job_id and status set in the same transaction, as the modules do) */
async function jobFor(table: string, taskId: string, maxAttempts = 3, status?: number, runAt?: number): Promise<string> {
  return data.transaction(async (trx) => {
    const job = await queue.enqueue(trx, { kind: KIND, tenantId: '000000', key: `${table}:${taskId}`, maxAttempts, runAt });
    await trx.run(sql`UPDATE ${sql.table(table)} SET job_id = ${job.id} WHERE id = ${taskId}`);
    if (status !== undefined) await trx.run(sql`UPDATE ${sql.table(table)} SET status = ${status} WHERE id = ${taskId}`);
    return job.id;
  });
}

/** brings a job's cell into sight: the lists scroll sideways at 1366 px, the action column fixed over them */
const reveal = (cell: Locator) => cell.evaluate((el) => el.scrollIntoView({ block: 'nearest', inline: 'center' }));

/** the popover of this job cell, not another row's still fading out (both are in the page for a moment) */
async function popoverOf(page: Page, cell: Locator): Promise<Locator> {
  const id = await cell.getAttribute('data-job');
  expect(id).toBeTruthy();
  return page.locator(`.ant-popover:not(.ant-popover-hidden) [data-job-facts="${id}"]`);
}

async function setUp(host: WebHost): Promise<void> {
  data = openSqliteDataLayer(join(host.dataDir, 'server'));
  queue = new JobQueue(data, () => Date.now(), { backoffMs: 0 });

  // a generation task whose first attempt failed on instance A; A took it again and stopped renewing its lease (its clock
  // 30 minutes back: the lease ran out long ago), and instance B took it over: 第3次尝试
  const past = new JobQueue(data, () => Date.now() - 1_800_000, { backoffMs: 0 });
  const up = (await rpc(host, 'keywords:upload', { name: 'jobs.txt', base64: Buffer.from('苹果\n香蕉\n').toString('base64') })) as { ok: boolean; data: { link: string } };
  expect(up.ok, JSON.stringify(up)).toBe(true);
  const gen = await api(host, 'post', '/seo-blade-article/gptProduceArticle/save', { taskName: '作业重试任务', prompts: [{ input: '写{keyword}' }], fileLink: up.data.link, fileName: 'jobs.txt' });
  const genJob = await jobFor('gpt_produce_article', String(gen.id), 4, 1, Date.now() - 1_800_000);
  expect((await past.claim([KIND], A, LEASE, 1)).map((j) => j.id)).toEqual([genJob]);
  await past.heartbeat(genJob, A, LEASE, { done: 12, total: 40 });
  expect(await past.fail(genJob, A, REASON)).toBe('retry');
  expect((await past.claim([KIND], A, LEASE, 1)).map((j) => j.id)).toEqual([genJob]);
  expect((await queue.claim([KIND], B, LEASE, 1)).map((j) => j.id)).toEqual([genJob]);
  expect(await queue.heartbeat(genJob, B, LEASE, { done: 13, total: 40, failed: 1 })).toBe('ok');

  // an import task whose only attempt failed: 失败 with the reason
  const imp = await api(host, 'post', '/seo-blade-material/importTask/submit', { taskName: '作业导入任务', taskType: 'keyword' });
  const impJob = await jobFor('import_task', String(imp.id), 1, 1);
  await queue.claim([KIND], A, LEASE, 1);
  await queue.heartbeat(impJob, A, LEASE, { done: 5000, total: 20000 });
  expect(await queue.fail(impJob, A, IMPORT_REASON)).toBe('failed');
  await data.run(sql`UPDATE import_task SET status = 3, error_msg = ${IMPORT_REASON} WHERE id = ${String(imp.id)}`);

  // a deploy task whose trigger's job runs on B, rendering, and was asked to cancel: 取消中
  const group = await api(host, 'post', '/website-blade-material/websiteGroup/save', { name: '作业分组', type: 0 });
  const dep = await api(host, 'post', '/website-blade-deploy/deployTasks/save', { taskName: '作业发布任务', groupIds: String(group.id), scheduleType: 'NONE', articleCount: 1 });
  const depJob = await jobFor('deploy_tasks', String(dep.id));
  await queue.claim([KIND], B, LEASE, 1);
  await queue.heartbeat(depJob, B, LEASE, { done: 3, total: 8, phase: 'render' });
  expect(await queue.cancel(depJob)).toBe('requested');

  // an import task due 10 minutes ago that no worker takes (no worker runs its kind): 等待工作进程
  const idle = await api(host, 'post', '/seo-blade-material/importTask/submit', { taskName: '无人领取的导入', taskType: 'keyword' });
  await jobFor('import_task', String(idle.id), 3, 1, Date.now() - 600_000);
}

test('the task screens show each task\'s job: instance, progress, 第3次尝试 after a takeover and the reason, in the row, its popover (every attempt) and the view dialog; 等待工作进程', async ({ page, host }) => {
  await signIn(page, host);
  await setUp(host);
  try {
    await page.setViewportSize({ width: 1366, height: 820 });

    // generation: running again on B after a failure on A
    await openScreen(page, host, '/article/gptProduceArticle');
    const gen = rowOf(page, '作业重试任务').locator('.desk-job');
    await expect(gen.locator('[data-job-state]')).toHaveText('执行中');
    await expect(gen).toContainText('13/40');
    await expect(gen).toContainText('第3次尝试（共4次）');
    // the instance in words, its host and role; its whole name in the popover
    await expect(gen.locator('.desk-job-instance')).toHaveText('e2e-b.example · 工作进程');
    await expect(gen.locator('.desk-job-reason')).toHaveText(REASON);
    await expect(page.locator('.desk-page:not([hidden]) thead')).toContainText('执行情况');
    await reveal(gen);
    await page.screenshot({ path: 'test-results/task-jobs-generation.png' });
    // the popover: the instance's full name and the reason in full
    await gen.hover();
    const pop = await popoverOf(page, gen);
    await expect(pop).toContainText(B);
    await expect(pop).toContainText(REASON);
    await expect(pop).toContainText('3 / 4');
    // every attempt: A failed (the reason), A stopped responding and B took it over, B runs it
    const attempts = pop.locator('.desk-job-attempts tbody tr');
    await expect(attempts).toHaveCount(3);
    await expect(attempts.nth(0)).toContainText('e2e-a.example · API + 工作进程');
    await expect(attempts.nth(0).locator('[data-attempt-outcome]')).toHaveText('失败');
    await expect(attempts.nth(0)).toContainText(REASON);
    await expect(attempts.nth(1).locator('[data-attempt-outcome]')).toHaveText('已被接管');
    await expect(attempts.nth(1)).toContainText('实例失去响应，由 e2e-b.example · 工作进程 接管');
    await expect(attempts.nth(2)).toContainText('e2e-b.example · 工作进程');
    await expect(attempts.nth(2).locator('[data-attempt-outcome]')).toHaveText('执行中');
    // drawn, not fading in (the popover holding these facts: `has` takes a locator inside it, not one from the page root)
    await expect(page.locator('.ant-popover:not(.ant-popover-hidden)', { has: page.locator(`[data-job-facts="${await gen.getAttribute('data-job')}"]`) })).not.toHaveClass(/-(appear|enter)/);
    await page.screenshot({ path: 'test-results/task-jobs-generation-popover.png' });
    await page.mouse.move(0, 0);
    // the view dialog: the same facts
    await clickRowAction(page, rowOf(page, '作业重试任务'), '查看');
    const facts = dialog(page).locator('.desk-job-facts');
    await expect(facts).toContainText('执行中');
    await expect(facts).toContainText('3 / 4');
    await expect(dialog(page).locator('.desk-job-attempts tbody tr')).toHaveCount(3);
    await expect(dialog(page).locator('.desk-job-attempts')).toContainText('实例失去响应，由 e2e-b.example · 工作进程 接管');
    await expect(facts).toContainText(B);
    await expect(facts).toContainText(REASON);
    await page.screenshot({ path: 'test-results/task-jobs-generation-view.png' });
    await dialog(page).locator('.ant-modal-footer').getByRole('button', { name: /关\s*闭/ }).click();

    // import: failed for good, the reason shown
    await openScreen(page, host, '/article/importTask');
    const imp = rowOf(page, '作业导入任务').locator('.desk-job');
    await expect(imp.locator('[data-job-state]')).toHaveText('失败');
    await expect(imp).toContainText('5000/20000');
    await expect(imp.locator('.desk-job-instance')).toHaveText('e2e-a.example · API + 工作进程');
    await expect(imp.locator('.desk-job-reason')).toHaveText(IMPORT_REASON);
    await expect(imp).not.toContainText('次尝试');
    // no worker takes the other one: 等待工作进程 since when it was due, not 排队中
    const idle = rowOf(page, '无人领取的导入').locator('.desk-job');
    await expect(idle.locator('[data-job-state]')).toContainText('等待工作进程');
    await expect(idle.locator('.desk-job-since')).toHaveText(/^ 自 \d{2}-\d{2} \d{2}:\d{2} 起$/);
    // its 状态 too: 等待工作进程, not 执行中 (the task's own status is 1, running)
    await expect(rowOf(page, '无人领取的导入').locator('td').filter({ hasText: /^等待工作进程$/ })).toHaveCount(1);
    await expect(rowOf(page, '无人领取的导入')).not.toContainText('执行中');
    await reveal(imp);
    await page.screenshot({ path: 'test-results/task-jobs-import.png' });
    await idle.hover();
    const idlePop = await popoverOf(page, idle);
    await expect(idlePop).toContainText('没有运行中的工作进程');
    await expect(idlePop).toContainText('尚未被实例领取');
    await page.screenshot({ path: 'test-results/task-jobs-waiting-popover.png' });
    await page.mouse.move(0, 0);

    // deploy: the cancel asked, not yet honoured
    await openScreen(page, host, '/site/deployTasks');
    const dep = rowOf(page, '作业发布任务').locator('.desk-job');
    await expect(dep.locator('[data-job-state]')).toHaveText('取消中');
    await expect(dep).toContainText('3/8');
    await expect(dep.locator('.desk-job-instance')).toHaveText('e2e-b.example · 工作进程');
    await reveal(dep);
    await page.screenshot({ path: 'test-results/task-jobs-deploy.png' });
    await dep.hover();
    await expect(await popoverOf(page, dep)).toContainText('生成页面');
    await page.mouse.move(0, 0);

    // the instance stops it: the row (read again while the job ran) shows 已取消
    expect(await queue.acknowledgeCancel((await data.get(sql<{ job_id: string }>`SELECT job_id FROM deploy_tasks WHERE task_name = '作业发布任务'`))!.job_id, B)).toBe(true);
    await expect(dep.locator('[data-job-state]')).toHaveText('已取消');

    // English
    await switchLanguage(page, 'English');
    await openScreen(page, host, '/article/gptProduceArticle');
    const genEn = rowOf(page, '作业重试任务').locator('.desk-job');
    await expect(genEn.locator('[data-job-state]')).toHaveText('Running');
    await expect(genEn).toContainText('Attempt 3 of 4');
    await expect(genEn.locator('.desk-job-instance')).toHaveText('e2e-b.example · worker');
    await expect(page.locator('.desk-page:not([hidden]) thead')).toContainText('Execution');
    await reveal(genEn);
    await page.screenshot({ path: 'test-results/task-jobs-generation-en.png' });
    await genEn.hover();
    await expect((await popoverOf(page, genEn)).locator('.desk-job-attempts')).toContainText('The instance stopped responding; taken over by e2e-b.example · worker');
    await page.screenshot({ path: 'test-results/task-jobs-generation-en-popover.png' });
    await page.mouse.move(0, 0);
    await openScreen(page, host, '/article/importTask');
    await expect(rowOf(page, '无人领取的导入').locator('[data-job-state]')).toContainText('Waiting for a worker');
    await switchLanguage(page, '中文');
  } finally {
    await data.close();
  }
});
