// Writes that read before they write, done at once by several callers: on the team server two instances of the
// back end on one PostgreSQL (here: a second server on the harness's database), each with a pool of
// connections; on SQLite the one instance. Tenant content quotas (articles, websites) hold exactly: of 3N
// inserts at once with N places left, N are written and the rest get the quota message; a workflow task
// completed twice at once advances once (one history entry, one next task), the other caller is told the task
// was handled; a task claimed twice at once is claimed once. Values checked unique by reading, numbers given by
// reading the largest, a setting of one quota beside another, a scheduled deploy seen due by two schedulers:
// each holds too. (docs/team-server.md step 9)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, type EmbeddedServer } from '../../src-server/app';
import { sql } from '../../src-server/db/data-layer';
import { liveRowsSql } from '../../src-server/db/sql';
import { KEY_FILE } from '../../src-server/util/secret-box';
import { QUOTA_MSG } from '../../src-server/modules/content/quota/quota';
import { messageText } from '../../src-shared/messages';
import { JobQueue } from '../../src-server/jobs/queue';
import { DeployScheduler } from '../../src-server/modules/content/deploy/deploy-scheduler';
import { LEAVE_BPMN } from '../../src-server/modules/flow/leave-bpmn';
import { SEED_IDS } from '../../src-server/db/seed';
import { MSG_QUOTA } from '../../src-server/modules/system/tenants';
import { api, ENGINE, login, PNG, SABER, sharedPostgres, startHarness, tempDir, until, type Harness, type Reply } from './helpers';

type Rec = Record<string, unknown>;
let h: Harness;
/** the second instance (PostgreSQL); on SQLite the harness's server is the one instance */
let second: EmbeddedServer | undefined;
let secondDir = '';
/** the two instances' API bases, the calls alternate between them */
let bases: [string, string];
let admin: string;
const M = '/website-blade-material';
const A = '/website-blade-article';
const Q = '/seo-blade-system/tenant-quota/content-setting';
/** what the workflow says to a step on a task or instance another step ended */
const TASK_DONE = '任务不存在或已办结';
const INSTANCE_GONE = '流程实例不存在或已结束';
let siteBody: Rec;
let article: Rec;

const post = (path: string, json: unknown, token = admin, base = bases[0]) => api<Rec>(base, token, 'POST', path, { json });
const idOf = async (path: string, json: Rec): Promise<string> => {
  const r = await post(path, json);
  if (r.status !== 200) throw new Error(`${path}: ${r.body.msg}`);
  return r.body.data.id as string;
};
const upload = async (scene: string): Promise<string> => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(PNG)]), `${scene}.png`);
  const r = await fetch(`${bases[0]}/blade-resource/oss/endpoint/put-file?scene=${scene}`, { method: 'POST', headers: { Authorization: SABER, 'Blade-Auth': `bearer ${admin}` }, body: form });
  return ((await r.json()) as { data: Rec }).data.link as string;
};
/** `count` calls at once, alternating between the two instances; their replies */
const atOnce = (count: number, call: (base: string, i: number) => Promise<Reply<unknown>>) => Promise.all(Array.from({ length: count }, (_, i) => call(bases[i % 2], i)));
const n = async (query: ReturnType<typeof sql<{ n: number }>>) => (await h.data().get(query))!.n;

