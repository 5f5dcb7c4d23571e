// The job worker of one instance (issue 30, docs/team-server.md § "Durable
// jobs"): handlers registered by kind, up to `concurrency` jobs at a time,
// claimed from the queue (jobs/queue.ts) every `pollMs` and at once when a
// NOTIFY says one was queued (PostgreSQL; on SQLite the queue tells its own
// process). Each running job's lease is renewed by a heartbeat; its handler gets
// an AbortSignal that fires when the job is cancelled (from any instance), when
// its lease is lost (another instance took it over, or the database stayed away
// past the lease), or when the worker stops and the job is given back.
// A database outage is said once and the loop tries again.
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { DEFAULT_LEASE_MS, JOB_CHANNEL, type Job, type JobQueue } from './queue';
import { PauseWatch } from './pause';
import { instanceNameOf, type InstanceRole } from '../../src-shared/jobs';
import { messageText, type Message, type NestedMessage } from '../../src-shared/messages';
import { reasonJson } from '../../src-shared/messages/stored';
import { reasonOf } from '../http/reasons';

/** what a handler gets besides its job */
export interface JobContext {
  /** fires when the job must stop: cancelled, lease lost, or the worker stopping (signal.reason says which) */
  signal: AbortSignal;
  /** keeps the job's progress (sent with the next heartbeat; the console shows it) */
  progress(progress: unknown): void;
}

/**
 * Answers when the job is done; throws to fail it (retried while it has attempts left, unless a JobError says not).
 * Once `ctx.signal` fired it should stop soon: its run no longer counts as done (cancelled, lost or given back).
 * A job may run more than once (a takeover after its instance died): what it writes must bear a second run.
 */
export type JobHandler = (job: Job, ctx: JobContext) => Promise<unknown>;

/** what a kind may add to its handler */
export interface KindOptions {
  /**
   * a job of the kind was given up: its instance stopped renewing the lease and it had no attempt left, so no handler
   * of it runs any more (the job is failed with MSG_LEASE_LOST). Settles the kind's own record, e.g. a task still
   * 执行中 becomes 失败 with that reason. Runs on the instance whose claim found it, once per job.
   */
  abandoned?(job: Job): Promise<void>;
}

/** a failure a retry would not mend (bad input): the job is failed at once with this message */
export class JobError extends Error {
  /** the reason as a message of the table (recorded with its key), when it was given one */
  readonly keyed?: Message | NestedMessage;
  constructor(
    message: string | Message | NestedMessage,
    readonly retry = false,
  ) {
    super(typeof message === 'string' ? message : messageText(message, 'zh'));
    if (typeof message !== 'string') this.keyed = message;
  }
}

/** why a running job's signal fired */
export type StopReason = 'cancelled' | 'lost' | 'shutdown';

export interface WorkerOptions {
  /** jobs run at once by this instance (default 4) */
  concurrency?: number;
  /** the claim's interval when nothing wakes it (default 250 ms) */
  pollMs?: number;
  /** a claim's lease (default 30 s): how long a job of a dead instance waits for its takeover */
  leaseMs?: number;
  /** the heartbeat's interval (default the lease / 3, at most 2 s: a cancel is seen within it) */
  heartbeatMs?: number;
  /** how long stop() waits for running jobs before giving them back (default 5 s: a desktop quit or restore waits for it) */
  graceMs?: number;
  /** how long finished jobs are kept (default 7 days); pruned every 10 minutes */
  keepMs?: number;
  /** this instance's name in lease_owner (default instanceName(role)) */
  owner?: string;
  /** what this instance does, named in its default name (default all) */
  role?: InstanceRole;
  /** said once when the database is away (default console.error) */
  log?: (message: string) => void;
}

/**
 * a readable, unique name of this process: host, role, pid and a random part (src-shared/jobs.ts instanceNameOf);
 * the console names the instance that runs a job by its host and role in words, the whole name in its details
 */
export function instanceName(role: InstanceRole = 'all'): string {
  return instanceNameOf({ host: hostname(), role, pid: String(process.pid), suffix: randomBytes(3).toString('hex') });
}

interface Running {
  job: Job;
  controller: AbortController;
  done: Promise<void>;
  /** a heartbeat now (a cancel was told) */
  beat(): void;
}

const PRUNE_EVERY_MS = 600_000;

export class JobWorker {
  readonly owner: string;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly kindOptions = new Map<string, KindOptions>();
  private readonly running = new Map<string, Running>();
  private readonly concurrency: number;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly heartbeatMs: number;
  private readonly graceMs: number;
  private readonly keepMs: number;
  private readonly log: (message: string) => void;
  private loop: Promise<void> | undefined;
  private stopping = false;
  private wakeUp: (() => void) | undefined;
  private woken = false;
  private failing = false;
  private lastPrune = 0;
  /** when this worker last said it is alive (job_instance), and since when it runs */
  private lastSeen = 0;
  private startedAt = 0;
  private unsubscribe: Array<() => unknown> = [];
  /** a restored or imported copy's background work is paused until resumed (jobs/pause.ts) */
  private readonly pauseWatch: PauseWatch;

