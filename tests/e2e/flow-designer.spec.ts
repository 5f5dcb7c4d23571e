import type { Locator, Page } from '@playwright/test';
import { freshHostTest as test, expect, signIn, rpc, clickRowAction, type WebHost } from './fixtures';

// The flow model designer (流程管理 › 模型管理): a new model drawn with the palette and
// the context pad (start → user task assigned to ${taskUser} → exclusive gateway →
// end on the condition ${pass}), its properties set in the
// properties panel, saved, deployed; the deployed definition holds what was drawn,
// and it runs: started from 发起事务, the task is in the named approver's to-do
// list, and approving it ends the process through the conditional flow.

const screen = (page: Page, path: string) => page.locator(`section.desk-page[data-path="${path}"]`);
const go = async (page: Page, path: string) => {
  await page.evaluate((h) => (window.location.hash = h), `#${path}`);
  await expect(page).toHaveURL(new RegExp(`#${path}$`));
};

async function api<T = Record<string, unknown>>(host: WebHost, method: string, url: string, params?: Record<string, string>): Promise<T> {
  const r = (await rpc(host, 'api:request', { method, url, params })) as { ok: boolean; data: { data: T } };
  expect(r.ok, JSON.stringify(r)).toBe(true);
  return r.data.data;
}

/** Clicks an entry of the context pad of the selected element. */
const contextPad = (designer: Locator, action: string) => designer.locator(`.djs-context-pad .entry[data-action="${action}"]`).click();
const element = (designer: Locator, id: string) => designer.locator(`g.djs-element[data-element-id="${id}"]`);
/** Clicks a shape near its top right (not on its label, nor on a context pad left at a connection's end). */
async function select(page: Page, shape: Locator) {
  const b = (await shape.boundingBox())!;
  await page.mouse.click(b.x + b.width * 0.85, b.y + b.height * 0.2);
}

/** Opens a group of the properties panel (closed by default) and fills one of its text fields. */
async function property(designer: Locator, group: string, entry: string, value: string) {
  const g = designer.locator(`.bio-properties-panel-group[data-group-id="group-${group}"]`);
  const input = g.locator(`#bio-properties-panel-${entry}`);
  if (!(await input.isVisible())) await g.locator('.bio-properties-panel-group-header').click();
  await input.fill(value);
  await input.press('Tab');
}