beforeAll(async () => {
  const database = ENGINE === 'postgres' ? await (await sharedPostgres()).createDatabase() : undefined;
  h = await startHarness({ database });
  if (database) {
    secondDir = tempDir();
    // the instances of one team server share the install's key (SEO_SECRET_KEY, or the same key file): the
    // clients' secrets are sealed with it
    copyFileSync(join(h.dataDir, KEY_FILE), join(secondDir, KEY_FILE));
    second = await startServer({ dataDir: secondDir, port: 0, database });
  }
  bases = [h.server.url, second?.url ?? h.server.url];
  admin = await login(bases[0]);

  const groupId = await idOf(`${M}/websiteGroup/save`, { name: '并发组', type: 0 });
  const serverId = await idOf(`${M}/serverInfo/save`, { serverName: 'web', serverIp: '10.1.0.3', serverPort: 22, serverUsername: 'u', serverPassword: 'p', serverType: 'local' });
  const domainInfoId = await idOf(`${M}/domainInfo/save`, { name: '主站', domain: 'locks-example.com', domainService: '1', serverId });
  const templateId = await idOf('/seo-blade-material/websiteTemplate/submit', { templateName: '模板', type: '1', image: await upload('template') });
  const contactId = await idOf(`${M}/contactInfo/submit`, { name: '客服' });
  const imgGroupId = await idOf(`${M}/imgGroup/submit`, { name: '图组' });
  await idOf(`${M}/websiteImg/submit`, { imageUrl: await upload('material'), imgGroupId });
  siteBody = {
    websiteGroupId: groupId, websiteType: 0, websiteName: '并发站', websiteLang: 'zh-CN', descVal: 'd', keywords: 'k',
    domainInfoId, templateId, type: 0, subdomain: 'www', icoId: imgGroupId, logoId: imgGroupId, bannerId: imgGroupId, contactId,
  };
  const siteId = await idOf(`${M}/websiteInfo/save`, siteBody);
  const pageId = await idOf('/blade-material/templatePageConfig/submit', { name: '列表页', listPage: '{cateId}/', detailsPage: '{cateId}/{id}.html' });
  const cateId = await idOf('/seo-blade-article/cate/save', { websiteGroupId: groupId, cateName: '资讯', type: 2, pageId });
  article = { websiteGroupId: groupId, websiteInfoId: siteId, parentId: cateId, keyword: 'k', content: '<p>c</p>', descVal: 'd' };
}, 120_000);

afterAll(async () => {
  await second?.close();
  if (secondDir) rmSync(secondDir, { recursive: true, force: true });
  await h?.stop();
});

/** N places left, 3N writes at once: exactly N written, every other one refused with `msg` (code 400). */
function expectQuotaHeld(replies: Reply<unknown>[], places: number, msg: string): void {
  const written = replies.filter((r) => r.status === 200);
  const refused = replies.filter((r) => r.status !== 200);
  expect(refused.map((r) => [r.status, r.body.code, r.body.msg])).toEqual(Array.from({ length: 3 * places - places }, () => [400, 400, msg]));
  expect(written.length).toBe(places);
}

describe('tenant content quotas under concurrent writes', () => {
  const PLACES = 4;

  it('articles: of 3N inserts at once over two instances with N places left, exactly N are written', async () => {
    const live = sql<{ n: number }>`SELECT COUNT(*) AS n FROM article WHERE tenant_id = '000000' AND is_deleted = 0`;
    const before = await n(live);
    await post(Q, { tenantId: '000000', websiteNumber: -1, articleNumber: before + PLACES });
    const replies = await atOnce(3 * PLACES, (base, i) => post(`${A}/article/save`, { ...article, title: `并发文章${i}` }, admin, base));
    expectQuotaHeld(replies, PLACES, messageText(QUOTA_MSG.article, 'zh'));
    expect(await n(live)).toBe(before + PLACES);
    // the count the quota reads (trigger-kept) agrees with the table
    expect(await n(sql<{ n: number }>`SELECT ${liveRowsSql('article', '000000')} AS n`)).toBe(before + PLACES);
    // full: one more is refused, through either instance
    for (const base of bases) expect((await post(`${A}/article/save`, { ...article, title: '再一篇' }, admin, base)).body.msg).toBe(messageText(QUOTA_MSG.article, 'zh'));
    await post(Q, { tenantId: '000000', websiteNumber: -1, articleNumber: -1 });
  });

  it('websites: of 3N inserts at once over two instances with N places left, exactly N are written', async () => {
    const live = sql<{ n: number }>`SELECT COUNT(*) AS n FROM website_info WHERE tenant_id = '000000' AND is_deleted = 0`;
    const before = await n(live);
    await post(Q, { tenantId: '000000', websiteNumber: before + PLACES, articleNumber: -1 });
    const replies = await atOnce(3 * PLACES, (base, i) => post(`${M}/websiteInfo/save`, { ...siteBody, websiteName: `并发站${i}`, subdomain: `s${i}` }, admin, base));
    expectQuotaHeld(replies, PLACES, messageText(QUOTA_MSG.website, 'zh'));
    expect(await n(live)).toBe(before + PLACES);
    await post(Q, { tenantId: '000000', websiteNumber: -1, articleNumber: -1 });
  });

  it('a tenant without a quota row writes as before, at once too', async () => {
    await h.data().run(sql`DELETE FROM content_quota WHERE tenant_id = '000000'`);
    const replies = await atOnce(6, (base, i) => post(`${A}/article/save`, { ...article, title: `无额度${i}` }, admin, base));
    expect(replies.map((r) => r.status)).toEqual(Array.from({ length: 6 }, () => 200));
  });
});

