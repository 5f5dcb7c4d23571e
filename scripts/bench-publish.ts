// Publishing benchmarks (run by scripts/bench.mjs through tsx; prints one JSON
// object on its last line). Needs root: it starts Debian's OpenSSH server on
// 127.0.0.1 with a throw-away user (tests/contract/ssh-server.ts).
//
// - Full deploy of a website with 10,000 published articles (10 columns) over
//   SFTP to that server: wall time and the back end's peak resident memory
//   during the deploy (VmHWM after resetting it through /proc/self/clear_refs;
//   the back end runs in this process, the baseline is reported beside it).
// - Redeploy after one article's title changes: files and bytes sent, time.
//   Targets (issue 14): under 1 s and under 1 % of the full deploy's bytes.
// - Lighthouse SEO score of each page type of the deployed site served from
//   loopback in Debian Chromium (home, column, article, custom page, 404).
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../src-server/app';
import { openDatabase } from '../src-server/db/database';
import { startSshServer } from '../tests/contract/ssh-server';

const ARTICLES = Number(process.env.BENCH_PUBLISH_ARTICLES ?? 10_000);
const CATES = 10;
const HOST = 'bench-site.example.com';
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
const SABER = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0);

function serveStatic(root: string): Promise<Server> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = join(root, path);
    if (path.endsWith('/')) file = join(file, 'index.html');
    const found = file.startsWith(root) && existsSync(file) && statSync(file).isFile();
    const served = found ? file : join(root, '404.html');
    res.writeHead(found ? 200 : 404, { 'Content-Type': served.endsWith('.html') ? 'text/html; charset=utf-8' : served.endsWith('.xml') ? 'application/xml' : 'text/plain; charset=utf-8' });
    res.end(readFileSync(served));
  });
  return new Promise((r) => server.listen(0, '127.0.0.1', () => r(server)));
}

