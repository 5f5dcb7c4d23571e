// Announcing deploys to the search engines (issue 36 item 6: its first two numbers),
// run by scripts/bench.mjs through tsx; prints one JSON object on its last line.
// On SQLite (the data folder) and on PostgreSQL (Debian's package, a cluster of its
// own: tests/support/postgres.ts), each with the back end in this process and the
// engines' stand-ins on 127.0.0.1 (tests/support/search-engines.ts: IndexNow fetching
// the key file from the deployed release, Baidu with a quota far above the URLs):
// - a website of 10,000 published articles in 10 columns deployed to a local-folder
//   server: the first deploy's announcement (every page and sitemap), then one
//   article's title changes and it is redeployed: the paths the release changed
//   (from the two manifests on disk), the URLs announced (pages and sitemaps of
//   them), and what each engine was sent;
// - a 100,000-URL first announcement: a second website, never announced, gets an
//   announcement of 100,000 page paths queued as a deploy's record queues it
//   (queueAnnouncement, in a transaction); its job writes the URLs and sends them
//   (10 IndexNow POSTs of 10,000, 50 Baidu pushes of 2,000). Target: done within 60 s.
// Times are the job table's own (queued, started, ended: ms).
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../src-server/app';
import { openDataLayer, sql, type DataLayer } from '../src-server/db/data-layer';
import { JobQueue } from '../src-server/jobs/queue';
import { parseManifest, type Manifest } from '../src-server/modules/content/deploy/release-manifest';
import { prepareDiff, queueAnnouncement } from '../src-server/modules/content/search/announce-queue';
import { announceable } from '../src-server/modules/content/search/announce-urls';
import { SecretBox } from '../src-server/util/secret-box';
import { baiduStandIn, indexNowStandIn, siteServer } from '../tests/support/search-engines';
import { startPostgres } from '../tests/support/postgres';

type Rec = Record<string, unknown>;
const ARTICLES = Number(process.env.BENCH_ANNOUNCE_ARTICLES ?? 10_000);
const CATES = 10;
const BIG = Number(process.env.BENCH_ANNOUNCE_URLS ?? 100_000);
const HOST = 'bench-announce.example.com';
const BIG_HOST = 'bench-announce-big.example.com';
const TOKEN = 'bench-baidu-token';
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
const SABER = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

const log = (...a: unknown[]) => console.error('[bench-search-announce]', ...a);

async function until(check: () => Promise<boolean>, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('timed out');
}

/** an announcement, once ended, with its job's times (and when its URLs were seen written: state running, polled) */
async function ended(data: DataLayer, id: string, ms: number): Promise<Rec> {
  let row: Rec | undefined;
  let written: number | undefined;
  await until(async () => {
    row = await data.get(sql<Rec>`SELECT a.state, a.message, a.urls_total, a.counts, j.create_time AS queued, j.start_time AS started, j.end_time AS ended, j.state AS job_state
      FROM search_announce a JOIN job j ON j.id = a.job_id WHERE a.id = ${id}`);
    if (written === undefined && row?.state !== 'queued') written = Date.now();
    return ['done', 'partial', 'failed'].includes(String(row?.state)) && row?.job_state !== 'running' && row?.job_state !== 'queued';
  }, ms);
  return { ...row!, written };
}

const timing = (r: Rec) => ({
  waitMs: Number(r.started) - Number(r.queued),
  runMs: Number(r.ended) - Number(r.started),
  totalMs: Number(r.ended) - Number(r.queued),
  /** from the job's start to its URL rows written (seen within the 50 ms poll) */
  writeMs: Math.max(0, Number(r.written) - Number(r.started)),
});

