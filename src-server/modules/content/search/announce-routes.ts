// Announcing's routes (issue 36, docs/search-engines.md § Announcing) and the
// `search-announce` job's registration:
//   POST /seo-blade-search/site/announce?id=<websiteId>   全站提交: every page of the live release (its manifest,
//        read from the website's server) as an announcement of kind `full`
//   GET  /seo-blade-search/url/page        per website, engine and URL: the last outcome (newest first)
//   GET  /seo-blade-search/announce/page   the announcements (newest first), each with its job's view
// Lists are the tenant's, paged like every list (http/paging.ts), rows camelCase.
import type { FastifyInstance } from 'fastify';
import { sql, type Queries, type RawBuilder } from '../../../db/data-layer';
import { allow, menu, menuButton } from '../../../http/access-policy';
import { pageOf } from '../../../http/paging';
import { ok, ServiceError } from '../../../http/reply';
import { attachJobViews } from '../../../jobs/job-view';
import { readerLanguage } from '../../../http/reasons';
import type { ReplyLanguage } from '../../../../src-shared/messages';
import { reasonText } from '../../../../src-shared/messages/stored';
import { ANNOUNCE_ENGINES, SEARCH_API, URL_STATES, type AnnounceEngine, type UrlState } from '../../../../src-shared/search-engines';
import { DEPLOY_OK } from '../deploy/deploy-jobs';
import type { ContentContext } from '../shared/context';
import { liveRow } from '../shared/lookups';
import { bodyOf, queryOf, scopeOf, str, type Rec } from '../shared/request';
import { anyOn, enginesOn, prepareDiff, queueAnnouncement } from './announce-queue';
import { Announcer } from './announcer';

export const MSG_NO_ENGINE = 'searchAnnounce.noEngine';
export const MSG_NEVER_DEPLOYED = 'searchAnnounce.neverDeployed';
export const MSG_FULL_RUNNING = 'searchAnnounce.fullRunning';
export const MSG_NOTHING = 'searchAnnounce.nothing';

const MAX_SIZE = 500;

