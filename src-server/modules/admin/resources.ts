// SMS and object-storage configurations (/blade-resource/sms, /blade-resource/oss):
// declared resources (tenant-scoped), plus enable (exactly one enabled per tenant),
// send-message (through a provider; the built-in one writes an outbox table) and
// attachments (every put-file upload, /blade-resource/attach). The enabled object
// storage is where the tenant's files go (files/file-stores.ts); its secret key is
// kept sealed, and every change of a configuration drops the stores every
// instance cached.
import type { FastifyInstance } from 'fastify';
import { sql, type DataLayer, type Queries, type RawBuilder } from '../../db/data-layer';
import { declaredResource, defineResource, screenAccess } from '../../crud/resource';
import { OSS as OSS_DECL, SMS as SMS_DECL } from '../../../src-shared/declarations/admin';
import { ok, ServiceError, status } from '../../http/reply';
import { callerOf } from '../../http/auth-user';
import { nextId } from '../../util/ids';
import { formatDateTime } from '../../util/dates';
import type { Clock } from '../../util/clock';
import { idList, paramOf } from '../system/common';
import { PHONE_EMPTY, phoneError } from '../shell';
import { CONTENT_TYPES, saveUpload, uploadedFile } from '../content/shared/uploads';
import { storeFailure } from '../../files/file-store';
import type { FileStores } from '../../files/file-stores';
import type { SecretBox } from '../../util/secret-box';
import { sealField } from '../../system/sealed-secrets';
import {
  ATTACH_CONTENT_TYPES, attachLimits, attachSizeMessage, checkAttachment, DEFAULT_ATTACH_MB, DEFAULT_ATTACH_TYPES,
} from './attach-rules';
import { AUDIT } from '../../db/sql';
import { pageOf } from '../../http/paging';
import { allow, menu, menuButton } from '../../http/access-policy';

export const SMS = SMS_DECL.path;
export const OSS = OSS_DECL.path;
export const ATTACH = '/blade-resource/attach';
export const PUT_FILE_ATTACH = '/blade-resource/oss/endpoint/put-file-attach';
/** status of a configuration: 1 closed, 2 enabled (BladeX) */
export const ENABLED = 2;
const ALL = ['list', 'page', 'detail', 'submit', 'save', 'update', 'remove'] as const;

export const RESOURCE_MIGRATION = {
  version: 401,
  name: 'admin: sms and oss configurations, sms outbox',
  sql: `
CREATE TABLE blade_sms (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  category INTEGER NOT NULL,
  sms_code TEXT NOT NULL,
  template_id TEXT NOT NULL,
  access_key TEXT,
  secret_key TEXT,
  region_id TEXT,
  sign_name TEXT,
  remark TEXT,${AUDIT}
);
CREATE TABLE blade_oss (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  category INTEGER NOT NULL,
  oss_code TEXT NOT NULL,
  endpoint TEXT,
  access_key TEXT,
  secret_key TEXT,
  bucket_name TEXT,
  app_id TEXT,
  region TEXT,
  remark TEXT,${AUDIT}
);
CREATE TABLE blade_sms_outbox (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  sms_id TEXT NOT NULL,
  sms_code TEXT NOT NULL,
  template_id TEXT NOT NULL,
  sign_name TEXT,
  phone TEXT NOT NULL,
  params TEXT NOT NULL,
  provider TEXT NOT NULL,
  create_user TEXT,
  create_time TEXT NOT NULL
);
CREATE INDEX ix_blade_sms_outbox_tenant ON blade_sms_outbox(tenant_id, create_time);
`,
};

/** The built-in "local" storage (category 5): the data folder's upload directory, which put-file writes; enabled for the admin tenant. */
export const LOCAL_OSS_MIGRATION = {
  version: 405,
  name: 'admin: the built-in local object storage',
  sql: `
INSERT INTO blade_oss (id, tenant_id, category, oss_code, endpoint, access_key, secret_key, bucket_name, remark, create_time, update_time, status)
VALUES ('1123598812738675301', '000000', 5, 'local', '/api/blade-resource/oss/endpoint/file', '-', '-', 'upload', '内置本地存储: 数据目录 upload 文件夹', '2026-01-01 00:00:00', '2026-01-01 00:00:00', 2);
`,
};

/**
 * The dictionaries `oss` and `sms` hold the categories the screens offer (keys
 * 1-5, 5 being the built-in local storage / outbox). Databases seeded before
 * carried BladeX's list (oss 5 华为云, 6 amazon s3, 7 本地存储; no sms 5): aligned
 * here. A fresh database gets them from the seed (db/seed-dicts.ts), which runs
 * after the migrations, so this one changes nothing there.
 */
