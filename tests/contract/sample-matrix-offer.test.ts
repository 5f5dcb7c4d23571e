// The sample matrix is offered whenever its tenant (888888) does not exist (issue 38 item 7), not only on an empty
// workspace: the status says canLoad on a workspace holding websites, loading works there; a live tenant 888888 made
// elsewhere (a restore, another product's data) takes the offer away and the load is refused with the reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../src-server/db/data-layer';
import { api, login, startHarness, type Harness } from './helpers';

type Rec = Record<string, unknown>;
const S = '/website-blade-system/sampleMatrix';

describe('the sample matrix is offered whenever tenant 888888 does not exist', () => {
  let h: Harness;
  let base: string;
  let admin: string;
  const status = async () => (await api<Rec>(base, admin, 'GET', `${S}/status`)).body.data;
  const post = (path: string, headers: Record<string, string> = {}) => api<Rec>(base, admin, 'POST', path, { json: {}, headers });
  const EN = { 'Accept-Language': 'en' };

  beforeAll(async () => {
    h = await startHarness();
    base = h.server.url;
    admin = await login(base);
  });
  afterAll(() => h.stop());

  it('on a workspace that holds websites: offered, and it loads', async () => {
    expect(await status()).toEqual({ loaded: false, workspaceEmpty: true, canLoad: true });
    await h.data().run(sql`INSERT INTO website_info (id, tenant_id, website_group_id, website_name, create_time, update_time)
      VALUES ('77001', '000000', '77000', '已有网站', '2026-01-01 00:00:00', '2026-01-01 00:00:00')`);
    expect(await status()).toEqual({ loaded: false, workspaceEmpty: false, canLoad: true });
    const loaded = await post(`${S}/load`);
    expect(loaded.body.msg).toBe('示例矩阵已加载');
    expect(loaded.body.data).toMatchObject({ loaded: true, tenantId: '888888', canLoad: false });
    // an English console reads the answers and the refusals in English
    expect((await post(`${S}/load`, EN)).body.msg).toBe('The sample matrix is loaded already: remove it before loading it again');
    expect((await post(`${S}/remove`, EN)).body.msg).toBe('The sample matrix is removed');
    expect((await post(`${S}/remove`, EN)).body.msg).toBe('The sample matrix is not loaded');
    expect((await post(`${S}/load`, EN)).body.msg).toBe('The sample matrix is loaded');
    expect((await post(`${S}/remove`)).body.msg).toBe('示例矩阵已移除');
    expect(await status()).toMatchObject({ loaded: false, canLoad: true });
  });

  it('not while another tenant holds 888888: no offer, and the load is refused with the reason', async () => {
    await h.data().run(sql`INSERT INTO blade_tenant (id, tenant_id, tenant_name, linkman, account_number, status, is_deleted)
      VALUES ('88001', '888888', '别的租户', '某人', -1, 1, 0)`);
    expect(await status()).toEqual({ loaded: false, workspaceEmpty: false, canLoad: false });
    const refused = await post(`${S}/load`);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('租户ID 888888 已被其他租户使用，不能加载示例矩阵');
    expect((await post(`${S}/load`, EN)).body.msg).toBe('Tenant ID 888888 is used by another tenant: the sample matrix cannot be loaded');
    expect((await h.data().get(sql<{ n: number }>`SELECT COUNT(*) AS n FROM sample_matrix`))!.n).toBe(0);
  });
});
