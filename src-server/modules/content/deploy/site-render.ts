// Renders one website to the files of a static site: home, column pages (paged),
// article pages, custom pages (the website's 关于我们 / 联系我们 / 网站介绍
// template configs), 404.html, sitemap.xml, robots.txt, feed.xml and the
// images the pages use (assets/<stored name>). Every page carries its own
// title, description, canonical URL on the website's domain (https when its
// certificate is issued), hreflang alternates among the websites associated
// with the same domain in other languages, Open Graph and JSON-LD.
// Only published (status 1) and shown (displayStatus 1) articles of listed
// columns appear anywhere: pages, lists, sitemap, feed.
import { createHash } from 'node:crypto';
import { sql, type DataLayer, type RawBuilder } from '../../../db/data-layer';
import { ServiceError } from '../../../http/reply';
import type { MessageKey } from '../../../../src-shared/messages';
import { liveRow } from '../shared/lookups';
import { sanitizeHtml } from '../articles/sanitize';
import type { FileStores } from '../../../files/file-stores';
import { readUpload, uploadStores } from './site-assets';
import {
  type Alternate,
  articleLd,
  breadcrumbLd,
  type Crumb,
  esc,
  headHtml,
  latest,
  plainText,
  rfc822,
  robotsTxt,
  rssFeed,
  type SitemapEntry,
  sitemapSet,
  w3cDate,
  websiteLd,
} from './seo-markup';
import { filePath, relativeHref, urlPath } from './site-paths';
import type { RenderedSite, SiteFile } from './site-files';
import { contentReader, langTag, languageSiblings, siteHost, siteOrigin, urlPatterns } from './site-sources';
import { CUSTOM_PAGES, customTitle, safeHref, STYLE } from './site-chrome';

type Rec = Record<string, unknown>;

const fingerprint = (...parts: unknown[]): string => createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 22);

export const PAGE_SIZE = 50;
/** how long rendering runs before it lets the event loop take a turn (ms) */
const BREATHE_MS = 8;
const FEED_ITEMS = 50;
const HOME_LATEST = 10;

export class SiteRenderer {
  /** an article's content, read when its page is rendered */
  private readonly contentOf: (id: unknown) => Promise<string | null>;

  constructor(
    private readonly data: DataLayer,
    private readonly dataDir: string,
    private readonly files: FileStores,
  ) {
    this.contentOf = contentReader(data);
  }

  private rows(query: RawBuilder<Rec>): Promise<Rec[]> {
    return this.data.all(query);
  }

