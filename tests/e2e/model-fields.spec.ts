import type { Page } from '@playwright/test';
import { test, expect, signIn, api, clickRowAction, openScreen } from './fixtures';

// 数据模型 › 字段配置: a model's fields in the shared list (a dialog over the model
// list): 加载表字段 fills them from the table, a field edited in the form with
// the form's checks (a select needs its dictionary, a required field must be in
// the form), the saved values read back from the back end.

const fieldsDialog = (page: Page) => page.getByRole('dialog', { name: /^字段配置 - 参数字段/ });
const form = (page: Page) => page.getByRole('dialog', { name: /^字段配置 - (新增|编辑)/ });
const fieldError = (page: Page, text: string) => form(page).locator('.ant-form-item-explain-error', { hasText: text });

async function pick(page: Page, label: string, option: string) {
  await form(page).getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

test('字段配置: load the table columns, edit a field with the form checks, saved as configured', async ({ page, host }) => {
  await signIn(page, host);
  const model = await api(host, 'post', '/blade-develop/model/submit', {
    datasourceId: '1123598812738675201',
    modelName: '参数字段',
    modelCode: 'paramFields',
    modelTable: 'blade_param',
    modelClass: 'ParamFields',
  });
  await openScreen(page, host, '/tool/model');
  const row = page.locator('.desk-page[data-path="/tool/model"]').getByRole('row', { name: /paramFields/ });
  await clickRowAction(page, row, '字段配置');
  await expect(fieldsDialog(page)).toBeVisible();
  await expect(fieldsDialog(page).getByText('暂无数据')).toBeVisible();

  await fieldsDialog(page).getByRole('button', { name: '加载表字段' }).click();
  await expect(page.getByText('已加载表字段')).toBeVisible();
  const paramKey = fieldsDialog(page).getByRole('row', { name: /param_key/ });
  await expect(paramKey).toBeVisible();
  // the engine's own columns are not fields
  await expect(fieldsDialog(page).getByRole('row', { name: /tenant_id|create_time/ })).toHaveCount(0);

  await clickRowAction(page, paramKey, '编辑');
  await expect(form(page).getByLabel('物理列名')).toHaveValue('param_key');
  await form(page).getByLabel('字段说明').fill('参数键名');
  await pick(page, '组件类型', '单选');
  // a radio takes its options from a dictionary: asked for in the form
  await expect(form(page).getByLabel('字典编号')).toBeVisible();
  await form(page).getByRole('button', { name: /保\s*存/ }).click();
  await expect(fieldError(page, '请选择字典编号')).toBeVisible();
  await pick(page, '字典编号', '是否');
  // required (the column is NOT NULL) but not in the form: refused in the form
  await expect(form(page).getByRole('switch', { name: '必填' })).toBeChecked();
  await form(page).getByRole('switch', { name: '表单显示' }).click();
  await form(page).getByRole('button', { name: /保\s*存/ }).click();
  await expect(fieldError(page, '必填字段须显示在表单中')).toBeVisible();
  await form(page).getByRole('switch', { name: '表单显示' }).click();
  await form(page).getByRole('switch', { name: '查询条件' }).click();
  await pick(page, '查询方式', '精确');
  await page.screenshot({ path: '/tmp/codegen-field-form.png' });
  await form(page).getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('更新成功')).toBeVisible();
  await expect(form(page)).toHaveCount(0);
  await expect(paramKey).toContainText('参数键名');
  await expect(paramKey).toContainText('单选');
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  await page.screenshot({ path: '/tmp/codegen-fields.png' });

  const saved = (await api(host, 'get', '/blade-develop/model-prototype/list', undefined, { modelId_equal: String(model.id) })) as { records: Record<string, unknown>[] };
  expect(saved.records.find((f) => f.jdbcName === 'param_key')).toMatchObject({
    comment: '参数键名',
    componentType: 'radio',
    dictCode: 'yes_no',
    isRequired: 1,
    isForm: 1,
    isQuery: 1,
    queryType: 'equal',
  });
  expect(saved.records.map((f) => f.jdbcName)).toEqual(expect.arrayContaining(['param_name', 'param_value']));
});

test('a model of a new table: its name typed in the model form, its fields added one by one in 字段配置', async ({ page, host }) => {
  await signIn(page, host);
  await openScreen(page, host, '/tool/model');
  const models = page.locator('.desk-page[data-path="/tool/model"]');
  await models.getByRole('button', { name: /新\s*增/ }).click();
  const modelForm = page.getByRole('dialog', { name: /^数据模型 - 新增/ });
  await modelForm.getByLabel('模型名称').fill('图书');
  await modelForm.getByLabel('模型编号').fill('uiBook');
  await modelForm.getByLabel('物理表名').fill('Ui Book');
  await modelForm.getByLabel('模型类名').fill('UiBook');
  await modelForm.getByRole('button', { name: /保\s*存/ }).click();
  await expect(modelForm.locator('.ant-form-item-explain-error', { hasText: '物理表名须为小写英文、数字或下划线' })).toBeVisible();
  await modelForm.getByLabel('物理表名').fill('ui_book');
  await modelForm.getByLabel('模型类名').click(); // away from the table name's suggestions
  await modelForm.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('新增成功')).toBeVisible();

  await clickRowAction(page, models.getByRole('row', { name: /uiBook/ }), '字段配置');
  const fields = page.getByRole('dialog', { name: /^字段配置 - 图书/ });
  await fields.getByRole('button', { name: /新\s*增/ }).click();
  await form(page).getByLabel('物理列名').fill('title');
  await form(page).getByLabel('字段说明').fill('标题');
  await form(page).getByLabel('实体列名').fill('Title');
  await form(page).getByRole('button', { name: /保\s*存/ }).click();
  await expect(fieldError(page, '实体列名须为小驼峰英文')).toBeVisible();
  await form(page).getByLabel('实体列名').fill('title');
  await form(page).getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('新增成功')).toBeVisible();
  await expect(fields.getByRole('row', { name: /标题/ })).toContainText('单行文本');
});
