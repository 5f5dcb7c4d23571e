// The search-engine side of a rendered website: the <head> of every page
// (title, description, keywords, canonical, hreflang alternates, Open Graph,
// JSON-LD), sitemap.xml (a sitemap index past 50,000 URLs), robots.txt and the
// RSS feed. Pure functions of what the renderer collected.

export const SITEMAP_MAX_URLS = 50_000;
/** Past this many URLs a site's sitemap is split by section (one file per column) under a sitemap index. */
export const SITEMAP_SPLIT_URLS = 1_000;

export const esc = (v: unknown): string =>
  String(v ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Text for XML (sitemaps, feeds): the five predefined entities, no control characters. */
export const xmlText = (v: unknown): string =>
  esc(String(v ?? '').replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, ''));

/** Plain text of rich text (for descriptions): tags dropped, entities of the usual kind decoded, spaces collapsed. */
export function plainText(html: unknown, max = 160): string {
  const text = String(html ?? '')
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** "yyyy-MM-dd HH:mm:ss" (local time of the back end) as W3C datetime with the back end's offset. */
export function w3cDate(value: unknown): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(String(value ?? '').trim());
  if (!m) return undefined;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0));
  if (Number.isNaN(d.getTime())) return undefined;
  const off = -d.getTimezoneOffset();
  const sign = off >= 0 ? '+' : '-';
  const pad = (n: number) => String(Math.floor(Math.abs(n))).padStart(2, '0');
  return `${m[1]}-${m[2]}-${m[3]}T${m[4] ?? '00'}:${m[5] ?? '00'}:${m[6] ?? '00'}${sign}${pad(off / 60)}:${pad(off % 60)}`;
}

/** RFC 822 date for RSS. */
export function rfc822(value: unknown): string | undefined {
  const w = w3cDate(value);
  return w ? new Date(w).toUTCString() : undefined;
}

/** The latest of some "yyyy-MM-dd HH:mm:ss" values (they sort as text). */
export const latest = (...values: unknown[]): string | undefined =>
  values.map((v) => String(v ?? '')).filter(Boolean).sort().pop();

export interface Alternate {
  /** BCP 47 language tag, e.g. "en" or "zh-CN" */
  lang: string;
  /** absolute URL */
  href: string;
}

export interface Crumb {
  name: string;
  url: string;
}

export interface HeadInput {
  title: string;
  description: string;
  keywords?: string;
  /** absolute canonical URL; omitted for the 404 page */
  canonical?: string;
  /** page language (html lang, og:locale) */
  lang: string;
  siteName: string;
  ogType: 'website' | 'article';
  /** absolute image URL for og:image */
  image?: string;
  alternates: Alternate[];
  jsonLd: object[];
  robots?: string;
  iconHref?: string;
  feedHref?: string;
  style: string;
}

const ogLocale = (lang: string): string => lang.replace('-', '_');

