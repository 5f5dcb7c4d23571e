// The console's SQLite dictionary cache is dropped for a code when that code's
// dictionary is written through api:request (dict / dict-biz submit, remove).
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHandlers, dispatch, type Handlers } from '../../../src-main/ipc/handlers';
import { isDictWrite } from '../../../src-main/services/DictService';
import { LocalDb } from '../../../src-main/services/LocalDb';
import type { Workspace } from '../../../src-main/workspace';
import { localWorkspace, ok, startBackend, tempDir, type TestBackend } from './helpers';

let tmp: ReturnType<typeof tempDir>;
let backend: TestBackend;
let ws: Workspace;
let handlers: Handlers;
let db: LocalDb;
const version: Record<string, number> = { yes_no: 1, sex: 1 };

beforeEach(async () => {
  tmp = tempDir();
  backend = await startBackend();
  backend.on('GET /website-blade-system/dict/dictionary', (r) => {
    const code = r.query.get('code') ?? '';
    return ok([{ id: '1', parentId: '0', code, dictKey: '1', dictValue: `${code}-v${version[code]}`, sort: 1 }]);
  });
  backend.on('POST /website-blade-system/dict/submit', () => ok({ id: '1' }));
  backend.on('POST /website-blade-system/dict/remove', () => ok(true));
  db = LocalDb.open(join(tmp.dir, 'local.db'));
  ws = await localWorkspace(tmp.dir, backend.baseUrl, { db });
  handlers = createHandlers(ws);
});
afterEach(async () => {
  ws.close();
  await backend.close();
  tmp.remove();
});

const get = async (code: string) => {
  const r = await dispatch(handlers, 'dict:get', { code });
  if (!r.ok) throw new Error(r.error.message);
  return (r.data as { dictValue: string }[])[0].dictValue;
};

describe('dictionary cache invalidation', () => {
  it('recognises dictionary writes only', () => {
    expect(isDictWrite('/website-blade-system/dict/submit')).toBe(true);
    expect(isDictWrite('/website-blade-system/dict-biz/remove')).toBe(true);
    expect(isDictWrite('/website-blade-system/dict/dictionary')).toBe(false);
    expect(isDictWrite('/website-blade-system/dict/list')).toBe(false);
    expect(isDictWrite('/website-blade-system/param/submit')).toBe(false);
  });

  it('a submit naming a code drops that code only; a remove by ids drops all', async () => {
    version.yes_no = 1;
    version.sex = 1;
    expect(await get('yes_no')).toBe('yes_no-v1');
    expect(await get('sex')).toBe('sex-v1');
    version.yes_no = 2;
    version.sex = 2;
    expect(await get('yes_no')).toBe('yes_no-v1'); // cached
    const submit = await dispatch(handlers, 'api:request', { method: 'post', url: '/website-blade-system/dict/submit', data: { code: 'yes_no', parentId: '9', dictKey: '2', dictValue: 'x', sort: 1, isSealed: 0 } });
    expect(submit.ok).toBe(true);
    expect(db.getDict('yes_no')).toBeNull();
    expect(db.getDict('sex')).not.toBeNull();
    expect(await get('yes_no')).toBe('yes_no-v2');
    expect(await get('sex')).toBe('sex-v1');

    const removed = await dispatch(handlers, 'api:request', { method: 'post', url: '/website-blade-system/dict/remove', params: { ids: '1' } });
    expect(removed.ok).toBe(true);
    expect(await get('sex')).toBe('sex-v2');
    expect(backend.count('GET /website-blade-system/dict/dictionary')).toBe(4);
  });
});
