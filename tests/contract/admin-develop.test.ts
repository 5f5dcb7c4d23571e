// Code generation: data sources (the embedded SQLite is the default one),
// models from a table's columns, their fields (字段配置), code entries, and
// gen-code's zip (tests/e2e/codegen.spec.ts applies one to a copy of the
// project, type-checks it and opens the screen).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, login, SABER, startHarness, type Harness } from './helpers';
import { unzipStored } from '../zip-entries';

let h: Harness;
let base: string;
let admin: string;
type Row = Record<string, unknown> & { id: string };
const DEV = '/blade-develop';

beforeAll(async () => {
  h = await startHarness();
  base = h.server.url;
  admin = await login(base);
});
afterAll(() => h.stop());

const post = (path: string, json: unknown, query?: Record<string, string>, headers: Record<string, string> = {}) => api<Row>(base, admin, 'POST', path, { json, query, headers });
const get = <T = Row>(path: string, query: Record<string, string | number> = {}, headers: Record<string, string> = {}) => api<T>(base, admin, 'GET', path, { query, headers });
/** a console whose language is English: the server's messages in their en text */
const EN = { 'Accept-Language': 'en' };

describe('code generation', () => {
  it('datasources: the embedded one is seeded; CRUD with validation; password never sent', async () => {
    const list = await get<{ records: Row[] }>(`${DEV}/datasource/list`);
    expect(list.body.data.records.map((r) => r.url)).toEqual(['jdbc:sqlite:embedded']);
    expect((await post(`${DEV}/datasource/submit`, { name: 'x', driverClass: 'com.mysql.cj.jdbc.Driver' })).body.msg).toBe('请输入连接地址');
    const ds = await post(`${DEV}/datasource/submit`, { name: '业务库', driverClass: 'com.mysql.cj.jdbc.Driver', url: 'jdbc:mysql://db/x', username: 'u', password: 'p' });
    expect(ds.status).toBe(200);
    expect(ds.body.data.password).toBe('******');
    expect((await get(`${DEV}/model/table-list`, { datasourceId: ds.body.data.id })).body.msg).toBe('仅支持读取内置数据源的表结构');
    expect((await get(`${DEV}/model/table-list`, { datasourceId: ds.body.data.id }, EN)).body.msg).toBe("Only the built-in data source's tables can be read");
    expect((await get(`${DEV}/model/table-list`, { datasourceId: '42' }, EN)).body.msg).toBe('The data source does not exist');
    expect((await get(`${DEV}/model/table-info`, { tableName: 'no_such_table' }, EN)).body.msg).toBe('The table does not exist');
    expect((await get(`${DEV}/model/table-info`, { modelId: '42' }, EN)).body.msg).toBe('The data model does not exist');
    expect((await get(`${DEV}/model/model-prototype`, {}, EN)).body.msg).toBe('A required request parameter is missing: modelId');
    expect((await post(`${DEV}/code/copy`, undefined, { id: '42' }, EN)).body.msg).toBe('The code generation entry does not exist');
    expect((await post(`${DEV}/datasource/remove`, undefined, { ids: ds.body.data.id })).body.success).toBe(true);
  });

  it('models from a table, prototypes, code entries, copy and gen-code that compiles', async () => {
    const dsId = (await get<{ records: Row[] }>(`${DEV}/datasource/list`)).body.data.records[0].id;
    const tables = await get<{ name: string }[]>(`${DEV}/model/table-list`, { datasourceId: dsId });
    expect(tables.body.data.map((t) => t.name)).toEqual(expect.arrayContaining(['blade_post', 'blade_param']));
    // full-text indexes and their shadow tables are not tables a model is built from
    expect(tables.body.data.map((t) => t.name).filter((n) => n.startsWith('article_title_search'))).toEqual([]);
    expect(tables.body.data.map((t) => t.name)).toContain('article');
    const info = await get<{ name: string; fields: Row[] }>(`${DEV}/model/table-info`, { tableName: 'blade_post', datasourceId: dsId });
    expect(info.body.data.fields.map((f) => f.propertyName)).toEqual(expect.arrayContaining(['postCode', 'postName', 'tenantId', 'isDeleted']));
    expect(info.body.data.fields.find((f) => f.jdbcName === 'sort')).toMatchObject({ propertyType: 'int' });

    expect((await post(`${DEV}/model/submit`, { datasourceId: dsId, modelName: '岗位', modelCode: 'Bad', modelTable: 'blade_post', modelClass: 'Post' })).body.msg).toBe('模型编号须为小驼峰英文');
    const model = await post(`${DEV}/model/submit`, { datasourceId: dsId, modelName: '岗位', modelCode: 'genPost', modelTable: 'blade_post', modelClass: 'GenPost' });
    expect(model.status).toBe(200);
    const modelId = model.body.data.id;
    const proto = await get<Row[]>(`${DEV}/model/model-prototype`, { modelId });
    expect(proto.body.data.map((p) => p.jdbcName)).toContain('post_code');
    // the engine's own columns are not fields
    expect(proto.body.data.map((p) => p.jdbcName)).not.toContain('tenant_id');
    // save the prototypes with labels, a dictionary, a query field and a required one
    const edited = proto.body.data.map((p) => ({
      ...p,
      comment: p.jdbcName === 'post_name' ? '岗位名称' : p.jdbcName,
      isQuery: p.jdbcName === 'post_name' ? 1 : 0,
      isRequired: p.jdbcName === 'post_name' || p.jdbcName === 'post_code' ? 1 : 0,
      componentType: p.jdbcName === 'category' ? 'select' : p.componentType,
      dictCode: p.jdbcName === 'category' ? 'post_category' : '',
    }));
    const submitList = (list: unknown) => api(base, admin, 'POST', `${DEV}/model-prototype/submit-list`, { json: list });
    // every field passes the form's checks: a select without its dictionary, a name twice, a missing label
    const noDict = edited.map((p) => (p.dictCode ? { ...p, dictCode: '' } : p));
    expect((await submitList(noDict)).body.msg).toBe('请选择字典编号');
    expect((await submitList([...edited, { ...edited[0] }])).body.msg).toBe('物理列名已存在');
    expect((await submitList(edited.map((p, i) => (i === 0 ? { ...p, comment: '' } : p)))).body.msg).toBe('请输入字段说明');
    expect((await submitList(edited)).body.success).toBe(true);
    const saved = await get<Row[]>(`${DEV}/model-prototype/select`, { modelId });
    expect(saved.body.data.find((p) => p.jdbcName === 'category')).toMatchObject({ dictCode: 'post_category', modelId });

    expect((await post(`${DEV}/code/submit`, { modelId, codeName: 'genPost', tableName: 'blade_post' })).body.msg).toBe('请输入后端接口路径');
    const code = await post(`${DEV}/code/submit`, { modelId, serviceName: 'gencheck', codeName: 'genPost', tableName: 'blade_post', apiPath: '/gen/post' });
    expect(code.status).toBe(200);
    expect(code.body.data.parentMenu).toBe('tool');
    const copy = await post(`${DEV}/code/copy`, undefined, { id: code.body.data.id });
    expect(copy.body.data).toMatchObject({ codeName: 'genPostCopy', apiPath: '/gen/post' });
    expect(copy.body.data.id).not.toBe(code.body.data.id);
    expect((await get<{ total: number }>(`${DEV}/code/list`)).body.data.total).toBe(2);

    const genCode = (id: string, headers: Record<string, string> = {}) =>
      fetch(`${base}${DEV}/code/gen-code?ids=${id}`, { method: 'POST', headers: { Authorization: SABER, 'Blade-Auth': `bearer ${admin}`, ...headers } });
    const res = await genCode(code.body.data.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const files = unzipStored(Buffer.from(await res.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual([
      'src-renderer/screens/generated/genPost/index.ts',
      'src-renderer/screens/generated/genPost/screen.ts',
      'src-server/modules/generated/genPost/index.ts',
      'src-server/modules/generated/genPost/migrations.ts',
      'src-server/modules/generated/genPost/resource.ts',
      'src-shared/declarations/generated/genPost.ts',
    ]);
    const resourceText = files['src-server/modules/generated/genPost/resource.ts']!;
    expect(resourceText).toContain("table: 'blade_post'");
    expect(resourceText).toContain('tenantScoped: true');
    // the fields declared once (issue 39): the resource and the screen read the declaration, no rule list of their own
    const declText = files['src-shared/declarations/generated/genPost.ts']!;
    expect(declText).toContain("postName: { type: 'string', rules: [{ required: true, message: addedKey('gen.genPost.postNameRequired') }, { maxLength: 255, message: addedKey('gen.genPost.postNameMax') }] }");
    expect(declText).toContain("'gen.genPost.postNameRequired': { zh: '请输入岗位名称', en: 'Enter the post name' }");
    expect(declText).toContain("'gen.genPost.postNameMax': { zh: '岗位名称不能超过255个字符', en: 'The post name may not exceed 255 characters' }");
    expect(resourceText).toContain('...declaredResource(DECLARATION');
    expect(resourceText).not.toContain('rules:');
    expect(resourceText).not.toContain("name: 'tenantId'");
    const screenText = files['src-renderer/screens/generated/genPost/screen.ts']!;
    expect(screenText).toContain('declaration: DECLARATION');
    expect(screenText).not.toContain('rules:');
    expect(screenText).toContain("dict: 'post_category'");
    expect(screenText).toContain("list: '/gen/post/list'");
    // blade_post is the product's: no CREATE; the menu under 研发工具 in the first free versions of the reserved range
    const migrations = files['src-server/modules/generated/genPost/migrations.ts']!;
    expect(migrations).not.toContain('CREATE TABLE');
    expect(migrations).toContain('version: 1001,');
    expect(migrations).toContain("p.code = 'tool'");
    expect(files['src-renderer/screens/generated/genPost/index.ts']).toContain("postName: 'Post name',");
    // the copy gets the next versions; the entry keeps its own
    const other = unzipStored(Buffer.from(await (await genCode(copy.body.data.id)).arrayBuffer()));
    expect(other['src-server/modules/generated/genPostCopy/migrations.ts']).toContain('version: 1011,');
    const again = unzipStored(Buffer.from(await (await genCode(code.body.data.id)).arrayBuffer()));
    expect(again['src-server/modules/generated/genPost/migrations.ts']).toBe(migrations);
    // two modules on the same routes in one zip
    const both = await genCode(`${code.body.data.id},${copy.body.data.id}`);
    expect(((await both.json()) as { msg: string }).msg).toBe('后端接口路径/gen/post在所选配置中重复');
    const bothEn = await genCode(`${code.body.data.id},${copy.body.data.id}`, EN);
    expect(((await bothEn.json()) as { msg: string }).msg).toBe('The API path /gen/post appears more than once in the selected entries');
    // a module on routes the product already serves, or on a menu code it has, is refused with the reason
    for (const apiPath of ['/website-blade-system/param', '/blade-system/genParam']) {
      const clash = await post(`${DEV}/code/submit`, { modelId, codeName: 'genParam', tableName: 'blade_post', apiPath });
      const refusedClash = await genCode(clash.body.data.id);
      expect([refusedClash.status, ((await refusedClash.json()) as { msg: string }).msg]).toEqual([400, `后端接口路径${apiPath}已被占用`]);
      const refusedEn = await genCode(clash.body.data.id, EN);
      expect([refusedEn.status, ((await refusedEn.json()) as { msg: string }).msg]).toEqual([400, `The API path ${apiPath} is already in use`]);
      await post(`${DEV}/code/remove`, undefined, { ids: clash.body.data.id });
    }
    const menuClash = await post(`${DEV}/code/submit`, { modelId, codeName: 'model', tableName: 'blade_post', apiPath: '/gen/model' });
    expect(((await (await genCode(menuClash.body.data.id)).json()) as { msg: string }).msg).toBe('菜单编号model已存在，请更换模块名');
    expect(((await (await genCode(menuClash.body.data.id, EN)).json()) as { msg: string }).msg).toBe('The menu code model already exists; choose another module name');
  }, 60_000);

  it('字段配置: one field at a time through model-prototype list, submit, detail and remove, checked as the form checks', async () => {
    const model = await post(`${DEV}/model/submit`, { datasourceId: '1123598812738675201', modelName: '参数', modelCode: 'fieldParam', modelTable: 'blade_param', modelClass: 'FieldParam' });
    const modelId = model.body.data.id;
    const field = { modelId, jdbcName: 'param_name', comment: '参数名称', propertyName: 'paramName', propertyType: 'string', componentType: 'input', isList: 1, isForm: 1, isRequired: 1, isQuery: 1, queryType: 'like', sort: 1 };
    const submit = (body: Record<string, unknown>) => api<Row>(base, admin, 'POST', `${DEV}/model-prototype/submit`, { json: body });
    const refused = async (body: Record<string, unknown>, msg: string) => {
      const r = await submit(body);
      expect([r.status, r.body.msg]).toEqual([400, msg]);
    };
    await refused({ ...field, comment: '' }, '请输入字段说明');
    await refused({ ...field, jdbcName: 'Param' }, '物理列名须为小写英文、数字或下划线');
    await refused({ ...field, propertyName: 'param_name' }, '实体列名须为小驼峰英文');
    await refused({ ...field, componentType: 'slider' }, '请选择组件类型');
    await refused({ ...field, componentType: 'radio' }, '请选择字典编号');
    await refused({ ...field, componentType: 'select', dictCode: 'no_such_dict' }, '字典编号不存在');
    await refused({ ...field, isForm: 0 }, '必填字段须显示在表单中');
    await refused({ ...field, jdbcName: 'tenant_id', propertyName: 'tenantId' }, '该列由系统维护，不能配置');
    await refused({ ...field, modelId: 'nope' }, '数据模型不存在');
    const saved = await submit(field);
    expect(saved.status).toBe(200);
    await refused({ ...field, propertyName: 'otherName' }, '物理列名已存在');
    await refused({ ...field, jdbcName: 'param_other' }, '实体列名已存在');
    // a dictionary only with a dictionary component: switched to input, it is dropped
    const radio = await submit({ ...field, id: saved.body.data.id, componentType: 'radio', dictCode: 'yes_no' });
    expect(radio.body.data).toMatchObject({ componentType: 'radio', dictCode: 'yes_no' });
    const input = await submit({ ...field, id: saved.body.data.id, componentType: 'input', dictCode: 'yes_no' });
    expect(input.body.data).toMatchObject({ componentType: 'input', dictCode: '' });
    const list = await get<{ records: Row[] }>(`${DEV}/model-prototype/list`, { modelId_equal: modelId });
    expect(list.body.data.records.map((r) => r.jdbcName)).toEqual(['param_name']);
    // the table's other columns come after the configured one (model-prototype), its label kept
    const all = await get<Row[]>(`${DEV}/model/model-prototype`, { modelId });
    expect(all.body.data[0]).toMatchObject({ jdbcName: 'param_name', comment: '参数名称' });
    expect(all.body.data.map((p) => p.jdbcName)).toEqual(expect.arrayContaining(['param_key', 'param_value']));
    const dicts = await get<{ code: string }[]>(`${DEV}/model-prototype/dict-codes`);
    expect(dicts.body.data.map((d) => d.code)).toContain('yes_no');
    expect((await post(`${DEV}/model-prototype/remove`, undefined, { ids: saved.body.data.id })).body.success).toBe(true);
    expect((await get<{ records: Row[] }>(`${DEV}/model-prototype/list`, { modelId_equal: modelId })).body.data.records).toEqual([]);
  });
});
