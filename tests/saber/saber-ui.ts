// Driving Saber 4.9's own screens (Vue 3, Element Plus, avue): opening a
// screen from its side menu, filling a form by its labels, saving, row actions,
// and `driveCrud`, which adds, edits and deletes one row on a screen described
// by a `CrudScreen` (its form inputs and the SQL that reads back what it
// wrote), checking each write in the back end's database.
import type { Locator, Page } from '@playwright/test';
import { expect, one, signIn, type Stack } from './stack';

/** Where a screen is in Saber's side menu: group, item, route path. */
export type MenuPlace = readonly [group: string, item: string, path: string];

/** Opens a screen from the side menu and waits until `ready` shows (default: the list's first row). */
export async function openScreen(page: Page, [group, item, path]: MenuPlace, ready = '.el-table__row'): Promise<void> {
  const menu = page.locator('.el-menu').first();
  const entry = menu.getByText(item, { exact: true }).first();
  // a group already open would close on a click
  if (!(await entry.isVisible())) await menu.getByText(group, { exact: true }).first().click();
  await entry.click();
  await page.waitForURL(new RegExp(`${path}$`));
  await expect(page.locator(ready).first()).toBeVisible();
}

const OPEN = '.el-dialog:visible, .el-drawer:visible';
/** the dialog or drawer on top */
export const dialog = (page: Page): Locator => page.locator(OPEN).last();
export const field = (scope: Locator, label: string): Locator =>
  scope.locator('.el-form-item').filter({ has: scope.page().locator('label', { hasText: new RegExp(`^\\s*${label}\\s*:?\\s*$`) }) }).first();

/** One input of a form, by its label. */
export type Input =
  | { label: string; text: string }
  /** the first option of a select or tree select */
  | { label: string; pick: 'first' }
  | { label: string; radio: string }
  | { label: string; today: true }
  /** an icon picker: the icon whose name contains this */
  | { label: string; icon: string };

export async function fillForm(scope: Locator, inputs: readonly Input[]): Promise<void> {
  const page = scope.page();
  for (const input of inputs) {
    const item = field(scope, input.label);
    if ('text' in input) {
      await item.locator('input:not([type=hidden]), textarea').first().fill(input.text);
    } else if ('pick' in input) {
      await item.locator('.el-select__wrapper, .el-select, .el-cascader').first().click();
      const options = page.locator('.el-popper[aria-hidden="false"]').last().locator('.el-select-dropdown__item, .el-tree-node__content, .el-cascader-node');
      await options.first().click();
      // close a multiple select's dropdown without Escape (which would close the dialog)
      await scope.locator('.el-dialog__header, .el-drawer__header').first().click();
    } else if ('radio' in input) {
      await item.locator('.el-radio', { hasText: input.radio }).first().click();
    } else if ('today' in input) {
      await item.locator('input').first().click();
      const panel = page.locator('.el-picker-panel:visible').last();
      await panel.locator('td.today').first().click();
      const ok = panel.locator('button', { hasText: /确\s*定|OK/ });
      if (await ok.count()) await ok.first().click();
    } else {
      await item.locator('input').first().click();
      await page.locator('.el-dialog:visible').last().getByText(input.icon, { exact: false }).first().click();
    }
  }
}

export interface Reply {
  code: number;
  msg: string;
  data: unknown;
}

/** Clicks a button and returns the envelope of the POST it sends to a path matching `url`; expects code 200. */
export async function clickForReply(page: Page, button: Locator, url: RegExp): Promise<Reply> {
  const reply = page.waitForResponse((r) => url.test(new URL(r.url()).pathname) && r.request().method() === 'POST');
  await button.click();
  const body = (await (await reply).json()) as Reply;
  expect(body.code, body.msg).toBe(200);
  return body;
}

/** Saves the open dialog with its `button` (保存 when adding, 修改 when editing); the dialog closes. */
export async function save(page: Page, button: RegExp): Promise<Reply> {
  const open = page.locator(OPEN);
  const before = await open.count();
  const body = await clickForReply(page, dialog(page).locator('button', { hasText: button }), /\/(submit|update|save)$/);
  await expect(open).toHaveCount(before - 1);
  return body;
}

