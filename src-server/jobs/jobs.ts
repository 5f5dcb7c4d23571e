// What a module gets of the durable jobs (ModuleDeps.jobs): the queue, to enqueue
// and cancel from any instance, and the registration of its handlers and
// background loops, which run only on an instance whose role works jobs
// (`--role worker|all`, src-server/cli.ts). Built once per app (app.ts).
import type { JobQueue } from './queue';
import type { JobHandler, KindOptions } from './worker';

/** what an instance of the back end does: serve the API, run jobs and schedules, or both (the default) */
export type ServerRole = 'api' | 'worker' | 'all';
export const SERVER_ROLES: readonly ServerRole[] = ['api', 'worker', 'all'];

export interface Jobs {
  readonly queue: JobQueue;
  /** true where this instance runs job handlers and schedulers (role worker or all); an `api` instance only enqueues */
  readonly working: boolean;
  /** registers the handler of a kind (and what settles a job of it that was given up); it runs on the working instances only */
  handle(kind: string, handler: JobHandler, options?: KindOptions): void;
  /**
   * whether background work is paused (a restored or imported copy, until the platform administrator resumes it:
   * jobs/pause.ts): a scheduler queues nothing then. Throws when the database is away.
   */
  paused(): Promise<boolean>;
  /** tells this instance's worker to claim now (after a resume) */
  wake(): void;
}
