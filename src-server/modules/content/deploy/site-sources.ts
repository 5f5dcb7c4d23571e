// Where a rendered website's pages come from, besides its own rows: the host
// and origin it is served on, its URL patterns, its language siblings (for
// hreflang alternates) and the articles' contents, read when a page is rendered.
import { sql, type DataLayer } from '../../../db/data-layer';
import { liveRow } from '../shared/lookups';
import { articlePattern, categoryPattern, DEFAULT_ARTICLE_PATTERN, DEFAULT_CATEGORY_PATTERN } from './site-paths';

type Rec = Record<string, unknown>;

/** The host name a website is served on: subdomain.domain (resolve type 0) or the domain (type 1). */
export function siteHost(site: Rec, domain: string): string {
  return site.type === 0 && site.subdomain ? `${String(site.subdomain)}.${domain}` : domain;
}

/** https when the website's certificate is issued (isSsl 1). */
export const siteOrigin = (site: Rec, host: string): string => `${site.is_ssl === 1 ? 'https' : 'http'}://${host}`;

/** A BCP 47 tag for the website's language (dictionary lang keys already are). */
export const langTag = (v: unknown): string => {
  const s = String(v ?? '').trim();
  return /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(s) ? s : 'zh-CN';
};

/**
 * Reads article contents by id: the ids asked for in one turn (the pages a publish renders side by side) are read
 * in one query.
 */
export function contentReader(data: DataLayer): (id: unknown) => Promise<string | null> {
  let pending: { ids: Set<string>; rows: Promise<Map<string, string | null>> } | undefined;
  return async (id) => {
    if (!pending) {
      const ids = new Set<string>();
      const rows = Promise.resolve().then(async () => {
        pending = undefined;
        const found = await data.all(sql<{ id: string; content: string | null }>`SELECT id, content FROM article WHERE id IN (${sql.join([...ids])})`);
        return new Map(found.map((r) => [r.id, r.content]));
      });
      pending = { ids, rows };
    }
    pending.ids.add(String(id));
    return (await pending.rows).get(String(id)) ?? null;
  };
}

/** The column and article URL patterns of a website: its custom page URL record, else the column's template page config, else the defaults. */
export async function urlPatterns(data: DataLayer, siteId: string, tenantId: string): Promise<(cate: Rec) => { category: string; article: string }> {
  const custom = (await data.all(sql<Rec>`SELECT category_url, article_url FROM custom_page_url
    WHERE tenant_id = ${tenantId} AND is_deleted = 0 AND website_info_id = ${siteId} ORDER BY create_time DESC, id DESC LIMIT 1`))[0];
  // the tenant's page configs (a handful), for the columns that name one
  const pageConfigs = new Map(
    (await data.all(sql<Rec>`SELECT * FROM template_page_config WHERE tenant_id = ${tenantId} AND is_deleted = 0`)).map((r) => [String(r.id), r]),
  );
  return (cate: Rec) => {
    const cfg: Rec | undefined = cate.page_id ? (pageConfigs.get(String(cate.page_id)) ?? {}) : undefined;
    return {
      category: categoryPattern(custom?.category_url) ?? categoryPattern(cfg?.list_page) ?? DEFAULT_CATEGORY_PATTERN,
      article: articlePattern(custom?.article_url) ?? articlePattern(cfg?.details_page) ?? DEFAULT_ARTICLE_PATTERN,
    };
  };
}

/** Websites associated with the same domain(s) as this one (website associations in status 0), one per language, this one included. */
export async function languageSiblings(data: DataLayer, site: Rec, tenantId: string): Promise<{ site: Rec; lang: string; origin: string }[]> {
  const assoc = await data.all(sql<Rec>`SELECT DISTINCT w.* FROM website_associa a
       JOIN website_associa b ON b.domain_id = a.domain_id AND b.tenant_id = a.tenant_id AND b.is_deleted = 0 AND b.status = 0
       JOIN website_info w ON w.id = b.website_info_id AND w.tenant_id = b.tenant_id AND w.is_deleted = 0
      WHERE a.tenant_id = ${tenantId} AND a.is_deleted = 0 AND a.status = 0 AND a.website_info_id = ${String(site.id)}
      ORDER BY w.create_time, w.id`);
  const out: { site: Rec; lang: string; origin: string }[] = [];
  for (const w of assoc) {
    const lang = langTag(w.website_lang);
    if (out.some((o) => o.lang.toLowerCase() === lang.toLowerCase())) continue;
    const dom = w.domain_info_id ? await liveRow(data, 'domain_info', String(w.domain_info_id), tenantId) : undefined;
    if (!dom) continue;
    out.push({ site: w, lang, origin: siteOrigin(w, siteHost(w, String(dom.domain))) });
  }
  // alternates only make sense across two languages or more, and must include the page itself
  return out.length > 1 && out.some((o) => o.site.id === site.id) ? out : [];
}

