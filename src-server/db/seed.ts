// First-start seed: runs once, only on a brand-new database, on either engine (portable SQL through the
// data layer, one transaction).
import { randomBytes } from 'node:crypto';
import { sql, type DataLayer, type Queries } from './data-layer';
import { BUTTON_ACTIONS, BUTTONS, buttonPath, MENU_TREE, USER_ROLE_GRANTS, type MenuSeed } from './seed-menus';
import { DICTS } from './seed-dicts';
import { hashPasswordDigest, md5Hex } from '../auth/passwords';
import { formatDateTime } from '../util/dates';

export const ADMIN_TENANT_ID = '000000';
/** the description of the post every tenant starts with (Sword's post form requires one) */
export const TENANT_POST_REMARK = '公司的最高管理岗位';
export const SEED_IDS = {
  tenant: '1123598820738675201',
  administratorRole: '1123598816738675201',
  userRole: '1123598816738675202',
  dept: '1123598813738675201',
  post: '1123598817738675201',
  adminUser: '1123598821738675201',
  saber: '1123598811738675201',
  sword: '1123598811738675202',
} as const;

/** Deterministic id series, like BladeX's fixed `11235988xx738675201` seed ids. */
function series(prefix: string): () => string {
  let n = 0n;
  const base = BigInt(prefix);
  return () => (base + n++).toString();
}

export const SEED_PARAMS: [string, string, string][] = [
  ['是否开启注册功能', 'account.registerUser', 'false'],
  ['账号初始密码', 'account.initPassword', '123456'],
  ['账号错误锁定次数', 'account.failCount', '5'],
  ['租户默认管理密码', 'tenant.default.password', 'admin'],
  ['租户默认账号额度', 'tenant.default.accountNumber', '100'],
  ['租户默认菜单集合', 'tenant.default.menuCode', 'workbench'],
];

/** One row into `table` (column names as keys). */
async function insert(q: Queries, table: string, row: Record<string, string | number | null>): Promise<void> {
  await q.kysely.insertInto(table).values(row).execute();
}

/** The first-start seed, in one transaction (migrate runs it on a brand-new database). */
export async function seed(data: DataLayer): Promise<void> {
  await data.transaction(seedRows);
}

// The tenant, dept, roles, administrator and clients are the rows system/directory.ts's create* functions write
// (same columns and values); written here through the data layer so the seed runs on either engine.
async function seedRows(q: Queries): Promise<void> {
  await q.run(sql`INSERT INTO blade_setting (key, value) VALUES (${'jwt.secret'}, ${randomBytes(48).toString('base64url')})
    ON CONFLICT (key) DO UPDATE SET value = excluded.value`);
  // dictionaries first: a new tenant's content starts from them (its languages come from the lang dictionary)
  await seedDicts(q);

  const now = formatDateTime(Date.now());
  await insert(q, 'blade_tenant', { id: SEED_IDS.tenant, tenant_id: ADMIN_TENANT_ID, tenant_name: '管理组', create_time: now, update_time: now });
  await insert(q, 'blade_dept', { id: SEED_IDS.dept, tenant_id: ADMIN_TENANT_ID, parent_id: '0', ancestors: '0', dept_name: 'SEO矩阵', full_name: 'SEO矩阵' });
  const role = (id: string, roleName: string, roleAlias: string, sort: number) =>
    insert(q, 'blade_role', { id, tenant_id: ADMIN_TENANT_ID, parent_id: '0', role_name: roleName, sort, role_alias: roleAlias });
  await role(SEED_IDS.administratorRole, '超级管理员', 'administrator', 1);
  await role(SEED_IDS.userRole, '普通用户', 'user', 2);
  // a post, as every tenant made later gets (system/tenants.ts createTenant): both stock user forms require one
  // (and Sword's post form a description)
  await insert(q, 'blade_post', {
    id: SEED_IDS.post, tenant_id: ADMIN_TENANT_ID, category: 1, post_code: 'ceo', post_name: '首席执行官', sort: 1, remark: TENANT_POST_REMARK, create_time: now, update_time: now,
  });
  await insert(q, 'blade_user', {
    id: SEED_IDS.adminUser,
    tenant_id: ADMIN_TENANT_ID,
    code: 'admin',
    account: 'admin',
    password: hashPasswordDigest(md5Hex('admin')),
    name: '管理员',
    real_name: '管理员',
    avatar: '',
    role_id: SEED_IDS.administratorRole,
    dept_id: SEED_IDS.dept,
    post_id: SEED_IDS.post,
    create_time: now,
    update_time: now,
  });
  const client = (id: string, clientId: string, clientSecret: string) =>
    insert(q, 'blade_client', {
      id,
      client_id: clientId,
      client_secret: clientSecret,
      scope: 'all',
      authorized_grant_types: 'refresh_token,password,authorization_code,captcha,social',
      access_token_validity: 3600,
      refresh_token_validity: 604800,
      create_time: now,
    });
  await client(SEED_IDS.saber, 'saber', 'saber_secret');
  await client(SEED_IDS.sword, 'sword', 'sword_secret');

  const codeToId = await seedMenus(q);
  const grantId = series('1161272893875225001');
  const grant = (roleId: string, menuId: string) => insert(q, 'blade_role_menu', { id: grantId(), role_id: roleId, menu_id: menuId });
  for (const id of codeToId.values()) await grant(SEED_IDS.administratorRole, id);
  for (const code of USER_ROLE_GRANTS) {
    const id = codeToId.get(code);
    if (!id) throw new Error(`seed: unknown menu code ${code}`);
    await grant(SEED_IDS.userRole, id);
  }

  await seedParams(q, now);
}

