// The system family (spec shell-and-system.md §3, §5, §7): posts, tenant packages, clients, top menus, data and
// API scopes, parameters (the generic resources), and roles, departments, menus, regions, tenants and users
// (routes written by hand, `submitOnly`: they judge the declaration with src-server/crud/declared-input.ts).
// What the stock consoles (Saber 4.9, Sword 4.5) send on /api/blade-system/... must pass: no rule here is
// stricter than the server's before, and a field the server fills when it is absent is not required.
import { int, isEmpty, maxLength, number, oneOf, pattern, required, text, unique, wholeIn, withDefault, writeOnce, type CrossRule, type FieldDecl, type ResourceDecl } from './declare';

const SYS = '/website-blade-system';
const sort = number(required('sys.sortRequired'), ...wholeIn(0, 99999, 'sys.sortRange'));
const remark = text(maxLength(255, 'sys.remarkMax'));
/** a comma list of ids (a multiple tree select's value as sent) */
const ID_LIST = '^\\d+(,\\d+)*$';
/** a tree's parent ('0': the root) */
const parentId = { ...text(), example: '0' };

export const POST: ResourceDecl = {
  name: 'post',
  path: `${SYS}/post`,
  fields: {
    category: int(required('sys.postCategoryRequired'), oneOf([1, 2, 3, 4], 'sys.postCategoryRequired')),
    postCode: text(required('sys.postCodeRequired'), maxLength(12, 'sys.postCodeMax'), unique('sys.postCodeTaken')),
    postName: text(required('sys.postNameRequired'), maxLength(64, 'sys.postNameMax')),
    sort,
    remark,
  },
};

export const TENANT_PACKAGE: ResourceDecl = {
  name: 'tenant-package',
  path: `${SYS}/tenant-package`,
  fields: {
    packageName: text(required('sys.packageNameRequired'), maxLength(50, 'sys.packageNameMax')),
    menuId: { ...text(required('sys.menuRequired'), pattern(ID_LIST, 'sys.menuRequired')), example: '1' },
    remark,
  },
};

/** OAuth clients; the secret is sealed at rest and answered masked (the server's column says `secret`) */
export const CLIENT: ResourceDecl = {
  name: 'client',
  path: `${SYS}/client`,
  fields: {
    clientId: text(required('sys.clientIdRequired'), maxLength(48, 'sys.clientIdMax'), unique('sys.clientIdTaken')),
    clientSecret: text(required('sys.clientSecretRequired'), maxLength(256, 'sys.clientSecretMax')),
    resourceIds: text(),
    scope: withDefault(text(required('sys.clientScopeRequired')), 'all'),
    authorizedGrantTypes: text(required('sys.clientGrantTypesRequired')),
    webServerRedirectUri: text(),
    authorities: text(),
    accessTokenValidity: number(required('sys.accessValidityRequired'), ...wholeIn(60, undefined, 'sys.accessValidityMin')),
    refreshTokenValidity: number(required('sys.refreshValidityRequired'), ...wholeIn(60, undefined, 'sys.refreshValidityMin')),
    autoapprove: text(),
  },
};

export const TOP_MENU: ResourceDecl = {
  name: 'topmenu',
  path: `${SYS}/topmenu`,
  fields: {
    code: text(required('sys.topMenuCodeRequired'), unique('sys.topMenuCodeTaken')),
    name: text(required('sys.topMenuNameRequired'), maxLength(64, 'sys.topMenuNameMax')),
    source: text(),
    path: text(),
    sort,
  },
};

const scopeFields = {
  menuId: text(required('sys.menuRequired')),
  resourceCode: text(required('sys.scopeCodeRequired')),
  scopeName: text(required('sys.scopeNameRequired')),
};

export const DATA_SCOPE: ResourceDecl = {
  name: 'data-scope',
  path: `${SYS}/data-scope`,
  fields: {
    ...scopeFields,
    scopeField: withDefault(text(), '*'),
    scopeClass: text(required('sys.scopeClassRequired')),
    scopeColumn: withDefault(text(), 'create_dept'),
    scopeType: int(required('sys.dataScopeTypeRequired'), oneOf([1, 2, 3, 4, 5], 'sys.dataScopeTypeRequired')),
    scopeValue: text(),
    remark: text(),
  },
};

export const API_SCOPE: ResourceDecl = {
  name: 'api-scope',
  path: `${SYS}/api-scope`,
  fields: {
    ...scopeFields,
    scopePath: text(required('sys.scopePathRequired')),
    scopeType: int(required('sys.apiScopeTypeRequired'), oneOf([1, 2, 3, 4, 5, 6], 'sys.apiScopeTypeRequired')),
    remark: text(),
  },
};

export const PARAM: ResourceDecl = {
  name: 'param',
  path: `${SYS}/param`,
  fields: {
    paramName: text(required('sys.paramNameRequired'), maxLength(255, 'sys.paramNameMax')),
    paramKey: text(required('sys.paramKeyRequired'), maxLength(255, 'sys.paramKeyMax'), unique('sys.paramKeyTaken')),
    paramValue: text(required('sys.paramValueRequired'), maxLength(2000, 'sys.paramValueMax')),
    remark,
  },
};

// ---- the resources whose routes are written by hand (one /submit each) ----

export const ROLE: ResourceDecl = {
  name: 'role',
  path: `${SYS}/role`,
  submitOnly: true,
  fields: {
    roleName: text(required('sys.roleNameRequired'), maxLength(255, 'sys.roleNameMax')),
    roleAlias: text(required('sys.roleAliasRequired'), pattern('^[A-Za-z][A-Za-z0-9_-]{0,63}$', 'sys.roleAliasPattern'), unique('sys.roleAliasTaken')),
    parentId,
    sort,
  },
};

