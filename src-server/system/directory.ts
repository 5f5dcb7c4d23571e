// Repository of tenants, roles, depts, users and OAuth clients. Also used by the
// seed and by tests that need extra tenants or users.
import type { Db } from '../db/database';
import { hashPasswordDigest, md5Hex } from '../auth/passwords';
import { nextId } from '../util/ids';
import { formatDateTime } from '../util/dates';

export interface UserRow {
  id: string;
  tenant_id: string;
  account: string;
  password: string;
  name: string | null;
  real_name: string | null;
  avatar: string | null;
  email: string | null;
  phone: string | null;
  role_id: string;
  dept_id: string;
  post_id: string;
  status: number;
}

export interface RoleRow {
  id: string;
  tenant_id: string;
  role_name: string;
  role_alias: string;
}

export interface ClientRow {
  id: string;
  client_id: string;
  client_secret: string;
  authorized_grant_types: string;
  access_token_validity: number;
  refresh_token_validity: number;
}

export function findTenant(db: Db, tenantId: string): { tenant_id: string; tenant_name: string } | undefined {
  return db
    .prepare('SELECT tenant_id, tenant_name FROM blade_tenant WHERE tenant_id = ? AND is_deleted = 0')
    .get(tenantId) as { tenant_id: string; tenant_name: string } | undefined;
}

export function findUserByAccount(db: Db, tenantId: string, account: string): UserRow | undefined {
  return db
    .prepare('SELECT * FROM blade_user WHERE tenant_id = ? AND account = ? AND is_deleted = 0')
    .get(tenantId, account) as UserRow | undefined;
}

export function findUserById(db: Db, id: string): UserRow | undefined {
  return db.prepare('SELECT * FROM blade_user WHERE id = ? AND is_deleted = 0').get(id) as UserRow | undefined;
}

export function findRoles(db: Db, ids: string[]): RoleRow[] {
  if (ids.length === 0) return [];
  const rows = db
    .prepare(
      `SELECT id, tenant_id, role_name, role_alias FROM blade_role
       WHERE is_deleted = 0 AND id IN (${ids.map(() => '?').join(',')})`,
    )
    .all(...ids) as RoleRow[];
  // keep the order of ids
  return ids.map((id) => rows.find((r) => r.id === id)).filter((r): r is RoleRow => !!r);
}

export function findRoleByAlias(db: Db, tenantId: string, alias: string): RoleRow | undefined {
  return db
    .prepare('SELECT id, tenant_id, role_name, role_alias FROM blade_role WHERE tenant_id = ? AND role_alias = ? AND is_deleted = 0')
    .get(tenantId, alias) as RoleRow | undefined;
}

export function findClient(db: Db, clientId: string): ClientRow | undefined {
  return db
    .prepare('SELECT * FROM blade_client WHERE client_id = ? AND is_deleted = 0')
    .get(clientId) as ClientRow | undefined;
}

export function splitIds(value: string | null | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '' && s !== '-1');
}

export function createTenant(db: Db, input: { tenantId: string; tenantName: string; id?: string }): string {
  const id = input.id ?? nextId();
  db.prepare(
    `INSERT INTO blade_tenant (id, tenant_id, tenant_name, create_time, update_time) VALUES (?, ?, ?, ?, ?)`,
  ).run(id, input.tenantId, input.tenantName, formatDateTime(Date.now()), formatDateTime(Date.now()));
  return id;
}

export function createRole(
  db: Db,
  input: { tenantId: string; roleName: string; roleAlias: string; id?: string; sort?: number },
): string {
  const id = input.id ?? nextId();
  db.prepare(
    'INSERT INTO blade_role (id, tenant_id, parent_id, role_name, sort, role_alias) VALUES (?, ?, ?, ?, ?, ?)',
  ).run(id, input.tenantId, '0', input.roleName, input.sort ?? 1, input.roleAlias);
  return id;
}

export function createDept(db: Db, input: { tenantId: string; deptName: string; id?: string }): string {
  const id = input.id ?? nextId();
  db.prepare(
    'INSERT INTO blade_dept (id, tenant_id, parent_id, ancestors, dept_name, full_name) VALUES (?, ?, ?, ?, ?, ?)',
  ).run(id, input.tenantId, '0', '0', input.deptName, input.deptName);
  return id;
}

export interface NewUser {
  tenantId: string;
  account: string;
  /** plain text; stored as scrypt(md5(plain)) */
  password: string;
  realName?: string;
  name?: string;
  roleIds: string[];
  deptIds?: string[];
  postIds?: string[];
  id?: string;
}

export function createUser(db: Db, input: NewUser): string {
  const id = input.id ?? nextId();
  const now = formatDateTime(Date.now());
  db.prepare(
    `INSERT INTO blade_user (id, tenant_id, code, account, password, name, real_name, avatar, role_id, dept_id, post_id,
       create_time, update_time)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    id,
    input.tenantId,
    input.account,
    input.account,
    hashPasswordDigest(md5Hex(input.password)),
    input.name ?? input.realName ?? input.account,
    input.realName ?? input.account,
    '',
    input.roleIds.join(','),
    (input.deptIds ?? []).join(','),
    (input.postIds ?? []).join(','),
    now,
    now,
  );
  return id;
}

export function createClient(
  db: Db,
  input: { clientId: string; clientSecret: string; access: number; refresh: number; id?: string },
): string {
  const id = input.id ?? nextId();
  db.prepare(
    `INSERT INTO blade_client (id, client_id, client_secret, scope, authorized_grant_types,
       access_token_validity, refresh_token_validity, create_time)
     VALUES (?, ?, ?, 'all', ?, ?, ?, ?)`,
  ).run(
    id,
    input.clientId,
    input.clientSecret,
    'refresh_token,password,authorization_code,captcha,social',
    input.access,
    input.refresh,
    formatDateTime(Date.now()),
  );
  return id;
}