export const CATEGORY_DICTS_MIGRATION = {
  version: 410,
  name: 'admin: oss and sms category dictionaries match the screens',
  sql: `
UPDATE blade_dict SET dict_value = '本地存储' WHERE code = 'oss' AND parent_id <> '0' AND dict_key = '5';
UPDATE blade_dict SET is_deleted = 1 WHERE code = 'oss' AND parent_id <> '0' AND dict_key IN ('6', '7');
INSERT INTO blade_dict (id, parent_id, code, dict_key, dict_value, sort, remark, is_sealed, is_deleted)
SELECT '1123598814738677410', h.id, 'sms', '5', '内置发件箱', 5, NULL, 0, 0 FROM blade_dict h
WHERE h.code = 'sms' AND h.parent_id = '0' AND h.is_deleted = 0
  AND NOT EXISTS (SELECT 1 FROM blade_dict c WHERE c.code = 'sms' AND c.parent_id <> '0' AND c.dict_key = '5' AND c.is_deleted = 0)
LIMIT 1;
`,
};

/**
 * What 附件管理 accepts comes from the enabled object storage: its file types
 * (extensions, comma-joined) and size limit in MB (attach-rules.ts). Existing
 * configurations (the built-in local storage among them) get the defaults.
 */
export const ATTACH_LIMITS_MIGRATION = {
  version: 411,
  name: 'admin: object storage says which attachment types and sizes it accepts',
  sql: `
ALTER TABLE blade_oss ADD COLUMN allow_types TEXT DEFAULT '${DEFAULT_ATTACH_TYPES.join(',')}';
ALTER TABLE blade_oss ADD COLUMN max_size INTEGER DEFAULT ${DEFAULT_ATTACH_MB};
`,
};

/** The SMS configurations (declared in src-shared/declarations/admin.ts). Their secret key is stored sealed (system/sealed-secrets.ts; nothing here sends it yet). */
export const smsResource = (box: SecretBox) => {
  const d = declaredResource(SMS_DECL, { secretKey: { noFilter: true, secret: true } });
  return defineResource({
    ...d,
    access: screenAccess('sms'),
    table: 'blade_sms',
    tenantScoped: true,
    softDelete: true,
    endpoints: ALL,
    columns: [...d.columns, { name: 'status', type: 'int', readOnly: true }],
    hooks: {
      beforeWrite(row) {
        sealField(box, row, 'secretKey');
      },
    },
  });
};

/**
 * The object storage configurations. Their secret key is stored sealed (`files` opens it on the server only;
 * clients get the mask), and a write or remove drops the cached stores of every instance at its commit.
 * The attachment types a configuration lists are judged by the declaration (its cross rule refuses a page, a
 * script or a program).
 */
export const ossResource = (files: FileStores) => {
  const d = declaredResource(OSS_DECL, {
    secretKey: { noFilter: true, secret: true },
    // what 附件管理 accepts while this configuration is enabled (attach-rules.ts); stock consoles leave them out
    allowTypes: { noFilter: true, default: DEFAULT_ATTACH_TYPES.join(',') },
    maxSize: { noFilter: true, default: DEFAULT_ATTACH_MB },
  });
  return defineResource({
    ...d,
    access: screenAccess('oss'),
    table: 'blade_oss',
    tenantScoped: true,
    softDelete: true,
    endpoints: ALL,
    columns: [...d.columns, { name: 'status', type: 'int', readOnly: true }],
    hooks: {
      async beforeWrite(row, ctx) {
        if (typeof row.secretKey === 'string' && row.secretKey) row.secretKey = files.sealSecret(row.secretKey);
        await files.changed(ctx.q);
      },
      async beforeRemove(_ids, ctx) {
        await files.changed(ctx.q);
      },
    },
  });
};

/** One SMS to send: the configuration it goes through, one phone, its parameters. */
export interface SmsMessage {
  tenantId: string;
  smsId: string;
  smsCode: string;
  templateId: string;
  signName: string;
  phone: string;
  params: Record<string, unknown>;
  userId: string;
}

/**
 * Where messages go. A real provider (Aliyun, Tencent...) would implement it; the built-in one writes the outbox.
 * The messages of one send-message go out in one transaction (`q`): a provider writes its rows there (a network
 * provider would send after it commits: nothing but queries is awaited inside one).
 */
export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage, q: Queries): Promise<void>;
}

