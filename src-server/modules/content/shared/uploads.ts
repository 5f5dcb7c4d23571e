// The upload pipeline of the embedded back end (BladeX oss endpoint dialect):
// POST /blade-resource/oss/endpoint/put-file (multipart `file`) checks type
// (extension AND content) and size on the server, then stores the bytes as
// `upload/<name>` in the tenant's store (the 对象存储 it enabled, else the data
// folder: files/file-stores.ts) and records the store with the file
// (content_upload.oss_id); GET /blade-resource/oss/endpoint/file/<name> streams
// them back from there, through any instance.
// An optional `scene` query names the limits of the form that uploads (template
// image, material image, cover, avatar, keyword file); the default is any image
// up to 10 MB.
// Attachments of other types (documents, archives) come through put-file-attach
// (admin/resources.ts, the object storage's limits) and are stored the same way
// (`saveUpload`). A stored file that is not an image is served as a download
// under its original name.
import { randomUUID } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql, type Queries } from '../../../db/data-layer';
import { fail, ok, ServiceError } from '../../../http/reply';
import { storeFailure, type FileStore } from '../../../files/file-store';
import type { FileStores } from '../../../files/file-stores';
import { callerOf } from '../../../http/auth-user';
import type { Clock } from '../../../util/clock';
import { formatDateTime } from '../../../util/dates';
import { allow } from '../../../http/access-policy';
import { readerLanguage } from '../../../http/reasons';
import { messageText } from '../../../../src-shared/messages';

export const PUT_FILE = '/blade-resource/oss/endpoint/put-file';
export const FILE_ROUTE = '/blade-resource/oss/endpoint/file';
export const UPLOAD_DIR = 'upload';

export interface UploadScene {
  exts: string[];
  maxBytes: number;
  /** a message key (the content scenes), or a text (a scene whose limits are configured) */
  typeMessage: string;
  sizeMessage: string;
}

const MB = 1024 * 1024;
export const SCENES: Record<string, UploadScene> = {
  image: { exts: ['jpg', 'jpeg', 'png', 'gif', 'ico', 'webp'], maxBytes: 10 * MB, typeMessage: 'upload.imageType', sizeMessage: 'upload.imageSize' },
  template: { exts: ['jpg', 'jpeg', 'png'], maxBytes: 5 * MB, typeMessage: 'upload.templateType', sizeMessage: 'upload.templateSize' },
  material: { exts: ['jpg', 'jpeg', 'png', 'ico'], maxBytes: 1 * MB, typeMessage: 'upload.materialType', sizeMessage: 'upload.materialSize' },
  cover: { exts: ['jpg', 'jpeg', 'png'], maxBytes: 1 * MB, typeMessage: 'upload.coverType', sizeMessage: 'upload.coverSize' },
  avatar: { exts: ['jpg', 'jpeg', 'png'], maxBytes: 500 * 1024, typeMessage: 'upload.avatarType', sizeMessage: 'upload.avatarSize' },
  keyword: { exts: ['txt'], maxBytes: 51200 * 1024, typeMessage: 'upload.txtOnly', sizeMessage: 'upload.keywordSize' },
};

export const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', ico: 'image/x-icon', webp: 'image/webp',
  txt: 'text/plain; charset=utf-8',
};

