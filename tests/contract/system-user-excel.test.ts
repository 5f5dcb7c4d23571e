// The stock user import/export over HTTP (用户管理 › 导入 / 导出 / 模板下载):
// the template's columns, a workbook as Excel writes it (shared strings,
// deflated entries), a bad row refusing the whole sheet with its row number,
// existing accounts refused unless isCovered, and the export's filter.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipFiles } from '../../src-server/modules/admin/zip';
import { readXlsx, writeXlsx } from '../../src-server/modules/admin/xlsx';
import { USER_EXCEL_HEADERS } from '../../src-server/modules/system/user-excel';
import { api, login, multipart, startHarness, type Harness } from './helpers';

let h: Harness;
let base: string;
let admin: string;
const S = '/blade-system/user';

beforeAll(async () => {
  h = await startHarness();
  base = h.server.url;
  admin = await login(base);
});
afterAll(() => h.stop());

/** A sheet as Excel stores it: deflated, every text in xl/sharedStrings.xml, cells by reference (a gap in row 2). */
function excelWorkbook(rows: string[][]): Buffer {
  const strings: string[] = [];
  const index = (s: string): number => (strings.includes(s) ? strings.indexOf(s) : strings.push(s) - 1);
  const col = (i: number): string => String.fromCharCode(65 + i);
  const sheetRows = rows.map((cells, r) => `<row r="${r + 1}">${cells.map((v, c) => (v === '' ? '' : `<c r="${col(c)}${r + 1}" t="s"><v>${index(v)}</v></c>`)).join('')}</row>`).join('');
  return zipFiles({
    'xl/workbook.xml': '<workbook/>',
    'xl/sharedStrings.xml': `<sst>${strings.map((s) => `<si><r><t>${s.replace(/&/g, '&amp;')}</t></r></si>`).join('')}</sst>`,
    'xl/worksheets/sheet1.xml': `<worksheet><sheetData>${sheetRows}</sheetData></worksheet>`,
  }, new Date(), { deflate: true });
}

const H = [...USER_EXCEL_HEADERS];
const row = (v: Partial<Record<(typeof USER_EXCEL_HEADERS)[number], string>>): string[] => H.map((h) => v[h] ?? '');
const upload = (bytes: Buffer, isCovered?: string) =>
  multipart(base, admin, `${S}/import-user`, [...(isCovered ? [{ name: 'isCovered', value: isCovered }] : []), { name: 'file', value: bytes, filename: 'users.xlsx' }]);
/** the console's own path (a stock prefix answers Chinese whatever the language), in English */
const uploadEn = async (bytes: Buffer, isCovered?: string): Promise<string> =>
  (await multipart(base, admin, '/website-blade-system/user/import-user', [...(isCovered ? [{ name: 'isCovered', value: isCovered }] : []), { name: 'file', value: bytes, filename: 'users.xlsx' }],
    { 'Accept-Language': 'en' })).body.msg;
const download = async (path: string): Promise<string[][]> => {
  const res = await fetch(`${base}${path}${path.includes('?') ? '&' : '?'}blade-auth=${encodeURIComponent(`bearer ${admin}`)}`);
  expect(res.status).toBe(200);
  return readXlsx(Buffer.from(await res.arrayBuffer()))!;
};

