// Sword 4.5's 行政区划: a tree of regions beside one form. A region picked in the
// tree fills the form from its detail, whose 父区划名称 is required: a child is
// added under 上海市 (新增下级), renamed and deleted, each write checked in the
// back end's database.
import { expect, fill, formItem, one, openList, signIn, submit, test, type R } from './sword-ui';

test('行政区划: add a child, edit it, delete it', async ({ page, stack }) => {
  const stored = () => one(stack, "SELECT name, parent_code AS parent, region_level AS level FROM blade_region WHERE code = '3199'");
  const node = (name: string) => page.locator('.ant-tree li', { has: page.locator(':scope > .ant-tree-node-content-wrapper', { hasText: name }) }).first();
  const pick = async (name: string) => {
    const title = node(name).locator(':scope > .ant-tree-node-content-wrapper');
    // a click on the selected node unselects it (and reads nothing)
    if (await title.evaluate((e) => e.classList.contains('ant-tree-node-selected'))) await title.click();
    const detail = page.waitForResponse((r) => r.url().includes('/region/detail'));
    await title.click();
    await detail;
    await expect(formItem(page, '区划名称').locator('input')).toHaveValue(name.startsWith('Sword') ? /^Sword区/ : name);
  };
  await signIn(page, stack);
  await openList(page, stack, '/base/region', { rows: '.ant-tree li' });

  await pick('上海市');
  await expect(formItem(page, '父区划名称').locator('input')).toHaveValue('中华人民共和国');
  await page.locator('button', { hasText: '新增下级' }).click();
  await expect(formItem(page, '父区划名称').locator('input')).toHaveValue('上海市');
  await fill(page, '区划编号', '3199');
  await fill(page, '区划名称', 'Sword区');
  await fill(page, '区划排序', '9');
  await submit(page);
  expect(stored()).toEqual({ name: 'Sword区', parent: '31', level: 2 });

  // the tree loads 上海市's children when it opens
  await node('上海市').locator(':scope > .ant-tree-switcher').click();
  await pick('Sword区');
  await expect(formItem(page, '父区划名称').locator('input')).toHaveValue('上海市');
  await fill(page, '区划名称', 'Sword区二');
  await page.screenshot({ path: 'test-results/sword-region.png' });
  await submit(page);
  expect(stored()).toEqual({ name: 'Sword区二', parent: '31', level: 2 });

  await pick('Sword区');
  await page.locator('button', { hasText: /删\s*除/ }).click();
  const reply = page.waitForResponse((r) => r.url().endsWith('/region/remove') && r.request().method() === 'POST');
  await page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ }).click();
  const body = (await (await reply).json()) as R;
  expect(body.code, body.msg).toBe(200);
  expect(stored()).toBeUndefined();
});
