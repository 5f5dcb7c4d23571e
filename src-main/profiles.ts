// The workspaces of every profile, created on demand (one per profile: its own
// session, tokens in the vault under its own account, its own local database),
// and the profiles manager behind the profiles:* channels. The Electron wiring
// (one window per profile) and the browser-mode host (one page per profile,
// chosen by URL) both serve calls through this registry.

import type { Profile, ProfileView } from '../src-shared/ipc';
import { createHandlers, type Handlers, type HostExtras, type ProfileManagerApi } from './ipc/handlers';
import { DeskError, type Logger, consoleLogger } from './services/errors';
import { createEventHub, type EventHub } from './services/events';
import type { LocalDb } from './services/LocalDb';
import { probeProfile } from './services/ProfileProbe';
import { LOCAL_CLIENT_SECRET, LOCAL_PROFILE_ID, type ProfileService, validateProfile } from './services/ProfileService';
import { maskSecret } from './services/SecretStorage';
import type { TokenVault } from './services/TokenVault';
import { createWorkspace, type Workspace, type WorkspaceDeps } from './workspace';

/** What the manager needs of the host for profiles:open and the open list. */
export interface ProfileWindows {
  /** Electron: opens or focuses the profile's window; browser mode: absent (the page opens a tab) */
  open?(profileId: string): Promise<void>;
  /** closes the profile's window (when its profile is removed) */
  close?(profileId: string): void;
  /** the profiles shown right now (Electron: windows); browser mode: the live workspaces */
  openIds?(): string[];
}

export interface RegistryDeps {
  profiles: ProfileService;
  vault: TokenVault;
  host: 'electron' | 'web';
  version: string;
  /** the profile's local database (error log, dictionary cache, tabs) */
  openDb(profileId: string): LocalDb;
  /** per-profile host capabilities (Electron: the window's dialogs) */
  extras?(profileId: string): HostExtras;
  windows?: ProfileWindows;
  logger?: Logger;
  /** test hooks passed to every workspace */
  api?: WorkspaceDeps['api'];
}

/** Fields whose change needs a new workspace (a new ApiClient) to take effect. */
const CONNECTION_FIELDS: (keyof Profile)[] = ['baseUrl', 'tenantId', 'clientId', 'proxyUrl', 'caCert', 'captchaMode', 'switchMode', 'language', 'name', 'colour'];

export class WorkspaceRegistry {
  private readonly live = new Map<string, Promise<{ ws: Workspace; handlers: Handlers }>>();
  private readonly hubs = new Map<string, EventHub>();
  /** the workspaces that have finished starting, for synchronous looks (window titles) */
  private readonly ready = new Map<string, Workspace>();
  private readonly logger: Logger;

  constructor(private readonly deps: RegistryDeps) {
    this.logger = deps.logger ?? consoleLogger;
  }

  get profiles(): ProfileService {
    return this.deps.profiles;
  }

  /** The event hub of a profile: outlives its workspace, so subscribers stay attached across a re-creation. */
  events(profileId: string): EventHub {
    let hub = this.hubs.get(profileId);
    if (!hub) {
      hub = createEventHub();
      this.hubs.set(profileId, hub);
    }
    return hub;
  }

  /** The profile ids with a live workspace. */
  liveIds(): string[] {
    return [...this.live.keys()];
  }

  /** A profile's workspace if it has started (no waiting, no creating). */
  peek(profileId: string): Workspace | undefined {
    return this.ready.get(profileId);
  }

  /** The workspace of a profile, created on first use; 404 for an unknown profile. */
  async workspace(profileId: string): Promise<Workspace> {
    return (await this.entry(profileId)).ws;
  }

  /** The handlers of a profile's workspace, or null for an unknown profile. */
  async handlers(profileId: string): Promise<Handlers | null> {
    if (!this.deps.profiles.get(profileId)) return null;
    return (await this.entry(profileId)).handlers;
  }

  private entry(profileId: string): Promise<{ ws: Workspace; handlers: Handlers }> {
    const known = this.live.get(profileId);
    if (known) return known;
    const profile = this.deps.profiles.get(profileId);
    if (!profile) return Promise.reject(new DeskError(404, `no profile ${profileId}`));
    const created = (async () => {
      const ws = await createWorkspace({
        profile,
        vault: this.deps.vault,
        db: this.deps.openDb(profile.id),
        host: this.deps.host,
        version: this.deps.version,
        events: this.events(profile.id),
        logger: this.logger,
        ...(this.deps.api ? { api: this.deps.api } : {}),
      });
      this.ready.set(profile.id, ws);
      const extras: HostExtras = { ...(this.deps.extras?.(profile.id) ?? {}), profiles: this.manager(profile.id) };
      return { ws, handlers: createHandlers(ws, extras) };
    })();
    this.live.set(profileId, created);
    created.catch(() => this.live.delete(profileId));
    return created;
  }

