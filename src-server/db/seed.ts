// First-start seed: runs once, only on a brand-new database.
import { randomBytes } from 'node:crypto';
import type { Db } from './database';
import { BUTTONS, buttonPath, MENU_TREE, USER_ROLE_GRANTS, type MenuSeed } from './seed-menus';
import { DICTS } from './seed-dicts';
import { createClient, createDept, createRole, createTenant, createUser } from '../system/directory';
import { formatDateTime } from '../util/dates';
import { setSetting } from '../system/settings';

export const ADMIN_TENANT_ID = '000000';
export const SEED_IDS = {
  tenant: '1123598820738675201',
  administratorRole: '1123598816738675201',
  userRole: '1123598816738675202',
  dept: '1123598813738675201',
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

export function seed(db: Db): void {
  db.transaction(() => {
    setSetting(db, 'jwt.secret', randomBytes(48).toString('base64url'));
    // dictionaries first: a new tenant's content starts from them (its languages come from the lang dictionary)
    seedDicts(db);

    createTenant(db, { id: SEED_IDS.tenant, tenantId: ADMIN_TENANT_ID, tenantName: '管理组' });
    createDept(db, { id: SEED_IDS.dept, tenantId: ADMIN_TENANT_ID, deptName: 'SEO矩阵' });
    createRole(db, { id: SEED_IDS.administratorRole, tenantId: ADMIN_TENANT_ID, roleName: '超级管理员', roleAlias: 'administrator', sort: 1 });
    createRole(db, { id: SEED_IDS.userRole, tenantId: ADMIN_TENANT_ID, roleName: '普通用户', roleAlias: 'user', sort: 2 });
    createUser(db, {
      id: SEED_IDS.adminUser,
      tenantId: ADMIN_TENANT_ID,
      account: 'admin',
      password: 'admin',
      name: '管理员',
      realName: '管理员',
      roleIds: [SEED_IDS.administratorRole],
      deptIds: [SEED_IDS.dept],
    });
    createClient(db, { id: SEED_IDS.saber, clientId: 'saber', clientSecret: 'saber_secret', access: 3600, refresh: 604800 });
    createClient(db, { id: SEED_IDS.sword, clientId: 'sword', clientSecret: 'sword_secret', access: 3600, refresh: 604800 });

    const codeToId = seedMenus(db);
    const grant = db.prepare('INSERT INTO blade_role_menu (id, role_id, menu_id) VALUES (?, ?, ?)');
    const grantId = series('1161272893875225001');
    for (const id of codeToId.values()) grant.run(grantId(), SEED_IDS.administratorRole, id);
    for (const code of USER_ROLE_GRANTS) {
      const id = codeToId.get(code);
      if (!id) throw new Error(`seed: unknown menu code ${code}`);
      grant.run(grantId(), SEED_IDS.userRole, id);
    }

    seedParams(db);
  })();
}

function seedMenus(db: Db): Map<string, string> {
  const insert = db.prepare(
    `INSERT INTO blade_menu (id, parent_id, code, name, alias, path, source, sort, category, action, is_open, remark, roles)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)`,
  );
  const id = series('1123598815738675201');
  const codeToId = new Map<string, string>();
  const add = (node: MenuSeed, parentId: string, sort: number): void => {
    if (codeToId.has(node.code)) throw new Error(`seed: duplicate menu code ${node.code}`);
    const menuId = id();
    codeToId.set(node.code, menuId);
    insert.run(menuId, parentId, node.code, node.name, 'menu', node.path, node.source, sort, 1, 0, null, node.roles?.join(',') ?? null);
    for (const alias of node.buttons ?? (['add', 'edit', 'delete', 'view'] as const)) {
      const b = BUTTONS[alias];
      const buttonId = id();
      const code = `${node.code}_${alias}`;
      codeToId.set(code, buttonId);
      insert.run(buttonId, menuId, code, b.name, alias, buttonPath(node, alias), b.source, b.sort, 2, b.action, null, null);
    }
    node.children?.forEach((child, i) => add(child, menuId, i + 1));
  };
  MENU_TREE.forEach((node, i) => add(node, '0', i + 1));
  return codeToId;
}

function seedDicts(db: Db): void {
  const insert = db.prepare(
    'INSERT INTO blade_dict (id, parent_id, code, dict_key, dict_value, sort, remark, is_sealed) VALUES (?, ?, ?, ?, ?, ?, ?, 0)',
  );
  const id = series('1123598814738676201');
  let headerSort = 0;
  for (const [code, [name, items]] of Object.entries(DICTS)) {
    const headerId = id();
    insert.run(headerId, '0', code, '-1', name, ++headerSort, null);
    items.forEach(([key, value], i) => insert.run(id(), headerId, code, key, value, i + 1, null));
  }
}

function seedParams(db: Db): void {
  const insert = db.prepare(
    `INSERT INTO blade_param (id, tenant_id, param_name, param_key, param_value, remark,
       create_user, create_dept, create_time, update_user, update_time, status, is_deleted)
     VALUES (?, ?, ?, ?, ?, NULL, ?, ?, ?, ?, ?, 1, 0)`,
  );
  const id = series('1123598819738675201');
  const now = formatDateTime(Date.now());
  for (const [name, key, value] of SEED_PARAMS) {
    insert.run(id(), ADMIN_TENANT_ID, name, key, value, SEED_IDS.adminUser, SEED_IDS.dept, now, SEED_IDS.adminUser, now);
  }
}
