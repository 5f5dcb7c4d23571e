import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, signIn, api, rpc, clickRowAction, openScreen, startWebHost, switchLanguage, type WebHost } from './fixtures';
import { unzipStored } from '../zip-entries';

// 生成代码 makes working code for this product: a model of a new table and its
// fields (set up through the API; 字段配置 has its own e2e), the code entry made in
// the code screen's form (the model fills 表名, 服务名称 kept as typed), generated through
// the real endpoint from the code screen's 生成代码, the zip's files dropped
// into a copy of the project (its git files, node_modules linked), the copy
// type-checked, its import-cycle and route-table checks run, built, its
// browser-mode host started on a fresh folder, and the generated screen opened
// from its menu with add, edit and delete.

const ROOT = resolve(import.meta.dirname, '../..');
const DEV = '/blade-develop';
const dialog = (page: Page) => page.getByRole('dialog').last();

const FIELDS = [
  { jdbcName: 'book_name', comment: '书名', propertyType: 'string', componentType: 'input', isRequired: 1, isQuery: 1, queryType: 'like' },
  { jdbcName: 'author', comment: '作者', propertyType: 'string', componentType: 'input' },
  { jdbcName: 'on_sale', comment: '是否上架', propertyType: 'int', componentType: 'radio', dictCode: 'yes_no', isRequired: 1 },
  { jdbcName: 'language', comment: '语言', propertyType: 'string', componentType: 'select', dictCode: 'lang', isQuery: 1, queryType: 'equal' },
  { jdbcName: 'featured', comment: '推荐', propertyType: 'int', componentType: 'switch' },
  { jdbcName: 'price', comment: '价格', propertyType: 'decimal', componentType: 'number' },
  { jdbcName: 'publish_date', comment: '出版日期', propertyType: 'date', componentType: 'date' },
  { jdbcName: 'intro', comment: '简介', propertyType: 'string', componentType: 'textarea', isList: 0 },
];

/** What .gitignore keeps out of a checkout (a source tree without git: an unpacked archive). */
const NOT_SOURCE = new Set(['.git', 'node_modules', '.tools', 'out', 'dist', '.data', 'test-results', 'playwright-report', '.vite', '.cache']);

/** The project's files: as git knows them (tracked and new, not ignored), else the tree without what git ignores. */
function projectFiles(): string[] {
  try {
    return execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
  } catch {
    return readdirSync(ROOT, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && !relative(ROOT, join(e.parentPath, e.name)).split(sep).some((part) => NOT_SOURCE.has(part)))
      .map((e) => relative(ROOT, join(e.parentPath, e.name)));
  }
}

/** The project's files copied to a temp folder; node_modules linked. */
function copyProject(): string {
  const dir = mkdtempSync(join(tmpdir(), 'smc-codegen-copy-'));
  for (const file of projectFiles()) {
    try {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      cpSync(join(ROOT, file), join(dir, file));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e; // deleted in the working tree
    }
  }
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

/** Runs a tool of the copy with this Node; its output when it fails. */
function runIn(dir: string, script: string, args: string[]): void {
  try {
    execFileSync(process.execPath, [join(ROOT, 'node_modules', script), ...args], { cwd: dir, encoding: 'utf8', stdio: 'pipe' });
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string };
    throw new Error(`${script} ${args.join(' ')} failed in the copy:\n${err.stdout ?? ''}${err.stderr ?? ''}`);
  }
}