  constructor(
    readonly queue: JobQueue,
    o: WorkerOptions = {},
  ) {
    this.owner = o.owner ?? instanceName(o.role);
    this.concurrency = o.concurrency ?? 4;
    this.pollMs = o.pollMs ?? 250;
    this.leaseMs = o.leaseMs ?? DEFAULT_LEASE_MS;
    this.heartbeatMs = o.heartbeatMs ?? Math.min(2000, Math.floor(this.leaseMs / 3));
    this.graceMs = o.graceMs ?? 5000;
    this.keepMs = o.keepMs ?? 7 * 86_400_000;
    this.log = o.log ?? ((m) => console.error(m));
    this.pauseWatch = new PauseWatch(queue.data, this.log);
  }

  /** whether background work is paused (a restored or imported copy not resumed yet); throws when the database is away */
  paused(): Promise<boolean> {
    return this.pauseWatch.paused();
  }

  /** Registers the handler of a kind (before start(): the claim asks for the kinds it has handlers for). */
  handle(kind: string, handler: JobHandler, options: KindOptions = {}): void {
    if (this.handlers.has(kind)) throw new Error(`jobs: a second handler for ${kind}`);
    this.handlers.set(kind, handler);
    this.kindOptions.set(kind, options);
  }

  /** tells a kind that one of its jobs was given up (KindOptions.abandoned); a failure to settle it is said */
  private abandon(job: Job): void {
    const settle = this.kindOptions.get(job.kind)?.abandoned;
    settle?.(job).catch((e: unknown) => this.log(`jobs: job ${job.id} (${job.kind}) was given up but its record was not settled: ${(e as Error).message}`));
  }

  get kinds(): string[] {
    return [...this.handlers.keys()];
  }

  /** ids of the jobs running here now */
  runningIds(): string[] {
    return [...this.running.keys()];
  }

  /** Starts claiming (a worker without handlers claims nothing and listens to nothing). */
  async start(): Promise<void> {
    if (this.loop || this.handlers.size === 0) return;
    this.stopping = false;
    this.startedAt = this.queue.clock();
    this.lastSeen = 0;
    this.unsubscribe.push(this.queue.onSignal((p) => this.told(p)));
    const data = this.queue.data;
    if (data.listen) {
      // a notification missed while the listening connection was away: a claim at once finds its job anyway
      this.unsubscribe.push(await data.listen(JOB_CHANNEL, (p) => this.told(p), () => this.wake()));
    }
    this.loop = this.run();
  }

  private told(payload: string): void {
    if (payload.startsWith('cancel:')) this.running.get(payload.slice('cancel:'.length))?.beat();
    else if (this.handlers.has(payload) || payload === 'lane') this.wake();
  }

