// Which store a tenant's files go to, and where a recorded file is read from.
//
// New files of a tenant go to the 对象存储 row the tenant enabled (资源管理 ›
// 对象存储 › 启用: status 2, one per tenant): category 5 (本地存储, the seeded
// `local` row) is the data folder, categories 1-4 (minio, 七牛云, 阿里云, 腾讯云)
// the S3 API. A tenant with no enabled row writes to the data folder, as
// BladeX falls back to the deployment's own storage when a tenant configured
// none. Every file records the store it went to (content_upload.oss_id, an
// import task's options), so it is read from there after the tenant enables
// another one, through any instance.
//
// The stores are cached (one S3 client per row); the cache is cleared when a
// 对象存储 row is written, removed or enabled: CacheRegistry.clearAll, which
// reaches every instance of a team server through the cache bus. The secret
// key is kept sealed (SecretBox) and opened here only, never sent to a client.
import { sql, type Queries } from '../db/data-layer';
import type { CacheRegistry } from '../system/cache';
import type { SecretBox } from '../modules/content/shared/secrets';
import { LOCAL_STORE, type FileStore } from './file-store';
import { localFileStore } from './local-file-store';
import { s3FileStore } from './s3-file-store';

/** the category (dict `oss`) that is the data folder */
export const LOCAL_CATEGORY = 5;
/** status of the enabled configuration (BladeX: 2 enabled, 1 closed) */
const ENABLED = 2;

interface OssRow {
  id: string;
  category: number;
  oss_code: string;
  endpoint: string | null;
  access_key: string | null;
  secret_key: string | null;
  bucket_name: string | null;
  region: string | null;
}

const SEALED = 'v1:';

export class FileStores {
  /** the data folder */
  readonly local: FileStore;
  private readonly byTenant = new Map<string, Promise<string>>();
  private readonly stores = new Map<string, Promise<FileStore>>();

  constructor(
    private readonly data: Queries,
    dataDir: string,
    private readonly box: SecretBox,
    private readonly caches: CacheRegistry,
  ) {
    this.local = localFileStore(dataDir);
    caches.register(() => this.clear());
  }

  /** where the tenant's new files go */
  async forTenant(tenantId: string): Promise<FileStore> {
    let id = this.byTenant.get(tenantId);
    if (!id) {
      id = this.data
        .get(sql<{ id: string; category: number }>`SELECT id, category FROM blade_oss
          WHERE tenant_id = ${tenantId} AND status = ${ENABLED} AND is_deleted = 0 ORDER BY update_time DESC, id LIMIT 1`)
        .then((row) => (!row || Number(row.category) === LOCAL_CATEGORY ? LOCAL_STORE : row.id));
      this.byTenant.set(tenantId, id);
      id.catch(() => this.byTenant.delete(tenantId));
    }
    return this.byId(await id);
  }

  /** the store a file recorded with `id` lives in (null, '' or 'local': the data folder) */
  async byId(id: string | null | undefined): Promise<FileStore> {
    if (!id || id === LOCAL_STORE) return this.local;
    let store = this.stores.get(id);
    if (!store) {
      store = this.open(id);
      this.stores.set(id, store);
      store.catch(() => this.stores.delete(id));
    }
    return store;
  }

  private async open(id: string): Promise<FileStore> {
    // a removed or disabled row still says where the files written to it are
    const row = await this.data.get(sql<OssRow>`SELECT id, category, oss_code, endpoint, access_key, secret_key, bucket_name, region FROM blade_oss WHERE id = ${id}`);
    if (!row) throw new Error(`对象存储配置不存在: ${id}`);
    if (Number(row.category) === LOCAL_CATEGORY) return this.local;
    return s3FileStore({
      id: row.id,
      code: row.oss_code,
      category: Number(row.category),
      endpoint: row.endpoint ?? '',
      accessKey: row.access_key ?? '',
      secretKey: this.openSecret(row.secret_key),
      bucket: row.bucket_name ?? '',
      region: row.region,
    });
  }

  /** a 对象存储 secret key as stored: sealed with the install's key */
  sealSecret(plain: string): string {
    return this.box.seal(plain);
  }

  /** a stored secret key in clear (rows saved before it was sealed hold it in clear) */
  openSecret(stored: string | null): string {
    if (!stored) return '';
    return stored.startsWith(SEALED) ? this.box.open(stored) : stored;
  }

  /** a 对象存储 row changed: every instance drops its stores (through `q`, at its commit) */
  async changed(q?: Queries): Promise<void> {
    await this.caches.clearAll(q);
  }

  private clear(): void {
    const open = [...this.stores.values()];
    this.stores.clear();
    this.byTenant.clear();
    // a dropped store may still be streaming a file to a reader: its connections go a while later
    const later = setTimeout(() => {
      for (const store of open) store.then((s) => s.close(), () => undefined);
    }, 120_000);
    later.unref();
  }
}
