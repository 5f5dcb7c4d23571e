// What rendering a website yields: its files (bytes, or a fingerprint and a
// way to render them when a deploy needs them) and where the site is served.
/**
 * One file of a rendered site: its bytes, or (article pages, the bulk of a
 * site) a `key` fingerprinting everything the page is made from and a
 * `render` that makes it: a deploy whose previous release has the same key
 * for the path keeps that file without rendering it again.
 */
export interface SiteFile {
  /** path inside the release, no leading "/" */
  path: string;
  data?: Buffer;
  key?: string;
  render?: () => Promise<Buffer>;
}

/** The bytes of a file, rendering it if needed. */
export const bytesOf = async (f: SiteFile): Promise<Buffer> => f.data ?? (await f.render!());

export interface RenderedSite {
  host: string;
  origin: string;
  files: SiteFile[];
  pages: number;
  articles: number;
}