export function outboxProvider(clock: Clock): SmsProvider {
  return {
    name: 'outbox',
    async send(m, q) {
      await q.run(sql`INSERT INTO blade_sms_outbox (id, tenant_id, sms_id, sms_code, template_id, sign_name, phone, params, provider, create_user, create_time)
        VALUES (${nextId()}, ${m.tenantId}, ${m.smsId}, ${m.smsCode}, ${m.templateId}, ${m.signName}, ${m.phone}, ${JSON.stringify(m.params)}, 'outbox', ${m.userId},
          ${formatDateTime(clock())})`);
    },
  };
}

function registerEnable(
  api: FastifyInstance,
  data: DataLayer,
  base: string,
  table: 'blade_sms' | 'blade_oss',
  code: 'sms' | 'oss',
  changed: (q: Queries) => Promise<void> = async () => undefined,
): void {
  const from = sql.id(table);
  api.post(`${base}/enable`, allow(menuButton(code, `${code}_edit`)), async (request) => {
    const caller = callerOf(request);
    const id = paramOf(request, 'id')?.trim();
    if (!id) throw new ServiceError({ key: 'common.missingParam', params: { name: 'id' } });
    const row = await data.get(sql`SELECT id FROM ${from} WHERE id = ${id} AND tenant_id = ${caller.tenantId} AND is_deleted = 0`);
    if (!row) throw new ServiceError('admin.rowMissing');
    await data.transaction(async (trx) => {
      await trx.run(sql`UPDATE ${from} SET status = 1 WHERE tenant_id = ${caller.tenantId} AND is_deleted = 0 AND id <> ${id}`);
      await trx.run(sql`UPDATE ${from} SET status = ${ENABLED} WHERE id = ${id}`);
      await changed(trx);
    });
    return status(true);
  });
}

