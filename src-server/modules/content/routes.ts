// Special endpoints of the content area (spec content-area.md §7) beyond the
// generic CRUD: select lists, SSL status, site totals, domain enums, tenant
// binding, deploy, the dashboard's traffic and the legacy /website/... REST family.
import { existsSync, statSync, createReadStream } from 'node:fs';
import { join, normalize, sep } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { fail, ok, ServiceError, status } from '../../http/reply';
import { callerOf, firstDeptOf } from '../../http/auth-user';
import { CrudRepository, type Scope } from '../../crud/repository';
import type { Resource } from '../../crud/resource';
import type { Clock } from '../../util/clock';
import { formatDateTime } from '../../util/dates';
import { nextId } from '../../util/ids';
import { CONTENT_TYPES } from './upload';
import { endpointAccess } from '../../crud/router';
import { refuseInUse } from './lookups';
import { MSG } from './resources';
import { allow, menu } from '../../http/access-policy';

type Rec = Record<string, unknown>;

function scopeOf(request: FastifyRequest): Scope {
  const user = callerOf(request);
  return { tenantId: user.tenantId, userId: user.userId, deptId: firstDeptOf(user) };
}

const q = (request: FastifyRequest): Rec => (request.query ?? {}) as Rec;
const body = (request: FastifyRequest): Rec => (request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? (request.body as Rec) : {});
const str = (v: unknown): string => (v === undefined || v === null ? '' : Array.isArray(v) ? v.join(',') : String(v));

/** ids from ?ids=, body.ids (string or array) or body.id */
function idsOf(request: FastifyRequest): string[] {
  const b = body(request);
  const raw = str(q(request).ids) || str(b.ids) || str(b.id) || str(q(request).id);
  return [...new Set(raw.split(',').map((s) => s.trim()).filter(Boolean))];
}

/** Resolution methods of a domain (GET domainInfo/enum). */
export const DOMAIN_SERVICES = [
  { dictKey: '1', dictValue: 'A记录解析' },
  { dictKey: '2', dictValue: 'CNAME解析' },
  { dictKey: '3', dictValue: 'Cloudflare托管' },
];

/** Legacy /website/<Entity> names -> declared resource names. */
const LEGACY: Record<string, string> = {
  WebsiteNavbar: 'websiteNavbar',
  WebsiteAssocia: 'websiteAssocia',
  ServerInfo: 'serverInfo',
  Language: 'websiteLanguage',
  WebsiteInfo: 'websiteInfo',
  WebsiteTemplate: 'websiteTemplate',
  DomainInfo: 'domainInfo',
  imgGroup: 'imgGroup',
  Article: 'article',
  Keyword: 'keyword',
  WebsiteInfoGroup: 'websiteGroup',
};

