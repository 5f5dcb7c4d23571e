// Loading and removing the sample matrix. Load creates a separate tenant (its
// own admin user, role, department and post, as any new tenant) and fills it
// with sample-data.ts; remove deletes that tenant and every row and file that
// belongs to it, in one action: every table with a tenant_id column, the rows
// that link to the tenant's roles, users, top menus and flow instances, the
// rendered sites of its websites, its uploaded files and import files.
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SampleStatus } from '../../../src-shared/wire';
import type { Message } from '../../../src-shared/messages';
import { sql, type DataLayer, type Queries, type RawBuilder } from '../../db/data-layer';
import { ServiceError } from '../../http/reply';
import type { Clock } from '../../util/clock';
import { formatDateTime } from '../../util/dates';
import { nextId } from '../../util/ids';
import { pendingApiLog } from '../admin/api-log-buffer';
import { IMPORTS_DIR } from '../content/imports/import-runner';
import { CONTENT_TYPES, UPLOAD_DIR } from '../content/shared/uploads';
import { ADMIN_TENANT, paramValue } from '../system/common';
import { createTenant } from '../system/tenants';
import { TENANT_PAGE_CONFIGS } from '../content/tenant-seeds';
import { logoPng } from './logo-png';
import {
  SAMPLE_AI_MODEL, SAMPLE_CONTACT, SAMPLE_GENERATION, SAMPLE_GROUPS, SAMPLE_LANG, SAMPLE_MENUS, SAMPLE_SERVER, SAMPLE_SITES, SAMPLE_TEMPLATES, SAMPLE_TENANT,
  sampleArticles, sampleKeywords,
} from './sample-data';

/** why a load or a removal is refused (src-shared/messages/sample-messages.ts) */
export const SAMPLE_MSG = {
  loaded: { key: 'sample.loaded' },
  notLoaded: { key: 'sample.notLoaded' },
  busy: { key: 'sample.busy' },
  tenantTaken: { key: 'sample.tenantTaken', params: { tenantId: SAMPLE_TENANT.tenantId } },
} as const satisfies Record<string, Message>;

type Rec = Record<string, unknown>;

/** the tables the sample's rows are counted in, for the status */
const COUNTED = ['website_group', 'website_info', 'domain_info', 'server_info', 'website_template', 'article_cate', 'article', 'keyword', 'ai_model', 'gpt_produce_article'] as const;

export class SampleMatrix {
  constructor(
    private readonly data: DataLayer,
    private readonly dataDir: string,
    private readonly clock: Clock,
  ) {}

  private record(q: Queries = this.data): Promise<{ tenant_id: string; tenant_name: string; load_time: string } | undefined> {
    return q.get(sql<{ tenant_id: string; tenant_name: string; load_time: string }>`SELECT tenant_id, tenant_name, load_time FROM sample_matrix LIMIT 1`);
  }

  /** a live tenant holds the sample's tenant id (made elsewhere: a restore, another product's data) */
  private async tenantTaken(q: Queries = this.data): Promise<boolean> {
    return !!(await q.get(sql`SELECT 1 AS one FROM blade_tenant WHERE tenant_id = ${SAMPLE_TENANT.tenantId} AND is_deleted = 0`));
  }

  async status(callerTenantId: string): Promise<SampleStatus> {
    const workspaceEmpty = !(await this.data.get(sql`SELECT 1 AS one FROM website_info WHERE tenant_id = ${callerTenantId} AND is_deleted = 0 LIMIT 1`));
    const r = await this.record();
    // loadable whenever its tenant does not exist, whatever the caller's own workspace holds (issue 38)
    if (!r) return { loaded: false, workspaceEmpty, canLoad: !(await this.tenantTaken()) };
    const counts: Record<string, number> = {};
    for (const t of COUNTED)
      counts[t] = (await this.data.get(sql<{ n: number }>`SELECT COUNT(*) AS n FROM ${sql.table(t)} WHERE tenant_id = ${r.tenant_id} AND is_deleted = 0`))?.n ?? 0;
    return {
      loaded: true,
      workspaceEmpty,
      canLoad: false,
      tenantId: r.tenant_id,
      tenantName: r.tenant_name,
      account: 'admin',
      password: await paramValue(this.data, ADMIN_TENANT, 'tenant.default.password', 'admin'),
      loadTime: r.load_time,
      counts,
    };
  }