describe('workflow steps under concurrent calls', () => {
  let hr: string;
  let hrId: string;

  beforeAll(async () => {
    hr = await login(bases[1], { username: 'hr', password: 'hr' });
    hrId = (await h.data().get(sql<{ id: string }>`SELECT id FROM blade_user WHERE account = 'hr' AND tenant_id = '000000'`))!.id;
  });

  /** a leave request approved by hr: its instance and hr's open 审批 task */
  const startLeave = async (reason: string): Promise<{ instance: string; task: string }> => {
    const defs = (await api<{ records: Rec[] }>(bases[0], admin, 'GET', '/blade-flow/work/start-list')).body.data.records;
    const started = await post('/blade-desk/process/leave/start-process', {
      processDefinitionId: String(defs.find((d) => d.key === 'Leave')!.id), taskUser: hrId, startTime: '2026-12-01 09:00:00', endTime: '2026-12-02 18:00:00', reason,
    });
    expect(started.body.msg).toBe('流程启动成功');
    const instance = String(started.body.data.processInstanceId);
    const task = (await h.data().get(sql<{ id: string }>`SELECT id FROM flow_task WHERE instance_id = ${instance} AND end_time IS NULL`))!.id;
    return { instance, task };
  };

  it('a task completed twice at once (two instances) advances once; the other caller is told it was handled', async () => {
    const { instance, task } = await startLeave('同时办理');
    const replies = await atOnce(2, (base) => api(base, hr, 'POST', '/blade-flow/work/complete-task', { json: { taskId: task, processInstanceId: instance, flag: 'ok', comment: '同意' } }));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(replies.find((r) => r.status === 400)!.body).toMatchObject({ code: 400, success: false, msg: TASK_DONE });
    // one history entry of the approval, one next task (人事审批), the approval's task ended once
    const activities = await h.data().all(sql<{ activity_id: string }>`SELECT activity_id FROM flow_activity WHERE instance_id = ${instance} AND activity_type = 'userTask' ORDER BY seq`);
    expect(activities.map((a) => a.activity_id)).toEqual(['managerAudit', 'hrAudit']);
    const tasks = await h.data().all(sql<{ task_def_key: string; open: number }>`SELECT task_def_key, CASE WHEN end_time IS NULL THEN 1 ELSE 0 END AS open FROM flow_task WHERE instance_id = ${instance} ORDER BY task_def_key`);
    expect(tasks).toEqual([{ task_def_key: 'hrAudit', open: 1 }, { task_def_key: 'managerAudit', open: 0 }]);
    // the history's sequence numbers stay one each
    const seqs = await h.data().all(sql<{ seq: number }>`SELECT seq FROM flow_activity WHERE instance_id = ${instance} ORDER BY seq`);
    expect(seqs.map((s) => s.seq)).toEqual(seqs.map((_, i) => i + 1));
  });

  it('a task claimed several times at once is claimed once; the other claims are refused', async () => {
    const { instance, task } = await startLeave('同时签收');
    await api(bases[0], hr, 'POST', '/blade-flow/work/complete-task', { json: { taskId: task, processInstanceId: instance, flag: 'ok', comment: '同意' } });
    const hrTask = (await h.data().get(sql<{ id: string }>`SELECT id FROM flow_task WHERE instance_id = ${instance} AND end_time IS NULL`))!.id;
    const replies = await atOnce(8, (base) => api(base, hr, 'POST', '/blade-flow/work/claim-task', { query: { taskId: hrTask } }));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.status !== 200).map((r) => [r.status, r.body.msg])).toEqual(Array.from({ length: 7 }, () => [400, '任务已签收']));
  });

  it('a task completed at once with the removal of its instance: one of them wins, the other is told', async () => {
    const { instance, task } = await startLeave('同时删除');
    const [done, removed] = await Promise.all([
      api(bases[0], hr, 'POST', '/blade-flow/work/complete-task', { json: { taskId: task, processInstanceId: instance, flag: 'ok', comment: '同意' } }),
      api(bases[1], admin, 'POST', '/blade-flow/follow/delete-process-instance', { query: { processInstanceId: instance, deleteReason: '撤销' } }),
    ]);
    const status = (await h.data().get(sql<{ status: string }>`SELECT status FROM flow_instance WHERE id = ${instance}`))!.status;
    expect(status).toBe('deleted');
    const open = await n(sql<{ n: number }>`SELECT COUNT(*) AS n FROM flow_task WHERE instance_id = ${instance} AND end_time IS NULL`);
    expect(open).toBe(0);
    // the removal came first (the completion refused), or the completion (the removal ended the next task)
    if (done.status !== 200) expect(done.body.msg).toMatch(new RegExp(`${TASK_DONE}|${INSTANCE_GONE}`));
    expect(removed.status).toBe(200);
  });
});

