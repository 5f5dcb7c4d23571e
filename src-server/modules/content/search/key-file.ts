// The IndexNow key file at the root of every release of a website whose IndexNow
// is switched on (engines/indexnow.ts keyFile: `<key>.txt` holding the key). The
// deployer adds it to the rendered site's files (deploy/site-deployer.ts), so it is
// in every manifest: an incremental release keeps it, and a key the operator
// changed gives the new file (and drops the old one) in the next release.
import { sql, type Queries } from '../../../db/data-layer';
import { INDEXNOW_KEY_PATTERN } from '../../../../src-shared/search-engines';
import type { SiteFile } from '../deploy/site-files';
import { keyFile } from './engines/indexnow';

/** the website's key file, when its IndexNow is switched on with a valid key */
export async function indexNowKeyFile(q: Queries, websiteId: string): Promise<SiteFile | undefined> {
  const s = await q.get(sql<{ indexnow_on: number; indexnow_key: string | null }>`SELECT indexnow_on, indexnow_key FROM search_site WHERE id = ${websiteId} AND is_deleted = 0`);
  const key = String(s?.indexnow_key ?? '').trim();
  if (!s || Number(s.indexnow_on) !== 1 || !INDEXNOW_KEY_PATTERN.test(key)) return undefined;
  const f = keyFile(key);
  return { path: f.path, data: Buffer.from(f.text) };
}

/** the rendered files with the key file added (a page of the site at that path stays: the site's own file wins) */
export function withKeyFile(files: SiteFile[], key: SiteFile | undefined): SiteFile[] {
  if (!key || files.some((f) => f.path === key.path)) return files;
  return [...files, key];
}
