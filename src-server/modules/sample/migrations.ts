// The sample matrix's migrations after its table (600). 601: a sample tenant
// loaded before its rows passed their own forms gets them mended, as a new load
// makes them (sample-matrix.ts): websites on resolve type 1 (the domain itself)
// in language zh-CN with a banner group (its logo image), templates with a type
// and a preview image, the local server with a port and user, and the type-2
// categories on the tenant's seeded default page config (content migration 370).
// The SQL is literal (no constants it could change with). Never edit an applied
// migration: append a new one.
import type { Migration } from '../../db/migrations';

const SAMPLE = 'tenant_id IN (SELECT tenant_id FROM sample_matrix) AND is_deleted = 0';

export const SAMPLE_MIGRATIONS: Migration[] = [
  {
    version: 601,
    name: 'sample matrix: rows of a loaded sample tenant save unchanged in their forms (website language, resolve type, banner; template type and image; server port; category page)',
    sql: `
UPDATE website_info SET website_lang = 'zh-CN' WHERE ${SAMPLE} AND website_lang = 'zh';
UPDATE website_info SET type = 1, subdomain = NULL WHERE ${SAMPLE} AND COALESCE(type, 0) = 0 AND COALESCE(subdomain, '') = '';
INSERT INTO img_group (id, tenant_id, name, create_user, create_dept, create_time, update_user, update_time, status, is_deleted)
  SELECT w.id || '601', w.tenant_id, w.website_name || ' Banner', w.create_user, w.create_dept, w.create_time, w.update_user, w.update_time, 1, 0
    FROM website_info w
   WHERE w.tenant_id IN (SELECT tenant_id FROM sample_matrix) AND w.is_deleted = 0 AND COALESCE(w.banner_id, '') = ''
     AND EXISTS (SELECT 1 FROM website_img i WHERE i.img_group_id = w.logo_id AND i.is_deleted = 0);
INSERT INTO website_img (id, tenant_id, image_url, alt, img_group_id, create_user, create_dept, create_time, update_user, update_time, status, is_deleted)
  SELECT g.id || '01', g.tenant_id,
         (SELECT i.image_url FROM website_img i WHERE i.img_group_id = w.logo_id AND i.is_deleted = 0 ORDER BY i.create_time, i.id LIMIT 1),
         w.website_name, g.id, g.create_user, g.create_dept, g.create_time, g.update_user, g.update_time, 1, 0
    FROM img_group g JOIN website_info w ON g.id = w.id || '601';
UPDATE website_info SET banner_id = id || '601'
 WHERE ${SAMPLE} AND COALESCE(banner_id, '') = '' AND EXISTS (SELECT 1 FROM img_group g WHERE g.id = website_info.id || '601');
UPDATE website_template SET type = CASE WHEN template_name LIKE '%资讯%' THEN '2' ELSE '3' END WHERE ${SAMPLE} AND COALESCE(type, '') = '';
UPDATE website_template
   SET image = (SELECT i.image_url FROM website_img i WHERE i.tenant_id = website_template.tenant_id AND i.is_deleted = 0 ORDER BY i.create_time, i.id LIMIT 1)
 WHERE ${SAMPLE} AND COALESCE(image, '') = '';
UPDATE server_info SET server_port = 22 WHERE ${SAMPLE} AND server_port IS NULL;
UPDATE server_info SET server_username = 'local' WHERE ${SAMPLE} AND COALESCE(server_username, '') = '';
UPDATE article_cate
   SET page_id = (SELECT p.id FROM template_page_config p WHERE p.tenant_id = article_cate.tenant_id AND p.is_deleted = 0 AND p.name = '默认页面')
 WHERE ${SAMPLE} AND type = 2 AND COALESCE(page_id, '') = '';
`,
  },
];
