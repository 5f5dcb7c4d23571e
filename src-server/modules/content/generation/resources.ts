// AI generation (spec content-area.md §7): model settings, API keys (sealed,
// sent masked), generate-article tasks and the generation template parameters.
import { sql } from '../../../db/data-layer';
import { ServiceError } from '../../../http/reply';
import { declaredResource, defineResource, screenAccess, type Resource } from '../../../crud/resource';
import { AI_KEY, AI_MODEL, GPT_GENERATE_TEMPLATE_PARM, GPT_PRODUCE_ARTICLE, KEY_TYPES_WITH_TARGET } from '../../../../src-shared/declarations/generation';
import { addNames, liveRow, mustExist } from '../shared/lookups';
import { ALL } from '../shared/rules';
import type { SecretBox } from '../../../util/secret-box';
import { SCENES } from '../shared/uploads';
import { taskStatusName } from '../shared/task-status';
import { keywordFailures } from './article-generator';
import { attachJobViews } from '../../../jobs/job-view';
import { mustHoldPages } from '../articles/page-cates';
import { chatCompletionsUrl } from '../../../../src-shared/ai-endpoint';

/** The AI settings and generation tasks; every query of their hooks runs on the hooks' `q`. */
export function generationResources(box: SecretBox): Resource[] {
  const openKey = (sealed: unknown): string => {
    if (typeof sealed !== 'string' || !sealed) return '';
    try {
      return box.open(sealed);
    } catch {
      return '';
    }
  };

  const aiModel = defineResource({
    // the limits (maxConcurrency, ratePerMinute) every instance keeps together: ai-limiter.ts
    ...declaredResource(AI_MODEL, { apiKey: { hidden: true } }),
    access: screenAccess('aiModel'),
    table: 'ai_model',
    tenantScoped: true,
    softDelete: true,
    endpoints: ALL,
    hooks: {
      async beforeWrite(row, ctx) {
        const k = row.apiKey;
        if (k === null || k === undefined || k === '' || isMasked(k)) {
          if (ctx.mode === 'insert') throw new ServiceError('generation.keyRequired');
          // an edit keeps the stored key; a model switched on needs one (the sample matrix's comes off, without a key)
          const stored = await ctx.q.get(sql<{ api_key: string | null; status: number }>`SELECT api_key, status FROM ai_model WHERE id = ${String(ctx.id)} AND tenant_id = ${ctx.tenantId}`);
          if ((row.status ?? stored?.status) === 1 && !stored?.api_key) throw new ServiceError('generation.keyRequired');
          delete row.apiKey;
        } else row.apiKey = box.seal(String(k));
      },
      async decorate(records, { tenantId, q }) {
        const ids = records.map((r) => String(r.id));
        if (ids.length === 0) return;
        const rows = await q.all(sql<{ id: string; api_key: string }>`SELECT id, api_key FROM ai_model WHERE tenant_id = ${tenantId} AND id IN (${sql.join(ids)})`);
        const keys = new Map(rows.map((r) => [r.id, maskKey(openKey(r.api_key))]));
        for (const r of records) {
          r.apiKey = keys.get(String(r.id)) ?? '';
          // the URL generation and 测试连接 call: the link as a base URL or the full chat completions URL
          r.callUrl = chatCompletionsUrl(String(r.url ?? ''));
        }
      },
    },
  });

  const aiKey = defineResource({
    ...declaredResource(AI_KEY, { key: { column: 'key_value', hidden: true } }),
    access: screenAccess('key'),
    table: 'ai_key',
    tenantScoped: true,
    softDelete: true,
    endpoints: ALL,
    hooks: {
      async beforeWrite(row, ctx) {
        const old = ctx.id ? await liveRow(ctx.q, 'ai_key', ctx.id, ctx.tenantId) : undefined;
        const type = 'type' in row ? row.type : old?.type;
        if (KEY_TYPES_WITH_TARGET.includes(Number(type))) {
          const target = 'targetUrl' in row ? row.targetUrl : old?.target_url;
          if (!target) throw new ServiceError('generation.targetRequired');
        } else row.targetUrl = null;
        const k = row.key;
        if (k === null || k === undefined || k === '' || isMasked(k)) {
          if (ctx.mode === 'insert') throw new ServiceError('generation.keyRequired');
          delete row.key;
        } else row.key = box.seal(String(k));
      },
      async decorate(records, { tenantId, q }) {
        const ids = records.map((r) => String(r.id));
        if (ids.length === 0) return;
        const rows = await q.all(sql<{ id: string; key_value: string }>`SELECT id, key_value FROM ai_key WHERE tenant_id = ${tenantId} AND id IN (${sql.join(ids)})`);
        const keys = new Map(rows.map((r) => [r.id, maskKey(openKey(r.key_value))]));
        for (const r of records) r.key = keys.get(String(r.id)) ?? '';
      },
    },
  });

  const gptProduceArticle = defineResource({
    ...declaredResource(GPT_PRODUCE_ARTICLE),
    access: screenAccess('gptProduceArticle'),
    table: 'gpt_produce_article',
    tenantScoped: true,
    softDelete: true,
    endpoints: ALL,
    columns: [
      ...declaredResource(GPT_PRODUCE_ARTICLE).columns,
      { name: 'total', type: 'int', readOnly: true },
      { name: 'successCount', type: 'int', readOnly: true },
      { name: 'failCount', type: 'int', readOnly: true },
      { name: 'status', type: 'int', readOnly: true },
      // why the task failed as a whole (the AI model unreachable, its key refused, no keyword)
      { name: 'errorMsg', type: 'string', readOnly: true, noFilter: true, reasonColumn: 'error_reason' },
      // the task's latest durable job (set where it is enqueued): the row answers its view as `job`
      { name: 'jobId', type: 'string', readOnly: true, noFilter: true },
    ],
    hooks: {
      async beforeWrite(row, ctx) {
        if ('prompts' in row) row.prompts = JSON.stringify(normalizePrompts(row.prompts));
        // where the generated articles go: nothing (unassigned), or a group, optionally with its website and column
        const { tenantId: t, q } = ctx;
        const old = ctx.id ? await liveRow(q, 'gpt_produce_article', ctx.id, t) : undefined;
        const pick = (k: string, col: string): unknown => (k in row ? row[k] : old?.[col]) || null;
        const group = pick('websiteGroupId', 'website_group_id');
        const site = pick('websiteInfoId', 'website_info_id');
        const cate = pick('parentId', 'parent_id');
        if ((site || cate) && !group) throw new ServiceError('site.groupRequired');
        await mustExist(q, 'website_group', group, t, 'article.groupMissing');
        const s = await mustExist(q, 'website_info', site, t, 'article.websiteMissing');
        if (s && String(s.website_group_id) !== String(group)) throw new ServiceError('article.siteNotInGroup');
        const c = await mustExist(q, 'article_cate', cate, t, 'article.cateMissing');
        if (c && String(c.website_group_id) !== String(group)) throw new ServiceError('article.cateNotInGroup');
        mustHoldPages(c);
        if ('fileLink' in row && row.fileLink) {
          const name = String(row.fileLink).split('/').pop() ?? '';
          if (!name.endsWith('.txt')) throw new ServiceError(SCENES.keyword.typeMessage);
        }
      },
      async decorate(records, { tenantId, q, language }) {
        await addNames(q, records, tenantId, 'websiteGroupId', 'websiteGroupName', 'website_group', 'name');
        await addNames(q, records, tenantId, 'websiteInfoId', 'websiteName', 'website_info', 'website_name');
        await addNames(q, records, tenantId, 'parentId', 'cateName', 'article_cate', 'cate_name');
        const failures = await keywordFailures(q, records.map((r) => String(r.id)), language);
        await attachJobViews(q, records, 'jobId', 'job', language);
        for (const r of records) {
          r.statusName = taskStatusName(r.status, language);
          // each failed keyword with its reason; the row's short reason: the task's, else the first keyword's
          const list = failures.get(String(r.id)) ?? [];
          r.failures = list;
          r.failReason = r.errorMsg || list[0]?.error || '';
          try {
            r.prompts = JSON.parse(String(r.prompts || '[]'));
          } catch {
            r.prompts = [];
          }
        }
      },
    },
  });

  const templateParm = defineResource({
    ...declaredResource(GPT_GENERATE_TEMPLATE_PARM),
    access: screenAccess('gptGenerateTemplateParm'),
    table: 'gpt_generate_template_parm',
    tenantScoped: true,
    softDelete: true,
    endpoints: ALL,
    hooks: {
      async beforeWrite(row, ctx) {
        if (!('paramKey' in row)) return;
        if (String(row.paramKey).toLowerCase() === 'keyword') throw new ServiceError('generation.parmKeyReserved');
        const dup = await ctx.q.get(
          sql`SELECT id FROM gpt_generate_template_parm WHERE tenant_id = ${ctx.tenantId} AND is_deleted = 0 AND param_key = ${String(row.paramKey)} AND id <> ${ctx.id ?? ''}`,
        );
        if (dup) throw new ServiceError('generation.parmKeyDup');
      },
    },
  });

  return [aiModel, aiKey, gptProduceArticle, templateParm];
}

/** "sk-abcdef123456" -> "sk-a****3456": keys are never sent in full; no key at all reads as empty. */
export function maskKey(plain: string): string {
  if (!plain) return '';
  if (plain.length <= 8) return '****';
  return `${plain.slice(0, 4)}****${plain.slice(-4)}`;
}
const isMasked = (v: unknown): boolean => typeof v === 'string' && v.includes('****');

/** prompts as [{input}] with every row's input required. */
export function normalizePrompts(raw: unknown): { input: string }[] {
  let list: unknown = raw;
  if (typeof raw === 'string') {
    try {
      list = JSON.parse(raw);
    } catch {
      list = [{ input: raw }];
    }
  }
  if (!Array.isArray(list) || list.length === 0) throw new ServiceError('generation.promptRequired');
  return list.map((p) => {
    const input = typeof p === 'string' ? p : p && typeof p === 'object' ? String((p as Record<string, unknown>).input ?? '') : '';
    if (!input.trim()) throw new ServiceError('generation.promptRequired');
    return { input };
  });
}
