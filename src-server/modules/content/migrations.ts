// The content area's applied migrations that span its features, in the order they
// were applied: 300 and 310 created the tables (each feature's schema.ts holds the
// DDL of its own tables), 320 added list-order indexes and the article row count,
// 330 moved generated articles into the article table and added keyword lookups,
// import files, quotas and template parameters. Later migrations live with their
// feature (quota/migrations.ts 331, deploy/publish-migrations.ts 340). Numbered
// 300-399. Never edit an applied migration: append a new one.
import { upTo, withPostgres, type Migration } from '../../db/migrations';
import { AUDIT, countTriggers, countTriggersPostgres, postgresVariant } from '../../db/sql';
import { ARTICLE_CATE_TABLE, ARTICLE_TABLE, PARAGRAPH_TABLE } from './articles/schema';
import { DEPLOY_TASKS_TABLE, WEBSITE_DEPLOY_TABLE } from './deploy/schema';
import { AI_KEY_TABLE, AI_MODEL_TABLE, GPT_ARTICLE_TABLE, GPT_PRODUCE_ARTICLE_TABLE } from './generation/schema';
import { IMPORT_TASK_TABLE, TASK_ERROR_LOG_TABLE } from './imports/schema';
import { DOMAIN_INFO_TABLE, SERVER_INFO_TABLE } from './infrastructure/schema';
import { GPT_PRODUCE_KEYWORD_TABLE, KEYWORD_TABLE } from './keywords/schema';
import { ADVERT_TABLE, CONTACT_INFO_TABLE, CUSTOM_PAGE_URL_TABLE, GOODS_SUB_TABLE, GOODS_TABLE, IMG_GROUP_TABLE, LINKS_TABLE, PAGE_CONFIG_TABLE, TEMPLATE_CONFIG_TABLE, WEBSITE_IMG_TABLE, WEBSITE_TEMPLATE_TABLE } from './material/schema';
import { CONTENT_UPLOAD_TABLE } from './shared/schema';
import { SITE_TRAFFIC_TABLE, WEBSITE_ASSOCIA_TABLE, WEBSITE_GROUP_TABLE, WEBSITE_INFO_TABLE, WEBSITE_LANGUAGE_TABLE, WEBSITE_NAVBAR_TABLE } from './sites/schema';

