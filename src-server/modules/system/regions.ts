// Regions (/website-blade-system/region): keyed by code; lazy tree by parentCode.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { MSG_NOT_FOUND, ok, ServiceError, status } from '../../http/reply';
import { body, likeParam, paramOf, requireParam, rows, SYS, treeNode } from './common';
import { allow, menu } from '../../http/access-policy';

const FIELDS = ['provinceCode', 'provinceName', 'cityCode', 'cityName', 'districtCode', 'districtName', 'townCode', 'townName', 'villageCode', 'villageName'];
/** parentCode of the top level: '00' (0 and empty accepted) */
const rootOr = (v: string | undefined): string => (!v || v.trim() === '' || v.trim() === '0' ? '00' : v.trim());
const snake = (s: string): string => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export function registerRegionRoutes(api: FastifyInstance, db: Db): void {
  const B = `${SYS}/region`;
  const withVo = (r: Record<string, unknown>, has: Set<string>): Record<string, unknown> => ({
    ...r, id: r.code, parentId: r.parentCode, level: r.regionLevel, hasChildren: has.has(String(r.code)),
  });
  const parents = (): Set<string> => new Set((db.prepare('SELECT DISTINCT parent_code FROM blade_region').all() as { parent_code: string }[]).map((x) => x.parent_code));
  const list = async (request: import('fastify').FastifyRequest) => {
    const q = (request.query ?? {}) as Record<string, string | undefined>;
    const has = parents();
    if (q.name?.trim() || q.code?.trim()) {
      const where: string[] = [];
      const params: unknown[] = [];
      if (q.name?.trim()) { where.push("name LIKE ? ESCAPE '\\'"); params.push(likeParam(q.name.trim())); }
      if (q.code?.trim()) { where.push("code LIKE ? ESCAPE '\\'"); params.push(likeParam(q.code.trim())); }
      return ok(rows(db, `SELECT * FROM blade_region WHERE ${where.join(' AND ')} ORDER BY sort, code LIMIT 1000`, ...params).map((r) => withVo(r, has)));
    }
    const parentCode = rootOr(paramOf(request, 'parentCode'));
    return ok(rows(db, 'SELECT * FROM blade_region WHERE parent_code = ? ORDER BY sort, code', parentCode).map((r) => withVo(r, has)));
  };
  api.get(`${B}/list`, allow(menu('region')), list);
  api.get(`${B}/lazy-list`, allow(menu('region')), list);
  api.get(`${B}/lazy-tree`, allow(menu('region')), async (request) => {
    const parentCode = rootOr(paramOf(request, 'parentCode'));
    const has = parents();
    return ok((db.prepare('SELECT code, parent_code, name FROM blade_region WHERE parent_code = ? ORDER BY sort, code').all(parentCode) as
      { code: string; parent_code: string; name: string }[]).map((r) => treeNode(r.code, r.parent_code, r.name, { hasChildren: has.has(r.code) })));
  });
  api.get(`${B}/detail`, allow(menu('region')), async (request) => {
    const code = paramOf(request, 'code')?.trim() || requireParam(request, 'id');
    const r = rows(db, 'SELECT * FROM blade_region WHERE code = ?', code)[0];
    return ok(r ? withVo(r, parents()) : null);
  });
  api.get(`${B}/select`, allow('user'), async (request) => {
    const code = paramOf(request, 'code')?.trim() || '00';
    return ok(rows(db, 'SELECT * FROM blade_region WHERE parent_code = ? ORDER BY sort, code', code));
  });
  api.post(`${B}/submit`, allow('platform'), async (request) => {
    const b = body(request);
    let code = String(b.code ?? '').trim();
    let parentCode = String(b.parentCode ?? '').trim() || '00';
    // Saber 4.9 shows a top-level region's code after the root's ('00' + '31') and builds a
    // child's code on it ('003199' under '0031'): the root is no part of a region's code
    const known = (c: string): boolean => db.prepare('SELECT 1 FROM blade_region WHERE code = ?').get(c) !== undefined;
    if (/^00\d+$/.test(parentCode) && code.startsWith(parentCode) && !known(parentCode) && known(parentCode.slice(2))) {
      parentCode = parentCode.slice(2);
      code = code.slice(2);
    }
    if (!code) throw new ServiceError('请输入区划编号');
    if (!/^\d{2,12}$/.test(code)) throw new ServiceError('区划编号必须是2到12位数字');
    const name = String(b.name ?? '').trim();
    if (!name) throw new ServiceError('请输入区划名称');
    let ancestors = '00';
    if (parentCode !== '00') {
      const p = db.prepare('SELECT ancestors FROM blade_region WHERE code = ?').get(parentCode) as { ancestors: string } | undefined;
      if (!p) throw new ServiceError('上级区划不存在');
      ancestors = `${p.ancestors},${parentCode}`;
    }
    // Saber sends its form's `level` next to the `regionLevel` of the record it loaded (the
    // parent's, on 新增下级): when the two differ, the one matching the region's place decides
    const depth = ancestors.split(',').length;
    const given = [b.regionLevel, b.level].filter((v) => v !== undefined && v !== null && v !== '').map(Number);
    const level = given.length === 0 ? depth : given.every((v) => v === given[0]) || !given.includes(depth) ? given[0]! : depth;
    if (!Number.isInteger(level) || level < 0 || level > 5) throw new ServiceError('请选择区划层级');
    const sort = Number(b.sort ?? 1);
    if (!Number.isInteger(sort)) throw new ServiceError('排序必须是整数');
    const extra = FIELDS.map((f) => (b[f] === undefined || b[f] === null || b[f] === '' ? null : String(b[f])));
    // as the stock back end does: the code decides, an existing code is updated, a new one inserted
    const exists = db.prepare('SELECT 1 FROM blade_region WHERE code = ?').get(code);
    const cols = ['parent_code', 'ancestors', 'name', ...FIELDS.map(snake), 'region_level', 'sort', 'remark'];
    const vals = [parentCode, ancestors, name, ...extra, level, sort, b.remark ? String(b.remark) : null];
    if (exists) db.prepare(`UPDATE blade_region SET ${cols.map((c) => `${c} = ?`).join(', ')} WHERE code = ?`).run(...vals, code);
    else db.prepare(`INSERT INTO blade_region (code, ${cols.join(', ')}) VALUES (?, ${cols.map(() => '?').join(', ')})`).run(code, ...vals);
    return ok(withVo(rows(db, 'SELECT * FROM blade_region WHERE code = ?', code)[0]!, parents()));
  });
  api.post(`${B}/remove`, allow('platform'), async (request) => {
    const id = paramOf(request, 'id')?.trim() || paramOf(request, 'ids')?.trim();
    if (!id) throw new ServiceError('请选择至少一条数据');
    if (db.prepare('SELECT 1 FROM blade_region WHERE parent_code = ?').get(id)) throw new ServiceError('请先删除子节点!');
    if (db.prepare('DELETE FROM blade_region WHERE code = ?').run(id).changes === 0) throw new ServiceError(MSG_NOT_FOUND);
    return status(true);
  });
}
