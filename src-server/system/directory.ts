// Repository of tenants, roles, depts, users and OAuth clients. Also used by the
// seed and by tests that need extra tenants or users.
import { sql, type Queries, type RawBuilder } from '../db/data-layer';
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

export async function findTenant(q: Queries, tenantId: string): Promise<{ tenant_id: string; tenant_name: string } | undefined> {
  return q.get(sql<{ tenant_id: string; tenant_name: string }>`SELECT tenant_id, tenant_name FROM blade_tenant WHERE tenant_id = ${tenantId} AND is_deleted = 0`);
}

export async function findUserByAccount(q: Queries, tenantId: string, account: string): Promise<UserRow | undefined> {
  return q.get(sql<UserRow>`SELECT * FROM blade_user WHERE tenant_id = ${tenantId} AND account = ${account} AND is_deleted = 0`);
}

/**
 * Takes the account's lock until the caller's transaction ends (`dialect.transactionLock`): a save that checks
 * an account is free and then writes it holds it, so of two saves of one account at once (any instances) the
 * second sees the first's row.
 */
export async function lockAccount(trx: Queries, tenantId: string, account: string): Promise<void> {
  await trx.run(trx.dialect.transactionLock(`blade_user.account:${tenantId}:${account}`));
}

export async function findUserById(q: Queries, id: string): Promise<UserRow | undefined> {
  return q.get(sql<UserRow>`SELECT * FROM blade_user WHERE id = ${id} AND is_deleted = 0`);
}

export async function findRoles(q: Queries, ids: string[]): Promise<RoleRow[]> {
  if (ids.length === 0) return [];
  const rows = await q.all(
    sql<RoleRow>`SELECT id, tenant_id, role_name, role_alias FROM blade_role WHERE is_deleted = 0 AND id IN (${sql.join(ids)})`,
  );
  // keep the order of ids
  return ids.map((id) => rows.find((r) => r.id === id)).filter((r): r is RoleRow => !!r);
}

const roleByAlias = (tenantId: string, alias: string) =>
  sql<RoleRow>`SELECT id, tenant_id, role_name, role_alias FROM blade_role WHERE tenant_id = ${tenantId} AND role_alias = ${alias} AND is_deleted = 0`;

export async function findRoleByAlias(q: Queries, tenantId: string, alias: string): Promise<RoleRow | undefined> {
  return q.get(roleByAlias(tenantId, alias));
}

export async function findClient(q: Queries, clientId: string): Promise<ClientRow | undefined> {
  return q.get(sql<ClientRow>`SELECT * FROM blade_client WHERE client_id = ${clientId} AND is_deleted = 0`);
}

export function splitIds(value: string | null | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '' && s !== '-1');
}

/** Runs an insert, answering `id` once written. */
async function insert(q: Queries, query: RawBuilder<unknown>, id: string): Promise<string> {
  await q.run(query);
  return id;
}

export function createTenant(q: Queries, input: { tenantId: string; tenantName: string; id?: string }): Promise<string> {
  const id = input.id ?? nextId();
  return insert(
    q,
    sql`INSERT INTO blade_tenant (id, tenant_id, tenant_name, create_time, update_time)
        VALUES (${id}, ${input.tenantId}, ${input.tenantName}, ${formatDateTime(Date.now())}, ${formatDateTime(Date.now())})`,
    id,
  );
}

export interface NewRole {
  tenantId: string;
  roleName: string;
  roleAlias: string;
  id?: string;
  sort?: number;
}

export function createRole(q: Queries, input: NewRole): Promise<string> {
  const id = input.id ?? nextId();
  return insert(
    q,
    sql`INSERT INTO blade_role (id, tenant_id, parent_id, role_name, sort, role_alias)
        VALUES (${id}, ${input.tenantId}, '0', ${input.roleName}, ${input.sort ?? 1}, ${input.roleAlias})`,
    id,
  );
}

export function createDept(q: Queries, input: { tenantId: string; deptName: string; id?: string }): Promise<string> {
  const id = input.id ?? nextId();
  return insert(
    q,
    sql`INSERT INTO blade_dept (id, tenant_id, parent_id, ancestors, dept_name, full_name)
        VALUES (${id}, ${input.tenantId}, '0', '0', ${input.deptName}, ${input.deptName})`,
    id,
  );
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

export function createUser(q: Queries, input: NewUser): Promise<string> {
  const id = input.id ?? nextId();
  const now = formatDateTime(Date.now());
  return insert(
    q,
    sql`INSERT INTO blade_user (id, tenant_id, code, account, password, name, real_name, avatar, role_id, dept_id, post_id,
          create_time, update_time)
        VALUES (${id}, ${input.tenantId}, ${input.account}, ${input.account}, ${hashPasswordDigest(md5Hex(input.password))},
          ${input.name ?? input.realName ?? input.account}, ${input.realName ?? input.account}, '', ${input.roleIds.join(',')},
          ${(input.deptIds ?? []).join(',')}, ${(input.postIds ?? []).join(',')}, ${now}, ${now})`,
    id,
  );
}

export interface NewClient {
  clientId: string;
  clientSecret: string;
  access: number;
  refresh: number;
  id?: string;
}

export function createClient(q: Queries, input: NewClient): Promise<string> {
  const id = input.id ?? nextId();
  return insert(
    q,
    sql`INSERT INTO blade_client (id, client_id, client_secret, scope, authorized_grant_types,
          access_token_validity, refresh_token_validity, create_time)
        VALUES (${id}, ${input.clientId}, ${input.clientSecret}, 'all', 'refresh_token,password,authorization_code,captcha,social',
          ${input.access}, ${input.refresh}, ${formatDateTime(Date.now())})`,
    id,
  );
}
