// Main announces every successful write of a workspace ('data:changed', the
// path written, no query) to every window / page of the profile; reads and
// refused writes announce nothing (src-main/ipc/handlers.ts).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DataChange } from '../../../src-shared/ipc';
import { createHandlers, dispatch, type Handlers } from '../../../src-main/ipc/handlers';
import type { Workspace } from '../../../src-main/workspace';
import { localWorkspace, ok, startBackend, tempDir, type TestBackend } from './helpers';

let tmp: ReturnType<typeof tempDir>;
let backend: TestBackend;
let ws: Workspace;
let handlers: Handlers;
let seen: DataChange[];

beforeEach(async () => {
  tmp = tempDir();
  backend = await startBackend();
  backend.on('GET /website-blade-material/websiteGroup/page', () => ok({ records: [], total: 0 }));
  backend.on('POST /website-blade-material/websiteGroup/save', () => ok(true));
  backend.on('POST /website-blade-material/websiteGroup/remove', () => ({ json: { code: 400, success: false, data: null, msg: '分组下有网站' } }));
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

describe('data:changed', () => {
  it('is sent for a successful write, with the path written and when', async () => {
    const before = Date.now();
    const r = await dispatch(handlers, 'api:request', { method: 'post', url: '/website-blade-material/websiteGroup/save?x=1', data: { name: 'a', type: 0 } });
    expect(r.ok).toBe(true);
    expect(seen).toHaveLength(1);
    expect(seen[0].url).toBe('/website-blade-material/websiteGroup/save');
    expect(seen[0].at).toBeGreaterThanOrEqual(before);
    expect(seen[0].at).toBeLessThanOrEqual(Date.now());
  });

  it('is not sent for a read or a refused write', async () => {
    expect((await dispatch(handlers, 'api:request', { method: 'get', url: '/website-blade-material/websiteGroup/page' })).ok).toBe(true);
    const refused = await dispatch(handlers, 'api:request', { method: 'post', url: '/website-blade-material/websiteGroup/remove', params: { ids: '1' } });
    expect(refused).toMatchObject({ ok: false, error: { code: 400 } });
    expect(seen).toEqual([]);
  });
});
