// search:traffic-import: main posts Search Console's export (its bytes from the
// renderer, base64) as multipart to /seo-blade-search/traffic/import with the
// website's id, answers the server's reply, announces the write; a file that is
// not a zip or csv, or no website, is refused before anything is sent.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DataChange } from '../../../src-shared/ipc';
import { createHandlers, dispatch, type Handlers } from '../../../src-main/ipc/handlers';
import type { Workspace } from '../../../src-main/workspace';
import { localWorkspace, ok, startBackend, tempDir, type TestBackend } from './helpers';

const URL = '/seo-blade-search/traffic/import';
let tmp: ReturnType<typeof tempDir>;
let backend: TestBackend;
let ws: Workspace;
let handlers: Handlers;
let seen: DataChange[];

beforeEach(async () => {
  tmp = tempDir();
  backend = await startBackend();
  ws = await localWorkspace(tmp.dir, backend.baseUrl);
  handlers = createHandlers(ws);
  seen = [];
  ws.events.subscribe((event, payload) => {
    if (event === 'data:changed') seen.push(payload as DataChange);
  });
});
afterEach(async () => {
  ws.close();
  await backend.close();
  tmp.remove();
});

describe('search:traffic-import', () => {
  it('sends the file and the website as multipart and answers the server\'s reply', async () => {
    const csv = '日期,点击次数,展示次数,点击率,排名\n2025-03-01,3,40,7.5%,4.2\n';
    let got: { type: string; body: string } | null = null;
    backend.on(`POST ${URL}`, (r) => {
      got = { type: String(r.headers['content-type']), body: r.body };
      return ok({ days: 1, rows: 1, skipped: [], notImported: [], from: '2025-03-01', to: '2025-03-01' });
    });
    const r = await dispatch(handlers, 'search:traffic-import', { websiteInfoId: 'w1', name: '日期.csv', base64: Buffer.from(csv).toString('base64') });
    expect(r).toMatchObject({ ok: true, data: { code: 200, data: { days: 1, rows: 1, from: '2025-03-01' } } });
    expect(got).not.toBeNull();
    const { type, body } = got!;
    expect(type).toMatch(/^multipart\/form-data; boundary=/);
    expect(body).toMatch(/name="websiteInfoId"\r\n\r\nw1\r\n/);
    expect(body).toContain('name="file"; filename="日期.csv"');
    expect(body).toContain(csv);
    expect(seen.map((c) => c.url)).toEqual([URL]);
  });

  it('passes the server\'s refusal on and announces nothing', async () => {
    backend.on(`POST ${URL}`, () => ({ json: { code: 400, success: false, data: null, msg: '日期表中没有数据行' } }));
    const r = await dispatch(handlers, 'search:traffic-import', { websiteInfoId: 'w1', name: 'Dates.csv', base64: Buffer.from('Date,Clicks\n').toString('base64') });
    expect(r).toMatchObject({ ok: false, error: { code: 400, message: '日期表中没有数据行' } });
    expect(seen).toEqual([]);
  });

  it('refuses another file type, no website or no bytes before sending anything', async () => {
    const bytes = Buffer.from('x').toString('base64');
    expect(await dispatch(handlers, 'search:traffic-import', { websiteInfoId: 'w1', name: 'report.xlsx', base64: bytes })).toMatchObject({ ok: false, error: { code: 400 } });
    expect(await dispatch(handlers, 'search:traffic-import', { websiteInfoId: ' ', name: 'Dates.csv', base64: bytes })).toMatchObject({ ok: false, error: { code: 400, message: '请选择网站' } });
    expect(await dispatch(handlers, 'search:traffic-import', { websiteInfoId: 'w1', name: 'Dates.csv', base64: '' })).toMatchObject({ ok: false, error: { code: 400 } });
    expect(backend.count(`POST ${URL}`)).toBe(0);
  });
});
