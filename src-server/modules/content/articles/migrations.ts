// The article feature's migrations after the content tables (300-330). Never edit
// an applied migration: append a new one.
import { withPostgres, type Migration } from '../../../db/migrations';

/** the FTS5 trigram table over article titles (resources.ts: the title column's searchIndex) */
export const ARTICLE_TITLE_SEARCH = 'article_title_search';

export const ARTICLE_MIGRATIONS: Migration[] = withPostgres([
  {
    version: 350,
    name: 'content: trigram index of article titles (a title search finds its rows without scanning every article)',
    // External content: the index holds trigrams only, keyed by article's rowid, and triggers keep it equal to
    // the table. VACUUM may renumber the rowids of a table without an INTEGER PRIMARY KEY: after one, rebuild
    // it (INSERT INTO article_title_search(article_title_search) VALUES ('rebuild')).
    sql: `
CREATE VIRTUAL TABLE ${ARTICLE_TITLE_SEARCH} USING fts5(title, content='article', content_rowid='rowid', tokenize='trigram');
INSERT INTO ${ARTICLE_TITLE_SEARCH}(${ARTICLE_TITLE_SEARCH}) VALUES ('rebuild');
CREATE TRIGGER article_title_search_insert AFTER INSERT ON article BEGIN
  INSERT INTO ${ARTICLE_TITLE_SEARCH}(rowid, title) VALUES (new.rowid, new.title);
END;
CREATE TRIGGER article_title_search_delete AFTER DELETE ON article BEGIN
  INSERT INTO ${ARTICLE_TITLE_SEARCH}(${ARTICLE_TITLE_SEARCH}, rowid, title) VALUES ('delete', old.rowid, old.title);
END;
CREATE TRIGGER article_title_search_update AFTER UPDATE OF title ON article BEGIN
  INSERT INTO ${ARTICLE_TITLE_SEARCH}(${ARTICLE_TITLE_SEARCH}, rowid, title) VALUES ('delete', old.rowid, old.title);
  INSERT INTO ${ARTICLE_TITLE_SEARCH}(rowid, title) VALUES (new.rowid, new.title);
END;
`,
  },
], {
  // pg_trgm's GIN index on the title itself: no shadow table, no triggers (the index follows the table), and it
  // serves ILIKE '%term%' for a term of three characters or more; pg_trgm is trusted (a database owner may create it)
  350: () => `
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX article_title_trgm ON article USING gin (title gin_trgm_ops);
`,
});
