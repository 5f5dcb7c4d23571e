// 导入数据 (issue 36 item 4): Search Console's own export of its Performance
// report, for a website without API access. `POST /seo-blade-search/traffic/import`
// (multipart `file`, field `websiteInfoId`) takes the export's zip (Queries.csv,
// Pages.csv, Countries.csv, Devices.csv, Search appearance.csv, Dates.csv,
// Filters.csv) or its dates table alone, UTF-8 with or without a BOM, its columns in
// the English UI's words (Date, Clicks, Impressions, CTR, Position) or the Chinese
// UI's (日期, 点击次数, 展示次数, 点击率, 排名). The dates table's rows become the
// website's day totals at Google (search_daily), each replacing that day. The other
// tables carry no dates (their rows sum the whole exported range), so no day or
// month of the top tables can hold them: the answer says they were not imported.
// An export filtered by query, page, country, device or appearance, or of another
// search type than web, does not hold the website's totals: it is refused.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { allow, menuButton } from '../../../http/access-policy';
import { ok, ServiceError } from '../../../http/reply';
import { readerLanguage } from '../../../http/reasons';
import { messageText, type Message, type MessageKey, type ReplyLanguage } from '../../../../src-shared/messages';
import { sql } from '../../../db/data-layer';
import { TRAFFIC_API, type TrafficImportResult } from '../../../../src-shared/search-traffic';
import { unzip } from '../../admin/zip';
import type { ContentContext } from '../shared/context';
import { scopeOf, str, type Rec } from '../shared/request';
import { isDay } from './days';
import { writeDayTotals, type DayTotal } from './traffic-store';

const MAX_BYTES = 20 * 1024 * 1024;

/** the refusals of an import: keys of the message table (src-shared/messages/search-messages.ts) */
export const IMPORT_MSG = {
  file: 'searchImport.file',
  size: 'searchImport.size',
  website: 'searchImport.website',
  noWebsite: 'searchImport.noWebsite',
  notExport: 'searchImport.notExport',
  badZip: 'searchImport.badZip',
  empty: 'searchImport.empty',
} as const satisfies Record<string, MessageKey>;

/** the columns, by the words of either UI */
const COLUMNS = {
  date: ['date', '日期'],
  clicks: ['clicks', '点击次数', '点击'],
  impressions: ['impressions', '展示次数', '展示'],
  ctr: ['ctr', '点击率'],
  position: ['position', '排名', '平均排名', 'average position'],
} as const;

/** filters that make the dates table another thing than the website's totals */
const NARROWING = ['query', 'queries', 'page', 'pages', 'country', 'device', 'search appearance', '查询', '查询数', '网页', '国家', '国家/地区', '设备', '搜索结果呈现', '搜索外观'];
const SEARCH_TYPE = ['search type', '搜索类型'];
const WEB = ['web', '网页'];

/** RFC 4180 rows: quoted fields (with "" and line breaks inside), commas, CRLF or LF */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

const norm = (s: string) => s.replace(/^\uFEFF/, '').trim().toLowerCase();
const textOf = (bytes: Buffer) => bytes.toString('utf8').replace(/^\uFEFF/, '');

/** the columns of a header row, or null when it is not a dates table */
function datesHeader(header: string[]): Record<keyof typeof COLUMNS, number> | null {
  const at = (names: readonly string[]) => header.findIndex((h) => names.includes(norm(h)));
  const cols = { date: at(COLUMNS.date), clicks: at(COLUMNS.clicks), impressions: at(COLUMNS.impressions), ctr: at(COLUMNS.ctr), position: at(COLUMNS.position) };
  return cols.date === 0 && cols.clicks > 0 && cols.impressions > 0 ? cols : null;
}

/** "1,234" -> 1234; "" -> NaN */
const number = (s: string | undefined): number => {
  const t = (s ?? '').replace(/[,\s]/g, '').replace(/%$/, '');
  return t === '' ? NaN : Number(t);
};

/** 2024-01-15 (or 2024/1/15) as YYYY-MM-DD, '' when it is no day */
function dayOf(text: string): string {
  const m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(text.trim());
  if (!m) return '';
  const day = `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}`;
  return isDay(day) ? day : '';
}

/** why Filters.csv's rows make the export something else than the website's totals (undefined when they do not) */
function filtersRefusal(rows: string[][]): Message | undefined {
  for (const [name = '', value = ''] of rows.slice(1)) {
    const n = norm(name);
    if (NARROWING.includes(n)) return { key: 'searchImport.filtered', params: { name: name.trim(), value: value.trim() } };
    if (SEARCH_TYPE.includes(n) && value.trim() && !WEB.includes(norm(value))) return { key: 'searchImport.searchType', params: { type: value.trim() } };
  }
  return undefined;
}

/**
 * Reads an export (the zip or one CSV): the day totals, the rows read, the lines skipped, the tables not imported
 * (their reasons in `language`).
 */
