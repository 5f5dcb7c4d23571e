import { test, expect, signIn, rpc, clickRowAction } from './fixtures';
import type { Locator, Page } from '@playwright/test';

// The leave process end to end in the console: admin starts a leave request
// naming the seeded HR user (account hr, password hr, role hr) as approver;
// hr approves it from the to-do list, then claims the 人事审批 task (candidate
// group hr) and completes it. The bpmn-js diagram's markers follow each step
// and the done list shows both tasks.

const screen = (page: Page, path: string) => page.locator(`section.desk-page[data-path="${path}"]`);

async function open(page: Page, menu: RegExp, path: string): Promise<Locator> {
  const parent = page.getByRole('menuitem', { name: /流程管理/ });
  if ((await page.getByRole('menuitem', { name: menu }).count()) === 0) await parent.click();
  await page.getByRole('menuitem', { name: menu }).click();
  await expect(page).toHaveURL(new RegExp(`#${path}`));
  return screen(page, path);
}

/** The state markers bpmn-js carries on an element's graphics. */
async function expectState(diagram: Locator, id: string, state: 'flow-finished' | 'flow-active' | 'flow-taken' | null) {
  const el = diagram.locator(`g.djs-element[data-element-id="${id}"]`);
  await expect(el).toHaveCount(1);
  if (state) await expect(el).toHaveClass(new RegExp(`\\b${state}\\b`));
  else await expect(el).not.toHaveClass(/\bflow-(finished|active|taken)\b/);
}

test('start a leave, the approver approves, HR claims and completes; the diagram follows', async ({ page, host }) => {
  test.setTimeout(120_000);
  await signIn(page, host);

  // start it from the start list
  const start = await open(page, /发起事务/, '/work/start');
  const leaveRow = start.getByRole('row', { name: /Leave/ });
  await clickRowAction(page, leaveRow, /发\s*起/);
  await expect(page).toHaveURL(/#\/work\/process\/leave\/form\/Leave:1:\d+$/);
  const formPage = page.locator('section.desk-page[data-path^="/work/process/leave/form/"]');
  await expect(page.getByRole('tab', { name: '请假申请' }).or(page.locator('.desk-tag', { hasText: '请假申请' })).first()).toBeVisible();
  const form = formPage.locator('form#leave-form');
  // the form validates before calling the server
  await form.getByRole('button', { name: /提交申请/ }).click();
  await expect(form.getByText('请选择审批人')).toBeVisible();
  await expect(form.getByText('请输入请假理由')).toBeVisible();

  await form.getByLabel('审批人').click();
  await page.locator('.ant-select-dropdown').getByText('人事 (hr)').click();
  await form.getByLabel('开始时间').fill('2026-12-01 09:00:00');
  await form.getByLabel('开始时间').press('Enter');
  await form.getByLabel('结束时间').fill('2026-11-30 09:00:00');
  await form.getByLabel('结束时间').press('Enter');
  await expect(form.getByText('结束时间必须晚于开始时间')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('leave-end-before-start.png') });
  await form.getByLabel('结束时间').fill('2026-12-03 18:00:00');
  await form.getByLabel('结束时间').press('Enter');
  await form.getByLabel('请假理由').fill('家中有事');
  await form.getByRole('button', { name: /提交申请/ }).click();
  await expect(page.getByText('流程启动成功')).toBeVisible();

  // the sent list, and the diagram: start finished, its flow taken, 审批 active
  await expect(page).toHaveURL(/#\/work\/send/);
  const send = screen(page, '/work/send');
  const sentRow = send.getByRole('row', { name: /请假流程/ }).first();
  await expect(sentRow).toContainText('审批');
  await clickRowAction(page, sentRow, /流程图/);
  let diagram = page.getByRole('dialog').getByRole('img', { name: '流程图' });
  await expectState(diagram, 'start', 'flow-finished');
  await expectState(diagram, 'flowStart', 'flow-taken');
  await expectState(diagram, 'managerAudit', 'flow-active');
  await expectState(diagram, 'hrAudit', null);
  await page.getByRole('dialog').getByRole('button', { name: /Close|关闭/ }).click();

  // hr approves from the to-do list
  await rpc(host, 'auth:logout');
  await signIn(page, host, 'hr', 'hr');
  const todo = await open(page, /待办事务/, '/work/todo');
  await clickRowAction(page, todo.getByRole('row', { name: /审批/ }), /办\s*理/);
  await expect(page).toHaveURL(/#\/work\/process\/leave\/handle\/\d+\/\d+\/\d+$/);
  let handle = page.locator('section.desk-page[data-path^="/work/process/leave/handle/"]:not([hidden])');
  await expect(handle.getByText('家中有事')).toBeVisible();
  diagram = handle.getByRole('img', { name: '流程图' });
  await expectState(diagram, 'managerAudit', 'flow-active');
  // a rejection needs a comment
  await handle.getByRole('button', { name: /驳\s*回/ }).click();
  await expect(handle.getByText('请输入审批意见')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('leave-reject-without-comment.png') });
  await handle.getByRole('button', { name: /同\s*意/ }).click();
  await expect(handle.getByText('办理成功').first()).toBeVisible();
  // the diagram moved on: 审批 finished, 人事审批 active
  await expectState(diagram, 'managerAudit', 'flow-finished');
  await expectState(diagram, 'flowManagerPass', 'flow-taken');
  await expectState(diagram, 'hrAudit', 'flow-active');
  await expect(handle.getByRole('row', { name: /审批.*人事.*同意/ })).toBeVisible();

  // 人事审批 waits in the claim list; claim it, then complete it from the to-do list
  const claim = await open(page, /待签事务/, '/work/claim');
  const claimRow = claim.getByRole('row', { name: /人事审批/ });
  await clickRowAction(page, claimRow, /签\s*收/);
  await page.getByRole('dialog').getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(page.getByText('签收成功')).toBeVisible();
  await expect(claim.getByRole('row', { name: /人事审批/ })).toHaveCount(0);

  const todo2 = await open(page, /待办事务/, '/work/todo');
  // the to-do tab stayed open: shown again, it reloads
  await clickRowAction(page, todo2.getByRole('row', { name: /人事审批/ }), /办\s*理/);
  handle = page.locator('section.desk-page[data-path^="/work/process/leave/handle/"]:not([hidden])');
  await handle.getByLabel('审批意见').fill('准假');
  await handle.getByRole('button', { name: /同\s*意/ }).click();
  await expect(handle.getByText('办理成功').first()).toBeVisible();
  diagram = handle.getByRole('img', { name: '流程图' });
  await expectState(diagram, 'hrAudit', 'flow-finished');
  await expectState(diagram, 'flowHrPass', 'flow-taken');
  await expectState(diagram, 'end', 'flow-finished');
  await expectState(diagram, 'rejectEnd', null);

  // the done list holds both tasks, finished
  const done = await open(page, /办结事务/, '/work/done');
  await expect(done.getByRole('row', { name: /人事审批.*准假/ })).toBeVisible();
  await expect(done.getByRole('row', { name: /审批.*同意/ }).first()).toBeVisible();
  await clickRowAction(page, done.getByRole('row', { name: /人事审批/ }), /详\s*情/);
  await expect(page).toHaveURL(/#\/work\/process\/leave\/detail\/\d+\/\d+$/);
  const detail = page.locator('section.desk-page[data-path^="/work/process/leave/detail/"]');
  await expect(detail.getByText('已办结')).toBeVisible();
  await expectState(detail.getByRole('img', { name: '流程图' }), 'end', 'flow-finished');
});
