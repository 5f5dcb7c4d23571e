// Tenant content quotas: how many live websites and articles a tenant may hold
// (-1 = unlimited, the default). Checked on every way a website or an article is
// created (forms, legacy REST, imports, AI generation). The platform
// administrator sets them (POST /seo-blade-system/tenant-quota/content-setting);
// GET /seo-blade-system/tenant-quota/detail carries them next to the account quota.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type DataLayer, type Queries } from '../../../db/data-layer';
import { liveRowsSql } from '../../../db/sql';
import { callerOf } from '../../../http/auth-user';
import { ok, ServiceError } from '../../../http/reply';
import { judgeInput } from '../../../crud/declared-input';
import { TENANT_CONTENT_QUOTA } from '../../../../src-shared/declarations/account-inputs';
import type { Clock } from '../../../util/clock';
import { formatDateTime } from '../../../util/dates';
import { allow } from '../../../http/access-policy';

export const QUOTA_MSG = {
  website: 'quota.website',
  article: 'quota.article',
  number: 'quota.number',
  tenant: 'quota.tenant',
  admin: 'quota.admin',
} as const;

export interface ContentQuota {
  websiteNumber: number;
  websiteUsed: number;
  articleNumber: number;
  articleUsed: number;
}

export async function quotaOf(q: Queries, tenantId: string): Promise<ContentQuota> {
  const quota = await q.get(sql<{ website_number: number; article_number: number }>`SELECT website_number, article_number FROM content_quota WHERE tenant_id = ${tenantId}`);
  return {
    websiteNumber: quota?.website_number ?? -1,
    websiteUsed: await websitesUsed(q, tenantId),
    articleNumber: quota?.article_number ?? -1,
    articleUsed: await articlesUsed(q, tenantId),
  };
}

/** Live websites of a tenant. */
async function websitesUsed(q: Queries, tenantId: string): Promise<number> {
  const r = await q.get(sql<{ n: number }>`SELECT COUNT(*) AS n FROM website_info WHERE tenant_id = ${tenantId} AND is_deleted = 0`);
  return r?.n ?? 0;
}

/** Live articles of a tenant (the trigger-kept row count of migration 320). */
export async function articlesUsed(q: Queries, tenantId: string): Promise<number> {
  const r = await q.get(sql<{ live: number }>`SELECT ${liveRowsSql('article', tenantId)} AS live`);
  return r?.live ?? 0;
}

/**
 * The tenant's limit in `column` (-1 unlimited, also without a quota row). With `lock`, a limit's row stays
 * locked until the caller's transaction ends (`dialect.forUpdate`): every write that checks a quota takes it
 * before counting, so two writers of one tenant, on any instance, count one after the other and the second
 * sees the first's rows. An unlimited tenant's row is not locked (nothing to keep).
 */
async function limitOf(q: Queries, tenantId: string, column: 'website_number' | 'article_number', lock: boolean): Promise<number> {
  const limited = lock ? sql` AND ${sql.ref(column)} >= 0${q.dialect.forUpdate()}` : sql``;
  const row = await q.get(sql<{ n: number }>`SELECT ${sql.ref(column)} AS n FROM content_quota WHERE tenant_id = ${tenantId}${limited}`);
  return row?.n ?? -1;
}

/**
 * How many more articles the tenant may create (Infinity when unlimited). `{ lock: true }` inside the
 * transaction that then writes them: the places counted stay this transaction's until it ends.
 */
export async function articlesLeft(q: Queries, tenantId: string, o: { lock?: boolean } = {}): Promise<number> {
  const limit = await limitOf(q, tenantId, 'article_number', o.lock === true);
  return limit < 0 ? Infinity : Math.max(0, limit - (await articlesUsed(q, tenantId)));
}