async function main() {
  if (process.getuid?.() !== 0) throw new Error('the publishing benchmark needs root (a throw-away SSH user)');
  const ssh = await startSshServer();
  const dataDir = mkdtempSync(join(tmpdir(), 'smc-bench-publish-'));
  const server = await startServer({ dataDir, port: 0 });
  const db = openDatabase(dataDir);
  const base = server.url;
  try {
    const form = new URLSearchParams({ grant_type: 'password', scope: 'all', username: 'admin', password: createHash('md5').update('admin').digest('hex') });
    const tok = (await (await fetch(`${base}/blade-auth/oauth/token`, { method: 'POST', headers: { Authorization: SABER, 'Tenant-Id': '000000', 'Content-Type': 'application/x-www-form-urlencoded' }, body: form })).json()) as { access_token: string };
    const headers = { Authorization: SABER, 'Blade-Auth': `bearer ${tok.access_token}` };
    const post = async (path: string, json: unknown) => (await (await fetch(`${base}${path}`, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(json) })).json()) as { code: number; msg: string; data: Record<string, unknown> & Record<string, unknown>[] };
    const idOf = async (path: string, json: unknown) => {
      const r = await post(path, json);
      if (r.code !== 200) throw new Error(`${path}: ${r.msg}`);
      return String(r.data.id);
    };
    const upload = async (scene: string) => {
      const f = new FormData();
      f.append('file', new Blob([new Uint8Array(PNG)]), 'x.png');
      return ((await (await fetch(`${base}/blade-resource/oss/endpoint/put-file?scene=${scene}`, { method: 'POST', headers, body: f })).json()) as { data: { link: string } }).data.link;
    };
    const M = '/website-blade-material';
    const groupId = await idOf(`${M}/websiteGroup/save`, { name: '基准组', type: 0 });
    const serverId = await idOf(`${M}/serverInfo/save`, { serverName: 'bench', serverIp: '127.0.0.1', serverPort: ssh.port, serverUsername: ssh.username, serverPassword: ssh.password, serverType: 'sftp', deployPath: 'www' });
    const domainId = await idOf(`${M}/domainInfo/save`, { name: '基准站', domain: HOST, domainService: '1', serverId });
    const templateId = await idOf('/seo-blade-material/websiteTemplate/submit', { templateName: '基准模板', type: '1', image: await upload('template') });
    const contactId = await idOf(`${M}/contactInfo/submit`, { name: '客服', weChat: 'wx-bench' });
    const imgGroupId = await idOf(`${M}/imgGroup/submit`, { name: 'Logo' });
    await idOf(`${M}/websiteImg/submit`, { imageUrl: await upload('material'), alt: '基准站标志', imgGroupId });
    const siteId = await idOf(`${M}/websiteInfo/save`, {
      websiteGroupId: groupId, websiteType: 0, websiteName: '基准资讯站', websiteLang: 'zh-CN', descVal: '一万篇文章的基准站点', keywords: '基准,资讯',
      domainInfoId: domainId, templateId, type: 1, icoId: imgGroupId, logoId: imgGroupId, bannerId: imgGroupId, contactId,
    });
    await idOf('/blade-material/websiteTemplateConfig/submit', { websiteInfoId: siteId, type: 1, name: '公司简介', configKey: 'intro', configValue: '<p>基准站点的简介。</p>' });
    const pageId = await idOf('/blade-material/templatePageConfig/submit', { name: '列表页', listPage: 'list', detailsPage: 'detail' });
    const cates: string[] = [];
    for (let c = 0; c < CATES; c++) cates.push(await idOf('/seo-blade-article/cate/submit', { websiteGroupId: groupId, cateName: `栏目${c + 1}`, type: 2, pageId, optStatus: 0 }));
    const insert = db.prepare(
      `INSERT INTO article (id, tenant_id, website_info_id, website_group_id, parent_id, title, keyword, auth, display_status, sort, content, desc_val, status, deploy_time, create_time, update_time, is_deleted)
       VALUES (?, '000000', ?, ?, ?, ?, ?, '编辑部', 1, 0, ?, ?, 1, ?, ?, ?, 0)`,
    );
    const body = `<p>${'这是一篇用于基准测试的文章正文, 包含若干段落。'.repeat(40)}</p><h2>小标题</h2><p>${'更多内容。'.repeat(60)}</p>`;
    db.transaction(() => {
      for (let i = 0; i < ARTICLES; i++) {
        const t = `2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')} 10:00:00`;
        insert.run(`5${String(i).padStart(18, '0')}`, siteId, groupId, cates[i % CATES], `基准文章第${i}篇`, `基准,文章${i}`, body, `基准文章第${i}篇的摘要`, t, t, t);
      }
    })();

    const deploy = async () => {
      const t0 = performance.now();
      const r = await post('/website-blade-deploy/websiteDeploy/deploy', { id: siteId });
      const ms = performance.now() - t0;
      if (r.code !== 200) throw new Error(`deploy: ${r.msg}`);
      return { ms, r: r.data[0] as Record<string, unknown> };
    };

    // full deploy: peak memory reset first (clear_refs 5 resets VmHWM)
    global.gc?.();
    const baselineMb = kb('VmRSS') / 1024;
    writeFileSync('/proc/self/clear_refs', '5');
    const full = await deploy();
    const fullPeakMb = kb('VmHWM') / 1024;

    // one article changes
    const changed = `5${String(1234).padStart(18, '0')}`;
    const upd = await post('/website-blade-article/article/update', { id: changed, title: '基准文章第1234篇(已更新)' });
    if (upd.code !== 200) throw new Error(`update: ${upd.msg}`);
    const mark = ssh.sftpLines();
    const again = await deploy();
    const written = ssh.writesSince(mark).length;

    // Lighthouse SEO per page type (BENCH_PUBLISH_LIGHTHOUSE=0 skips it)
    const seo: { page: string; path: string; score: number; failed: string[]; error?: string }[] = [];
    if (process.env.BENCH_PUBLISH_LIGHTHOUSE !== '0') {
    const live = join(ssh.home, 'www', HOST, 'current');
    const web = await serveStatic(live);
    const port = (web.address() as { port: number }).port;
    const lighthouse = (await import('lighthouse')).default;
    const chromeLauncher = await import('chrome-launcher');
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', `--host-resolver-rules=MAP ${HOST} 127.0.0.1:${port}`],
    });
    try {
      const pages: [string, string][] = [
        ['home', '/'],
        ['column', `/${cates[0]}/`],
        ['column, page 2', `/${cates[0]}/page/2/`],
        ['article', `/${cates[4]}/${`5${String(4).padStart(18, '0')}`}.html`],
        ['custom page (关于我们)', '/about/'],
        ['404', '/no-such-page.html'],
      ];
      for (const [page, path] of pages) {
        const res = await lighthouse(`http://${HOST}${path}`, { port: chrome.port, onlyCategories: ['seo'], output: 'json', logLevel: 'error' });
        const lhr = res!.lhr;
        const refs = new Set(lhr.categories.seo.auditRefs.filter((r) => r.weight > 0).map((r) => r.id));
        seo.push({
          page,
          path,
          score: Math.round((lhr.categories.seo.score ?? 0) * 100),
          failed: Object.values(lhr.audits).filter((a) => refs.has(a.id) && a.score !== null && a.score < 1).map((a) => a.id),
          error: lhr.runtimeError?.code,
        });
      }
    } finally {
      chrome.kill();
      web.close();
    }
    }
    console.log(
      JSON.stringify({
        articles: ARTICLES,
        full: { ms: full.ms, serverMs: full.r.durationMs, files: full.r.filesSent, total: full.r.filesTotal, bytes: full.r.bytesSent, peakMb: fullPeakMb, baselineMb },
        redeploy: { ms: again.ms, serverMs: again.r.durationMs, files: again.r.filesSent, bytes: again.r.bytesSent, written },
        seo,
      }),
    );
  } finally {
    db.close();
    await server.close();
    await ssh.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
