// Durable jobs on the team server (issue 30), run by scripts/bench.mjs or alone
// (`node --import tsx scripts/bench-jobs.ts`); writes the section `bench:jobs`
// of docs/benchmarks.md (BENCH_JOBS_WRITE=0: not) and prints one JSON object.
//
// Every measure runs on a real PostgreSQL (tests/support/postgres.ts), a fresh
// database per configuration, with `src-server/cli.ts` processes of their own
// (as `npm run server`): one `--role api` instance that this process talks to
// over HTTP, and one or two `--role worker` instances, all on one data folder.
//
// 1. Claim latency under load: a steady stream of jobs of a real kind that
//    finishes at once (a deploy-task trigger whose task does not exist: the
//    handler reads one row and is done) enqueued through the JobQueue from this
//    process, BENCH_JOBS_CLAIM_RATE per second for BENCH_JOBS_CLAIM_SECONDS,
//    while BENCH_JOBS_CLAIM_CONNECTIONS loops of API requests (the parameter
//    list, every fifth a new parameter) load the api instance and PostgreSQL,
//    and a generation task of BENCH_JOBS_CLAIM_GEN_KEYWORDS keywords runs
//    against the local AI server (0: none).
//    Reported: queued -> running (job.start_time - job.run_at) p50/p95/max.
//    Target p95 < 1 s.
// 2. Generation throughput: a local AI server (tests/support/ai-server.ts)
//    answering after BENCH_JOBS_GEN_DELAY_MS (300) that refuses (429) a key's
//    request above BENCH_JOBS_GEN_LIMIT (10) at once and counts; the AI model
//    set to 并发上限 = that limit; BENCH_JOBS_GEN_TASKS generate-article tasks of
//    BENCH_JOBS_GEN_KEYWORDS keywords each started through the api instance and
//    polled there until finished. Articles per minute with each worker count,
//    the most requests the AI server saw at once (must be <= the limit) and
//    its 429s (must be 0), and which processes sent the requests.
// 3. Deploy throughput: BENCH_JOBS_DEPLOY_SITES websites with
//    BENCH_JOBS_DEPLOY_ARTICLES published articles each (the site rows through
//    the API, the articles set-based), on a local-folder server, deployed by
//    one deploy task run through the api instance (执行一次); done when every
//    website has a recorded deploy and no job is queued or running (read from
//    the database). Total time with each worker count and the speed-up.
//    Target >= 1.6x with two workers.
//
// 4. Cancel (part `cancel`): a generation task run by one of two workers,
//    cancelled through the api instance's 取消 route once it made 20 articles:
//    the time until its job stopped, and the provider's requests after that.
//    Target: stopped within 5 s, none after.
//
// Which parts: BENCH_JOBS_PARTS (default claim,generation,cancel,deploy); worker
// counts of parts 2 and 3: BENCH_JOBS_WORKERS (default 1,2).
import { execSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { limitedAiServer, type LimitedAiServer } from '../tests/support/ai-server';
import { startPostgres } from '../tests/support/postgres';
import { root, SIZES, ISSUE_SIZES, PARTS, WORKER_COUNTS, type Rec, log } from './bench-jobs-setup';
import { generation, cancelLatency } from './bench-jobs-generation';
import { claimLatency } from './bench-jobs-claim';
import { fileWrites, deploy } from './bench-jobs-deploy';

// ---------------------------------------------------------------- main

async function main() {
  const startedAt = new Date();
  const out: Rec = { sizes: SIZES, uptimeBefore: execSync('uptime').toString().trim() };
  const pg = await startPostgres();
  let ai: LimitedAiServer | undefined;
  try {
    if (PARTS.includes('generation') || PARTS.includes('cancel') || (PARTS.includes('claim') && SIZES.claimGenKeywords > 0)) {
      ai = await limitedAiServer({ delayMs: SIZES.genDelayMs, limitPerKey: SIZES.genLimit });
    }
    if (PARTS.includes('claim')) {
      out.claim = await claimLatency(pg, ai);
      log('claim', JSON.stringify(out.claim));
    }
    if (ai && PARTS.includes('generation')) {
      const runs = [];
      for (const w of WORKER_COUNTS) {
        runs.push(await generation(pg, ai, w));
        log('generation', JSON.stringify(runs.at(-1)));
      }
      out.generation = runs;
    }
    if (ai && PARTS.includes('cancel')) {
      out.cancel = await cancelLatency(pg, ai);
      log('cancel', JSON.stringify(out.cancel));
    }
    if (PARTS.includes('deploy')) {
      out.fileWrites = fileWrites(SIZES.deploySites * 57);
      log('file writes', JSON.stringify(out.fileWrites));
      const runs = [];
      for (const w of WORKER_COUNTS) {
        runs.push(await deploy(pg, w));
        log('deploy', JSON.stringify(runs.at(-1)));
      }
      out.deploy = runs;
    }
  } finally {
    await ai?.close();
    await pg.close();
  }
  out.uptimeAfter = execSync('uptime').toString().trim();
  if (process.env.BENCH_JOBS_WRITE !== '0') writeSection(startedAt, out);
  console.log(JSON.stringify(out));
}

type Claim = Awaited<ReturnType<typeof claimLatency>>;
type Gen = Awaited<ReturnType<typeof generation>>;
type Cancel = Awaited<ReturnType<typeof cancelLatency>>;
type Dep = Awaited<ReturnType<typeof deploy>>;

function writeSection(at: Date, m: Rec) {
  const s = (x: number) => `${(x / 1000).toFixed(1)} s`;
  const ms = (x: number) => `${x.toFixed(0)} ms`;
  const shares = (o: Record<string, number>) => Object.entries(o).map(([k, v]) => `${k}: ${v}`).join(', ') || 'none';
  const machine = `${cpus().length} cores, ${cpus()[0]?.model ?? 'unknown cpu'}, Node ${process.version}`;
  const issueSizes = (Object.keys(ISSUE_SIZES) as (keyof typeof ISSUE_SIZES)[]).every((k) => SIZES[k] === ISSUE_SIZES[k]);
  const lines = [
    `Last run: ${at.toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine}, PostgreSQL from tests/support/postgres.ts; one \`--role api\` instance and \`--role worker\` instances (\`src-server/cli.ts\`), one data folder.`,
    `\`uptime\` before: \`${m.uptimeBefore}\`; after: \`${m.uptimeAfter}\`.`,
    ...(issueSizes ? [] : ['', `**Not the issue's sizes** (${JSON.stringify(SIZES)}): a development run; its numbers say nothing about the targets.`]),
  ];
  const claim = m.claim as Claim | undefined;
  if (claim) {
    const met = claim.p95 < 1000 && claim.started === claim.jobs;
    lines.push(
      '',
      `Claim latency: ${claim.jobs} jobs (a deploy-task trigger of a task that does not exist: done at once) enqueued from the benchmark process at ${SIZES.claimRate}/s for ${SIZES.claimSeconds} s on ${SIZES.claimWorkers} worker instance(s), while ${SIZES.claimConnections} loops of API requests ran against the api instance (${claim.load.requests} requests, ${claim.load.rps.toFixed(0)}/s, ${claim.load.errors} errors)${
        SIZES.claimGenKeywords > 0 ? ` and a generation task of ${SIZES.claimGenKeywords} keywords against the local AI server (${claim.generated} articles made during the stream)` : ''
      }. Queued to running = job.start_time - job.run_at (both the instances' clocks: one machine).`,
      '',
      '| measure | p50 | p95 | max | jobs started | ran on | target | |',
      '|---|---|---|---|---|---|---|---|',
      `| queued → running | ${ms(claim.p50)} | ${ms(claim.p95)} | ${ms(claim.max)} | ${claim.started} of ${claim.jobs} (${shares(claim.states)}) | ${shares(claim.byInstance)} | p95 < 1 s | ${met ? 'met' : 'MISSED'} |`,
    );
  }
  const gen = m.generation as Gen[] | undefined;
  if (gen) {
    const ideal = (SIZES.genLimit * 60_000) / SIZES.genDelayMs;
    lines.push(
      '',
      `Generation: ${SIZES.genTasks} generate-article tasks × ${SIZES.genKeywords} keywords (one prompt: one AI request per article) started through the api instance and polled there until finished; the AI model at 并发上限 ${SIZES.genLimit}; the local AI server answers in ${SIZES.genDelayMs} ms and refuses (429) a key's request above ${SIZES.genLimit} at once. The limit bounds the rate at ${ideal.toFixed(0)} articles/min (${SIZES.genLimit} × 60 s / ${SIZES.genDelayMs} ms). "Requests sent by": the processes holding the model's slots in the last minute of the run (ai_model_slot.holder).`,
      '',
      '| worker instances | articles | failed | time | articles/min | of the bound | most at once (AI server) | 429s | requests sent by | target (≤ limit, no 429) | |',
      '|---|---|---|---|---|---|---|---|---|---|---|',
      ...gen.map(
        (g) =>
          `| ${g.workers} | ${g.articles} | ${g.failed} | ${s(g.ms)} | ${g.perMinute.toFixed(0)} | ${((g.perMinute / ideal) * 100).toFixed(0)} % | ${g.aiMaxInFlight} | ${g.ai429} | ${shares(g.sentBy)} | ≤ ${SIZES.genLimit}, 0 | ${
            g.aiMaxInFlight <= SIZES.genLimit && g.ai429 === 0 && g.failed === 0 ? 'met' : 'MISSED'
          } |`,
      ),
    );
    if (gen.some((g) => !Object.keys(g.sentBy).some((k) => k.startsWith('worker')))) {
      lines.push('', 'Where no worker instance sent requests, the runs went on in the api instance that got the request (generation runs were not jobs yet): the number of workers made no difference there.');
    }
  }
  const cancel = m.cancel as Cancel | undefined;
  if (cancel) {
    const met = cancel.jobState === 'cancelled' && cancel.stoppedMs < 5000 && cancel.requestsAfterStop === 0;
    lines.push(
      '',
      `Cancel: a generate-article task of 400 keywords run by one of two worker instances (the AI server answering in ${SIZES.genDelayMs} ms, 并发上限 ${SIZES.genLimit}), cancelled once it had made 20 articles through the api instance's 取消 route (\`gptProduceArticle/cancel\`), as the console's button sends it. "Stopped" is the time from that request until the job was no longer running (its state cancelled, written by the worker that ran it); requests in flight at that moment are aborted with it.`,
      '',
      '| measure | result | target | |',
      '|---|---|---|---|',
      `| cancel request answered | ${ms(cancel.answeredMs)} | | |`,
      `| job stopped (ran on ${cancel.ranOn ?? '-'}; state ${cancel.jobState}; task ${cancel.status}, ${cancel.articles} articles) | ${ms(cancel.stoppedMs)} | < 5 s | ${met ? 'met' : 'MISSED'} |`,
      `| the provider's last request, after the cancel request | ${ms(cancel.lastRequestAfterCancelMs)} | | |`,
      `| requests the provider got after the job stopped (2 s watched) | ${cancel.requestsAfterStop} | 0 | ${cancel.requestsAfterStop === 0 ? 'met' : 'MISSED'} |`,
    );
  }
  const dep = m.deploy as Dep[] | undefined;
  const writes = m.fileWrites as ReturnType<typeof fileWrites> | undefined;
  if (dep) {
    const one = dep.find((d) => d.workers === 1);
    const two = dep.find((d) => d.workers === 2);
    const speedUp = one && two ? one.ms / two.ms : NaN;
    // a speed-up says something of the workers only when they ran the deploys (jobs run on worker instances)
    const onWorkers = (d: Dep | undefined) => Boolean(d?.jobs.some((j) => j.ranOn?.startsWith('worker')));
    const complete = (d: Dep | undefined) => d !== undefined && d.deployed === SIZES.deploySites;
    const verdict = Number.isNaN(speedUp)
      ? 'not measured'
      : !complete(one) || !complete(two)
        ? 'MISSED (not every site deployed)'
        : !onWorkers(one) || !onWorkers(two)
          ? 'not a measure of the workers: the deploys ran in the api instance that got the request (no job ran on a worker)'
          : speedUp >= 1.6
            ? 'met'
            : 'MISSED';
    lines.push(
      '',
      `Deploy: ${SIZES.deploySites} websites × ${SIZES.deployArticles} published articles on one local-folder server (a folder of the shared data folder), one deploy task (执行一次) started through the api instance; the time from that request to every website having a recorded deploy (website_deploy) with no job queued or running, read from the database. "Jobs" says which processes ran jobs (none: the run went on in the api instance that got the request).`,
      '',
      '| worker instances | time | sites deployed | live folders | files, MB written | request answered after | jobs (kind: where, count) | CPU seconds during the run |',
      '|---|---|---|---|---|---|---|---|',
      ...dep.map(
        (d) =>
          `| ${d.workers} | ${s(d.ms)} | ${d.deployed} of ${d.sites} | ${d.liveFolders} | ${d.files.toLocaleString('en')}, ${(d.bytes / 1024 / 1024).toFixed(1)} MB | ${s(d.answeredMs)} | ${d.jobs.map((j) => `${j.kind}: ${j.ranOn ?? '-'}, ${j.n}`).join('; ') || 'none'} | ${Object.entries(d.cpuSeconds).map(([k, v]) => `${k} ${v.toFixed(1)}`).join(', ')} |`,
      ),
      '',
      `CPU seconds: \`/proc/<pid>/stat\` of each process with its threads and children (PostgreSQL: the postmaster and its backends) over the run. On ${cpus().length} cores the machine has ${cpus().length} CPU seconds per second: a worker whose own CPU per second of run is already above 1 (its main thread rendering pages, libuv's threads writing files) leaves a second worker less than a core, and the two share the cores with PostgreSQL.`,
      ...(one
        ? (() => {
            const used = Object.values(one.cpuSeconds).reduce((a, b) => a + b, 0) / (one.ms / 1000);
            const two2 = two ? Object.values(two.cpuSeconds).reduce((a, b) => a + b, 0) : NaN;
            return [
              '',
              `With one worker the run kept ${used.toFixed(2)} of the ${cpus().length} cores busy (all processes): on this machine no number of workers can make it more than ${(cpus().length / used).toFixed(2)}× faster, whatever the job code does. ${two ? `With two, the same work took ${two2.toFixed(1)} CPU seconds instead of ${Object.values(one.cpuSeconds).reduce((a, b) => a + b, 0).toFixed(1)} on cores that were then full.` : ''} The target needs a machine where one worker leaves cores idle.`,
            ];
          })()
        : []),
      ...(writes
        ? [
            '',
            `Where that CPU goes: writing files is kernel time on this machine. The same number of files (${(SIZES.deploySites * 57).toLocaleString('en')} of 5.6 KB in folders of 57, a deploy's release without the product), written with async fs as a deploy writes them: ${writes
              .map((w) => `by ${w.processes === 1 ? 'one process' : `${w.processes} processes at once, half each`} in ${s(w.ms)}, ${w.user.toFixed(1)} CPU seconds in user space and ${w.system.toFixed(1)} in the kernel (${((w.user + w.system) / (w.ms / 1000)).toFixed(2)} cores busy)`)
              .join('; ')}. The writes of one process already run on libuv's threads, over both cores.`,
          ]
        : []),
      '',
      '| measure | result | target | |',
      '|---|---|---|---|',
      `| speed-up, two worker instances against one | ${Number.isNaN(speedUp) ? 'not measured' : `${speedUp.toFixed(2)}×`} | ≥ 1.6× | ${verdict} |`,
    );
  }
  const body = lines.join('\n');
  const docPath = join(root, 'docs/benchmarks.md');
  const doc = readFileSync(docPath, 'utf8');
  const re = /<!-- bench:jobs:start -->[\s\S]*<!-- bench:jobs:end -->/;
  if (!re.test(doc)) throw new Error('docs/benchmarks.md has no bench:jobs section');
  writeFileSync(docPath, doc.replace(re, `<!-- bench:jobs:start -->\n${body}\n<!-- bench:jobs:end -->`));
  console.error(body);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
