// The auto-update state machine against a feed served on 127.0.0.1 the way
// electron-builder publishes it (latest.yml + the installer, sha512 in base64):
// the real FeedAdapter fetches, compares versions, downloads and verifies.

import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { UpdateState } from '../../../src-shared/ipc';
import { createHandlers, dispatch } from '../../../src-main/ipc/handlers';
import { FeedAdapter, MSG_NO_FEED, UpdateService, compareVersions, feedFileName, parseFeedYaml, validateSettings, type SettingsStore } from '../../../src-main/services/UpdateService';
import { silentLogger } from '../../../src-main/services/errors';
import { LocalDb } from '../../../src-main/services/LocalDb';
import { localProfileDefaults } from '../../../src-main/services/ProfileService';
import { TokenVault } from '../../../src-main/services/TokenVault';
import { createWorkspace } from '../../../src-main/workspace';
import { tempDir } from './helpers';

const installer = randomBytes(3 * 1024 * 1024 + 17);
const sha512 = createHash('sha512').update(installer).digest('base64');
const yml = (version: string, hash = sha512, size = installer.length) =>
  [
    `version: ${version}`,
    'files:',
    `  - url: SEO-Matrix-Console-Setup-${version}.exe`,
    `    sha512: ${hash}`,
    `    size: ${size}`,
    `path: SEO-Matrix-Console-Setup-${version}.exe`,
    `sha512: ${hash}`,
    "releaseDate: '2026-11-20T08:00:00.000Z'",
    '',
  ].join('\n');

/** feeds by folder: /ok (0.2.0), /same (0.1.0), /bad-hash, /cut (the connection drops halfway), /missing */
let server: Server;
let base: string;
let tmp: ReturnType<typeof tempDir>;

beforeAll(async () => {
  tmp = tempDir('smc-update-');
  server = createServer((req, res) => {
    const [, feed, file] = (req.url ?? '').split('/');
    if (feed === 'missing') return void res.writeHead(404).end();
    if (file === 'latest.yml') {
      const body = feed === 'same' ? yml('0.1.0') : feed === 'bad-hash' ? yml('0.2.0', createHash('sha512').update('other').digest('base64')) : yml('0.2.0');
      return void res.writeHead(200, { 'content-type': 'text/yaml' }).end(body);
    }
    if (file === 'SEO-Matrix-Console-Setup-0.2.0.exe') {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(installer.length) });
      if (feed === 'cut') {
        res.write(installer.subarray(0, installer.length >> 1), () => res.socket?.destroy());
        return;
      }
      return void res.end(installer);
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  tmp.remove();
});

class MemoryStore implements SettingsStore {
  readonly values = new Map<string, unknown>();
  get(key: string) {
    return this.values.get(key);
  }
  set(key: string, value: unknown) {
    this.values.set(key, value);
  }
}

function setup(feed: string, dirName: string) {
  const dir = join(tmp.dir, dirName);
  const adapter = new FeedAdapter(dir, 'win32');
  const store = new MemoryStore();
  const states: UpdateState[] = [];
  const service = new UpdateService(adapter, store, '0.1.0', (s) => states.push(s));
  if (feed) service.saveSettings({ updateFeedUrl: `${base}/${feed}` });
  return { dir, adapter, service, states };
}

describe('UpdateService on a local generic feed', () => {
  it('finds a newer version, downloads it in the background with progress, verifies the sha512, and waits for the restart', async () => {
    const { dir, adapter, service, states } = setup('ok', 'ok');
    const checked = await service.check();
    expect(checked).toMatchObject({ phase: 'downloading', version: '0.2.0', current: '0.1.0', canRestart: false });
    await service.whenSettled();
    expect(service.state()).toEqual({ phase: 'downloaded', version: '0.2.0', current: '0.1.0', canRestart: false });
    const phases = states.map((s) => s.phase).filter((p, i, all) => p !== all[i - 1]);
    expect(phases).toEqual(['checking', 'available', 'downloading', 'downloaded']);
    expect(states.filter((s) => s.phase === 'downloading').at(-1)).toMatchObject({ transferred: installer.length, total: installer.length });
    expect(adapter.downloadedPath).toBe(join(dir, 'SEO-Matrix-Console-Setup-0.2.0.exe'));
    expect(readFileSync(adapter.downloadedPath!).equals(installer)).toBe(true);
    // a downloaded update is not checked again, and this adapter cannot install
    expect((await service.check()).phase).toBe('downloaded');
    expect(service.restart()).toEqual({ restarting: false });
  });

  it('restarts into the update only when one is downloaded and the host can install', async () => {
    const dir = join(tmp.dir, 'install');
    const installs: string[] = [];
    class InstallingFeed extends FeedAdapter {
      install = () => void installs.push(this.downloadedPath ?? '');
    }
    const service = new UpdateService(new InstallingFeed(dir, 'win32'), new MemoryStore(), '0.1.0');
    expect(service.restart()).toEqual({ restarting: false });
    service.saveSettings({ updateFeedUrl: `${base}/ok/` });
    await service.check();
    await service.whenSettled();
    expect(service.state()).toMatchObject({ phase: 'downloaded', canRestart: true });
    expect(service.restart()).toEqual({ restarting: true });
    expect(installs).toEqual([join(dir, 'SEO-Matrix-Console-Setup-0.2.0.exe')]);
  });

  it('reports not-available when the feed has the running version', async () => {
    const { service, states } = setup('same', 'same');
    expect(await service.check()).toEqual({ phase: 'not-available', current: '0.1.0', canRestart: false });
    expect(states.map((s) => s.phase)).toEqual(['checking', 'not-available']);
  });

  it.each([
    ['a sha512 that does not match', 'bad-hash', /sha512 mismatch/],
    ['a connection cut halfway', 'cut', /./],
  ])('ends in error on %s and leaves no installer behind', async (_label, feed, message) => {
    const { dir, service } = setup(feed, feed);
    await service.check();
    await service.whenSettled();
    const s = service.state();
    expect(s.phase).toBe('error');
    expect(s.message).toMatch(message);
    expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);
  });

  it('ends in error when the feed is missing, and stays idle without a feed', async () => {
    const { service } = setup('missing', 'missing');
    expect(await service.check()).toMatchObject({ phase: 'error', message: expect.stringContaining('404') });
    const none = setup('', 'none');
    expect(await none.service.check()).toEqual({ phase: 'idle', current: '0.1.0', canRestart: false, message: MSG_NO_FEED });
  });

  it('update:* and settings:* channels over the handlers', async () => {
    const { service } = setup('', 'chan');
    const ws = await createWorkspace({
      profile: localProfileDefaults(base),
      vault: new TokenVault(null, { logger: silentLogger }),
      db: LocalDb.open(join(tmp.dir, 'chan.db')),
      host: 'web',
      version: '0.1.0',
      logger: silentLogger,
      restore: false,
    });
    onTestFinished(() => ws.close());
    const handlers = createHandlers(ws, { updates: service });
    // a host without an updater answers with an idle state and keeps no settings
    const bare = createHandlers(ws);
    expect(await dispatch(bare, 'update:check', undefined)).toEqual({ ok: true, data: { phase: 'idle', current: '0.1.0', canRestart: false } });
    expect(await dispatch(bare, 'settings:save', { updateFeedUrl: '' })).toMatchObject({ ok: false, error: { code: 400 } });
    expect(await dispatch(handlers, 'settings:save', { updateFeedUrl: 'ftp://x' })).toMatchObject({ ok: false, error: { code: 400 } });
    expect(await dispatch(handlers, 'settings:save', { updateFeedUrl: `${base}/same/` })).toEqual({ ok: true, data: { updateFeedUrl: `${base}/same` } });
    expect(await dispatch(handlers, 'settings:get', undefined)).toEqual({ ok: true, data: { updateFeedUrl: `${base}/same` } });
    expect(await dispatch(handlers, 'update:check', undefined)).toMatchObject({ ok: true, data: { phase: 'not-available' } });
    expect(await dispatch(handlers, 'update:state', undefined)).toMatchObject({ ok: true, data: { phase: 'not-available' } });
    expect(await dispatch(handlers, 'update:restart', undefined)).toEqual({ ok: true, data: { restarting: false } });
  });
});

