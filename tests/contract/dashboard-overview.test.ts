// The 控制台's overview (GET /seo-blade-desk/dashboard/overview): running and queued
// work with progress, what failed in the last 24 hours with its kept reason,
// sign-ins, storage and version; each part only for a caller who may see it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { DashboardOverview } from '../../src-shared/dashboard';
import { DASHBOARD_OVERVIEW_URL } from '../../src-shared/dashboard';
import { sql } from '../../src-server/db/data-layer';
import { api, closedPortUrl, importTaskDone, login, multipart, otherTenantAdmin, startHarness, tokenCall, until, type Harness } from './helpers';

type Rec = Record<string, unknown>;

/** the bytes of every file under `dir` (symlinks not followed), as the data folder's total counts them */
function folderBytes(dir: string): number {
  let total = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, e.name);
    if (e.isDirectory()) total += folderBytes(path);
    else if (e.isFile()) total += statSync(path).size;
  }
  return total;
}
let h: Harness;
let base: string;
let admin: string;
const A = '/website-blade-article';
const overviewOf = async (token: string, headers?: Record<string, string>) => {
  const r = await api<DashboardOverview>(base, token, 'GET', DASHBOARD_OVERVIEW_URL, { headers });
  expect(r.status, r.body.msg).toBe(200);
  return r.body.data;
};

beforeAll(async () => {
  h = await startHarness();
  base = h.server.url;
  admin = await login(base);
});
afterAll(async () => {
  await h.stop();
});

