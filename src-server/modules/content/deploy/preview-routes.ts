// The rendered sites of local-folder servers without a deploy path (their
// releases are in the data folder of the instance that ran the deploy), read
// only: public like a static web server, paths confined to the sites folder.
// The release shown is the one the database says is live (the website's last
// successful deploy or rollback): from this instance's data folder when it has
// that release, else (a team server whose deploy ran on another instance, each
// with a data folder of its own) rendered here on demand from the database and
// the file stores, as the deploy renders it, so the preview works through any
// instance. A site rendered on demand is kept for its release (a few sites per
// instance) and its pages rendered as they are asked for.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from '../../../db/data-layer';
import { CONTENT_TYPES } from '../shared/uploads';
import { fail, ServiceError } from '../../../http/reply';
import { allow } from '../../../http/access-policy';
import { readerLanguage } from '../../../http/reasons';
import { messageText } from '../../../../src-shared/messages';
import type { ContentContext } from '../shared/context';
import { bytesOf, type SiteFile } from './site-files';

/** the URL prefix of a data-folder site's preview (what a deploy records as the site's address) */
export const PREVIEW_PREFIX = '/api/site-preview/';

/** how many sites rendered on demand an instance keeps */
const RENDERED_KEPT = 8;

interface OnDemand {
  release: string;
  site: Promise<{ host: string; files: Map<string, SiteFile> }>;
}

export function registerPreviewRoutes(api: FastifyInstance, ctx: ContentContext): void {
  const rendered = new Map<string, OnDemand>();

  /** the live release of a site deployed to a data folder, as the database says (null: none recorded) */
  const liveRelease = async (siteId: string): Promise<string | null> => {
    const last = await ctx.data.get(sql<{ release_name: string | null; site_url: string | null }>`SELECT release_name, site_url FROM website_deploy
      WHERE website_info_id = ${siteId} AND status = 1 AND is_deleted = 0 ORDER BY create_time DESC, id DESC LIMIT 1`);
    return last?.release_name && last.site_url?.startsWith(PREVIEW_PREFIX) ? last.release_name : null;
  };

  const renderedSite = (siteId: string, release: string): OnDemand['site'] => {
    const held = rendered.get(siteId);
    if (held?.release === release) return held.site;
    const site = (async () => {
      const row = await ctx.data.get(sql<Record<string, unknown>>`SELECT * FROM website_info WHERE id = ${siteId} AND is_deleted = 0`);
      if (!row) throw new ServiceError('article.websiteMissing');
      const r = await ctx.deployer.render(row, String(row.tenant_id));
      return { host: r.host, files: new Map(r.files.map((f) => [f.path, f])) };
    })();
    rendered.delete(siteId);
    rendered.set(siteId, { release, site });
    if (rendered.size > RENDERED_KEPT) rendered.delete(rendered.keys().next().value!);
    // a failed rendering is not kept: the next request tries again
    site.catch(() => {
      if (rendered.get(siteId)?.site === site) rendered.delete(siteId);
    });
    return site;
  };

  const send = (reply: FastifyReply, path: string, body: Buffer | NodeJS.ReadableStream) => {
    const ext = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
    const type = ext === 'html' ? 'text/html; charset=utf-8' : (CONTENT_TYPES[ext] ?? 'application/octet-stream');
    return reply.type(type).header('x-content-type-options', 'nosniff').header('content-security-policy', "default-src 'self'; img-src 'self' data:; style-src 'unsafe-inline'").send(body);
  };
  // the replies in the caller's language (zh on the stock prefixes, as the server's own 404)
  const notFound = (request: FastifyRequest, reply: FastifyReply) => reply.code(404).send(fail(404, messageText('common.routeNotFound', readerLanguage(request))));

  // <website id>/<host>/<path>: the live release of a local-folder server without a deploy path
  api.get('/site-preview/*', allow('public'), async (request, reply) => {
    const rest = String((request.params as Record<string, string>)['*'] ?? '');
    const root = join(ctx.dataDir, 'sites');
    const [site = '', host = '', ...path] = rest.split('/');
    const inside = path.join('/');
    const rel = inside.endsWith('/') || inside === '' ? `${inside}index.html` : inside;
    if (rest.includes('..') || !/^[A-Za-z0-9_-]+$/.test(site)) return notFound(request, reply);
    const release = await liveRelease(site);
    const file = normalize(join(root, site, host, release ? join('releases', release) : 'current', rel));
    if (!file.startsWith(root + sep)) return notFound(request, reply);
    if (existsSync(file) && statSync(file).isFile()) return send(reply, file, createReadStream(file));
    // this instance's data folder does not have the live release: rendered here from the database and the stores
    if (!release || existsSync(join(root, site, host, 'releases', release))) return notFound(request, reply);
    let found: SiteFile | undefined;
    let bytes: Buffer;
    try {
      const r = await renderedSite(site, release);
      found = r.host === host ? r.files.get(rel) : undefined;
      if (!found) return notFound(request, reply);
      bytes = await bytesOf(found);
    } catch (e) {
      const language = readerLanguage(request);
      return reply.code(502).send(fail(502, e instanceof ServiceError ? e.replyText(language) : messageText({ key: 'file.previewFailed', params: { detail: (e as Error).message.slice(0, 290) } }, language)));
    }
    return send(reply, rel, bytes);
  });
}