/** a stored JSON text as its value (null when none, or it does not parse) */
const parsed = (text: unknown): unknown => {
  if (typeof text !== 'string' || !text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

const ANNOUNCE_COLUMNS = sql`a.id, a.website_info_id AS "websiteInfoId", w.website_name AS "websiteName", a.deploy_id AS "deployId", a.kind,
  a.release_name AS "releaseName", a.urls_total AS "urlsTotal", a.state, a.counts, a.message, a.message_reason AS "messageReason", a.job_id AS "jobId", a.create_time AS "createTime",
  a.end_time AS "endTime"`;

/** announcement rows as the screen reads them: counts parsed, the job's view attached */
async function announceViews(q: Queries, rows: Rec[], language: ReplyLanguage): Promise<Rec[]> {
  for (const r of rows) {
    r.counts = parsed(r.counts) ?? {};
    r.urlsTotal = Number(r.urlsTotal);
    r.message = reasonText(r.message, r.messageReason, language);
    delete r.messageReason;
  }
  await attachJobViews(q, rows, 'jobId', 'job', language);
  return rows;
}

export function registerAnnounceRoutes(api: FastifyInstance, ctx: ContentContext): void {
  const { data } = ctx;
  new Announcer(data, ctx.box, ctx.clock, ctx.jobs.queue).register(ctx.jobs);

  // 全站提交: every page of the live release
  api.post(`${SEARCH_API.site}/announce`, allow(menuButton('searchEngine', 'searchEngine_announce')), async (request) => {
    const id = str(queryOf(request).id) || str(bodyOf(request).id) || str(bodyOf(request).websiteInfoId);
    if (!id) throw new ServiceError('site.websiteRequired');
    const { tenantId } = scopeOf(request);
    if (!(await liveRow(data, 'website_info', id, tenantId))) throw new ServiceError('article.websiteMissing');
    if (!anyOn(await enginesOn(data, id))) throw new ServiceError(MSG_NO_ENGINE);
    if (!(await data.get(sql`SELECT 1 AS found FROM website_deploy WHERE website_info_id = ${id} AND status_name = ${DEPLOY_OK} AND is_deleted = 0 LIMIT 1`))) {
      throw new ServiceError(MSG_NEVER_DEPLOYED);
    }
    if (await data.get(sql`SELECT 1 AS found FROM search_announce WHERE website_info_id = ${id} AND kind = 'full' AND state IN ('queued', 'running') LIMIT 1`)) {
      throw new ServiceError(MSG_FULL_RUNNING);
    }
    const live = await ctx.deployer.liveManifest(id, tenantId);
    if (!live) throw new ServiceError(MSG_NEVER_DEPLOYED);
    const diff = prepareDiff({ added: [], changed: Object.keys(live.manifest.files), removed: [] });
    if (!diff) throw new ServiceError(MSG_NOTHING);
    const queued = await data.transaction((trx) => queueAnnouncement(trx, ctx.jobs.queue, ctx.clock, { tenantId, websiteId: id, kind: 'full', release: live.release, diff }));
    if (!queued) throw new ServiceError(MSG_NO_ENGINE);
    const rows = await data.all(sql<Rec>`SELECT ${ANNOUNCE_COLUMNS} FROM search_announce a LEFT JOIN website_info w ON w.id = a.website_info_id WHERE a.id = ${queued.announceId}`);
    return ok((await announceViews(data, rows, readerLanguage(request)))[0]);
  });

  api.get(`${SEARCH_API.url}/page`, allow(menu('searchEngine')), async (request) => {
    const { tenantId } = scopeOf(request);
    const q = queryOf(request);
    const { current, size, offset } = pageOf(request, MAX_SIZE);
    const site = str(q.websiteInfoId);
    const engine = str(q.engine);
    const state = str(q.state);
    const url = str(q.url).trim();
    if (engine && !ANNOUNCE_ENGINES.includes(engine as AnnounceEngine)) throw new ServiceError({ key: 'searchAnnounce.badEngine', params: { list: ANNOUNCE_ENGINES.join(' / ') } });
    if (state && !URL_STATES.includes(state as UrlState)) throw new ServiceError({ key: 'searchAnnounce.badState', params: { list: URL_STATES.join(' / ') } });
    const conds: RawBuilder<unknown>[] = [sql`u.tenant_id = ${tenantId}`];
    if (site) conds.push(sql`u.website_info_id = ${site}`);
    if (engine) conds.push(sql`u.engine = ${engine}`);
    if (state) conds.push(sql`u.state = ${state}`);
    if (url) conds.push(data.dialect.contains(sql.ref('u.url'), url));
    const where = sql.join(conds, sql` AND `);
    const { total } = (await data.get(sql<{ total: number }>`SELECT COUNT(*) AS total FROM search_url u WHERE ${where}`))!;
    const rows = await data.all(sql<Rec>`SELECT u.id, u.website_info_id AS "websiteInfoId", u.engine, u.url, u.change_kind AS "changeKind", u.state, u.reason,
        u.reason_message AS "reasonMessage", u.hint, u.http_status AS "httpStatus", u.announce_id AS "announceId", u.attempts, u.submit_time AS "submitTime", u.update_time AS "updateTime"
      FROM search_url u WHERE ${where} ORDER BY u.update_time DESC, u.id DESC LIMIT ${size} OFFSET ${offset}`);
    const language = readerLanguage(request);
    for (const r of rows) {
      r.reason = r.reason === null || r.reason === undefined ? null : reasonText(r.reason, r.reasonMessage, language);
      delete r.reasonMessage;
      r.hint = parsed(r.hint);
      r.attempts = Number(r.attempts);
      if (r.httpStatus !== null && r.httpStatus !== undefined) r.httpStatus = Number(r.httpStatus);
    }
    return ok({ records: rows, total, size, current, pages: Math.ceil(total / size), orders: [] });
  });

  api.get(`${SEARCH_API.announce}/page`, allow(menu('searchEngine')), async (request) => {
    const { tenantId } = scopeOf(request);
    const { current, size, offset } = pageOf(request, MAX_SIZE);
    const site = str(queryOf(request).websiteInfoId);
    const where = sql`a.tenant_id = ${tenantId}${site ? sql` AND a.website_info_id = ${site}` : sql``}`;
    const { total } = (await data.get(sql<{ total: number }>`SELECT COUNT(*) AS total FROM search_announce a WHERE ${where}`))!;
    const rows = await data.all(sql<Rec>`SELECT ${ANNOUNCE_COLUMNS} FROM search_announce a LEFT JOIN website_info w ON w.id = a.website_info_id
      WHERE ${where} ORDER BY a.create_time DESC, a.id DESC LIMIT ${size} OFFSET ${offset}`);
    return ok({ records: await announceViews(data, rows, readerLanguage(request)), total, size, current, pages: Math.ceil(total / size), orders: [] });
  });
}