export function registerContentRoutes(api: FastifyInstance, deps: { db: Db; dataDir: string; clock: Clock; resources: Map<string, Resource> }): void {
  const { db } = deps;
  const all = (sql: string, ...params: unknown[]) => db.prepare(sql).all(...params) as Rec[];
  const one = (sql: string, ...params: unknown[]) => db.prepare(sql).get(...params) as Rec | undefined;
  const count = (table: string, tenantId: string, extra = '') =>
    (one(`SELECT COUNT(*) AS n FROM ${table} WHERE tenant_id = ? AND is_deleted = 0 ${extra}`, tenantId)!.n as number) ?? 0;
  const W = '/website-blade-material/websiteInfo';
  const G = '/website-blade-material/websiteGroup';

  // ---- websites
  api.get(`${W}/ssl`, allow(menu('websiteInfo')), async (request) => {
    const id = str(q(request).id);
    if (!id) throw new ServiceError('缺少必要的请求参数: id');
    const row = one('SELECT id, website_name, domain_name, subdomain, type, is_ssl FROM website_info WHERE id = ? AND tenant_id = ? AND is_deleted = 0', id, scopeOf(request).tenantId);
    if (!row) return ok(null);
    return ok({ id: row.id, websiteName: row.website_name, domainName: row.domain_name ?? '', isSsl: row.is_ssl, sslStatus: row.is_ssl === 1 ? '已签发' : '未签发' });
  });
  api.get(`${W}/listGroup`, allow('user'), async (request) => {
    const { tenantId } = scopeOf(request);
    const group = str(q(request).websiteGroupId);
    const rows = group
      ? all('SELECT id, website_name, website_group_id, domain_name FROM website_info WHERE tenant_id = ? AND is_deleted = 0 AND website_group_id = ? ORDER BY create_time DESC', tenantId, group)
      : all('SELECT id, website_name, website_group_id, domain_name FROM website_info WHERE tenant_id = ? AND is_deleted = 0 ORDER BY create_time DESC', tenantId);
    return ok(rows.map((r) => ({ id: r.id, websiteName: r.website_name, websiteGroupId: r.website_group_id, domainName: r.domain_name ?? '' })));
  });
  api.get(`${W}/getSiteInfo`, allow(menu('siteDashboard')), async (request) => {
    const { tenantId } = scopeOf(request);
    return ok({
      websiteTotal: count('website_info', tenantId),
      groupTotal: count('website_group', tenantId),
      whiteHatGroupTotal: count('website_group', tenantId, 'AND type = 1'),
      domainTotal: count('domain_info', tenantId),
      serverTotal: count('server_info', tenantId),
      templateTotal: count('website_template', tenantId),
      deployedTotal: count('website_info', tenantId, "AND status_name = '部署成功'"),
      sslTotal: count('website_info', tenantId, 'AND is_ssl = 1'),
    });
  });

  // ---- website groups
  api.get(`${G}/listGroup`, allow('user'), async (request) => {
    const { tenantId } = scopeOf(request);
    const type = str(q(request).type);
    const rows = type
      ? all('SELECT id, name, type FROM website_group WHERE tenant_id = ? AND is_deleted = 0 AND type = ? ORDER BY create_time DESC', tenantId, Number(type))
      : all('SELECT id, name, type FROM website_group WHERE tenant_id = ? AND is_deleted = 0 ORDER BY create_time DESC', tenantId);
    return ok(rows);
  });
  api.get(`${G}/ssl-list`, allow(menu('websiteGroup')), async (request) => {
    const id = str(q(request).id);
    if (!id) throw new ServiceError('缺少必要的请求参数: id');
    const rows = all('SELECT id, website_name, domain_name, is_ssl FROM website_info WHERE tenant_id = ? AND is_deleted = 0 AND website_group_id = ? ORDER BY create_time DESC', scopeOf(request).tenantId, id);
    return ok(rows.map((r) => ({ id: r.id, websiteName: r.website_name, domainName: r.domain_name ?? '', isSsl: r.is_ssl, sslStatus: r.is_ssl === 1 ? '已签发' : '未签发' })));
  });
  api.post(`${G}/link-list`, allow(menu('websiteGroup')), async (request) => {
    const ids = idsOf(request);
    if (ids.length === 0) throw new ServiceError('请选择至少一条数据');
    const marks = ids.map(() => '?').join(',');
    const rows = all(
      `SELECT l.id, l.name, l.link, l.open_page, l.status, l.website_info_id, w.website_name, w.website_group_id
         FROM website_links l JOIN website_info w ON w.id = l.website_info_id AND w.is_deleted = 0
        WHERE l.tenant_id = ? AND l.is_deleted = 0 AND w.website_group_id IN (${marks}) ORDER BY l.create_time DESC`,
      scopeOf(request).tenantId,
      ...ids,
    );
    return ok(rows.map((r) => ({ id: r.id, name: r.name, link: r.link, openPage: r.open_page, status: r.status, websiteInfoId: r.website_info_id, websiteName: r.website_name, websiteGroupId: r.website_group_id })));
  });

  // ---- domains and servers
  api.get('/website-blade-material/domainInfo/enum', allow('user'), async () => ok(DOMAIN_SERVICES));
  api.get('/website-blade-material/domainInfo/listGroup', allow('user'), async (request) =>
    ok(all('SELECT id, name, domain, server_id AS serverId FROM domain_info WHERE tenant_id = ? AND is_deleted = 0 ORDER BY create_time DESC', scopeOf(request).tenantId)),
  );
  api.get('/website-blade-material/serverInfo/listGroup', allow('user'), async (request) =>
    ok(
      all(
        "SELECT id, server_name AS serverName, server_ip AS serverIp FROM server_info WHERE is_deleted = 0 AND (tenant_id = ? OR ',' || COALESCE(bind_tenant_id, '') || ',' LIKE ?) ORDER BY create_time DESC",
        scopeOf(request).tenantId,
        `%,${scopeOf(request).tenantId},%`,
      ),
    ),
  );
  api.get('/website-blade-material/serverInfo/server-bind-tenant', allow(menu('serverInfo')), async () =>
    ok(all('SELECT tenant_id AS tenantId, tenant_name AS tenantName FROM blade_tenant WHERE is_deleted = 0 ORDER BY tenant_id')),
  );

  // ---- deploy: deploy/deploy-routes.ts
  // the rendered sites, read only (public like a static web server; paths confined to the sites folder)
  api.get('/site-preview/*', allow('public'), async (request, reply) => {
    const rest = String((request.params as Record<string, string>)['*'] ?? '');
    // <website id>/<host>/<path>: the live release of a local-folder server without a deploy path
    const root = join(deps.dataDir, 'sites');
    const [site = '', host = '', ...path] = rest.split('/');
    const inside = path.join('/');
    const file = normalize(join(root, site, host, 'current', inside.endsWith('/') || inside === '' ? `${inside}index.html` : inside));
    if (!file.startsWith(root + sep) || rest.includes('..') || !existsSync(file) || !statSync(file).isFile()) return reply.code(404).send(fail(404, '没找到请求'));
    const ext = file.slice(file.lastIndexOf('.') + 1).toLowerCase();
    const type = ext === 'html' ? 'text/html; charset=utf-8' : (CONTENT_TYPES[ext] ?? 'application/octet-stream');
    return reply.type(type).header('x-content-type-options', 'nosniff').header('content-security-policy', "default-src 'self'; img-src 'self' data:; style-src 'unsafe-inline'").send(createReadStream(file));
  });

  // ---- dashboard: search-engine traffic (filled by import)
  api.get('/seo-blade-deploy/dashboard/google-total', allow(menu('siteDashboard')), async (request) => {
    const { tenantId } = scopeOf(request);
    const r = one("SELECT COALESCE(SUM(clicks),0) AS clicks, COALESCE(SUM(impressions),0) AS impressions FROM site_traffic WHERE tenant_id = ? AND is_deleted = 0 AND engine = 'google'", tenantId)!;
    return ok({ clicks: r.clicks, impressions: r.impressions, websiteTotal: count('website_info', tenantId) });
  });
  api.post('/seo-blade-deploy/dashboard/google', allow(menu('siteDashboard')), async (request) => {
    const { tenantId } = scopeOf(request);
    const b = body(request);
    const from = str(b.startTime).slice(0, 10) || '0000-00-00';
    const to = str(b.endTime).slice(0, 10) || '9999-99-99';
    const site = str(b.websiteInfoId);
    const rows = all(
      `SELECT day, SUM(clicks) AS clicks, SUM(impressions) AS impressions FROM site_traffic
        WHERE tenant_id = ? AND is_deleted = 0 AND engine = 'google' AND day >= ? AND day <= ? ${site ? 'AND website_info_id = ?' : ''}
        GROUP BY day ORDER BY day`,
      tenantId, from, to, ...(site ? [site] : []),
    );
    return ok(rows);
  });
  api.post('/seo-blade-deploy/dashboard/import', allow(menu('siteDashboard')), async (request) => {
    const scope = scopeOf(request);
    const rows = body(request).rows;
    if (!Array.isArray(rows) || rows.length === 0) throw new ServiceError('请选择至少一条数据');
    const insert = db.prepare(
      `INSERT INTO site_traffic (id, tenant_id, website_info_id, engine, day, clicks, impressions, create_user, create_dept, create_time, update_user, update_time, status, is_deleted)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, 0)`,
    );
    const now = formatDateTime(deps.clock());
    db.transaction(() => {
      for (const raw of rows as Rec[]) {
        const day = str(raw.day);
        const clicks = Number(raw.clicks ?? 0);
        const impressions = Number(raw.impressions ?? 0);
        if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !Number.isInteger(clicks) || !Number.isInteger(impressions) || clicks < 0 || impressions < 0) {
          throw new ServiceError('请求参数格式错误: rows');
        }
        insert.run(nextId(), scope.tenantId, str(raw.websiteInfoId) || null, str(raw.engine) || 'google', day, clicks, impressions, scope.userId, scope.deptId, now, scope.userId, now);
      }
    })();
    return status(true);
  });

  // ---- legacy REST family: /website/<Entity> list GET, by id GET, POST add, PUT update, DELETE by id
  for (const [entity, name] of Object.entries(LEGACY)) {
    const resource = deps.resources.get(name);
    if (!resource) continue;
    const repo = new CrudRepository(db, resource, deps.clock);
    const base = `/website/${entity}`;
    const access = endpointAccess(resource);
    api.get(base, allow(access.read), async (request) => ok(repo.page({ ...q(request), size: q(request).size ?? 1000 }, scopeOf(request)).records));
    api.get(`${base}/:id`, allow(access.read), async (request) => ok(repo.detail(String((request.params as Rec).id), scopeOf(request))));
    api.post(base, allow(access.write('add')), async (request) => ok(repo.insert(body(request), scopeOf(request))));
    api.put(base, allow(access.write('edit')), async (request) => {
      const id = str(body(request).id);
      if (!id) throw new ServiceError('缺少必要的请求参数: id');
      return ok(repo.update(id, body(request), scopeOf(request)));
    });
    api.delete(`${base}/:id`, allow(access.write('delete')), async (request) => {
      if (repo.remove([String((request.params as Rec).id)], scopeOf(request)) === 0) throw new ServiceError('数据不存在或已被删除');
      return status(true);
    });
  }
  api.get('/website/LanguageList', allow('user'), async (request) =>
    ok(all('SELECT id, language, abbrevia FROM website_language WHERE tenant_id = ? AND is_deleted = 0 ORDER BY create_time', scopeOf(request).tenantId)),
  );
  api.get('/website/DomainInfo/domainList', allow('user'), async (request) =>
    ok(all('SELECT id, name, domain FROM domain_info WHERE tenant_id = ? AND is_deleted = 0 ORDER BY create_time DESC', scopeOf(request).tenantId)),
  );
  // legacy home: the site totals of the dashboard
  api.get('/website/home', allow(menu('siteDashboard')), async (request) => {
    const { tenantId } = scopeOf(request);
    return ok({
      websiteTotal: count('website_info', tenantId),
      groupTotal: count('website_group', tenantId),
      articleTotal: count('article', tenantId),
      publishedTotal: count('article', tenantId, 'AND status = 1'),
      keywordTotal: count('keyword', tenantId),
    });
  });
  api.get('/website/WebsiteInfo/websiteList', allow('user'), async (request) =>
    ok(all('SELECT id, website_name AS websiteName, domain_name AS domainName FROM website_info WHERE tenant_id = ? AND is_deleted = 0 ORDER BY create_time DESC', scopeOf(request).tenantId)),
  );

  // ---- image groups: may these be removed? (spec: imgGroup isDelete (ids)). true when
  // none is used by a website of the caller's tenant as its icon, logo or banner group;
  // otherwise false with the reason remove would give. Placed here because the
  // content module's split by feature had not landed; it belongs with the material routes.
  api.post('/website-blade-material/imgGroup/isDelete', allow(menu('imgGroup')), async (request) => {
    const ids = idsOf(request);
    if (ids.length === 0) throw new ServiceError('请选择至少一条数据');
    try {
      refuseInUse(db, ids, scopeOf(request).tenantId, 'website_info', ['ico_id', 'logo_id', 'banner_id'], MSG.imgGroupInUse);
    } catch (e) {
      if (e instanceof ServiceError) return ok(false, e.message);
      throw e;
    }
    return ok(true);
  });
}
