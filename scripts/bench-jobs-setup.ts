// The settings of the jobs benchmark (bench-jobs.ts: BENCH_JOBS_* variables) and
// the instances it runs: a cluster of `src-server/cli.ts` processes on one
// PostgreSQL database and data folder, and how the benchmark calls its api instance.
import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { request } from 'node:http';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { postgresDataLayer, type DataLayer } from '../src-server/db/data-layer';
import { api, login, SABER, startCli, tempDir } from '../tests/contract/helpers';
import type { PostgresServer } from '../tests/support/postgres';

export const root = resolve(import.meta.dirname, '..');
const num = (name: string, fallback: number) => Number(process.env[`BENCH_JOBS_${name}`] ?? fallback);
export const SIZES = {
  claimSeconds: num('CLAIM_SECONDS', 30),
  claimRate: num('CLAIM_RATE', 20),
  claimWorkers: num('CLAIM_WORKERS', 2),
  claimConnections: num('CLAIM_CONNECTIONS', 20),
  /** keywords of a generation task running during the stream (0: none); default about the stream's length at the AI limit */
  claimGenKeywords: num('CLAIM_GEN_KEYWORDS', Math.ceil((num('CLAIM_SECONDS', 30) * num('GEN_LIMIT', 10) * 1000) / num('GEN_DELAY_MS', 300))),
  genTasks: num('GEN_TASKS', 4),
  genKeywords: num('GEN_KEYWORDS', 150),
  genDelayMs: num('GEN_DELAY_MS', 300),
  genLimit: num('GEN_LIMIT', 10),
  deploySites: num('DEPLOY_SITES', 200),
  deployArticles: num('DEPLOY_ARTICLES', 50),
  /** the longest wait for one configuration's generation or deploy to finish */
  timeoutS: num('TIMEOUT_S', 1800),
};
/** the issue's sizes: a run at others says so in the section */
export const ISSUE_SIZES = { genTasks: 4, genKeywords: 150, genDelayMs: 300, genLimit: 10, deploySites: 200, deployArticles: 50 };
export const PARTS = (process.env.BENCH_JOBS_PARTS ?? 'claim,generation,cancel,deploy').split(',').map((s) => s.trim());
export const WORKER_COUNTS = (process.env.BENCH_JOBS_WORKERS ?? '1,2').split(',').map(Number);

export type Rec = Record<string, unknown>;
export const pct = (xs: number[], p: number) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * p) - 1)]! : NaN);
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const load = () => loadavg().map((x) => x.toFixed(2)).join(', ');
export const log = (...a: unknown[]) => console.error('[bench-jobs]', ...a);

// ---------------------------------------------------------------- instances

export interface Cluster {
  base: string;
  token: string;
  database: string;
  dataDir: string;
  /** the data layer of this process on the cluster's database */
  data: DataLayer;
  /** pid -> role, to say which process did the work */
  roles: Map<number, string>;
  children: ChildProcess[];
  stop(): Promise<void>;
}

async function stopChildren(children: ChildProcess[]) {
  for (const c of children) {
    if (c.exitCode !== null || c.signalCode !== null) continue;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill('SIGTERM');
    await exited;
  }
}

/** one `--role api` instance (it migrates the fresh database first), then `workers` `--role worker` instances */
export async function cluster(pg: PostgresServer, workers: number, tag: string): Promise<Cluster> {
  const database = await pg.createDatabase();
  const dataDir = tempDir(`smc-bench-jobs-${tag}-`);
  const children: ChildProcess[] = [];
  const roles = new Map<number, string>();
  const stop = async () => {
    await stopChildren(children);
    await data.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const data = postgresDataLayer(database, { max: 2 });
  try {
    const a = await startCli(['--database', database, '--data', dataDir, '--role', 'api']);
    children.push(a.child);
    roles.set(a.child.pid!, 'api');
    // each child is kept as it starts: one that fails to start does not leave the others running
    await Promise.all(
      Array.from({ length: workers }, async (_, i) => {
        const w = await startCli(['--database', database, '--data', dataDir, '--role', 'worker']);
        children.push(w.child);
        roles.set(w.child.pid!, `worker ${i + 1}`);
      }),
    );
    return { base: a.base, token: await login(a.base), database, dataDir, data, roles, children, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

/** the role of the process named in a job's lease_owner (host/role/pid/random) or a slot's holder (host:pid) */
export const roleOf = (c: Cluster, owner: string) => c.roles.get(Number(/[/:](\d+)(?:\/[0-9a-f]+)?$/.exec(owner)?.[1])) ?? owner;

export async function call(c: Cluster, method: 'GET' | 'POST', path: string, json?: unknown, query?: Record<string, string>): Promise<Rec> {
  const r = await api<Rec>(c.base, c.token, method, path, { json, query });
  if (r.status !== 200 || r.body.code !== 200) throw new Error(`${path}: ${r.status} ${r.body.msg}`);
  return r.body.data;
}
export const idOf = async (c: Cluster, path: string, json: Rec) => String((await call(c, 'POST', path, json)).id);

/** a POST without a client timeout (a deploy run answered at its end may take longer than fetch waits for headers) */
export function longPost(c: Cluster, path: string, json: unknown): Promise<{ status: number; body: string }> {
  const url = new URL(c.base + path);
  const body = JSON.stringify(json);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', headers: { Authorization: SABER, 'Blade-Auth': `bearer ${c.token}`, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
