// Server module: the console shell: self-service user endpoints, error-log upload, uploads, notices for the bell.
// Migrations are numbered 100-199.
import type { FastifyInstance } from 'fastify';
import type { ServerModule, ModuleDeps } from '../types';
import { AUDIT } from '../../db/sql';
import { ok, status, ServiceError } from '../../http/reply';
import { judgeInput } from '../../crud/declared-input';
import { PASSWORD_CHANGE, USER_INFO } from '../../../src-shared/declarations/account-inputs';
import { PHONE } from '../../../src-shared/declarations/system';
import { firstBroken } from '../../../src-shared/declarations/declare';
import { callerOf } from '../../http/auth-user';
import { findTenant, findUserByAccount, findUserById, lockAccount, splitIds } from '../../system/directory';
import { getSetting, setSetting } from '../../system/settings';
import { formatRow } from '../../system/rows';
import { hashPasswordDigest, md5Hex, verifyPasswordDigest } from '../../auth/passwords';
import { MSG_PASSWORD_MISMATCH, passwordProblem } from '../../../src-shared/account-rules';
import { nextId } from '../../util/ids';
import { checkAccountQuota } from '../system/tenants';
import { formatDateTime } from '../../util/dates';
import { sql, type DataLayer, type Queries } from '../../db/data-layer';
import { allow } from '../../http/access-policy';
import type { MessageKey } from '../../../src-shared/messages';

/** The top menus a fresh install seeds: code (the console's label is menu.top_<code>), name, icon, the side menus under it. */
export const TOP_MENUS: readonly (readonly [code: string, name: string, source: string, menus: readonly string[]])[] = [
  ['business', '站群业务', 'global', ['workbench', 'site', 'infra', 'material', 'content', 'ai']],
  ['operations', '系统运维', 'setting', ['workbench', 'system', 'authority', 'resource', 'tool', 'flow', 'log', 'report']],
];

// The spec's phone helper (§5) in its order: empty, then the declared phone's rules (src-shared/declarations
// system.ts PHONE: its length, its format), its messages keys of the table.
export const PHONE_EMPTY = 'shell.phoneEmpty';

/** The phone check helper of the spec, in its order: the message's key, null when valid. */
export function phoneError(phone: string): MessageKey | null {
  if (!phone) return PHONE_EMPTY;
  return firstBroken(PHONE, phone)?.message ?? null;
}

const MIGRATIONS = [
  {
    version: 100,
    name: 'shell: server error log, notices',
    sql: `
CREATE TABLE blade_log_error (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL DEFAULT '000000',
  service_id TEXT,
  server_host TEXT,
  server_ip TEXT,
  env TEXT,
  method TEXT,
  request_uri TEXT,
  user_agent TEXT,
  stack_trace TEXT,
  exception_name TEXT,
  message TEXT,
  line_number INTEGER,
  method_class TEXT,
  file_name TEXT,
  method_name TEXT,
  params TEXT,
  time TEXT,
  create_by TEXT,
  create_time TEXT
);

CREATE TABLE blade_notice (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  title TEXT NOT NULL,
  category INTEGER NOT NULL DEFAULT 1,
  release_time TEXT,
  content TEXT,${AUDIT}
);
`,
  },
];

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const body = (request: { body: unknown }): Record<string, unknown> =>
  request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? (request.body as Record<string, unknown>) : {};
/** Fields from the query string and the body (BladeX controllers accept either). */
const input = (request: { body: unknown; query: unknown }): Record<string, unknown> => ({
  ...((request.query as Record<string, unknown>) ?? {}),
  ...body(request),
});

async function paramValue(q: Queries, tenantId: string, key: string): Promise<string | undefined> {
  const row = await q.get(
    sql<{ param_value: string }>`SELECT param_value FROM blade_param WHERE tenant_id IN (${tenantId}, '000000') AND param_key = ${key} AND is_deleted = 0
       ORDER BY CASE WHEN tenant_id = ${tenantId} THEN 0 ELSE 1 END LIMIT 1`,
  );
  return row?.param_value;
}

/** Two top menus for the admin tenant, attached to their menu subtrees (once per install). */
async function seedTopMenus(data: DataLayer, now: string): Promise<void> {
  if (await getSetting(data, 'shell.topMenusSeeded')) return;
  await data.transaction(async (trx) => {
    await setSetting(trx, 'shell.topMenusSeeded', '1');
    const existing = await trx.get(sql<{ n: number }>`SELECT count(*) AS n FROM blade_top_menu WHERE tenant_id = '000000'`);
    if ((existing?.n ?? 0) > 0) return;
    const menus = await trx.all(sql<{ id: string; parent_id: string; code: string }>`SELECT id, parent_id, code FROM blade_menu WHERE is_deleted = 0`);
    const children = new Map<string, string[]>();
    for (const m of menus) children.set(m.parent_id, [...(children.get(m.parent_id) ?? []), m.id]);
    const subtree = (code: string): string[] => {
      const root = menus.find((m) => m.code === code);
      if (!root) return [];
      const out: string[] = [];
      const walk = (id: string) => {
        out.push(id);
        for (const c of children.get(id) ?? []) walk(c);
      };
      walk(root.id);
      return out;
    };
    for (const [i, [code, name, source, roots]] of TOP_MENUS.entries()) {
      const topId = nextId();
      await trx.run(
        sql`INSERT INTO blade_top_menu (id, tenant_id, code, name, source, path, sort, create_time, update_time)
          VALUES (${topId}, '000000', ${code}, ${name}, ${source}, '', ${i + 1}, ${now}, ${now})`,
      );
      for (const root of roots)
        for (const menuId of subtree(root)) await trx.run(sql`INSERT INTO blade_top_menu_setting (id, top_menu_id, menu_id) VALUES (${nextId()}, ${topId}, ${menuId})`);
    }
  });
}

