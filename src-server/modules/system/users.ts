// Users (/website-blade-system/user): page by department tree, detail, submit,
// update, remove, grant roles, reset password, unlock, platform details.
// Passwords are never returned.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { hashPasswordDigest, md5Hex } from '../../auth/passwords';
import { emailValid, MSG_EMAIL_FORMAT, MSG_PASSWORD_MISMATCH, MSG_PASSWORD_SHORT, passwordProblem } from '../../../src-shared/account-rules';
import { MSG_NOT_FOUND, ok, ServiceError, status } from '../../http/reply';
import { firstDeptOf } from '../../http/auth-user';
import type { Clock } from '../../util/clock';
import type { TokenSessions } from '../../auth/token-sessions';
import { formatDateTime, normalizeDateTime } from '../../util/dates';
import { nextId } from '../../util/ids';
import {
  body, caller, idList, idsFrom, isAdministrator, likeParam, paramOf, paramValue, placeholders, requireParam, rows, SYS, withoutSecrets,
} from './common';
import { checkAccountQuota } from './tenants';
import { requireButton } from '../../http/access-check';
import { pageOf } from '../../http/paging';
import { allow, menu, menuButton } from '../../http/access-policy';
import { registerUserExcelRoutes } from './user-excel';

const BASE = `${SYS}/user`;
const MAX_PAGE = 1000;

const USER_TYPES: Record<number, string> = { 1: 'WEB', 2: 'APP', 3: 'OTHER' };

/** deptId and every department below it (ancestors hold the chain). */
export function deptWithDescendants(db: Db, tenantId: string, deptId: string): string[] {
  const r = db
    .prepare(
      `SELECT id FROM blade_dept WHERE tenant_id = ? AND is_deleted = 0 AND (id = ? OR (',' || ancestors || ',') LIKE ?)`,
    )
    .all(tenantId, deptId, `%,${deptId},%`) as { id: string }[];
  return r.map((x) => x.id);
}

