// Reports (/blade-report/report/rest): the stored report files; list and remove.
// The report designer itself is not part of the console.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { ok, ServiceError, status } from '../../http/reply';
import { callerOf } from '../../http/auth-user';
import { formatRow } from '../../system/rows';
import { idList, likeParam, paramOf } from '../system/common';
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

export function registerReportRoutes(api: FastifyInstance, db: Db): void {
  api.get(`${REPORT}/list`, allow(menu('reportlist')), async (request) => {
    const caller = callerOf(request);
    const { current, size, offset } = pageOf(request, 200);
    let where = 'tenant_id = ? AND is_deleted = 0';
    const args: unknown[] = [caller.tenantId];
    const name = paramOf(request, 'name')?.trim();
    if (name) {
      where += " AND name LIKE ? ESCAPE '\\'";
      args.push(likeParam(name));
    }
    const total = (db.prepare(`SELECT count(*) AS n FROM blade_report_file WHERE ${where}`).get(...args) as { n: number }).n;
    const records = (
      db.prepare(`SELECT id, tenant_id, name, create_time, update_time FROM blade_report_file WHERE ${where} ORDER BY create_time DESC, id DESC LIMIT ? OFFSET ?`).all(...args, size, offset) as Record<string, unknown>[]
    ).map(formatRow);
    return ok({ records, total, size, current, pages: Math.ceil(total / size), orders: [] });
  });
  api.post(`${REPORT}/remove`, allow(menuButton('reportlist', 'reportlist_delete')), async (request) => {
    const caller = callerOf(request);
    const ids = idList(paramOf(request, 'ids'));
    if (ids.length === 0) throw new ServiceError('请选择至少一条数据');
    db.prepare(`UPDATE blade_report_file SET is_deleted = 1 WHERE tenant_id = ? AND id IN (${ids.map(() => '?').join(', ')})`).run(caller.tenantId, ...ids);
    return status(true);
  });
}
