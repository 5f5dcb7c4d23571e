// Part 3 of the jobs benchmark (bench-jobs.ts): deploy throughput with one and
// two workers, and what writing a deploy's files costs on this machine.
import { cpuOfTree } from './bench-cpu';
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from '../src-server/db/data-layer';
import { PNG, SABER, tempDir } from '../tests/contract/helpers';
import type { PostgresServer } from '../tests/support/postgres';
import { SIZES, type Rec, sleep, load, log, type Cluster, cluster, roleOf, idOf, longPost } from './bench-jobs-setup';

/**
 * What writing a release's files costs this machine, without the product: `files` files of 5.6 KB (a rendered page's
 * size) in folders of 57, as a deploy to a local folder writes them (async fs, libuv's threads), by one process and
 * then by two processes writing half each at once. Wall time, and the CPU time in user space and in the kernel.
 */
export function fileWrites(files: number) {
  const script = `const fs=require('fs/promises'),path=require('path');const [root,n]=[process.argv[1],Number(process.argv[2])];
    (async()=>{const t0=Date.now(),c0=process.cpuUsage(),buf=Buffer.alloc(5600,120);
    for(let s=0;s*57<n;s++){const d=path.join(root,String(s),'rel');await fs.mkdir(d,{recursive:true});
    await Promise.all(Array.from({length:Math.min(57,n-s*57)},(_,i)=>fs.writeFile(path.join(d,'f'+i+'.html'),buf)));}
    const c=process.cpuUsage(c0);console.log(JSON.stringify({ms:Date.now()-t0,user:c.user/1e6,system:c.system/1e6}));})();`;
  const run = (parts: number) => {
    const dir = tempDir('smc-bench-writes-');
    try {
      const t0 = performance.now();
      const out = execSync(
        Array.from({ length: parts }, (_, i) => `"${process.execPath}" -e "${script.replace(/"/g, '\\"').replace(/\n\s*/g, '')}" "${join(dir, String(i))}" ${Math.ceil(files / parts)} &`).join(' ') + ' wait',
        { shell: '/bin/sh', encoding: 'utf8' },
      );
      const each = out.trim().split('\n').map((l) => JSON.parse(l) as { ms: number; user: number; system: number });
      return {
        processes: parts,
        ms: performance.now() - t0,
        user: each.reduce((a, e) => a + e.user, 0),
        system: each.reduce((a, e) => a + e.system, 0),
      };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  return [run(1), run(2)];
}

// ---------------------------------------------------------------- 3. deploy

/** the websites, their domains on one local-folder server, a column, and the articles (set-based); answers the group */
async function seedSites(c: Cluster, folder: string): Promise<string> {
  const M = '/website-blade-material';
  const upload = async (scene: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG)]), 'x.png');
    const res = await fetch(`${c.base}/blade-resource/oss/endpoint/put-file?scene=${scene}`, { method: 'POST', headers: { Authorization: SABER, 'Blade-Auth': `bearer ${c.token}` }, body: form });
    return ((await res.json()) as { data: { link: string } }).data.link;
  };
  const groupId = await idOf(c, `${M}/websiteGroup/save`, { name: '基准部署组', type: 0 });
  const serverId = await idOf(c, `${M}/serverInfo/save`, {
    serverName: '本机目录', serverIp: '127.0.0.1', serverPort: 22, serverUsername: 'u', serverPassword: 'p', serverType: 'local', deployPath: folder,
  });
  const templateId = await idOf(c, '/seo-blade-material/websiteTemplate/submit', { templateName: '基准模板', type: '1', image: await upload('template') });
  const contactId = await idOf(c, `${M}/contactInfo/submit`, { name: '客服' });
  const img = await idOf(c, `${M}/imgGroup/submit`, { name: '图组' });
  await idOf(c, `${M}/websiteImg/submit`, { imageUrl: await upload('material'), alt: 'Logo', imgGroupId: img });
  const pageId = await idOf(c, '/blade-material/templatePageConfig/submit', { name: '列表页', listPage: 'list/{cateId}/', detailsPage: 'list/{cateId}/{id}.html' });
  const cateId = await idOf(c, '/seo-blade-article/cate/submit', { websiteGroupId: groupId, cateName: '资讯', type: 2, pageId, optStatus: 0 });
  for (let i = 0; i < SIZES.deploySites; i++) {
    const domainInfoId = await idOf(c, `${M}/domainInfo/save`, { name: `基准站${i}`, domain: `bench-site-${i}.example.com`, domainService: '1', serverId });
    await idOf(c, `${M}/websiteInfo/save`, {
      websiteGroupId: groupId, websiteType: 0, websiteName: `基准站${i}`, websiteLang: 'zh-CN', descVal: '基准站点', keywords: '基准',
      domainInfoId, templateId, type: 0, subdomain: 'www', icoId: img, logoId: img, bannerId: img, contactId,
    });
  }
  const body = `<p>${'这是一篇用于基准测试的文章正文, 包含若干段落。'.repeat(20)}</p>`;
  await c.data.run(sql`INSERT INTO article (id, tenant_id, website_info_id, website_group_id, parent_id, title, keyword, auth, display_status, sort, content, desc_val,
      status, deploy_time, create_time, update_time, is_deleted)
    SELECT '5' || lpad((w.n * 100000 + i)::text, 18, '0'), '000000', w.id, ${groupId}, ${cateId}, '基准文章' || w.n || '-' || i, '基准', '编辑部', 1, i,
      ${body}, '摘要' || i, 1, '2026-01-01 10:00:00', '2026-01-01 10:00:00', '2026-01-01 10:00:00', 0
    FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM website_info WHERE website_group_id = ${groupId} AND is_deleted = 0) w
    CROSS JOIN generate_series(0, ${SIZES.deployArticles - 1}) AS i`);
  await c.data.exec('ANALYZE');
  return groupId;
}

