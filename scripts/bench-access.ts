// What the access check costs per request (run by scripts/bench.mjs through tsx;
// prints one JSON object). One data folder, two apps on it: the product's and
// the same app built without the check (buildApp's benchmark-only
// accessCheck: false). A paged list (param/list, page 5 of 10 rows out of
// 2 000) is requested through inject() by a plain user whose role holds the
// param screen (the check reads the role's grants: the full cost) and by the
// platform administrator (passes without reading grants), alternating between
// the two apps so drift hits both alike. Target: the check adds at most 0.2 ms p50.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src-server/app';
import { openDatabase } from '../src-server/db/database';
import { migrate } from '../src-server/db/migrate';
import { sqliteDataLayer } from '../src-server/db/data-layer';
import { seed } from '../src-server/db/seed';
import { MIGRATIONS } from '../src-server/modules';
import { createDept, createRole, createUser } from '../src-server/system/directory';
import { nextId } from '../src-server/util/ids';

const RUNS = Number(process.env.BENCH_ACCESS_RUNS ?? 3000);
const WARMUP = 300;
const ROWS = 2000;

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * p) - 1)]!;
const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'smc-bench-access-'));
  const db = openDatabase(dir);
  try {
    const data = sqliteDataLayer(db);
    if ((await migrate(data, MIGRATIONS)).fresh) await seed(data);
    const ins = db.prepare(
      `INSERT INTO blade_param (id, tenant_id, param_name, param_key, param_value, create_time, update_time, status, is_deleted)
       VALUES (?, '000000', ?, ?, 'v', ?, ?, 1, 0)`,
    );
    db.transaction(() => {
      for (let i = 0; i < ROWS; i++) ins.run(`9${String(i).padStart(18, '0')}`, `参数${i}`, `bench.key.${i}`, '2026-01-01 00:00:00', '2026-01-01 00:00:00');
    })();
    const role = await createRole(data, { tenantId: '000000', roleName: '参数员', roleAlias: 'param_user' });
    const grant = db.prepare('INSERT INTO blade_role_menu (id, role_id, menu_id) SELECT ?, ?, id FROM blade_menu WHERE code = ? AND is_deleted = 0');
    for (const code of ['workbench', 'wel', 'system', 'param', 'param_view']) grant.run(nextId(), role, code);
    const dept = await createDept(data, { tenantId: '000000', deptName: '测试部' });
    await createUser(data, { tenantId: '000000', account: 'plain', password: 'plain', roleIds: [role], deptIds: [dept] });

    const checked = await buildApp({ data, dataDir: dir });
    const unchecked = await buildApp({ data, dataDir: dir, accessCheck: false });
    await Promise.all([checked.ready(), unchecked.ready()]);

    const login = async (username: string, password: string) => {
      const res = await checked.inject({
        method: 'POST',
        url: '/api/blade-auth/oauth/token',
        headers: { authorization: BASIC, 'tenant-id': '000000', 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ grant_type: 'password', scope: 'all', username, password: md5(password) }).toString(),
      });
      return (res.json() as { access_token: string }).access_token;
    };
    const tokens = { plain: await login('plain', 'plain'), administrator: await login('admin', 'admin') };

    const once = async (app: FastifyInstance, token: string): Promise<number> => {
      const s = process.hrtime.bigint();
      const res = await app.inject({
        method: 'GET',
        url: '/api/website-blade-system/param/list',
        query: { current: '5', size: '10' },
        headers: { authorization: BASIC, 'blade-auth': `bearer ${token}` },
      });
      const ms = Number(process.hrtime.bigint() - s) / 1e6;
      if (res.statusCode !== 200) throw new Error(`param/list: ${res.statusCode} ${res.body.slice(0, 200)}`);
      return ms;
    };
    const result: Record<string, { with: { p50: number; p95: number }; without: { p50: number; p95: number }; costP50: number }> = {};
    for (const [who, token] of Object.entries(tokens)) {
      const withCheck: number[] = [];
      const without: number[] = [];
      for (let i = 0; i < RUNS + WARMUP; i++) {
        // alternate which app goes first, so neither always meets a warmer cache
        const [a, b] = i % 2 === 0 ? [checked, unchecked] : [unchecked, checked];
        const ta = await once(a, token);
        const tb = await once(b, token);
        if (i < WARMUP) continue;
        (a === checked ? withCheck : without).push(ta);
        (b === checked ? withCheck : without).push(tb);
      }
      const w = { p50: pct(withCheck, 0.5), p95: pct(withCheck, 0.95) };
      const wo = { p50: pct(without, 0.5), p95: pct(without, 0.95) };
      result[who] = { with: w, without: wo, costP50: w.p50 - wo.p50 };
    }
    await Promise.all([checked.close(), unchecked.close()]);
    console.log(JSON.stringify({ runs: RUNS, rows: ROWS, ...result }));
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
