// A PostgreSQL outage (issue 37 item 3): two instances (two processes) on one real PostgreSQL behind the
// repository's nginx config. While the database is away, a sign-in and a list call answer HTTP 503 with
// Retry-After and 数据库暂时不可用 in the BladeX envelope, through nginx as well as straight from an instance,
// every time (nginx does not take every instance out for a database they share); the instances' liveness
// (/api/health/live) stays 200 while /api/health says the database is down. Once it is back the same calls
// succeed, without restarting an instance.
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNginx, type NginxServer } from '../support/nginx';
import { startPostgres, type PostgresServer } from '../support/postgres';
import { login, SABER, startCli, stopChildren, tempDir, tokenCall, until } from './helpers';

let pg: PostgresServer;
let lb: NginxServer;
const children: ChildProcess[] = [];
const bases: string[] = [];

beforeAll(async () => {
  pg = await startPostgres();
  const database = await pg.createDatabase();
  const dataDir = tempDir('seo-team-outage-');
  const first = await startCli(['--database', database, '--data', dataDir, '--trust-proxy', '127.0.0.1']);
  const second = await startCli(['--database', database, '--data', dataDir, '--trust-proxy', '127.0.0.1']);
  children.push(first.child, second.child);
  bases.push(first.base, second.base);
  lb = await startNginx(bases.map((b) => Number(new URL(b).port)));
}, 120_000);

afterAll(async () => {
  await lb?.close();
  await stopChildren(children);
  await pg?.close();
});

interface Answer {
  status: number;
  retryAfter: string | null;
  body: unknown;
}

async function list(base: string, token: string): Promise<Answer> {
  const res = await fetch(`${base}/website-blade-system/param/page?current=1&size=5`, { headers: { Authorization: SABER, 'Blade-Auth': `bearer ${token}` } });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // nginx's own error page: kept as text for the assertion's message
  }
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body };
}

async function signIn(base: string): Promise<Answer> {
  const res = await fetch(`${base}/blade-auth/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Tenant-Id': '000000', Authorization: SABER },
    body: new URLSearchParams({ grant_type: 'password', scope: 'all', username: 'admin', password: '21232f297a57a5a743894a0e4a801fc3' }),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // as above
  }
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body };
}

const UNAVAILABLE = { code: 503, success: false, data: null, msg: '数据库暂时不可用' };

describe('PostgreSQL away', () => {
  it('sign-in and lists answer 503 + Retry-After + 数据库暂时不可用 (through nginx and straight), then succeed once it is back', async () => {
    const api = `${lb.url}/api`;
    const token = await login(api);
    expect((await list(api, token)).status).toBe(200);

    await pg.stop('fast');
    try {
      // several rounds: nginx must not take every instance out for the shared database's outage
      for (let round = 0; round < 4; round++) {
        for (const base of [api, ...bases]) {
          for (const answer of [await list(base, token), await signIn(base)]) {
            expect(answer, `round ${round} via ${base}`).toMatchObject({ status: 503, body: UNAVAILABLE });
            expect(Number(answer.retryAfter)).toBeGreaterThan(0);
          }
        }
      }
      // what a load balancer probes (the instance lives) and what a supervisor probes (its database)
      for (const base of [api, ...bases]) {
        expect((await fetch(`${base}/health/live`)).status).toBe(200);
        expect((await fetch(`${base}/health`)).status).toBe(503);
      }
    } finally {
      await pg.start();
    }

    // back by itself: the same calls succeed
    await until(async () => (await list(api, token)).status === 200);
    for (const base of [api, ...bases]) {
      expect(await list(base, token)).toMatchObject({ status: 200, body: { code: 200, success: true } });
      const again = await tokenCall(base);
      expect(again.status).toBe(200);
      expect(typeof again.body.access_token).toBe('string');
    }
  }, 120_000);
});