describe('read-then-write elsewhere, at once', () => {
  it('a value checked unique by reading (a CRUD unique rule) is saved once of several saves at once', async () => {
    const replies = await atOnce(6, (base, i) => post('/website-blade-system/param/submit', { paramName: `并发参数${i}`, paramKey: 'locks.same.key', paramValue: String(i) }, admin, base));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.status !== 200).map((r) => [r.status, r.body.msg])).toEqual(Array.from({ length: 5 }, () => [400, '参数键名已存在']));
    expect(await n(sql<{ n: number }>`SELECT COUNT(*) AS n FROM blade_param WHERE param_key = 'locks.same.key' AND is_deleted = 0`)).toBe(1);
  });

  it('a workflow model key is saved once of several saves at once; deploys at once get a version each', async () => {
    const replies = await atOnce(4, (base, i) => post('/blade-flow/model/submit', { name: `并发模型${i}`, modelKey: 'Leave', xml: LEAVE_BPMN }, admin, base));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.status !== 200).map((r) => r.body.msg)).toEqual(['模型标识已存在', '模型标识已存在', '模型标识已存在']);
    const modelId = (await h.data().get(sql<{ id: string }>`SELECT id FROM flow_model WHERE model_key = 'Leave' AND tenant_id = '000000' AND is_deleted = 0`))!.id;
    const deploys = await atOnce(4, (base) => api(base, admin, 'POST', '/blade-flow/model/deploy', { query: { modelId, category: 'flow_1' } }));
    expect(deploys.map((r) => r.body.msg)).toEqual(['部署成功', '部署成功', '部署成功', '部署成功']);
    const versions = await h.data().all(sql<{ version: number }>`SELECT version FROM flow_definition WHERE tenant_id = '000000' AND process_key = 'Leave' ORDER BY version`);
    expect(versions.map((v) => v.version)).toEqual([1, 2, 3, 4, 5]);
  });

  it('two quota settings at once, one of websites and one of articles, both hold', async () => {
    for (let round = 0; round < 5; round++) {
      await post(Q, { tenantId: '000000', websiteNumber: -1, articleNumber: -1 });
      await atOnce(2, (base, i) => post(Q, i === 0 ? { tenantId: '000000', websiteNumber: 100 + round } : { tenantId: '000000', articleNumber: 200 + round }, admin, base));
      const row = await h.data().get(sql<{ w: number; a: number }>`SELECT website_number AS w, article_number AS a FROM content_quota WHERE tenant_id = '000000'`);
      expect(row).toEqual({ w: 100 + round, a: 200 + round });
    }
    await post(Q, { tenantId: '000000', websiteNumber: -1, articleNumber: -1 });
  });

  it('a scheduled deploy task seen due by two schedulers at once runs once', async () => {
    const empty = await idOf(`${M}/websiteGroup/save`, { name: '空的并发组', type: 0 });
    const id = await idOf('/website-blade-deploy/deployTasks/save', { taskName: '并发定时', groupIds: empty, scheduleType: 'FIX_RATE', scheduleConf: '3600', articleCount: 0 });
    // two more schedulers beside the servers' own, enqueueing only (the servers' workers run the trigger's job);
    // the task is made due now
    const jobs = { queue: new JobQueue(h.data(), () => Date.now()), working: false, handle: () => undefined, paused: async () => false, wake: () => undefined };
    const schedulers = [0, 1].map(() => new DeployScheduler(h.data(), () => Date.now(), {} as never, jobs));
    await h.data().run(sql`UPDATE deploy_tasks SET status = 1, next_time = ${Date.now() - 1000} WHERE id = ${id}`);
    await Promise.all(schedulers.map((s) => s.tick()));
    const runs = sql<{ n: number }>`SELECT execute_count AS n FROM deploy_tasks WHERE id = ${id}`;
    await until(async () => (await n(runs)) > 0);
    expect(await n(runs)).toBe(1);
    const next = (await h.data().get(sql<{ next: number }>`SELECT next_time AS next FROM deploy_tasks WHERE id = ${id}`))!.next;
    expect(next).toBeGreaterThan(Date.now());
  });
});