/** Clicks a row's action button (the row found by a text it shows). */
export async function rowAction(scope: Page | Locator, text: string, action: RegExp): Promise<void> {
  const row = scope.locator('.el-table__row', { hasText: text }).first();
  await expect(row).toBeVisible();
  // fixed action columns render their buttons in a second table: pick the row of the same index
  const index = await row.evaluate((tr) => [...(tr.parentElement?.children ?? [])].indexOf(tr));
  const buttons = scope.locator('.el-table__body-wrapper .el-table__row, .el-table__fixed-right .el-table__row').nth(index).locator('button', { hasText: action });
  await (await buttons.count() ? buttons.first() : scope.locator('.el-table__row').nth(index).locator('button', { hasText: action }).first()).click();
}

/** Confirms the open message box; returns the reply of the remove it sends. */
export async function confirmRemove(page: Page): Promise<Reply> {
  return clickForReply(page, page.locator('.el-message-box:visible').getByRole('button', { name: /确\s*定/ }), /\/remove$/);
}

/** A list screen whose 新增 and 编辑 open a dialog with the screen's form. */
export interface CrudScreen {
  title: string;
  menu: MenuPlace;
  /** the inputs of 新增 (required ones and the value checked) */
  add: readonly Input[];
  /** what 编辑 changes */
  edit: readonly Input[];
  /** a text the new row shows in the list (unchanged by the edit) */
  row: string;
  /**
   * SELECT of the stored, live row: one column `v`. It must read the value
   * `added` after 新增, `edited` after 编辑, and no row after 删除.
   */
  stored: string;
  added: unknown;
  edited: unknown;
  /** what the form needs that the fresh install lacks (through the back end, not this screen) */
  before?: (stack: Stack) => Promise<void>;
  /** the ready marker of the list when it may be empty */
  ready?: string;
  /** where the list is, when it is not the screen itself (e.g. a drawer a row's button opens) */
  within?: (page: Page) => Promise<Locator>;
  /** adds a child row through this row's 新增子项 (not the toolbar's 新增); the row is expanded to reach the child */
  under?: string;
}

/** Expands a tree list's row (found by a text it shows) unless it is expanded. */
async function expandRow(list: Locator, text: string): Promise<void> {
  const icon = list.locator('.el-table__row', { hasText: text }).first().locator('.el-table__expand-icon').first();
  if (!(await icon.evaluate((el) => el.classList.contains('el-table__expand-icon--expanded')))) await icon.click();
}

export async function driveCrud(page: Page, stack: Stack, screen: CrudScreen): Promise<void> {
  await screen.before?.(stack);
  await signIn(page, stack);
  await openScreen(page, screen.menu, screen.ready);
  const list = screen.within ? await screen.within(page) : page.locator('body');

  if (screen.under) await rowAction(list, screen.under, /新增子项/);
  else await list.locator('button:visible', { hasText: /新\s*增/ }).first().click();
  await fillForm(dialog(page), screen.add);
  await save(page, /保\s*存/);
  expect(one(stack, screen.stored)?.v).toBe(screen.added);

  if (screen.under) await expandRow(list, screen.under);
  await rowAction(list, screen.row, /编\s*辑/);
  // the edit form loads the row (its detail) after it opens: typed before that, a value is overwritten by the stored
  // one (seen under load: 修改 saved the old name); wait until a field the add filled shows what it stored
  for (const input of screen.edit) {
    const added = screen.add.find((a) => a.label === input.label);
    if (added && 'text' in added) await expect(field(dialog(page), input.label).locator('input:not([type=hidden]), textarea').first()).toHaveValue(added.text);
  }
  await fillForm(dialog(page), screen.edit);
  await save(page, /修\s*改/);
  expect(one(stack, screen.stored)?.v).toBe(screen.edited);

  if (screen.under) await expandRow(list, screen.under);
  await rowAction(list, screen.row, /删\s*除/);
  await confirmRemove(page);
  expect(one(stack, screen.stored)).toBeUndefined();
}
