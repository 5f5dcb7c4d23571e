// The uploaded images a deployed site carries (assets/<stored name>): each is
// read from the store that holds it (the tenant's 对象存储 or the data folder,
// content_upload.oss_id; files/file-stores.ts), through whichever instance runs
// the deploy. The stores of a site's images are looked up in one query of the
// tenant's uploads by name; a name without a record is a file the data folder
// had before records named the store (or the sample matrix's), used when it is
// there. An image that cannot be read fails the site's deploy with the store's
// reason. No transaction is open while a store is read.
import { sql, type Queries } from '../../../db/data-layer';
import { ServiceError } from '../../../http/reply';
import type { NestedMessage } from '../../../../src-shared/messages';
import { LOCAL_STORE, readAll, storeFailure } from '../../../files/file-store';
import type { FileStores } from '../../../files/file-stores';
import { storedPath, uploadKey, uploadName } from '../shared/uploads';

/** how many names one query asks for (a site of thousands of articles with images asks in several) */
const NAMES_PER_QUERY = 500;

/**
 * The store (id; 'local' for the data folder) of each of these upload names the site may carry, by name: the
 * tenant's records, else the data folder when the file is there. Names neither recorded nor in the data folder are
 * left out (their links stay as written).
 */
export async function uploadStores(data: Queries, dataDir: string, tenantId: string, links: Iterable<unknown>): Promise<Map<string, string>> {
  const names = [...new Set([...links].map(uploadName).filter((n): n is string => n !== null))];
  const out = new Map<string, string>();
  for (let i = 0; i < names.length; i += NAMES_PER_QUERY) {
    const rows = await data.all(sql<{ name: string; oss_id: string | null }>`SELECT name, oss_id FROM content_upload
      WHERE tenant_id = ${tenantId} AND name IN (${sql.join(names.slice(i, i + NAMES_PER_QUERY))})`);
    for (const r of rows) out.set(r.name, r.oss_id || LOCAL_STORE);
  }
  for (const name of names) if (!out.has(name) && storedPath(dataDir, name)) out.set(name, LOCAL_STORE);
  return out;
}

/** The bytes of an upload from its store; a ServiceError with the store's reason when it cannot be read. */
export async function readUpload(files: FileStores, name: string, storeId: string): Promise<Buffer> {
  const failed = (reason: NestedMessage | string) => new ServiceError({ key: 'deploy.renderFailed', params: { reason: { key: 'deploy.imageFailed', params: { name, reason } } } });
  let store;
  try {
    store = await files.byId(storeId);
  } catch (err) {
    throw failed({ key: 'deploy.imageReadFailed', params: { detail: (err as Error).message.slice(0, 400) } });
  }
  try {
    const file = await store.get(uploadKey(name));
    if (file) return await readAll(file.body);
  } catch (err) {
    const refused = storeFailure(store, '读取失败', err);
    throw failed(refused.keyed ?? refused.message);
  }
  throw failed({ key: 'deploy.imageNotInStore', params: { store: store.label } });
}