test('生成代码: the generated module, dropped into a copy of the project, type-checks and its screen adds, edits and deletes', async ({ page, host }) => {
  test.setTimeout(20 * 60_000);
  await signIn(page, host);
  // a model of a table the product does not have: its fields come from 字段配置, the migration creates it
  const model = await api(host, 'post', `${DEV}/model/submit`, {
    datasourceId: '1123598812738675201',
    modelName: '图书',
    modelCode: 'demoBook',
    modelTable: 'demo_book',
    modelClass: 'DemoBook',
  });
  for (const [i, f] of FIELDS.entries())
    await api(host, 'post', `${DEV}/model-prototype/submit`, { isList: 1, isForm: 1, isRequired: 0, isQuery: 0, ...f, modelId: model.id, propertyName: f.jdbcName.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()), sort: i });

  // the code entry, through the code screen's form: choosing the data model fills 表名 with its table, and
  // 服务名称 is saved as typed
  await openScreen(page, host, '/tool/code');
  const codeScreen = page.locator('.desk-page[data-path="/tool/code"]');
  await codeScreen.getByRole('button', { name: /新\s*增/ }).click();
  await expect(dialog(page).getByLabel('服务名称')).toHaveValue('');
  await dialog(page).getByLabel('数据模型').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '图书' }).first().click();
  await expect(dialog(page).getByLabel('表名')).toHaveValue('demo_book');
  await dialog(page).getByLabel('服务名称').fill('blade-demo');
  await dialog(page).getByLabel('模块名').fill('demoBook');
  await dialog(page).getByLabel('后端接口路径').fill('/blade-demo/book');
  await expect(dialog(page).getByLabel('上级菜单')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('code-form.png') });
  await dialog(page).getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('新增成功')).toBeVisible();
  await expect(codeScreen.getByRole('row', { name: /demoBook/ })).toContainText('blade-demo');
  const entries = (await api(host, 'get', `${DEV}/code/list`, undefined, { codeName: 'demoBook' })) as { records: Record<string, unknown>[] };
  expect(entries.records).toHaveLength(1);
  expect(entries.records[0]).toMatchObject({ modelId: model.id, serviceName: 'blade-demo', codeName: 'demoBook', tableName: 'demo_book', apiPath: '/blade-demo/book', parentMenu: 'tool' });

  // 生成代码 from the code list: the zip lands in the host's downloads folder
  await clickRowAction(page, page.locator('.desk-page[data-path="/tool/code"]').getByRole('row', { name: /demoBook/ }), '生成代码');
  await expect(dialog(page).getByTestId('export-status')).toHaveAttribute('data-phase', 'done');
  const files = unzipStored(readFileSync(join(host.dataDir, 'downloads', 'blade-code.zip')));
  expect(Object.keys(files).sort()).toEqual([
    'src-renderer/screens/generated/demoBook/index.ts',
    'src-renderer/screens/generated/demoBook/screen.ts',
    'src-server/modules/generated/demoBook/index.ts',
    'src-server/modules/generated/demoBook/migrations.ts',
    'src-server/modules/generated/demoBook/resource.ts',
    'src-shared/declarations/generated/demoBook.ts',
  ]);
  expect(files['src-server/modules/generated/demoBook/migrations.ts']).toContain('CREATE TABLE IF NOT EXISTS demo_book (');
  // generating leaves the entry as it was typed
  expect(((await api(host, 'get', `${DEV}/code/detail`, undefined, { id: entries.records[0]!.id })) as Record<string, unknown>).serviceName).toBe('blade-demo');

  const copy = copyProject();
  let copyHost: WebHost | undefined;
  try {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(copy, path)), { recursive: true });
      writeFileSync(join(copy, path), text);
    }
    runIn(copy, 'typescript/bin/tsc', ['-p', 'tsconfig.json', '--noEmit']);
    // dropping the files in leaves the copy's own checks green: no import cycle, the route table still current
    runIn(copy, 'vitest/vitest.mjs', ['run', 'tests/unit/tooling/access-table.test.ts', 'tests/unit/tooling/import-cycles.test.ts']);
    runIn(copy, 'electron-vite/bin/electron-vite.js', ['build', '--logLevel', 'warn']);
    copyHost = await startWebHost(['--captcha', 'off'], copy);

    // the copy's fresh install: the menu under 研发工具 (after the first-start seed), granted to the administrator
    await signIn(page, copyHost);
    await page.getByRole('menuitem', { name: /研发工具/ }).click();
    await page.getByRole('menuitem', { name: '图书' }).click();
    await expect(page).toHaveURL(/#\/generated\/demoBook/);
    await openScreen(page, copyHost, '/generated/demoBook');
    const screen = page.locator('.desk-page[data-path="/generated/demoBook"]');
    await expect(screen.getByRole('columnheader', { name: '出版日期' })).toBeVisible();
    await expect(screen.getByRole('columnheader', { name: '简介' })).toHaveCount(0);

    // add: the required fields' messages first
    await screen.getByRole('button', { name: /新\s*增/ }).click();
    await dialog(page).getByRole('button', { name: /保\s*存/ }).click();
    await expect(dialog(page).getByText('请输入书名')).toBeVisible();
    await expect(dialog(page).getByText('请选择是否上架')).toBeVisible();
    await dialog(page).getByLabel('书名').fill('三体');
    await dialog(page).getByLabel('作者').fill('刘慈欣');
    await dialog(page).getByRole('radio', { name: '是' }).check();
    await dialog(page).getByLabel('语言').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '中文' }).first().click();
    await dialog(page).getByRole('switch', { name: '推荐' }).click();
    await dialog(page).getByLabel('价格').fill('23.5');
    await dialog(page).getByLabel('出版日期').fill('2008-01-01');
    await dialog(page).getByLabel('出版日期').press('Enter');
    await dialog(page).getByLabel('简介').fill('地球往事三部曲之一');
    await dialog(page).getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('新增成功')).toBeVisible();
    const row = screen.getByRole('row', { name: /三体/ });
    await expect(row).toContainText('刘慈欣');
    await expect(row).toContainText('中文');
    await expect(row).toContainText('2008-01-01');
    const stored = (await api(copyHost, 'get', '/blade-demo/book/list', undefined, { bookName: '三体' })) as { records: Record<string, unknown>[] };
    expect(stored.records).toHaveLength(1);
    expect(stored.records[0]).toMatchObject({ bookName: '三体', onSale: 1, language: 'zh-CN', featured: 1, price: 23.5, publishDate: '2008-01-01', intro: '地球往事三部曲之一' });

    // edit
    await clickRowAction(page, row, '编辑');
    await expect(dialog(page).getByLabel('书名')).toHaveValue('三体');
    await dialog(page).getByLabel('作者').fill('Liu Cixin');
    await dialog(page).getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('更新成功')).toBeVisible();
    await expect(row).toContainText('Liu Cixin');
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
    await page.screenshot({ path: '/tmp/codegen-generated-screen.png' });

    // delete
    await clickRowAction(page, row, '删除');
    await page.getByRole('dialog').getByRole('button', { name: /确\s*定/ }).click();
    await expect(page.getByText('删除成功')).toBeVisible();
    await expect(screen.getByRole('row', { name: /三体/ })).toHaveCount(0);
    expect(((await api(copyHost, 'get', '/blade-demo/book/list')) as { total: number }).total).toBe(0);

    // in English: the menu, the title and the labels humanised from the class and property names
    await switchLanguage(page, 'English');
    await expect(page.getByRole('menuitem', { name: 'Demo book' })).toBeVisible();
    await expect(screen.getByText('Demo book', { exact: true })).toBeVisible();
    await expect(screen.getByRole('columnheader', { name: 'Publish date' })).toBeVisible();
    // the module's declaration (src-shared/declarations/generated/demoBook.ts) is read by both sides: the form's
    // message and the server's (the form bypassed), in English too
    await screen.getByRole('button', { name: /Add|新\s*增/ }).click();
    await dialog(page).getByRole('button', { name: /Save|保\s*存/ }).click();
    await expect(dialog(page).getByText('Enter the book name')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('generated-form-refused-en.png') });
    await dialog(page).getByRole('button', { name: /Cancel|取\s*消/ }).click();
    const submit = (language: string) => rpc(copyHost!, 'api:request', { method: 'post', url: '/blade-demo/book/submit', data: { author: 'x' }, language });
    expect(await submit('en')).toMatchObject({ ok: false, error: { code: 400, message: 'Enter the book name' } });
    expect(await submit('zh')).toMatchObject({ ok: false, error: { code: 400, message: '请输入书名' } });
  } finally {
    await copyHost?.stop();
    rmSync(copy, { recursive: true, force: true });
  }
});
