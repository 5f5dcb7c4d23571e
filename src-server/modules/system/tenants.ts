// Tenants (/website-blade-system/tenant, administrator only) and the tenant's
// quota: creating a tenant also creates its admin role, root department, post
// and admin user; account quota and expiry are enforced at login and user create.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { hashPasswordDigest, md5Hex } from '../../auth/passwords';
import { MSG_NOT_FOUND, OAuthError, ok, ServiceError, status } from '../../http/reply';
import type { Clock } from '../../util/clock';
import { formatDateTime, normalizeDateTime } from '../../util/dates';
import { nextId } from '../../util/ids';
import { ADMIN_TENANT, body, caller, idList, likeParam, paramOf, paramValue, placeholders, requireParam, rows, SYS } from './common';
import { allow } from '../../http/access-policy';
import { pageOf } from '../../http/paging';

const BASE = `${SYS}/tenant`;
export const MSG_QUOTA = '当前租户已到最大账号额度!';
export const MSG_EXPIRED = '当前租户已过期,请联系管理员!';

interface TenantRow {
  id: string;
  tenant_id: string;
  account_number: number;
  expire_time: string | null;
  package_id: string | null;
}

function tenantRow(db: Db, tenantId: string): TenantRow | undefined {
  return db.prepare('SELECT * FROM blade_tenant WHERE tenant_id = ? AND is_deleted = 0').get(tenantId) as TenantRow | undefined;
}

export function tenantExpired(db: Db, tenantId: string, clock: Clock): boolean {
  const t = tenantRow(db, tenantId);
  return !!t?.expire_time && t.expire_time < formatDateTime(clock());
}

/** More live accounts than the quota allows (the quota was lowered below the usage): nobody of the tenant signs in. */
export function overQuota(db: Db, tenantId: string): boolean {
  const t = tenantRow(db, tenantId);
  if (!t || t.account_number < 0) return false;
  const { n } = db.prepare('SELECT COUNT(*) AS n FROM blade_user WHERE tenant_id = ? AND is_deleted = 0').get(tenantId) as { n: number };
  return n > t.account_number;
}

/** Refuses a new account when the tenant is expired or its quota (-1 = unlimited) is used up. */
export function checkAccountQuota(db: Db, tenantId: string, clock: Clock): void {
  const t = tenantRow(db, tenantId);
  if (!t) throw new ServiceError('租户ID未找到');
  if (tenantExpired(db, tenantId, clock)) throw new ServiceError(MSG_EXPIRED);
  if (t.account_number >= 0) {
    const { n } = db.prepare('SELECT COUNT(*) AS n FROM blade_user WHERE tenant_id = ? AND is_deleted = 0').get(tenantId) as { n: number };
    if (n >= t.account_number) throw new ServiceError(MSG_QUOTA);
  }
}

/** Menu ids (with their buttons' ancestors) a package grants. */
function packageMenus(db: Db, packageId: string): string[] {
  const p = db.prepare('SELECT menu_id FROM blade_tenant_package WHERE id = ? AND is_deleted = 0').get(packageId) as { menu_id: string } | undefined;
  return withAncestors(db, idList(p?.menu_id));
}

