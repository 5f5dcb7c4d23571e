// Part 1 of the jobs benchmark (bench-jobs.ts): claim latency under load.
import { sql } from '../src-server/db/data-layer';
import { JobQueue } from '../src-server/jobs/queue';
import { DEPLOY_TASK_JOB } from '../src-server/modules/content/deploy/deploy-scheduler';
import { SABER } from '../tests/contract/helpers';
import type { LimitedAiServer } from '../tests/support/ai-server';
import type { PostgresServer } from '../tests/support/postgres';
import { SIZES, pct, sleep, load, type Cluster, cluster, roleOf, call } from './bench-jobs-setup';
import { aiModel, startGeneration } from './bench-jobs-generation';

// ---------------------------------------------------------------- 1. claim latency

/** loops of API requests against the api instance until stopped: the parameter list, every fifth a new parameter */
function apiLoad(c: Cluster, connections: number) {
  const headers = { Authorization: SABER, 'Blade-Auth': `bearer ${c.token}`, 'Content-Type': 'application/json' };
  let running = true;
  let n = 0;
  let errors = 0;
  const t0 = performance.now();
  const loops = Array.from({ length: connections }, async () => {
    while (running) {
      const i = n++;
      try {
        const res =
          i % 5 === 0
            ? await fetch(`${c.base}/website-blade-system/param/submit`, { method: 'POST', headers, body: JSON.stringify({ paramName: `负载${i}`, paramKey: `bench.jobs.${i}`, paramValue: String(i) }) })
            : await fetch(`${c.base}/website-blade-system/param/page?current=1&size=20`, { headers });
        const b = (await res.json()) as { success?: boolean };
        if (res.status !== 200 || b.success !== true) errors++;
      } catch {
        errors++;
      }
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      return { requests: n, rps: n / ((performance.now() - t0) / 1000), errors };
    },
  };
}

export async function claimLatency(pg: PostgresServer, ai: LimitedAiServer | undefined) {
  const c = await cluster(pg, SIZES.claimWorkers, 'claim');
  try {
    const queue = new JobQueue(c.data, () => Date.now());
    // the other load: a generation task (it runs on a worker once generation runs are jobs) and API requests
    let genIds: string[] = [];
    if (ai && SIZES.claimGenKeywords > 0) {
      await aiModel(c, ai, `sk-bench-jobs-claim-${Date.now()}`);
      genIds = await startGeneration(c, 1, SIZES.claimGenKeywords, '负载生成');
    }
    const loadRun = apiLoad(c, SIZES.claimConnections);
    await sleep(2000); // the load warms up
    const total = Math.round(SIZES.claimSeconds * SIZES.claimRate);
    const every = 1000 / SIZES.claimRate;
    const t0 = Date.now();
    for (let i = 0; i < total; i++) {
      // a steady rate by the clock (an enqueue that took long does not shift the ones after it)
      const wait = t0 + i * every - Date.now();
      if (wait > 0) await sleep(wait);
      await queue.enqueue(c.data, {
        kind: DEPLOY_TASK_JOB,
        tenantId: '000000',
        key: `bench-claim:${i}`,
        payload: { taskId: 'bench-no-such-task', trigger: 0 },
        maxAttempts: 1,
      });
    }
    const loadResult = await loadRun.stop();
    // articles the generation task made meanwhile (it is not waited for: stopping the instances ends it)
    let generated = 0;
    for (const id of genIds) generated += Number((await call(c, 'GET', '/website-blade-article/gptProduceArticle/pollTaskStatus', undefined, { id })).successCount);
    const settled = async () =>
      Number((await c.data.get(sql<{ n: number }>`SELECT COUNT(*) AS n FROM job WHERE job_key LIKE 'bench-claim:%' AND state NOT IN ('queued', 'running')`))?.n);
    const end = Date.now() + 60_000;
    while ((await settled()) < total && Date.now() < end) await sleep(200);
    const rows = await c.data.all(sql<{ state: string; run_at: string; start_time: string | null; lease_owner: string | null }>`SELECT state, run_at, start_time, lease_owner
      FROM job WHERE job_key LIKE 'bench-claim:%'`);
    const waits = rows.filter((r) => r.start_time !== null).map((r) => Number(r.start_time) - Number(r.run_at));
    const states: Record<string, number> = {};
    const byInstance: Record<string, number> = {};
    for (const r of rows) {
      states[r.state] = (states[r.state] ?? 0) + 1;
      if (r.lease_owner) byInstance[roleOf(c, r.lease_owner)] = (byInstance[roleOf(c, r.lease_owner)] ?? 0) + 1;
    }
    return {
      jobs: total,
      started: waits.length,
      p50: pct(waits, 0.5),
      p95: pct(waits, 0.95),
      max: waits.length ? Math.max(...waits) : NaN,
      states,
      byInstance,
      load: loadResult,
      generated,
      loadAverage: load(),
    };
  } finally {
    await c.stop();
  }
}
