// Deploy endpoints: deploy websites (the deploy dialog), the deploy log, deploys
// in progress, cancel, the releases kept on a website's server and rollback to
// one; a server's test connection. One SiteDeployer serves them all (and the
// scheduler and the legacy routes), so progress and overlap checks are shared.
import type { FastifyInstance } from 'fastify';
import { allow, menu, menuButton } from '../../../http/access-policy';
import { pageOf } from '../../../http/paging';
import { ok, ServiceError } from '../../../http/reply';
import { readerLanguage } from '../../../http/reasons';
import { reasonText, storedReason } from '../../../../src-shared/messages/stored';
import { sql, type DataLayer } from '../../../db/data-layer';
import { usableServer } from '../infrastructure/resources';
import { bodyOf, idsOf, queryOf, scopeOf, str, type Rec } from '../shared/request';
import { DEPLOY_OK, type SiteDeployer } from './site-deployer';
import { deployStatus } from './deploy-jobs';

const D = '/website-blade-deploy/websiteDeploy';

export function registerPublishRoutes(api: FastifyInstance, deps: { data: DataLayer; deployer: SiteDeployer }): void {
  const { data, deployer } = deps;
  // a reply waiting for deploy jobs does not hold the instance's stop (its jobs go on elsewhere or at the next start)
  api.addHook('preClose', async () => deployer.jobs.close());

  api.post(`${D}/deploy`, allow(menuButton('websiteInfo', 'websiteInfo_edit')), async (request) => {
    const ids = idsOf(request);
    if (ids.length === 0) throw new ServiceError('common.selectAtLeastOne');
    const scope = scopeOf(request);
    // one job per site, run by any working instance; the reply waits for them all
    const outcomes = await deployer.deployMany(ids, scope.tenantId, scope);
    const failed = outcomes.find((r) => r.statusName !== DEPLOY_OK);
    if (failed && outcomes.length === 1) throw new ServiceError(storedReason(failed.reason) ?? failed.message);
    // each outcome's status name and message in the caller's language (its recorded reason), else as recorded; `deployed` beside the name
    const language = readerLanguage(request);
    return ok(outcomes.map(({ refused: _refused, reason, ...r }) => ({ ...r, ...deployStatus(r.statusName, language), message: reasonText(r.message, reason, language) })));
  });

  api.get(`${D}/page`, allow(menu('websiteInfo', 'deployTasks')), async (request) => {
    const { tenantId } = scopeOf(request);
    const site = str(queryOf(request).websiteInfoId);
    // the paging rule (http/paging.ts); 200 rows when no size is given, as before
    const { current, size, offset } = pageOf(request, 200, 200);
    const where = sql`WHERE tenant_id = ${tenantId} AND is_deleted = 0${site ? sql` AND website_info_id = ${site}` : sql``}`;
    const { total } = (await data.get(sql<{ total: number }>`SELECT COUNT(*) AS total FROM website_deploy ${where}`))!;
    const rows = await data.all(sql<Rec>`SELECT id, website_info_id AS "websiteInfoId", domain, status_name AS "statusName", message, message_reason, kind, release_name AS "release",
                previous_release AS "previousRelease", files_total AS "filesTotal", files_sent AS "filesSent", bytes_sent AS "bytesSent",
                duration_ms AS "durationMs", server_id AS "serverId", site_url AS url, create_time AS "createTime"
           FROM website_deploy ${where}
          ORDER BY create_time DESC, id DESC LIMIT ${size} OFFSET ${offset}`);
    // a record's status name and message in the reader's language (its recorded reason), else as recorded (older records)
    const language = readerLanguage(request);
    const records = rows.map(({ message_reason: reason, ...r }) => ({ ...r, ...deployStatus(r.statusName, language), message: reasonText(r.message, reason, language) }));
    return ok({ records, total, size, current, pages: Math.ceil(total / size), orders: [] });
  });

  // deploys queued or running now on any instance, for the deploy dialog and the website list (ids optional)
  api.get(`${D}/progress`, allow(menu('websiteInfo')), async (request) => {
    const ids = idsOf(request);
    return ok(await deployer.progress(scopeOf(request).tenantId, ids.length ? ids : undefined));
  });

  api.post(`${D}/cancel`, allow(menuButton('websiteInfo', 'websiteInfo_edit')), async (request) => {
    const [id] = idsOf(request);
    if (!id) throw new ServiceError('site.websiteRequired');
    const { tenantId } = scopeOf(request);
    if (!(await data.get(sql`SELECT 1 AS found FROM website_info WHERE id = ${id} AND tenant_id = ${tenantId} AND is_deleted = 0`))) throw new ServiceError('article.websiteMissing');
    return ok({ cancelled: await deployer.cancel(id) });
  });

  api.get(`${D}/releases`, allow(menu('websiteInfo')), async (request) => {
    const id = str(queryOf(request).websiteInfoId) || str(queryOf(request).id);
    if (!id) throw new ServiceError('site.websiteRequired');
    return ok(await deployer.releases(id, scopeOf(request).tenantId));
  });

  api.post(`${D}/rollback`, allow(menuButton('websiteInfo', 'websiteInfo_rollback')), async (request) => {
    const b = bodyOf(request);
    const id = str(b.websiteInfoId) || str(b.id);
    if (!id) throw new ServiceError('site.websiteRequired');
    const scope = scopeOf(request);
    return ok(await deployer.rollback(id, scope.tenantId, scope, str(b.release) || undefined));
  });

  api.post('/website-blade-material/serverInfo/test', allow(menuButton('serverInfo', 'serverInfo_test')), async (request) => {
    const [id] = idsOf(request);
    if (!id) throw new ServiceError('server.selectOne');
    const server = await usableServer(deps.data, id, scopeOf(request).tenantId);
    if (!server) throw new ServiceError('server.missing');
    return ok(await deployer.servers.probe(server, readerLanguage(request)));
  });
}