async function run(engine: 'sqlite' | 'postgres', database?: string): Promise<Rec> {
  const dataDir = mkdtempSync(join(tmpdir(), `smc-bench-announce-${engine}-`));
  const sites = mkdtempSync(join(tmpdir(), `smc-bench-announce-sites-${engine}-`));
  const site = await siteServer((host) => join(sites, host));
  const ix = await indexNowStandIn(async (location, host) => {
    const res = await fetch(`${site.url}${new URL(location).pathname}`, { headers: { 'x-site-host': host } });
    return res.ok ? res.text() : undefined;
  });
  const baidu = await baiduStandIn();
  const server = await startServer({ dataDir, port: 0, database });
  const data = openDataLayer({ dataDir, database });
  try {
    const base = server.url;
    const form = new URLSearchParams({ grant_type: 'password', scope: 'all', username: 'admin', password: createHash('md5').update('admin').digest('hex') });
    const tok = (await (await fetch(`${base}/blade-auth/oauth/token`, { method: 'POST', headers: { Authorization: SABER, 'Tenant-Id': '000000', 'Content-Type': 'application/x-www-form-urlencoded' }, body: form })).json()) as { access_token: string };
    const headers = { Authorization: SABER, 'Blade-Auth': `bearer ${tok.access_token}` };
    const post = async (path: string, json: unknown) => (await (await fetch(`${base}${path}`, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(json) })).json()) as { code: number; msg: string; data: Rec & Rec[] };
    const idOf = async (path: string, json: unknown) => {
      const r = await post(path, json);
      if (r.code !== 200) throw new Error(`${path}: ${r.msg}`);
      return String(r.data.id);
    };
    const f = new FormData();
    f.append('file', new Blob([new Uint8Array(PNG)]), 'x.png');
    const image = ((await (await fetch(`${base}/blade-resource/oss/endpoint/put-file?scene=template`, { method: 'POST', headers, body: f })).json()) as { data: { link: string } }).data.link;
    const M = '/website-blade-material';
    const groupId = await idOf(`${M}/websiteGroup/save`, { name: '提交基准组', type: 0 });
    const serverId = await idOf(`${M}/serverInfo/save`, { serverName: 'bench-announce', serverIp: '10.9.0.1', serverPort: 22, serverUsername: 'u', serverPassword: 'p', serverType: 'local', deployPath: sites });
    const templateId = await idOf('/seo-blade-material/websiteTemplate/submit', { templateName: '提交基准模板', type: '1', image });
    const contactId = await idOf(`${M}/contactInfo/submit`, { name: '客服', weChat: 'wx-bench' });
    const imgGroupId = await idOf(`${M}/imgGroup/submit`, { name: 'Logo' });
    await idOf(`${M}/websiteImg/submit`, { imageUrl: image, alt: 'Logo', imgGroupId });
    const website = async (name: string, host: string) =>
      idOf(`${M}/websiteInfo/save`, {
        websiteGroupId: groupId, websiteType: 0, websiteName: name, websiteLang: 'zh-CN', descVal: name, keywords: '基准', type: 1,
        domainInfoId: await idOf(`${M}/domainInfo/save`, { name, domain: host, domainService: '1', serverId }), templateId, icoId: imgGroupId, logoId: imgGroupId, bannerId: imgGroupId, contactId,
      });
    const siteId = await website('提交基准站', HOST);
    const pageId = await idOf('/blade-material/templatePageConfig/submit', { name: '列表页', listPage: '{cateId}/', detailsPage: '{cateId}/{id}.html' });
    const cates: string[] = [];
    for (let c = 0; c < CATES; c++) cates.push(await idOf('/seo-blade-article/cate/submit', { websiteGroupId: groupId, cateName: `栏目${c + 1}`, type: 2, pageId, optStatus: 0 }));
    const first = await idOf('/website-blade-article/article/submit', {
      websiteGroupId: groupId, websiteInfoId: siteId, parentId: cates[0], title: '基准文章', keyword: 'k', descVal: '基准文章的摘要', status: 1, content: `<p>${'基准文章正文。'.repeat(200)}</p>`,
    });
    // the rest: copies of its row, a tenth per column (the same SQL on both engines)
    const cols = Object.keys((await data.get(sql<Rec>`SELECT * FROM article WHERE id = ${first}`))!);
    const per = Math.ceil((ARTICLES - 1) / CATES);
    for (let c = 0; c < CATES; c++) {
      const pick = cols.map((col) => (col === 'id' ? `CAST(${8_000_000_000_000_000_000n + BigInt(c) * 1_000_000n} + n AS TEXT)` : col === 'title' ? `title || ' ${c}-' || CAST(n AS TEXT)` : col === 'parent_id' ? `'${cates[c]}'` : col));
      await data.run(sql.raw(`INSERT INTO article (${cols.join(', ')})
        WITH RECURSIVE g(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM g WHERE n < ${per})
        SELECT ${pick.join(', ')} FROM article, g WHERE id = '${first}'`));
    }
    const articles = Number((await data.get(sql<{ n: number }>`SELECT COUNT(*) AS n FROM article WHERE website_info_id = ${siteId} AND is_deleted = 0`))!.n);

    // the connections: IndexNow and Baidu on (Baidu's quota far above what is sent)
    const box = SecretBox.forDataDir(dataDir);
    await data.run(sql`INSERT INTO search_account (id, tenant_id, indexnow_endpoint, baidu_endpoint, create_time, update_time, status, is_deleted)
      VALUES ('9400000000000000001', '000000', ${ix.endpoint}, ${baidu.endpoint}, '2026-01-01 00:00:00', '2026-01-01 00:00:00', 1, 0)`);
    const connect = async (id: string, host: string) => {
      await data.run(sql`UPDATE search_site SET indexnow_on = 1, baidu_on = 1, baidu_token = ${box.seal(TOKEN)} WHERE id = ${id}`);
      baidu.register(`http://${host}`, TOKEN, 10_000_000);
    };
    await connect(siteId, HOST);

    const root = join(sites, HOST);
    const manifest = (release: string): Manifest => parseManifest(readFileSync(join(root, 'releases', `${release}.manifest.json.gz`)))!;
    const deploy = async () => {
      const t0 = performance.now();
      const r = await post('/website-blade-deploy/websiteDeploy/deploy', { id: siteId });
      if (r.code !== 200) throw new Error(`deploy: ${r.msg}`);
      return { ms: performance.now() - t0, r: r.data[0] };
    };
    const announcementOf = async (deployId: string) => String((await data.get(sql<{ id: string }>`SELECT id FROM search_announce WHERE deploy_id = ${deployId}`))!.id);
    const sent = (from: { ix: number; baidu: number }) => ({
      indexnowPosts: ix.requests.length - from.ix,
      indexnowUrls: ix.requests.slice(from.ix).reduce((n, q) => n + q.urls.length, 0),
      baiduPushes: baidu.requests.length - from.baidu,
      baiduUrls: baidu.requests.slice(from.baidu).reduce((n, q) => n + q.urls.length, 0),
    });
    const mark = () => ({ ix: ix.requests.length, baidu: baidu.requests.length });

    // 1. the first deploy
    let from = mark();
    const full = await deploy();
    const fullA = await ended(data, await announcementOf(String(full.r.id)), 300_000);
    const fullFiles = Object.keys(manifest(String(full.r.release)).files);
    const fullOut = { deployMs: full.ms, files: fullFiles.length, urls: fullFiles.filter(announceable).length, state: fullA.state, announced: Number(fullA.urls_total), ...timing(fullA), ...sent(from) };
    log(engine, 'first deploy', JSON.stringify(fullOut));

    // 2. one article's title changes
    const changedId = `${8_000_000_000_000_000_000n + 3n * 1_000_000n + BigInt(Math.min(123, per))}`;
    await data.run(sql`UPDATE article SET title = '基准文章(已更新)', update_time = '2026-12-01 10:00:00' WHERE id = ${changedId}`);
    const before = readlinkSync(join(root, 'current')).replace('releases/', '');
    from = mark();
    const again = await deploy();
    const prev = manifest(before);
    const next = manifest(String(again.r.release));
    const changed = Object.keys(next.files).filter((p) => !prev.files[p] || prev.files[p].hash !== next.files[p].hash);
    const removed = Object.keys(prev.files).filter((p) => !next.files[p]);
    const reA = await ended(data, await announcementOf(String(again.r.id)), 120_000);
    const rows = await data.all(sql<{ engine: string; n: number }>`SELECT engine, COUNT(*) AS n FROM search_url WHERE announce_id = (SELECT id FROM search_announce WHERE deploy_id = ${String(again.r.id)}) GROUP BY engine ORDER BY engine`);
    const redeployOut = {
      deployMs: again.ms,
      filesSent: Number(again.r.filesSent),
      changedPaths: [...changed, ...removed],
      announceablePaths: [...changed, ...removed].filter(announceable),
      state: reA.state,
      announced: Number(reA.urls_total),
      rows: Object.fromEntries(rows.map((r) => [r.engine, Number(r.n)])),
      ...timing(reA),
      ...sent(from),
    };
    log(engine, 'redeploy', JSON.stringify(redeployOut));

    // 3. a 100,000-URL first announcement of a website never announced
    const bigId = await website('提交基准大站', BIG_HOST);
    await connect(bigId, BIG_HOST);
    const key = (await data.get(sql<{ indexnow_key: string }>`SELECT indexnow_key FROM search_site WHERE id = ${bigId}`))!.indexnow_key;
    mkdirSync(join(sites, BIG_HOST, 'current'), { recursive: true });
    writeFileSync(join(sites, BIG_HOST, 'current', `${key}.txt`), key);
    const paths = ['index.html', 'sitemap.xml', ...Array.from({ length: BIG - 2 }, (_, i) => `c${i % 50}/${9_000_000 + i}.html`)];
    const diff = prepareDiff({ added: paths, changed: [], removed: [] })!;
    from = mark();
    const queue = new JobQueue(data, Date.now);
    const q = await data.transaction((trx) => queueAnnouncement(trx, queue, Date.now, { tenantId: '000000', websiteId: bigId, kind: 'deploy', release: 'bench', diff }));
    const bigA = await ended(data, q!.announceId, 600_000);
    const bigOut = { urls: BIG, state: bigA.state, message: bigA.message, ...timing(bigA), ...sent(from), target: '< 60 s' };
    log(engine, '100,000 URLs', JSON.stringify(bigOut));
    return { engine, articles, full: fullOut, redeploy: redeployOut, big: bigOut };
  } finally {
    await data.close();
    await server.close();
    await Promise.all([ix.close(), baidu.close(), site.close()]);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(sites, { recursive: true, force: true });
  }
}

async function main() {
  const out: Rec = { uptimeBefore: execSync('uptime').toString().trim(), runs: [] };
  const engines = (process.env.BENCH_ANNOUNCE_ENGINES ?? 'sqlite,postgres').split(',');
  if (engines.includes('sqlite')) (out.runs as Rec[]).push(await run('sqlite'));
  if (engines.includes('postgres')) {
    const pg = await startPostgres();
    try {
      (out.runs as Rec[]).push(await run('postgres', await pg.createDatabase()));
    } finally {
      await pg.close();
    }
  }
  console.log(JSON.stringify(out));
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