async function seedMenus(q: Queries): Promise<Map<string, string>> {
  const menu = (row: { id: string; parentId: string; code: string; name: string; alias: string; path: string; source: string; sort: number; category: number; action: number; roles: string | null }) =>
    insert(q, 'blade_menu', {
      id: row.id,
      parent_id: row.parentId,
      code: row.code,
      name: row.name,
      alias: row.alias,
      path: row.path,
      source: row.source,
      sort: row.sort,
      category: row.category,
      action: row.action,
      is_open: 1,
      remark: null,
      roles: row.roles,
    });
  const id = series('1123598815738675201');
  const codeToId = new Map<string, string>();
  const add = async (node: MenuSeed, parentId: string, sort: number): Promise<void> => {
    if (codeToId.has(node.code)) throw new Error(`seed: duplicate menu code ${node.code}`);
    const menuId = id();
    codeToId.set(node.code, menuId);
    await menu({ id: menuId, parentId, code: node.code, name: node.name, alias: 'menu', path: node.path, source: node.source, sort, category: 1, action: 0, roles: node.roles?.join(',') ?? null });
    for (const alias of node.buttons ?? (['add', 'edit', 'delete', 'view'] as const)) {
      const b = BUTTONS[alias];
      const buttonId = id();
      const code = `${node.code}_${alias}`;
      codeToId.set(code, buttonId);
      await menu({ id: buttonId, parentId: menuId, code, name: b.name, alias, path: buttonPath(node, alias), source: b.source, sort: b.sort, category: 2, action: BUTTON_ACTIONS[code] ?? b.action, roles: null });
    }
    for (const [i, child] of (node.children ?? []).entries()) await add(child, menuId, i + 1);
  };
  for (const [i, node] of MENU_TREE.entries()) await add(node, '0', i + 1);
  return codeToId;
}

async function seedDicts(q: Queries): Promise<void> {
  const dict = (id: string, parentId: string, code: string, key: string, value: string, sort: number) =>
    insert(q, 'blade_dict', { id, parent_id: parentId, code, dict_key: key, dict_value: value, sort, remark: null, is_sealed: 0 });
  const id = series('1123598814738676201');
  let headerSort = 0;
  for (const [code, [name, items]] of Object.entries(DICTS)) {
    const headerId = id();
    await dict(headerId, '0', code, '-1', name, ++headerSort);
    for (const [i, [key, value]] of items.entries()) await dict(id(), headerId, code, key, value, i + 1);
  }
}

async function seedParams(q: Queries, now: string): Promise<void> {
  const id = series('1123598819738675201');
  for (const [name, key, value] of SEED_PARAMS) {
    await insert(q, 'blade_param', {
      id: id(),
      tenant_id: ADMIN_TENANT_ID,
      param_name: name,
      param_key: key,
      param_value: value,
      remark: null,
      create_user: SEED_IDS.adminUser,
      create_dept: SEED_IDS.dept,
      create_time: now,
      update_user: SEED_IDS.adminUser,
      update_time: now,
      status: 1,
      is_deleted: 0,
    });
  }
}
