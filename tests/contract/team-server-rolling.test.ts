// A rolling restart fails no request (issue 37 item 2): two instances (two processes) on one real PostgreSQL behind
// the repository's nginx config, a write load through nginx (30 connections, four writes in five), and each
// instance in turn stopped with SIGTERM and started again on its port, the next one only once nginx sends requests
// to the one started. No request fails (every one answered 200 and success), and every acknowledged write is in the
// database. On SIGTERM an instance stops accepting connections, answers what it holds with Connection: close, lets
// nginx close its idle keep-alive connections, and exits (src-server/http/drain.ts).
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresDataLayer, sql, type DataLayer } from '../../src-server/db/data-layer';
import { startNginx, type NginxServer } from '../support/nginx';
import { startPostgres, type PostgresServer } from '../support/postgres';
import { login, SABER, startCli, stopChildren, tempDir, until } from './helpers';

const CONNECTIONS = 30;
/** 4 in CI; the proof ran ROLLING_RESTARTS=10 */
const RESTARTS = Number(process.env.ROLLING_RESTARTS ?? 4);

interface Instance {
  child: ChildProcessWithoutNullStreams;
  port: number;
}

let pg: PostgresServer;
let lb: NginxServer;
let data: DataLayer;
let database = '';
let dataDir = '';
const instances: Instance[] = [];
let token = '';

async function start(port = 0): Promise<Instance> {
  const { child, base } = await startCli(['--database', database, '--data', dataDir, '--trust-proxy', '127.0.0.1', '--port', String(port)]);
  return { child, port: Number(new URL(base).port) };
}

beforeAll(async () => {
  pg = await startPostgres();
  database = await pg.createDatabase();
  dataDir = tempDir('seo-team-rolling-');
  instances.push(await start());
  instances.push(await start());
  lb = await startNginx(instances.map((i) => i.port));
  data = postgresDataLayer(database, { max: 2 });
  token = await login(`${lb.url}/api`);
}, 120_000);

afterAll(async () => {
  await data?.close();
  await lb?.close();
  await stopChildren(instances.map((i) => i.child));
  await pg?.close();
});

interface Failure {
  request: string;
  status: number | string;
  body: string;
}

describe('a rolling restart of two instances behind nginx', () => {
  it(`${RESTARTS} restarts under a write load: no request fails, no acknowledged write is lost`, async () => {
    let running = true;
    let n = 0;
    let answered = 0;
    const failures: Failure[] = [];
    const acknowledged: string[] = [];
    const headers = { Authorization: SABER, 'Blade-Auth': `bearer ${token}`, 'Content-Type': 'application/json' };
    const one = async (): Promise<void> => {
      const i = n++;
      const write = i % 5 !== 0;
      const key = `roll.${i}`;
      const request = write ? `POST param/submit ${key}` : 'GET param/page';
      try {
        const res = write
          ? await fetch(`${lb.url}/api/website-blade-system/param/submit`, { method: 'POST', headers, body: JSON.stringify({ paramName: `滚动${i}`, paramKey: key, paramValue: String(i) }) })
          : await fetch(`${lb.url}/api/website-blade-system/param/page?current=1&size=10`, { headers });
        const text = await res.text();
        const ok = res.status === 200 && (JSON.parse(text) as { success?: boolean }).success === true;
        if (!ok) failures.push({ request, status: res.status, body: text.slice(0, 200) });
        else if (write) acknowledged.push(key);
      } catch (e) {
        failures.push({ request, status: 'network', body: String((e as Error).cause ?? e) });
      }
      answered++;
    };
    const loops = Array.from({ length: CONNECTIONS }, async () => {
      while (running) await one();
    });
    try {
      await until(async () => answered >= 200, 60_000);
      for (let r = 0; r < RESTARTS; r++) {
        const at = r % instances.length;
        const old = instances[at]!;
        const exited = new Promise((resolve) => old.child.once('exit', resolve));
        old.child.kill('SIGTERM');
        await exited;
        const servedBefore = lb.answeredBy(old.port);
        const fresh = await start(old.port);
        instances[at] = fresh;
        // the next restart only once nginx sends requests to this one again (it left it out after a refused connect)
        await until(async () => lb.answeredBy(fresh.port) >= servedBefore + 20, 60_000, 100);
      }
      const before = answered;
      await until(async () => answered >= before + 200, 60_000);
    } finally {
      running = false;
      await Promise.all(loops);
    }

    expect(failures, JSON.stringify(failures.slice(0, 5))).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(RESTARTS * 50);
    const rows = await data.all(sql<{ param_key: string }>`SELECT param_key FROM blade_param WHERE param_key LIKE 'roll.%' AND is_deleted = 0`);
    const have = new Set(rows.map((r) => r.param_key));
    expect(acknowledged.filter((k) => !have.has(k))).toEqual([]);
  }, 600_000);
});
