// A workspace: everything main does for one profile, composed from the
// services. The Electron wiring and the browser-mode host both build one of
// these and serve it through the same handlers (src-main/ipc/handlers.ts).

import type { Profile } from '../src-shared/ipc';
import { ApiClient, type ApiClientOptions } from './services/ApiClient';
import { AuthService } from './services/AuthService';
import { DictService } from './services/DictService';
import { ErrorLogService } from './services/ErrorLogService';
import { type Logger, consoleLogger } from './services/errors';
import { createEventHub, type EventHub } from './services/events';
import type { LocalDb } from './services/LocalDb';
import { networkConfig } from './services/ProfileNetwork';
import { LOCAL_CLIENT_SECRET } from './services/ProfileService';
import { Session } from './services/Session';
import type { TokenVault } from './services/TokenVault';

export interface WorkspaceDeps {
  profile: Profile;
  vault: TokenVault;
  db: LocalDb;
  host: 'electron' | 'web';
  version: string;
  /** the client secret when the vault has none yet (the Local workspace's is saber_secret) */
  clientSecret?: string;
  events?: EventHub;
  logger?: Logger;
  /** test hooks: token time, timer interval, clock */
  api?: Pick<ApiClientOptions, 'tokenTimeSeconds' | 'checkIntervalMs' | 'timeoutMs' | 'now'>;
  /** restore a saved session at start (default true) */
  restore?: boolean;
}

export interface Workspace {
  readonly profile: Profile;
  readonly host: 'electron' | 'web';
  readonly version: string;
  readonly vault: TokenVault;
  readonly db: LocalDb;
  readonly events: EventHub;
  readonly session: Session;
  readonly api: ApiClient;
  readonly auth: AuthService;
  readonly dict: DictService;
  readonly logs: ErrorLogService;
  /** stops the refresh timer and closes the database */
  close(): void;
}

export async function createWorkspace(deps: WorkspaceDeps): Promise<Workspace> {
  const { profile, vault, db } = deps;
  const events = deps.events ?? createEventHub();
  const logger = deps.logger ?? consoleLogger;
  const defaultSecret = deps.clientSecret ?? (profile.builtin ? LOCAL_CLIENT_SECRET : '');
  const session = new Session(profile.id, vault, defaultSecret);
  const api = new ApiClient({ profile, session, emit: events.emit, logger, network: networkConfig(profile), ...deps.api });
  const dict = new DictService(db, api);
  const auth = new AuthService({ profile, api, session, onSessionChange: () => dict.invalidate() });
  const logs = new ErrorLogService(db);

  if (deps.restore !== false) {
    const user = await auth.restore();
    if (user) logger.info(`workspace ${profile.id}: session restored`);
  }
  api.start();

  return {
    profile,
    host: deps.host,
    version: deps.version,
    vault,
    db,
    events,
    session,
    api,
    auth,
    dict,
    logs,
    close() {
      api.stop();
      db.close();
    },
  };
}
