// Workflow data access shared by the endpoints: deployment of BPMN sources,
// names of users and categories, the BladeFlow / FlowProcess row shapes,
// (who may call each endpoint is declared on its route: http/access-policy.ts).
import { Engine } from 'bpmn-engine';
import type { FastifyRequest } from 'fastify';
import { sql, type Queries } from '../../db/data-layer';
import { ServiceError } from '../../http/reply';
import { judgeInput } from '../../crud/declared-input';
import { FLOW_CATEGORY } from '../../../src-shared/declarations/flow-inputs';
import { pageOf, type PageParams } from '../../http/paging';
import type { AuthUser } from '../../http/auth-user';
import { nextId } from '../../util/ids';
import { aliasesOf } from '../system/common';
import { messageText, type MessageKey, type ReplyLanguage } from '../../../src-shared/messages';

export type Rec = Record<string, unknown>;
export const LEAVE_TABLE = 'blade_process_leave';
export const WORK_MENUS = ['workTodo', 'workStart', 'workClaim', 'workSend', 'workDone'];
export const FLOW_MENUS = ['flowModel', 'flowDeploy', 'flowFollow', ...WORK_MENUS];

export function paging(request: FastifyRequest): PageParams {
  return pageOf(request, 200);
}

export function page<T>(records: T[], total: number, p: { current: number; size: number }) {
  return { records, total, size: p.size, current: p.current, pages: Math.ceil(total / p.size), orders: [] };
}

export async function userNames(q: Queries, ids: (string | null | undefined)[]): Promise<Map<string, string>> {
  const list = [...new Set(ids.filter((x): x is string => !!x))];
  if (list.length === 0) return new Map();
  const rows = await q.all(sql<Rec>`SELECT id, real_name, name, account FROM blade_user WHERE id IN (${sql.join(list)})`);
  return new Map(rows.map((r) => [String(r.id), String(r.real_name || r.name || r.account)]));
}

export async function categoryName(q: Queries, category: string): Promise<string> {
  const key = category.replace(/^flow_/, '');
  const row = await q.get(sql<{ dict_value: string }>`SELECT dict_value FROM blade_dict WHERE code = 'flow' AND dict_key = ${key} AND is_deleted = 0`);
  return row?.dict_value ?? '';
}

/** `flow_<n>` where n is a key of dictionary `flow`; a bare key is accepted too. */
export async function checkCategory(q: Queries, raw: string | undefined): Promise<string> {
  const value = raw?.trim() ?? '';
  judgeInput(FLOW_CATEGORY, { category: value });
  const category = value.startsWith('flow_') ? value : `flow_${value}`;
  if (!(await categoryName(q, category))) throw new ServiceError('flow.categoryMissing');
  return category;
}

/** The first executable process of a BPMN source, as parsed by the engine; 400 when there is none. */
export async function parseProcess(xml: string): Promise<{ key: string; name: string }> {
  let processes: { id: string; name?: string }[];
  try {
    const engine = new Engine({ source: xml });
    const definitions = await engine.getDefinitions();
    processes = definitions.flatMap((d) => d.getProcesses() as unknown as { id: string; name?: string }[]);
  } catch (err) {
    throw new ServiceError({ key: 'flow.fileParseFailed', params: { detail: (err as Error).message } });
  }
  const first = processes[0];
  if (!first) throw new ServiceError('flow.fileNoProcess');
  if (!/^[A-Za-z_][\w-]*$/.test(first.id)) throw new ServiceError('flow.processKeyFormat');
  return { key: first.id, name: first.name || first.id };
}

/**
 * Deploys a BPMN source into a tenant: a new version of its process key. Returns the definition id. The version
 * is the largest plus one, read and written under the process key's lock (`transactionLock`), so two deploys
 * of one key at once (any instances) get two versions.
 */
export async function deploy(q: Queries, input: { tenantId: string; xml: string; category: string; resourceName: string; now: string; deploymentId?: string }): Promise<string> {
  const { key, name } = await parseProcess(input.xml);
  const deploymentId = input.deploymentId ?? nextId();
  return q.transaction(async (trx) => {
    await trx.run(trx.dialect.transactionLock(`flow_definition.version:${input.tenantId}:${key}`));
    const last = await trx.get(sql<{ v: number | null }>`SELECT max(version) AS v FROM flow_definition WHERE tenant_id = ${input.tenantId} AND process_key = ${key}`);
    const version = (last?.v ?? 0) + 1;
    const id = `${key}:${version}:${deploymentId}`;
    await trx.run(
      sql`INSERT INTO flow_definition (id, tenant_id, process_key, name, version, category, deployment_id, resource_name, xml, suspension_state, deployment_time)
       VALUES (${id}, ${input.tenantId}, ${key}, ${name}, ${version}, ${input.category}, ${deploymentId}, ${input.resourceName}, ${input.xml}, 1, ${input.now})`,
    );
    return id;
  });
}

export async function processRow(q: Queries, r: Rec): Promise<Rec> {
  return {
    id: r.id,
    tenantId: r.tenant_id,
    name: r.name,
    key: r.process_key,
    category: r.category,
    categoryName: await categoryName(q, String(r.category)),
    version: r.version,
    deploymentId: r.deployment_id,
    resourceName: r.resource_name,
    diagramResourceName: String(r.resource_name).replace(/\.(bpmn20\.xml|bpmn)$/, '.png'),
    suspensionState: r.suspension_state,
    deploymentTime: r.deployment_time,
  };
}

/** The candidate groups a caller belongs to: their role aliases. */
export function groupsOf(user: AuthUser): string[] {
  return aliasesOf(user);
}

export function splitBusinessKey(key: unknown): { businessTable: string; businessId: string } {
  const s = typeof key === 'string' ? key : '';
  const i = s.indexOf(':');
  return i < 0 ? { businessTable: '', businessId: s } : { businessTable: s.slice(0, i), businessId: s.slice(i + 1) };
}

/** A human duration between two `yyyy-MM-dd HH:mm:ss` times, as BladeX shows it (1天2小时3分钟4秒; in English 1d 2h 3min 4s). */
export function duration(start: unknown, end: unknown, language: ReplyLanguage = 'zh'): string {
  if (typeof start !== 'string' || typeof end !== 'string' || !start || !end) return '';
  const ms = Date.parse(end.replace(' ', 'T')) - Date.parse(start.replace(' ', 'T'));
  if (!Number.isFinite(ms) || ms < 0) return '';
  const s = Math.floor(ms / 1000);
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const part = (key: MessageKey, n: number): string => (n ? messageText({ key, params: { n } }, language) : '');
  return `${part('flow.durationDays', d)}${part('flow.durationHours', h)}${part('flow.durationMinutes', m)}${messageText({ key: 'flow.durationSeconds', params: { n: s % 60 } }, language)}`;
}