  /**
   * Renders the site. Every BREATHE_MS of rendering it gives the event loop a turn, so network work started
   * before (the deploy's SSH connection, the server-side copy of the live release) proceeds meanwhile: the
   * SSH handshake takes several round trips, and the copy can only start once it is done.
   */
  async render(site: Rec, tenantId: string): Promise<RenderedSite> {
    let turn = performance.now();
    const breathe = async () => {
      if (performance.now() - turn < BREATHE_MS) return;
      await new Promise<void>((r) => setImmediate(r));
      turn = performance.now();
    };
    const t = tenantId;
    const missing = (what: MessageKey): never => {
      throw new ServiceError({ key: 'deploy.renderFailed', params: { reason: { key: what } } });
    };
    const domainRow = site.domain_info_id ? await liveRow(this.data, 'domain_info', String(site.domain_info_id), t) : undefined;
    if (!domainRow) missing('deploy.noDomain');
    const template = site.template_id ? await liveRow(this.data, 'website_template', String(site.template_id), t) : undefined;
    if (!template) missing('deploy.noTemplate');
    if (template!.status !== 1) missing('deploy.templateOff');
    const contact = site.contact_id ? await liveRow(this.data, 'contact_info', String(site.contact_id), t) : undefined;
    if (!contact) missing('deploy.noContact');
    const images = async (groupId: unknown) =>
      groupId ? this.rows(sql<Rec>`SELECT * FROM website_img WHERE tenant_id = ${t} AND is_deleted = 0 AND img_group_id = ${String(groupId)} ORDER BY create_time, id`) : [];
    const logo = (await images(site.logo_id))[0];
    const ico = (await images(site.ico_id))[0];
    const banners = await images(site.banner_id);
    if (!logo) missing('deploy.logoEmpty');
    const navbars = await this.rows(sql<Rec>`SELECT * FROM website_navbar
      WHERE tenant_id = ${t} AND is_deleted = 0 AND status = 1 AND cate_id = ${String(site.website_group_id)} ORDER BY sort, create_time`);
    const links = await this.rows(sql<Rec>`SELECT * FROM website_links WHERE tenant_id = ${t} AND is_deleted = 0 AND status = 1 AND website_info_id = ${String(site.id)} ORDER BY create_time`);
    const goods = site.goods_id
      ? await this.rows(sql<Rec>`SELECT * FROM goods_sub WHERE tenant_id = ${t} AND is_deleted = 0 AND p_id = ${String(site.goods_id)} ORDER BY create_time`)
      : [];
    const configs = await this.rows(sql<Rec>`SELECT * FROM website_template_config
      WHERE tenant_id = ${t} AND is_deleted = 0 AND website_info_id = ${String(site.id)} ORDER BY create_time, id`);
    const host = siteHost(site, String(domainRow!.domain));
    const origin = siteOrigin(site, host);
    const lang = langTag(site.website_lang);
    const siteName = String(site.website_name);
    const abs = (url: string) => `${origin}${url}`;

    const homeCfg = Object.fromEntries(configs.filter((c) => c.type === 4).map((c) => [String(c.config_key), String(c.config_value ?? '')]));

    const cates = await this.rows(sql<Rec>`SELECT * FROM article_cate
      WHERE tenant_id = ${t} AND is_deleted = 0 AND website_group_id = ${String(site.website_group_id)} ORDER BY create_time, id`);
    const listed = cates.filter((c) => c.type !== 3);
    const listedIds = new Set(listed.map((c) => String(c.id)));
    // Not the content itself (10,000 articles are tens of MB of text): its fingerprint (content_key), and the
    // content only of articles that hold an image (img_content), whose images are copied with every deploy. A page
    // that is rendered reads its article's content then (contentOf).
    const articles = (await this.rows(sql<Rec>`SELECT id, parent_id, title, keyword, auth, cover_img, desc_val, sort, deploy_time, create_time, update_time,
              ${this.data.dialect.textKey(sql.ref('content'))} AS content_key,
              CASE WHEN ${this.data.dialect.like(sql.ref('content'), '%<img%')} THEN content END AS img_content
         FROM article WHERE tenant_id = ${t} AND is_deleted = 0 AND status = 1 AND display_status = 1 AND website_info_id = ${String(site.id)}
        ORDER BY sort, create_time DESC, id DESC`)).filter((a) => listedIds.has(String(a.parent_id)));
    const adverts = new Map<string, Rec>();
    for (const c of listed) {
      if (!c.advert_id || adverts.has(String(c.advert_id))) continue;
      const ad = await liveRow(this.data, 'website_advert', String(c.advert_id), t);
      if (ad) adverts.set(String(c.advert_id), ad);
    }

    // uploaded images are copied once into assets/<stored name>, read from the store that holds each (site-assets.ts)
    const imgSrcs = (html: unknown) => [...String(html ?? '').matchAll(/<img\b[^>]*?\ssrc\s*=\s*["']?([^"'\s>]+)/gi)].map((m) => m[1]);
    const stores = await uploadStores(this.data, this.dataDir, t, [
      logo?.image_url, ico?.image_url, ...banners.map((b) => b.image_url), ...goods.map((g) => g.image_url),
      ...articles.flatMap((a) => [a.cover_img, ...imgSrcs(a.img_content)]),
    ]);
    const assets = new Map<string, string>();
    const asset = (url: unknown): string | undefined => {
      const name = String(url ?? '').split(/[?#]/)[0].split('/').pop() ?? '';
      const store = stores.get(name);
      if (!store) return undefined;
      assets.set(name, store);
      return `/assets/${name}`;
    };

    // URLs
    const patternOf = await urlPatterns(this.data, String(site.id), t);
    const cateUrl = new Map<string, string>();
    const articlePatternOf = new Map<string, string>();
    for (const c of listed) {
      const p = patternOf(c);
      cateUrl.set(String(c.id), urlPath(p.category, { cateId: String(c.id) }));
      articlePatternOf.set(String(c.id), p.article);
    }
    const articleUrl = (a: Rec) => urlPath(articlePatternOf.get(String(a.parent_id))!, { cateId: String(a.parent_id), id: String(a.id) });
    const pageUrl = (base: string, n: number) =>
      n === 1 ? base : base.endsWith('/') ? `${base}page/${n}/` : `${base.replace(/\.[^./]+$/, '')}-${n}.html`;

    // alternates: home and custom pages across the language siblings; columns when the sibling shares the group
    const siblings = await languageSiblings(this.data, site, t);
    const siblingPatterns = new Map<string, (cate: Rec) => { category: string; article: string }>();
    for (const s of siblings) siblingPatterns.set(String(s.site.id), s.site.id === site.id ? patternOf : await urlPatterns(this.data, String(s.site.id), t));
    const alternatesFor = (url: string, cate?: Rec): Alternate[] => {
      const list = siblings.filter((s) => !cate || s.site.website_group_id === site.website_group_id);
      if (list.length < 2) return [];
      return list.map((s) => ({
        lang: s.lang,
        href: s.origin + (cate ? urlPath(siblingPatterns.get(String(s.site.id))!(cate).category, { cateId: String(cate.id) }) : url),
      }));
    };

    const files: SiteFile[] = [];
    const seen = new Map<string, string>();
    const claim = (path: string, what: string) => {
      const prev = seen.get(path);
      if (prev) throw new ServiceError({ key: 'deploy.renderFailed', params: { reason: { key: 'deploy.pathConflict', params: { path, prev, what } } } });
      seen.set(path, what);
    };
    const add = (path: string, body: string, what: string) => {
      claim(path, what);
      files.push({ path, data: Buffer.from(body) });
    };

    const iconUrl = ico ? asset(ico.image_url) : undefined;
    const logoUrl = asset(logo!.image_url);
    const keywordsOf = (...v: unknown[]) => v.map((x) => String(x ?? '').trim()).filter(Boolean).join(',');
    const siteKeywords = keywordsOf(site.keywords, site.long_tail_words);
    const siteDesc = plainText(site.desc_val, 300) || siteName;

    interface PageInput {
      url: string;
      title: string;
      description: string;
      keywords?: string;
      body: string;
      crumbs: Crumb[];
      ogType?: 'website' | 'article';
      image?: string;
      jsonLd?: object[];
      alternates?: Alternate[];
      advert?: Rec;
      heading: boolean;
      notFound?: boolean;
    }
    const page = (p: PageInput): string => {
      const href = (to: string) => relativeHref(p.url, to);
      const jsonLd = [websiteLd(siteName, `${origin}/`, siteDesc, lang), ...(p.crumbs.length > 1 ? [breadcrumbLd(p.crumbs)] : []), ...(p.jsonLd ?? [])];
      const crumbs =
        p.crumbs.length > 1
          ? `<nav class="breadcrumb" aria-label="当前位置">${p.crumbs
              .map((c, i) => (i === p.crumbs.length - 1 ? `<span>${esc(c.name)}</span>` : `<a href="${esc(href(c.url.slice(origin.length)))}">${esc(c.name)}</a> › `))
              .join('')}</nav>`
          : '';
      return `<!DOCTYPE html>
<html lang="${esc(lang)}">
<head>
${headHtml({
  title: p.title,
  description: p.description,
  keywords: p.keywords,
  canonical: p.notFound ? undefined : abs(p.url),
  lang,
  siteName,
  ogType: p.ogType ?? 'website',
  image: p.image ? abs(p.image) : logoUrl ? abs(logoUrl) : undefined,
  alternates: p.alternates ?? [],
  jsonLd: p.notFound ? [] : jsonLd,
  robots: p.notFound ? 'noindex' : undefined,
  iconHref: iconUrl ? href(iconUrl) : undefined,
  feedHref: href('/feed.xml'),
  style: STYLE,
})}
<meta name="generator" content="SEO Matrix Console; template ${esc(template!.template_name)}">
</head>
<body data-template="${esc(template!.id)}">
<header>
<a href="${esc(href('/'))}" class="logo">${logoUrl ? `<img src="${esc(href(logoUrl))}" alt="${esc(logo!.alt || siteName)}" height="48">` : esc(siteName)}</a>
${p.heading ? `<p class="site-name">${esc(siteName)}</p>` : `<h1 class="site-name">${esc(siteName)}</h1>`}
<nav aria-label="导航">${navbars.map((n) => `<a href="${esc(safeHref(n.url, href))}" title="${esc(n.desc_val)}">${esc(n.name)}</a>`).join('')}</nav>
<nav class="categories" aria-label="栏目">${cates
        .map((c) =>
          c.type === 3
            ? `<a href="${esc(safeHref(c.link_url, href))}" class="jump" target="_blank" rel="noopener">${esc(c.cate_name)}</a>`
            : `<a href="${esc(href(cateUrl.get(String(c.id))!))}">${esc(c.cate_name)}</a>`,
        )
        .join('')}</nav>
${crumbs}
</header>
${p.advert?.top_advert ? `<div class="advert advert-top">${sanitizeHtml(p.advert.top_advert)}</div>` : ''}
<main class="layout">
<div class="content">
${p.body}
</div>
${p.advert?.side_advert ? `<aside class="advert advert-side">${sanitizeHtml(p.advert.side_advert)}</aside>` : ''}
</main>
${p.advert?.bottom_advert ? `<div class="advert advert-bottom">${sanitizeHtml(p.advert.bottom_advert)}</div>` : ''}
<footer class="contact">
${contact!.we_chat ? `<span class="wechat">微信: ${esc(contact!.we_chat)}</span>` : ''}
${contact!.phone ? `<span class="phone">电话: ${esc(contact!.phone)}</span>` : ''}
${domainRow!.record_number ? `<span class="record">${esc(domainRow!.record_number)}</span>` : ''}
${Object.entries(CUSTOM_PAGES)
  .filter(([type]) => configs.some((c) => c.type === Number(type)))
  .map(([type, cp]) => `<a href="${esc(href(cp.path))}">${esc(customTitle(configs, Number(type)) ?? cp.title)}</a>`)
  .join(' ')}
<p>&copy; ${esc(siteName)} · ${esc(host)}</p>
</footer>
</body>
</html>
`;
    };
    const articleList = (from: string, list: Rec[]) =>
      list.length
        ? `<ul class="articles">${list
            .map((a) => `<li><a href="${esc(relativeHref(from, articleUrl(a)))}">${esc(a.title)}</a>${a.desc_val ? ` <span class="desc">${esc(a.desc_val)}</span>` : ''}</li>`)
            .join('')}</ul>`
        : '<p class="empty">暂无文章</p>';

    const sitemap: SitemapEntry[] = [];
    const sitemapGroups: { name: string; entries: SitemapEntry[] }[] = [{ name: 'pages', entries: sitemap }];
    // what every page is made of besides its own records: an article page whose own records did not change either needs no rendering
    // (the website's deploy status, message and times change with every deploy and are on no article page)
    const { status_name: _s, deploy_message: _m, deploy_reason: _r, deploy_time: _t, update_time: _u, update_user: _uu, ...siteContent } = site;
    const pageBase = fingerprint(RENDERER_SOURCE, siteContent, template, contact, domainRow, logo, ico, navbars, cates, [...adverts.values()], configs, [...cateUrl], [...articlePatternOf], lang, origin);
    const newest = (list: Rec[]) => latest(...list.map((a) => latest(a.update_time, a.deploy_time, a.create_time)));
    const home = crumbOf(siteName, `${origin}/`);

    // home
    const byDate = [...articles].sort((a, b) => String(b.deploy_time ?? b.create_time).localeCompare(String(a.deploy_time ?? a.create_time)));
    add(
      'index.html',
      page({
        url: '/',
        title: homeCfg.title || siteName,
        description: homeCfg.description || siteDesc,
        keywords: siteKeywords,
        crumbs: [home],
        alternates: alternatesFor('/'),
        heading: false,
        body: `${banners.length ? `<section class="banner">${banners.map((b) => { const src = asset(b.image_url); return `<a href="${esc(safeHref(b.image_link, (x) => relativeHref('/', x)))}">${src ? `<img src="${esc(relativeHref('/', src))}" alt="${esc(b.alt || siteName)}">` : esc(b.alt || siteName)}</a>`; }).join('')}</section>` : ''}
<p class="description">${esc(site.desc_val)}</p>
${byDate.length ? `<section class="latest"><h2>最新文章</h2>${articleList('/', byDate.slice(0, HOME_LATEST))}</section>` : ''}
${goods.length ? `<section class="goods">${goods.map((g) => { const src = g.image_url ? asset(g.image_url) : undefined; return `<div class="item">${src ? `<img src="${esc(relativeHref('/', src))}" alt="${esc(g.name)}" height="80">` : ''}<a href="${esc(safeHref(g.link_url, (x) => relativeHref('/', x)))}">${esc(g.name)}</a> <span>${esc(g.goods_price)} ${esc(g.price_unit)}</span></div>`; }).join('')}</section>` : ''}
${links.length ? `<section class="links">${links.map((l) => `<a href="${esc(safeHref(l.link, (x) => relativeHref('/', x)))}"${l.open_page === 1 ? ' target="_blank" rel="noopener"' : ''}>${esc(l.name)}</a>`).join(' ')}</section>` : ''}`,
      }),
      'home',
    );
    sitemap.push({ loc: `${origin}/`, lastmod: w3cDate(latest(site.update_time, site.create_time, newest(articles))) });

    // columns (paged) and their articles
    const titles = new Map<string, number>();
    for (const a of articles) titles.set(String(a.title), (titles.get(String(a.title)) ?? 0) + 1);
    for (const c of listed) {
      const advert = c.advert_id ? adverts.get(String(c.advert_id)) : undefined;
      const own = articles.filter((a) => a.parent_id === c.id);
      const base = cateUrl.get(String(c.id))!;
      const cateCrumb = crumbOf(String(c.cate_name), abs(base));
      const pagesCount = Math.max(1, Math.ceil(own.length / PAGE_SIZE));
      for (let n = 1; n <= pagesCount; n++) {
        await breathe();
        const url = pageUrl(base, n);
        const slice = own.slice((n - 1) * PAGE_SIZE, n * PAGE_SIZE);
        const pager =
          pagesCount > 1
            ? `<nav class="pager" aria-label="分页">${Array.from({ length: pagesCount }, (_, i) => i + 1)
                .map((k) => (k === n ? `<span>第 ${k} 页</span>` : `<a href="${esc(relativeHref(url, pageUrl(base, k)))}">第 ${k} 页</a>`))
                .join('')}</nav>`
            : '';
        add(
          filePath(url),
          page({
            url,
            title: `${String(c.cate_name)}${n > 1 ? ` - 第${n}页` : ''} - ${siteName}`,
            description: plainText(`${String(c.cate_name)}${n > 1 ? ` 第${n}页` : ''}: ${siteDesc}`, 300),
            keywords: keywordsOf(c.cate_name, site.keywords),
            crumbs: [home, cateCrumb],
            alternates: n === 1 ? alternatesFor(url, c) : [],
            advert,
            heading: true,
            body: `<h1 class="category">${esc(c.cate_name)}</h1>\n${articleList(url, slice)}\n${pager}`,
          }),
          `column ${String(c.id)}`,
        );
      }
      sitemap.push({ loc: abs(base), lastmod: w3cDate(latest(c.update_time, c.create_time, newest(own))) });
      const columnMap: SitemapEntry[] = [];
      sitemapGroups.push({ name: `column-${String(c.id)}`, entries: columnMap });
      for (const a of own) {
        await breathe();
        const url = articleUrl(a);
        const cover = a.cover_img ? asset(a.cover_img) : undefined;
        // images the content refers to are registered now: the page itself may not be rendered in this deploy
        const inline = a.img_content == null ? [] : imgSrcs(a.img_content).map((src) => asset(src) ?? '');
        const path = filePath(url);
        claim(path, `article ${String(a.id)}`);
        const dup = (titles.get(String(a.title)) ?? 0) > 1;
        files.push({ path, key: fingerprint(pageBase, a, c.id, dup, cover, inline), render: async () => Buffer.from(articlePage({ ...a, content: await this.contentOf(a.id) }, c, url, base, cover, dup, advert, cateCrumb)) });
        columnMap.push({ loc: abs(url), lastmod: w3cDate(latest(a.update_time, a.deploy_time, a.create_time)) });
      }
    }
    function articlePage(a: Rec, c: Rec, url: string, base: string, cover: string | undefined, dup: boolean, advert: Rec | undefined, cateCrumb: Crumb): string {
      {
        const desc = plainText(a.desc_val, 300) || plainText(a.content, 160) || `${String(a.title)} - ${String(c.cate_name)}`;
        const title = dup ? `${String(a.title)} (${String(a.id)}) - ${siteName}` : `${String(a.title)} - ${siteName}`;
        const published = w3cDate(a.deploy_time ?? a.create_time);
        const modified = w3cDate(latest(a.update_time, a.deploy_time, a.create_time));
        const body = `<article class="article">
<h1>${esc(a.title)}</h1>
<p class="meta"><a href="${esc(relativeHref(url, base))}">${esc(c.cate_name)}</a>${a.auth ? ` · <span class="author">${esc(a.auth)}</span>` : ''}${a.deploy_time ? ` · <time datetime="${esc(published)}">${esc(a.deploy_time)}</time>` : ''}</p>
${cover ? `<img class="cover" src="${esc(relativeHref(url, cover))}" alt="${esc(a.title)}">` : ''}
${a.desc_val ? `<p class="desc">${esc(a.desc_val)}</p>` : ''}
<div class="body">${sanitizeHtml(a.content, {
          mapSrc: (src) => {
            const local = asset(src);
            return local ? relativeHref(url, local) : src;
          },
        })}</div>
</article>`;
        return page({
            url,
            title,
            description: desc,
            keywords: keywordsOf(a.keyword) || undefined,
            crumbs: [home, cateCrumb, crumbOf(String(a.title), abs(url))],
            ogType: 'article',
            image: cover,
            advert,
            heading: true,
            jsonLd: [
              articleLd({
                headline: String(a.title),
                description: desc,
                url: abs(url),
                image: cover ? abs(cover) : undefined,
                published,
                modified,
                author: a.auth ? String(a.auth) : undefined,
                publisher: siteName,
                lang,
                keywords: keywordsOf(a.keyword) || undefined,
                section: String(c.cate_name),
              }),
            ],
            body,
          });
      }
    }

    // custom pages from the website's template configs
    for (const [type, cp] of Object.entries(CUSTOM_PAGES)) {
      const rows = configs.filter((c) => c.type === Number(type));
      if (rows.length === 0) continue;
      const title = customTitle(configs, Number(type)) ?? cp.title;
      const sections = rows.filter((r) => r.config_key !== 'title');
      add(
        filePath(cp.path),
        page({
          url: cp.path,
          title: `${title} - ${siteName}`,
          description: plainText(sections.map((r) => r.config_value).join(' '), 300) || `${title} - ${siteDesc}`,
          crumbs: [home, crumbOf(title, abs(cp.path))],
          alternates: alternatesFor(cp.path),
          heading: true,
          body: `<h1>${esc(title)}</h1>\n${sections.map((r) => `<section>${r.name ? `<h2>${esc(r.name)}</h2>` : ''}${sanitizeHtml(r.config_value)}</section>`).join('\n')}`,
        }),
        `custom page ${type}`,
      );
      sitemap.push({ loc: abs(cp.path), lastmod: w3cDate(latest(...rows.map((r) => latest(r.update_time, r.create_time)))) });
    }

    // 404: not indexed, no canonical; links are absolute from the root since it is served for any path
    add(
      '404.html',
      page({
        url: '/',
        title: `页面未找到 - ${siteName}`,
        description: `您访问的页面不存在。${siteDesc}`,
        crumbs: [home],
        heading: true,
        notFound: true,
        body: '<h1>页面未找到</h1>\n<p>您访问的页面不存在或已被移除。</p>',
      }).replace(/(href|src)="(?!https?:|\/|#|mailto:)([^"]*)"/g, (_m, attr: string, v: string) => `${attr}="/${v === './' ? '' : v}"`),
      '404',
    );

    for (const s of sitemapSet(origin, sitemapGroups)) add(s.path, s.xml, 'sitemap');
    add('robots.txt', robotsTxt(origin), 'robots');
    const feedItems = await Promise.all(
      byDate.slice(0, FEED_ITEMS).map(async (a) => ({
        title: String(a.title),
        link: abs(articleUrl(a)),
        description: plainText(a.desc_val, 300) || plainText(await this.contentOf(a.id), 300),
        pubDate: rfc822(a.deploy_time ?? a.create_time),
        author: a.auth ? String(a.auth) : undefined,
        category: String(listed.find((c) => c.id === a.parent_id)?.cate_name ?? ''),
      })),
    );
    add('feed.xml', rssFeed({ title: siteName, link: `${origin}/`, description: siteDesc, lang, self: `${origin}/feed.xml` }, feedItems), 'feed');
    // an upload's name is never reused for other bytes: a release that has the image under the same key keeps it unread
    for (const [name, store] of assets) files.push({ path: `assets/${name}`, key: fingerprint('upload', name), render: () => readUpload(this.files, name, store) });
    return { host, origin, files, pages: [...seen.keys()].filter((p) => p.endsWith('.html')).length, articles: articles.length };
  }
}

const crumbOf = (name: string, url: string): Crumb => ({ name, url });

/** The renderer's own code: part of every page fingerprint, so a changed template renders every page again. */
const RENDERER_SOURCE = createHash('sha256').update(SiteRenderer.toString()).update(headHtml.toString()).update(articleLd.toString()).update(sanitizeHtml.toString()).digest('base64url');