  /** Creates the sample tenant and its content; refuses when it is already there. */
  async load(byUserId: string, byDeptId: string): Promise<SampleStatus> {
    if (await this.record()) throw new ServiceError(SAMPLE_MSG.loaded);
    const now = formatDateTime(this.clock());
    const files: string[] = [];
    try {
      // the sample's files first (no file work inside the transaction), recorded like uploads in it
      const uploads: { name: string; originalName: string; contentType: string; size: number }[] = [];
      /** a file of the sample tenant in the upload folder; its link */
      const store = (ext: 'png' | 'txt', bytes: Buffer, originalName: string): string => {
        const name = `${randomUUID().replace(/-/g, '')}.${ext}`;
        mkdirSync(join(this.dataDir, UPLOAD_DIR), { recursive: true });
        writeFileSync(join(this.dataDir, UPLOAD_DIR, name), bytes, { flag: 'wx' });
        files.push(join(this.dataDir, UPLOAD_DIR, name));
        uploads.push({ name, originalName, contentType: CONTENT_TYPES[ext], size: bytes.length });
        return `/api/blade-resource/oss/endpoint/file/${name}`;
      };
      const templateImages = SAMPLE_TEMPLATES.map((t, i) => store('png', logoPng(t.colour, 400, 300), `sample-template-${i + 1}.png`));
      const siteImages = SAMPLE_SITES.map((site) => ({
        logo: store('png', logoPng(site.colour), `${site.key}-logo.png`),
        banner: store('png', logoPng(site.colour, 1200, 300), `${site.key}-banner.png`),
      }));
      const keywordFile = store('txt', Buffer.from(SAMPLE_GENERATION.keywords.join('\n') + '\n', 'utf8'), SAMPLE_GENERATION.fileName);

      await this.data.transaction(async (trx) => {
        // two loads at once (two clicks, two instances): the second waits for the first and is refused as loaded
        await trx.get(trx.dialect.transactionLock('sample-matrix'));
        if (await this.record(trx)) throw new ServiceError(SAMPLE_MSG.loaded);
        if (await this.tenantTaken(trx)) throw new ServiceError(SAMPLE_MSG.tenantTaken);
        const { tenantId } = await createTenant(trx, this.clock, { ...SAMPLE_TENANT, menuCodes: SAMPLE_MENUS }, byUserId);
        const admin = (await trx.get(sql<{ id: string; dept_id: string }>`SELECT id, dept_id FROM blade_user WHERE tenant_id = ${tenantId} AND account = 'admin'`))!;
        const insert = async (table: string, row: Rec): Promise<string> => {
          const id = nextId();
          const full: Rec = { id, tenant_id: tenantId, ...row, create_user: admin.id, create_dept: admin.dept_id, create_time: now, update_user: admin.id, update_time: now, is_deleted: 0 };
          await trx.run(sql`INSERT INTO ${sql.table(table)} (${sql.join(Object.keys(full).map((c) => sql.id(c)))}) VALUES (${sql.join(Object.values(full))})`);
          return id;
        };
        for (const u of uploads)
          await trx.run(
            sql`INSERT INTO content_upload (name, tenant_id, original_name, content_type, size, create_time)
              VALUES (${u.name}, ${tenantId}, ${u.originalName}, ${u.contentType}, ${u.size}, ${now})`,
          );

        const groups = {
          whiteHat: await insert('website_group', { name: SAMPLE_GROUPS.whiteHat.name, type: SAMPLE_GROUPS.whiteHat.type }),
          plain: await insert('website_group', { name: SAMPLE_GROUPS.plain.name, type: SAMPLE_GROUPS.plain.type }),
        };
        const templates: string[] = [];
        for (const [i, t] of SAMPLE_TEMPLATES.entries())
          templates.push(await insert('website_template', { template_name: t.name, type: t.type, image: templateImages[i], status: 1 }));
        const serverId = await insert('server_info', {
          server_name: SAMPLE_SERVER.name, server_ip: SAMPLE_SERVER.ip, server_port: SAMPLE_SERVER.port, server_username: SAMPLE_SERVER.username, server_type: 'local', status: 0,
        });
        // every category is a custom page (type 2) on the tenant's seeded default page config (content/tenant-seeds.ts)
        const pageId = (await trx.get(
          sql<{ id: string }>`SELECT id FROM template_page_config WHERE tenant_id = ${tenantId} AND name = ${TENANT_PAGE_CONFIGS[0].name} AND is_deleted = 0`,
        ))!.id;
        const cates: Record<string, string[]> = {};
        for (const [key, g] of Object.entries(SAMPLE_GROUPS)) {
          cates[key] = [];
          for (const name of g.categories)
            cates[key].push(await insert('article_cate', { website_group_id: groups[key as keyof typeof groups], cate_name: name, type: 2, page_id: pageId, opt_status: 0, status: 0 }));
        }
        const contactId = await insert('contact_info', { name: SAMPLE_CONTACT.name, phone: SAMPLE_CONTACT.phone, we_chat: SAMPLE_CONTACT.weChat, status: 1 });
        const siteIds: string[] = [];
        for (const [i, site] of SAMPLE_SITES.entries()) {
          const logoGroup = await insert('img_group', { name: `${site.name} Logo`, status: 1 });
          await insert('website_img', { image_url: siteImages[i].logo, alt: site.name, img_group_id: logoGroup, status: 1 });
          const bannerGroup = await insert('img_group', { name: `${site.name} Banner`, status: 1 });
          await insert('website_img', { image_url: siteImages[i].banner, alt: site.name, img_group_id: bannerGroup, status: 1 });
          const domainId = await insert('domain_info', {
            name: site.name, domain: site.domain, server_id: serverId, server_name: SAMPLE_SERVER.name, domain_service: '1', status: 1,
          });
          const groupId = groups[site.group];
          const websiteId = await insert('website_info', {
            website_group_id: groupId, website_type: 0, website_name: site.name, website_lang: SAMPLE_LANG, desc_val: `${site.name}：示例矩阵中的${site.topic}网站`,
            keywords: site.words.slice(0, 5).join(','), domain_info_id: domainId, contact_id: contactId, logo_id: logoGroup, ico_id: logoGroup, banner_id: bannerGroup, domain_name: site.domain, template_id: templates[i % templates.length],
            // resolve type 1: the site is served on its domain itself (no subdomain)
            type: 1,
            status_name: '未部署', status: 1,
          });
          siteIds.push(websiteId);
          const categoryNames: readonly string[] = SAMPLE_GROUPS[site.group].categories;
          for (const a of sampleArticles(site, categoryNames)) {
            await insert('article', {
              website_info_id: websiteId, website_group_id: groupId, parent_id: cates[site.group][categoryNames.indexOf(a.category)],
              title: a.title, keyword: a.keyword, auth: '示例作者', display_status: 1, sort: a.sort, content: a.content, desc_val: a.desc,
              save_status: '示例数据', deploy_time: now, status: 1,
            });
          }
        }
        for (const k of sampleKeywords()) await insert('keyword', { keyword: k, status: 1 });
        await insert('ai_model', {
          name: SAMPLE_AI_MODEL.name, api_key: '', url: SAMPLE_AI_MODEL.url, model: SAMPLE_AI_MODEL.model, platform: SAMPLE_AI_MODEL.platform,
          temperature: SAMPLE_AI_MODEL.temperature, max_tokens: SAMPLE_AI_MODEL.maxTokens, status: 2,
        });
        await insert('gpt_produce_article', {
          task_name: SAMPLE_GENERATION.taskName, max_tokens: SAMPLE_AI_MODEL.maxTokens, prompts: JSON.stringify([{ input: SAMPLE_GENERATION.prompt }]),
          file_link: keywordFile, file_name: SAMPLE_GENERATION.fileName, status: 0,
          website_group_id: groups.whiteHat, website_info_id: siteIds[0], parent_id: cates.whiteHat[0],
        });
        await trx.run(
          sql`INSERT INTO sample_matrix (tenant_id, tenant_name, load_time, load_user, load_dept)
            VALUES (${tenantId}, ${SAMPLE_TENANT.tenantName}, ${now}, ${byUserId}, ${byDeptId})`,
        );
      });
    } catch (e) {
      for (const f of files) rmSync(f, { force: true });
      throw e;
    }
    return this.status(ADMIN_TENANT);
  }

