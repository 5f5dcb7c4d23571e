// The upload pipeline through main: file:upload posts the bytes to the real
// server's put-file with the session's token, file:read returns a stored image
// as a data: URL and never sends the token to another host.
import Conf from 'conf';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers, dispatch, type Handlers } from '../../src-main/ipc/handlers';
import { apiPathOf } from '../../src-main/services/FileService';
import { silentLogger } from '../../src-main/services/errors';
import { LocalDb } from '../../src-main/services/LocalDb';
import { ProfileService } from '../../src-main/services/ProfileService';
import { TokenVault } from '../../src-main/services/TokenVault';
import { createWorkspace, type Workspace } from '../../src-main/workspace';
import { startHarness, tempDir, type Harness, PNG } from './helpers';


let h: Harness;
let ws: Workspace;
let handlers: Handlers;
let dir: string;

beforeAll(async () => {
  h = await startHarness();
  dir = tempDir('smc-files-');
  const local = new ProfileService(new Conf<Record<string, unknown>>({ cwd: dir, configName: 'profiles' }), { localBaseUrl: h.server.url }).get('local')!;
  ws = await createWorkspace({
    profile: { ...local, captchaMode: false },
    vault: new TokenVault(null, { logger: silentLogger }),
    db: LocalDb.open(join(dir, 'local.db')),
    host: 'web',
    version: '0.0.0',
    logger: silentLogger,
    restore: false,
  });
  handlers = createHandlers(ws);
});
afterAll(async () => {
  ws.close();
  await h.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('file:upload and file:read', () => {
  it('needs a session', async () => {
    const r = await dispatch(handlers, 'file:upload', { name: 'a.png', base64: PNG.toString('base64') });
    expect(r).toMatchObject({ ok: false, error: { code: 401 } });
  });

  it('uploads through main and reads the image back as a data URL', async () => {
    // a refused sign-in in the console's language (the token endpoint answers BladeX's Chinese: signInText)
    expect(await dispatch(handlers, 'auth:login', { tenantId: '000000', username: 'admin', password: 'wrong', language: 'en' })).toMatchObject({
      ok: false,
      error: { message: 'The user name or the password is wrong' },
    });
    expect(await dispatch(handlers, 'auth:login', { tenantId: '000000', username: 'admin', password: 'wrong' })).toMatchObject({ ok: false, error: { message: '用户名或密码错误' } });
    expect(await dispatch(handlers, 'auth:login', { tenantId: '000000', username: 'admin', password: 'admin' })).toMatchObject({ ok: true });
    const up = await dispatch(handlers, 'file:upload', { name: 'logo.png', type: 'image/png', base64: PNG.toString('base64'), scene: 'template' });
    expect(up).toMatchObject({ ok: true, data: { originalName: 'logo.png' } });
    const link = (up as { data: { link: string } }).data.link;
    expect(link).toMatch(/^\/api\/blade-resource\/oss\/endpoint\/file\/[0-9a-f]{32}\.png$/);
    const read = await dispatch(handlers, 'file:read', { link });
    expect(read).toEqual({ ok: true, data: { url: `data:image/png;base64,${PNG.toString('base64')}` } });
  });

  it('passes the server refusals through with their messages', async () => {
    const gif = await dispatch(handlers, 'file:upload', { name: 'a.gif', base64: PNG.toString('base64'), scene: 'template' });
    expect(gif).toEqual({ ok: false, error: { code: 400, message: '只能上传jpg/png图片' } });
    const big = await dispatch(handlers, 'file:upload', { name: 'a.png', base64: Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]).toString('base64'), scene: 'material' });
    expect(big).toEqual({ ok: false, error: { code: 400, message: '上传图片大小不能超过 1 MB!' } });
    // the console's language goes with the upload (LANGUAGE_CHANNELS): an English console reads the refusal in English
    const exe = { name: 'a.exe', base64: PNG.toString('base64'), scene: 'attach' };
    expect(await dispatch(handlers, 'file:upload', { ...exe, language: 'en' })).toMatchObject({ ok: false, error: { code: 400, message: expect.stringMatching(/^Only .* files can be uploaded!$/) } });
    expect(await dispatch(handlers, 'file:upload', { ...exe, language: 'zh' })).toMatchObject({ ok: false, error: { code: 400, message: expect.stringMatching(/^只能上传 .* 格式的文件!$/) } });
    expect(await dispatch(handlers, 'file:upload', { name: 'a.png' })).toMatchObject({ ok: false, error: { code: 400 } });
    expect(await dispatch(handlers, 'file:upload', { name: 'a.png', base64: 'AAAA', scene: '../x' })).toMatchObject({ ok: false, error: { code: 400 } });
  });

  it('reads only files of the profile server', async () => {
    expect(await dispatch(handlers, 'file:read', { link: 'http://example.com/api/blade-resource/oss/endpoint/file/x.png' })).toMatchObject({ ok: false, error: { code: 400 } });
    expect(apiPathOf('/api/blade-resource/x.png', 'http://127.0.0.1:5/api')).toBe('/blade-resource/x.png');
    expect(apiPathOf('http://127.0.0.1:5/api/blade-resource/x.png', 'http://127.0.0.1:5/api')).toBe('/blade-resource/x.png');
    expect(apiPathOf('http://127.0.0.1:6/api/blade-resource/x.png', 'http://127.0.0.1:5/api')).toBeNull();
    expect(apiPathOf('/other/x.png', 'http://127.0.0.1:5/api')).toBeNull();
  });
});
