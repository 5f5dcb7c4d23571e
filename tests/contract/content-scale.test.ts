// The article list's trigger-kept row count (core migration 4, content
// migration 320): whatever writes the table, an unfiltered page's total equals
// COUNT(*) of the tenant's live rows; a filtered page still counts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src-shared/wire';
import { api, login, startHarness, type Harness, otherTenantAdmin } from './helpers';

let h: Harness;
let admin: string;
let other: string;
const PAGE = '/website-blade-article/article/page';

beforeAll(async () => {
  h = await startHarness();
  admin = await login(h.server.url);
  other = await otherTenantAdmin(h, '300001', '计数租户');
});
afterAll(() => h.stop());

const insert = (id: string, tenant: string, title: string) =>
  h
    .db()
    .prepare(
      `INSERT INTO article (id, tenant_id, website_info_id, website_group_id, parent_id, title, create_time, is_deleted)
       VALUES (?, ?, 'w', 'g', 'c', ?, '2025-01-01 00:00:00', 0)`,
    )
    .run(id, tenant, title);

async function total(token: string, query: Record<string, string> = {}): Promise<number> {
  const r = await api<Page<unknown>>(h.server.url, token, 'GET', PAGE, { query: { current: '1', size: '10', ...query } });
  expect(r.body.code).toBe(200);
  return r.body.data.total;
}
const live = (tenant: string) =>
  (h.db().prepare('SELECT COUNT(*) AS n FROM article WHERE tenant_id = ? AND is_deleted = 0').get(tenant) as { n: number }).n;

describe('article row count', () => {
  it('follows inserts, soft deletes, restores, hard deletes and tenant moves', async () => {
    expect(await total(admin)).toBe(0);
    for (let i = 0; i < 5; i++) insert(`a${i}`, '000000', `标题 ${i}`);
    insert('b0', '300001', '别家');
    expect(await total(admin)).toBe(5);
    expect(await total(other)).toBe(1);

    h.db().prepare("UPDATE article SET is_deleted = 1 WHERE id IN ('a0', 'a1')").run();
    expect(await total(admin)).toBe(3);
    h.db().prepare("UPDATE article SET is_deleted = 0 WHERE id = 'a1'").run();
    h.db().prepare("UPDATE article SET title = '改名' WHERE id = 'a2'").run(); // not a count change
    expect(await total(admin)).toBe(4);
    h.db().prepare("DELETE FROM article WHERE id = 'a3'").run();
    h.db().prepare("DELETE FROM article WHERE id = 'a0'").run(); // already deleted: no change
    expect(await total(admin)).toBe(3);
    h.db().prepare("UPDATE article SET tenant_id = '300001' WHERE id = 'a4'").run();
    expect(await total(admin)).toBe(2);
    expect(await total(other)).toBe(2);
    expect(await total(admin)).toBe(live('000000'));
    expect(await total(other)).toBe(live('300001'));
  });

  it('counts for real when a filter applies', async () => {
    insert('c0', '000000', '独特的标题');
    expect(await total(admin, { title: '独特' })).toBe(1);
    expect(await total(admin, { title: '不存在的' })).toBe(0);
  });
});
