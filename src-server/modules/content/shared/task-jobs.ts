// The latest durable job of a content task (issue 30): generation tasks, import
// tasks and deploy tasks keep its id (job_id), a website the id of its latest
// deploy's job (deploy_job_id), so their screens show which instance runs it,
// its progress, attempts and reason (src-server/jobs/job-view.ts).
// Never edit an applied migration: append a new one.
import type { Migration } from '../../../db/migrations';

export const TASK_JOB_MIGRATION: Migration = {
  version: 378,
  name: 'content: generation, import and deploy tasks and websites keep the id of their latest durable job',
  sql: `
ALTER TABLE gpt_produce_article ADD COLUMN job_id TEXT;
ALTER TABLE import_task ADD COLUMN job_id TEXT;
ALTER TABLE deploy_tasks ADD COLUMN job_id TEXT;
ALTER TABLE website_info ADD COLUMN deploy_job_id TEXT;
`,
};