/** The bell's first notices (once per install). */
async function seedNotices(data: DataLayer, now: string): Promise<void> {
  if (await getSetting(data, 'shell.noticesSeeded')) return;
  await setSetting(data, 'shell.noticesSeeded', '1');
  const rows: [string, number, string][] = [
    ['欢迎使用 SEO 矩阵控制台', 1, '内置工作区已就绪,可直接管理站点与内容。'],
    ['系统维护通知', 2, '本周日凌晨 2 点至 4 点进行例行维护。'],
    ['新功能:AI 批量生成', 3, 'AI 设置中新增批量生成任务。'],
  ];
  for (const [title, category, content] of rows)
    await data.run(
      sql`INSERT INTO blade_notice (id, tenant_id, title, category, release_time, content, create_time, update_time)
        VALUES (${nextId()}, '000000', ${title}, ${category}, ${now}, ${content}, ${now}, ${now})`,
    );
}

/** The caller's own row without its password. */
async function userInfo(data: Queries, id: string): Promise<Record<string, unknown>> {
  const user = await findUserById(data, id);
  if (!user) throw new ServiceError('shell.userMissing');
  const row = formatRow(user as unknown as Record<string, unknown>);
  delete row.password;
  return row;
}

async function routes(api: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { data, clock } = deps;
  const now = () => formatDateTime(clock());
  await seedTopMenus(data, now());
  await seedNotices(data, now());

  const user = '/website-blade-system/user';
  api.get(`${user}/info`, allow('user'), async (request) => ok(await userInfo(data, callerOf(request).userId)));

  api.post(`${user}/update-info`, allow('user'), async (request) => {
    const caller = callerOf(request);
    const b = input(request);
    // the page's declaration (src-shared/declarations/account-inputs.ts): the phone optional (the seeded
    // administrator has none), one given a valid mobile number; the e-mail's shape
    const phone = str(b.phone).trim();
    const email = str(b.email).trim();
    judgeInput(USER_INFO, { phone, email });
    const current = await findUserById(data, caller.userId);
    if (!current) throw new ServiceError('shell.userMissing');
    const avatar = b.avatar === undefined ? current.avatar : str(b.avatar);
    const realName = b.realName === undefined ? current.real_name : str(b.realName);
    const name = b.name === undefined ? current.name : str(b.name);
    await data.run(
      sql`UPDATE blade_user SET avatar = ${avatar}, real_name = ${realName}, name = ${name}, phone = ${phone}, email = ${email},
        update_user = ${caller.userId}, update_time = ${now()} WHERE id = ${caller.userId}`,
    );
    return status(true);
  });

  api.post(`${user}/update-password`, allow('user'), async (request) => {
    const caller = callerOf(request);
    const b = input(request);
    const oldPassword = str(b.oldPassword);
    const newPassword = str(b.newPassword);
    const newPassword1 = str(b.newPassword1);
    judgeInput(PASSWORD_CHANGE, { oldPassword, newPassword, newPassword1 });
    const current = await findUserById(data, caller.userId);
    if (!current) throw new ServiceError('shell.userMissing');
    if (!(await verifyPasswordDigest(md5Hex(oldPassword), current.password))) throw new ServiceError('shell.oldPasswordWrong');
    // sessions follow the password: the user's other sign-ins end with it (on every instance: the cache bus tells
    // them before this answer leaves), as an administrator's reset does; this one goes on
    await data.transaction(async (trx) => {
      await trx.run(
        sql`UPDATE blade_user SET password = ${hashPasswordDigest(md5Hex(newPassword))}, update_user = ${caller.userId}, update_time = ${now()}
          WHERE id = ${caller.userId}`,
      );
      await deps.tokens.sessions.revokeOthers(caller.userId, caller.sessionId, 'password changed', trx);
    });
    await deps.tokens.sessions.told();
    return status(true);
  });

  api.post(`${user}/register-guest`, allow('user'), async (request) => {
    const caller = callerOf(request);
    const b = input(request);
    const tenantId = str(b.tenantId).trim() || caller.tenantId;
    const name = str(b.name).trim();
    const account = str(b.account).trim();
    const password = str(b.password);
    // The spec's order and messages (shell-and-system.md §5).
    if (!tenantId) throw new ServiceError('shell.tenantIdFirst');
    if (!account) throw new ServiceError('shell.accountFirst');
    if (!password) throw new ServiceError('shell.passwordFirst');
    if (b.password2 !== undefined && str(b.password2) !== password) throw new ServiceError(MSG_PASSWORD_MISMATCH);
    const short = passwordProblem(password);
    if (short) throw new ServiceError(short);
    if ((await paramValue(data, tenantId, 'account.registerUser')) !== 'true') throw new ServiceError('shell.registerClosed');
    if (!(await findTenant(data, tenantId))) throw new ServiceError('shell.tenantWrong');
    const stamp = now();
    // A pending user: no role, no department; an administrator approves it by granting roles.
    const digest = hashPasswordDigest(md5Hex(password));
    const shown = name || account;
    const createUser = str(b.oauthId) || caller.userId;
    // the account's check, the tenant's account quota and the insert in one transaction, under the account's lock
    // and the quota's (two sign-ups at once, on any instances, count one after the other)
    await data.transaction(async (trx) => {
      await lockAccount(trx, tenantId, account);
      if (await findUserByAccount(trx, tenantId, account)) throw new ServiceError({ key: 'sys.userAccountTaken', params: { account } });
      await checkAccountQuota(trx, tenantId, clock);
      await trx.run(
        sql`INSERT INTO blade_user (id, tenant_id, code, account, password, name, real_name, avatar, role_id, dept_id, post_id,
           create_user, create_time, update_time, status)
         VALUES (${nextId()}, ${tenantId}, ${account}, ${account}, ${digest}, ${shown}, ${shown}, '', '-1', '-1', '-1', ${createUser}, ${stamp}, ${stamp}, 1)`,
      );
    });
    return status(true);
  });

  api.get('/website-blade-system/dept/select', allow('user'), async (request) => {
    const caller = callerOf(request);
    const userId = str((request.query as Record<string, unknown>).userId);
    const target = await findUserById(data, userId || caller.userId);
    if (target && target.tenant_id !== caller.tenantId) return ok([]); // open to every signed-in user: never another tenant's
    const ids = splitIds(target?.dept_id ?? caller.deptId).filter((id) => id !== '-1');
    if (ids.length === 0) return ok([]);
    const rows = await data.all(sql<Record<string, unknown>>`SELECT * FROM blade_dept WHERE id IN (${sql.join(ids)}) AND is_deleted = 0 ORDER BY sort, id`);
    return ok(rows.map(formatRow));
  });

  api.get('/website-blade-system/role/select', allow('user'), async (request) => {
    const caller = callerOf(request);
    const userId = str((request.query as Record<string, unknown>).userId);
    const target = await findUserById(data, userId || caller.userId);
    if (target && target.tenant_id !== caller.tenantId) return ok([]); // open to every signed-in user: never another tenant's
    const ids = splitIds(target?.role_id ?? caller.roleId).filter((id) => id !== '-1');
    if (ids.length === 0) return ok([]);
    const rows = await data.all(sql<Record<string, unknown>>`SELECT * FROM blade_role WHERE id IN (${sql.join(ids)}) AND is_deleted = 0 ORDER BY sort, id`);
    return ok(rows.map(formatRow));
  });

  api.post('/blade-log/error/upload', allow('user'), async (request) => {
    const caller = callerOf(request);
    const list = Array.isArray(request.body) ? (request.body as unknown[]) : Array.isArray(body(request).logs) ? (body(request).logs as unknown[]) : null;
    if (!list) throw new ServiceError('shell.logListRequired');
    if (list.length > 1000) throw new ServiceError('shell.logListMax');
    const stamp = now();
    const ua = str(request.headers['user-agent']);
    await data.transaction(async (trx) => {
      for (const item of list) {
        const e = item && typeof item === 'object' ? (item as Record<string, unknown>) : {};
        const message = str(e.message);
        if (!message) throw new ServiceError('shell.logMessageRequired');
        await trx.run(
          sql`INSERT INTO blade_log_error (id, tenant_id, service_id, server_host, env, method, request_uri, user_agent, stack_trace,
             exception_name, message, params, time, create_by, create_time)
           VALUES (${nextId()}, ${caller.tenantId}, 'seo-console', 'desktop', 'client', 'CLIENT', ${str(e.url)}, ${ua}, ${str(e.stack)},
             ${str(e.type) || 'error'}, ${message}, ${str(e.info)}, ${str(e.time) || stamp}, ${caller.account}, ${stamp})`,
        );
      }
    });
    return status(true);
  });
  // /website-blade-desk/notice/list is the notice resource's generic list (modules/admin/notices.ts)
}

export const shellModule: ServerModule = {
  name: 'shell',
  migrations: MIGRATIONS,
  resources: [],
  routes,
};
