// The 搜索引擎 screen's routes beyond its declared resource (connection-resources.ts):
//   GET  /seo-blade-search/account/detail    the tenant's accounts (defaults when none stored; secrets masked)
//   POST /seo-blade-search/account/submit    账号设置: checks and upserts them (one row per tenant)
//   POST /seo-blade-search/account/test      测试连接 of the Google or Bing account (?kind=google|bing)
//   POST /seo-blade-search/site/test         测试连接 of a website's connection (?id=<website>&kind=indexnow|baidu|google|bing)
import type { FastifyInstance } from 'fastify';
import { ok, ServiceError } from '../../../http/reply';
import { allow, menu, menuButton } from '../../../http/access-policy';
import { sql } from '../../../db/data-layer';
import { formatDateTime } from '../../../util/dates';
import { nextId } from '../../../util/ids';
import { SEARCH_API, type SearchAccountSubmit } from '../../../../src-shared/search-engines';
import type { ContentContext } from '../shared/context';
import { bodyOf, queryOf, scopeOf, str } from '../shared/request';
import { accountColumns, accountView, storedAccount } from './connection-resources';
import { testAccountConnection, testSiteConnection } from './connection-tests';

export function registerConnectionRoutes(api: FastifyInstance, ctx: ContentContext): void {
  const { data, box, clock } = ctx;
  const A = SEARCH_API.account;
  const S = SEARCH_API.site;
  const testing = allow(menuButton('searchEngine', 'searchEngine_test'));

  api.get(`${A}/detail`, allow(menu('searchEngine')), async (request) => ok(accountView(await storedAccount(data, scopeOf(request).tenantId))));

  api.post(`${A}/submit`, allow(menuButton('searchEngine', 'searchEngine_account')), async (request) => {
    if (!request.body || typeof request.body !== 'object' || Array.isArray(request.body)) throw new ServiceError('common.badBody');
    const scope = scopeOf(request);
    // checked (and the key's signature tried) before anything is written: a refused key is never stored
    const columns = await accountColumns(box, bodyOf(request) as SearchAccountSubmit);
    const now = formatDateTime(clock());
    await data.transaction(async (trx) => {
      // one row per tenant: two first saves at once write one after the other
      await trx.run(trx.dialect.transactionLock(`search_account:${scope.tenantId}`));
      const row = await storedAccount(trx, scope.tenantId);
      const names = Object.keys(columns) as (keyof typeof columns)[];
      if (row && names.length === 0) return;
      if (row) {
        const sets = names.map((c) => sql`${sql.id(c)} = ${columns[c] ?? null}`);
        await trx.run(sql`UPDATE search_account SET ${sql.join(sets)}, update_user = ${scope.userId}, update_time = ${now} WHERE id = ${String(row.id)}`);
      } else {
        // what the body leaves out takes the table's defaults (the public services)
        const cols = [...names.map((c) => sql.id(c)), sql`create_user, create_dept, create_time, update_user, update_time, status, is_deleted`];
        const values = [...names.map((c) => sql`${columns[c] ?? null}`), sql`${scope.userId}, ${scope.deptId}, ${now}, ${scope.userId}, ${now}, 1, 0`];
        await trx.run(sql`INSERT INTO search_account (id, tenant_id, ${sql.join(cols)}) VALUES (${nextId()}, ${scope.tenantId}, ${sql.join(values)})`);
      }
    });
    return ok(accountView(await storedAccount(data, scope.tenantId)));
  });

  api.post(`${A}/test`, testing, async (request) =>
    ok(await testAccountConnection(data, box, scopeOf(request).tenantId, str(queryOf(request).kind) || str(bodyOf(request).kind))),
  );

  api.post(`${S}/test`, testing, async (request) => {
    const q = queryOf(request);
    const b = bodyOf(request);
    const id = str(q.id) || str(b.id);
    if (!id) throw new ServiceError({ key: 'common.missingParam', params: { name: 'id' } });
    return ok(await testSiteConnection(data, box, scopeOf(request).tenantId, id, str(q.kind) || str(b.kind)));
  });
}