  /** claims now instead of at the next poll */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  private async pause(): Promise<void> {
    if (this.woken || this.stopping) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, this.pollMs);
      timer.unref?.(); // the worker alone keeps no process alive (the server does)
      this.wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.wakeUp = undefined;
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      this.woken = false;
      await this.fill();
      await this.pause();
    }
  }

  /** claims as many jobs as there are free slots and starts them */
  private async fill(): Promise<void> {
    const free = this.concurrency - this.running.size;
    try {
      // alive, every third of a lease (a paused copy's worker too: its jobs wait for the resume, not for a worker)
      if (this.queue.clock() - this.lastSeen >= this.leaseMs / 3) {
        await this.queue.seen(this.owner, this.kinds, this.leaseMs, this.startedAt);
        this.lastSeen = this.queue.clock();
      }
      // a restored copy claims nothing until it is resumed (its jobs are the source's)
      if (await this.pauseWatch.paused()) {
        this.failing = false;
        return;
      }
      if (free > 0) {
        const jobs = await this.queue.claim(this.kinds, this.owner, this.leaseMs, free, (job) => this.abandon(job));
        for (const job of jobs) {
          if (this.stopping) await this.queue.release(job.id, this.owner);
          else if (this.running.has(job.id)) this.relaunch(job);
          else this.launch(job);
        }
      }
      if (this.queue.clock() - this.lastPrune > PRUNE_EVERY_MS) {
        this.lastPrune = this.queue.clock();
        await this.queue.prune(this.keepMs);
      }
      if (this.failing) this.log('jobs: the database answers again; claiming');
      this.failing = false;
    } catch (e) {
      // the database is away (a team server's PostgreSQL restarting): the next poll tries again; said once
      if (!this.failing) this.log(`jobs: ${(e as Error).message}; trying again every ${this.pollMs} ms`);
      this.failing = true;
    }
  }

  /**
   * A job still running here whose lease ran out (a stalled event loop, a moved clock) and that this instance's claim
   * took again, as a new attempt: the old run stops as if another instance had taken it ('lost': its writes are
   * fenced by the attempt) and the new one starts once it has, so the job never runs twice here at once.
   */
  private relaunch(job: Job): void {
    const old = this.running.get(job.id)!;
    old.controller.abort('lost' satisfies StopReason);
    void old.done.then(async () => {
      if (this.stopping) await this.queue.release(job.id, this.owner).catch(() => undefined);
      else this.launch(job);
    });
  }

  private launch(job: Job): void {
    const handler = this.handlers.get(job.kind)!;
    const controller = new AbortController();
    const clock = this.queue.clock;
    // the lease as this instance knows it: past it without a renewal, another instance may have taken the job
    let leaseEnd = job.leaseUntil ?? clock() + this.leaseMs;
    let progress: unknown;
    let beating: Promise<void> | undefined;
    const stop = (why: StopReason) => {
      if (!controller.signal.aborted) controller.abort(why);
    };
    const beat = (): void => {
      beating ??= (async () => {
        try {
          const answer = await this.queue.heartbeat(job.id, this.owner, this.leaseMs, progress);
          if (answer === 'ok') leaseEnd = clock() + this.leaseMs;
          else stop(answer);
        } catch {
          if (clock() > leaseEnd) stop('lost');
        } finally {
          beating = undefined;
        }
      })();
    };
    const timer = setInterval(beat, this.heartbeatMs);
    timer.unref?.();
    const done = (async () => {
      let failure: unknown;
      let finished = false;
      try {
        await handler(job, { signal: controller.signal, progress: (p) => (progress = p) });
        finished = true;
      } catch (e) {
        failure = e;
      } finally {
        clearInterval(timer);
        await beating;
      }
      const why = controller.signal.aborted ? (controller.signal.reason as StopReason) : null;
      await this.settle(job, () => leaseEnd, async () => {
        // once its signal fired, a run does not count as done, however its handler ended
        if (why === 'cancelled') return void (await this.queue.acknowledgeCancel(job.id, this.owner));
        if (why === 'lost') return;
        if (why === 'shutdown') return void (await this.queue.release(job.id, this.owner));
        if (finished) return void (await this.queue.complete(job.id, this.owner, progress));
        // its text (zh), and its message's key when it has one, so the console reads it in its language
        const keyed = failure instanceof JobError ? (failure.keyed ?? failure.message) : reasonOf(failure);
        const reason = typeof keyed === 'string' ? keyed : messageText(keyed, 'zh');
        await this.queue.fail(job.id, this.owner, reason.slice(0, 2000), { retry: !(failure instanceof JobError) || failure.retry, message: reasonJson(keyed) });
      });
    })().finally(() => {
      this.running.delete(job.id);
      this.wake(); // a slot is free
    });
    this.running.set(job.id, { job, controller, done, beat });
  }

  /** records a job's outcome, trying again through a database outage for as long as the lease lasts */
  private async settle(job: Job, leaseEnd: () => number, write: () => Promise<void>): Promise<void> {
    for (let wait = 100; ; wait = Math.min(wait * 2, 2000)) {
      try {
        await write();
        return;
      } catch (e) {
        if (this.queue.clock() > leaseEnd()) {
          this.log(`jobs: the outcome of job ${job.id} (${job.kind}) was not recorded: ${(e as Error).message}; it is taken over after its lease`);
          return;
        }
        await new Promise((r) => setTimeout(r, wait));
      }
    }
  }

  /**
   * Stops claiming, waits up to the grace period for the running jobs, then aborts those still running (their
   * handlers see signal.reason 'shutdown') and gives them back to the queue for another instance.
   */
  async stop(graceMs = this.graceMs): Promise<void> {
    this.stopping = true;
    this.wakeUp?.();
    await this.loop;
    this.loop = undefined;
    for (const u of this.unsubscribe.splice(0)) await u();
    // no longer a worker of its kinds (a database away: its row is seen as stale after its lease)
    await this.queue.gone(this.owner).catch(() => undefined);
    const all = () => Promise.all([...this.running.values()].map((r) => r.done));
    let timer: NodeJS.Timeout | undefined;
    const late = await Promise.race([
      all().then(() => false),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), graceMs))),
    ]);
    clearTimeout(timer);
    if (!late) return;
    for (const r of this.running.values()) r.controller.abort('shutdown' satisfies StopReason);
    // a handler that ignores its signal is left behind (at most a second more): its lease runs out and another
    // instance, or this one's next start, takes the job over
    await Promise.race([all(), new Promise((resolve) => setTimeout(resolve, Math.min(graceMs, 1000)).unref())]);
  }
}