describe('system writes at once', () => {
  const S = '/website-blade-system';
  const user = (i: number, account = `locks${i}`) => ({ account, name: 'u', realName: 'u', password: 'pw1pw1', roleId: SEED_IDS.userRole, deptId: SEED_IDS.dept });

  it('users: of 3N saves at once with N accounts left in the tenant\'s quota, exactly N are written', async () => {
    const live = sql<{ n: number }>`SELECT COUNT(*) AS n FROM blade_user WHERE tenant_id = '000000' AND is_deleted = 0`;
    const before = await n(live);
    await h.data().run(sql`UPDATE blade_tenant SET account_number = ${before + 2} WHERE tenant_id = '000000'`);
    try {
      const replies = await atOnce(6, (base, i) => post(`${S}/user/submit`, user(i), admin, base));
      expect(replies.filter((r) => r.status === 200)).toHaveLength(2);
      expect(replies.filter((r) => r.status !== 200).map((r) => [r.status, r.body.msg])).toEqual(Array.from({ length: 4 }, () => [400, MSG_QUOTA]));
      expect(await n(live)).toBe(before + 2);
    } finally {
      await h.data().run(sql`UPDATE blade_tenant SET account_number = -1 WHERE tenant_id = '000000'`);
    }
  });

  it('an account, a role alias, a menu code: each saved once of several saves at once, the others told', async () => {
    const users = await atOnce(4, (base) => post(`${S}/user/submit`, user(0, 'locks.same'), admin, base));
    expect(users.filter((r) => r.status === 200)).toHaveLength(1);
    expect(users.filter((r) => r.status !== 200).map((r) => r.body.msg)).toEqual(Array.from({ length: 3 }, () => '当前用户 [locks.same] 已存在!'));
    const roles = await atOnce(4, (base, i) => post(`${S}/role/submit`, { roleName: `并发角色${i}`, roleAlias: 'locksSame', sort: 1, parentId: '0' }, admin, base));
    expect(roles.filter((r) => r.status === 200)).toHaveLength(1);
    expect(roles.filter((r) => r.status !== 200).map((r) => r.body.msg)).toEqual(Array.from({ length: 3 }, () => '角色别名已存在'));
    const menus = await atOnce(4, (base, i) => post(`${S}/menu/submit`, { parentId: '0', code: 'locksSame', name: `并发菜单${i}`, alias: 'menu', path: `/locks/${i}`, category: 1, action: 0, isOpen: 1, sort: 99 }, admin, base));
    expect(menus.filter((r) => r.status === 200)).toHaveLength(1);
    expect(menus.filter((r) => r.status !== 200).map((r) => r.body.msg)).toEqual(Array.from({ length: 3 }, () => '菜单编号已存在!'));
  });
});
