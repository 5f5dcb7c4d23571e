// Code generation: data sources (the embedded SQLite is the default one),
// models from a table's columns, prototypes, code entries, and gen-code's zip,
// whose files type-check when dropped into this repository.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, login, SABER, startHarness, tempDir, type Harness } from './helpers';

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

const post = (path: string, json: unknown, query?: Record<string, string>) => api<Row>(base, admin, 'POST', path, { json, query });
const get = <T = Row>(path: string, query: Record<string, string | number> = {}) => api<T>(base, admin, 'GET', path, { query });

describe('code generation', () => {
  it('datasources: the embedded one is seeded; CRUD with validation; password never sent', async () => {
    const list = await get<{ records: Row[] }>(`${DEV}/datasource/list`);
    expect(list.body.data.records.map((r) => r.url)).toEqual(['jdbc:sqlite:embedded']);
    expect((await post(`${DEV}/datasource/submit`, { name: 'x', driverClass: 'com.mysql.cj.jdbc.Driver' })).body.msg).toBe('请输入连接地址');
    const ds = await post(`${DEV}/datasource/submit`, { name: '业务库', driverClass: 'com.mysql.cj.jdbc.Driver', url: 'jdbc:mysql://db/x', username: 'u', password: 'p' });
    expect(ds.status).toBe(200);
    expect(ds.body.data.password).toBe('******');
    expect((await get(`${DEV}/model/table-list`, { datasourceId: ds.body.data.id })).body.msg).toBe('仅支持读取内置数据源的表结构');
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
    // save the prototypes with labels, a dictionary, a query field and a required one
    const edited = proto.body.data.map((p) => ({
      ...p,
      comment: p.jdbcName === 'post_name' ? '岗位名称' : '',
      isQuery: p.jdbcName === 'post_name' ? 1 : 0,
      isRequired: p.jdbcName === 'post_name' || p.jdbcName === 'post_code' ? 1 : 0,
      dictCode: p.jdbcName === 'category' ? 'post_category' : '',
    }));
    expect((await api(base, admin, 'POST', `${DEV}/model-prototype/submit-list`, { json: edited })).body.success).toBe(true);
    const saved = await get<Row[]>(`${DEV}/model-prototype/select`, { modelId });
    expect(saved.body.data.find((p) => p.jdbcName === 'category')).toMatchObject({ dictCode: 'post_category', modelId });

    expect((await post(`${DEV}/code/submit`, { modelId, codeName: 'genPost', tableName: 'blade_post' })).body.msg).toBe('请输入后端接口路径');
    const code = await post(`${DEV}/code/submit`, { modelId, serviceName: 'gencheck', codeName: 'genPost', tableName: 'blade_post', apiPath: '/gen/post' });
    expect(code.status).toBe(200);
    const copy = await post(`${DEV}/code/copy`, undefined, { id: code.body.data.id });
    expect(copy.body.data).toMatchObject({ codeName: 'genPostCopy', apiPath: '/gen/post' });
    expect(copy.body.data.id).not.toBe(code.body.data.id);
    expect((await get<{ total: number }>(`${DEV}/code/list`)).body.data.total).toBe(2);

    const res = await fetch(`${base}${DEV}/code/gen-code?ids=${code.body.data.id}`, { method: 'POST', headers: { Authorization: SABER, 'Blade-Auth': `bearer ${admin}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const zip = Buffer.from(await res.arrayBuffer());
    const out = tempDir('gen-zip-');
    try {
      writeFileSync(join(out, 'code.zip'), zip);
      execFileSync('unzip', ['-q', 'code.zip', '-d', 'x'], { cwd: out });
      const listing = execFileSync('unzip', ['-Z1', 'code.zip'], { cwd: out, encoding: 'utf8' }).trim().split('\n').sort();
      expect(listing).toEqual(['src-renderer/screens/gencheck/genPost.ts', 'src-server/modules/gencheck/genPost.resource.ts']);

      // drop the files into this repository (unique folders) and type-check them with its settings
      const repo = resolve(__dirname, '../..');
      const stamp = `zzgen${Date.now()}`;
      const server = join(repo, 'src-server/modules', stamp);
      const screen = join(repo, 'src-renderer/screens', stamp);
      try {
        mkdirSync(server);
        mkdirSync(screen);
        const read = (p: string) => execFileSync('cat', [join(out, 'x', p)], { encoding: 'utf8' });
        const resourceText = read('src-server/modules/gencheck/genPost.resource.ts');
        const screenText = read('src-renderer/screens/gencheck/genPost.ts');
        expect(resourceText).toContain("table: 'blade_post'");
        expect(resourceText).toContain('tenantScoped: true');
        expect(resourceText).toContain("{ name: 'postName', type: 'string', rules: [{ required: true, message: '请输入岗位名称' }] }");
        expect(resourceText).not.toContain("name: 'tenantId'");
        expect(screenText).toContain("dict: 'post_category'");
        expect(screenText).toContain("list: '/gen/post/list'");
        writeFileSync(join(server, 'genPost.resource.ts'), resourceText);
        writeFileSync(join(screen, 'genPost.ts'), screenText);
        const config = join(server, 'tsconfig.check.json');
        writeFileSync(config, JSON.stringify({ extends: join(repo, 'tsconfig.json'), compilerOptions: { noEmit: true }, include: [], files: [join(server, 'genPost.resource.ts'), join(screen, 'genPost.ts')] }));
        const tsc = join(repo, 'node_modules/typescript/bin/tsc');
        let result = '';
        try {
          result = execFileSync(process.execPath, [tsc, '-p', config], { cwd: repo, encoding: 'utf8' });
        } catch (e) {
          result = String((e as { stdout?: string }).stdout ?? e);
        }
        expect(result).toBe('');
      } finally {
        rmSync(server, { recursive: true, force: true });
        rmSync(screen, { recursive: true, force: true });
      }
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 60_000);
});
