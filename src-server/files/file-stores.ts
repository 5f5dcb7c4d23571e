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
// reaches every instance of a team server through the cache bus. An upload
// also reads the tenant's enabled row itself (one indexed query), so it never
// writes to a store disabled or changed through another instance a moment
// before that instance's notification arrived. The secret key is kept sealed
// (SecretBox) and opened here only, never sent to a client.
import { sql, type Queries } from '../db/data-layer';
import type { CacheRegistry } from '../system/cache';
import type { SecretBox } from '../util/secret-box';
import { LOCAL_STORE, type FileStore } from './file-store';
import { ReasonError } from '../http/reasons';
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
const COLUMNS = 'id, category, oss_code, endpoint, access_key, secret_key, bucket_name, region';

export class FileStores {
  /** the data folder */
  readonly local: FileStore;
  /** the S3 stores opened, by row id, with the settings they were opened with */
  private readonly stores = new Map<string, { settings: string; store: FileStore }>();

  constructor(
    private readonly data: Queries,
    dataDir: string,
    private readonly box: SecretBox,
    private readonly caches: CacheRegistry,
  ) {
    this.local = localFileStore(dataDir);
    caches.register(() => this.clear());
  }

  /**
   * Where the tenant's new files go. The enabled row is read on every upload (one indexed query), so a store
   * enabled or changed through another instance a moment ago is the one written to; its S3 client is reused
   * while the row's settings are those it was opened with.
   */
  async forTenant(tenantId: string): Promise<FileStore> {
    const row = await this.data.get(sql<OssRow>`SELECT ${sql.raw(COLUMNS)} FROM blade_oss
      WHERE tenant_id = ${tenantId} AND status = ${ENABLED} AND is_deleted = 0 ORDER BY update_time DESC, id LIMIT 1`);
    return row ? this.storeOf(row) : this.local;
  }

  /**
   * The store a file recorded with `id` lives in (null, '' or 'local': the data folder). Reads use the store
   * cached for the row until a change of 对象存储 clears the cache (on every instance, through the cache bus).
   */
  async byId(id: string | null | undefined): Promise<FileStore> {
    if (!id || id === LOCAL_STORE) return this.local;
    const cached = this.stores.get(id);
    if (cached) return cached.store;
    // a removed or disabled row still says where the files written to it are
    const row = await this.data.get(sql<OssRow>`SELECT ${sql.raw(COLUMNS)} FROM blade_oss WHERE id = ${id}`);
    if (!row) throw new ReasonError({ key: 'file.storeConfigMissing', params: { id } });
    return this.storeOf(row);
  }

  private storeOf(row: OssRow): FileStore {
    if (Number(row.category) === LOCAL_CATEGORY) return this.local;
    const settings = JSON.stringify([row.category, row.oss_code, row.endpoint, row.access_key, row.secret_key, row.bucket_name, row.region]);
    const cached = this.stores.get(row.id);
    if (cached?.settings === settings) return cached.store;
    if (cached) this.closeLater([cached.store]);
    const store = s3FileStore({
      id: row.id,
      code: row.oss_code,
      category: Number(row.category),
      endpoint: row.endpoint ?? '',
      accessKey: row.access_key ?? '',
      secretKey: this.openSecret(row.secret_key),
      bucket: row.bucket_name ?? '',
      region: row.region,
    });
    this.stores.set(row.id, { settings, store });
    return store;
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

  /**
   * Seals the secret keys rows saved before they were sealed still hold in clear (once per start; the built-in
   * local storage's placeholder `-` stays). Each row is sealed only if it still holds what was read.
   */
  async sealClearSecrets(): Promise<number> {
    const clear = await this.data.all(sql<{ id: string; secret_key: string }>`SELECT id, secret_key FROM blade_oss
      WHERE secret_key IS NOT NULL AND secret_key <> '' AND secret_key <> '-' AND secret_key NOT LIKE 'v1:%'`);
    let sealed = 0;
    for (const row of clear)
      sealed += await this.data.run(sql`UPDATE blade_oss SET secret_key = ${this.box.seal(row.secret_key)} WHERE id = ${row.id} AND secret_key = ${row.secret_key}`);
    if (sealed) await this.changed();
    return sealed;
  }

  /** a 对象存储 row changed: every instance drops its stores (through `q`, at its commit) */
  async changed(q?: Queries): Promise<void> {
    await this.caches.clearAll(q);
  }

  private clear(): void {
    const open = [...this.stores.values()].map((c) => c.store);
    this.stores.clear();
    this.closeLater(open);
  }

  /** a dropped store may still be streaming a file to a reader: its connections go a while later */
  private closeLater(stores: FileStore[]): void {
    if (stores.length === 0) return;
    const later = setTimeout(() => {
      for (const store of stores) store.close();
    }, 120_000);
    later.unref();
  }
}
