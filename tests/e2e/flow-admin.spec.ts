import { test, expect, signIn, rpc, clickRowAction, rowHasAction } from './fixtures';
import type { Page } from '@playwright/test';

// The workflow administration screens: a process model added and deployed, a
// BPMN file uploaded on the deployment screen (through main's flow:deploy-upload),
// a deployment suspended (it leaves the start list) and deleted, a running
// instance deleted with a reason on the tracking screen.

const screen = (page: Page, path: string) => page.locator(`section.desk-page[data-path="${path}"]`);
const go = async (page: Page, path: string) => {
  await page.evaluate((h) => (window.location.hash = h), `#${path}`);
  await expect(page).toHaveURL(new RegExp(`#${path}$`));
};

function bpmn(key: string, name: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI"
  xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" id="d_${key}" targetNamespace="http://example.com">
  <process id="${key}" name="${name}" isExecutable="true">
    <startEvent id="s" name="开始" />
    <sequenceFlow id="f1" sourceRef="s" targetRef="t" />
    <userTask id="t" name="登记" />
    <sequenceFlow id="f2" sourceRef="t" targetRef="e" />
    <endEvent id="e" name="结束" />
  </process>
  <bpmndi:BPMNDiagram id="dg"><bpmndi:BPMNPlane id="pl" bpmnElement="${key}">
    <bpmndi:BPMNShape id="s_di" bpmnElement="s"><dc:Bounds x="50" y="80" width="36" height="36" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="t_di" bpmnElement="t"><dc:Bounds x="140" y="58" width="100" height="80" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="e_di" bpmnElement="e"><dc:Bounds x="300" y="80" width="36" height="36" /></bpmndi:BPMNShape>
    <bpmndi:BPMNEdge id="f1_di" bpmnElement="f1"><di:waypoint x="86" y="98" /><di:waypoint x="140" y="98" /></bpmndi:BPMNEdge>
    <bpmndi:BPMNEdge id="f2_di" bpmnElement="f2"><di:waypoint x="240" y="98" /><di:waypoint x="300" y="98" /></bpmndi:BPMNEdge>
  </bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</definitions>`;
}

test('models, uploaded deployments and tracking', async ({ page, host }) => {
  test.setTimeout(120_000);
  await signIn(page, host);
  const dialog = page.getByRole('dialog');

  // a model: the form checks its fields, the server checks the XML
  await go(page, '/flow/model');
  const models = screen(page, '/flow/model');
  await models.getByRole('button', { name: /新\s*增/ }).click();
  // the designer starts a new model from a start event; its XML tab edits the source
  await expect(dialog.getByTestId('flow-designer').locator('g.djs-element[data-element-id="StartEvent_1"]')).toHaveCount(1);
  await dialog.getByTestId('flow-designer').getByText('XML', { exact: true }).click();
  await dialog.getByLabel('流程XML').fill('');
  await dialog.getByRole('button', { name: /保\s*存|确\s*定/ }).click();
  await expect(dialog.getByText('请输入模型名称')).toBeVisible();
  await expect(dialog.getByText('请输入流程XML')).toBeVisible();
  await dialog.getByLabel('模型名称').fill('出差审批');
  await dialog.getByLabel('模型标识').fill('Trip');
  await dialog.getByLabel('流程XML').fill(bpmn('Other', '出差流程'));
  await dialog.getByRole('button', { name: /保\s*存|确\s*定/ }).click();
  await expect(page.getByText('模型标识须与流程标识一致: Other')).toBeVisible();
  await dialog.getByLabel('流程XML').fill(bpmn('Trip', '出差流程'));
  await dialog.getByRole('button', { name: /保\s*存|确\s*定/ }).click();
  const modelRow = models.getByRole('row', { name: /出差审批/ });
  await expect(modelRow).toBeVisible();
  await clickRowAction(page, modelRow, /流程图/);
  await expect(dialog.getByRole('img', { name: '流程图' }).locator('g.djs-element[data-element-id="t"]')).toHaveCount(1);
  await dialog.getByRole('button', { name: /Close|关闭/ }).click();
  await clickRowAction(page, modelRow, /部\s*署/);
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(page.getByText('部署成功')).toBeVisible();
  // the confirmation has closed (a closing one still answers to getByRole('dialog') below)
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // upload a BPMN file on the deployment screen
  await go(page, '/flow/deploy');
  const deploys = screen(page, '/flow/deploy');
  await expect(deploys.getByRole('row', { name: /Trip/ })).toBeVisible();
  await deploys.getByRole('button', { name: /上传部署/ }).click();
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(dialog.getByText('请选择流程文件')).toBeVisible();
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
  await expect(dialog.getByText('仅支持上传 bpmn20.xml 或 bpmn 格式的流程文件')).toBeVisible();
  // the administrator names the tenants to deploy into
  await dialog.getByLabel('部署租户').click();
  await page.locator('.ant-select-dropdown').getByText('管理组 (000000)').click();
  await dialog.getByText('上传部署').click();
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'purchase.bpmn20.xml', mimeType: 'text/xml', buffer: Buffer.from(bpmn('Purchase', '采购流程')) });
  await expect(dialog.getByText('purchase.bpmn20.xml')).toBeVisible();
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(dialog).toHaveCount(0);
  const purchase = deploys.getByRole('row', { name: /Purchase/ });
  await expect(purchase).toContainText('purchase.bpmn20.xml');
  await expect(purchase).toContainText('激活');

  // suspended: gone from the start list; active again: back
  await clickRowAction(page, purchase, /挂\s*起/);
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  // a suspended row offers 激活 instead of 挂起
  await expect.poll(() => rowHasAction(page, purchase, /激\s*活/)).toBe(true);
  await go(page, '/work/start');
  const start = screen(page, '/work/start');
  await expect(start.getByRole('row', { name: /Leave/ })).toBeVisible();
  await expect(start.getByRole('row', { name: /Purchase/ })).toHaveCount(0);
  await go(page, '/flow/deploy');
  await clickRowAction(page, purchase, /激\s*活/);
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect.poll(() => rowHasAction(page, purchase, /挂\s*起/)).toBe(true);
  await clickRowAction(page, purchase, /删\s*除/);
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(deploys.getByRole('row', { name: /Purchase/ })).toHaveCount(0);

  // a running leave instance, deleted on the tracking screen with a reason
  const list = (await rpc(host, 'api:request', { method: 'get', url: '/blade-flow/work/start-list', params: { category: 'flow_1' } })) as { data: { data: { records: { id: string; key: string }[] } } };
  const leave = list.data.data.records.find((r) => r.key === 'Leave')!;
  const users = (await rpc(host, 'api:request', { method: 'get', url: '/blade-desk/process/leave/approver-list' })) as { data: { data: { id: string }[] } };
  await rpc(host, 'api:request', {
    method: 'post', url: '/blade-desk/process/leave/start-process',
    data: { processDefinitionId: leave.id, taskUser: users.data.data[0]!.id, startTime: '2026-12-01 09:00:00', endTime: '2026-12-02 09:00:00', reason: '跟踪删除' },
  });
  await go(page, '/flow/follow');
  const follow = screen(page, '/flow/follow');
  const running = follow.getByRole('row', { name: /Leave/ });
  await expect(running).toContainText('审批');
  await clickRowAction(page, running, /流程图/);
  await expect(dialog.getByRole('img', { name: '流程图' }).locator('g.djs-element[data-element-id="managerAudit"]')).toHaveClass(/flow-active/);
  await dialog.getByRole('button', { name: /Close|关闭/ }).click();
  await clickRowAction(page, running, /删\s*除/);
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(dialog.getByText('请输入删除原因')).toBeVisible();
  await dialog.getByLabel('删除原因').fill('重复申请');
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(follow.getByRole('row', { name: /Leave/ })).toHaveCount(0);
});
