// Content area II, second part: generated articles live in the article table
// (a generation task may name the website group, website and column they go to;
// without them they wait unassigned and unpublished), keyword lookups by text
// for deduplicating imports, import tasks with their stored file, per-tenant
// content quotas (websites, articles) and the generation template parameters
// with their menu. Numbered 330-339. Never edit an applied migration.
import type { Migration } from '../../db/migrations';
import { AUDIT } from '../../db/sql';

export const CONTENT4_MIGRATIONS: Migration[] = [
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
  {
    version: 331,
    name: 'content: the tenant screen\'s 内容额度 button (content quotas of a tenant)',
    sql: `
INSERT INTO system_extra_button (menu_code, code, name, alias, source, action, sort) VALUES
  ('tenant', 'tenant_content_quota', '内容额度', 'content-quota', 'file-text', 2, 8);

INSERT INTO blade_menu (id, parent_id, code, name, alias, path, source, sort, category, action, is_open, is_deleted)
  SELECT m.id || printf('%02d', b.sort), m.id, b.code, b.name, b.alias, m.path || '/' || b.alias, b.source, b.sort, 2, b.action, 1, 0
  FROM system_extra_button b JOIN blade_menu m ON m.code = b.menu_code AND m.category = 1 AND m.is_deleted = 0
  WHERE b.code = 'tenant_content_quota'
    AND NOT EXISTS (SELECT 1 FROM blade_menu x WHERE x.code = b.code AND x.is_deleted = 0);
-- existing databases: granted to every role holding the tenant menu
INSERT INTO blade_role_menu (id, role_id, menu_id)
  SELECT DISTINCT rm.id || printf('%02d', b.sort), rm.role_id, nb.id
  FROM system_extra_button b
  JOIN blade_menu m ON m.code = b.menu_code AND m.category = 1 AND m.is_deleted = 0
  JOIN blade_role_menu rm ON rm.menu_id = m.id
  JOIN blade_menu nb ON nb.parent_id = m.id AND nb.code = b.code AND nb.is_deleted = 0
  WHERE b.code = 'tenant_content_quota'
    AND NOT EXISTS (SELECT 1 FROM blade_role_menu x WHERE x.role_id = rm.role_id AND x.menu_id = nb.id);
`,
  },
];
