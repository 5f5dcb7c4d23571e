// The stock user import and export (用户管理 › 导入 / 导出 / 模板下载):
// export-template and export-user answer an .xlsx of the stock columns,
// import-user (multipart `file`, `isCovered`) adds the sheet's users, or with
// isCovered=1 updates the accounts that exist. Names (role, department, post)
// are looked up in the caller's tenant; a new user gets the initial password
// (parameter account.initPassword). One bad row refuses the whole sheet, its
// row number in the message.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type DataLayer, type Queries, type RawBuilder } from '../../db/data-layer';
import { ok, ServiceError } from '../../http/reply';
import { readerLanguage } from '../../http/reasons';
import { messageText, type Message, type MessageKey } from '../../../src-shared/messages';
import type { AuthUser } from '../../http/auth-user';
import { allow, menu, menuButton } from '../../http/access-policy';
import { readXlsx, writeXlsx } from '../admin/xlsx';
import { caller, paramOf, paramValue, rows, SYS } from './common';

/** The stock UserExcel columns, in order. */
export const USER_EXCEL_HEADERS = ['租户编号', '用户平台', '账户', '昵称', '姓名', '邮箱', '手机', '角色名称', '部门名称', '岗位名称', '生日'] as const;
const USER_TYPES: Record<string, number> = { WEB: 1, APP: 2, OTHER: 3 };
const MAX_BYTES = 5 * 1024 * 1024;

export interface ImportedUser {
  account: string;
  name: string;
  realName: string;
  password?: string;
  email?: string;
  phone?: string;
  birthday?: string;
  roleId: string;
  deptId: string;
  postId: string;
  userType: number;
}

export interface UserExcelDeps {
  /** validates and writes one user (adds it when existingId is null), as the user form's save does; `q` the import's transaction */
  save(q: Queries, by: AuthUser, user: ImportedUser, existingId: string | null): Promise<void>;
  /** list records with roleName, deptName, postName */
  decorate(q: Queries, tenantId: string, records: Record<string, unknown>[]): Promise<Record<string, unknown>[]>;
}

const xlsxReply = (reply: import('fastify').FastifyReply, fileName: string, bytes: Buffer) =>
  reply
    .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .send(bytes);

