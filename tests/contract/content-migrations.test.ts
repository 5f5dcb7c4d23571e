// Content migration 330 on a database made before it: generated articles kept in
// gpt_article move to the article table (unassigned, unpublished, linked to their
// task and item), failed items stay in gpt_article; the template-parameter menu
// is added under 内容管理 and granted to the roles holding 生成文章任务.
import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src-server/db/database';
import { migrate } from '../../src-server/db/migrate';
import { MIGRATIONS } from '../../src-server/modules';
import { sqliteDataLayer } from '../../src-server/db/data-layer';
import { seed } from '../../src-server/db/seed';
import { tempDir } from './helpers';

describe('content migration 330', () => {
  it('moves generated articles into the article table and adds the template parameter menu', async () => {
    const dir = tempDir();
    const db = openDatabase(dir);
    try {
      const data = sqliteDataLayer(db);
      await migrate(data, MIGRATIONS.filter((m) => m.version < 330));
      await seed(data);
      // a database seeded before the menu existed (today's seed already has it)
      db.prepare("DELETE FROM blade_role_menu WHERE menu_id IN (SELECT id FROM blade_menu WHERE code LIKE 'gptGenerateTemplateParm%')").run();
      db.prepare("DELETE FROM blade_menu WHERE code LIKE 'gptGenerateTemplateParm%'").run();
      const ins = db.prepare(
        `INSERT INTO gpt_article (id, tenant_id, task_id, item_index, keyword, title, content, error, create_user, create_dept, create_time, update_user, update_time, status, is_deleted)
         VALUES (?, '000000', 't1', ?, ?, ?, ?, ?, 'u', 'd', '2026-01-01 00:00:00', 'u', '2026-01-01 00:00:00', 1, 0)`,
      );
      ins.run('a1', 0, '绿茶', '绿茶的故事', '正文一', null);
      ins.run('a2', 1, '红茶', '红茶', null, 'AI接口错误: HTTP 500');
      ins.run('a3', 2, '白茶'.repeat(30), '白茶', '正文三', null);
      const before = (db.prepare("SELECT live FROM row_count WHERE table_name = 'article' AND tenant_id = '000000'").get() as { live: number } | undefined)?.live ?? 0;

      await migrate(data, MIGRATIONS);
      const moved = db.prepare('SELECT id, title, keyword, content, website_info_id, parent_id, status, save_status, gpt_task_id, gpt_item_index FROM article ORDER BY gpt_item_index').all();
      expect(moved).toEqual([
        { id: 'a1', title: '绿茶的故事', keyword: '绿茶', content: '正文一', website_info_id: '', parent_id: '', status: 0, save_status: 'AI生成', gpt_task_id: 't1', gpt_item_index: 0 },
        { id: 'a3', title: '白茶', keyword: '白茶'.repeat(25), content: '正文三', website_info_id: '', parent_id: '', status: 0, save_status: 'AI生成', gpt_task_id: 't1', gpt_item_index: 2 },
      ]);
      expect(db.prepare('SELECT id, error FROM gpt_article').all()).toEqual([{ id: 'a2', error: 'AI接口错误: HTTP 500' }]);
      // the trigger-kept article count follows
      expect((db.prepare("SELECT live FROM row_count WHERE table_name = 'article' AND tenant_id = '000000'").get() as { live: number }).live).toBe(before + 2);

      const menu = db.prepare("SELECT m.id, m.path, p.code AS parent FROM blade_menu m JOIN blade_menu p ON p.id = m.parent_id WHERE m.code = 'gptGenerateTemplateParm'").get();
      expect(menu).toMatchObject({ path: '/article/gptGenerateTemplateParm', parent: 'content' });
      const buttons = db.prepare("SELECT code FROM blade_menu WHERE code LIKE 'gptGenerateTemplateParm\\_%' ESCAPE '\\' ORDER BY sort").all();
      expect(buttons).toEqual(['add', 'edit', 'delete', 'view'].map((a) => ({ code: `gptGenerateTemplateParm_${a}` })));
      // every role holding 生成文章任务 now holds the menu and its buttons
      const holders = db.prepare("SELECT rm.role_id FROM blade_role_menu rm JOIN blade_menu m ON m.id = rm.menu_id WHERE m.code = 'gptProduceArticle'").all() as { role_id: string }[];
      expect(holders.length).toBeGreaterThan(0);
      for (const { role_id } of holders) {
        const n = db.prepare("SELECT COUNT(*) AS n FROM blade_role_menu rm JOIN blade_menu m ON m.id = rm.menu_id WHERE rm.role_id = ? AND m.code LIKE 'gptGenerateTemplateParm%'").get(role_id) as { n: number };
        expect(n.n).toBe(5);
      }
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
