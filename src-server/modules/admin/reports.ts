// Reports (/blade-report/report/rest): the stored report files; list and remove.
// The report designer itself is not part of the console.
import type { FastifyInstance } from 'fastify';
import { sql, type DataLayer, type RawBuilder } from '../../db/data-layer';
import { ok, ServiceError, status } from '../../http/reply';
import { callerOf } from '../../http/auth-user';
import { formatRow } from '../../system/rows';
import { idList, paramOf } from '../system/common';
import { pageOf } from '../../http/paging';
import { allow, menu, menuButton } from '../../http/access-policy';

export const REPORT = '/blade-report/report/rest';

export const REPORT_MIGRATION = {
  version: 403,
  name: 'admin: report files',
  sql: `
CREATE TABLE blade_report_file (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL DEFAULT '000000',
  name TEXT NOT NULL,
  content TEXT,
  create_time TEXT,
  update_time TEXT,
  is_deleted INTEGER NOT NULL DEFAULT 0
);
INSERT INTO blade_report_file (id, tenant_id, name, content, create_time, update_time)
VALUES ('1400000000000000001', '000000', '站点流量月报.ureport.xml', '<?xml version="1.0" encoding="UTF-8"?><ureport></ureport>', '2026-01-01 00:00:00', '2026-01-01 00:00:00');
`,
};

export function registerReportRoutes(api: FastifyInstance, data: DataLayer): void {
  api.get(`${REPORT}/list`, allow(menu('reportlist')), async (request) => {
    const caller = callerOf(request);
    const { current, size, offset } = pageOf(request, 200);
    const conditions: RawBuilder<unknown>[] = [sql`tenant_id = ${caller.tenantId} AND is_deleted = 0`];
    const name = paramOf(request, 'name')?.trim();
    if (name) conditions.push(data.dialect.contains(sql.ref('name'), name));
    const where = sql.join(conditions, sql` AND `);
    const total = (await data.get(sql<{ n: number }>`SELECT count(*) AS n FROM blade_report_file WHERE ${where}`))!.n;
    const records = (
      await data.all(
        sql<Record<string, unknown>>`SELECT id, tenant_id, name, create_time, update_time FROM blade_report_file WHERE ${where} ORDER BY create_time DESC, id DESC LIMIT ${size} OFFSET ${offset}`,
      )
    ).map(formatRow);
    return ok({ records, total, size, current, pages: Math.ceil(total / size), orders: [] });
  });
  api.post(`${REPORT}/remove`, allow(menuButton('reportlist', 'reportlist_delete')), async (request) => {
    const caller = callerOf(request);
    const ids = idList(paramOf(request, 'ids'));
    if (ids.length === 0) throw new ServiceError('common.selectAtLeastOne');
    await data.run(sql`UPDATE blade_report_file SET is_deleted = 1 WHERE tenant_id = ${caller.tenantId} AND id IN (${sql.join(ids)})`);
    return status(true);
  });
}
