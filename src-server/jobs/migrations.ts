// The durable jobs' migrations after their table (core migration 32), issue 37
// item 6 (docs/team-server.md § "Durable jobs"): 602 keeps every attempt of a job
// (which instance ran it, from when to when, how it ended and why: a takeover
// names the instance that took it over), 603 the instances whose workers are
// alive (which kinds they run, when they were last seen), so the console can say
// that a job waits for a worker instead of 执行中; 607 keeps a failure's message key
// beside its text (issue 39). Times are ms since the epoch
// (BIGINT on both engines), as in `job`. Never edit an applied migration.
import type { Migration } from '../db/migrations';

export const JOB_MIGRATIONS: Migration[] = [
  {
    version: 602,
    name: 'job attempts: each claim of a job, its instance, start, end, outcome and reason (a takeover names who took it over)',
    sql: `
CREATE TABLE job_attempt (
  id TEXT PRIMARY KEY,
  job_id TEXT NOT NULL,
  attempt INTEGER NOT NULL,
  instance TEXT NOT NULL,
  start_time BIGINT NOT NULL,
  end_time BIGINT,
  outcome TEXT NOT NULL DEFAULT 'running',
  reason TEXT,
  taken_by TEXT
);
-- a page of tasks reads the attempts of its jobs; a claim closes the open attempt of its job
CREATE INDEX ix_job_attempt_job ON job_attempt(job_id, end_time);
`,
  },
  {
    version: 603,
    name: 'job instances: the workers alive, the kinds each runs and when it was last seen',
    sql: `
CREATE TABLE job_instance (
  instance TEXT PRIMARY KEY,
  kinds TEXT NOT NULL,
  lease_ms BIGINT NOT NULL,
  started_at BIGINT NOT NULL,
  seen_at BIGINT NOT NULL
);
`,
  },
  {
    version: 607,
    // issue 39: beside the zh text of a failure (job.error, job_attempt.reason), its message's key and params as JSON
    // (src-shared/messages/stored.ts), so the console's 执行情况 reads it in its language; NULL: a text only
    name: 'jobs: a failure keeps its message key and params beside its zh text',
    sql: `
ALTER TABLE job ADD COLUMN error_reason TEXT;
ALTER TABLE job_attempt ADD COLUMN reason_message TEXT;
`,
  },
];