/** Throws unless `adding` more websites fit the tenant's quota. Call it in the transaction that writes them (it locks: limitOf). */
export async function checkWebsiteQuota(q: Queries, tenantId: string, adding = 1): Promise<void> {
  const limit = await limitOf(q, tenantId, 'website_number', true);
  if (limit < 0) return;
  if ((await websitesUsed(q, tenantId)) + adding > limit) throw new ServiceError(QUOTA_MSG.website);
}

/** Throws unless `adding` more articles fit the tenant's quota. Call it in the transaction that writes them (it locks: limitOf). */
export async function checkArticleQuota(q: Queries, tenantId: string, adding = 1): Promise<void> {
  if ((await articlesLeft(q, tenantId, { lock: true })) < adding) throw new ServiceError(QUOTA_MSG.article);
}

/** a quota judged by the dialog's declaration (TENANT_CONTENT_QUOTA); absent: kept */
const quotaNumber = (v: unknown): number | undefined => (v === undefined || v === null ? undefined : Number(v));

const requirePlatformAdmin = (request: FastifyRequest): void => {
  const user = callerOf(request);
  const admin = user.tenantId === '000000' && user.roleName.split(',').includes('administrator');
  if (!admin) throw new ServiceError(QUOTA_MSG.admin);
};

export function registerQuotaRoutes(api: FastifyInstance, data: DataLayer, clock: Clock): void {
  const tenantExists = async (tenantId: string): Promise<boolean> =>
    (await data.get(sql`SELECT 1 AS found FROM blade_tenant WHERE tenant_id = ${tenantId} AND is_deleted = 0`)) !== undefined;
  // one tenant's content quotas and use, for the tenant screen's 内容额度 dialog
  api.get('/seo-blade-system/tenant-quota/content-detail', allow('platform'), async (request) => {
    requirePlatformAdmin(request);
    const tenantId = String((request.query as Record<string, unknown>).tenantId ?? '').trim();
    if (!tenantId || !(await tenantExists(tenantId))) throw new ServiceError(QUOTA_MSG.tenant);
    return ok({ tenantId, ...(await quotaOf(data, tenantId)) });
  });
  api.post('/seo-blade-system/tenant-quota/content-setting', allow('platform'), async (request) => {
    requirePlatformAdmin(request);
    const b = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
    judgeInput(TENANT_CONTENT_QUOTA, { websiteNumber: b.websiteNumber ?? undefined, articleNumber: b.articleNumber ?? undefined }, { partial: true });
    const tenantId = String(b.tenantId ?? '').trim();
    if (!tenantId || !(await tenantExists(tenantId))) throw new ServiceError(QUOTA_MSG.tenant);
    const website = quotaNumber(b.websiteNumber);
    const article = quotaNumber(b.articleNumber);
    // one statement: a quota not given keeps the row's own value (two settings at once, one of websites and
    // one of articles, both hold), -1 on a new row
    const given = (n: number | undefined) => sql`CAST(${n ?? null} AS INTEGER)`;
    await data.run(
      sql`INSERT INTO content_quota (tenant_id, website_number, article_number, update_time)
        VALUES (${tenantId}, COALESCE(${given(website)}, -1), COALESCE(${given(article)}, -1), ${formatDateTime(clock())})
        ON CONFLICT (tenant_id) DO UPDATE SET website_number = COALESCE(${given(website)}, content_quota.website_number),
          article_number = COALESCE(${given(article)}, content_quota.article_number), update_time = excluded.update_time`,
    );
    return ok(await quotaOf(data, tenantId));
  });
  // the system module answers the detail (account quota); the content quotas join its data
  api.addHook('preSerialization', async (request, _reply, payload) => {
    if (request.routeOptions.url !== '/api/seo-blade-system/tenant-quota/detail' || !request.authUser) return payload;
    const p = payload as { data?: unknown } | null;
    if (!p || typeof p !== 'object' || !p.data || typeof p.data !== 'object') return payload;
    return { ...p, data: { ...(p.data as Record<string, unknown>), ...(await quotaOf(data, request.authUser.tenantId)) } };
  });
}
