// Migration 394 (issue 36, reading back; 613 below): the traffic tables as the sync and the
// dashboard's queries use them.
//
// - search_daily is keyed by (website, engine, day, tenant): rows of day totals imported without a website
//   (website_info_id '') are each tenant's own; under migration 391's key (website, engine, day) a second tenant's
//   import of the same day would have met the first one's row. SQLite: WITHOUT ROWID, so the key's b-tree holds
//   the row (a website's range is read without a lookup per row).
// - search_daily_all: per tenant, engine and day the sum of search_daily over the tenant's websites, kept by
//   whatever writes search_daily (traffic-store.ts): the dashboard's "all websites" totals read a few hundred
//   rows whatever the number of websites.
// - position_impressions (search_daily, search_daily_all): the impressions whose position is known, the average
//   position's weight: a day imported without a position (the spec's import of day totals) counts its clicks and
//   impressions but does not pull the average towards 0.
// - search_top WITHOUT ROWID on SQLite (the dashboard's top tables read ranges of its key and their sums: the
//   key's b-tree holds them), its key covering the sums on PostgreSQL (INCLUDE: index-only scans). The tenant-wide
//   rollup seeks each website's rows of a period by the key too.
import { withPostgres, type Migration } from '../../../db/migrations';
import { postgresVariant } from '../../../db/sql';

const SQL = `
CREATE TABLE search_daily_394 (
  tenant_id TEXT NOT NULL,
  website_info_id TEXT NOT NULL,
  engine TEXT NOT NULL,
  day TEXT NOT NULL,
  clicks INTEGER NOT NULL,
  impressions INTEGER NOT NULL,
  position_sum REAL NOT NULL,
  position_impressions INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (website_info_id, engine, day, tenant_id)
) WITHOUT ROWID;
INSERT INTO search_daily_394 (tenant_id, website_info_id, engine, day, clicks, impressions, position_sum, position_impressions)
  SELECT tenant_id, website_info_id, engine, day, clicks, impressions, position_sum, CASE WHEN position_sum > 0 THEN impressions ELSE 0 END FROM search_daily;
DROP TABLE search_daily;
ALTER TABLE search_daily_394 RENAME TO search_daily;
CREATE INDEX ix_search_daily_tenant_engine_day ON search_daily(tenant_id, engine, day);

CREATE TABLE search_daily_all (
  tenant_id TEXT NOT NULL,
  engine TEXT NOT NULL,
  day TEXT NOT NULL,
  clicks INTEGER NOT NULL,
  impressions INTEGER NOT NULL,
  position_sum REAL NOT NULL,
  position_impressions INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, engine, day)
) WITHOUT ROWID;
INSERT INTO search_daily_all (tenant_id, engine, day, clicks, impressions, position_sum, position_impressions)
  SELECT tenant_id, engine, day, SUM(clicks), SUM(impressions), SUM(position_sum), SUM(position_impressions) FROM search_daily GROUP BY tenant_id, engine, day;

CREATE TABLE search_top_394 (
  tenant_id TEXT NOT NULL,
  scope TEXT NOT NULL,
  engine TEXT NOT NULL,
  dim TEXT NOT NULL,
  period TEXT NOT NULL,
  key TEXT NOT NULL,
  clicks INTEGER NOT NULL,
  impressions INTEGER NOT NULL,
  position_sum REAL NOT NULL,
  PRIMARY KEY (tenant_id, scope, engine, dim, period, key)
) WITHOUT ROWID;
INSERT INTO search_top_394 (tenant_id, scope, engine, dim, period, key, clicks, impressions, position_sum)
  SELECT tenant_id, scope, engine, dim, period, key, clicks, impressions, position_sum FROM search_top;
DROP TABLE search_top;
ALTER TABLE search_top_394 RENAME TO search_top;
`;

export const TRAFFIC_MIGRATIONS: Migration[] = withPostgres(
  [
    {
      version: 394,
      name: "content: search traffic: daily totals keyed per tenant too, the tenant's daily totals (search_daily_all), the top tables' key holding their sums",
      sql: SQL,
    },
    {
      // Migration 613 (issue 39): a sync's state message and a website's lost-property mark keep their key and
      // params (src-shared/messages/stored.ts) beside their zh text, so the screens answer them in the reader's
      // language; NULL: an older row, answered as its text.
      version: 613,
      name: "content: search traffic: a sync's state message and the lost-property mark keep their message key and params beside their zh text",
      sql: `
ALTER TABLE search_sync ADD COLUMN message_reason TEXT;
ALTER TABLE search_site ADD COLUMN google_lost_reason TEXT;
`,
    },
  ],
  {
    // doubles for the sums; no WITHOUT ROWID (a heap and its key); the top table's key carries its sums
    394: (sqlite) =>
      postgresVariant(sqlite, [
        ['position_sum REAL NOT NULL', 'position_sum DOUBLE PRECISION NOT NULL'],
        [') WITHOUT ROWID;', ');'],
        ['PRIMARY KEY (tenant_id, scope, engine, dim, period, key)', 'PRIMARY KEY (tenant_id, scope, engine, dim, period, key) INCLUDE (clicks, impressions, position_sum)'],
      ]),
  },
);