function withAncestors(db: Db, ids: string[]): string[] {
  const all = db.prepare('SELECT id, parent_id FROM blade_menu WHERE is_deleted = 0').all() as { id: string; parent_id: string }[];
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
function defaultMenus(db: Db): string[] {
  return menusUnder(db, idList(paramValue(db, ADMIN_TENANT, 'tenant.default.menuCode', 'workbench')));
}

/** the menus with these codes and everything below them (screens, buttons) */
function menusUnder(db: Db, codes: string[]): string[] {
  const all = db.prepare('SELECT id, parent_id, code FROM blade_menu WHERE is_deleted = 0').all() as { id: string; parent_id: string; code: string }[];
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

function grantMenus(db: Db, roleId: string, menuIds: string[]): void {
  db.prepare('DELETE FROM blade_role_menu WHERE role_id = ?').run(roleId);
  const ins = db.prepare('INSERT INTO blade_role_menu (id, role_id, menu_id) VALUES (?, ?, ?)');
  for (const m of menuIds) ins.run(nextId(), roleId, m);
}

function adminRoleOf(db: Db, tenantId: string): string | undefined {
  return (db.prepare("SELECT id FROM blade_role WHERE tenant_id = ? AND role_alias = 'admin' AND is_deleted = 0").get(tenantId) as { id: string } | undefined)?.id;
}

function randomTenantId(db: Db): string {
  for (;;) {
    const id = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
    if (id !== ADMIN_TENANT && !db.prepare('SELECT 1 FROM blade_tenant WHERE tenant_id = ?').get(id)) return id;
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
 * tenant default password). Call inside a transaction.
 */
export function createTenant(db: Db, clock: Clock, t: NewTenant, byUserId: string): { id: string; tenantId: string } {
  const now = formatDateTime(clock());
  const tenantId = t.tenantId && !db.prepare('SELECT 1 FROM blade_tenant WHERE tenant_id = ?').get(t.tenantId) ? t.tenantId : randomTenantId(db);
  const newId = nextId();
  const quota = t.accountNumber ?? Number(paramValue(db, ADMIN_TENANT, 'tenant.default.accountNumber', '-1'));
  db.prepare(
    `INSERT INTO blade_tenant (id, tenant_id, tenant_name, domain, background_url, linkman, contact_number, address, account_number,
       expire_time, package_id, create_user, create_time, update_user, update_time, status, is_deleted)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, 0)`,
  ).run(newId, tenantId, t.tenantName, t.domain ?? null, t.backgroundUrl ?? null, t.linkman, t.contactNumber ?? null, t.address ?? null,
    Number.isInteger(quota) ? quota : -1, t.expireTime ?? null, t.packageId ?? null, byUserId, now, byUserId, now);
  const roleId = nextId();
  db.prepare("INSERT INTO blade_role (id, tenant_id, parent_id, role_name, sort, role_alias) VALUES (?, ?, '0', '管理员', 1, 'admin')").run(roleId, tenantId);
  grantMenus(db, roleId, t.menuCodes ? menusUnder(db, t.menuCodes) : t.packageId ? packageMenus(db, t.packageId) : defaultMenus(db));
  const deptId = nextId();
  db.prepare("INSERT INTO blade_dept (id, tenant_id, parent_id, ancestors, dept_category, dept_name, full_name, sort) VALUES (?, ?, '0', '0', 1, ?, ?, 1)")
    .run(deptId, tenantId, t.tenantName, t.tenantName);
  const postId = nextId();
  db.prepare(
    `INSERT INTO blade_post (id, tenant_id, category, post_code, post_name, sort, create_user, create_time, update_user, update_time)
     VALUES (?, ?, 1, 'ceo', '首席执行官', 1, ?, ?, ?, ?)`,
  ).run(postId, tenantId, byUserId, now, byUserId, now);
  const password = paramValue(db, ADMIN_TENANT, 'tenant.default.password', 'admin');
  db.prepare(
    `INSERT INTO blade_user (id, tenant_id, code, user_type, account, password, name, real_name, avatar, role_id, dept_id, post_id,
       create_user, create_time, update_user, update_time, status, is_deleted)
     VALUES (?, ?, 'admin', 1, 'admin', ?, 'admin', 'admin', '', ?, ?, ?, ?, ?, ?, ?, 1, 0)`,
  ).run(nextId(), tenantId, hashPasswordDigest(md5Hex(password)), roleId, deptId, postId, byUserId, now, byUserId, now);
  return { id: newId, tenantId };
}

const str = (v: unknown): string | null => (v === undefined || v === null || String(v).trim() === '' ? null : String(v).trim());

export function registerTenantRoutes(api: FastifyInstance, db: Db, clock: Clock): void {
  const list = async (request: FastifyRequest) => {
    const q = (request.query ?? {}) as Record<string, string | undefined>;
    const { current, size, offset } = pageOf(request, 1000);
    const where = ['is_deleted = 0'];
    const params: unknown[] = [];
    for (const [k, c] of [['tenantId', 'tenant_id'], ['tenantName', 'tenant_name'], ['linkman', 'linkman'], ['contactNumber', 'contact_number']] as const) {
      if (q[k]?.trim()) {
        where.push(`${c} LIKE ? ESCAPE '\\'`);
        params.push(likeParam(q[k]!.trim()));
      }
    }
    const w = where.join(' AND ');
    const { total } = db.prepare(`SELECT COUNT(*) AS total FROM blade_tenant WHERE ${w}`).get(...params) as { total: number };
    const records = rows(db, `SELECT * FROM blade_tenant WHERE ${w} ORDER BY tenant_id = '000000' DESC, create_time DESC LIMIT ? OFFSET ?`, ...params, size, offset);
    return ok({ records, total, size, current, pages: Math.ceil(total / size), orders: [] });
  };
  api.get(`${BASE}/list`, allow('platform'), list);
  api.get(`${BASE}/page`, allow('platform'), list);
  api.get(`${BASE}/select`, allow('platform'), async () => ok(rows(db, 'SELECT id, tenant_id, tenant_name FROM blade_tenant WHERE is_deleted = 0 ORDER BY create_time')));
  api.get(`${BASE}/detail`, allow('platform'), async (request) => ok(rows(db, 'SELECT * FROM blade_tenant WHERE id = ? AND is_deleted = 0', requireParam(request, 'id'))[0] ?? null));

  api.post(`${BASE}/submit`, allow('platform'), async (request) => {
    const user = caller(request);
    const b = body(request);
    const id = str(b.id);
    const tenantName = str(b.tenantName);
    if (!tenantName) throw new ServiceError('请输入租户名称');
    if (tenantName.length > 50) throw new ServiceError('租户名称不能超过50个字符');
    const linkman = str(b.linkman);
    if (!linkman) throw new ServiceError('请输入联系人');
    // the contact number is optional, as in the stock back end (the spec names no rule)
    const contact = str(b.contactNumber);
    const domain = str(b.domain ?? b.domainUrl);
    let accountNumber: number | null = null;
    if (str(b.accountNumber) !== null) {
      accountNumber = Number(b.accountNumber);
      if (!Number.isInteger(accountNumber) || accountNumber < -1) throw new ServiceError('账号额度必须是不小于-1的整数');
    }
    let expireTime: string | null = null;
    if (str(b.expireTime)) {
      expireTime = normalizeDateTime(String(b.expireTime));
      if (!expireTime) throw new ServiceError('请求参数格式错误: expireTime');
    }
    const packageId = str(b.packageId);
    if (packageId && !db.prepare('SELECT 1 FROM blade_tenant_package WHERE id = ? AND is_deleted = 0').get(packageId)) throw new ServiceError('所选产品包不存在');
    if (domain && db.prepare('SELECT 1 FROM blade_tenant WHERE domain = ? AND is_deleted = 0 AND id <> ?').get(domain, id ?? '')) throw new ServiceError('域名已被使用');
    const now = formatDateTime(clock());
    const fields = {
      tenant_name: tenantName, domain, linkman, contact_number: contact, address: str(b.address), background_url: str(b.backgroundUrl),
    };
    return db.transaction(() => {
      if (id) {
        const existing = db.prepare('SELECT * FROM blade_tenant WHERE id = ? AND is_deleted = 0').get(id) as TenantRow | undefined;
        if (!existing) throw new ServiceError(MSG_NOT_FOUND);
        const extra: Record<string, unknown> = { ...fields, update_user: user.userId, update_time: now };
        if (accountNumber !== null) extra.account_number = accountNumber;
        if (b.expireTime !== undefined) extra.expire_time = expireTime;
        db.prepare(`UPDATE blade_tenant SET ${Object.keys(extra).map((k) => `${k} = ?`).join(', ')} WHERE id = ?`).run(...Object.values(extra), id);
        return ok(rows(db, 'SELECT * FROM blade_tenant WHERE id = ?', id)[0]);
      }
      const newId = createTenant(db, clock, {
        tenantName, domain, linkman, contactNumber: contact, address: fields.address, backgroundUrl: fields.background_url, accountNumber, expireTime, packageId,
      }, user.userId).id;
      return ok(rows(db, 'SELECT * FROM blade_tenant WHERE id = ?', newId)[0]);
    })();
  });

  api.post(`${BASE}/remove`, allow('platform'), async (request) => {
    const ids = idList(paramOf(request, 'ids'));
    if (ids.length === 0) throw new ServiceError('请选择至少一条数据');
    const found = db.prepare(`SELECT tenant_id FROM blade_tenant WHERE is_deleted = 0 AND id IN (${placeholders(ids.length)})`).all(...ids) as { tenant_id: string }[];
    if (found.some((t) => t.tenant_id === ADMIN_TENANT)) throw new ServiceError('不可删除管理组租户!');
    if (found.length === 0) throw new ServiceError(MSG_NOT_FOUND);
    const now = formatDateTime(clock());
    db.transaction(() => {
      db.prepare(`UPDATE blade_tenant SET is_deleted = 1, update_time = ? WHERE id IN (${placeholders(ids.length)})`).run(now, ...ids);
      for (const t of found) {
        db.prepare('UPDATE blade_user SET is_deleted = 1 WHERE tenant_id = ?').run(t.tenant_id);
        db.prepare('UPDATE blade_role SET is_deleted = 1 WHERE tenant_id = ?').run(t.tenant_id);
        db.prepare('UPDATE blade_dept SET is_deleted = 1 WHERE tenant_id = ?').run(t.tenant_id);
      }
    })();
    return status(true);
  });

  api.post(`${BASE}/setting`, allow('platform'), async (request) => {
    const ids = idList(paramOf(request, 'ids'));
    if (ids.length === 0) throw new ServiceError('请选择至少一条数据');
    const rawQuota = paramOf(request, 'accountNumber');
    const quota = rawQuota === undefined || rawQuota === '' ? null : Number(rawQuota);
    if (quota !== null && (!Number.isInteger(quota) || quota < -1)) throw new ServiceError('账号额度必须是不小于-1的整数');
    const rawExpire = paramOf(request, 'expireTime');
    const expire = rawExpire ? normalizeDateTime(rawExpire) : null;
    if (rawExpire && !expire) throw new ServiceError('请求参数格式错误: expireTime');
    const n = db
      .prepare(`UPDATE blade_tenant SET account_number = COALESCE(?, account_number), expire_time = ?, update_time = ? WHERE is_deleted = 0 AND id IN (${placeholders(ids.length)})`)
      .run(quota, expire, formatDateTime(clock()), ...ids).changes;
    if (n === 0) throw new ServiceError(MSG_NOT_FOUND);
    return status(true);
  });

  api.post(`${BASE}/datasource`, allow('platform'), async (request) => {
    const tenantId = requireParam(request, 'tenantId');
    const ds = paramOf(request, 'datasourceId') ?? '';
    if (db.prepare('UPDATE blade_tenant SET datasource_id = ? WHERE tenant_id = ? AND is_deleted = 0').run(ds || null, tenantId).changes === 0)
      throw new ServiceError(MSG_NOT_FOUND);
    return status(true);
  });

  api.get(`${BASE}/info`, allow('public'), async (request) => {
    const domain = paramOf(request, 'domain')?.trim();
    const r = domain ? (db.prepare('SELECT tenant_id, domain, background_url FROM blade_tenant WHERE domain = ? AND is_deleted = 0').get(domain) as Record<string, string> | undefined) : undefined;
    // an object either way: the stock consoles read fields of it before checking it
    return ok(r ? { tenantId: r.tenant_id, domain: r.domain, backgroundUrl: r.background_url ?? '' } : { tenantId: '', domain: domain ?? '', backgroundUrl: '' });
  });

  api.get(`${BASE}/package-detail`, allow('platform'), async (request) => {
    const t = tenantRow(db, requireParam(request, 'tenantId'));
    if (!t?.package_id) return ok(null);
    return ok(rows(db, 'SELECT * FROM blade_tenant_package WHERE id = ? AND is_deleted = 0', t.package_id)[0] ?? null);
  });

  api.post(`${BASE}/package-setting`, allow('platform'), async (request) => {
    const tenantId = requireParam(request, 'tenantId');
    const packageId = paramOf(request, 'packageId')?.trim() || null;
    if (!tenantRow(db, tenantId)) throw new ServiceError(MSG_NOT_FOUND);
    if (packageId && !db.prepare('SELECT 1 FROM blade_tenant_package WHERE id = ? AND is_deleted = 0').get(packageId)) throw new ServiceError('所选产品包不存在');
    db.transaction(() => {
      db.prepare('UPDATE blade_tenant SET package_id = ? WHERE tenant_id = ?').run(packageId, tenantId);
      const roleId = adminRoleOf(db, tenantId);
      if (roleId && tenantId !== ADMIN_TENANT) grantMenus(db, roleId, packageId ? packageMenus(db, packageId) : defaultMenus(db));
    })();
    return status(true);
  });

  api.get('/seo-blade-system/tenant-quota/detail', allow('user'), async (request) => {
    const user = caller(request);
    const t = db.prepare('SELECT * FROM blade_tenant WHERE tenant_id = ? AND is_deleted = 0').get(user.tenantId) as Record<string, unknown> | undefined;
    if (!t) return ok(null);
    const { n } = db.prepare('SELECT COUNT(*) AS n FROM blade_user WHERE tenant_id = ? AND is_deleted = 0').get(user.tenantId) as { n: number };
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
    if (tenantExpired(db, tenantId, clock)) throw new OAuthError('invalid_grant', 400, MSG_EXPIRED);
    if (overQuota(db, tenantId)) throw new OAuthError('invalid_grant', 400, MSG_QUOTA);
  });
}
