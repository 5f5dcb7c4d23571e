// Tenants (/website-blade-system/tenant, administrator only) and the tenant's
// quota: creating a tenant also creates its admin role, root department, post
// and admin user; account quota and expiry are enforced at login and user create.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type DataLayer, type Queries, type RawBuilder } from '../../db/data-layer';
import { hashPasswordDigest, md5Hex } from '../../auth/passwords';
import { OAuthError, ok, ServiceError, status } from '../../http/reply';
import { messageText } from '../../../src-shared/messages';
import type { Clock } from '../../util/clock';
import { formatDateTime, normalizeDateTime } from '../../util/dates';
import { nextId } from '../../util/ids';
import { TENANT_POST_REMARK } from '../../db/seed';
import { ADMIN_TENANT, body, caller, idList, paramOf, paramValue, requireParam, rows, SYS } from './common';
import { allow } from '../../http/access-policy';
import { pageOf } from '../../http/paging';
import { judgeDeclared, judgeInput } from '../../crud/declared-input';
import { TENANT_SETTING } from '../../../src-shared/declarations/account-inputs';
import { TENANT } from '../../../src-shared/declarations/system';

const BASE = `${SYS}/tenant`;
// the sign-in's refusals (an OAuthError of the token endpoint) stay BladeX's Chinese; a write's are keys
export const MSG_QUOTA = messageText('sys.accountQuotaFull', 'zh');
export const MSG_EXPIRED = messageText('sys.tenantExpired', 'zh');

interface TenantRow {
  id: string;
  tenant_id: string;
  account_number: number;
  expire_time: string | null;
  package_id: string | null;
}

async function tenantRow(q: Queries, tenantId: string): Promise<TenantRow | undefined> {
  return q.get(sql<TenantRow>`SELECT * FROM blade_tenant WHERE tenant_id = ${tenantId} AND is_deleted = 0`);
}

async function liveAccounts(q: Queries, tenantId: string): Promise<number> {
  const r = await q.get(sql<{ n: number }>`SELECT COUNT(*) AS n FROM blade_user WHERE tenant_id = ${tenantId} AND is_deleted = 0`);
  return r!.n;
}

export async function tenantExpired(q: Queries, tenantId: string, clock: Clock): Promise<boolean> {
  const t = await tenantRow(q, tenantId);
  return !!t?.expire_time && t.expire_time < formatDateTime(clock());
}

/** More live accounts than the quota allows (the quota was lowered below the usage): nobody of the tenant signs in. */
export async function overQuota(q: Queries, tenantId: string): Promise<boolean> {
  const t = await tenantRow(q, tenantId);
  if (!t || t.account_number < 0) return false;
  return (await liveAccounts(q, tenantId)) > t.account_number;
}

/** Refuses a new account when the tenant is expired or its quota (-1 = unlimited) is used up. */
export async function checkAccountQuota(q: Queries, tenantId: string, clock: Clock): Promise<void> {
  const t = await tenantRow(q, tenantId);
  if (!t) throw new ServiceError('sys.tenantNotFound');
  if (await tenantExpired(q, tenantId, clock)) throw new ServiceError('sys.tenantExpired');
  if (t.account_number < 0) return;
  // a limit's row stays locked until the caller's transaction (the user's insert) ends (`dialect.forUpdate`):
  // two saves of users of one tenant at once, on any instances, count one after the other
  const limit = await q.get(sql<{ n: number }>`SELECT account_number AS n FROM blade_tenant WHERE tenant_id = ${tenantId} AND is_deleted = 0${q.dialect.forUpdate()}`);
  if (limit && limit.n >= 0 && (await liveAccounts(q, tenantId)) >= limit.n) throw new ServiceError('sys.accountQuotaFull');
}

/** Menu ids (with their buttons' ancestors) a package grants. */
async function packageMenus(q: Queries, packageId: string): Promise<string[]> {
  const p = await q.get(sql<{ menu_id: string }>`SELECT menu_id FROM blade_tenant_package WHERE id = ${packageId} AND is_deleted = 0`);
  return withAncestors(q, idList(p?.menu_id));
}

