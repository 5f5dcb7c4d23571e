// Clean URLs of a rendered website. A website's custom page URL record
// (categoryUrl, articleUrl) decides the paths of its columns and articles; a
// column without one takes its template page config's list/details pattern;
// otherwise columns live at /<cateId>/ and articles at /<cateId>/<id>.html.
// Patterns use {cateId} and {id}; a pattern ending in "/" (or without an
// extension) is a folder served by its index.html, anything else a file.
// A pattern the page config's form would refuse (src-shared/page-patterns.ts:
// {cateId} missing from a column pattern, {id} from an article pattern, other
// characters or placeholders, "." segments) is ignored.
import { cleanPattern, DEFAULT_DETAILS_PATTERN, DEFAULT_LIST_PATTERN, pagePatternProblem } from '../../../../src-shared/page-patterns';

export const DEFAULT_CATEGORY_PATTERN = DEFAULT_LIST_PATTERN;
export const DEFAULT_ARTICLE_PATTERN = DEFAULT_DETAILS_PATTERN;

export interface PathPatterns {
  category: string;
  article: string;
}

const safeSegment = (v: string): string => v.replace(/[^A-Za-z0-9_.-]/g, '-');

/** A usable column pattern, or undefined (the check the page config's form and back end apply: src-shared/page-patterns.ts). */
export function categoryPattern(raw: unknown): string | undefined {
  return pagePatternProblem(raw, 'list') ? undefined : cleanPattern(raw);
}

/** A usable article pattern, or undefined. */
export function articlePattern(raw: unknown): string | undefined {
  return pagePatternProblem(raw, 'details') ? undefined : cleanPattern(raw);
}

/** The URL path (leading "/") a pattern gives, e.g. "/news/12/". */
export function urlPath(pattern: string, vars: { cateId: string; id?: string }): string {
  let p = pattern.replace(/\{cateId\}/g, safeSegment(vars.cateId)).replace(/\{id\}/g, safeSegment(vars.id ?? ''));
  const last = p.split('/').pop() ?? '';
  if (p !== '' && !p.endsWith('/') && !last.includes('.')) p += '/';
  return `/${p}`;
}

/** The file a URL path is stored in: folders get index.html. */
export function filePath(url: string): string {
  const p = url.replace(/^\/+/, '');
  return p === '' || p.endsWith('/') ? `${p}index.html` : p;
}

/** A relative link from the page at `fromUrl` to `toUrl` (both site paths), so the output works on any host and under a preview prefix. */
export function relativeHref(fromUrl: string, toUrl: string): string {
  const fromDir = fromUrl.endsWith('/') ? fromUrl : fromUrl.slice(0, fromUrl.lastIndexOf('/') + 1);
  const up = fromDir.split('/').filter(Boolean).length;
  const rel = '../'.repeat(up) + toUrl.replace(/^\/+/, '');
  return rel === '' ? './' : rel;
}