describe('user import and export', () => {
  it('reads a workbook as Excel writes it (shared strings, deflated, a missing cell)', () => {
    expect(readXlsx(excelWorkbook([['a', 'b & c'], ['', 'd']]))).toEqual([['a', 'b & c'], ['', 'd']]);
    expect(readXlsx(writeXlsx('s', [['x', '<y>']]))).toEqual([['x', '<y>']]);
    expect(readXlsx(Buffer.from('not a zip'))).toBeNull();
  });

  it('answers the template with the stock columns', async () => {
    expect(await download(`${S}/export-template`)).toEqual([H]);
  });

  it('imports a sheet; one bad row refuses all of it, naming its row', async () => {
    const good = row({ 账户: 'excel1', 姓名: '表格一', 角色名称: '普通用户', 部门名称: 'SEO矩阵' });
    const bad = await upload(excelWorkbook([H, good, row({ 账户: 'excel2', 姓名: '表格二', 角色名称: '没有的角色', 部门名称: 'SEO矩阵' })]));
    expect(bad.body).toMatchObject({ code: 400, msg: '第3行：角色 [没有的角色] 不存在' });
    const noDept = await upload(excelWorkbook([H, row({ 账户: 'excel2', 姓名: '表格二', 角色名称: '普通用户' })]));
    expect(noDept.body).toMatchObject({ code: 400, msg: '第2行：请选择所属部门' });
    expect(await uploadEn(excelWorkbook([H, good, row({ 账户: 'excel2', 姓名: '表格二', 角色名称: '没有的角色', 部门名称: 'SEO矩阵' })]))).toBe('Row 3: The role [没有的角色] does not exist');
    expect(await uploadEn(excelWorkbook([H, row({ 账户: 'excel2', 姓名: '表格二', 角色名称: '普通用户' })]))).toBe('Row 2: Please select the departments');
    expect(await uploadEn(excelWorkbook([H, row({ 租户编号: '999999', 账户: 'excel2', 姓名: '表格二', 角色名称: '普通用户', 部门名称: 'SEO矩阵' })])))
      .toBe('Row 2: The tenant ID [999999] is not the current tenant');
    expect((await download(`${S}/export-user?account=excel`)).length).toBe(1);

    const r = await upload(excelWorkbook([H, good, row({ 账户: 'excel2', 姓名: '表格二', 手机: '13600000002', 角色名称: '普通用户', 部门名称: 'SEO矩阵' })]));
    expect(r.body).toMatchObject({ code: 200, msg: '成功导入2个用户' });
    const exported = await download(`${S}/export-user?account=excel`);
    expect(exported.slice(1).map((x) => [x[2], x[4], x[6], x[7], x[8]])).toEqual([
      ['excel1', '表格一', '', '普通用户', 'SEO矩阵'],
      ['excel2', '表格二', '13600000002', '普通用户', 'SEO矩阵'],
    ]);
  });

  it('refuses an existing account unless isCovered, which updates it', async () => {
    const again = excelWorkbook([H, row({ 账户: 'excel1', 姓名: '表格一改', 角色名称: '普通用户,超级管理员', 部门名称: 'SEO矩阵' })]);
    expect((await upload(again)).body).toMatchObject({ code: 400, msg: '第2行：当前用户 [excel1] 已存在!' });
    expect(await uploadEn(again)).toBe('Row 2: The user [excel1] already exists');
    expect((await upload(again, '1')).body).toMatchObject({ code: 200, msg: '成功导入1个用户' });
    expect(await uploadEn(again, '1')).toBe('Users imported: 1');
    const exported = await download(`${S}/export-user?account=excel1`);
    expect(exported[1]!.slice(2, 8)).toEqual(['excel1', '表格一改', '表格一改', '', '', '普通用户,超级管理员']);
  });

  it('an edit clearing the post saves (the column holds \'\' for none; it failed with 服务器异常)', async () => {
    const post = await api<{ id: string }>(base, admin, 'POST', '/blade-system/post/submit', { json: { category: 1, postCode: 'excel', postName: '表格岗位', sort: 1 } });
    expect(post.body.code).toBe(200);
    const withPost = excelWorkbook([H, row({ 账户: 'excel3', 姓名: '表格三', 角色名称: '普通用户', 部门名称: 'SEO矩阵', 岗位名称: '表格岗位' })]);
    expect((await upload(withPost)).body.code).toBe(200);
    const listed = await api<{ records: { id: string; postId: string }[] }>(base, admin, 'GET', `${S}/list`, { query: { account: 'excel3' } });
    const user = listed.body.data.records[0]!;
    expect(user.postId).toBe(post.body.data.id);
    const cleared = await api(base, admin, 'POST', `${S}/update`, { json: { id: user.id, postId: '' } });
    expect(cleared.body).toMatchObject({ code: 200 });
    expect((await download(`${S}/export-user?account=excel3`))[1]![9]).toBe('');
  });

  it('refuses what is not a workbook of users', async () => {
    expect((await upload(Buffer.from('plain text'))).body).toMatchObject({ code: 400, msg: '请上传 .xlsx 格式的文件' });
    expect((await upload(writeXlsx('s', [['账户', '姓名']]))).body).toMatchObject({ code: 400, msg: '导入文件缺少列: 角色名称' });
    expect((await upload(writeXlsx('s', [H]))).body).toMatchObject({ code: 400, msg: '导入文件中没有用户数据' });
    expect(await uploadEn(Buffer.from('plain text'))).toBe('Please upload an .xlsx file');
    expect(await uploadEn(writeXlsx('s', [['账户', '姓名']]))).toBe('The import file lacks the column 角色名称');
    expect(await uploadEn(writeXlsx('s', [H]))).toBe('The import file holds no users');
    // a stock console's prefix stays Chinese whatever its browser asks
    const stock = await multipart(base, admin, `${S}/import-user`, [{ name: 'file', value: writeXlsx('s', [H]), filename: 'users.xlsx' }], { 'Accept-Language': 'en' });
    expect(stock.body.msg).toBe('导入文件中没有用户数据');
  });

  it('answers 401 without a token', async () => {
    const res = await fetch(`${base}${S}/export-template`);
    expect(res.status).toBe(401);
  });
});