export function registerResourceRoutes(
  api: FastifyInstance,
  deps: { data: DataLayer; clock: Clock; files: FileStores },
  provider: SmsProvider = outboxProvider(deps.clock),
): void {
  const { data } = deps;
  registerEnable(api, data, SMS, 'blade_sms', 'sms');
  // the enabled one is where the tenant's files go from now on: every instance drops its stores
  registerEnable(api, data, OSS, 'blade_oss', 'oss', (q) => deps.files.changed(q));

  api.post(`${SMS}/endpoint/send-message`, allow(menuButton('sms', 'sms_edit')), async (request) => {
    const caller = callerOf(request);
    const code = paramOf(request, 'code')?.trim();
    if (!code) throw new ServiceError({ key: 'common.missingParam', params: { name: 'code' } });
    const phones = (paramOf(request, 'phones') ?? '').split(',').map((p) => p.trim()).filter(Boolean);
    if (phones.length === 0) throw new ServiceError(PHONE_EMPTY);
    for (const phone of phones) {
      const problem = phoneError(phone);
      if (problem) throw new ServiceError(problem);
    }
    let params: Record<string, unknown> = {};
    const raw = paramOf(request, 'params');
    if (raw) {
      try {
        const parsed: unknown = JSON.parse(raw);
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
        params = parsed as Record<string, unknown>;
      } catch {
        throw new ServiceError('admin.smsParamsFormat');
      }
    }
    const sms = await data.get(
      sql<{ id: string; sms_code: string; template_id: string; sign_name: string | null; status: number }>`SELECT id, sms_code, template_id, sign_name, status FROM blade_sms
        WHERE tenant_id = ${caller.tenantId} AND sms_code = ${code} AND is_deleted = 0`,
    );
    if (!sms) throw new ServiceError('admin.smsMissing');
    if (sms.status !== ENABLED) throw new ServiceError('admin.smsDisabled');
    await data.transaction(async (trx) => {
      for (const phone of phones)
        await provider.send(
          { tenantId: caller.tenantId, smsId: sms.id, smsCode: sms.sms_code, templateId: sms.template_id, signName: sms.sign_name ?? '', phone, params, userId: caller.userId },
          trx,
        );
    });
    return status(true);
  });

  // Attachments of any type the enabled object storage allows (BladeX put-file-attach), and those limits for the form.
  const save = saveUpload(deps);
  api.post(PUT_FILE_ATTACH, allow(menuButton('attach', 'attach_add')), async (request) => {
    const caller = callerOf(request);
    const limits = await attachLimits(data, caller.tenantId);
    if (!request.isMultipart()) throw new ServiceError('admin.uploadFileRequired');
    const part = await request.file({ limits: { fileSize: limits.maxMB * 1024 * 1024 + 1, files: 1 } });
    if (!part || part.fieldname !== 'file') throw new ServiceError('admin.uploadFileRequired');
    const tooLarge = attachSizeMessage(limits.maxMB);
    const bytes = await part.toBuffer().catch(() => {
      throw new ServiceError(tooLarge);
    });
    if (part.file.truncated) throw new ServiceError(tooLarge);
    const originalName = (part.filename || 'file').slice(0, 255);
    const ext = checkAttachment(limits, originalName, bytes);
    return ok(await save(caller.tenantId, originalName, ext, bytes, ATTACH_CONTENT_TYPES[ext] ?? CONTENT_TYPES[ext]));
  });
  api.get(`${ATTACH}/limits`, allow(menu('attach')), async (request) => {
    const limits = await attachLimits(data, callerOf(request).tenantId);
    return ok({ exts: limits.exts, maxSize: limits.maxMB, ossCode: limits.ossCode });
  });

  // Attachments: every upload (content_upload rows), read-only but removable.
  const attach = (r: Record<string, unknown>) => {
    const name = String(r.name);
    const dot = name.lastIndexOf('.');
    return {
      id: name,
      link: `/api/blade-resource/oss/endpoint/file/${name}`,
      domain: '',
      name,
      originalName: r.original_name,
      extension: dot < 0 ? '' : name.slice(dot + 1),
      attachSize: r.size,
      contentType: r.content_type,
      tenantId: r.tenant_id,
      createTime: r.create_time,
    };
  };
  api.get(`${ATTACH}/list`, allow(menu('attach')), async (request) => {
    const caller = callerOf(request);
    const { current, size, offset } = pageOf(request, 200);
    const conditions: RawBuilder<unknown>[] = [sql`tenant_id = ${caller.tenantId}`];
    const original = paramOf(request, 'originalName')?.trim();
    if (original) conditions.push(data.dialect.contains(sql.ref('original_name'), original));
    const where = sql.join(conditions, sql` AND `);
    const total = (await data.get(sql<{ n: number }>`SELECT count(*) AS n FROM content_upload WHERE ${where}`))!.n;
    const records = (
      await data.all(sql<Record<string, unknown>>`SELECT * FROM content_upload WHERE ${where} ORDER BY create_time DESC, name LIMIT ${size} OFFSET ${offset}`)
    ).map(attach);
    return ok({ records, total, size, current, pages: Math.ceil(total / size), orders: [] });
  });
  api.get(`${ATTACH}/detail`, allow(menu('attach')), async (request) => {
    const caller = callerOf(request);
    const row = await data.get(sql<Record<string, unknown>>`SELECT * FROM content_upload WHERE name = ${paramOf(request, 'id') ?? ''} AND tenant_id = ${caller.tenantId}`);
    return ok(row ? attach(row) : null);
  });
  api.post(`${ATTACH}/remove`, allow(menuButton('attach', 'attach_delete')), async (request) => {
    const caller = callerOf(request);
    const ids = idList(paramOf(request, 'ids'));
    if (ids.length === 0) throw new ServiceError('common.selectAtLeastOne');
    for (const name of ids) {
      const row = await data.get(sql`SELECT name FROM content_upload WHERE name = ${name} AND tenant_id = ${caller.tenantId}`);
      if (!row) continue;
      const found = await uploadedFile(deps, name);
      if (found) {
        try {
          await found.store.delete(found.key);
        } catch (err) {
          throw storeFailure(found.store, '删除失败', err);
        }
      }
      await data.run(sql`DELETE FROM content_upload WHERE name = ${name}`);
    }
    return status(true);
  });
  // submit: an attachment's record is written by its upload (put-file); submit
  // edits it, i.e. the original (display) name. A record without an uploaded file
  // cannot be created here.
  api.post(`${ATTACH}/submit`, allow(menu('attach')), async (request) => {
    const caller = callerOf(request);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const name = String(body.id ?? body.name ?? '').trim();
    if (!name) throw new ServiceError('admin.attachUploadFirst');
    const row = await data.get(sql`SELECT * FROM content_upload WHERE name = ${name} AND tenant_id = ${caller.tenantId}`);
    if (!row) throw new ServiceError('admin.attachMissing');
    const original = String(body.originalName ?? '').trim();
    if (!original) throw new ServiceError('admin.attachNameRequired');
    if (original.length > 255) throw new ServiceError('admin.attachNameMax');
    await data.run(sql`UPDATE content_upload SET original_name = ${original} WHERE name = ${name}`);
    return status(true);
  });
}