async function withAncestors(q: Queries, ids: string[]): Promise<string[]> {
  const all = await q.all(sql<{ id: string; parent_id: string }>`SELECT id, parent_id FROM blade_menu WHERE is_deleted = 0`);
  const parent = new Map(all.map((m) => [m.id, m.parent_id]));
  const out = new Set<string>();
  for (const id of ids) {
    let cur: string | undefined = id;
    while (cur && parent.has(cur) && !out.has(cur)) {
      out.add(cur);
      cur = parent.get(cur);
    }
  }
  return [...out];
}

/** Menus (and everything below them) whose code is in tenant.default.menuCode. */
async function defaultMenus(q: Queries): Promise<string[]> {
  return menusUnder(q, idList(await paramValue(q, ADMIN_TENANT, 'tenant.default.menuCode', 'workbench')));
}

/** the menus with these codes and everything below them (screens, buttons) */
async function menusUnder(q: Queries, codes: string[]): Promise<string[]> {
  const all = await q.all(sql<{ id: string; parent_id: string; code: string }>`SELECT id, parent_id, code FROM blade_menu WHERE is_deleted = 0`);
  const out = new Set(all.filter((m) => codes.includes(m.code)).map((m) => m.id));
  let grew = true;
  while (grew) {
    grew = false;
    for (const m of all) if (!out.has(m.id) && out.has(m.parent_id)) {
      out.add(m.id);
      grew = true;
    }
  }
  return [...out];
}

async function grantMenus(q: Queries, roleId: string, menuIds: string[]): Promise<void> {
  await q.run(sql`DELETE FROM blade_role_menu WHERE role_id = ${roleId}`);
  for (const m of menuIds) await q.run(sql`INSERT INTO blade_role_menu (id, role_id, menu_id) VALUES (${nextId()}, ${roleId}, ${m})`);
}

async function adminRoleOf(q: Queries, tenantId: string): Promise<string | undefined> {
  return (await q.get(sql<{ id: string }>`SELECT id FROM blade_role WHERE tenant_id = ${tenantId} AND role_alias = 'admin' AND is_deleted = 0`))?.id;
}

async function tenantIdTaken(q: Queries, tenantId: string): Promise<boolean> {
  return (await q.get(sql`SELECT 1 AS taken FROM blade_tenant WHERE tenant_id = ${tenantId}`)) !== undefined;
}

async function randomTenantId(q: Queries): Promise<string> {
  for (;;) {
    const id = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
    if (id !== ADMIN_TENANT && !(await tenantIdTaken(q, id))) return id;
  }
}

export interface NewTenant {
  tenantName: string;
  linkman: string;
  /** a free 6-digit id, else one is drawn */
  tenantId?: string;
  domain?: string | null;
  contactNumber?: string | null;
  address?: string | null;
  backgroundUrl?: string | null;
  accountNumber?: number | null;
  expireTime?: string | null;
  packageId?: string | null;
  /** menu codes granted to the admin role with everything below them, instead of the package's or the default ones */
  menuCodes?: string[];
}

/**
 * Creates a tenant with its admin role (granted the package's menus, else the
 * default ones), root department, post and admin user (account admin, the
 * tenant default password). Call inside a transaction (`q` its trx).
 */
