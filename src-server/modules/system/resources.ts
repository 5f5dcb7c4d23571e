// Declared CRUD resources of system administration (served by the generic engine).
import { declaredResource, defineResource, screenAccess } from '../../crud/resource';
import { API_SCOPE, CLIENT, DATA_SCOPE, POST, TENANT_PACKAGE, TOP_MENU } from '../../../src-shared/declarations/system';
import { sql } from '../../db/data-layer';
import type { SecretBox } from '../../util/secret-box';
import { sealField } from '../../system/sealed-secrets';

const ALL = ['list', 'page', 'detail', 'submit', 'save', 'update', 'remove'] as const;

export const postResource = defineResource({
  ...declaredResource(POST),
  access: screenAccess('post'),
  table: 'blade_post',
  tenantScoped: true,
  softDelete: true,
  endpoints: ALL,
  defaultSort: [{ column: 'sort', asc: true }, { column: 'id', asc: true }],
});

export const tenantPackageResource = defineResource({
  ...declaredResource(TENANT_PACKAGE, { menuId: { noFilter: true } }),
  access: { menu: ['tenantPackage'], shared: true },
  table: 'blade_tenant_package',
  tenantScoped: false,
  softDelete: true,
  endpoints: ALL,
});

/** The OAuth clients. Their secret is stored sealed (system/sealed-secrets.ts): a sign-in's Basic auth is checked against it opened. */
export const clientResource = (box: SecretBox) => defineResource({
  name: CLIENT.name,
  basePath: CLIENT.path,
  declaration: CLIENT,
  access: screenAccess('client', { shared: true }),
  table: 'blade_client',
  tenantScoped: false,
  softDelete: true,
  endpoints: ALL,
  columns: [
    ...declaredResource(CLIENT, { clientSecret: { noFilter: true, secret: true } }).columns,
    { name: 'additionalInformation', type: 'string', hidden: true },
  ],
  hooks: {
    beforeWrite(row) {
      sealField(box, row, 'clientSecret');
    },
  },
});

export const topMenuResource = defineResource({
  ...declaredResource(TOP_MENU),
  access: screenAccess('topmenu'),
  table: 'blade_top_menu',
  tenantScoped: true,
  softDelete: true,
  endpoints: ALL,
  defaultSort: [{ column: 'sort', asc: true }, { column: 'id', asc: true }],
});

export const dataScopeResource = defineResource({
  ...declaredResource(DATA_SCOPE),
  access: screenAccess('datascope', { shared: true }),
  table: 'blade_scope_data',
  tenantScoped: false,
  softDelete: true,
  endpoints: ALL,
  hooks: {
    // the name of the rule type (dictionary data_scope_type), as stock's DataScopeVO: Sword's drawer shows it
    async decorate(records, { q }) {
      const types = await q.all(sql<{ k: string; v: string }>`SELECT dict_key AS k, dict_value AS v FROM blade_dict
        WHERE code = 'data_scope_type' AND parent_id <> '0' AND is_deleted = 0`);
      const names = new Map(types.map((t) => [t.k, t.v]));
      for (const r of records) r.scopeTypeName = names.get(String(r.scopeType ?? '')) ?? '';
    },
  },
});

export const apiScopeResource = defineResource({
  ...declaredResource(API_SCOPE),
  access: screenAccess('apiscope', { shared: true }),
  table: 'blade_scope_api',
  tenantScoped: false,
  softDelete: true,
  endpoints: ALL,
});

/** the system module's resources but the clients' (clientResource needs the install's key: registered by the module) */
export const SYSTEM_RESOURCES = [postResource, tenantPackageResource, topMenuResource, dataScopeResource, apiScopeResource];