/**
 * One deploy task over a few websites of a group of their own (two per worker instance: once deploys are per-site
 * jobs, each worker gets some), run and awaited before the measured run: the processes that deploy have loaded
 * and compiled the rendering code (a cost of the first deploy after a start, not of a throughput). The measured
 * run counts only its own group's websites and the jobs queued after it started.
 */
async function warmUp(c: Cluster, folder: string, sites: number) {
  const M = '/website-blade-material';
  const site = await c.data.get(sql<Rec>`SELECT * FROM website_info WHERE is_deleted = 0 ORDER BY id LIMIT 1`);
  const server = await c.data.get(sql<Rec>`SELECT id FROM server_info WHERE deploy_path = ${folder}`);
  if (!site || !server) throw new Error('warm-up: the seeded website and server are missing');
  const groupId = await idOf(c, `${M}/websiteGroup/save`, { name: '预热组', type: 0 });
  for (let i = 0; i < sites; i++) {
    const domainInfoId = await idOf(c, `${M}/domainInfo/save`, { name: `预热站${i}`, domain: `bench-warm-up-${i}.example.com`, domainService: '1', serverId: String(server.id) });
    await idOf(c, `${M}/websiteInfo/save`, {
      websiteGroupId: groupId, websiteType: 0, websiteName: `预热站${i}`, websiteLang: 'zh-CN', descVal: '预热', keywords: '预热',
      domainInfoId, templateId: String(site.template_id), type: 0, subdomain: 'www', icoId: String(site.ico_id), logoId: String(site.logo_id), bannerId: String(site.banner_id), contactId: String(site.contact_id),
    });
  }
  const taskId = await idOf(c, '/website-blade-deploy/deployTasks/save', { taskName: '预热', groupIds: groupId, scheduleType: 'NONE', articleCount: 0 });
  const answered = longPost(c, '/website-blade-deploy/deployTasks/executeOnce', { id: taskId });
  const deadline = Date.now() + 120_000;
  for (;;) {
    const done = await c.data.get(sql<{ n: number }>`SELECT COUNT(DISTINCT d.website_info_id) AS n FROM website_deploy d
      JOIN website_info w ON w.id = d.website_info_id WHERE w.website_group_id = ${groupId}`);
    const active = await c.data.get(sql<{ n: number }>`SELECT COUNT(*) AS n FROM job WHERE state IN ('queued', 'running')`);
    if (Number(done?.n) >= sites && Number(active?.n) === 0) break;
    if (Date.now() > deadline) throw new Error('the warm-up deploy did not finish in 2 minutes');
    await sleep(250);
  }
  await answered;
}

