// The team server under faults (issue 29): two instances (two processes) on one
// real PostgreSQL behind the repository's nginx config, a mixed load through
// nginx (50 connections, about 20 % writes), then
// - kill -9 of one instance: no acknowledged write is lost, the other carries
//   on, and the load's errors are at most the requests that were in flight;
// - a restart of PostgreSQL: requests fail while it is down, then the instances
//   serve again by themselves (no restart of theirs), nothing acknowledged lost.
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresDataLayer, sql, type DataLayer } from '../../src-server/db/data-layer';
import { startNginx, type NginxServer } from '../support/nginx';
import { startPostgres, type PostgresServer } from '../support/postgres';
import { login, SABER, startCli, stopChildren, tempDir } from './helpers';

const CONNECTIONS = 50;

let pg: PostgresServer;
let lb: NginxServer;
let data: DataLayer;
const children: ChildProcess[] = [];
let token = '';

beforeAll(async () => {
  pg = await startPostgres();
  const database = await pg.createDatabase();
  const dataDir = tempDir('seo-team-faults-');
  const first = await startCli(['--database', database, '--data', dataDir, '--trust-proxy', '127.0.0.1']);
  const second = await startCli(['--database', database, '--data', dataDir, '--trust-proxy', '127.0.0.1']);
  children.push(first.child, second.child);
  lb = await startNginx([Number(new URL(first.base).port), Number(new URL(second.base).port)]);
  data = postgresDataLayer(database, { max: 2 });
  token = await login(`${lb.url}/api`);
}, 120_000);

afterAll(async () => {
  await data?.close();
  await lb?.close();
  await stopChildren(children);
  await pg?.close();
});

interface Load {
  /** param keys whose write was acknowledged (200 and success) */
  acknowledged: string[];
  /** each request's outcome, in the order they ended */
  outcomes: { ok: boolean; at: number }[];
  errors(): number;
  successes(since?: number): number;
  stop(): Promise<void>;
}

/** 50 loops through nginx, each a read of a page or (one in five) a write of a new parameter. */
function startLoad(tag: string): Load {
  let running = true;
  let n = 0;
  const outcomes: Load['outcomes'] = [];
  const acknowledged: string[] = [];
  const headers = { Authorization: SABER, 'Blade-Auth': `bearer ${token}`, 'Content-Type': 'application/json' };
  const one = async (): Promise<void> => {
    const i = n++;
    const write = i % 5 === 0;
    const key = `${tag}.${i}`;
    let ok = false;
    try {
      const res = write
        ? await fetch(`${lb.url}/api/website-blade-system/param/submit`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ paramName: `负载${i}`, paramKey: key, paramValue: String(i) }),
          })
        : await fetch(`${lb.url}/api/website-blade-system/param/page?current=1&size=20`, { headers });
      const body = (await res.json()) as { success?: boolean };
      ok = res.status === 200 && body.success === true;
    } catch {
      ok = false;
    }
    outcomes.push({ ok, at: Date.now() });
    if (ok && write) acknowledged.push(key);
  };
  const loops = Array.from({ length: CONNECTIONS }, async () => {
    while (running) await one();
  });
  return {
    acknowledged,
    outcomes,
    errors: () => outcomes.filter((o) => !o.ok).length,
    successes: (since = 0) => outcomes.filter((o) => o.ok && o.at >= since).length,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** waits (bounded) until `check` holds */
async function until(check: () => boolean, what: string, ms = 45_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function stored(keys: string[]): Promise<Set<string>> {
  const rows = await data.all(sql<{ param_key: string }>`SELECT param_key FROM blade_param WHERE param_key IN (${sql.join(keys)}) AND is_deleted = 0`);
  return new Set(rows.map((r) => r.param_key));
}

describe('two instances behind nginx under load', () => {
  it('kill -9 of one instance: no acknowledged write lost, the other carries on, errors only in flight', async () => {
    const load = startLoad('kill');
    await until(() => load.successes() >= 100, 'the load to run');
    const killedAt = Date.now();
    children[0]!.kill('SIGKILL');
    // the other instance carries on: 200 more requests after the kill, the last 100 of them all answered
    await until(() => load.successes(killedAt) >= 200, 'the other instance to carry the load');
    await load.stop();

    // the errors: at most the requests in flight on the killed instance (one per connection at most)
    expect(load.errors()).toBeLessThanOrEqual(CONNECTIONS);
    expect(load.outcomes.slice(-100).every((o) => o.ok)).toBe(true);
    // every acknowledged write is in the database
    expect(load.acknowledged.length).toBeGreaterThan(10);
    const have = await stored(load.acknowledged);
    expect(load.acknowledged.filter((k) => !have.has(k))).toEqual([]);
  }, 120_000);

  it('a restart of PostgreSQL: failures while it is down, then the instance serves again by itself, nothing acknowledged lost', async () => {
    const load = startLoad('restart');
    await until(() => load.successes() >= 50, 'the load to run');
    const restartedAt = Date.now();
    await pg.restart({ mode: 'fast', downMs: 1500 });
    const backAt = Date.now();
    // back by itself: 200 requests answered after the database came back, the last 100 of them all
    await until(() => load.successes(backAt) >= 200, 'the instance to serve again');
    await load.stop();

    expect(load.outcomes.some((o) => !o.ok && o.at >= restartedAt)).toBe(true);
    expect(load.outcomes.slice(-100).every((o) => o.ok)).toBe(true);
    const have = await stored(load.acknowledged);
    expect(load.acknowledged.length).toBeGreaterThan(10);
    expect(load.acknowledged.filter((k) => !have.has(k))).toEqual([]);
  }, 120_000);
});
