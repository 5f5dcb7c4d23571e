// Migration 393 (issue 36, announcing): the release diff an announcement carries
// to its job (search_announce.paths: the announceable paths, gzipped JSON in
// base64, announce-urls.ts), and the indexes the job and the screen's lists read
// by: a job's URLs per engine and state, a website's or a tenant's URLs and
// announcements newest first.
import type { Migration } from '../../../db/migrations';

export const ANNOUNCE_MIGRATION: Migration = {
  version: 393,
  name: 'content: search announcements carry their release diff (search_announce.paths); indexes of the announce job and the URL and announcement lists',
  sql: `
ALTER TABLE search_announce ADD COLUMN paths TEXT;
CREATE INDEX ix_search_announce_tenant ON search_announce(tenant_id, create_time);
CREATE INDEX ix_search_url_announce ON search_url(announce_id, engine, state);
CREATE INDEX ix_search_url_site_time ON search_url(website_info_id, update_time);
CREATE INDEX ix_search_url_tenant_time ON search_url(tenant_id, update_time);
`,
};
