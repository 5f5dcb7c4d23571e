// A website's deploy is a durable job (issue 30): two instances of `npm run
// server -- --database` (child processes) on one real PostgreSQL. Instance A
// runs a site's deploy job (a local-folder server, 1,500 articles all changed
// since the live release) and is killed with SIGKILL in the middle of the
// publish; instance B, started afterwards, leaves the site alone at its start
// (the job is running on an instance whose lease has not run out) and takes the
// job over once A's lease ran out, and the deploy lease held in the job's name
// does not refuse it. Throughout, the site's live link is polled: it always
// names a complete release (one with its manifest), never a half-switched one;
// at the end the new release is live, website_info says 部署成功, and the job's
// one deploy record is the takeover's. Then a scheduled deploy task's trigger
// fans out: its 12 websites are deploy jobs keyed by the trigger, run by two
// instances (B and a third, C), and the run is recorded once, all 部署成功; the
// deploy dialog's route through an `--role api` instance (which runs no job)
// answers the outcomes the working instances' runs recorded.
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresDataLayer, sql, type DataLayer } from '../../src-server/db/data-layer';
import { startPostgres, type PostgresServer } from '../support/postgres';
import { api, login, multipart, PNG, startCli, tempDir, until } from './helpers';

type Rec = Record<string, unknown>;
const M = '/website-blade-material';
const D = '/website-blade-deploy/websiteDeploy';
const HOST = 'killed-deploy.example.com';
const ARTICLES = 1500;

let pg: PostgresServer;
const children: ChildProcess[] = [];

async function start(database: string, dataDir: string, ...args: string[]): Promise<{ child: ChildProcess; base: string }> {
  const r = await startCli(['--database', database, '--data', dataDir, ...args]);
  children.push(r.child);
  return r;
}

beforeAll(async () => {
  pg = await startPostgres();
}, 60_000);

afterAll(async () => {
  for (const c of children) {
    if (c.exitCode !== null || c.signalCode !== null) continue;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill('SIGTERM');
    await exited;
  }
  await pg?.close();
});

