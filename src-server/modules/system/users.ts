// Users (/website-blade-system/user): page by department tree, detail, submit,
// update, remove, grant roles, reset password, unlock, platform details.
// Passwords are never returned.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Queries, type RawBuilder } from '../../db/data-layer';
import { hashPasswordDigest, md5Hex } from '../../auth/passwords';
import { passwordProblem } from '../../../src-shared/account-rules';
import { ok, ServiceError, status } from '../../http/reply';
import type { MessageKey } from '../../../src-shared/messages';
import { firstDeptOf } from '../../http/auth-user';
import { formatDateTime, normalizeDateTime } from '../../util/dates';
import { nextId } from '../../util/ids';
import {
  body, caller, idList, idsFrom, isAdministrator, paramOf, paramValue, requireParam, rows, SYS, withoutSecrets,
} from './common';
import { checkAccountQuota } from './tenants';
import { lockAccount } from '../../system/directory';
import { requireButton } from '../../http/access-check';
import { pageOf } from '../../http/paging';
import { allow, menu, menuButton } from '../../http/access-policy';
import { registerUserExcelRoutes } from './user-excel';
import type { ModuleDeps } from '../types';
import { judgeDeclared, judgeInput } from '../../crud/declared-input';
import { USER_PLATFORM } from '../../../src-shared/declarations/account-inputs';
import { USER } from '../../../src-shared/declarations/system';

const BASE = `${SYS}/user`;
const MAX_PAGE = 1000;

const USER_TYPES: Record<number, string> = { 1: 'WEB', 2: 'APP', 3: 'OTHER' };

/** deptId and every department below it (ancestors hold the chain). */
export async function deptWithDescendants(q: Queries, tenantId: string, deptId: string): Promise<string[]> {
  const r = await q.all(
    sql<{ id: string }>`SELECT id FROM blade_dept WHERE tenant_id = ${tenantId} AND is_deleted = 0 AND (id = ${deptId} OR (',' || ancestors || ',') LIKE ${`%,${deptId},%`})`,
  );
  return r.map((x) => x.id);
}

/** Adds roleName, deptName, postName, tenantName, userTypeName, sexName. */
async function decorate(q: Queries, tenantId: string, records: Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
  const names = async (query: RawBuilder<{ id: string; n: string }>): Promise<Map<string, string>> =>
    new Map((await q.all(query)).map((r) => [r.id, r.n]));
  const roles = await names(sql`SELECT id, role_name AS n FROM blade_role WHERE tenant_id = ${tenantId}`);
  const depts = await names(sql`SELECT id, dept_name AS n FROM blade_dept WHERE tenant_id = ${tenantId}`);
  const posts = await names(sql`SELECT id, post_name AS n FROM blade_post WHERE tenant_id = ${tenantId}`);
  const tenant = await q.get(sql<{ tenant_name: string }>`SELECT tenant_name FROM blade_tenant WHERE tenant_id = ${tenantId}`);
  const join = (m: Map<string, string>, v: unknown): string => idList(String(v ?? '')).map((id) => m.get(id) ?? '').filter(Boolean).join(',');
  for (const r of records) {
    withoutSecrets(r);
    r.roleName = join(roles, r.roleId);
    r.deptName = join(depts, r.deptId);
    r.postName = join(posts, r.postId);
    r.tenantName = tenant?.tenant_name ?? '';
    r.userTypeName = USER_TYPES[Number(r.userType)] ?? '';
    r.sexName = r.sex === 1 ? '男' : r.sex === 2 ? '女' : '';
  }
  return records;
}

interface UserInput {
  account?: string;
  name?: string;
  realName?: string;
  password?: string;
  password2?: string;
  email?: string;
  phone?: string;
  birthday?: string;
  sex?: number | null;
  code?: string;
  roleId?: string;
  deptId?: string;
  postId?: string;
  userType?: number;
  status?: number;
}

const str = (v: unknown): string | undefined => (v === undefined || v === null ? undefined : String(v).trim());

