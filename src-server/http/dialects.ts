// One route table, two dialects. Every endpoint is registered once, at the
// spec's path; the stock BladeX / SpringBlade service prefixes reach the same
// handlers by rewriting the URL before routing (Fastify rewriteUrl), so access
// checks, validation and handlers are shared. The stock sign-in endpoints
// (/blade-auth/token, /captcha, /logout) are real routes (auth/stock-routes.ts).
//
//   both  (default) spec and stock paths
//   stock only the stock dialect: the spec's own prefixes answer 404 (to run
//         this console against "a stock back end" in tests)
export type Dialect = 'both' | 'stock';

/** stock prefix -> the spec's prefix it is served by */
export const STOCK_PREFIXES: readonly (readonly [string, string])[] = [
  ['/api/blade-system/', '/api/website-blade-system/'],
  ['/api/blade-user/', '/api/website-blade-system/user/'],
  ['/api/blade-desk/notice/', '/api/website-blade-desk/notice/'],
  ['/api/blade-log/api/', '/api/blade-log/'],
];

/** Whether a request was sent on a stock prefix (its URL before the rewrite): a stock console. */
export const onStockPath = (originalUrl: string): boolean => STOCK_PREFIXES.some(([stock]) => originalUrl.startsWith(stock));

/** Paths that exist only in the spec's dialect (404 in stock mode). */
const SPEC_ONLY = [
  /^\/api\/website-blade-/,
  /^\/api\/seo-blade-/,
  /^\/api\/blade-material\//,
  /^\/api\/blade-auth\/oauth\//,
  /^\/api\/blade-log\/(list|detail)(\?|$)/,
];

const NOT_SERVED = '/api/__not-in-this-dialect__';

export function rewriteForDialect(url: string, dialect: Dialect): string {
  if (dialect === 'stock' && SPEC_ONLY.some((re) => re.test(url))) return NOT_SERVED;
  for (const [stock, spec] of STOCK_PREFIXES) {
    if (url.startsWith(stock)) return spec + url.slice(stock.length);
  }
  return url;
}
