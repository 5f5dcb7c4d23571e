// The sign-in log (blade-log usual) shows a plain user only their own lines; a
// tenant's administrators see every line of their tenant.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from '../../src-shared/wire';
import { createDept, createRole, createUser } from '../../src-server/system/directory';
import { api, grantMenus, login, startHarness, type Harness } from './helpers';

type Rec = Record<string, unknown>;
let h: Harness;
let base: string;
let admin: string;
let alice: string;

beforeAll(async () => {
  h = await startHarness();
  base = h.server.url;
  const data = h.data();
  const role = await createRole(data, { tenantId: '000000', roleName: '日志查看', roleAlias: 'log_reader' });
  await grantMenus(h.data(), role, ['log_usual']);
  const dept = await createDept(data, { tenantId: '000000', deptName: '日志部' });
  for (const account of ['alice', 'bob']) await createUser(data, { tenantId: '000000', account, password: 'pw', roleIds: [role], deptIds: [dept] });
  admin = await login(base);
  alice = await login(base, { username: 'alice', password: 'pw' });
  await login(base, { username: 'bob', password: 'pw' });
});
afterAll(() => h.stop());

const lines = async (token: string) => (await api<Page<Rec>>(base, token, 'GET', '/blade-log/usual/list', { query: { size: 100 } })).body.data.records;

it('a plain user holding the log screen sees only their own sign-ins', async () => {
  const mine = await lines(alice);
  expect(mine.length).toBeGreaterThan(0);
  expect(new Set(mine.map((r) => r.createBy))).toEqual(new Set(['alice']));
  const bobs = (await lines(admin)).find((r) => r.createBy === 'bob')!;
  expect((await api<Rec | null>(base, alice, 'GET', '/blade-log/usual/detail', { query: { id: String(bobs.id) } })).body.data).toBeNull();
});

it('the administrator sees everyone\'s', async () => {
  const all = new Set((await lines(admin)).map((r) => r.createBy));
  for (const account of ['admin', 'alice', 'bob']) expect(all.has(account), account).toBe(true);
});