export function headHtml(h: HeadInput): string {
  const lines = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${esc(h.title)}</title>`,
    `<meta name="description" content="${esc(h.description)}">`,
  ];
  if (h.keywords) lines.push(`<meta name="keywords" content="${esc(h.keywords)}">`);
  if (h.robots) lines.push(`<meta name="robots" content="${esc(h.robots)}">`);
  if (h.canonical) lines.push(`<link rel="canonical" href="${esc(h.canonical)}">`);
  for (const a of h.alternates) lines.push(`<link rel="alternate" hreflang="${esc(a.lang)}" href="${esc(a.href)}">`);
  if (h.feedHref) lines.push(`<link rel="alternate" type="application/rss+xml" title="${esc(h.siteName)}" href="${esc(h.feedHref)}">`);
  if (h.iconHref) lines.push(`<link rel="icon" href="${esc(h.iconHref)}">`);
  lines.push(
    `<meta property="og:type" content="${h.ogType}">`,
    `<meta property="og:title" content="${esc(h.title)}">`,
    `<meta property="og:description" content="${esc(h.description)}">`,
    `<meta property="og:site_name" content="${esc(h.siteName)}">`,
    `<meta property="og:locale" content="${esc(ogLocale(h.lang))}">`,
  );
  if (h.canonical) lines.push(`<meta property="og:url" content="${esc(h.canonical)}">`);
  if (h.image) lines.push(`<meta property="og:image" content="${esc(h.image)}">`);
  for (const ld of h.jsonLd) {
    // "</" inside JSON would end the script element early
    lines.push(`<script type="application/ld+json">${JSON.stringify(ld).replace(/</g, '\\u003c')}</script>`);
  }
  lines.push(`<style>${h.style}</style>`);
  return lines.join('\n');
}

export const websiteLd = (name: string, url: string, description: string, lang: string): object => ({
  '@context': 'https://schema.org',
  '@type': 'WebSite',
  name,
  url,
  description,
  inLanguage: lang,
});

export const breadcrumbLd = (crumbs: Crumb[]): object => ({
  '@context': 'https://schema.org',
  '@type': 'BreadcrumbList',
  itemListElement: crumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: c.url })),
});

export interface ArticleLdInput {
  headline: string;
  description: string;
  url: string;
  image?: string;
  published?: string;
  modified?: string;
  author?: string;
  publisher: string;
  lang: string;
  keywords?: string;
  section: string;
}

export const articleLd = (a: ArticleLdInput): object => ({
  '@context': 'https://schema.org',
  '@type': 'Article',
  headline: a.headline,
  description: a.description,
  mainEntityOfPage: { '@type': 'WebPage', '@id': a.url },
  url: a.url,
  ...(a.image ? { image: [a.image] } : {}),
  ...(a.published ? { datePublished: a.published } : {}),
  ...(a.modified ? { dateModified: a.modified } : {}),
  author: { '@type': a.author ? 'Person' : 'Organization', name: a.author || a.publisher },
  publisher: { '@type': 'Organization', name: a.publisher },
  inLanguage: a.lang,
  articleSection: a.section,
  ...(a.keywords ? { keywords: a.keywords } : {}),
});

export interface SitemapEntry {
  loc: string;
  lastmod?: string;
}

export interface SitemapFile {
  path: string;
  xml: string;
}

const urlset = (entries: SitemapEntry[]): string =>
  `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${entries.map((e) => `<url><loc>${xmlText(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ''}</url>`).join('\n')}
</urlset>
`;

/**
 * sitemap.xml: one urlset up to `max` URLs; past that sitemap.xml is a sitemap
 * index of sitemap-1.xml, sitemap-2.xml, ... each with its newest lastmod.
 */
export function sitemaps(origin: string, entries: SitemapEntry[], max = SITEMAP_MAX_URLS): SitemapFile[] {
  if (entries.length <= max) return [{ path: 'sitemap.xml', xml: urlset(entries) }];
  const parts: SitemapFile[] = [];
  const index: SitemapEntry[] = [];
  for (let i = 0; i < entries.length; i += max) {
    const chunk = entries.slice(i, i + max);
    const path = `sitemap-${parts.length + 1}.xml`;
    parts.push({ path, xml: urlset(chunk) });
    index.push({ loc: `${origin}/${path}`, lastmod: newestOf(chunk) });
  }
  return [{ path: 'sitemap.xml', xml: sitemapIndex(index) }, ...parts];
}

const sitemapIndex = (entries: SitemapEntry[]): string => `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${entries.map((e) => `<sitemap><loc>${xmlText(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ''}</sitemap>`).join('\n')}
</sitemapindex>
`;

const newestOf = (entries: SitemapEntry[]) => entries.map((e) => e.lastmod ?? '').filter(Boolean).sort((a, b) => Date.parse(a) - Date.parse(b)).pop();

/**
 * The sitemap of a site whose URLs come in sections (pages, then one per column):
 * up to `split` URLs one sitemap.xml; past that sitemap.xml is an index of one
 * sitemap per section (sitemap-<section>.xml, chunked at `max` URLs), so a change
 * in one column rewrites that column's sitemap and the index only.
 */
export function sitemapSet(origin: string, sections: { name: string; entries: SitemapEntry[] }[], split = SITEMAP_SPLIT_URLS, max = SITEMAP_MAX_URLS): SitemapFile[] {
  const all = sections.flatMap((s) => s.entries);
  if (all.length <= Math.min(split, max)) return [{ path: 'sitemap.xml', xml: urlset(all) }];
  const parts: SitemapFile[] = [];
  const index: SitemapEntry[] = [];
  for (const s of sections) {
    if (s.entries.length === 0) continue;
    const chunks = Math.ceil(s.entries.length / max);
    for (let i = 0; i < chunks; i++) {
      const chunk = s.entries.slice(i * max, (i + 1) * max);
      const path = `sitemap-${s.name}${chunks > 1 ? `-${i + 1}` : ''}.xml`;
      parts.push({ path, xml: urlset(chunk) });
      index.push({ loc: `${origin}/${path}`, lastmod: newestOf(chunk) });
    }
  }
  return [{ path: 'sitemap.xml', xml: sitemapIndex(index) }, ...parts];
}

export const robotsTxt = (origin: string): string => `User-agent: *
Allow: /

Sitemap: ${origin}/sitemap.xml
`;

export interface FeedItem {
  title: string;
  link: string;
  description: string;
  pubDate?: string;
  author?: string;
  category: string;
}

export function rssFeed(channel: { title: string; link: string; description: string; lang: string; self: string }, items: FeedItem[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel>
<title>${xmlText(channel.title)}</title>
<link>${xmlText(channel.link)}</link>
<description>${xmlText(channel.description)}</description>
<language>${xmlText(channel.lang)}</language>
<atom:link href="${xmlText(channel.self)}" rel="self" type="application/rss+xml"/>
${items
  .map(
    (i) => `<item><title>${xmlText(i.title)}</title><link>${xmlText(i.link)}</link><guid isPermaLink="true">${xmlText(i.link)}</guid><description>${xmlText(i.description)}</description>${i.pubDate ? `<pubDate>${i.pubDate}</pubDate>` : ''}${i.author ? `<dc:creator>${xmlText(i.author)}</dc:creator>` : ''}<category>${xmlText(i.category)}</category></item>`,
  )
  .join('\n')}
</channel>
</rss>
`;
}