describe('the dashboard overview', () => {
  it('a fresh install: version, uptime, storage for the platform administrator, nothing running or failed, its own sign-in', async () => {
    const o = await overviewOf(admin);
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    expect(o.version).toBe(pkg.version);
    expect(o.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(o.startedAt <= o.now).toBe(true);
    expect(o.activity).toEqual([]);
    expect(o.failures).toEqual([]);
    expect(o.storage).toMatchObject({ dataDir: h.dataDir, engine: h.engine });
    expect(o.storage!.database).toBeGreaterThan(0);
    if (h.engine === 'sqlite') {
      // the database file is in the data folder: its total counts it
      expect(o.storage!.databaseInDataDir).toBe(true);
      expect(o.storage!.total).toBeGreaterThanOrEqual(o.storage!.database + o.storage!.uploads + o.storage!.imports + o.storage!.sites);
    } else {
      // PostgreSQL's database is on its server: its own line, the data folder's total is the folder's bytes alone
      expect(o.storage!.databaseInDataDir).toBe(false);
      expect(o.storage!.total).toBe(folderBytes(h.dataDir));
      expect(o.storage!.total).toBeGreaterThanOrEqual(o.storage!.uploads + o.storage!.imports + o.storage!.sites);
    }
    expect(o.signIns.recent[0]).toMatchObject({ account: 'admin' });
  });

  it('a generation against an AI server that is down and an import with bad lines appear in the failures with their reasons', async () => {
    const down = await closedPortUrl();
    expect((await api<Rec>(base, admin, 'POST', '/seo-blade-article/aiModel/submit', { json: { name: '本地', apiKey: 'sk-dash-0001', url: down, model: 'm', platform: 'openai', temperature: 0.3, maxTokens: 256, status: 1 } })).status).toBe(200);
    const g = await multipart(base, admin, `${A}/gptProduceArticle/batchProduceArticle`, [
      { name: 'data', value: JSON.stringify({ taskName: '控制台失败任务', maxTokens: 100, prompts: [{ input: '写{keyword}' }] }) },
      { name: 'file', value: '苹果\n香蕉', filename: 'kw.txt' },
    ]);
    const genId = String(g.body.data.id);
    await until(async () => Number((await api<Rec>(base, admin, 'GET', `${A}/gptProduceArticle/pollTaskStatus`, { query: { id: genId } })).body.data.status) >= 2, 30_000);
    const imp = await multipart(base, admin, `${A}/keyword/importText`, [{ name: 'file', value: `好词\n${'长'.repeat(51)}`, filename: 'kw.txt' }]);
    const impId = String(imp.body.data.id);
    await importTaskDone(base, admin, impId);

    const o = await overviewOf(admin);
    const gen = o.failures!.find((f) => f.id === genId);
    expect(gen).toMatchObject({ kind: 'generation', name: '控制台失败任务', statusName: '失败', failed: 2, total: 2 });
    expect(gen!.reason).toMatch(new RegExp(`^无法连接AI接口 ${down}/chat/completions: ECONNREFUSED`));
    expect(o.failures!.find((f) => f.id === impId)).toMatchObject({ kind: 'import', statusName: '部分失败', reason: '关键词不能超过50个字符', failed: 1, total: 2 });
    // in English: the status names and the kept reasons
    const en = await overviewOf(admin, { 'Accept-Language': 'en' });
    expect(en.failures!.find((f) => f.id === genId)).toMatchObject({ status: 'failed', statusName: 'Failed', reason: expect.stringMatching(new RegExp(`^Cannot reach the AI endpoint ${down}/chat/completions: ECONNREFUSED`)) });
    expect(en.failures!.find((f) => f.id === impId)).toMatchObject({ status: 'partlyFailed', statusName: 'Partly failed', reason: 'The keyword may not exceed 50 characters' });
    expect(o.activity).toEqual([]);

    // a day later they are no longer in the last 24 hours
    h.advance(25 * 60 * 60 * 1000);
    const later = await overviewOf(await login(base));
    expect(later.failures!.map((f) => f.id)).not.toContain(genId);
    expect(later.uptimeSeconds).toBeGreaterThanOrEqual(25 * 60 * 60);
    h.advance(-25 * 60 * 60 * 1000);
    admin = await login(base);
  });

  it('queued and running work with progress; a failed deploy-task run with its reason', async () => {
    const data = h.data();
    const now = new Date();
    const ts = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')} ${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}:${String(d.getSeconds()).padStart(2, '0')}`;
    // a task mid-way, as the generator leaves it between two items
    await data.run(
      sql`INSERT INTO gpt_produce_article (id, tenant_id, task_name, prompts, total, success_count, fail_count, status, is_deleted, create_time, update_time) VALUES ('9001', '000000', '进行中任务', '[]', 10, 3, 1, 1, 0, ${ts(now)}, ${ts(now)})`,
    );
    await data.run(
      sql`INSERT INTO deploy_tasks (id, tenant_id, task_name, schedule_type, status, is_deleted, next_time, last_run_state, last_run_time, last_run_sites, create_time, update_time)
       VALUES ('9002', '000000', '夜间部署', 'FIX_RATE', 1, 0, ${now.getTime() + 3_600_000}, 'failed', ${ts(now)}, ${JSON.stringify({ sites: [{ websiteName: '站一', statusName: '部署失败', message: '部署失败: 网站未绑定域名或域名已删除', reason: JSON.stringify({ key: 'deploy.renderFailed', params: { reason: { key: 'deploy.noDomain' } } }) }] })}, ${ts(now)}, ${ts(now)})`,
    );
    const o = await overviewOf(admin);
    expect(o.activity).toEqual([
      expect.objectContaining({ kind: 'generation', id: '9001', running: true, statusName: '执行中', done: 4, failed: 1, total: 10 }),
      expect.objectContaining({ kind: 'deployTask', id: '9002', running: false, name: '夜间部署', time: ts(new Date(now.getTime() + 3_600_000)) }),
    ]);
    expect(o.failures!.find((f) => f.id === '9002')).toMatchObject({ kind: 'deployTask', statusName: '失败', reason: '站一: 部署失败: 网站未绑定域名或域名已删除' });
    const en = await overviewOf(admin, { 'Accept-Language': 'en' });
    expect(en.activity![0]).toMatchObject({ id: '9001', status: 'running', statusName: 'Running' });
    expect(en.failures!.find((f) => f.id === '9002')).toMatchObject({ status: 'failed', statusName: 'Failed', reason: '站一: Deploy failed: The website is bound to no domain, or its domain was deleted' });
    await data.run(sql`DELETE FROM gpt_produce_article WHERE id = '9001'`);
    await data.run(sql`DELETE FROM deploy_tasks WHERE id = '9002'`);
  });

  it('failed sign-ins are counted, and locked accounts named', async () => {
    for (let i = 0; i < 2; i++) expect((await tokenCall(base, { username: 'admin', password: 'wrong' })).status).not.toBe(200);
    const o = await overviewOf(admin);
    expect(o.signIns.failed).toEqual([expect.objectContaining({ account: 'admin', failCount: 2, lockedUntil: '' })]);
    admin = await login(base); // a successful sign-in clears the count
    expect((await overviewOf(admin)).signIns.failed).toEqual([]);
  });

  it('another tenant sees its own work only and no storage; a role without the task screens gets no task parts', async () => {
    const other = await otherTenantAdmin(h, '222222', '其他租户');
    const o = await overviewOf(other);
    expect(o.failures).toEqual([]);
    expect(o.storage).toBeNull();
    expect(o.signIns.recent.every((s) => s.account === 'admin')).toBe(true);
    const plain = await otherTenantAdmin(h, '333333', '只有控制台', ['dashboard']);
    const p = await overviewOf(plain);
    expect(p.activity).toBeNull();
    expect(p.failures).toBeNull();
    const none = await otherTenantAdmin(h, '444444', '没有控制台', ['user']);
    expect((await api(base, none, 'GET', DASHBOARD_OVERVIEW_URL)).status).toBe(401);
  });
});