export function readExport(bytes: Buffer, fileName: string, language: ReplyLanguage = 'zh'): { totals: DayTotal[]; rows: number; skipped: TrafficImportResult['skipped']; notImported: TrafficImportResult['notImported'] } {
  const tables: { file: string; rows: string[][] }[] = [];
  if (bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50) {
    let entries: Map<string, Buffer> | null;
    try {
      entries = unzip(bytes);
    } catch {
      entries = null;
    }
    if (!entries) throw new ServiceError(IMPORT_MSG.badZip);
    for (const [name, data] of entries) if (/\.csv$/i.test(name)) tables.push({ file: name.split('/').pop()!, rows: parseCsv(textOf(data)) });
  } else {
    tables.push({ file: fileName || 'Dates.csv', rows: parseCsv(textOf(bytes)) });
  }
  const dates = tables.find((t) => t.rows.length > 0 && datesHeader(t.rows[0]!));
  if (!dates) throw new ServiceError(IMPORT_MSG.notExport);
  const filters = tables.find((t) => t !== dates && /filters?\.csv$|筛选|过滤/i.test(t.file));
  const refusal = filters ? filtersRefusal(filters.rows) : undefined;
  if (refusal) throw new ServiceError(refusal);
  const cols = datesHeader(dates.rows[0]!)!;
  const skipped: TrafficImportResult['skipped'] = [];
  const byDay = new Map<string, DayTotal>();
  let rows = 0;
  dates.rows.slice(1).forEach((cells, i) => {
    const line = i + 2;
    if (cells.every((c) => c.trim() === '')) return;
    rows++;
    const skip = (reason: Message) => skipped.push({ line, reason: messageText(reason, language), file: dates.file });
    const cell = (i: number) => (cells[i] ?? '').trim().slice(0, 40);
    const day = dayOf(cells[cols.date] ?? '');
    if (!day) return skip({ key: 'searchImport.badDay', params: { value: cell(cols.date) } });
    const clicks = number(cells[cols.clicks]);
    const impressions = number(cells[cols.impressions]);
    if (!Number.isInteger(clicks) || clicks < 0) return skip({ key: 'searchImport.badClicks', params: { value: cell(cols.clicks) } });
    if (!Number.isInteger(impressions) || impressions < 0) return skip({ key: 'searchImport.badImpressions', params: { value: cell(cols.impressions) } });
    const position = cols.position >= 0 ? number(cells[cols.position]) : 0;
    if (!Number.isFinite(position) || position < 0) return skip({ key: 'searchImport.badPosition', params: { value: cell(cols.position) } });
    if (byDay.has(day)) return skip({ key: 'searchImport.duplicate', params: { day } });
    // an export without a position column (or a day without impressions) gives no position
    byDay.set(day, { day, clicks, impressions, positionSum: position * impressions, positionImpressions: cols.position >= 0 && position > 0 ? impressions : 0 });
  });
  if (rows === 0) throw new ServiceError(IMPORT_MSG.empty);
  const notImported = tables
    .filter((t) => t !== dates && t !== filters)
    .map((t) => ({ file: t.file, reason: messageText(/quer|查询/i.test(t.file) || /page|网页/i.test(t.file) ? 'searchImport.noDatesSum' : 'searchImport.noDates', language) }));
  return { totals: [...byDay.values()].sort((a, b) => a.day.localeCompare(b.day)), rows, skipped, notImported };
}

export function registerTrafficImport(api: FastifyInstance, ctx: ContentContext): void {
  const { data } = ctx;
  /** the uploaded file (held in memory: an export is small) and the text fields, in whatever order they came */
  const receive = async (request: FastifyRequest): Promise<{ bytes: Buffer | null; name: string; fields: Rec }> => {
    if (!request.isMultipart()) throw new ServiceError(IMPORT_MSG.file);
    const fields: Rec = {};
    let bytes: Buffer | null = null;
    let name = '';
    for await (const part of request.parts({ limits: { fileSize: MAX_BYTES + 1, files: 1 } })) {
      if (part.type !== 'file') {
        fields[part.fieldname] = part.value;
        continue;
      }
      const got = await part.toBuffer().catch(() => {
        throw new ServiceError(IMPORT_MSG.size);
      });
      if (part.file.truncated || got.length > MAX_BYTES) throw new ServiceError(IMPORT_MSG.size);
      if (part.fieldname === 'file') {
        bytes = got;
        name = part.filename || '';
      }
    }
    return { bytes, name, fields };
  };

  api.post(TRAFFIC_API.import, allow(menuButton('searchEngine', 'searchEngine_import')), async (request) => {
    const { tenantId } = scopeOf(request);
    const { bytes, name, fields } = await receive(request);
    const websiteId = str(fields.websiteInfoId).trim();
    if (!websiteId) throw new ServiceError(IMPORT_MSG.website);
    const site = await data.get(sql`SELECT id FROM website_info WHERE id = ${websiteId} AND tenant_id = ${tenantId} AND is_deleted = 0`);
    if (!site) throw new ServiceError(IMPORT_MSG.noWebsite);
    if (!bytes || bytes.length === 0) throw new ServiceError(IMPORT_MSG.file);
    const read = readExport(bytes, name, readerLanguage(request));
    await data.transaction((trx) => writeDayTotals(trx, tenantId, websiteId, 'google', read.totals));
    const days = read.totals.map((t) => t.day);
    return ok({
      days: days.length,
      rows: read.rows,
      skipped: read.skipped,
      notImported: read.notImported,
      from: days[0] ?? '',
      to: days[days.length - 1] ?? '',
    } satisfies TrafficImportResult);
  });
}
