// The reasons the content area's work records, as messages of the table (migration 606, issue 39): beside each
// column that keeps a reason's zh text (read by the stock wire and by rows older than keys), a *_reason column
// keeps its key and params as JSON (src-shared/messages/stored.ts), so a read answers it in the reader's language.
// NULL: the reason is only its text (an old row), answered as stored. Never edit an applied migration.
import type { Migration } from '../../../db/migrations';

export const REASON_MIGRATION: Migration = {
  version: 606,
  name: 'content: deploy, import and generation reasons keep their message key and params beside their zh text',
  sql: `
ALTER TABLE website_deploy ADD COLUMN message_reason TEXT;
ALTER TABLE website_info ADD COLUMN deploy_reason TEXT;
ALTER TABLE task_error_log ADD COLUMN error_reason TEXT;
ALTER TABLE import_task ADD COLUMN error_reason TEXT;
ALTER TABLE gpt_article ADD COLUMN error_reason TEXT;
ALTER TABLE gpt_produce_article ADD COLUMN error_reason TEXT;
`,
};

/** Migration 612: the announcements' and their URLs' reasons, and a server's last check, keep their key too. */
export const MORE_REASONS_MIGRATION: Migration = {
  version: 612,
  name: 'content: search announcements, their URLs and a server check keep their message key and params beside their zh text',
  sql: `
ALTER TABLE search_announce ADD COLUMN message_reason TEXT;
ALTER TABLE search_url ADD COLUMN reason_message TEXT;
ALTER TABLE server_info ADD COLUMN check_reason TEXT;
`,
};
