// The shell's channels over a real workspace and the real embedded back end:
// tabs kept per profile, log upload, open-external, frame URL token substitution, switch dept/role.
import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Conf from 'conf';
import { startServer } from '../../../src-server/app';
import { openDatabase } from '../../../src-server/db/database';
import { createHandlers, dispatch, type Handlers } from '../../../src-main/ipc/handlers';
import { silentLogger } from '../../../src-main/services/errors';
import { LocalDb } from '../../../src-main/services/LocalDb';
import { ProfileService } from '../../../src-main/services/ProfileService';
import { TokenVault } from '../../../src-main/services/TokenVault';
import { createWorkspace, type Workspace } from '../../../src-main/workspace';
import { tempDir } from './helpers';

let tmp: ReturnType<typeof tempDir>;
let server: Awaited<ReturnType<typeof startServer>>;
let ws: Workspace;
let handlers: Handlers;
const opened: string[] = [];

beforeAll(async () => {
  tmp = tempDir('smc-shell-');
  server = await startServer({ dataDir: join(tmp.dir, 'server'), port: 0 });
  const profiles = new ProfileService(new Conf<Record<string, unknown>>({ cwd: tmp.dir, configName: 'profiles' }), {
    localBaseUrl: server.url,
    localOverrides: { captchaMode: false },
  });
  const vault = new TokenVault(null, { namespace: `test-shell-${randomBytes(4).toString('hex')}`, logger: silentLogger });
  ws = await createWorkspace({ profile: profiles.get('local')!, vault, db: LocalDb.open(join(tmp.dir, 'local.db')), host: 'web', version: '1.0.0', logger: silentLogger });
  handlers = createHandlers(ws, { openExternal: async (url) => void opened.push(url) });
  await handlers['auth:login']({ tenantId: '000000', username: 'admin', password: 'admin' });
});

afterAll(async () => {
  ws?.close();
  await server?.close();
  tmp?.remove();
});

describe('shell channels', () => {
  it('keeps the open tabs per profile and refuses anything but paths', async () => {
    expect(await handlers['tabs:get']()).toEqual([]);
    await handlers['tabs:save']({ tags: ['/wel/index', '/system/param'] });
    expect(await handlers['tabs:get']()).toEqual(['/wel/index', '/system/param']);
    expect(await dispatch(handlers, 'tabs:save', { tags: ['javascript:alert(1)'] })).toMatchObject({ ok: false, error: { code: 400 } });
  });

  it('keeps the recently opened records per profile and refuses malformed ones', async () => {
    expect(await handlers['recent:get']()).toEqual([]);
    const records = [{ path: '/system/param', id: '12', label: '账号初始密码', time: 1 }];
    await handlers['recent:save']({ records });
    expect(await handlers['recent:get']()).toEqual(records);
    for (const bad of [{ records: [{ path: 'x', id: '1', label: 'a', time: 1 }] }, { records: [{ path: '/a', id: '', label: 'a', time: 1 }] }, { records: 'no' }]) {
      expect(await dispatch(handlers, 'recent:save', bad)).toMatchObject({ ok: false, error: { code: 400 } });
    }
    expect(await handlers['recent:get']()).toEqual(records);
  });

  it('uploads the local error log to the server', async () => {
    expect(await handlers['log:upload']()).toEqual({ count: 0 });
    ws.logs.add({ type: 'error', url: 'app://x', message: 'unit boom', stack: 's' });
    expect(await handlers['log:upload']()).toEqual({ count: 1 });
    const db = openDatabase(join(tmp.dir, 'server'));
    expect(db.prepare("SELECT count(*) AS n FROM blade_log_error WHERE message = 'unit boom'").get()).toEqual({ n: 1 });
    db.close();
  });

  it('opens only http(s) URLs externally', async () => {
    expect(await handlers['app:open-external']({ url: 'https://bladex.cn/docs/' })).toEqual({ opened: true });
    expect(opened).toEqual(['https://bladex.cn/docs/']);
    expect(await dispatch(handlers, 'app:open-external', { url: 'file:///etc/passwd' })).toMatchObject({ ok: false, error: { code: 400 } });
    const web = createHandlers(ws);
    expect(await web['app:open-external']({ url: 'https://bladex.cn/docs/' })).toEqual({ opened: false });
  });

  it('substitutes ${token} only into a URL the menu holds', async () => {
    expect(await dispatch(handlers, 'frame:url', { url: 'https://evil.example/?t=${token}' })).toMatchObject({ ok: false, error: { message: 'not a menu URL' } });
  });

  it('switches department and role by a token refresh', async () => {
    expect(await dispatch(handlers, 'auth:switch', { deptId: '', roleId: 'x' })).toMatchObject({ ok: false, error: { message: '请选择部门' } });
    expect(await dispatch(handlers, 'auth:switch', { deptId: 'x', roleId: '' })).toMatchObject({ ok: false, error: { message: '请选择角色' } });
    const user = ws.auth.current()!;
    const switched = await handlers['auth:switch']({ deptId: user.dept_id, roleId: user.role_id });
    expect(switched.user_id).toBe(user.user_id);
    expect(ws.session.scope).toMatchObject({ deptId: user.dept_id, roleId: user.role_id });
  });

  it('backs up the Local workspace only, into the file the save dialog names; a cancelled dialog writes nothing', async () => {
    expect(await dispatch(handlers, 'local:backup', undefined)).toMatchObject({ ok: false, error: { code: 400, message: 'backup is for the Local workspace only' } });
    const target = join(tmp.dir, 'local-backup.tar.gz');
    const local = createHandlers(ws, { localServerDir: join(tmp.dir, 'server'), chooseSavePath: async () => target });
    const done = await local['local:backup']();
    expect(done.path).toBe(target);
    expect(done.tables).toBeGreaterThan(10);
    expect(done.rows).toBeGreaterThan(0);
    expect(statSync(target).size).toBeGreaterThan(0);
    // the file exists now: a backup never overwrites, and says so
    expect(await dispatch(local, 'local:backup', undefined)).toMatchObject({ ok: false, error: { message: expect.stringContaining('exists; give a new file name') } });
    const cancelled = createHandlers(ws, { localServerDir: join(tmp.dir, 'server'), chooseSavePath: async () => null });
    expect(await cancelled['local:backup']()).toEqual({ path: '', tables: 0, rows: 0, files: 0, bytes: 0 });
  });

  it('offers 恢复 to the Local workspace only', async () => {
    expect(await dispatch(handlers, 'local:restore-choose', undefined)).toMatchObject({ ok: false, error: { code: 400, message: 'restore is for the Local workspace only' } });
    expect(await dispatch(handlers, 'local:restore', { path: join(tmp.dir, 'local-backup.tar.gz') })).toMatchObject({ ok: false, error: { code: 400, message: 'restore is for the Local workspace only' } });
  });
});
