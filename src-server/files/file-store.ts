// Where the back end keeps files (uploads, material images, import sources):
// the data folder (local-file-store.ts, the embedded default) or the object
// storage enabled in 资源管理 › 对象存储 (s3-file-store.ts: MinIO, Aliyun OSS,
// Tencent COS and Qiniu all speak the S3 API), chosen per tenant by
// file-stores.ts. A key is a folder and a file name: `upload/<32 hex>.<ext>`,
// `imports/<task id>.txt`, the same layout in both, so the data folder's
// existing files (and backups of it) stay where they were.
import type { Readable } from 'node:stream';
import { ServiceError } from '../http/reply';
import type { MessageKey, NestedMessage } from '../../src-shared/messages';

/** What a stored file is: its size in bytes and its content type. */
export interface StoredFile {
  size: number;
  contentType: string;
}

export interface FileStore {
  /** 'local' for the data folder, else the id of its 对象存储 row (recorded with every file written to it) */
  readonly id: string;
  /** how the operator knows it: `数据目录`, or the row's 资源编号 and address (never a key) */
  readonly label: string;
  /** the label as a message (file.dataFolder / file.objectStorage), read in the reader's language */
  readonly labelMessage: NestedMessage;
  /** writes a file whole (a stream must deliver exactly `size` bytes) */
  put(key: string, body: Buffer | Readable, o: StoredFile): Promise<void>;
  /** the file as a stream with its size and type, or null when there is none under `key` */
  get(key: string): Promise<(StoredFile & { body: Readable }) | null>;
  /** the file's size and type, or null when there is none under `key` */
  head(key: string): Promise<StoredFile | null>;
  /** removes the file (nothing when there is none) */
  delete(key: string): Promise<void>;
  /** the files whose keys start with `prefix`, by key */
  list(prefix: string): Promise<{ key: string; size: number }[]>;
  /** lets go of connections (a store dropped from the cache) */
  close(): void;
}

/** the store id of the data folder */
export const LOCAL_STORE = 'local';

const KEY = /^[a-z]+\/[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;

/** `key` as given when it is a folder and a plain file name (no traversal, nothing absolute); else throws. */
export function checkedKey(key: string): string {
  if (!KEY.test(key) || key.includes('..')) throw new Error(`not a file key: ${key.slice(0, 80)}`);
  return key;
}

/** Reads a stored file whole (small files: a keyword list, an image). */
export async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body as AsyncIterable<Buffer>) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** what was being done when a store failed, as the operator reads it (zh; its message by FILE_ACTIONS) */
export type FileAction = '上传失败' | '读取失败' | '删除失败';
const FILE_ACTIONS: Record<FileAction, MessageKey> = { 上传失败: 'file.uploadFailed', 读取失败: 'file.readFailed', 删除失败: 'file.deleteFailed' };

/**
 * The reason a store refused or could not be reached, for the operator (HTTP 400 with it in `msg`): the store's
 * label and what it answered (an S3 error code and HTTP status, or the network error), never a key.
 */
export function storeFailure(store: Pick<FileStore, 'labelMessage'>, action: FileAction, err: unknown): ServiceError {
  return new ServiceError({ key: FILE_ACTIONS[action], params: { store: store.labelMessage, reason: failureReason(err) } });
}

function failureReason(err: unknown): NestedMessage {
  const e = err as { name?: string; code?: string; message?: string; $metadata?: { httpStatusCode?: number }; cause?: { code?: string } };
  const status = e?.$metadata?.httpStatusCode;
  const name = e?.name && e.name !== 'Error' ? e.name : '';
  if (name === 'SignatureDoesNotMatch' || name === 'InvalidAccessKeyId' || name === 'AccessDenied' || status === 403)
    return { key: 'file.storeDenied', params: { name: name || 'AccessDenied', status: status ?? 403 } };
  if (name === 'NoSuchBucket') return { key: 'file.storeNoBucket', params: { status: status ?? 404 } };
  if (status) return name ? { key: 'file.storeHttpNamed', params: { status, name } } : { key: 'file.storeHttp', params: { status } };
  const code = e?.code ?? e?.cause?.code;
  if (name === 'TimeoutError' || code === 'ETIMEDOUT' || name === 'RequestTimeout') return { key: 'file.storeTimeout' };
  if (code) return { key: 'file.storeUnreachable', params: { code: String(code).slice(0, 80) } };
  return { key: 'file.storeError', params: { detail: (e?.message ?? String(err)).slice(0, 200) } };
}