/** The file's real kind from its first bytes (images), so a renamed file is refused. */
export function sniff(bytes: Buffer): string | null {
  const hex = bytes.subarray(0, 12).toString('hex');
  if (hex.startsWith('89504e470d0a1a0a')) return 'png';
  if (hex.startsWith('ffd8ff')) return 'jpg';
  if (hex.startsWith('47494638')) return 'gif';
  if (hex.startsWith('00000100')) return 'ico';
  if (hex.startsWith('52494646') && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  return null;
}

const extOf = (name: string): string => {
  const i = name.lastIndexOf('.');
  return i < 0 ? '' : name.slice(i + 1).toLowerCase();
};

/** Checks a file against a scene; returns the stored extension or throws the scene's message. */
export function checkUpload(scene: UploadScene, originalName: string, bytes: Buffer): string {
  const ext = extOf(originalName);
  if (!scene.exts.includes(ext)) throw new ServiceError(scene.typeMessage);
  if (ext !== 'txt') {
    const real = sniff(bytes);
    const same = real === ext || (real === 'jpg' && ext === 'jpeg');
    if (!same) throw new ServiceError(scene.typeMessage);
  }
  if (bytes.length > scene.maxBytes) throw new ServiceError(scene.sizeMessage);
  if (bytes.length === 0) throw new ServiceError('upload.failed');
  return ext;
}

const NAME = /^[0-9a-f]{32}\.[a-z0-9]{1,5}$/;

/** The stored name an upload's link (or name) refers to, or null when it is not an upload's (any other URL). */
export function uploadName(nameOrLink: unknown): string | null {
  const name = String(nameOrLink ?? '').split(/[?#]/)[0]!.split('/').pop() ?? '';
  return NAME.test(name) ? name : null;
}

/**
 * The stored file's path in the data folder for a served name, or null (unknown, not there, or not a plain
 * stored name: no traversal). Only for files known to be in the data folder (files without a record: from
 * before records named the store, the sample matrix's); a recorded upload's store is `uploadedFile`'s.
 */
export function storedPath(dataDir: string, name: string): string | null {
  if (!NAME.test(name)) return null;
  const file = join(dataDir, UPLOAD_DIR, name);
  return existsSync(file) ? file : null;
}

/** A stored upload's reply (BladeX's put-file answer). */
export interface StoredUpload {
  link: string;
  domain: string;
  name: string;
  originalName: string;
  attachId: string;
}

export interface UploadDeps {
  data: Queries;
  files: FileStores;
  clock: Clock;
}

/** the key of an upload `name` in its store */
export const uploadKey = (name: string): string => `${UPLOAD_DIR}/${name}`;

/** An upload's link (what put-file answers and records point at). */
export const uploadLink = (name: string): string => `/api${FILE_ROUTE}/${name}`;

/** The store and record of an upload by its served name (or link), or null when the name is not an upload's. */
export async function uploadedFile(
  deps: Pick<UploadDeps, 'data' | 'files'>,
  nameOrLink: string,
): Promise<{ name: string; key: string; store: FileStore; row: { tenant_id: string; original_name: string | null; content_type: string | null } | undefined } | null> {
  const name = uploadName(nameOrLink);
  if (!name) return null;
  const row = await deps.data.get(
    sql<{ tenant_id: string; original_name: string | null; content_type: string | null; oss_id: string | null }>`SELECT tenant_id, original_name, content_type, oss_id
      FROM content_upload WHERE name = ${name}`,
  );
  // a file without a record is one the data folder had before records named the store
  const store = await deps.files.byId(row?.oss_id).catch(() => null);
  return store ? { name, key: uploadKey(name), store, row } : null;
}

/**
 * Stores checked bytes (or a checked temporary file) under a new random name in the tenant's store and records
 * them (content_upload, what 附件管理 lists, with the store). A store that refuses or cannot be reached fails the
 * upload with its reason (storeFailure).
 */
export function saveUpload(deps: UploadDeps): (tenantId: string, originalName: string, ext: string, body: Buffer | { file: string; size: number }, contentType?: string) => Promise<StoredUpload> {
  return async (tenantId, originalName, ext, body, contentType) => {
    const name = `${randomUUID().replace(/-/g, '')}.${ext}`;
    const type = contentType ?? 'application/octet-stream';
    const size = Buffer.isBuffer(body) ? body.length : body.size;
    const store = await deps.files.forTenant(tenantId);
    try {
      await store.put(uploadKey(name), Buffer.isBuffer(body) ? body : createReadStream(body.file), { size, contentType: type });
    } catch (err) {
      throw storeFailure(store, '上传失败', err);
    }
    await deps.data.run(
      sql`INSERT INTO content_upload (name, tenant_id, original_name, content_type, size, create_time, oss_id)
        VALUES (${name}, ${tenantId}, ${originalName}, ${type}, ${size}, ${formatDateTime(deps.clock())}, ${store.id})`,
    );
    return { link: uploadLink(name), domain: '', name, originalName, attachId: name };
  };
}

/** Content-Disposition of a download named `name` (RFC 6266: an ASCII fallback and the UTF-8 name). */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

export function registerUploadRoutes(api: FastifyInstance, deps: UploadDeps): void {
  const save = saveUpload(deps);

  api.post(PUT_FILE, allow('user'), async (request) => {
    const user = callerOf(request);
    const sceneName = String((request.query as Record<string, unknown> | undefined)?.scene ?? 'image');
    const scene = SCENES[sceneName];
    if (!scene) throw new ServiceError({ key: 'upload.unknownScene', params: { scene: sceneName.slice(0, 40) } });
    if (!request.isMultipart()) throw new ServiceError('upload.fileRequired');
    const part = await request.file({ limits: { fileSize: scene.maxBytes + 1, files: 1 } });
    if (!part || part.fieldname !== 'file') throw new ServiceError('upload.fileRequired');
    const bytes = await part.toBuffer().catch(() => {
      throw new ServiceError(scene.sizeMessage);
    });
    if (part.file.truncated) throw new ServiceError(scene.sizeMessage);
    const originalName = part.filename || 'file';
    const ext = checkUpload(scene, originalName, bytes);
    return ok(await save(user.tenantId, originalName, ext, bytes, CONTENT_TYPES[ext]));
  });

  // Public like an object-store URL (names are random 128-bit ids), so <img> in generated sites and previews work.
  // Streamed from the file's store, so a link works through every instance.
  api.get(`${FILE_ROUTE}/:name`, allow('public'), async (request, reply) => {
    // answered in the caller's language (zh on the stock prefixes)
    const language = readerLanguage(request);
    const found = await uploadedFile(deps, String((request.params as { name?: string }).name ?? ''));
    if (!found) return reply.code(404).send(fail(404, messageText('file.notFound', language)));
    let file;
    try {
      file = await found.store.get(found.key);
    } catch (err) {
      return reply.code(502).send(fail(502, storeFailure(found.store, '读取失败', err).replyText(language)));
    }
    if (!file) return reply.code(404).send(fail(404, messageText('file.notFound', language)));
    const type = found.row?.content_type || CONTENT_TYPES[extOf(found.name)] || 'application/octet-stream';
    // an image shows inline (<img>, previews); anything else downloads under its original name
    if (!type.startsWith('image/')) reply.header('content-disposition', attachmentDisposition(found.row?.original_name || found.name));
    return reply
      .type(type)
      .header('content-length', file.size)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=86400')
      .send(file.body);
  });
}

/** content_upload says which store holds each file (null: the data folder, as every file before it) */
export const UPLOAD_STORE_MIGRATION = {
  version: 374,
  name: 'content: an upload records the store that holds it (对象存储 or the data folder)',
  sql: 'ALTER TABLE content_upload ADD COLUMN oss_id TEXT;',
};
