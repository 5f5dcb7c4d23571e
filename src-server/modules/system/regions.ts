// Regions (/website-blade-system/region): keyed by code; lazy tree by parentCode.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type DataLayer, type RawBuilder } from '../../db/data-layer';
import { ok, ServiceError, status } from '../../http/reply';
import { body, paramOf, requireParam, rows, SYS, treeNode } from './common';
import { allow, menu } from '../../http/access-policy';
import { judgeDeclared } from '../../crud/declared-input';
import { REGION } from '../../../src-shared/declarations/system';

const FIELDS = ['provinceCode', 'provinceName', 'cityCode', 'cityName', 'districtCode', 'districtName', 'townCode', 'townName', 'villageCode', 'villageName'];
/** parentCode of the top level: '00' (0 and empty accepted) */
const rootOr = (v: string | undefined): string => (!v || v.trim() === '' || v.trim() === '0' ? '00' : v.trim());
const snake = (s: string): string => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
/** the name of the top level ('00'), the parent of the provinces: no row of its own */
export const REGION_ROOT_NAME = '中华人民共和国';

export function registerRegionRoutes(api: FastifyInstance, data: DataLayer): void {
  const B = `${SYS}/region`;
  // as stock's RegionVO: the parent's name beside its code (Sword's region form requires 父区划名称)
  const withVo = (r: Record<string, unknown>, has: Set<string>, names: Map<string, string>): Record<string, unknown> => ({
    ...r, id: r.code, parentId: r.parentCode, parentName: names.get(String(r.parentCode)) ?? '', level: r.regionLevel, hasChildren: has.has(String(r.code)),
  });
  const parents = async (): Promise<Set<string>> =>
    new Set((await data.all(sql<{ parent_code: string }>`SELECT DISTINCT parent_code FROM blade_region`)).map((x) => x.parent_code));
  const parentNames = async (regions: Record<string, unknown>[]): Promise<Map<string, string>> => {
    const codes = [...new Set(regions.map((r) => String(r.parentCode)))].filter((c) => c !== '00');
    const found = codes.length === 0 ? [] : await data.all(sql<{ code: string; name: string }>`SELECT code, name FROM blade_region WHERE code IN (${sql.join(codes)})`);
    return new Map([['00', REGION_ROOT_NAME], ...found.map((f): [string, string] => [f.code, f.name])]);
  };
  const vos = async (regions: Record<string, unknown>[]): Promise<Record<string, unknown>[]> => {
    const [has, names] = await Promise.all([parents(), parentNames(regions)]);
    return regions.map((r) => withVo(r, has, names));
  };
  const byCode = async (code: string) => (await rows(data, sql`SELECT * FROM blade_region WHERE code = ${code}`))[0];
  const childrenOf = (parentCode: string) => rows(data, sql`SELECT * FROM blade_region WHERE parent_code = ${parentCode} ORDER BY sort, code`);
  const list = async (request: FastifyRequest) => {
    const q = (request.query ?? {}) as Record<string, string | undefined>;
    if (q.name?.trim() || q.code?.trim()) {
      const where: RawBuilder<unknown>[] = [];
      if (q.name?.trim()) where.push(data.dialect.contains(sql.ref('name'), q.name.trim()));
      if (q.code?.trim()) where.push(data.dialect.contains(sql.ref('code'), q.code.trim()));
      return ok(await vos(await rows(data, sql`SELECT * FROM blade_region WHERE ${sql.join(where, sql` AND `)} ORDER BY sort, code LIMIT 1000`)));
    }
    const parentCode = rootOr(paramOf(request, 'parentCode'));
    return ok(await vos(await childrenOf(parentCode)));
  };
  api.get(`${B}/list`, allow(menu('region')), list);
  api.get(`${B}/lazy-list`, allow(menu('region')), list);
  api.get(`${B}/lazy-tree`, allow(menu('region')), async (request) => {
    const parentCode = rootOr(paramOf(request, 'parentCode'));
    const has = await parents();
    const regions = await data.all(
      sql<{ code: string; parent_code: string; name: string }>`SELECT code, parent_code, name FROM blade_region WHERE parent_code = ${parentCode} ORDER BY sort, code`,
    );
    return ok(regions.map((r) => treeNode(r.code, r.parent_code, r.name, { hasChildren: has.has(r.code) })));
  });
  api.get(`${B}/detail`, allow(menu('region')), async (request) => {
    const code = paramOf(request, 'code')?.trim() || requireParam(request, 'id');
    const r = await byCode(code);
    return ok(r ? (await vos([r]))[0] : null);
  });
  api.get(`${B}/select`, allow('user'), async (request) => {
    const code = paramOf(request, 'code')?.trim() || '00';
    return ok(await childrenOf(code));
  });
  api.post(`${B}/submit`, allow('platform'), async (request) => {
    const b = body(request);
    let code = String(b.code ?? '').trim();
    let parentCode = String(b.parentCode ?? '').trim() || '00';
    // Saber 4.9 shows a top-level region's code after the root's ('00' + '31') and builds a
    // child's code on it ('003199' under '0031'): the root is no part of a region's code
    const known = async (c: string): Promise<boolean> => (await data.get(sql`SELECT 1 AS found FROM blade_region WHERE code = ${c}`)) !== undefined;
    if (/^00\d+$/.test(parentCode) && code.startsWith(parentCode) && !(await known(parentCode)) && (await known(parentCode.slice(2)))) {
      parentCode = parentCode.slice(2);
      code = code.slice(2);
    }
    // judged as the region it becomes (its code without the root's)
    judgeDeclared(REGION, { ...b, code, parentCode }, { update: false });
    const name = String(b.name).trim();
    let ancestors = '00';
    if (parentCode !== '00') {
      const p = await data.get(sql<{ ancestors: string }>`SELECT ancestors FROM blade_region WHERE code = ${parentCode}`);
      if (!p) throw new ServiceError('sys.regionParentMissing');
      ancestors = `${p.ancestors},${parentCode}`;
    }
    // Saber sends its form's `level` next to the `regionLevel` of the record it loaded (the
    // parent's, on 新增下级): when the two differ, the one matching the region's place decides
    const depth = ancestors.split(',').length;
    const given = [b.regionLevel, b.level].filter((v) => v !== undefined && v !== null && v !== '').map(Number);
    const level = given.length === 0 ? depth : given.every((v) => v === given[0]) || !given.includes(depth) ? given[0]! : depth;
    if (!Number.isInteger(level) || level < 0 || level > 5) throw new ServiceError('sys.regionLevelRequired');
    // absent: 1; a whole number otherwise (judged above; an empty one is 0, as before)
    const sort = Number(b.sort ?? 1);
    const extra = FIELDS.map((f) => (b[f] === undefined || b[f] === null || b[f] === '' ? null : String(b[f])));
    // as the stock back end does: the code decides, an existing code is updated, a new one inserted
    const exists = await known(code);
    const cols = ['parent_code', 'ancestors', 'name', ...FIELDS.map(snake), 'region_level', 'sort', 'remark'];
    const vals = [parentCode, ancestors, name, ...extra, level, sort, b.remark ? String(b.remark) : null];
    if (exists) await data.run(sql`UPDATE blade_region SET ${sql.join(cols.map((c, i) => sql`${sql.ref(c)} = ${vals[i]}`))} WHERE code = ${code}`);
    else await data.run(sql`INSERT INTO blade_region (code, ${sql.join(cols.map((c) => sql.ref(c)))}) VALUES (${code}, ${sql.join(vals)})`);
    return ok((await vos([(await byCode(code))!]))[0]);
  });
  api.post(`${B}/remove`, allow('platform'), async (request) => {
    const id = paramOf(request, 'id')?.trim() || paramOf(request, 'ids')?.trim();
    if (!id) throw new ServiceError('common.selectAtLeastOne');
    if (await data.get(sql`SELECT 1 AS found FROM blade_region WHERE parent_code = ${id}`)) throw new ServiceError('common.deleteChildrenFirst');
    if ((await data.run(sql`DELETE FROM blade_region WHERE code = ${id}`)) === 0) throw new ServiceError('common.notFound');
    return status(true);
  });
}