  /** Deletes the sample tenant with every row and file of it. */
  async remove(): Promise<{ tenantId: string; rows: number }> {
    const r = await this.record();
    if (!r) throw new ServiceError(SAMPLE_MSG.notLoaded);
    const t = r.tenant_id;
    const running =
      (await this.data.get(sql`SELECT 1 AS one FROM gpt_produce_article WHERE tenant_id = ${t} AND is_deleted = 0 AND status = 1 LIMIT 1`)) ||
      (await this.data.get(sql`SELECT 1 AS one FROM import_task WHERE tenant_id = ${t} AND is_deleted = 0 AND status = 1 LIMIT 1`));
    if (running) throw new ServiceError(SAMPLE_MSG.busy);
    const column = async (query: RawBuilder<{ v: string }>) => (await this.data.all(query)).map((x) => String(x.v));
    const sites = await column(sql`SELECT id AS v FROM website_info WHERE tenant_id = ${t}`);
    const uploads = await column(sql`SELECT name AS v FROM content_upload WHERE tenant_id = ${t}`);
    const importFiles = await column(sql`SELECT file_link AS v FROM import_task WHERE tenant_id = ${t} AND file_link LIKE ${`${IMPORTS_DIR}/%`}`);
    let rows = 0;
    // the tenant's API log lines not written yet go first, or they would land after its rows are gone
    await pendingApiLog(this.data)?.flush();
    await this.data.transaction(async (trx) => {
      const run = async (query: RawBuilder<unknown>) => (rows += await trx.run(query));
      // rows that name the tenant's roles, users, top menus and flow instances instead of the tenant
      await run(sql`DELETE FROM blade_role_menu WHERE role_id IN (SELECT id FROM blade_role WHERE tenant_id = ${t})`);
      await run(sql`DELETE FROM blade_role_scope WHERE role_id IN (SELECT id FROM blade_role WHERE tenant_id = ${t})`);
      await run(sql`DELETE FROM blade_user_platform WHERE user_id IN (SELECT id FROM blade_user WHERE tenant_id = ${t})`);
      await run(sql`DELETE FROM blade_top_menu_setting WHERE top_menu_id IN (SELECT id FROM blade_top_menu WHERE tenant_id = ${t})`);
      await run(sql`DELETE FROM flow_activity WHERE instance_id IN (SELECT id FROM flow_instance WHERE tenant_id = ${t})`);
      for (const table of await tenantTables(trx)) await run(sql`DELETE FROM ${sql.table(table)} WHERE tenant_id = ${t}`);
    });
    for (const id of sites) rmSync(join(this.dataDir, 'sites', id), { recursive: true, force: true });
    for (const name of uploads) if (/^[0-9a-f]{32}\.[a-z0-9]{1,5}$/.test(name)) rmSync(join(this.dataDir, UPLOAD_DIR, name), { force: true });
    for (const link of importFiles) if (/^imports\/[0-9]+\.txt$/.test(link)) rmSync(join(this.dataDir, link), { force: true });
    return { tenantId: t, rows };
  }
}

/** Every table with a tenant_id column (the sample_matrix record last, so a failed remove can be retried). */
export async function tenantTables(q: Queries): Promise<string[]> {
  const withTenant = (await q.all(q.dialect.tablesWithColumn('tenant_id'))).map((r) => r.table_name);
  return [...withTenant.filter((n) => n !== 'sample_matrix'), 'sample_matrix'];
}
