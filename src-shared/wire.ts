// Wire types of the BladeX-style HTTP API (the contract: docs/architecture.md, "The back end").
// Everything the embedded back end sends and the main process reads is typed here.

/** The `R<T>` envelope every business endpoint answers with. */
export interface R<T> {
  code: number;
  success: boolean;
  data: T;
  msg: string;
}

/** MyBatis-Plus page as serialized by BladeX. */
export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
  orders: { column: string; asc: boolean }[];
}

/** Audit fields shared by every BaseEntity / TenantEntity row. Ids are strings. */
export interface AuditFields {
  id: string;
  createUser?: string;
  createDept?: string;
  createTime?: string;
  updateUser?: string;
  updateTime?: string;
  status?: number;
  isDeleted?: number;
  tenantId?: string;
}

/** A row of any resource: audit fields plus the resource's own columns. */
export type Row = AuditFields & Record<string, unknown>;

/** System parameter (`blade_param`). */
export interface Param extends AuditFields {
  paramName: string;
  paramKey: string;
  paramValue: string;
  remark?: string;
}

/** GET /blade-auth/oauth/captcha (raw, not wrapped in R). */
export interface CaptchaReply {
  key: string;
  /** data URL of the image */
  image: string;
}

/** POST /blade-auth/oauth/token success (BladeX dialect: raw snake_case). */
export interface TokenReply {
  access_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
  tenant_id: string;
  user_id: string;
  dept_id: string;
  role_id: string;
  account: string;
  user_name: string;
  nick_name: string;
  role_name: string;
  avatar: string;
}

/** POST /blade-auth/oauth/token failure (BladeX dialect). */
export interface TokenFailure {
  error?: string;
  error_code?: number;
  error_description: string;
}

/** Menu row as delivered by /menu/routes (category 1) and /menu/buttons (category 2). */
export interface MenuNode {
  id: string;
  parentId: string;
  code: string;
  name: string;
  alias: string;
  path: string;
  source: string;
  sort: number;
  category: number;
  action: number;
  isOpen: number;
  remark?: string;
  /** role aliases allowed to see this item; empty or missing = everyone who was granted it */
  roles?: string[];
  children?: MenuNode[];
  hasChildren?: boolean;
}

/** One entry of GET /dict/dictionary?code= */
export interface DictItem {
  id: string;
  parentId: string;
  code: string;
  dictKey: string;
  dictValue: string;
  sort: number;
  remark?: string;
  isSealed?: number;
}

/** Error log entry as kept by the console (local SQLite) and uploaded to the server. */
export interface ErrorLogInput {
  type: string;
  url: string;
  message: string;
  stack?: string;
  info?: string;
}

export interface ErrorLogEntry extends ErrorLogInput {
  id: number;
  /** yyyy-MM-dd HH:mm:ss */
  time: string;
}

/** Business result codes the console relies on. */
export const ResultCode = {
  SUCCESS: 200,
  FAILURE: 400,
  UN_AUTHORIZED: 401,
  NOT_FOUND: 404,
  INTERNAL_SERVER_ERROR: 500,
} as const;

/** Default OAuth clients of the embedded back end. */
export const DEFAULT_TENANT_ID = '000000';

/** The sample matrix's status (GET /website-blade-system/sampleMatrix/status, and the load reply). */
export interface SampleStatus {
  loaded: boolean;
  /** the caller's own tenant has no website yet */
  workspaceEmpty: boolean;
  /** not loaded and no tenant holds the sample's tenant id (888888): the workbench offers to load it */
  canLoad?: boolean;
  tenantId?: string;
  tenantName?: string;
  /** the sample tenant's administrator account and its password (the tenant default password) */
  account?: string;
  password?: string;
  loadTime?: string;
  counts?: Record<string, number>;
}

/** what a stored secret is answered as (a key, a password): sent back in a write, the stored one stays */
export const SECRET_MASK = '******';