  /** Closes a profile's workspace (the next call creates a new one; the session is restored from the vault). */
  async close(profileId: string): Promise<void> {
    const entry = this.live.get(profileId);
    if (!entry) return;
    this.live.delete(profileId);
    this.ready.delete(profileId);
    try {
      (await entry).ws.close();
    } catch {
      // it never opened
    }
  }

  /** The Local workspace's back end started again (after 恢复): its profile takes the new URL and keys, its workspace is made anew. */
  async localServerRestarted(server: { url: string; aesKey?: string; publicKey?: string }): Promise<void> {
    this.deps.profiles.setLocalServer(server);
    await this.close(LOCAL_PROFILE_ID);
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.live.keys()].map((id) => this.close(id)));
  }

  /** The secret a profile signs its client in with: the vault's, else the Local workspace's default. */
  private async secretOf(profileId: string): Promise<string> {
    const stored = await this.deps.vault.getSecret(profileId);
    return stored || (profileId === LOCAL_PROFILE_ID ? LOCAL_CLIENT_SECRET : '');
  }

  private async view(profile: Profile): Promise<ProfileView> {
    const secret = await this.secretOf(profile.id);
    const { aesKey: _key, ...shown } = profile;
    return { ...shown, hasSecret: secret !== '', secretHint: maskSecret(secret) };
  }

  /** The profiles:* operations as seen from one profile's window / page. */
  manager(currentId: string): ProfileManagerApi {
    const { profiles, vault, windows } = { profiles: this.deps.profiles, vault: this.deps.vault, windows: this.deps.windows };
    return {
      list: async () => ({
        profiles: await Promise.all(profiles.list().map((p) => this.view(p))),
        current: currentId,
        open: windows?.openIds?.() ?? this.liveIds(),
        secretStorage: vault.kind,
      }),
      save: async (input) => {
        const { clientSecret, ...fields } = input;
        if (clientSecret !== undefined && typeof clientSecret !== 'string') throw new DeskError(400, 'clientSecret must be a string');
        const before = fields.id ? profiles.get(fields.id) : undefined;
        if (fields.id && !before) throw new DeskError(404, `no profile ${fields.id}`);
        if (!before && !clientSecret?.trim()) throw new DeskError(400, '请输入客户端密钥');
        const saved = profiles.save(fields);
        if (clientSecret !== undefined && clientSecret.trim()) {
          await vault.setSecret(saved.id, clientSecret.trim());
          const open = this.live.get(saved.id);
          if (open) (await open).ws.session.useSecret(clientSecret.trim());
        }
        // a change takes effect in a fresh workspace (the session comes back from the vault); the
        // window / page of that profile reloads to see it (the manager does so for its own profile)
        if (before && CONNECTION_FIELDS.some((k) => before[k] !== saved[k])) await this.close(saved.id);
        return this.view(saved);
      },
      remove: async (id) => {
        if (id === currentId) throw new DeskError(400, '不能删除当前正在使用的配置');
        profiles.remove(id);
        windows?.close?.(id);
        await this.close(id);
        await vault.clear(id);
      },
      duplicate: async (id) => {
        const copy = profiles.duplicate(id);
        const secret = await this.secretOf(id);
        if (secret) await vault.setSecret(copy.id, secret);
        return this.view(copy);
      },
      test: async (input) => {
        const saved = input.id ? profiles.get(input.id) : undefined;
        // the Local workspace's connection is not editable: test it as it is
        const merged = saved?.builtin ? saved : validateProfile({ ...input, id: input.id || 'probe' });
        const secret = input.clientSecret?.trim() || (saved ? await this.secretOf(saved.id) : '');
        return probeProfile(merged, secret);
      },
      open: async (id) => {
        if (!profiles.get(id)) throw new DeskError(404, `no profile ${id}`);
        if (!windows?.open) return { opened: false };
        await windows.open(id);
        return { opened: true };
      },
    };
  }
}