export async function createTenant(q: Queries, clock: Clock, t: NewTenant, byUserId: string): Promise<{ id: string; tenantId: string }> {
  const now = formatDateTime(clock());
  const tenantId = t.tenantId && !(await tenantIdTaken(q, t.tenantId)) ? t.tenantId : await randomTenantId(q);
  const newId = nextId();
  const quota = t.accountNumber ?? Number(await paramValue(q, ADMIN_TENANT, 'tenant.default.accountNumber', '-1'));
  await q.run(sql`INSERT INTO blade_tenant (id, tenant_id, tenant_name, domain, background_url, linkman, contact_number, address, account_number,
       expire_time, package_id, create_user, create_time, update_user, update_time, status, is_deleted)
     VALUES (${newId}, ${tenantId}, ${t.tenantName}, ${t.domain ?? null}, ${t.backgroundUrl ?? null}, ${t.linkman}, ${t.contactNumber ?? null},
       ${t.address ?? null}, ${Number.isInteger(quota) ? quota : -1}, ${t.expireTime ?? null}, ${t.packageId ?? null}, ${byUserId}, ${now}, ${byUserId}, ${now}, 1, 0)`);
  const roleId = nextId();
  await q.run(sql`INSERT INTO blade_role (id, tenant_id, parent_id, role_name, sort, role_alias) VALUES (${roleId}, ${tenantId}, '0', '管理员', 1, 'admin')`);
  await grantMenus(q, roleId, t.menuCodes ? await menusUnder(q, t.menuCodes) : t.packageId ? await packageMenus(q, t.packageId) : await defaultMenus(q));
  const deptId = nextId();
  await q.run(sql`INSERT INTO blade_dept (id, tenant_id, parent_id, ancestors, dept_category, dept_name, full_name, sort)
     VALUES (${deptId}, ${tenantId}, '0', '0', 1, ${t.tenantName}, ${t.tenantName}, 1)`);
  const postId = nextId();
  await q.run(sql`INSERT INTO blade_post (id, tenant_id, category, post_code, post_name, sort, remark, create_user, create_time, update_user, update_time)
     VALUES (${postId}, ${tenantId}, 1, 'ceo', '首席执行官', 1, ${TENANT_POST_REMARK}, ${byUserId}, ${now}, ${byUserId}, ${now})`);
  const password = await paramValue(q, ADMIN_TENANT, 'tenant.default.password', 'admin');
  await q.run(sql`INSERT INTO blade_user (id, tenant_id, code, user_type, account, password, name, real_name, avatar, role_id, dept_id, post_id,
       create_user, create_time, update_user, update_time, status, is_deleted)
     VALUES (${nextId()}, ${tenantId}, 'admin', 1, 'admin', ${hashPasswordDigest(md5Hex(password))}, 'admin', 'admin', '', ${roleId}, ${deptId}, ${postId},
       ${byUserId}, ${now}, ${byUserId}, ${now}, 1, 0)`);
  return { id: newId, tenantId };
}

const str = (v: unknown): string | null => (v === undefined || v === null || String(v).trim() === '' ? null : String(v).trim());

async function packageExists(q: Queries, packageId: string): Promise<boolean> {
  return (await q.get(sql`SELECT 1 AS found FROM blade_tenant_package WHERE id = ${packageId} AND is_deleted = 0`)) !== undefined;
}