test('draw a user task with an assignee and a conditional flow, save, deploy; the deployed process runs', async ({ page, freshHost: host }) => {
  test.setTimeout(150_000);
  await signIn(page, host);
  await go(page, '/flow/model');
  const models = screen(page, '/flow/model');
  await models.getByRole('button', { name: /新\s*增/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('模型名称').fill('设计的审批');
  await dialog.getByLabel('模型标识').fill('DesignedApproval');
  const designer = dialog.getByTestId('flow-designer');
  await expect(element(designer, 'StartEvent_1')).toHaveCount(1);

  // the palette: a task dropped on the canvas
  const canvas = designer.locator('.flow-designer-canvas');
  const box = (await canvas.boundingBox())!;
  await designer.locator('.djs-palette .entry[data-action="create.task"]').click();
  await page.mouse.move(box.x + 360, box.y + 140);
  await page.mouse.click(box.x + 360, box.y + 140);
  const task = designer.locator('g.djs-element.djs-shape[data-element-id^="Activity_"]');
  await expect(task).toHaveCount(1);
  const taskId = (await task.getAttribute('data-element-id'))!;
  // made a user task (the context pad's replace menu), named and assigned in the properties panel
  await contextPad(designer, 'replace');
  await page.locator('.djs-popup .entry[data-id="replace-with-user-task"]').click();
  await property(designer, 'general', 'name', '设计审批');
  await property(designer, 'flowable-assignment', 'flowable-assignee', '${taskUser}');
  await expect(designer.locator('.bio-properties-panel-header-type')).toHaveText(/用户任务/);

  // the start event connected to it (the connect tool of the start event's context pad)
  await select(page, element(designer, 'StartEvent_1'));
  await contextPad(designer, 'connect');
  await select(page, element(designer, taskId));
  await expect(designer.locator('g.djs-connection[data-element-id^="Flow_"]')).toHaveCount(1);

  // then a gateway, and an end event on the condition
  // (a click elsewhere first: a second click on the same spot would be a double click, which edits the label)
  await page.mouse.click(box.x + box.width - 40, box.y + box.height - 40);
  await select(page, element(designer, taskId));
  await contextPad(designer, 'append.gateway');
  const gateway = designer.locator('g.djs-shape[data-element-id^="Gateway_"]');
  await expect(gateway).toHaveCount(1);
  await contextPad(designer, 'append.end-event');
  const end = designer.locator('g.djs-shape[data-element-id^="Event_"]');
  await expect(end).toHaveCount(1);
  const flows = designer.locator('g.djs-connection[data-element-id^="Flow_"]');
  await expect(flows).toHaveCount(3);
  // the last flow (gateway → end) carries the condition
  const endId = (await end.getAttribute('data-element-id'))!;
  const lastFlow = flows.nth(2);
  const lastFlowId = (await lastFlow.getAttribute('data-element-id'))!;
  await lastFlow.click({ force: true });
  await property(designer, 'flowable-condition', 'flowable-conditionExpression', '${pass}');
  await page.screenshot({ path: 'test-results/flow-designer-zh.png' });
  await select(page, element(designer, taskId));
  await expect(designer.locator('#bio-properties-panel-flowable-assignee')).toHaveValue('${taskUser}');
  await page.screenshot({ path: 'test-results/flow-designer-task-zh.png' });

  await dialog.getByRole('button', { name: /保\s*存|确\s*定/ }).click();
  const row = models.getByRole('row', { name: /设计的审批/ });
  await expect(row).toBeVisible();

  // what was saved is what was drawn
  const list = await api<{ records: { id: string }[] }>(host, 'get', '/blade-flow/model/list', { modelKey: 'DesignedApproval' });
  const model = await api<{ xml: string }>(host, 'get', '/blade-flow/model/detail', { id: list.records[0].id });
  expect(model.xml).toMatch(/<bpmn:process id="DesignedApproval" name="设计的审批" isExecutable="true">/);
  expect(model.xml).toMatch(new RegExp(`<bpmn:userTask id="${taskId}" name="设计审批" flowable:assignee="\\$\\{taskUser\\}"`));
  expect(model.xml).toMatch(/<bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">\$\{pass\}<\/bpmn:conditionExpression>/);

  // opened again and saved as it is, the model keeps its XML
  await clickRowAction(page, row, /编\s*辑/);
  await expect(element(dialog.getByTestId('flow-designer'), taskId)).toHaveCount(1);
  await dialog.getByRole('button', { name: /保\s*存|确\s*定/ }).click();
  await expect(dialog).toHaveCount(0);
  expect((await api<{ xml: string }>(host, 'get', '/blade-flow/model/detail', { id: list.records[0].id })).xml).toBe(model.xml);

  // deployed with the model screen's own action; the back end's definition holds the drawing
  await clickRowAction(page, row, /部\s*署/);
  await page.getByRole('dialog').getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(page.getByText('部署成功')).toBeVisible();
  const defs = await api<{ records: { id: string; key: string; version: number }[] }>(host, 'get', '/blade-flow/manager/list', { key: 'DesignedApproval' });
  const def = defs.records.find((d) => d.key === 'DesignedApproval');
  expect(def).toMatchObject({ version: 1 });
  const view = await api<{ xml: string }>(host, 'get', '/blade-flow/process/model-view', { processDefinitionId: def!.id });
  expect(view.xml).toContain('flowable:assignee="${taskUser}"');

  // it runs: started from 发起事务 naming hr as approver
  await go(page, '/work/start');
  const startRow = screen(page, '/work/start').getByRole('row', { name: /DesignedApproval/ });
  await clickRowAction(page, startRow, /发\s*起/);
  const form = page.locator('section.desk-page[data-path^="/work/process/leave/form/DesignedApproval"] form#leave-form');
  await form.getByLabel('审批人').click();
  await page.locator('.ant-select-dropdown').getByText('人事 (hr)').click();
  await form.getByLabel('开始时间').fill('2026-12-01 09:00:00');
  await form.getByLabel('开始时间').press('Enter');
  await form.getByLabel('结束时间').fill('2026-12-02 18:00:00');
  await form.getByLabel('结束时间').press('Enter');
  await form.getByLabel('请假理由').fill('设计器流程');
  await form.getByRole('button', { name: /提交申请/ }).click();
  await expect(page.getByText('流程启动成功')).toBeVisible();

  // the drawn user task is hr's (the assignee ${taskUser}); approving it ends the process through the condition
  await rpc(host, 'auth:logout');
  await signIn(page, host, 'hr', 'hr');
  await go(page, '/work/todo');
  const todoRow = screen(page, '/work/todo').getByRole('row', { name: /设计审批/ });
  await expect(todoRow).toBeVisible();
  await clickRowAction(page, todoRow, /办\s*理/);
  const handle = page.locator('section.desk-page[data-path^="/work/process/leave/handle/"]:not([hidden])');
  await handle.getByLabel('审批意见').fill('同意');
  await handle.getByRole('button', { name: /同\s*意/ }).click();
  await expect(handle.getByText('办理成功').first()).toBeVisible();
  const diagram = handle.getByRole('img', { name: '流程图' });
  await expect(element(diagram, taskId)).toHaveClass(/\bflow-finished\b/);
  await expect(element(diagram, lastFlowId)).toHaveClass(/\bflow-taken\b/);
  await expect(element(diagram, endId)).toHaveClass(/\bflow-finished\b/);
  await go(page, '/work/done');
  await expect(screen(page, '/work/done').getByRole('row', { name: /设计审批/ })).toBeVisible();
});

test('the designer in English: palette, context pad and properties', async ({ page, freshHost: host }) => {
  await signIn(page, host);
  await page.getByRole('button', { name: '切换语言' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await go(page, '/flow/model');
  await screen(page, '/flow/model').getByRole('button', { name: /Add/ }).click();
  const designer = page.getByRole('dialog').getByTestId('flow-designer');
  await expect(designer.locator('.djs-palette .entry[data-action="create.task"]')).toHaveAttribute('aria-label', 'Create task');
  await select(page, element(designer, 'StartEvent_1'));
  await contextPad(designer, 'append.append-task');
  await contextPad(designer, 'replace');
  await page.locator('.djs-popup .entry[data-id="replace-with-user-task"]').click();
  const assignment = designer.locator('.bio-properties-panel-group[data-group-id="group-flowable-assignment"]');
  await expect(assignment.locator('.bio-properties-panel-group-header')).toContainText('Assignment');
  await expect(designer.getByText('Design', { exact: true })).toBeVisible();
  await page.screenshot({ path: 'test-results/flow-designer-en.png' });
});