/** Adds roleName, deptName, postName, tenantName, userTypeName, sexName. */
function decorate(db: Db, tenantId: string, records: Record<string, unknown>[]): Record<string, unknown>[] {
  const names = (sql: string): Map<string, string> =>
    new Map((db.prepare(sql).all(tenantId) as { id: string; n: string }[]).map((r) => [r.id, r.n]));
  const roles = names('SELECT id, role_name AS n FROM blade_role WHERE tenant_id = ?');
  const depts = names('SELECT id, dept_name AS n FROM blade_dept WHERE tenant_id = ?');
  const posts = names('SELECT id, post_name AS n FROM blade_post WHERE tenant_id = ?');
  const tenant = db.prepare('SELECT tenant_name FROM blade_tenant WHERE tenant_id = ?').get(tenantId) as { tenant_name: string } | undefined;
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
    if (!Number.isInteger(n)) throw new ServiceError('请求参数格式错误');
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

function validateInput(db: Db, tenantId: string, u: UserInput, insert: boolean, exceptId: string | null, callerIsAdministrator: boolean): void {
  if (insert || u.account !== undefined) {
    if (!u.account) throw new ServiceError('请输入登录账号');
    if (u.account.length > 45) throw new ServiceError('登录账号不能超过45个字符');
    const taken = db
      .prepare('SELECT 1 FROM blade_user WHERE tenant_id = ? AND account = ? AND is_deleted = 0 AND id <> ?')
      .get(tenantId, u.account, exceptId ?? '');
    if (taken) throw new ServiceError(`当前用户 [${u.account}] 已存在!`);
  }
  if ((insert || u.name !== undefined) && !u.name) throw new ServiceError('请输入用户昵称');
  if ((insert || u.realName !== undefined) && !u.realName) throw new ServiceError('请输入用户姓名');
  if (insert) {
    if (!u.password) throw new ServiceError('请输入密码');
    const short = passwordProblem(u.password);
    if (short) throw new ServiceError(short);
    if (u.password2 !== undefined && u.password2 !== u.password) throw new ServiceError(MSG_PASSWORD_MISMATCH);
  }
  if (u.email && !emailValid(u.email)) throw new ServiceError(MSG_EMAIL_FORMAT);
  if (u.phone && !/^1\d{10}$/.test(u.phone)) throw new ServiceError('手机号格式不正确');
  if (u.birthday && normalizeDateTime(u.birthday) === null) throw new ServiceError('请求参数格式错误: birthday');
  if (u.sex !== undefined && u.sex !== null && ![1, 2, 3].includes(u.sex)) throw new ServiceError('请求参数格式错误: sex');
  const check = (ids: string | undefined, table: string, required: string, missing: string): void => {
    if (!insert && ids === undefined) return;
    const list = idList(ids);
    if (list.length === 0) {
      if (required) throw new ServiceError(required);
      return;
    }
    const n = (db
      .prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE tenant_id = ? AND is_deleted = 0 AND id IN (${placeholders(list.length)})`)
      .get(tenantId, ...list) as { n: number }).n;
    if (n !== list.length) throw new ServiceError(missing);
  };
  check(u.roleId, 'blade_role', '请选择所属角色', '所选角色不存在');
  check(u.deptId, 'blade_dept', '请选择所属部门', '所选部门不存在');
  check(u.postId, 'blade_post', '', '所选岗位不存在');
  if (!callerIsAdministrator && u.roleId) {
    const admin = db
      .prepare(`SELECT 1 FROM blade_role WHERE role_alias = 'administrator' AND id IN (${placeholders(idList(u.roleId).length)})`)
      .get(...idList(u.roleId));
    if (admin) throw new ServiceError('无权限分配超管角色!');
  }
}

export function registerUserRoutes(api: FastifyInstance, db: Db, clock: Clock, sessions: TokenSessions): void {
  const page = async (request: import('fastify').FastifyRequest) => {
    const user = caller(request);
    const q = (request.query ?? {}) as Record<string, string | undefined>;
    const { current, size, offset } = pageOf(request, MAX_PAGE);
    const where: string[] = ['tenant_id = ?', 'is_deleted = 0'];
    const params: unknown[] = [user.tenantId];
    for (const [key, column] of [['account', 'account'], ['realName', 'real_name'], ['name', 'name'], ['phone', 'phone'], ['code', 'code']] as const) {
      const v = q[key]?.trim();
      if (v) {
        where.push(`"${column}" LIKE ? ESCAPE '\\'`);
        params.push(likeParam(v));
      }
    }
    // 待审核: guests from register-guest wait with no role until an administrator approves them.
    const audit = (q.auditStatus ?? q.auditStatus_equal)?.trim();
    if (audit === '0') where.push("role_id = '-1'");
    else if (audit === '1') where.push("role_id <> '-1'");
    const userType = q.userType?.trim();
    if (userType) {
      where.push('user_type = ?');
      params.push(Number(userType));
    }
    const deptId = q.deptId?.trim();
    if (deptId) {
      const depts = deptWithDescendants(db, user.tenantId, deptId);
      if (depts.length === 0) where.push('0');
      else {
        where.push(`(${depts.map(() => `(',' || dept_id || ',') LIKE ?`).join(' OR ')})`);
        params.push(...depts.map((d) => `%,${d},%`));
      }
    }
    const w = where.join(' AND ');
    const { total } = db.prepare(`SELECT COUNT(*) AS total FROM blade_user WHERE ${w}`).get(...params) as { total: number };
    const records = rows(
      db,
      `SELECT id, tenant_id, code, user_type, account, name, real_name, avatar, email, phone, birthday, sex, role_id, dept_id, post_id,
              create_user, create_dept, create_time, update_user, update_time, status, is_deleted
       FROM blade_user WHERE ${w} ORDER BY create_time DESC, id DESC LIMIT ? OFFSET ?`,
      ...params, size, offset,
    );
    return ok({ records: decorate(db, user.tenantId, records), total, size, current, pages: Math.ceil(total / size), orders: [] });
  };
  api.get(`${BASE}/page`, allow(menu('user')), page);
  api.get(`${BASE}/list`, allow(menu('user')), page);

  const findOne = (tenantId: string, id: string): Record<string, unknown> | null => {
    const r = rows(db, 'SELECT * FROM blade_user WHERE id = ? AND tenant_id = ? AND is_deleted = 0', id, tenantId)[0];
    return r ? decorate(db, tenantId, [r])[0]! : null;
  };

  api.get(`${BASE}/detail`, allow(menu('user')), async (request) => ok(findOne(caller(request).tenantId, requireParam(request, 'id'))));

  const insert = (tenantId: string, u: UserInput, by: { userId: string; dept: string }): string => {
    const id = nextId();
    const now = formatDateTime(clock());
    db.prepare(
      `INSERT INTO blade_user (id, tenant_id, code, user_type, account, password, name, real_name, avatar, email, phone, birthday, sex,
         role_id, dept_id, post_id, create_user, create_dept, create_time, update_user, update_time, status, is_deleted)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, '', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0)`,
    ).run(
      id, tenantId, u.code ?? null, u.userType ?? 1, u.account!, hashPasswordDigest(md5Hex(u.password!)), u.name ?? u.realName!, u.realName!,
      u.email ?? null, u.phone ?? null, u.birthday ? normalizeDateTime(u.birthday) : null, u.sex ?? null,
      u.roleId ?? '', u.deptId ?? '', u.postId ?? '', by.userId, by.dept, now, by.userId, now, u.status ?? 1,
    );
    return id;
  };

  const update = (tenantId: string, id: string, u: UserInput, by: string): void => {
    const sets: string[] = [];
    const params: unknown[] = [];
    const put = (col: string, v: unknown): void => {
      sets.push(`${col} = ?`);
      params.push(v === '' ? null : v);
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
    if (u.postId !== undefined) {
      sets.push('post_id = ?');
      params.push(u.postId);
    }
    if (u.userType !== undefined) put('user_type', u.userType);
    if (u.status !== undefined) put('status', u.status);
    put('update_user', by);
    put('update_time', formatDateTime(clock()));
    db.prepare(`UPDATE blade_user SET ${sets.join(', ')} WHERE id = ? AND tenant_id = ? AND is_deleted = 0`).run(...params, id, tenantId);
  };

  const save = (request: import('fastify').FastifyRequest, requireId: boolean) => {
    const user = caller(request);
    const b = body(request);
    const id = b.id === undefined || b.id === null || String(b.id).trim() === '' ? null : String(b.id).trim();
    if (requireId && !id) throw new ServiceError('缺少必要的请求参数: id');
    requireButton(db, request, id ? 'user_edit' : 'user_add');
    const u = readInput(b);
    return db.transaction(() => {
      if (id) {
        if (!findOne(user.tenantId, id)) throw new ServiceError(MSG_NOT_FOUND);
        validateInput(db, user.tenantId, u, false, id, isAdministrator(user));
        update(user.tenantId, id, u, user.userId);
        return ok(findOne(user.tenantId, id));
      }
      validateInput(db, user.tenantId, u, true, null, isAdministrator(user));
      checkAccountQuota(db, user.tenantId, clock);
      const newId = insert(user.tenantId, u, { userId: user.userId, dept: firstDeptOf(user) });
      return ok(findOne(user.tenantId, newId));
    })();
  };
  api.post(`${BASE}/submit`, allow(menuButton('user', 'user_add', 'user_edit')), async (request) => save(request, false));
  api.post(`${BASE}/update`, allow(menuButton('user', 'user_edit')), async (request) => save(request, true));

  api.post(`${BASE}/remove`, allow(menuButton('user', 'user_delete')), async (request) => {
    const user = caller(request);
    const ids = idList(paramOf(request, 'ids'));
    if (ids.length === 0) throw new ServiceError('请选择至少一条数据');
    if (ids.includes(user.userId)) throw new ServiceError('不能删除本账号!');
    const n = db
      .prepare(`UPDATE blade_user SET is_deleted = 1, update_user = ?, update_time = ? WHERE tenant_id = ? AND is_deleted = 0 AND id IN (${placeholders(ids.length)})`)
      .run(user.userId, formatDateTime(clock()), user.tenantId, ...ids).changes;
    if (n === 0) throw new ServiceError(MSG_NOT_FOUND);
    return status(true);
  });

  const ownUsers = (tenantId: string, ids: string[]): { id: string; account: string }[] => {
    if (ids.length === 0) throw new ServiceError('请选择至少一条数据');
    const found = db
      .prepare(`SELECT id, account FROM blade_user WHERE tenant_id = ? AND is_deleted = 0 AND id IN (${placeholders(ids.length)})`)
      .all(tenantId, ...ids) as { id: string; account: string }[];
    if (found.length !== ids.length) throw new ServiceError(MSG_NOT_FOUND);
    return found;
  };

  api.post(`${BASE}/grant`, allow(menuButton('user', 'user_role')), async (request) => {
    const user = caller(request);
    const users = ownUsers(user.tenantId, idList(paramOf(request, 'userIds')));
    const roleIds = idList(paramOf(request, 'roleIds'));
    validateInput(db, user.tenantId, { roleId: roleIds.join(',') }, false, null, isAdministrator(user));
    const now = formatDateTime(clock());
    const stmt = db.prepare('UPDATE blade_user SET role_id = ?, update_user = ?, update_time = ? WHERE id = ?');
    db.transaction(() => users.forEach((u) => stmt.run(roleIds.join(','), user.userId, now, u.id)))();
    return status(true);
  });

  /** Pending guests among the ids, of the caller's tenant; anything else is refused. */
  const pendingUsers = (tenantId: string, ids: string[]): { id: string; account: string }[] => {
    const users = ownUsers(tenantId, ids);
    const pending = new Set((db.prepare(`SELECT id FROM blade_user WHERE role_id = '-1' AND id IN (${placeholders(users.length)})`)
      .all(...users.map((u) => u.id)) as { id: string }[]).map((r) => r.id));
    const other = users.find((u) => !pending.has(u.id));
    if (other) throw new ServiceError(`当前用户 [${other.account}] 无需审核`);
    return users;
  };

  // Approve: the guest gets the tenant's ordinary role (role alias user, else the given roleId) and its root department.
  api.post(`${BASE}/audit-pass`, allow(menuButton('user', 'user_audit')), async (request) => {
    const user = caller(request);
    const users = pendingUsers(user.tenantId, idList(paramOf(request, 'ids')));
    let roleId = idList(paramOf(request, 'roleId')).join(',');
    if (!roleId) {
      const r = db.prepare("SELECT id FROM blade_role WHERE tenant_id = ? AND role_alias = 'user' AND is_deleted = 0 ORDER BY sort, id").get(user.tenantId) as { id: string } | undefined;
      if (!r) throw new ServiceError('请选择所属角色');
      roleId = r.id;
    }
    validateInput(db, user.tenantId, { roleId }, false, null, isAdministrator(user));
    const dept = db.prepare("SELECT id FROM blade_dept WHERE tenant_id = ? AND parent_id = '0' AND is_deleted = 0 ORDER BY sort, id").get(user.tenantId) as { id: string } | undefined;
    const now = formatDateTime(clock());
    const stmt = db.prepare('UPDATE blade_user SET role_id = ?, dept_id = ?, update_user = ?, update_time = ? WHERE id = ?');
    db.transaction(() => users.forEach((u) => stmt.run(roleId, dept?.id ?? '-1', user.userId, now, u.id)))();
    return status(true);
  });

  // Refuse: the pending registration is removed (soft delete), which frees the account name.
  api.post(`${BASE}/audit-refuse`, allow(menuButton('user', 'user_audit')), async (request) => {
    const user = caller(request);
    const users = pendingUsers(user.tenantId, idList(paramOf(request, 'ids')));
    const now = formatDateTime(clock());
    const stmt = db.prepare('UPDATE blade_user SET is_deleted = 1, update_user = ?, update_time = ? WHERE id = ?');
    db.transaction(() => users.forEach((u) => stmt.run(user.userId, now, u.id)))();
    return status(true);
  });

  api.post(`${BASE}/reset-password`, allow(menuButton('user', 'user_reset')), async (request) => {
    const user = caller(request);
    const users = ownUsers(user.tenantId, idList(paramOf(request, 'userIds')));
    const initial = paramValue(db, user.tenantId, 'account.initPassword', '123456');
    // the password a reset gives is a new password too: as long as any other (参数管理 holds it)
    if (passwordProblem(initial)) throw new ServiceError(`${MSG_PASSWORD_SHORT}: 请先在参数管理中修改 account.initPassword`);
    const hash = hashPasswordDigest(md5Hex(initial));
    const stmt = db.prepare('UPDATE blade_user SET password = ?, update_user = ?, update_time = ? WHERE id = ?');
    const now = formatDateTime(clock());
    db.transaction(() => users.forEach((u) => stmt.run(hash, user.userId, now, u.id)))();
    await sessions.revokeUsers(users.map((u) => u.id), 'password reset');
    return status(true);
  });

  api.post(`${BASE}/unlock`, allow(menuButton('user', 'user_unlock')), async (request) => {
    const user = caller(request);
    const users = ownUsers(user.tenantId, idList(paramOf(request, 'userIds')));
    const stmt = db.prepare('DELETE FROM blade_login_fail WHERE tenant_id = ? AND account = ?');
    db.transaction(() => users.forEach((u) => stmt.run(user.tenantId, u.account)))();
    return status(true);
  });

  api.post(`${BASE}/tenant-update-password`, allow(menuButton('user', 'user_reset')), async (request) => {
    const user = caller(request);
    const b = (request.body ?? {}) as Record<string, unknown>;
    const get = (k: string): string => String(paramOf(request, k) ?? b[k] ?? '').trim();
    const userId = get('userId');
    const pw = get('newPassword');
    if (!pw) throw new ServiceError('请输入新密码');
    const short = passwordProblem(pw);
    if (short) throw new ServiceError(short);
    if (pw !== get('newPassword1')) throw new ServiceError(MSG_PASSWORD_MISMATCH);
    const target = ownUsers(user.tenantId, idList(userId))[0]!;
    if (get('account') && get('account') !== target.account) throw new ServiceError(MSG_NOT_FOUND);
    db.prepare('UPDATE blade_user SET password = ?, update_user = ?, update_time = ? WHERE id = ?')
      .run(hashPasswordDigest(md5Hex(pw)), user.userId, formatDateTime(clock()), target.id);
    await sessions.revokeUsers([target.id], 'password reset');
    return status(true);
  });

  api.post(`${BASE}/update-platform`, allow(menuButton('user', 'user_platform')), async (request) => {
    const user = caller(request);
    const b = body(request);
    const userId = String(b.userId ?? b.id ?? '').trim();
    ownUsers(user.tenantId, idList(userId));
    const userType = Number(b.userType ?? 1);
    if (![1, 2, 3].includes(userType)) throw new ServiceError('请选择用户平台');
    const ext = b.userExt === undefined || b.userExt === null ? '' : String(b.userExt);
    if (ext) {
      try {
        JSON.parse(ext);
      } catch {
        throw new ServiceError('用户拓展信息必须是JSON格式');
      }
    }
    db.transaction(() => {
      db.prepare(
        `INSERT INTO blade_user_platform (user_id, user_type, user_ext) VALUES (?, ?, ?)
         ON CONFLICT(user_id) DO UPDATE SET user_type = excluded.user_type, user_ext = excluded.user_ext`,
      ).run(userId, userType, ext);
      db.prepare('UPDATE blade_user SET user_type = ? WHERE id = ?').run(userType, userId);
    })();
    return status(true);
  });

  // 导入 / 导出 / 模板下载 (the stock import-user, export-user, export-template)
  registerUserExcelRoutes(api, db, {
    save: (by, u, existingId) => {
      validateInput(db, by.tenantId, u, existingId === null, existingId, isAdministrator(by));
      if (existingId) update(by.tenantId, existingId, u, by.userId);
      else {
        checkAccountQuota(db, by.tenantId, clock);
        insert(by.tenantId, u, { userId: by.userId, dept: firstDeptOf(by) });
      }
    },
    decorate: (tenantId, records) => decorate(db, tenantId, records),
  });

  api.get(`${BASE}/platform-detail`, allow(menu('user')), async (request) => {
    const user = caller(request);
    const id = requireParam(request, 'id');
    const found = findOne(user.tenantId, id);
    if (!found) return ok(null);
    const p = db.prepare('SELECT user_type, user_ext FROM blade_user_platform WHERE user_id = ?').get(id) as
      | { user_type: number; user_ext: string | null }
      | undefined;
    return ok({ ...found, userType: p?.user_type ?? found.userType, userExt: p?.user_ext ?? '' });
  });
}
