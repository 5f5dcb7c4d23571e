// What 附件管理 accepts: the tenant's enabled object-storage configuration
// (对象存储, blade_oss) says which file types (allow_types, extensions
// comma-joined) and how large (max_size, MB); without an enabled one, the
// defaults below. The checks: the extension is allowed and not one a browser
// would run (html, svg, scripts, programs), the content matches the extension
// for the types whose signature is known (a renamed file is refused), the size
// is within the limit. The same limits go to the upload form (GET attach/limits).
import { sql, type Queries } from '../../db/data-layer';
import { ServiceError } from '../../http/reply';
import { sniff } from '../content/shared/uploads';
import type { Message } from '../../../src-shared/messages';
import { ATTACH_MAX_MB, DEFAULT_ATTACH_MB, DEFAULT_ATTACH_TYPES, FORBIDDEN_TYPES } from '../../../src-shared/attach-types';

export { ATTACH_MAX_MB, DEFAULT_ATTACH_MB, DEFAULT_ATTACH_TYPES, forbiddenIn, TYPES_PATTERN } from '../../../src-shared/attach-types';

const MB = 1024 * 1024;

/** The refusals of an attachment, keys of the message table (the configuration's own rules are its declaration's). */
export const attachTypeMessage = (exts: readonly string[]): Message => ({ key: 'admin.attachType', params: { types: exts.join('/') } });
export const attachSizeMessage = (mb: number): Message => ({ key: 'admin.attachSize', params: { mb } });

export interface AttachLimits {
  exts: string[];
  maxMB: number;
  /** the configuration they come from ('' = the defaults) */
  ossCode: string;
}

/** The limits of the tenant's enabled object storage (status 2), else the defaults. */
export async function attachLimits(q: Queries, tenantId: string): Promise<AttachLimits> {
  const row = await q.get(
    sql<{ oss_code: string; allow_types: string | null; max_size: number | null }>`SELECT oss_code, allow_types, max_size FROM blade_oss
      WHERE tenant_id = ${tenantId} AND status = 2 AND is_deleted = 0 ORDER BY update_time DESC LIMIT 1`,
  );
  const listed = (row?.allow_types ?? '').split(',').map((t) => t.trim().toLowerCase()).filter((t) => t && !FORBIDDEN_TYPES.includes(t));
  const size = Number(row?.max_size);
  return {
    exts: listed.length ? [...new Set(listed)] : [...DEFAULT_ATTACH_TYPES],
    maxMB: Number.isInteger(size) && size >= 1 && size <= ATTACH_MAX_MB ? size : DEFAULT_ATTACH_MB,
    ossCode: row?.oss_code ?? '',
  };
}


const OLE = 'd0cf11e0a1b11ae1'; // doc, xls, ppt (OLE2 compound file)
/** The family a file's first bytes belong to, for the types checked by content; null when unknown. */
function family(bytes: Buffer): string | null {
  const hex = bytes.subarray(0, 8).toString('hex');
  if (hex.startsWith('25504446')) return 'pdf';
  if (hex.startsWith('504b0304') || hex.startsWith('504b0506')) return 'zip';
  if (hex.startsWith(OLE)) return 'ole';
  if (hex.startsWith('526172211a07')) return 'rar';
  if (hex.startsWith('377abcaf271c')) return '7z';
  if (hex.startsWith('1f8b')) return 'gz';
  if (bytes.length > 262 && bytes.subarray(257, 262).toString('latin1') === 'ustar') return 'tar';
  return sniff(bytes);
}

const FAMILY_OF: Record<string, string> = {
  pdf: 'pdf', zip: 'zip', docx: 'zip', xlsx: 'zip', pptx: 'zip', doc: 'ole', xls: 'ole', ppt: 'ole', rar: 'rar', '7z': '7z', gz: 'gz', tgz: 'gz', tar: 'tar',
  jpg: 'jpg', jpeg: 'jpg', png: 'png', gif: 'gif', ico: 'ico', webp: 'webp',
};
const TEXT = ['txt', 'csv'];

/** Checks an attachment against its limits; returns the stored extension or throws the message. */
export function checkAttachment(limits: AttachLimits, originalName: string, bytes: Buffer): string {
  const typeMessage = attachTypeMessage(limits.exts);
  const dot = originalName.lastIndexOf('.');
  const ext = dot < 0 ? '' : originalName.slice(dot + 1).toLowerCase();
  if (!ext || !limits.exts.includes(ext) || FORBIDDEN_TYPES.includes(ext)) throw new ServiceError(typeMessage);
  if (bytes.length > limits.maxMB * MB) throw new ServiceError(attachSizeMessage(limits.maxMB));
  if (bytes.length === 0) throw new ServiceError('admin.attachEmpty');
  const expected = FAMILY_OF[ext];
  if (expected && family(bytes) !== expected) throw new ServiceError(typeMessage);
  if (TEXT.includes(ext) && bytes.subarray(0, 8192).includes(0)) throw new ServiceError(typeMessage);
  return ext;
}

/** MIME types of the attachment types (others: application/octet-stream). */
export const ATTACH_CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  csv: 'text/csv; charset=utf-8',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
  '7z': 'application/x-7z-compressed',
  tar: 'application/x-tar',
  gz: 'application/gzip',
  tgz: 'application/gzip',
};