function readInput(b: Record<string, unknown>): UserInput {
  const int = (v: unknown): number | undefined => {
    if (v === undefined || v === null || v === '') return undefined;
    const n = Number(v);
    if (!Number.isInteger(n)) throw new ServiceError('sys.badParam');
    return n;
  };
  return {
    account: str(b.account),
    name: str(b.name),
    realName: str(b.realName),
    password: b.password === undefined || b.password === null ? undefined : String(b.password),
    password2: b.password2 === undefined || b.password2 === null ? undefined : String(b.password2),
    email: str(b.email),
    phone: str(b.phone),
    birthday: str(b.birthday),
    sex: int(b.sex),
    code: str(b.code),
    roleId: b.roleId === undefined ? undefined : idsFrom(b.roleId).join(','),
    deptId: b.deptId === undefined ? undefined : idsFrom(b.deptId).join(','),
    postId: b.postId === undefined ? undefined : idsFrom(b.postId).join(','),
    userType: int(b.userType),
    status: int(b.status),
  };
}

async function validateInput(
  q: Queries, tenantId: string, u: UserInput, insert: boolean, exceptId: string | null, callerIsAdministrator: boolean,
): Promise<void> {
  // the declared rules (src-shared/declarations/system.ts USER) on the fields the write holds
  judgeDeclared(USER, u as Record<string, unknown>, { update: !insert, partial: true });
  if (insert || u.account !== undefined) {
    // of two saves of one account at once (any instances) the second is told, rather than refused by the unique index
    await lockAccount(q, tenantId, u.account!);
    const taken = await q.get(
      sql`SELECT 1 AS taken FROM blade_user WHERE tenant_id = ${tenantId} AND account = ${u.account} AND is_deleted = 0 AND id <> ${exceptId ?? ''}`,
    );
    if (taken) throw new ServiceError({ key: 'sys.userAccountTaken', params: { account: u.account! } });
  }
  if (u.birthday && normalizeDateTime(u.birthday) === null) throw new ServiceError({ key: 'common.badFormat', params: { name: 'birthday' } });
  if (u.sex !== undefined && u.sex !== null && ![1, 2, 3].includes(u.sex)) throw new ServiceError({ key: 'common.badFormat', params: { name: 'sex' } });
  const check = async (ids: string | undefined, table: string, missing: MessageKey): Promise<void> => {
    if (!insert && ids === undefined) return;
    const list = idList(ids);
    if (list.length === 0) return;
    const { n } = (await q.get(
      sql<{ n: number }>`SELECT COUNT(*) AS n FROM ${sql.id(table)} WHERE tenant_id = ${tenantId} AND is_deleted = 0 AND id IN (${sql.join(list)})`,
    ))!;
    if (n !== list.length) throw new ServiceError(missing);
  };
  await check(u.roleId, 'blade_role', 'sys.userRoleMissing');
  await check(u.deptId, 'blade_dept', 'sys.userDeptMissing');
  await check(u.postId, 'blade_post', 'sys.userPostMissing');
  const roleIds = idList(u.roleId);
  if (!callerIsAdministrator && roleIds.length > 0) {
    const admin = await q.get(sql`SELECT 1 AS found FROM blade_role WHERE role_alias = 'administrator' AND id IN (${sql.join(roleIds)})`);
    if (admin) throw new ServiceError('sys.administratorGrantRefused');
  }
}

