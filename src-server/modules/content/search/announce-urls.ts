// What an announcement tells the engines: the URLs of a release's changed files.
// A release's diff (deploy/release-manifest.ts ReleaseDiff) names files; the
// engines take URLs of pages and sitemaps: `x/index.html` is the page `x/`,
// `index.html` the home `/`, other `.html` files themselves, `sitemap.xml` and its
// parts (`sitemap-<part>.xml`) at the root. Stylesheets, scripts, images,
// robots.txt, feed.xml, the key file and the 404 page are never announced.
// The diff rides to the job in search_announce.paths, gzipped (a first deploy of
// a large site names 100,000 paths: one compact value written with the deploy's
// record, not a row per path inside the deploy's transaction).
import { gunzipSync, gzipSync } from 'node:zlib';
import type { UrlChange } from '../../../../src-shared/search-engines';
import type { ReleaseDiff } from '../deploy/release-manifest';

/** a root sitemap or one of its parts */
const SITEMAP_RE = /^sitemap(-[A-Za-z0-9._-]+)?\.xml$/;

/** whether a file of a release is announced: a page (not the 404 page) or a sitemap */
export function announceable(path: string): boolean {
  if (SITEMAP_RE.test(path)) return true;
  return path.endsWith('.html') && path !== '404.html';
}

/** the site's sitemap (the file Google is given) */
export const SITEMAP_PATH = 'sitemap.xml';

/** a file's URL on `origin`: `x/index.html` -> `<origin>/x/`, `index.html` -> `<origin>/` */
export function urlOf(origin: string, path: string): string {
  const page = path === 'index.html' ? '' : path.endsWith('/index.html') ? path.slice(0, -'index.html'.length) : path;
  // percent-encodes what a URL cannot hold as it is (a page path in Chinese)
  return new URL(`/${page}`, `${origin.replace(/\/+$/, '')}/`).href;
}

/** the announceable part of a diff */
export function announceableDiff(diff: ReleaseDiff): ReleaseDiff {
  return { added: diff.added.filter(announceable), changed: diff.changed.filter(announceable), removed: diff.removed.filter(announceable) };
}

/** how many URLs a diff announces */
export const diffSize = (diff: ReleaseDiff): number => diff.added.length + diff.changed.length + diff.removed.length;

/** a diff as search_announce.paths keeps it: gzipped JSON, base64 */
export function packDiff(diff: ReleaseDiff): string {
  return gzipSync(JSON.stringify(diff)).toString('base64');
}

export function unpackDiff(text: unknown): ReleaseDiff {
  if (typeof text !== 'string' || !text) return { added: [], changed: [], removed: [] };
  const d = JSON.parse(gunzipSync(Buffer.from(text, 'base64')).toString('utf8')) as Partial<ReleaseDiff>;
  return { added: d.added ?? [], changed: d.changed ?? [], removed: d.removed ?? [] };
}

/** One URL to announce and what the release did to it. */
export interface AnnouncedUrl {
  url: string;
  change: UrlChange;
}

/** the URLs of a diff's announceable paths on `origin`, each once */
export function urlsOf(origin: string, diff: ReleaseDiff): AnnouncedUrl[] {
  const seen = new Set<string>();
  const out: AnnouncedUrl[] = [];
  const take = (paths: string[], change: UrlChange) => {
    for (const p of paths) {
      if (!announceable(p)) continue;
      const url = urlOf(origin, p);
      if (seen.has(url)) continue;
      seen.add(url);
      out.push({ url, change });
    }
  };
  take(diff.added, 'added');
  take(diff.changed, 'changed');
  take(diff.removed, 'removed');
  return out;
}