describe('deploy jobs on a team server', () => {
  let data: DataLayer;
  let database: string;
  let dataDir: string;
  let a: { child: ChildProcess; base: string };
  let b: { child: ChildProcess; base: string };
  let token: string;
  /** the instance the test's setup requests go through */
  let via = '';
  /** what the second test's sites share with the first's */
  const shared: Record<string, string> = {};
  const sites = tempDir('seo-deploy-kill-sites-');
  const root = join(sites, HOST);

  beforeAll(async () => {
    database = await pg.createDatabase();
    dataDir = tempDir('seo-deploy-kill-');
    a = await start(database, dataDir);
    data = postgresDataLayer(database, { max: 2 });
    token = await login(a.base);
    via = a.base;
  }, 120_000);
  afterAll(async () => {
    await data?.close();
  });

  const post = (base: string, path: string, json: Rec) => api<Rec>(base, token, 'POST', path, { json });
  const idOf = async (path: string, json: Rec): Promise<string> => {
    const r = await post(via, path, json);
    expect(r.body.code, `${path}: ${String(r.body.msg)}`).toBe(200);
    return String((r.body.data as Rec).id);
  };

  /** the release the live link names; throws when it names one without its manifest (incomplete) */
  const liveRelease = (): string | undefined => {
    if (!existsSync(join(root, 'current'))) return undefined;
    const target = readlinkSync(join(root, 'current'));
    const name = target.replace(/^releases\//, '');
    expect(target).toBe(`releases/${name}`);
    if (!existsSync(join(root, 'releases', `${name}.manifest.json.gz`)) || !existsSync(join(root, 'releases', name, 'index.html'))) {
      throw new Error(`the live link names an incomplete release: ${target}`);
    }
    return name;
  };

  it('the other instance finishes it after the lease; the live site is never half-switched', async () => {
    const groupId = await idOf(`${M}/websiteGroup/save`, { name: '大站组', type: 0 });
    const serverId = await idOf(`${M}/serverInfo/save`, { serverName: 'web-kill', serverIp: '10.4.0.1', serverPort: 22, serverUsername: 'u', serverPassword: 'p', serverType: 'local', deployPath: sites });
    const domainId = await idOf(`${M}/domainInfo/save`, { name: '大站', domain: HOST, domainService: '1', serverId });
    const image = await multipart(a.base, token, '/blade-resource/oss/endpoint/put-file?scene=template', [{ name: 'file', value: PNG, filename: 'tpl.png' }]);
    const templateId = await idOf('/seo-blade-material/websiteTemplate/submit', { templateName: '大站模板', type: '1', image: String((image.body.data as Rec).link) });
    const contactId = await idOf(`${M}/contactInfo/submit`, { name: '客服', weChat: 'wx-kill' });
    const imgGroupId = await idOf(`${M}/imgGroup/submit`, { name: 'Logo' });
    await idOf(`${M}/websiteImg/submit`, { imageUrl: String((image.body.data as Rec).link), alt: 'Logo', imgGroupId });
    const siteId = await idOf(`${M}/websiteInfo/save`, {
      websiteGroupId: groupId, websiteType: 0, websiteName: '大站', websiteLang: 'zh-CN', descVal: '大站', keywords: '部署', domainInfoId: domainId, templateId, type: 1,
      icoId: imgGroupId, logoId: imgGroupId, bannerId: imgGroupId, contactId,
    });
    Object.assign(shared, { serverId, templateId, contactId, imgGroupId });
    const pageId = await idOf('/blade-material/templatePageConfig/submit', { name: '列表页', listPage: '{cateId}/', detailsPage: '{cateId}/{id}.html' });
    const cateId = await idOf('/seo-blade-article/cate/submit', { websiteGroupId: groupId, cateName: '新闻', type: 2, pageId, optStatus: 0 });
    const first = await idOf('/website-blade-article/article/submit', {
      websiteGroupId: groupId, websiteInfoId: siteId, parentId: cateId, title: '文章', keyword: 'k', descVal: '摘要', status: 1, content: `<p>${'正文内容。'.repeat(400)}</p>`,
    });
    // many more like it (copies of its row)
    const cols = (await data.all(sql<{ column_name: string }>`SELECT column_name FROM information_schema.columns WHERE table_name = 'article' ORDER BY ordinal_position`))
      .map((c) => c.column_name);
    const pick = cols.map((c) => (c === 'id' ? `CAST(8000000000000000000 + g AS TEXT)` : c === 'title' ? `title || ' ' || g` : c)).join(', ');
    await data.run(sql.raw(`INSERT INTO article (${cols.join(', ')}) SELECT ${pick} FROM article, generate_series(1, ${ARTICLES - 1}) g WHERE id = '${first}'`));

    // the first release, through the deploy dialog's route (the job runs on A, the only instance)
    const deployed = await post(a.base, `${D}/deploy`, { ids: siteId });
    expect(deployed.status, String(deployed.body.msg)).toBe(200);
    const [one] = deployed.body.data as unknown as Rec[];
    expect(one).toMatchObject({ websiteInfoId: siteId, statusName: '部署成功' });
    const before = liveRelease()!;
    expect(before).toBe(one.release);
    const firstJob = (await data.get(sql<{ deploy_job_id: string }>`SELECT deploy_job_id FROM website_info WHERE id = ${siteId}`))!.deploy_job_id;
    expect((await data.get(sql<{ kind: string; state: string }>`SELECT kind, state FROM job WHERE id = ${firstJob}`))).toEqual({ kind: 'deploy-site', state: 'done' });

    // every page changes: the next deploy writes them all
    await data.run(sql`UPDATE article SET content = ${`<p>${'第二版正文。'.repeat(400)}</p>`} WHERE website_info_id = ${siteId}`);
    // the live link, watched from now until the end
    const seen = new Set<string>();
    let broken: unknown;
    const watch = setInterval(() => {
      try {
        const r = liveRelease();
        if (r) seen.add(r);
      } catch (e) {
        broken ??= e;
      }
    }, 5);
    try {
      void post(a.base, `${D}/deploy`, { ids: siteId }).catch(() => undefined); // its reply never comes: A dies
      const job = await until(async () => {
        const w = await data.get(sql<{ deploy_job_id: string | null }>`SELECT deploy_job_id FROM website_info WHERE id = ${siteId}`);
        return Boolean(w?.deploy_job_id && w.deploy_job_id !== firstJob);
      }).then(async () => (await data.get(sql<{ deploy_job_id: string }>`SELECT deploy_job_id FROM website_info WHERE id = ${siteId}`))!.deploy_job_id);
      // A publishes: its new release folder is being filled (not switched yet)
      const fresh = () => readdirSync(join(root, 'releases')).filter((n) => /^\d/.test(n) && !n.endsWith('.manifest.json.gz') && n !== before);
      await until(async () => fresh().length > 0, 60_000, 5);
      await new Promise((r) => setTimeout(r, 300));
      const killed = new Promise((r) => a.child.once('exit', r));
      a.child.kill('SIGKILL');
      await killed;
      expect(liveRelease()).toBe(before);
      const running = (await data.get(sql<{ state: string; lease_owner: string; attempts: number }>`SELECT state, lease_owner, attempts FROM job WHERE id = ${job}`))!;
      expect(running).toMatchObject({ state: 'running' });
      expect(Number(running.attempts)).toBe(1);
      expect((await data.get(sql<{ status_name: string }>`SELECT status_name FROM website_info WHERE id = ${siteId}`))!.status_name).toBe('部署中');

      // B starts while A's lease still runs: it leaves the site alone at its start, then takes the job over
      b = await start(database, dataDir);
      via = b.base;
      expect((await data.get(sql<{ status_name: string }>`SELECT status_name FROM website_info WHERE id = ${siteId}`))!.status_name).toBe('部署中');
      await until(async () => (await data.get(sql<{ state: string }>`SELECT state FROM job WHERE id = ${job}`))!.state !== 'running', 90_000, 100);
      const done = (await data.get(sql<{ state: string; lease_owner: string; attempts: number }>`SELECT state, lease_owner, attempts FROM job WHERE id = ${job}`))!;
      expect(done.state).toBe('done');
      expect(Number(done.attempts)).toBe(2);
      expect(done.lease_owner).not.toBe(running.lease_owner);

      // the new release is live, complete, with the second version of the pages
      const after = liveRelease()!;
      expect(after).not.toBe(before);
      expect(readFileSync(join(root, 'current', cateId, `${first}.html`), 'utf8')).toContain('第二版正文');
      const site = (await data.get(sql<{ status_name: string; deploy_message: string }>`SELECT status_name, deploy_message FROM website_info WHERE id = ${siteId}`))!;
      expect(site.status_name).toBe('部署成功');
      // one record of the job's deploy (the killed run recorded nothing), the takeover's, naming the live release
      const records = await data.all(sql<{ status_name: string; release_name: string; message: string }>`SELECT status_name, release_name, message FROM website_deploy WHERE job_id = ${job}`);
      expect(records).toEqual([{ status_name: '部署成功', release_name: after, message: site.deploy_message }]);
      // the deploy lease was released; the dialog's progress of the site is empty, through B
      expect(await data.get(sql`SELECT holder FROM content_deploy_lease WHERE website_info_id = ${siteId}`)).toBeUndefined();
      expect((await api<Rec[]>(b.base, token, 'GET', `${D}/progress`, { query: { ids: siteId } })).body.data).toEqual([]);
      // and the site deploys again through B's dialog route
      const again = await post(b.base, `${D}/deploy`, { ids: siteId });
      expect(again.status, String(again.body.msg)).toBe(200);
      expect((again.body.data as unknown as Rec[])[0]).toMatchObject({ statusName: '部署成功' });
    } finally {
      clearInterval(watch);
    }
    // the live link always named a complete release: the first, then the new one
    expect(broken).toBeUndefined();
    expect(seen.has(before)).toBe(true);
    expect(seen.size).toBeGreaterThanOrEqual(2);
  }, 180_000);

  it('a scheduled run fans out: its sites are deploy jobs that two instances share', async () => {
    const c = await start(database, dataDir);
    const groupId = await idOf(`${M}/websiteGroup/save`, { name: '矩阵组', type: 0 });
    const pageId = await idOf('/blade-material/templatePageConfig/submit', { name: '矩阵列表页', listPage: '{cateId}/', detailsPage: '{cateId}/{id}.html' });
    await idOf('/seo-blade-article/cate/submit', { websiteGroupId: groupId, cateName: '资讯', type: 2, pageId, optStatus: 0 });
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const domainInfoId = await idOf(`${M}/domainInfo/save`, { name: `矩阵${i}`, domain: `matrix-${i}.example.com`, domainService: '1', serverId: shared.serverId });
      ids.push(await idOf(`${M}/websiteInfo/save`, {
        websiteGroupId: groupId, websiteType: 0, websiteName: `矩阵站${i}`, websiteLang: 'zh-CN', descVal: '矩阵', keywords: '部署', domainInfoId, templateId: shared.templateId, type: 1,
        icoId: shared.imgGroupId, logoId: shared.imgGroupId, bannerId: shared.imgGroupId, contactId: shared.contactId,
      }));
    }
    const taskId = await idOf('/website-blade-deploy/deployTasks/save', { taskName: '矩阵发布', groupIds: groupId, scheduleType: 'FIX_RATE', scheduleConf: '3600', articleCount: 0 });
    // its trigger is due now (the next one an hour later)
    await data.run(sql`UPDATE deploy_tasks SET status = 1, next_time = ${Date.now()} WHERE id = ${taskId}`);
    await until(async () => Number((await data.get(sql<{ n: number }>`SELECT execute_count AS n FROM deploy_tasks WHERE id = ${taskId}`))!.n) === 1, 90_000, 100);
    await data.run(sql`UPDATE deploy_tasks SET status = 0, next_time = NULL WHERE id = ${taskId}`);
    const task = (await data.get(sql<{ last_run_state: string; last_run_sites: string; job_id: string }>`SELECT last_run_state, last_run_sites, job_id FROM deploy_tasks WHERE id = ${taskId}`))!;
    const run = JSON.parse(task.last_run_sites) as { sites: Rec[] };
    expect(run.sites.map((r) => [r.websiteInfoId, r.statusName])).toEqual(ids.map((id) => [id, '部署成功']));
    expect(task.last_run_state).toBe('success');
    // the trigger's job (named by the task) ran in the lane of waiting runs; its sites' jobs, keyed by it, ran on both instances
    const trigger = (await data.get(sql<{ job_key: string; lane: string; state: string }>`SELECT job_key, lane, state FROM job WHERE id = ${task.job_id}`))!;
    expect(trigger).toMatchObject({ lane: 'deploy-task-runs', state: 'done' });
    const jobs = await data.all(sql<{ job_key: string; state: string; lease_owner: string }>`SELECT job_key, state, lease_owner FROM job WHERE kind = 'deploy-site' AND job_key LIKE ${`deploy-site:${trigger.job_key}:%`}`);
    expect(jobs.map((j) => j.job_key).sort()).toEqual(ids.map((id) => `deploy-site:${trigger.job_key}:${id}`).sort());
    expect(jobs.every((j) => j.state === 'done')).toBe(true);
    expect(new Set(jobs.map((j) => j.lease_owner)).size).toBe(2);
    for (let i = 0; i < 12; i++) expect(existsSync(join(sites, `matrix-${i}.example.com`, 'current', 'index.html'))).toBe(true);
    expect(c.base).not.toBe(b.base);

    // an `api` instance runs no job: its deploy dialog's reply waits for the working instances' run
    const apiOnly = await start(database, dataDir, '--role', 'api');
    const r = await post(apiOnly.base, `${D}/deploy`, { ids: `${ids[0]},${ids[1]}` });
    expect(r.status, String(r.body.msg)).toBe(200);
    expect((r.body.data as unknown as Rec[]).map((x) => [x.websiteInfoId, x.statusName])).toEqual([[ids[0], '部署成功'], [ids[1], '部署成功']]);
    const owners = await data.all(sql<{ lease_owner: string }>`SELECT j.lease_owner FROM website_info w JOIN job j ON j.id = w.deploy_job_id WHERE w.id IN (${ids[0]}, ${ids[1]})`);
    expect(owners.every((o) => jobs.some((j) => j.lease_owner === o.lease_owner))).toBe(true);
  }, 150_000);
});