export function registerUserRoutes(api: FastifyInstance, deps: ModuleDeps): void {
  const { data, clock } = deps;
  const sessions = deps.tokens.sessions;
  const page = async (request: FastifyRequest) => {
    const user = caller(request);
    const q = (request.query ?? {}) as Record<string, string | undefined>;
    const { current, size, offset } = pageOf(request, MAX_PAGE);
    const where: RawBuilder<unknown>[] = [sql`tenant_id = ${user.tenantId}`, sql`is_deleted = 0`];
    for (const [key, column] of [['account', 'account'], ['realName', 'real_name'], ['name', 'name'], ['phone', 'phone'], ['code', 'code']] as const) {
      const v = q[key]?.trim();
      if (v) where.push(data.dialect.contains(sql.ref(column), v));
    }
    // 待审核: guests from register-guest wait with no role until an administrator approves them.
    const audit = (q.auditStatus ?? q.auditStatus_equal)?.trim();
    if (audit === '0') where.push(sql`role_id = '-1'`);
    else if (audit === '1') where.push(sql`role_id <> '-1'`);
    const userType = q.userType?.trim();
    if (userType) where.push(sql`user_type = ${Number(userType)}`);
    const deptId = q.deptId?.trim();
    if (deptId) {
      const depts = await deptWithDescendants(data, user.tenantId, deptId);
      if (depts.length === 0) where.push(sql`1 = 0`);
      else where.push(sql`(${sql.join(depts.map((d) => sql`(',' || dept_id || ',') LIKE ${`%,${d},%`}`), sql` OR `)})`);
    }
    const w = sql.join(where, sql` AND `);
    const { total } = (await data.get(sql<{ total: number }>`SELECT COUNT(*) AS total FROM blade_user WHERE ${w}`))!;
    const records = await rows(
      data,
      sql`SELECT id, tenant_id, code, user_type, account, name, real_name, avatar, email, phone, birthday, sex, role_id, dept_id, post_id,
              create_user, create_dept, create_time, update_user, update_time, status, is_deleted
       FROM blade_user WHERE ${w} ORDER BY create_time DESC, id DESC LIMIT ${size} OFFSET ${offset}`,
    );
    return ok({ records: await decorate(data, user.tenantId, records), total, size, current, pages: Math.ceil(total / size), orders: [] });
  };
  api.get(`${BASE}/page`, allow(menu('user')), page);
  api.get(`${BASE}/list`, allow(menu('user')), page);

  const findOne = async (q: Queries, tenantId: string, id: string): Promise<Record<string, unknown> | null> => {
    const r = (await rows(q, sql`SELECT * FROM blade_user WHERE id = ${id} AND tenant_id = ${tenantId} AND is_deleted = 0`))[0];
    return r ? (await decorate(q, tenantId, [r]))[0]! : null;
  };

  api.get(`${BASE}/detail`, allow(menu('user')), async (request) => ok(await findOne(data, caller(request).tenantId, requireParam(request, 'id'))));

  const insert = async (q: Queries, tenantId: string, u: UserInput, by: { userId: string; dept: string }): Promise<string> => {
    const id = nextId();
    const now = formatDateTime(clock());
    await q.run(sql`INSERT INTO blade_user (id, tenant_id, code, user_type, account, password, name, real_name, avatar, email, phone, birthday, sex,
         role_id, dept_id, post_id, create_user, create_dept, create_time, update_user, update_time, status, is_deleted)
       VALUES (${id}, ${tenantId}, ${u.code ?? null}, ${u.userType ?? 1}, ${u.account!}, ${hashPasswordDigest(md5Hex(u.password!))}, ${u.name ?? u.realName!},
         ${u.realName!}, '', ${u.email ?? null}, ${u.phone ?? null}, ${u.birthday ? normalizeDateTime(u.birthday) : null}, ${u.sex ?? null},
         ${u.roleId ?? ''}, ${u.deptId ?? ''}, ${u.postId ?? ''}, ${by.userId}, ${by.dept}, ${now}, ${by.userId}, ${now}, ${u.status ?? 1}, 0)`);
    return id;
  };

  const update = async (q: Queries, tenantId: string, id: string, u: UserInput, by: string): Promise<void> => {
    const sets: RawBuilder<unknown>[] = [];
    const put = (col: string, v: unknown): void => {
      sets.push(sql`${sql.ref(col)} = ${v === '' ? null : v}`);
    };
    if (u.account !== undefined) put('account', u.account);
    if (u.name !== undefined) put('name', u.name);
    if (u.realName !== undefined) put('real_name', u.realName);
    if (u.email !== undefined) put('email', u.email);
    if (u.phone !== undefined) put('phone', u.phone);
    if (u.birthday !== undefined) put('birthday', u.birthday ? normalizeDateTime(u.birthday) : null);
    if (u.sex !== undefined) put('sex', u.sex);
    if (u.code !== undefined) put('code', u.code);
    if (u.roleId !== undefined) put('role_id', u.roleId);
    if (u.deptId !== undefined) put('dept_id', u.deptId);
    // NOT NULL: no post is '' (put would store '' as NULL and fail)
    if (u.postId !== undefined) sets.push(sql`post_id = ${u.postId}`);
    if (u.userType !== undefined) put('user_type', u.userType);
    if (u.status !== undefined) put('status', u.status);
    put('update_user', by);
    put('update_time', formatDateTime(clock()));
    await q.run(sql`UPDATE blade_user SET ${sql.join(sets)} WHERE id = ${id} AND tenant_id = ${tenantId} AND is_deleted = 0`);
  };

  const save = async (request: FastifyRequest, requireId: boolean) => {
    const user = caller(request);
    const b = body(request);
    const id = b.id === undefined || b.id === null || String(b.id).trim() === '' ? null : String(b.id).trim();
    if (requireId && !id) throw new ServiceError({ key: 'common.missingParam', params: { name: 'id' } });
    await requireButton(deps.data, request, id ? 'user_edit' : 'user_add');
    const u = readInput(b);
    return data.transaction(async (trx) => {
      if (id) {
        if (!(await findOne(trx, user.tenantId, id))) throw new ServiceError('common.notFound');
        await validateInput(trx, user.tenantId, u, false, id, isAdministrator(user));
        await update(trx, user.tenantId, id, u, user.userId);
        return ok(await findOne(trx, user.tenantId, id));
      }
      await validateInput(trx, user.tenantId, u, true, null, isAdministrator(user));
      await checkAccountQuota(trx, user.tenantId, clock);
      const newId = await insert(trx, user.tenantId, u, { userId: user.userId, dept: firstDeptOf(user) });
      return ok(await findOne(trx, user.tenantId, newId));
    });
  };
  // an edit may revoke the user's sign-ins (see eachUser): every instance knows before the answer leaves
  const saved = async (request: FastifyRequest, edit: boolean) => {
    const answer = await save(request, edit);
    await sessions.told();
    return answer;
  };
  api.post(`${BASE}/submit`, allow(menuButton('user', 'user_add', 'user_edit')), async (request) => saved(request, false));
  api.post(`${BASE}/update`, allow(menuButton('user', 'user_edit')), async (request) => saved(request, true));

  api.post(`${BASE}/remove`, allow(menuButton('user', 'user_delete')), async (request) => {
    const user = caller(request);
    const ids = idList(paramOf(request, 'ids'));
    if (ids.length === 0) throw new ServiceError('common.selectAtLeastOne');
    if (ids.includes(user.userId)) throw new ServiceError('sys.removeSelf');
    const n = await data.run(sql`UPDATE blade_user SET is_deleted = 1, update_user = ${user.userId}, update_time = ${formatDateTime(clock())}
      WHERE tenant_id = ${user.tenantId} AND is_deleted = 0 AND id IN (${sql.join(ids)})`);
    if (n === 0) throw new ServiceError('common.notFound');
    await sessions.told(); // see eachUser
    return status(true);
  });

  const ownUsers = async (tenantId: string, ids: string[]): Promise<{ id: string; account: string }[]> => {
    if (ids.length === 0) throw new ServiceError('common.selectAtLeastOne');
    const found = await data.all(
      sql<{ id: string; account: string }>`SELECT id, account FROM blade_user WHERE tenant_id = ${tenantId} AND is_deleted = 0 AND id IN (${sql.join(ids)})`,
    );
    if (found.length !== ids.length) throw new ServiceError('common.notFound');
    return found;
  };

  /** Runs one write per user in one transaction. */
  const eachUser = async (users: { id: string; account: string }[], write: (u: { id: string; account: string }) => RawBuilder<unknown>): Promise<void> => {
    await data.transaction(async (trx) => {
      for (const u of users) await trx.run(write(u));
    });
    // a changed role, status or removal revoked their sign-ins (core migration 30's trigger): every instance knows
    // before the answer leaves (the sessions known live are memory on a team server, auth/token-sessions.ts)
    await sessions.told();
  };

  api.post(`${BASE}/grant`, allow(menuButton('user', 'user_role')), async (request) => {
    const user = caller(request);
    const users = await ownUsers(user.tenantId, idList(paramOf(request, 'userIds')));
    const roleIds = idList(paramOf(request, 'roleIds'));
    await validateInput(data, user.tenantId, { roleId: roleIds.join(',') }, false, null, isAdministrator(user));
    const now = formatDateTime(clock());
    await eachUser(users, (u) => sql`UPDATE blade_user SET role_id = ${roleIds.join(',')}, update_user = ${user.userId}, update_time = ${now} WHERE id = ${u.id}`);
    return status(true);
  });

  /** Pending guests among the ids, of the caller's tenant; anything else is refused. */
  const pendingUsers = async (tenantId: string, ids: string[]): Promise<{ id: string; account: string }[]> => {
    const users = await ownUsers(tenantId, ids);
    const pending = new Set(
      (await data.all(sql<{ id: string }>`SELECT id FROM blade_user WHERE role_id = '-1' AND id IN (${sql.join(users.map((u) => u.id))})`)).map((r) => r.id),
    );
    const other = users.find((u) => !pending.has(u.id));
    if (other) throw new ServiceError({ key: 'sys.noAuditNeeded', params: { account: String(other.account) } });
    return users;
  };

  // Approve: the guest gets the tenant's ordinary role (role alias user, else the given roleId) and its root department.
  api.post(`${BASE}/audit-pass`, allow(menuButton('user', 'user_audit')), async (request) => {
    const user = caller(request);
    const users = await pendingUsers(user.tenantId, idList(paramOf(request, 'ids')));
    let roleId = idList(paramOf(request, 'roleId')).join(',');
    if (!roleId) {
      const r = await data.get(
        sql<{ id: string }>`SELECT id FROM blade_role WHERE tenant_id = ${user.tenantId} AND role_alias = 'user' AND is_deleted = 0 ORDER BY sort, id`,
      );
      if (!r) throw new ServiceError('sys.userRoleRequired');
      roleId = r.id;
    }
    await validateInput(data, user.tenantId, { roleId }, false, null, isAdministrator(user));
    const dept = await data.get(
      sql<{ id: string }>`SELECT id FROM blade_dept WHERE tenant_id = ${user.tenantId} AND parent_id = '0' AND is_deleted = 0 ORDER BY sort, id`,
    );
    const now = formatDateTime(clock());
    await eachUser(users, (u) =>
      sql`UPDATE blade_user SET role_id = ${roleId}, dept_id = ${dept?.id ?? '-1'}, update_user = ${user.userId}, update_time = ${now} WHERE id = ${u.id}`);
    return status(true);
  });

  // Refuse: the pending registration is removed (soft delete), which frees the account name.
  api.post(`${BASE}/audit-refuse`, allow(menuButton('user', 'user_audit')), async (request) => {
    const user = caller(request);
    const users = await pendingUsers(user.tenantId, idList(paramOf(request, 'ids')));
    const now = formatDateTime(clock());
    await eachUser(users, (u) => sql`UPDATE blade_user SET is_deleted = 1, update_user = ${user.userId}, update_time = ${now} WHERE id = ${u.id}`);
    return status(true);
  });

  api.post(`${BASE}/reset-password`, allow(menuButton('user', 'user_reset')), async (request) => {
    const user = caller(request);
    const users = await ownUsers(user.tenantId, idList(paramOf(request, 'userIds')));
    const initial = await paramValue(data, user.tenantId, 'account.initPassword', '123456');
    // the password a reset gives is a new password too: as long as any other (参数管理 holds it)
    if (passwordProblem(initial)) throw new ServiceError('sys.initPasswordShort');
    const hash = hashPasswordDigest(md5Hex(initial));
    const now = formatDateTime(clock());
    await eachUser(users, (u) => sql`UPDATE blade_user SET password = ${hash}, update_user = ${user.userId}, update_time = ${now} WHERE id = ${u.id}`);
    await sessions.revokeUsers(users.map((u) => u.id), 'password reset');
    return status(true);
  });

  api.post(`${BASE}/unlock`, allow(menuButton('user', 'user_unlock')), async (request) => {
    const user = caller(request);
    const users = await ownUsers(user.tenantId, idList(paramOf(request, 'userIds')));
    await eachUser(users, (u) => sql`DELETE FROM blade_login_fail WHERE tenant_id = ${user.tenantId} AND account = ${u.account}`);
    return status(true);
  });

  api.post(`${BASE}/tenant-update-password`, allow(menuButton('user', 'user_reset')), async (request) => {
    const user = caller(request);
    const b = (request.body ?? {}) as Record<string, unknown>;
    const get = (k: string): string => String(paramOf(request, k) ?? b[k] ?? '').trim();
    const userId = get('userId');
    const pw = get('newPassword');
    if (!pw) throw new ServiceError('sys.newPasswordRequired');
    if (passwordProblem(pw)) throw new ServiceError('sys.passwordShort');
    if (pw !== get('newPassword1')) throw new ServiceError('sys.passwordMismatch');
    const target = (await ownUsers(user.tenantId, idList(userId)))[0]!;
    if (get('account') && get('account') !== target.account) throw new ServiceError('common.notFound');
    await data.run(sql`UPDATE blade_user SET password = ${hashPasswordDigest(md5Hex(pw))}, update_user = ${user.userId},
      update_time = ${formatDateTime(clock())} WHERE id = ${target.id}`);
    await sessions.revokeUsers([target.id], 'password reset');
    return status(true);
  });

  api.post(`${BASE}/update-platform`, allow(menuButton('user', 'user_platform')), async (request) => {
    const user = caller(request);
    const b = body(request);
    // the dialog's declaration (src-shared/declarations/account-inputs.ts): a platform of the three, JSON or nothing
    judgeInput(USER_PLATFORM, { userType: b.userType ?? 1, userExt: b.userExt ?? undefined });
    const userId = String(b.userId ?? b.id ?? '').trim();
    await ownUsers(user.tenantId, idList(userId));
    const userType = Number(b.userType ?? 1);
    const ext = b.userExt === undefined || b.userExt === null ? '' : String(b.userExt);
    await data.transaction(async (trx) => {
      await trx.run(sql`INSERT INTO blade_user_platform (user_id, user_type, user_ext) VALUES (${userId}, ${userType}, ${ext})
         ON CONFLICT (user_id) DO UPDATE SET user_type = excluded.user_type, user_ext = excluded.user_ext`);
      await trx.run(sql`UPDATE blade_user SET user_type = ${userType} WHERE id = ${userId}`);
    });
    return status(true);
  });

  // 导入 / 导出 / 模板下载 (the stock import-user, export-user, export-template)
  registerUserExcelRoutes(api, data, {
    save: async (q, by, u, existingId) => {
      await validateInput(q, by.tenantId, u, existingId === null, existingId, isAdministrator(by));
      if (existingId) await update(q, by.tenantId, existingId, u, by.userId);
      else {
        await checkAccountQuota(q, by.tenantId, clock);
        await insert(q, by.tenantId, u, { userId: by.userId, dept: firstDeptOf(by) });
      }
    },
    decorate: (q, tenantId, records) => decorate(q, tenantId, records),
  });

  api.get(`${BASE}/platform-detail`, allow(menu('user')), async (request) => {
    const user = caller(request);
    const id = requireParam(request, 'id');
    const found = await findOne(data, user.tenantId, id);
    if (!found) return ok(null);
    const p = await data.get(sql<{ user_type: number; user_ext: string | null }>`SELECT user_type, user_ext FROM blade_user_platform WHERE user_id = ${id}`);
    return ok({ ...found, userType: p?.user_type ?? found.userType, userExt: p?.user_ext ?? '' });
  });
}