describe('feed pieces', () => {
  it('reads latest.yml as electron-builder writes it', () => {
    expect(parseFeedYaml(yml('1.2.3'))).toEqual({
      version: '1.2.3',
      files: [{ url: 'SEO-Matrix-Console-Setup-1.2.3.exe', sha512, size: installer.length }],
      path: 'SEO-Matrix-Console-Setup-1.2.3.exe',
      sha512,
      releaseDate: '2026-11-20T08:00:00.000Z',
    });
    expect(() => parseFeedYaml('files:\n')).toThrow(/no version/);
    expect(feedFileName('win32')).toBe('latest.yml');
    expect(feedFileName('darwin')).toBe('latest-mac.yml');
  });

  it('orders versions the semver way', () => {
    expect(compareVersions('0.2.0', '0.1.9')).toBe(1);
    expect(compareVersions('0.10.0', '0.9.0')).toBe(1);
    expect(compareVersions('1.0.0', '1.0.0')).toBe(0);
    expect(compareVersions('1.0.0-beta.2', '1.0.0')).toBe(-1);
    expect(compareVersions('1.0.0-beta.10', '1.0.0-beta.2')).toBe(1);
    expect(compareVersions('v2.0.0', '1.99.99')).toBe(1);
    expect(() => compareVersions('latest', '1.0.0')).toThrow();
  });

  it('validates the settings: an http(s) feed or none', () => {
    expect(validateSettings({ updateFeedUrl: ' https://updates.example.cn/console/ ' })).toEqual({ updateFeedUrl: 'https://updates.example.cn/console' });
    expect(validateSettings({ updateFeedUrl: '' })).toEqual({ updateFeedUrl: '' });
    expect(() => validateSettings({ updateFeedUrl: 'file:///etc' })).toThrow();
    expect(() => validateSettings({ updateFeedUrl: 42 })).toThrow();
  });
});