export function registerUserExcelRoutes(api: FastifyInstance, data: DataLayer, deps: UserExcelDeps): void {
  const BASE = `${SYS}/user`;

  api.get(`${BASE}/export-template`, allow(menu('user')), async (_request, reply) =>
    xlsxReply(reply, '用户数据模板.xlsx', writeXlsx('用户数据表', [[...USER_EXCEL_HEADERS]])));

  api.get(`${BASE}/export-user`, allow(menu('user')), async (request, reply) => {
    const user = caller(request);
    const where: RawBuilder<unknown>[] = [sql`tenant_id = ${user.tenantId}`, sql`is_deleted = 0`];
    for (const [key, column] of [['account', 'account'], ['realName', 'real_name']] as const) {
      const v = paramOf(request, key)?.trim();
      if (v && v !== 'undefined') where.push(data.dialect.contains(sql.ref(column), v));
    }
    const records = await deps.decorate(
      data, user.tenantId, await rows(data, sql`SELECT * FROM blade_user WHERE ${sql.join(where, sql` AND `)} ORDER BY create_time, id`),
    );
    const typeName = Object.fromEntries(Object.entries(USER_TYPES).map(([k, v]) => [v, k]));
    const text = (v: unknown): string => (v === undefined || v === null ? '' : String(v));
    const body = records.map((r) => [
      text(r.tenantId), typeName[Number(r.userType)] ?? '', text(r.account), text(r.name), text(r.realName), text(r.email), text(r.phone),
      text(r.roleName), text(r.deptName), text(r.postName), text(r.birthday),
    ]);
    return xlsxReply(reply, '用户数据导出.xlsx', writeXlsx('用户数据表', [[...USER_EXCEL_HEADERS], ...body]));
  });

  api.post(`${BASE}/import-user`, allow(menuButton('user', 'user_add')), async (request) => {
    const user = caller(request);
    const { bytes, covered } = await uploadedSheet(request);
    const sheet = readXlsx(bytes);
    if (!sheet) throw new ServiceError('sys.importXlsxOnly');
    const header = (sheet[0] ?? []).map((h) => h.trim());
    const at = (name: (typeof USER_EXCEL_HEADERS)[number]): number => header.indexOf(name);
    for (const required of ['账户', '姓名', '角色名称', '部门名称'] as const) {
      if (at(required) < 0) throw new ServiceError({ key: 'sys.importColumnMissing', params: { column: required } });
    }
    const lookup = async (q: Queries, table: string, column: string, missing: MessageKey, names: string, row: number): Promise<string> => {
      const ids: string[] = [];
      for (const name of names.split(/[,，]/).map((s) => s.trim()).filter(Boolean)) {
        const found = await q.get(
          sql<{ id: string }>`SELECT id FROM ${sql.id(table)} WHERE tenant_id = ${user.tenantId} AND ${sql.ref(column)} = ${name} AND is_deleted = 0`,
        );
        if (!found) throw new ServiceError(inRow(row, { key: missing, params: { name } }));
        ids.push(found.id);
      }
      return ids.join(',');
    };
    const password = await paramValue(data, user.tenantId, 'account.initPassword', '123456');
    let imported = 0;
    await data.transaction(async (trx) => {
      for (const [i, cells] of sheet.slice(1).entries()) {
        const row = i + 2;
        const cell = (name: (typeof USER_EXCEL_HEADERS)[number]): string => (at(name) < 0 ? '' : (cells[at(name)] ?? '').trim());
        if (cells.every((c) => !c.trim())) continue;
        const tenantId = cell('租户编号');
        if (tenantId && tenantId !== user.tenantId) throw new ServiceError(inRow(row, { key: 'sys.importOtherTenant', params: { tenantId } }));
        const type = cell('用户平台').toUpperCase();
        if (type && !USER_TYPES[type]) throw new ServiceError(inRow(row, { key: 'sys.importUserTypeMissing', params: { userType: cell('用户平台') } }));
        const account = cell('账户');
        const existing = account
          ? await trx.get(sql<{ id: string }>`SELECT id FROM blade_user WHERE tenant_id = ${user.tenantId} AND account = ${account} AND is_deleted = 0`)
          : undefined;
        const imported_: ImportedUser = {
          account,
          name: cell('昵称') || cell('姓名'),
          realName: cell('姓名'),
          email: cell('邮箱') || undefined,
          phone: cell('手机') || undefined,
          birthday: cell('生日') || undefined,
          roleId: await lookup(trx, 'blade_role', 'role_name', 'sys.importRoleMissing', cell('角色名称'), row),
          deptId: await lookup(trx, 'blade_dept', 'dept_name', 'sys.importDeptMissing', cell('部门名称'), row),
          postId: await lookup(trx, 'blade_post', 'post_name', 'sys.importPostMissing', cell('岗位名称'), row),
          userType: USER_TYPES[type] ?? 1,
          password: existing && covered ? undefined : password,
        };
        try {
          await deps.save(trx, user, imported_, existing && covered ? existing.id : null);
        } catch (e) {
          if (e instanceof ServiceError) throw new ServiceError(inRow(row, e.keyed ?? e.message));
          throw e;
        }
        imported++;
      }
    });
    if (imported === 0) throw new ServiceError('sys.importEmpty');
    return ok({ imported }, messageText({ key: 'sys.importDone', params: { count: imported } }, readerLanguage(request)));
  });
}

/** A refusal of one row of the sheet: 第N行：the reason (a message, or a text that came unkeyed). */
const inRow = (row: number, reason: Message | string): Message => ({ key: 'sys.importRow', params: { row, reason } });

/** The multipart upload's bytes and its isCovered (a form field or the query). */
async function uploadedSheet(request: FastifyRequest): Promise<{ bytes: Buffer; covered: boolean }> {
  if (!request.isMultipart()) throw new ServiceError('sys.uploadRequired');
  const part = await request.file({ limits: { fileSize: MAX_BYTES + 1, files: 1 } });
  if (!part) throw new ServiceError('sys.uploadRequired');
  const tooLarge = 'sys.importTooLarge';
  const bytes = await part.toBuffer().catch(() => {
    throw new ServiceError(tooLarge);
  });
  if (part.file.truncated) throw new ServiceError(tooLarge);
  const field = part.fields.isCovered as { value?: unknown } | undefined;
  const covered = String(field?.value ?? paramOf(request, 'isCovered') ?? '0');
  return { bytes, covered: covered === '1' || covered === 'true' };
}