export const CONTENT_MIGRATIONS: Migration[] = withPostgres([
  {
    version: 300,
    name: 'content: websites, groups, domains, servers, templates, material, deploys, uploads',
    sql: [
      WEBSITE_GROUP_TABLE,
      WEBSITE_INFO_TABLE,
      DOMAIN_INFO_TABLE,
      SERVER_INFO_TABLE,
      WEBSITE_LANGUAGE_TABLE,
      WEBSITE_ASSOCIA_TABLE,
      WEBSITE_TEMPLATE_TABLE,
      TEMPLATE_CONFIG_TABLE,
      PAGE_CONFIG_TABLE,
      CUSTOM_PAGE_URL_TABLE,
      WEBSITE_NAVBAR_TABLE,
      LINKS_TABLE,
      ADVERT_TABLE,
      CONTACT_INFO_TABLE,
      IMG_GROUP_TABLE,
      WEBSITE_IMG_TABLE,
      GOODS_TABLE,
      GOODS_SUB_TABLE,
      WEBSITE_DEPLOY_TABLE,
      SITE_TRAFFIC_TABLE,
      CONTENT_UPLOAD_TABLE,
    ].join('\n'),
  },
  {
    version: 310,
    name: 'content II: categories, articles, keywords, AI, tasks, deploy tasks',
    sql: [
      ARTICLE_CATE_TABLE,
      ARTICLE_TABLE,
      PARAGRAPH_TABLE,
      KEYWORD_TABLE,
      GPT_PRODUCE_KEYWORD_TABLE,
      AI_MODEL_TABLE,
      AI_KEY_TABLE,
      GPT_PRODUCE_ARTICLE_TABLE,
      GPT_ARTICLE_TABLE,
      IMPORT_TASK_TABLE,
      TASK_ERROR_LOG_TABLE,
      DEPLOY_TASKS_TABLE,
    ].join('\n'),
  },
  {
    version: 320,
    name: 'content: list-order indexes, article row count',
    sql: `
CREATE INDEX ix_article_list ON article(tenant_id, is_deleted, sort, create_time DESC, id DESC);
CREATE INDEX ix_website_info_list ON website_info(tenant_id, is_deleted, create_time DESC, id DESC);
${countTriggers('article')}`,
  },
  {
    version: 330,
    name: 'content: generated articles in the article table, keyword index, import files, quotas, template parameters',
    sql: `
ALTER TABLE article ADD COLUMN gpt_task_id TEXT;
ALTER TABLE article ADD COLUMN gpt_item_index INTEGER;
CREATE UNIQUE INDEX ux_article_gpt_item ON article(gpt_task_id, gpt_item_index) WHERE gpt_task_id IS NOT NULL;
ALTER TABLE gpt_produce_article ADD COLUMN website_group_id TEXT;
ALTER TABLE gpt_produce_article ADD COLUMN website_info_id TEXT;
ALTER TABLE gpt_produce_article ADD COLUMN parent_id TEXT;

-- generated articles made before: into the article table, unassigned and unpublished; failed items stay in gpt_article
INSERT INTO article (id, tenant_id, website_info_id, website_group_id, parent_id, title, keyword, content, desc_val, save_status,
                     gpt_task_id, gpt_item_index, create_user, create_dept, create_time, update_user, update_time, status, is_deleted)
  SELECT g.id, g.tenant_id, '', '', '', COALESCE(g.title, ''), substr(COALESCE(g.keyword, ''), 1, 50), g.content,
         substr(COALESCE(g.title, ''), 1, 300), 'AI生成', g.task_id, g.item_index,
         g.create_user, g.create_dept, g.create_time, g.update_user, g.update_time, 0, g.is_deleted
    FROM gpt_article g WHERE g.error IS NULL;
DELETE FROM gpt_article WHERE error IS NULL;

CREATE INDEX ix_keyword_text ON keyword(tenant_id, keyword) WHERE is_deleted = 0;
ALTER TABLE import_task ADD COLUMN file_link TEXT;
ALTER TABLE import_task ADD COLUMN error_msg TEXT;
ALTER TABLE import_task ADD COLUMN done_lines INTEGER NOT NULL DEFAULT 0;
ALTER TABLE import_task ADD COLUMN options TEXT;

CREATE TABLE content_quota (
  tenant_id TEXT PRIMARY KEY,
  website_number INTEGER NOT NULL DEFAULT -1,
  article_number INTEGER NOT NULL DEFAULT -1,
  update_time TEXT
);

CREATE TABLE gpt_generate_template_parm (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  param_name TEXT NOT NULL,
  param_key TEXT NOT NULL,
  param_value TEXT NOT NULL,
  remark TEXT,${AUDIT}
);
CREATE INDEX ix_gpt_generate_template_parm_tenant ON gpt_generate_template_parm(tenant_id, is_deleted, create_time);
CREATE UNIQUE INDEX ux_gpt_generate_template_parm_key ON gpt_generate_template_parm(tenant_id, param_key) WHERE is_deleted = 0;

-- existing databases: the template parameter menu under 内容管理 with its buttons, granted to the roles holding 生成文章任务
INSERT INTO blade_menu (id, parent_id, code, name, alias, path, source, sort, category, action, is_open, is_deleted)
  SELECT c.id || '330', c.id, 'gptGenerateTemplateParm', '模板参数', 'menu', '/article/gptGenerateTemplateParm', 'profile', 9, 1, 0, 1, 0
    FROM blade_menu c WHERE c.code = 'content' AND c.category = 1 AND c.is_deleted = 0
     AND NOT EXISTS (SELECT 1 FROM blade_menu x WHERE x.code = 'gptGenerateTemplateParm' AND x.is_deleted = 0);
INSERT INTO blade_menu (id, parent_id, code, name, alias, path, source, sort, category, action, is_open, is_deleted)
  SELECT m.id || b.sort, m.id, 'gptGenerateTemplateParm_' || b.alias, b.name, b.alias, m.path || '/' || b.alias, b.source, b.sort, 2, b.action, 1, 0
    FROM blade_menu m
    JOIN (SELECT 'add' AS alias, '新增' AS name, 'plus' AS source, 1 AS action, 1 AS sort
          UNION ALL SELECT 'edit', '修改', 'edit', 2, 2
          UNION ALL SELECT 'delete', '删除', 'delete', 3, 3
          UNION ALL SELECT 'view', '查看', 'eye', 2, 4) b
   WHERE m.id = (SELECT c.id || '330' FROM blade_menu c WHERE c.code = 'content' AND c.category = 1 AND c.is_deleted = 0 LIMIT 1)
     AND NOT EXISTS (SELECT 1 FROM blade_menu x WHERE x.code = 'gptGenerateTemplateParm_' || b.alias AND x.is_deleted = 0);
INSERT INTO blade_role_menu (id, role_id, menu_id)
  SELECT rm.id || '330' || substr(n.id, -2), rm.role_id, n.id
    FROM blade_role_menu rm
    JOIN blade_menu g ON g.id = rm.menu_id AND g.code = 'gptProduceArticle' AND g.category = 1 AND g.is_deleted = 0
    JOIN blade_menu n ON (n.code = 'gptGenerateTemplateParm' OR n.code LIKE 'gptGenerateTemplateParm\\_%' ESCAPE '\\') AND n.is_deleted = 0
   WHERE n.id LIKE (SELECT c.id || '330%' FROM blade_menu c WHERE c.code = 'content' AND c.category = 1 AND c.is_deleted = 0 LIMIT 1);
`,
  },
], {
  // an upload's size in bytes may pass 2^31
  300: (sqlite) => postgresVariant(sqlite, [['size INTEGER NOT NULL', 'size BIGINT NOT NULL']]),
  // a sampling temperature is a double; a deploy task's next run is ms since the epoch
  310: (sqlite) => postgresVariant(sqlite, [['temperature REAL', 'temperature DOUBLE PRECISION'], ['next_time INTEGER', 'next_time BIGINT']]),
  320: (sqlite) => `${upTo(sqlite, countTriggers('article'))}${countTriggersPostgres('article')}`,
  // a join without ON is a cross join on SQLite only; substr(x, -2) is right(x, 2) there
  330: (sqlite) =>
    postgresVariant(sqlite, [
      ["UNION ALL SELECT 'view', '查看', 'eye', 2, 4) b", "UNION ALL SELECT 'view', '查看', 'eye', 2, 4) b ON true"],
      ['substr(n.id, -2)', 'right(n.id, 2)'],
    ]),
});
