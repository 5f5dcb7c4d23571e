// npm run web -- [--port P] [--data DIR] [--captcha off] [--switch-mode on] [--downloads DIR]
// Browser mode: the embedded back end, the main services of every profile
// (a workspace per profile, created when a page names it), and the built
// renderer on 127.0.0.1. Prints one line
// `ready http://127.0.0.1:P/?k=<secret>` when the console can be opened.

import Conf from 'conf';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../../src-server/app';
import { loadKeytar } from '../keytar';
import { LocalDb } from '../services/LocalDb';
import { LOCAL_PROFILE_ID, ProfileService } from '../services/ProfileService';
import { selectSecretBackend } from '../services/SecretStorage';
import { TokenVault, VAULT_SERVICE } from '../services/TokenVault';
import { WorkspaceRegistry } from '../profiles';
import { LocalServer } from '../services/LocalServer';
import { startHost } from './host';
import { downloadsFolder } from '../services/Exporter';
import { FeedAdapter, UpdateService } from '../services/UpdateService';

export interface WebArgs {
  port: number;
  dataDir: string;
  captcha: boolean;
  /** the header's switch department/role entry (the profile's switchMode; off by default) */
  switchMode: boolean;
  /** --downloads: where exports are saved (a browser page has no native save dialog); <data>/downloads by default */
  downloadsDir: string;
}

export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_DATA_HOME && env.XDG_DATA_HOME.trim() ? env.XDG_DATA_HOME : join(homedir(), '.local', 'share');
  return join(base, 'seo-matrix-console', 'web');
}

export function parseArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): WebArgs {
  const out: WebArgs = { port: 0, dataDir: defaultDataDir(env), captcha: true, switchMode: false, downloadsDir: '' };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const [flag, inline] = a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, undefined];
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined || v === '') throw new Error(`${flag} needs a value`);
      return v;
    };
    switch (flag) {
      case '--port': {
        const p = Number(value());
        if (!Number.isInteger(p) || p < 0 || p > 65535) throw new Error('--port must be a port number (0-65535)');
        out.port = p;
        break;
      }
      case '--data':
        out.dataDir = resolve(value());
        break;
      case '--captcha': {
        const v = value();
        if (v !== 'on' && v !== 'off') throw new Error('--captcha must be on or off');
        out.captcha = v === 'on';
        break;
      }
      case '--switch-mode': {
        const v = value();
        if (v !== 'on' && v !== 'off') throw new Error('--switch-mode must be on or off');
        out.switchMode = v === 'on';
        break;
      }
      case '--downloads':
        out.downloadsDir = resolve(value());
        break;
      default:
        throw new Error(`unknown argument ${a} (usage: npm run web -- [--port P] [--data DIR] [--captcha off] [--switch-mode on] [--downloads DIR])`);
    }
  }
  if (!out.downloadsDir) out.downloadsDir = join(out.dataDir, 'downloads');
  return out;
}

function appVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(fileURLToPath(new URL('../../package.json', import.meta.url)), 'utf8')) as { version?: string };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  mkdirSync(args.dataDir, { recursive: true });

  const server = await startServer({ dataDir: join(args.dataDir, 'server'), port: 0 });
  // 恢复 stops and starts it again (src-main/services/LocalRestore.ts)
  const localServer = new LocalServer(server, (dataDir, port) => startServer({ dataDir, port }));
  const profiles = new ProfileService(new Conf<Record<string, unknown>>({ cwd: args.dataDir, configName: 'profiles' }), {
    localBaseUrl: server.url,
    localAesKey: server.aesKey,
    localPublicKey: server.publicKey,
    localOverrides: { ...(args.captcha ? {} : { captchaMode: false }), ...(args.switchMode ? { switchMode: true } : {}) },
  });
  // one keychain account per data folder, so two browser-mode data folders never share a session
  const namespace = `web-${createHash('sha256').update(args.dataDir).digest('hex').slice(0, 12)}`;
  const keytar = loadKeytar();
  const secrets = await selectSecretBackend({ keytar, service: VAULT_SERVICE });
  // every profile has its own workspace, created when a page first names it (/?profile=<id>)
  // exports go to the downloads folder; the updater reads its feed but cannot install (src-main/services/UpdateService.ts)
  const webExtras = {
    chooseSavePath: downloadsFolder(args.downloadsDir),
    updates: new UpdateService(new FeedAdapter(join(args.dataDir, 'updates')), new Conf<Record<string, unknown>>({ cwd: args.dataDir, configName: 'settings' }), appVersion()),
  };
  const registry: WorkspaceRegistry = new WorkspaceRegistry({
    // 备份 copies the Local workspace's back end only
    // 恢复: the page picks the file (no native dialog here) and sends its bytes
    extras: (id) =>
      id === LOCAL_PROFILE_ID
        ? { ...webExtras, localServerDir: join(args.dataDir, 'server'), localServer, onLocalRestored: (s): Promise<void> => registry.localServerRestarted(s) }
        : webExtras,
    profiles,
    vault: new TokenVault(secrets.backend, { namespace, ...(secrets.kind === 'keychain' ? { kind: 'keychain' } : {}) }),
    host: 'web',
    version: appVersion(),
    openDb: (id) => {
      // the Local workspace keeps the data folder's original database
      if (id === LOCAL_PROFILE_ID) return LocalDb.open(join(args.dataDir, 'local.db'));
      mkdirSync(join(args.dataDir, 'profiles', id), { recursive: true });
      return LocalDb.open(join(args.dataDir, 'profiles', id, 'local.db'));
    },
  });
  await registry.workspace(LOCAL_PROFILE_ID);
  const host = await startHost({
    profiles: {
      handlers: (id) => registry.handlers(id),
      events: (id) => (profiles.get(id) ? registry.events(id) : null),
    },
    // DESK_RENDERER_DIR: a renderer built elsewhere (`electron-vite build --outDir`), e.g. for parallel test runs
    rendererDir: process.env.DESK_RENDERER_DIR ?? fileURLToPath(new URL('../../out/renderer', import.meta.url)),
    port: args.port,
  });

  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    try {
      await host.close();
      await registry.closeAll();
      await localServer.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());

  process.stdout.write(`ready ${host.url}\n`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((e: unknown) => {
    console.error(`web: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  });
}
