// The URL patterns of a template page config (listPage: a column's page,
// detailsPage: an article's page) and of a custom page URL record: what the site
// renderer accepts (src-server/modules/content/deploy/site-paths.ts), what the
// back end stores and what the form allows are this one check.
// A pattern is a site path without leading "/", made of letters, digits and
// - _ . / plus the placeholders {cateId} and {id}; a column pattern names
// {cateId} (and not {id}), an article pattern names {id}, so every page gets a
// URL of its own; "." and ".." are no path segments.

export type PageKind = 'list' | 'details';

export type PatternProblem =
  /** empty */
  | 'required'
  /** longer than PAGE_PATTERN_MAX */
  | 'tooLong'
  /** a character other than letters, digits, - _ . / and the placeholders */
  | 'chars'
  /** a brace that is not {cateId} or {id}, or {id} in a column pattern */
  | 'placeholder'
  /** a column pattern without {cateId}, an article pattern without {id} */
  | 'missingVar'
  /** a "." or ".." path segment */
  | 'segment';

export const PAGE_PATTERN_MAX = 255;

/** the pattern as the renderer reads it: no leading "/", no doubled "/" */
export const cleanPattern = (raw: unknown): string =>
  String(raw ?? '')
    .trim()
    .replace(/^\/+/, '')
    .replace(/\/{2,}/g, '/');

/** What is wrong with a pattern, or null when the renderer uses it. */
export function pagePatternProblem(raw: unknown, kind: PageKind): PatternProblem | null {
  const p = cleanPattern(raw);
  if (p === '') return 'required';
  if (p.length > PAGE_PATTERN_MAX) return 'tooLong';
  if (!/^[A-Za-z0-9_\-/{}.]*$/.test(p)) return 'chars';
  const bare = p.replace(/\{cateId\}/g, '').replace(kind === 'details' ? /\{id\}/g : /(?!)/g, '');
  if (/[{}]/.test(bare)) return 'placeholder';
  if (!p.includes(kind === 'list' ? '{cateId}' : '{id}')) return 'missingVar';
  if (p.split('/').some((s) => s === '.' || s === '..')) return 'segment';
  return null;
}

/** The examples the form and the messages give, and the patterns the seeds use. */
export const DEFAULT_LIST_PATTERN = '{cateId}/';
export const DEFAULT_DETAILS_PATTERN = '{cateId}/{id}.html';