export async function deploy(pg: PostgresServer, workers: number) {
  const c = await cluster(pg, workers, `dep${workers}`);
  try {
    const folder = join(c.dataDir, 'bench-local-server');
    mkdirSync(folder, { recursive: true });
    const s0 = performance.now();
    const groupId = await seedSites(c, folder);
    const seedMs = performance.now() - s0;
    const taskId = await idOf(c, '/website-blade-deploy/deployTasks/save', { taskName: '基准部署', groupIds: groupId, scheduleType: 'NONE', articleCount: 0 });
    log(`deploy, ${workers} worker(s): seeded in ${(seedMs / 1000).toFixed(1)} s; load ${load()}`);
    await warmUp(c, folder, 2 * workers);
    const jobsFrom = Date.now();
    // where the CPU goes during the run: each instance (children included) and PostgreSQL (its backends)
    const cpuNow = () => {
      const out: Record<string, number> = { postgres: cpuOfTree(pg.postmasterPid()) };
      for (const [pid, role] of c.roles) out[role] = cpuOfTree(pid);
      return out;
    };
    const cpu0 = cpuNow();
    const t0 = performance.now();
    // today the run is answered at its end; once deploys are jobs, at once: either way the database says when it is done
    const answered = longPost(c, '/website-blade-deploy/deployTasks/executeOnce', { id: taskId }).then((r) => ({ ...r, ms: performance.now() - t0 }));
    let failedRequest: unknown;
    answered.catch((e: unknown) => (failedRequest = e));
    const progress = async () => {
      const d = await c.data.get(sql<{ sites: number; ok: number }>`SELECT COUNT(DISTINCT d.website_info_id) AS sites,
          COUNT(DISTINCT CASE WHEN d.status_name = '部署成功' THEN d.website_info_id END) AS ok
        FROM website_deploy d JOIN website_info w ON w.id = d.website_info_id WHERE w.website_group_id = ${groupId} AND d.is_deleted = 0`);
      const j = await c.data.get(sql<{ n: number }>`SELECT COUNT(*) AS n FROM job WHERE state IN ('queued', 'running')`);
      return { sites: Number(d?.sites), ok: Number(d?.ok), active: Number(j?.n) };
    };
    const deadline = Date.now() + SIZES.timeoutS * 1000;
    let p = await progress();
    while (!(p.sites >= SIZES.deploySites && p.active === 0)) {
      if (failedRequest) throw new Error(`executeOnce: ${String(failedRequest)}`);
      if (Date.now() > deadline) throw new Error(`deploy with ${workers} worker(s): ${p.sites} of ${SIZES.deploySites} sites after ${SIZES.timeoutS} s`);
      await sleep(100);
      p = await progress();
    }
    const ms = performance.now() - t0;
    const cpu1 = cpuNow();
    const cpuSeconds = Object.fromEntries(Object.entries(cpu1).map(([k, v]) => [k, Math.round((v - (cpu0[k] ?? 0)) * 100) / 100]));
    const reply = await answered;
    if (reply.status !== 200) throw new Error(`executeOnce: ${reply.status} ${reply.body.slice(0, 300)}`);
    // where the work ran: the jobs of the run (none while deploys run in the process that got the request)
    const jobs = await c.data.all(sql<{ lease_owner: string | null; kind: string; n: number }>`SELECT lease_owner, kind, COUNT(*) AS n FROM job
      WHERE create_time >= ${jobsFrom} GROUP BY lease_owner, kind`);
    // what the deploys wrote: files of the releases (pages, sitemap, assets) and bytes sent
    const written = await c.data.get(sql<{ files: number; bytes: number }>`SELECT SUM(d.files_total) AS files, SUM(d.bytes_sent) AS bytes
      FROM website_deploy d JOIN website_info w ON w.id = d.website_info_id WHERE w.website_group_id = ${groupId}`);
    const live = Array.from({ length: SIZES.deploySites }, (_, i) => existsSync(join(folder, `www.bench-site-${i}.example.com`, 'current', 'index.html'))).filter(Boolean).length;
    return {
      workers,
      ms,
      seedMs,
      sites: p.sites,
      deployed: p.ok,
      liveFolders: live,
      files: Number(written?.files),
      bytes: Number(written?.bytes),
      answeredMs: reply.ms,
      cpuSeconds,
      jobs: jobs.map((j) => ({ kind: j.kind, ranOn: j.lease_owner ? roleOf(c, j.lease_owner) : null, n: Number(j.n) })),
      loadAverage: load(),
    };
  } finally {
    await c.stop();
  }
}
