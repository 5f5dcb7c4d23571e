// Profiles (workspaces) in a key-value store with the `conf` API: electron-store
// in Electron, `conf` pointed at the data folder in browser mode. The built-in
// Local workspace always exists; its base URL is the embedded back end's,
// known only at runtime. Client secrets are not profiles' business: they live
// in the TokenVault.

import type { Profile } from '../../src-shared/ipc';
import { DeskError } from './errors';

/** What ProfileService needs of electron-store / conf. */
export interface KeyValueStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}

export const LOCAL_PROFILE_ID = 'local';
export const LOCAL_CLIENT_SECRET = 'saber_secret';

const PROFILES_KEY = 'profiles';
const LOCAL_KEY = 'localProfile';

/** The fields of the Local workspace a user may change (name, colour, language, captcha/switch mode). */
const LOCAL_EDITABLE = ['name', 'colour', 'language', 'captchaMode', 'switchMode'] as const;
type LocalEditable = Pick<Profile, (typeof LOCAL_EDITABLE)[number]>;

export function localProfileDefaults(baseUrl: string): Profile {
  return {
    id: LOCAL_PROFILE_ID,
    name: 'Local workspace',
    baseUrl,
    tenantId: '000000',
    clientId: 'saber',
    colour: '#2EA300',
    language: 'zh',
    captchaMode: true,
    switchMode: false,
    builtin: true,
  };
}

export interface ProfileServiceOptions {
  /** the embedded back end's URL, ending in /api */
  localBaseUrl: string;
  /** the embedded back end's AES key (crypto Blade-Auth for notices) */
  localAesKey?: string;
  /** runtime-only overrides of the Local workspace (e.g. `--captcha off`), never persisted */
  localOverrides?: Partial<LocalEditable>;
}

/** Checks a profile from outside; returns it normalised or throws DeskError(400). */
export function validateProfile(input: unknown): Profile {
  const fail = (m: string): never => {
    throw new DeskError(400, m);
  };
  if (!input || typeof input !== 'object') fail('profile must be an object');
  const p = input as Record<string, unknown>;
  const str = (k: string) => (typeof p[k] === 'string' && (p[k] as string).trim() !== '' ? (p[k] as string).trim() : fail(`profile.${k} is required`));
  const id = str('id');
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) fail('profile.id may only contain letters, digits, - and _');
  const baseUrl = str('baseUrl');
  let parsed: URL | null = null;
  try {
    parsed = new URL(baseUrl);
  } catch {
    fail('profile.baseUrl must be an absolute http(s) URL');
  }
  if (parsed && parsed.protocol !== 'http:' && parsed.protocol !== 'https:') fail('profile.baseUrl must be an absolute http(s) URL');
  const language = p.language === 'en' ? 'en' : p.language === 'zh' || p.language === undefined ? 'zh' : fail('profile.language must be zh or en');
  return {
    id,
    name: str('name'),
    baseUrl: baseUrl.replace(/\/+$/, ''),
    tenantId: str('tenantId'),
    clientId: str('clientId'),
    colour: typeof p.colour === 'string' && p.colour ? p.colour : '#2EA300',
    language,
    captchaMode: p.captchaMode !== false,
    switchMode: p.switchMode === true,
    builtin: false,
    ...(typeof p.aesKey === 'string' && Buffer.byteLength(p.aesKey) === 32 ? { aesKey: p.aesKey } : {}),
  };
}

export class ProfileService {
  private readonly store: KeyValueStore;
  private readonly localBaseUrl: string;
  private readonly localAesKey: string | undefined;
  private readonly overrides: Partial<LocalEditable>;

  constructor(store: KeyValueStore, options: ProfileServiceOptions) {
    this.store = store;
    this.localBaseUrl = options.localBaseUrl;
    this.localAesKey = options.localAesKey;
    this.overrides = options.localOverrides ?? {};
  }

  /** The Local workspace first, then the saved profiles in the order they were added. */
  list(): Profile[] {
    return [this.local(), ...this.saved()];
  }

  get(id: string): Profile | undefined {
    return this.list().find((p) => p.id === id);
  }

  /** Adds or replaces a profile. For the Local workspace only the editable fields are kept. */
  save(input: Profile): Profile {
    if (input && input.id === LOCAL_PROFILE_ID) {
      const edits: Partial<LocalEditable> = {};
      const cur = this.storedLocal();
      for (const k of LOCAL_EDITABLE) {
        if (input[k] !== undefined) (edits as Record<string, unknown>)[k] = input[k];
      }
      this.store.set(LOCAL_KEY, { ...cur, ...edits });
      return this.local();
    }
    const profile = validateProfile(input);
    const all = this.saved();
    const known = all.some((p) => p.id === profile.id);
    this.store.set(PROFILES_KEY, known ? all.map((p) => (p.id === profile.id ? profile : p)) : [...all, profile]);
    return profile;
  }

  remove(id: string): void {
    if (id === LOCAL_PROFILE_ID) throw new DeskError(400, 'the Local workspace cannot be removed');
    const all = this.saved();
    if (!all.some((p) => p.id === id)) throw new DeskError(404, `no profile ${id}`);
    this.store.set(PROFILES_KEY, all.filter((p) => p.id !== id));
  }

  private local(): Profile {
    return { ...localProfileDefaults(this.localBaseUrl), ...this.storedLocal(), ...this.overrides, ...(this.localAesKey ? { aesKey: this.localAesKey } : {}) };
  }

  private storedLocal(): Partial<LocalEditable> {
    const v = this.store.get(LOCAL_KEY);
    if (!v || typeof v !== 'object') return {};
    const out: Partial<LocalEditable> = {};
    const o = v as Record<string, unknown>;
    if (typeof o.name === 'string' && o.name) out.name = o.name;
    if (typeof o.colour === 'string' && o.colour) out.colour = o.colour;
    if (o.language === 'zh' || o.language === 'en') out.language = o.language;
    if (typeof o.captchaMode === 'boolean') out.captchaMode = o.captchaMode;
    if (typeof o.switchMode === 'boolean') out.switchMode = o.switchMode;
    return out;
  }

  private saved(): Profile[] {
    const v = this.store.get(PROFILES_KEY);
    if (!Array.isArray(v)) return [];
    const out: Profile[] = [];
    for (const item of v) {
      try {
        const p = validateProfile(item);
        if (p.id !== LOCAL_PROFILE_ID) out.push(p);
      } catch {
        // a hand-edited, broken entry is skipped rather than breaking the list
      }
    }
    return out;
  }
}
