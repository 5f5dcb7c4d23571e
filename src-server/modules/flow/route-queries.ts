// What the workflow endpoints (routes.ts) share: the work lists' and instance
// pages' queries, and the rows they answer (BladeFlow tasks, models, processes).
import type { FastifyRequest } from 'fastify';
import { sql, type DataLayer, type RawBuilder } from '../../db/data-layer';
import { normalizeDateTime } from '../../util/dates';
import { ok, ServiceError } from '../../http/reply';
import { readerLanguage } from '../../http/reasons';
import { messageText, type MessageKey } from '../../../src-shared/messages';
import type { PageParams } from '../../http/paging';
import { idList, isAdministrator, paramOf } from '../system/common';
import { categoryName, page, paging, processRow, splitBusinessKey, userNames, type Rec } from './service';

export type Sql = RawBuilder<unknown>;

export const TASK_SELECT = sql`SELECT t.*, i.business_key, i.start_user_id, i.start_time AS instance_start, i.status AS instance_status,
  d.process_key, d.name AS definition_name, d.version, d.category
  FROM flow_task t JOIN flow_instance i ON i.id = t.instance_id JOIN flow_definition d ON d.id = t.definition_id`;

export const and = (where: Sql[]) => sql.join(where, sql` AND `);

/** `item` is one of the comma-separated values of `column` (exact and case-sensitive, on both engines) */
export function listHas(column: string, item: string): Sql {
  const list = sql`(',' || COALESCE(${sql.ref(column)}, '') || ',')`;
  return sql`replace(${list}, ${`,${item},`}, '') <> ${list}`;
}

/** The filters of the work lists: category, processDefinitionName, beginDate / endDate on the task's creation. */
export function taskFilters(data: DataLayer, request: FastifyRequest, where: Sql[], timeColumn = 't.create_time'): void {
  const category = paramOf(request, 'category')?.trim();
  if (category) where.push(sql`d.category = ${category.startsWith('flow_') ? category : `flow_${category}`}`);
  const name = paramOf(request, 'processDefinitionName')?.trim();
  if (name) where.push(data.dialect.contains(sql.ref('d.name'), name));
  const begin = normalizeDateTime(paramOf(request, 'beginDate') ?? '');
  if (begin) where.push(sql`${sql.ref(timeColumn)} >= ${begin}`);
  const end = normalizeDateTime(paramOf(request, 'endDate') ?? '');
  if (end) where.push(sql`${sql.ref(timeColumn)} <= ${end.endsWith('00:00:00') ? end.replace('00:00:00', '23:59:59') : end}`);
}

export async function bladeFlow(data: DataLayer, rows: Rec[], status: string): Promise<Rec[]> {
  const names = await userNames(data, rows.flatMap((r) => [r.assignee as string, r.start_user_id as string]));
  const records: Rec[] = [];
  for (const r of rows) {
    records.push({
      taskId: r.id,
      taskName: r.name,
      taskDefinitionKey: r.task_def_key,
      assignee: r.assignee ?? '',
      assigneeName: names.get(String(r.assignee)) ?? '',
      candidateGroups: r.candidate_groups ?? '',
      category: r.category,
      categoryName: await categoryName(data, String(r.category)),
      createTime: r.create_time,
      claimTime: r.claim_time ?? '',
      endTime: r.end_time ?? '',
      historyTaskEndTime: r.end_time ?? '',
      executionId: r.instance_id,
      processInstanceId: r.instance_id,
      processDefinitionId: r.definition_id,
      processDefinitionKey: r.process_key,
      processDefinitionName: r.definition_name,
      processDefinitionVersion: r.version,
      processIsFinished: r.instance_status === 'running' ? 'unfinished' : 'finished',
      startUserId: r.start_user_id,
      startUser: names.get(String(r.start_user_id)) ?? '',
      comment: r.comment ?? '',
      isPass: r.pass === null || r.pass === undefined ? '' : r.pass === 1,
      status,
      ...splitBusinessKey(r.business_key),
    });
  }
  return records;
}

export async function listTasks(data: DataLayer, request: FastifyRequest, baseWhere: Sql[], status: string, order: Sql, timeColumn?: string) {
  const p = paging(request);
  const where = [...baseWhere];
  taskFilters(data, request, where, timeColumn);
  const query = sql`${TASK_SELECT} WHERE ${and(where)}`;
  const total = await countOf(data, sql`FROM (${query}) AS tasks`);
  const rows = await data.all(sql<Rec>`${query} ORDER BY ${order} LIMIT ${p.size} OFFSET ${p.offset}`);
  return ok(page(await bladeFlow(data, rows, status), total, p));
}

/** `SELECT count(*)` of a `FROM ... WHERE ...` */
export async function countOf(data: DataLayer, from: Sql): Promise<number> {
  return (await data.get(sql<{ n: number }>`SELECT count(*) AS n ${from}`))?.n ?? 0;
}

/** A page of instances with their definition's key, name, category and `more` columns, newest first, and the names of their starters. */
export async function instancePage(data: DataLayer, where: Sql[], more: Sql, p: PageParams) {
  const from = sql`FROM flow_instance i JOIN flow_definition d ON d.id = i.definition_id WHERE ${and(where)}`;
  const total = await countOf(data, from);
  const rows = await data.all(
    sql<Rec>`SELECT i.*, d.process_key, d.name AS definition_name, d.category, ${more} ${from} ORDER BY i.start_time DESC, i.id DESC LIMIT ${p.size} OFFSET ${p.offset}`,
  );
  const names = await userNames(data, rows.map((r) => r.start_user_id as string));
  return { total, rows, names };
}

/** success without data, with its own message (a key of the table, in the caller's language) */
export function done(request: FastifyRequest, key: MessageKey) {
  return { code: 200, success: true, data: null, msg: messageText(key, readerLanguage(request)) };
}

export function modelRow(r: Rec, withXml: boolean): Rec {
  return {
    id: r.id,
    tenantId: r.tenant_id,
    name: r.name,
    modelKey: r.model_key,
    description: r.description ?? '',
    created: r.created,
    createdBy: r.created_by ?? '',
    lastUpdated: r.last_updated,
    lastUpdatedBy: r.last_updated_by ?? '',
    version: r.version,
    modelType: r.model_type,
    ...(withXml ? { xml: r.xml, modelEditorJson: r.xml } : {}),
  };
}

/** Tenants a deployment goes to: the caller's own; administrators may name others (comma list). */
export async function targetTenants(data: DataLayer, user: { tenantId: string } & Parameters<typeof isAdministrator>[0], raw: string | undefined): Promise<string[]> {
  const asked = idList(raw);
  if (asked.length === 0 || !isAdministrator(user)) return [user.tenantId];
  for (const t of asked)
    if (!(await data.get(sql`SELECT 1 AS found FROM blade_tenant WHERE tenant_id = ${t} AND is_deleted = 0`))) throw new ServiceError({ key: 'flow.tenantMissing', params: { tenantId: t } });
  return asked;
}

/** deployed definitions as FlowProcess rows, in order */
export async function processRows(data: DataLayer, rows: Rec[]): Promise<Rec[]> {
  const out: Rec[] = [];
  for (const r of rows) out.push(await processRow(data, r));
  return out;
}