export const DEPT: ResourceDecl = {
  name: 'dept',
  path: `${SYS}/dept`,
  submitOnly: true,
  fields: {
    deptName: text(required('sys.deptNameRequired'), maxLength(45, 'sys.deptNameMax')),
    fullName: text(),
    parentId,
    // absent: 1 (the server's default, as the stock back end)
    deptCategory: int(oneOf([1, 2, 3], 'sys.deptCategoryRequired')),
    sort,
    remark: text(),
  },
};

const isButton = (v: Readonly<Record<string, unknown>>): boolean => Number(v.category) === 2;
const menuCross: CrossRule[] = [
  // a menu (category 1, also when absent) has a route; a button needs a parent menu and an alias (a menu's is 'menu')
  { field: 'path', reads: ['category'], message: 'sys.menuPathRequired', refuses: (v) => !isButton(v) && isEmpty(v.path), refused: { category: 1, path: '' } },
  { field: 'alias', reads: ['category'], message: 'sys.menuAliasRequired', refuses: (v) => isButton(v) && isEmpty(v.alias), refused: { category: 2, alias: '', parentId: '1' } },
  { field: 'parentId', reads: ['category'], message: 'sys.buttonParentRequired', refuses: (v) => isButton(v) && (isEmpty(v.parentId) || String(v.parentId) === '0'), refused: { category: 2, parentId: '' } },
];

export const MENU: ResourceDecl = {
  name: 'menu',
  path: `${SYS}/menu`,
  submitOnly: true,
  fields: {
    name: text(required('sys.menuNameRequired')),
    code: text(required('sys.menuCodeRequired'), pattern('^[A-Za-z0-9_:-]{1,64}$', 'sys.menuCodePattern'), unique('sys.menuCodeTaken')),
    alias: text(),
    path: text(),
    parentId,
    source: text(),
    // absent: a menu (1); action and isOpen absent: the server's defaults
    category: int(oneOf([1, 2], 'sys.menuCategoryRequired')),
    action: int(oneOf([0, 1, 2, 3], 'sys.menuActionRequired')),
    isOpen: int(oneOf([1, 2], 'sys.menuIsOpenRequired')),
    sort: number(required('sys.menuSortRequired'), ...wholeIn(0, 99999, 'sys.sortRange')),
    component: text(),
    remark: text(),
  },
  cross: menuCross,
};

export const REGION: ResourceDecl = {
  name: 'region',
  path: `${SYS}/region`,
  submitOnly: true,
  fields: {
    code: { ...text(required('sys.regionCodeRequired'), pattern('^\\d{2,12}$', 'sys.regionCodePattern')), example: '990101' },
    name: text(required('sys.regionNameRequired')),
    parentCode: text(),
    // absent: 1
    sort: number({ whole: true, message: 'sys.regionSortWhole' }),
    remark: text(),
  },
};

export const TENANT: ResourceDecl = {
  name: 'tenant',
  path: `${SYS}/tenant`,
  submitOnly: true,
  fields: {
    tenantName: text(required('sys.tenantNameRequired'), maxLength(50, 'sys.tenantNameMax')),
    linkman: text(required('sys.linkmanRequired')),
    contactNumber: text(),
    domain: text(),
    // -1: no limit
    accountNumber: number(...wholeIn(-1, undefined, 'sys.accountNumberRange')),
    address: text(),
    backgroundUrl: text(),
  },
};

/** at least six characters (BladeX's rule; src-shared/account-rules.ts PASSWORD_MIN_LENGTH) */
export const PASSWORD = '^[\\s\\S]{6,}$';
export const EMAIL = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';
/**
 * A mobile number, as the spec's phone helper checks it (shell-and-system.md: its length 11, then its format): the
 * user form's, 个人信息's and the SMS sender's (src-server/modules/shell phoneError) one rule. Optional here: the
 * SMS sender refuses an empty one itself.
 */
export const PHONE: FieldDecl = { ...text(pattern('^[\\s\\S]{11}$', 'accountForm.phoneLength'), pattern('^1[3-9]\\d{9}$', 'accountForm.phoneFormat')), example: '13800000000' };

export const USER: ResourceDecl = {
  name: 'user',
  path: `${SYS}/user`,
  submitOnly: true,
  fields: {
    account: text(required('sys.userAccountRequired'), maxLength(45, 'sys.userAccountMax')),
    name: text(required('sys.userNameRequired')),
    realName: text(required('sys.userRealNameRequired')),
    // set when adding only (an edit keeps the stored password; 重置密码 sets another)
    password: writeOnce({ ...text(required('sys.passwordRequired'), pattern(PASSWORD, 'sys.passwordShort')), example: 'secret1' }),
    password2: writeOnce({ ...text(), example: 'secret1' }),
    roleId: text(required('sys.userRoleRequired')),
    deptId: text(required('sys.userDeptRequired')),
    phone: PHONE,
    email: { ...text(pattern(EMAIL, 'sys.emailFormat')), example: 'name@example.com' },
  },
  cross: [
    // the confirmation, when the write holds one (the API's callers may leave it out; the form always has it)
    { field: 'password2', reads: ['password'], message: 'sys.passwordMismatch', refuses: (v) => 'password2' in v && !isEmpty(v.password) && (v.password2 ?? '') !== v.password, refused: { password: 'secret1', password2: 'secret2' } },
  ],
};

export const SYSTEM_DECLARATIONS: readonly ResourceDecl[] = [POST, TENANT_PACKAGE, CLIENT, TOP_MENU, DATA_SCOPE, API_SCOPE, PARAM, ROLE, DEPT, MENU, REGION, TENANT, USER];