export function registerTenantRoutes(api: FastifyInstance, data: DataLayer, clock: Clock): void {
  const list = async (request: FastifyRequest) => {
    const q = (request.query ?? {}) as Record<string, string | undefined>;
    const { current, size, offset } = pageOf(request, 1000);
    const where: RawBuilder<unknown>[] = [sql`is_deleted = 0`];
    for (const [k, c] of [['tenantId', 'tenant_id'], ['tenantName', 'tenant_name'], ['linkman', 'linkman'], ['contactNumber', 'contact_number']] as const) {
      if (q[k]?.trim()) where.push(data.dialect.contains(sql.ref(c), q[k]!.trim()));
    }
    const w = sql.join(where, sql` AND `);
    const { total } = (await data.get(sql<{ total: number }>`SELECT COUNT(*) AS total FROM blade_tenant WHERE ${w}`))!;
    const records = await rows(data, sql`SELECT * FROM blade_tenant WHERE ${w}
      ORDER BY CASE WHEN tenant_id = '000000' THEN 0 ELSE 1 END, create_time DESC LIMIT ${size} OFFSET ${offset}`);
    return ok({ records, total, size, current, pages: Math.ceil(total / size), orders: [] });
  };
  api.get(`${BASE}/list`, allow('platform'), list);
  api.get(`${BASE}/page`, allow('platform'), list);
  api.get(`${BASE}/select`, allow('platform'), async () =>
    ok(await rows(data, sql`SELECT id, tenant_id, tenant_name FROM blade_tenant WHERE is_deleted = 0 ORDER BY create_time`)));
  api.get(`${BASE}/detail`, allow('platform'), async (request) =>
    ok((await rows(data, sql`SELECT * FROM blade_tenant WHERE id = ${requireParam(request, 'id')} AND is_deleted = 0`))[0] ?? null));

  api.post(`${BASE}/submit`, allow('platform'), async (request) => {
    const user = caller(request);
    const b = body(request);
    const id = str(b.id);
    judgeDeclared(TENANT, b, { update: id !== null });
    const tenantName = str(b.tenantName)!;
    const linkman = str(b.linkman)!;
    // the contact number is optional, as in the stock back end (the spec names no rule)
    const contact = str(b.contactNumber);
    const domain = str(b.domain ?? b.domainUrl);
    let accountNumber: number | null = null;
    if (str(b.accountNumber) !== null) accountNumber = Number(b.accountNumber);
    let expireTime: string | null = null;
    if (str(b.expireTime)) {
      expireTime = normalizeDateTime(String(b.expireTime));
      if (!expireTime) throw new ServiceError({ key: 'common.badFormat', params: { name: 'expireTime' } });
    }
    const packageId = str(b.packageId);
    if (packageId && !(await packageExists(data, packageId))) throw new ServiceError('sys.packageMissing');
    if (domain && (await data.get(sql`SELECT 1 AS taken FROM blade_tenant WHERE domain = ${domain} AND is_deleted = 0 AND id <> ${id ?? ''}`)))
      throw new ServiceError('sys.tenantDomainTaken');
    const now = formatDateTime(clock());
    const fields = {
      tenant_name: tenantName, domain, linkman, contact_number: contact, address: str(b.address), background_url: str(b.backgroundUrl),
    };
    return data.transaction(async (trx) => {
      if (id) {
        const existing = await trx.get(sql<TenantRow>`SELECT * FROM blade_tenant WHERE id = ${id} AND is_deleted = 0`);
        if (!existing) throw new ServiceError('common.notFound');
        const extra: Record<string, unknown> = { ...fields, update_user: user.userId, update_time: now };
        if (accountNumber !== null) extra.account_number = accountNumber;
        if (b.expireTime !== undefined) extra.expire_time = expireTime;
        await trx.run(sql`UPDATE blade_tenant SET ${sql.join(Object.entries(extra).map(([k, v]) => sql`${sql.ref(k)} = ${v}`))} WHERE id = ${id}`);
        return ok((await rows(trx, sql`SELECT * FROM blade_tenant WHERE id = ${id}`))[0]);
      }
      const newId = (await createTenant(trx, clock, {
        tenantName, domain, linkman, contactNumber: contact, address: fields.address, backgroundUrl: fields.background_url, accountNumber, expireTime, packageId,
      }, user.userId)).id;
      return ok((await rows(trx, sql`SELECT * FROM blade_tenant WHERE id = ${newId}`))[0]);
    });
  });

  api.post(`${BASE}/remove`, allow('platform'), async (request) => {
    const ids = idList(paramOf(request, 'ids'));
    if (ids.length === 0) throw new ServiceError('common.selectAtLeastOne');
    const found = await data.all(sql<{ tenant_id: string }>`SELECT tenant_id FROM blade_tenant WHERE is_deleted = 0 AND id IN (${sql.join(ids)})`);
    if (found.some((t) => t.tenant_id === ADMIN_TENANT)) throw new ServiceError('sys.adminTenantRemove');
    if (found.length === 0) throw new ServiceError('common.notFound');
    const now = formatDateTime(clock());
    await data.transaction(async (trx) => {
      await trx.run(sql`UPDATE blade_tenant SET is_deleted = 1, update_time = ${now} WHERE id IN (${sql.join(ids)})`);
      for (const t of found) {
        await trx.run(sql`UPDATE blade_user SET is_deleted = 1 WHERE tenant_id = ${t.tenant_id}`);
        await trx.run(sql`UPDATE blade_role SET is_deleted = 1 WHERE tenant_id = ${t.tenant_id}`);
        await trx.run(sql`UPDATE blade_dept SET is_deleted = 1 WHERE tenant_id = ${t.tenant_id}`);
      }
    });
    return status(true);
  });

  api.post(`${BASE}/setting`, allow('platform'), async (request) => {
    const ids = idList(paramOf(request, 'ids'));
    if (ids.length === 0) throw new ServiceError('common.selectAtLeastOne');
    const rawQuota = paramOf(request, 'accountNumber');
    // the dialog's declaration (src-shared/declarations/account-inputs.ts); absent: the quota is kept
    judgeInput(TENANT_SETTING, { accountNumber: rawQuota }, { partial: true });
    const quota = rawQuota === undefined ? null : Number(rawQuota);
    const rawExpire = paramOf(request, 'expireTime');
    const expire = rawExpire ? normalizeDateTime(rawExpire) : null;
    if (rawExpire && !expire) throw new ServiceError({ key: 'common.badFormat', params: { name: 'expireTime' } });
    const n = await data.run(sql`UPDATE blade_tenant SET account_number = COALESCE(CAST(${quota} AS INTEGER), account_number), expire_time = ${expire},
        update_time = ${formatDateTime(clock())} WHERE is_deleted = 0 AND id IN (${sql.join(ids)})`);
    if (n === 0) throw new ServiceError('common.notFound');
    return status(true);
  });

  api.post(`${BASE}/datasource`, allow('platform'), async (request) => {
    const tenantId = requireParam(request, 'tenantId');
    const ds = paramOf(request, 'datasourceId') ?? '';
    if ((await data.run(sql`UPDATE blade_tenant SET datasource_id = ${ds || null} WHERE tenant_id = ${tenantId} AND is_deleted = 0`)) === 0)
      throw new ServiceError('common.notFound');
    return status(true);
  });

  api.get(`${BASE}/info`, allow('public'), async (request) => {
    const domain = paramOf(request, 'domain')?.trim();
    const r = domain
      ? await data.get(sql<Record<string, string>>`SELECT tenant_id, domain, background_url FROM blade_tenant WHERE domain = ${domain} AND is_deleted = 0`)
      : undefined;
    // an object either way: the stock consoles read fields of it before checking it
    return ok(r ? { tenantId: r.tenant_id, domain: r.domain, backgroundUrl: r.background_url ?? '' } : { tenantId: '', domain: domain ?? '', backgroundUrl: '' });
  });

  api.get(`${BASE}/package-detail`, allow('platform'), async (request) => {
    const t = await tenantRow(data, requireParam(request, 'tenantId'));
    if (!t?.package_id) return ok(null);
    return ok((await rows(data, sql`SELECT * FROM blade_tenant_package WHERE id = ${t.package_id} AND is_deleted = 0`))[0] ?? null);
  });

  api.post(`${BASE}/package-setting`, allow('platform'), async (request) => {
    const tenantId = requireParam(request, 'tenantId');
    const packageId = paramOf(request, 'packageId')?.trim() || null;
    if (!(await tenantRow(data, tenantId))) throw new ServiceError('common.notFound');
    if (packageId && !(await packageExists(data, packageId))) throw new ServiceError('sys.packageMissing');
    await data.transaction(async (trx) => {
      await trx.run(sql`UPDATE blade_tenant SET package_id = ${packageId} WHERE tenant_id = ${tenantId}`);
      const roleId = await adminRoleOf(trx, tenantId);
      if (roleId && tenantId !== ADMIN_TENANT) await grantMenus(trx, roleId, packageId ? await packageMenus(trx, packageId) : await defaultMenus(trx));
    });
    return status(true);
  });

  api.get('/seo-blade-system/tenant-quota/detail', allow('user'), async (request) => {
    const user = caller(request);
    const t = await data.get(sql<Record<string, unknown>>`SELECT * FROM blade_tenant WHERE tenant_id = ${user.tenantId} AND is_deleted = 0`);
    if (!t) return ok(null);
    const n = await liveAccounts(data, user.tenantId);
    return ok({ tenantId: t.tenant_id, tenantName: t.tenant_name, accountNumber: t.account_number, accountUsed: n, expireTime: t.expire_time ?? '' });
  });

  // Login: an expired tenant cannot sign in (the token endpoint is core; checked before it runs).
  api.addHook('preHandler', async (request) => {
    if (request.routeOptions.url !== '/api/blade-auth/oauth/token') return;
    const headers = request.headers;
    const b = (request.body ?? {}) as Record<string, unknown>;
    const q = (request.query ?? {}) as Record<string, unknown>;
    const grant = String(b.grant_type ?? q.grant_type ?? '');
    if (grant === 'refresh_token') return;
    const tenantId = String(headers['tenant-id'] ?? b.tenant_id ?? b.tenantId ?? q.tenant_id ?? q.tenantId ?? ADMIN_TENANT).trim();
    if (await tenantExpired(data, tenantId, clock)) throw new OAuthError('invalid_grant', 400, MSG_EXPIRED);
    if (await overQuota(data, tenantId)) throw new OAuthError('invalid_grant', 400, MSG_QUOTA);
  });
}
