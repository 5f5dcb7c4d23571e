// Deploying a website: renders it to static HTML (template, navbars, categories
// with their published articles and adverts, contact group, images, goods,
// links) under <data>/sites/<websiteId>/<domain>/, copying
// its images. The new output is built in a temporary folder and swapped in only
// when complete, so a failed deploy keeps the previous output. Each deploy is
// recorded (website_deploy) and the website's statusName shows the outcome.
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Db } from '../../db/database';
import { ServiceError } from '../../http/reply';
import type { Clock } from '../../util/clock';
import { formatDateTime } from '../../util/dates';
import { nextId } from '../../util/ids';
import { liveRow } from './lookups';
import { sanitizeHtml } from './sanitize';
import { storedPath } from './upload';

export const SITES_DIR = 'sites';
export const DEPLOY_OK = '部署成功';
export const DEPLOY_FAILED = '部署失败';

type Rec = Record<string, unknown>;

const esc = (v: unknown): string =>
  String(v ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** http(s) or site-relative links only; anything else (javascript:...) becomes '#'. */
const safeHref = (v: unknown): string => {
  const s = String(v ?? '').trim();
  return /^(https?:\/\/|\/)/i.test(s) ? esc(s) : '#';
};

export interface DeployResult {
  id: string;
  websiteInfoId: string;
  domain: string;
  statusName: string;
  message: string;
  outputDir: string;
}

/** The host name a website is served on: subdomain.domain (resolve type 0) or the domain (type 1). */
export function siteHost(site: Rec, domain: string): string {
  return site.type === 0 && site.subdomain ? `${String(site.subdomain)}.${domain}` : domain;
}

export class SiteDeployer {
  constructor(
    private readonly db: Db,
    private readonly dataDir: string,
    private readonly clock: Clock,
  ) {}

  private rows(sql: string, ...params: unknown[]): Rec[] {
    return this.db.prepare(sql).all(...params) as Rec[];
  }

  /** Deploys one website of the tenant; never throws for a business failure (it is recorded). */
  deploy(websiteId: string, tenantId: string, scope: { userId: string; deptId: string }): DeployResult {
    const site = liveRow(this.db, 'website_info', websiteId, tenantId);
    if (!site) throw new ServiceError('网站不存在');
    let domain = '';
    let statusName = DEPLOY_OK;
    let message = '';
    let outputDir = '';
    try {
      const parts = this.collect(site, tenantId);
      domain = parts.host;
      outputDir = join(this.dataDir, SITES_DIR, websiteId, domain);
      this.write(outputDir, parts);
      message = `已生成 ${parts.pages.length} 个页面`;
    } catch (e) {
      if (!(e instanceof ServiceError)) throw e;
      statusName = DEPLOY_FAILED;
      message = e.message;
    }
    const now = formatDateTime(this.clock());
    const id = nextId();
    this.db
      .prepare(
        `INSERT INTO website_deploy (id, tenant_id, website_info_id, domain, status_name, message, output_dir,
           create_user, create_dept, create_time, update_user, update_time, status, is_deleted)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0)`,
      )
      .run(id, tenantId, websiteId, domain, statusName, message, outputDir, scope.userId, scope.deptId, now, scope.userId, now, statusName === DEPLOY_OK ? 1 : 0);
    this.db.prepare('UPDATE website_info SET status_name = ?, update_time = ? WHERE id = ?').run(statusName, now, websiteId);
    return { id, websiteInfoId: websiteId, domain, statusName, message, outputDir };
  }

  private collect(site: Rec, tenantId: string) {
    const t = tenantId;
    const missing = (what: string): never => {
      throw new ServiceError(`部署失败: ${what}`);
    };
    const domainRow = site.domain_info_id ? liveRow(this.db, 'domain_info', String(site.domain_info_id), t) : undefined;
    if (!domainRow) missing('网站未绑定域名或域名已删除');
    const template = site.template_id ? liveRow(this.db, 'website_template', String(site.template_id), t) : undefined;
    if (!template) missing('网站未选择模板或模板已删除');
    if (template!.status !== 1) missing('网站模板已停用');
    const contact = site.contact_id ? liveRow(this.db, 'contact_info', String(site.contact_id), t) : undefined;
    if (!contact) missing('网站未选择客服分组或客服分组已删除');
    const images = (groupId: unknown) =>
      groupId ? this.rows('SELECT * FROM website_img WHERE tenant_id = ? AND is_deleted = 0 AND img_group_id = ? ORDER BY create_time, id', t, String(groupId)) : [];
    const logo = images(site.logo_id)[0];
    const ico = images(site.ico_id)[0];
    const banners = images(site.banner_id);
    if (!logo) missing('Logo分组中没有图片');
    const navbars = this.rows(
      'SELECT * FROM website_navbar WHERE tenant_id = ? AND is_deleted = 0 AND status = 1 AND cate_id = ? ORDER BY sort, create_time',
      t,
      String(site.website_group_id),
    );
    const links = this.rows('SELECT * FROM website_links WHERE tenant_id = ? AND is_deleted = 0 AND status = 1 AND website_info_id = ? ORDER BY create_time', t, String(site.id));
    const goods = site.goods_id
      ? this.rows('SELECT * FROM goods_sub WHERE tenant_id = ? AND is_deleted = 0 AND p_id = ? ORDER BY create_time', t, String(site.goods_id))
      : [];
    const configs = this.rows('SELECT * FROM website_template_config WHERE tenant_id = ? AND is_deleted = 0 AND website_info_id = ? AND type = 4', t, String(site.id));
    const host = siteHost(site, String(domainRow!.domain));

    // images are copied next to the page: assets/<stored name>
    const files: { from: string; name: string }[] = [];
    const asset = (url: unknown): string => {
      const name = String(url ?? '').split('/').pop() ?? '';
      const from = storedPath(this.dataDir, name);
      if (!from) return '';
      if (!files.some((f) => f.name === name)) files.push({ from, name });
      return `assets/${name}`;
    };
    const cfg = Object.fromEntries(configs.map((c) => [String(c.config_key), String(c.config_value ?? '')]));

    // categories (columns) of the website's group; published, shown articles of this website
    const cates = this.rows(
      'SELECT * FROM article_cate WHERE tenant_id = ? AND is_deleted = 0 AND website_group_id = ? ORDER BY create_time, id',
      t,
      String(site.website_group_id),
    );
    const listed = cates.filter((c) => c.type !== 3);
    const articles = this.rows(
      `SELECT * FROM article WHERE tenant_id = ? AND is_deleted = 0 AND status = 1 AND display_status = 1 AND website_info_id = ?
        ORDER BY sort, create_time DESC, id DESC`,
      t,
      String(site.id),
    ).filter((a) => listed.some((c) => c.id === a.parent_id));
    const adverts = new Map<string, Rec>();
    for (const c of listed) {
      if (!c.advert_id || adverts.has(String(c.advert_id))) continue;
      const ad = liveRow(this.db, 'website_advert', String(c.advert_id), t);
      if (ad) adverts.set(String(c.advert_id), ad);
    }
    const cateDir = (c: Rec) => String(c.id);
    const articleHref = (root: string, a: Rec) => `${root}${String(a.parent_id)}/${String(a.id)}.html`;

    const page = (root: string, title: string, body: string, advert?: Rec): string => `<!DOCTYPE html>
<html lang="${esc(site.website_lang || 'zh-CN')}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<meta name="description" content="${esc(site.desc_val)}">
<meta name="keywords" content="${esc([site.keywords, site.long_tail_words].filter(Boolean).join(','))}">
<meta name="generator" content="SEO Matrix Console; template ${esc(template!.template_name)}">
${ico ? `<link rel="icon" href="${root}${asset(ico.image_url)}">` : ''}
<style>body{font-family:sans-serif;margin:0}header,footer,main{padding:16px 24px}nav a{margin-right:16px}.banner img{max-width:100%}.goods{display:flex;gap:16px;flex-wrap:wrap}.layout{display:flex;gap:24px}.layout>.content{flex:1}.advert-side{width:240px}.article img{max-width:100%}.advert{padding:8px 24px;background:#fafafa}</style>
</head>
<body data-template="${esc(template!.id)}">
<header>
<a href="${root || './'}index.html" class="logo"><img src="${root}${asset(logo!.image_url)}" alt="${esc(logo!.alt || site.website_name)}" height="48"></a>
<h1>${esc(site.website_name)}</h1>
<nav>${navbars.map((n) => `<a href="${safeHref(n.url)}" title="${esc(n.desc_val)}">${esc(n.name)}</a>`).join('')}</nav>
<nav class="categories">${cates
      .map((c) =>
        c.type === 3
          ? `<a href="${safeHref(c.link_url)}" class="jump" target="_blank" rel="noopener">${esc(c.cate_name)}</a>`
          : `<a href="${root}${cateDir(c)}/index.html">${esc(c.cate_name)}</a>`,
      )
      .join('')}</nav>
</header>
${advert?.top_advert ? `<div class="advert advert-top">${sanitizeHtml(advert.top_advert)}</div>` : ''}
<main class="layout">
<div class="content">
${body}
</div>
${advert?.side_advert ? `<aside class="advert advert-side">${sanitizeHtml(advert.side_advert)}</aside>` : ''}
</main>
${advert?.bottom_advert ? `<div class="advert advert-bottom">${sanitizeHtml(advert.bottom_advert)}</div>` : ''}
<footer class="contact">
${contact!.we_chat ? `<span class="wechat">微信: ${esc(contact!.we_chat)}</span>` : ''}
${contact!.phone ? `<span class="phone">电话: ${esc(contact!.phone)}</span>` : ''}
${domainRow!.record_number ? `<span class="record">${esc(domainRow!.record_number)}</span>` : ''}
<p>&copy; ${esc(site.website_name)} · ${esc(host)}</p>
</footer>
</body>
</html>
`;
    const articleList = (root: string, list: Rec[]) =>
      list.length
        ? `<ul class="articles">${list.map((a) => `<li><a href="${articleHref(root, a)}">${esc(a.title)}</a>${a.desc_val ? ` <span class="desc">${esc(a.desc_val)}</span>` : ''}</li>`).join('')}</ul>`
        : '<p class="empty">暂无文章</p>';

    const pages: { path: string; html: string }[] = [];
    pages.push({
      path: 'index.html',
      html: page(
        '',
        cfg.title || String(site.website_name),
        `${banners.length ? `<section class="banner">${banners.map((b) => `<a href="${safeHref(b.image_link)}"><img src="${asset(b.image_url)}" alt="${esc(b.alt)}"></a>`).join('')}</section>` : ''}
<p class="description">${esc(site.desc_val)}</p>
${articles.length ? `<section class="latest"><h2>最新文章</h2>${articleList('', [...articles].sort((a, b) => String(b.deploy_time ?? b.create_time).localeCompare(String(a.deploy_time ?? a.create_time))).slice(0, 10))}</section>` : ''}
${goods.length ? `<section class="goods">${goods.map((g) => `<div class="item">${g.image_url ? `<img src="${asset(g.image_url)}" alt="${esc(g.name)}" height="80">` : ''}<a href="${safeHref(g.link_url)}">${esc(g.name)}</a> <span>${esc(g.goods_price)} ${esc(g.price_unit)}</span></div>`).join('')}</section>` : ''}
${links.length ? `<section class="links">${links.map((l) => `<a href="${safeHref(l.link)}"${l.open_page === 1 ? ' target="_blank" rel="noopener"' : ''}>${esc(l.name)}</a>`).join(' ')}</section>` : ''}`,
      ),
    });
    for (const c of listed) {
      const advert = c.advert_id ? adverts.get(String(c.advert_id)) : undefined;
      const own = articles.filter((a) => a.parent_id === c.id);
      pages.push({
        path: `${cateDir(c)}/index.html`,
        html: page('../', `${String(c.cate_name)} - ${String(site.website_name)}`, `<h2 class="category">${esc(c.cate_name)}</h2>\n${articleList('../', own)}`, advert),
      });
      for (const a of own) {
        const body = `<article class="article">
<h2>${esc(a.title)}</h2>
<p class="meta"><a href="index.html">${esc(c.cate_name)}</a>${a.auth ? ` · <span class="author">${esc(a.auth)}</span>` : ''}${a.deploy_time ? ` · <time>${esc(a.deploy_time)}</time>` : ''}</p>
${a.cover_img && asset(a.cover_img) ? `<img class="cover" src="../${asset(a.cover_img)}" alt="${esc(a.title)}">` : ''}
${a.desc_val ? `<p class="desc">${esc(a.desc_val)}</p>` : ''}
<div class="body">${sanitizeHtml(a.content, { mapSrc: (src) => (storedPath(this.dataDir, src.split(/[?#]/)[0].split('/').pop() ?? '') ? `../${asset(src.split(/[?#]/)[0])}` : src) })}</div>
</article>`;
        pages.push({ path: `${cateDir(c)}/${String(a.id)}.html`, html: page('../', `${String(a.title)} - ${String(site.website_name)}`, body, advert) });
      }
    }
    return { host, pages, files };
  }

  private write(outputDir: string, parts: { pages: { path: string; html: string }[]; files: { from: string; name: string }[] }): void {
    const staging = `${outputDir}.staging-${process.pid}-${Date.now()}`;
    mkdirSync(join(staging, 'assets'), { recursive: true });
    try {
      for (const p of parts.pages) {
        mkdirSync(dirname(join(staging, p.path)), { recursive: true });
        writeFileSync(join(staging, p.path), p.html);
      }
      for (const f of parts.files) copyFileSync(f.from, join(staging, 'assets', f.name));
      const old = `${outputDir}.old-${process.pid}-${Date.now()}`;
      if (existsSync(outputDir)) renameSync(outputDir, old);
      renameSync(staging, outputDir);
      rmSync(old, { recursive: true, force: true });
    } catch (e) {
      rmSync(staging, { recursive: true, force: true });
      throw e;
    }
  }
}
