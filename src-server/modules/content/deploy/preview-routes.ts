// The rendered sites of local-folder servers, read only: public like a static web
// server, paths confined to the sites folder.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { CONTENT_TYPES } from '../shared/uploads';
import { fail } from '../../../http/reply';
import { allow } from '../../../http/access-policy';
import type { ContentContext } from '../shared/context';

export function registerPreviewRoutes(api: FastifyInstance, ctx: ContentContext): void {

  // the rendered sites, read only (public like a static web server; paths confined to the sites folder)
  api.get('/site-preview/*', allow('public'), async (request, reply) => {
    const rest = String((request.params as Record<string, string>)['*'] ?? '');
    // <website id>/<host>/<path>: the live release of a local-folder server without a deploy path
    const root = join(ctx.dataDir, 'sites');
    const [site = '', host = '', ...path] = rest.split('/');
    const inside = path.join('/');
    const file = normalize(join(root, site, host, 'current', inside.endsWith('/') || inside === '' ? `${inside}index.html` : inside));
    if (!file.startsWith(root + sep) || rest.includes('..') || !existsSync(file) || !statSync(file).isFile()) return reply.code(404).send(fail(404, '没找到请求'));
    const ext = file.slice(file.lastIndexOf('.') + 1).toLowerCase();
    const type = ext === 'html' ? 'text/html; charset=utf-8' : (CONTENT_TYPES[ext] ?? 'application/octet-stream');
    return reply.type(type).header('x-content-type-options', 'nosniff').header('content-security-policy', "default-src 'self'; img-src 'self' data:; style-src 'unsafe-inline'").send(createReadStream(file));
  });
}
