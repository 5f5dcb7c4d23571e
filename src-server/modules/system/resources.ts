// Declared CRUD resources of system administration (served by the generic engine).
import { defineResource, screenAccess } from '../../crud/resource';
import { sql } from '../../db/data-layer';
import { SYS } from './common';
import type { SecretBox } from '../../util/secret-box';
import { sealField } from '../../system/sealed-secrets';

const ALL = ['list', 'page', 'detail', 'submit', 'save', 'update', 'remove'] as const;
const sortRules = [
  { required: true, message: '请输入排序' },
  { min: 0, message: '排序必须是0到99999的整数' },
  { max: 99999, message: '排序必须是0到99999的整数' },
] as const;

export const postResource = defineResource({
  name: 'post',
  access: screenAccess('post'),
  basePath: `${SYS}/post`,
  table: 'blade_post',
  tenantScoped: true,
  softDelete: true,
  endpoints: ALL,
  defaultSort: [{ column: 'sort', asc: true }, { column: 'id', asc: true }],
  columns: [
    { name: 'category', type: 'int', rules: [{ required: true, message: '请选择岗位类型' }, { enum: [1, 2, 3, 4], message: '请选择岗位类型' }] },
    { name: 'postCode', type: 'string', rules: [{ required: true, message: '请输入岗位编号' }, { maxLength: 12, message: '岗位编号不能超过12个字符' }, { unique: true, message: '岗位编号已存在' }] },
    { name: 'postName', type: 'string', rules: [{ required: true, message: '请输入岗位名称' }, { maxLength: 64, message: '岗位名称不能超过64个字符' }] },
    { name: 'sort', type: 'int', rules: [...sortRules] },
    { name: 'remark', type: 'string', rules: [{ maxLength: 255, message: '备注不能超过255个字符' }] },
  ],
});

export const tenantPackageResource = defineResource({
  name: 'tenant-package',
  access: { menu: ['tenantPackage'], shared: true },
  basePath: `${SYS}/tenant-package`,
  table: 'blade_tenant_package',
  tenantScoped: false,
  softDelete: true,
  endpoints: ALL,
  columns: [
    { name: 'packageName', type: 'string', rules: [{ required: true, message: '请输入产品包名称' }, { maxLength: 50, message: '产品包名称不能超过50个字符' }] },
    { name: 'menuId', type: 'string', noFilter: true, rules: [{ required: true, message: '请选择菜单' }, { pattern: /^\d+(,\d+)*$/, message: '请选择菜单' }] },
    { name: 'remark', type: 'string', rules: [{ maxLength: 255, message: '备注不能超过255个字符' }] },
  ],
});

/** The OAuth clients. Their secret is stored sealed (system/sealed-secrets.ts): a sign-in's Basic auth is checked against it opened. */
export const clientResource = (box: SecretBox) => defineResource({
  name: 'client',
  access: screenAccess('client', { shared: true }),
  basePath: `${SYS}/client`,
  table: 'blade_client',
  tenantScoped: false,
  softDelete: true,
  endpoints: ALL,
  columns: [
    { name: 'clientId', type: 'string', rules: [{ required: true, message: '请输入客户端id' }, { maxLength: 48, message: '客户端id不能超过48个字符' }, { unique: true, message: '客户端id已存在' }] },
    { name: 'clientSecret', type: 'string', noFilter: true, secret: true, rules: [{ required: true, message: '请输入客户端密钥' }, { maxLength: 256, message: '客户端密钥不能超过256个字符' }] },
    { name: 'resourceIds', type: 'string' },
    { name: 'scope', type: 'string', default: 'all', rules: [{ required: true, message: '请输入授权范围' }] },
    { name: 'authorizedGrantTypes', type: 'string', rules: [{ required: true, message: '请输入授权类型' }] },
    { name: 'webServerRedirectUri', type: 'string' },
    { name: 'authorities', type: 'string' },
    { name: 'accessTokenValidity', type: 'int', rules: [{ required: true, message: '请输入令牌过期秒数' }, { min: 60, message: '令牌过期秒数不能小于60' }] },
    { name: 'refreshTokenValidity', type: 'int', rules: [{ required: true, message: '请输入刷新令牌过期秒数' }, { min: 60, message: '刷新令牌过期秒数不能小于60' }] },
    { name: 'additionalInformation', type: 'string', hidden: true },
    { name: 'autoapprove', type: 'string' },
  ],
  hooks: {
    beforeWrite(row) {
      sealField(box, row, 'clientSecret');
    },
  },
});

export const topMenuResource = defineResource({
  name: 'topmenu',
  access: screenAccess('topmenu'),
  basePath: `${SYS}/topmenu`,
  table: 'blade_top_menu',
  tenantScoped: true,
  softDelete: true,
  endpoints: ALL,
  defaultSort: [{ column: 'sort', asc: true }, { column: 'id', asc: true }],
  columns: [
    { name: 'code', type: 'string', rules: [{ required: true, message: '请输入顶部菜单编号' }, { unique: true, message: '顶部菜单编号已存在' }] },
    { name: 'name', type: 'string', rules: [{ required: true, message: '请输入顶部菜单名称' }, { maxLength: 64, message: '顶部菜单名称不能超过64个字符' }] },
    { name: 'source', type: 'string' },
    { name: 'path', type: 'string' },
    { name: 'sort', type: 'int', rules: [...sortRules] },
  ],
});

export const dataScopeResource = defineResource({
  name: 'data-scope',
  access: screenAccess('datascope', { shared: true }),
  basePath: `${SYS}/data-scope`,
  table: 'blade_scope_data',
  tenantScoped: false,
  softDelete: true,
  endpoints: ALL,
  columns: [
    { name: 'menuId', type: 'string', rules: [{ required: true, message: '请选择菜单' }] },
    { name: 'resourceCode', type: 'string', rules: [{ required: true, message: '请输入权限编号' }] },
    { name: 'scopeName', type: 'string', rules: [{ required: true, message: '请输入权限名称' }] },
    { name: 'scopeField', type: 'string', default: '*' },
    { name: 'scopeClass', type: 'string', rules: [{ required: true, message: '请输入权限类名' }] },
    { name: 'scopeColumn', type: 'string', default: 'create_dept' },
    { name: 'scopeType', type: 'int', rules: [{ required: true, message: '请选择规则类型' }, { enum: [1, 2, 3, 4, 5], message: '请选择规则类型' }] },
    { name: 'scopeValue', type: 'string' },
    { name: 'remark', type: 'string' },
  ],
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
  name: 'api-scope',
  access: screenAccess('apiscope', { shared: true }),
  basePath: `${SYS}/api-scope`,
  table: 'blade_scope_api',
  tenantScoped: false,
  softDelete: true,
  endpoints: ALL,
  columns: [
    { name: 'menuId', type: 'string', rules: [{ required: true, message: '请选择菜单' }] },
    { name: 'resourceCode', type: 'string', rules: [{ required: true, message: '请输入权限编号' }] },
    { name: 'scopeName', type: 'string', rules: [{ required: true, message: '请输入权限名称' }] },
    { name: 'scopePath', type: 'string', rules: [{ required: true, message: '请输入权限路径' }] },
    { name: 'scopeType', type: 'int', rules: [{ required: true, message: '请选择接口类型' }, { enum: [1, 2, 3, 4, 5, 6], message: '请选择接口类型' }] },
    { name: 'remark', type: 'string' },
  ],
});

/** the system module's resources but the clients' (clientResource needs the install's key: registered by the module) */
export const SYSTEM_RESOURCES = [postResource, tenantPackageResource, topMenuResource, dataScopeResource, apiScopeResource];
