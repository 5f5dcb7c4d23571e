// Files through main: uploads go to the profile's put-file endpoint with the
// session's token (multipart, the BladeX oss dialect), and stored images come
// back as data: URLs, because the renderer's CSP only shows 'self', data: and
// blob: images and, in browser mode, the page's origin is the host, not the API.
import type { ApiClient } from './ApiClient';
import { DeskError } from './errors';
import { MAX_UPLOAD_BYTES } from '../../src-shared/ipc';

export const PUT_FILE_URL = '/blade-resource/oss/endpoint/put-file';
/** attachments of any type the object storage allows (附件管理; scene 'attach') */
export const PUT_FILE_ATTACH_URL = '/blade-resource/oss/endpoint/put-file-attach';
/** largest upload accepted from the renderer (bytes, decoded): one limit with the renderer's own check */
export { MAX_UPLOAD_BYTES };
/** largest file returned as a data URL */
export const MAX_READ_BYTES = 20 * 1024 * 1024;

export interface UploadInput {
  /** original file name, with its extension */
  name: string;
  /** MIME type as the browser reported it (the server checks the content itself) */
  type?: string;
  /** the bytes, base64 */
  base64: string;
  /** the server's upload scene (limits of the form): image, template, material, cover, avatar, keyword; attach = put-file-attach */
  scene?: string;
}

export interface UploadResult {
  link: string;
  name: string;
  originalName: string;
}

const bad = (message: string): never => {
  throw new DeskError(400, message);
};

export function validateUploadInput(req: unknown): UploadInput {
  if (!req || typeof req !== 'object' || Array.isArray(req)) bad('upload must be an object');
  const r = req as Record<string, unknown>;
  if (typeof r.name !== 'string' || !r.name.trim() || r.name.length > 255) bad('name is required');
  if (typeof r.base64 !== 'string' || r.base64.length === 0) bad('base64 is required');
  if ((r.base64 as string).length > Math.ceil(MAX_UPLOAD_BYTES / 3) * 4) bad('file too large');
  if (r.scene !== undefined && (typeof r.scene !== 'string' || !/^[a-z]{1,20}$/.test(r.scene))) bad('bad scene');
  if (r.type !== undefined && typeof r.type !== 'string') bad('type must be a string');
  return { name: r.name as string, base64: r.base64 as string, type: r.type as string | undefined, scene: r.scene as string | undefined };
}

/**
 * The API path of a stored file's link, when the link points at the profile's own
 * server (absolute on the same origin, or an origin-relative path); else null —
 * main never sends the session's token to another host.
 */
export function apiPathOf(link: string, baseUrl: string): string | null {
  const base = new URL(baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  let url: URL;
  try {
    url = new URL(link, base.origin);
  } catch {
    return null;
  }
  if (url.origin !== base.origin) return null;
  const prefix = base.pathname.replace(/\/$/, '');
  if (!url.pathname.startsWith(`${prefix}/`)) return null;
  return url.pathname.slice(prefix.length) + url.search;
}

export class FileService {
  constructor(private readonly api: ApiClient) {}

  /** `language`: the console's, which the server answers its messages in */
  async upload(input: UploadInput, language?: 'zh' | 'en'): Promise<UploadResult> {
    const bytes = Buffer.from(input.base64, 'base64');
    if (bytes.length === 0) bad('empty file');
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: input.type || 'application/octet-stream' }), input.name);
    const reply = await this.api.request<Record<string, unknown>>({
      method: 'post',
      url: input.scene === 'attach' ? PUT_FILE_ATTACH_URL : PUT_FILE_URL,
      params: input.scene && input.scene !== 'attach' ? { scene: input.scene } : undefined,
      data: form,
      language,
    });
    const d = reply.data ?? {};
    const link = typeof d.link === 'string' ? d.link : '';
    if (!link) throw new DeskError(500, '上传失败');
    return { link, name: typeof d.name === 'string' ? d.name : '', originalName: typeof d.originalName === 'string' ? d.originalName : input.name };
  }

  /** A stored file of the profile's server as a data: URL. */
  async read(link: string): Promise<string> {
    if (link.startsWith('data:')) return link;
    const path = apiPathOf(link, this.api.profile.baseUrl);
    if (!path) bad('not a file of this server');
    const res = await this.api.send<ArrayBuffer>({ method: 'get', url: path!, responseType: 'arraybuffer', maxContentLength: MAX_READ_BYTES });
    if (res.status !== 200) throw new DeskError(res.status, '文件不存在');
    const type = String(res.headers['content-type'] ?? 'application/octet-stream').split(';')[0].trim();
    if (!type.startsWith('image/')) bad('not an image');
    return `data:${type};base64,${Buffer.from(res.data).toString('base64')}`;
  }
}
