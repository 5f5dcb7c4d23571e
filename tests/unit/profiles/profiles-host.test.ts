// Browser mode with several profiles: the host serves each call from the
// workspace of the profile it names (x-desk-profile header; the event stream's
// profile query), the Local workspace when it names none; the launch secret and
// the Host check still come first.

import Conf from 'conf';
import { mkdirSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WorkspaceRegistry } from '../../../src-main/profiles';
import { silentLogger } from '../../../src-main/services/errors';
import { LocalDb } from '../../../src-main/services/LocalDb';
import { ProfileService } from '../../../src-main/services/ProfileService';
import { TokenVault } from '../../../src-main/services/TokenVault';
import { startHost, type Host } from '../../../src-main/web/host';
import { otherTenantAdmin, startHarness, type Harness } from '../../contract/helpers';
import { rawRequest, tempDir } from '../main/helpers';

let h: Harness;
let dir: ReturnType<typeof tempDir>;
let registry: WorkspaceRegistry;
let profiles: ProfileService;
let host: Host;
let otherId: string;

beforeAll(async () => {
  h = await startHarness();
  await otherTenantAdmin(h, '100001', '乙公司');
  dir = tempDir('smc-phost-');
  const renderer = join(dir.dir, 'renderer');
  mkdirSync(renderer, { recursive: true });
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  profiles = new ProfileService(new Conf<Record<string, unknown>>({ cwd: dir.dir, configName: 'profiles' }), { localBaseUrl: h.server.url, localOverrides: { captchaMode: false } });
  otherId = profiles.save({ name: '乙公司', baseUrl: h.server.url, tenantId: '100001', clientId: 'saber', captchaMode: false }).id;
  const vault = new TokenVault(null, { logger: silentLogger });
  await vault.setSecret(otherId, 'saber_secret');
  registry = new WorkspaceRegistry({ profiles, vault, host: 'web', version: 't', openDb: (id) => LocalDb.open(join(dir.dir, `${id}.db`)), logger: silentLogger });
  host = await startHost({
    profiles: { handlers: (id) => registry.handlers(id), events: (id) => (profiles.get(id) ? registry.events(id) : null) },
    rendererDir: renderer,
  });
});

afterAll(async () => {
  await host?.close();
  await registry?.closeAll();
  await h?.stop();
  dir?.remove();
});

const rpc = async (channel: string, req: unknown, headers: Record<string, string> = {}) => {
  const r = await rawRequest(`${host.origin}/rpc/${channel}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-desk-key': host.secret, ...headers },
    body: JSON.stringify({ req }),
  });
  return { status: r.status, body: r.status === 200 ? (JSON.parse(r.body) as unknown) : r.body };
};
/** The data of a successful call. */
const dataOf = <T>(r: { body: unknown }): T => (r.body as { data: T }).data;

/** Opens the event stream of a profile ('' = none named): resolves `connected` once subscribed, `text` is all it received. */
function stream(profile: string): { connected: Promise<void>; text: () => string; close(): void } {
  let text = '';
  let onConnect: () => void = () => undefined;
  const connected = new Promise<void>((r) => (onConnect = r));
  const req = httpRequest(`${host.origin}/rpc/events?k=${host.secret}${profile ? `&profile=${profile}` : ''}`, (res) => {
    res.on('data', (c: Buffer) => {
      text += c.toString();
      if (text.includes(': connected')) onConnect();
    });
  });
  req.on('error', () => undefined);
  req.end();
  return { connected, text: () => text, close: () => req.destroy() };
}

describe('browser-mode host with several profiles', () => {
  it('answers each call from the named profile, the Local workspace by default; unknown or malformed names get 404', async () => {
    const local = await rpc('app:info', null);
    const other = await rpc('app:info', null, { 'x-desk-profile': otherId });
    expect(dataOf<{ profile: { id: string } }>(local).profile.id).toBe('local');
    expect(dataOf<{ profile: object }>(other).profile).toMatchObject({ id: otherId, tenantId: '100001' });
    expect(await rpc('app:info', null, { 'x-desk-profile': 'nope' })).toEqual({ status: 404, body: 'unknown profile' });
    expect(await rpc('app:info', null, { 'x-desk-profile': '../etc' })).toEqual({ status: 404, body: 'unknown profile' });
    // the secret is still checked first
    const noKey = await rawRequest(`${host.origin}/rpc/app:info`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-desk-profile': otherId }, body: '{}' });
    expect(noKey.status).toBe(403);
    const badStream = await rawRequest(`${host.origin}/rpc/events?k=${host.secret}&profile=nope`);
    expect(badStream.status).toBe(404);
  });

  it('keeps the sessions of two profiles apart, and sends a profile its own events only', async () => {
    const a = await rpc('auth:login', { tenantId: '000000', username: 'admin', password: 'admin' });
    const b = await rpc('auth:login', { tenantId: '100001', username: 'admin', password: 'other' }, { 'x-desk-profile': otherId });
    expect(dataOf<{ tenant_id: string }>(a).tenant_id).toBe('000000');
    expect(dataOf<{ tenant_id: string }>(b).tenant_id).toBe('100001');

    // the other profile's session expires (its token is refused); only its stream hears of it
    const otherStream = stream(otherId);
    const localStream = stream('');
    await Promise.all([otherStream.connected, localStream.connected]);
    await (await registry.workspace(otherId)).api.expire('test');
    await expect.poll(() => otherStream.text()).toContain('"event":"session:expired"');
    // a marker event on the Local workspace after it: once it arrived, anything written before it on that stream has too
    registry.events('local').emit('export:progress', { id: 'marker', received: 1, total: 1 });
    await expect.poll(() => localStream.text()).toContain('"id":"marker"');
    expect(localStream.text()).not.toContain('session:expired');
    expect(otherStream.text()).not.toContain('marker');
    otherStream.close();
    localStream.close();

    expect((await rpc('auth:session', null, { 'x-desk-profile': otherId })).body).toEqual({ ok: true, data: null });
    expect(dataOf<{ tenant_id: string }>(await rpc('auth:session', null)).tenant_id).toBe('000000');
    await rpc('auth:logout', null);
  });
});
