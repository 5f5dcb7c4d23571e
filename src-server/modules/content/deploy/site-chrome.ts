// What every page of a rendered website shares around its content: the
// stylesheet, the custom pages linked from the footer and safe links.
type Rec = Record<string, unknown>;

/** Custom pages from template configs: type -> path and default title (dictionary template_config_type). */
export const CUSTOM_PAGES: Record<number, { path: string; title: string }> = {
  1: { path: '/about/', title: '关于我们' },
  2: { path: '/contact/', title: '联系我们' },
  3: { path: '/introduction/', title: '网站介绍' },
};

export const STYLE =
  'body{font-family:sans-serif;margin:0;line-height:1.6;color:#222}header,footer,main{padding:16px 24px}nav a{display:inline-block;margin:0 16px 8px 0;padding:4px 0}.site-name{font-size:1.5em;font-weight:bold;margin:8px 0}.banner img{max-width:100%;height:auto}.goods{display:flex;gap:16px;flex-wrap:wrap}.layout{display:flex;gap:24px}.layout>.content{flex:1;min-width:0}.advert-side{width:240px}.article img{max-width:100%;height:auto}.advert{padding:8px 24px;background:#fafafa}.articles li{margin-bottom:8px}.pager a{margin-right:12px}.breadcrumb a{margin-right:4px}@media(max-width:700px){.layout{display:block}.advert-side{width:auto}}';

/** The title of a custom page: its config row keyed "title", if any. */
export function customTitle(configs: Rec[], type: number): string | undefined {
  const row = configs.find((c) => c.type === type && c.config_key === 'title');
  return row?.config_value ? String(row.config_value) : undefined;
}

/** http(s) links as they are; site-relative ones made relative to the page; anything else (javascript:...) becomes '#'. */
export function safeHref(v: unknown, rel: (sitePath: string) => string): string {
  const s = String(v ?? '').trim();
  if (/^https?:\/\//i.test(s)) return s;
  if (s.startsWith('/') && !s.startsWith('//')) return rel(s);
  return '#';
}

